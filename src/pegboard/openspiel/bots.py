"""OpenSpiel's ISMCTS as a pegboard bot, so that the arena can seat it.

``ISMCTSBot(game, budget)`` sees only a seat's observation, like every pegboard bot. It
plays any registered game whose OpenSpiel look offers a search (``Game.looks.openspiel``, a
``pegboard.openspiel.Look`` with ``search_state`` and ``search_action``; Draw's and
cribbage's do). At each decision the game's ``search_state`` builds an OpenSpiel state from
the observation: a position consistent with it, its unseen tiles or cards dealt at random,
with the public history. OpenSpiel's ``ISMCTSBot`` then runs ``budget`` simulations, each
one a fresh determinization of the root (our seeded resampler), a descent of the
information-set tree and one uniformly random rollout to the end of what the search game
plays (Draw's one round, zero-sum; cribbage's one hand of the table's game, at every
table: the margins the arena measures);
the game's ``search_action`` maps the number it picks back to an action.
"""

from __future__ import annotations

import random
from typing import Final

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from pegboard import games
from pegboard.core import Action, Observation
from pegboard.openspiel import Look, look, resampler

DEFAULT_SIMULATIONS: Final = 100
UCT_C: Final = 2.0

__all__ = ["DEFAULT_SIMULATIONS", "ISMCTSBot", "searchable_games"]


def _search(game: games.Game) -> Look | None:
    found = look(game)
    if found is None or found.search_state is None or found.search_action is None:
        return None
    return found


def searchable_games() -> tuple[str, ...]:
    """The registered games ISMCTS can play (their OpenSpiel module offers a search)."""
    return tuple(name for name in games.names() if _search(games.get(name)) is not None)


class ISMCTSBot:
    """OpenSpiel's ``ISMCTSBot`` behind the pegboard ``Bot`` protocol.

    ``budget`` is the number of ISMCTS simulations per decision (one random rollout each);
    a decision with a single legal action is taken without search. Every random choice
    comes from the ``rng`` given to ``choose``, so a seeded bot is deterministic.
    """

    name = "ismcts"

    def __init__(self, game: str, budget: int = DEFAULT_SIMULATIONS) -> None:
        found = _search(games.get(game))  # UnknownGameError names the games
        if found is None:
            raise ValueError(
                f"ISMCTS plays {' or '.join(searchable_games()) or 'no game'}, not {game!r}"
            )
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
            raise ValueError(f"the budget is a number of simulations of at least 1, not {budget!r}")
        self.game = game
        self.budget = budget
        self._look = found

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions()
        if not legal:
            raise ValueError(f"seat {observation.seat} has no legal action: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        search_state, search_action = self._look.search_state, self._look.search_action
        assert search_state is not None and search_action is not None  # checked by __init__
        state = search_state(observation, rng)
        random_state = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(1, random_state)
        bot = ismcts.ISMCTSBot(
            state.get_game(), evaluator, UCT_C, self.budget, random_state=random_state
        )
        bot.set_resampler(resampler(random.Random(rng.getrandbits(63))))
        action: Action = search_action(observation, int(bot.step(state)))
        if action not in legal:
            raise RuntimeError(f"ISMCTS chose {action}, which is not legal here")
        return action

    def __repr__(self) -> str:
        return f"ISMCTSBot({self.game!r}, budget={self.budget})"
