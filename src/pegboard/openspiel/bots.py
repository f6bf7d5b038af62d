"""OpenSpiel's ISMCTS as a pegboard bot, so that the arena can seat it.

``ISMCTSBot(game, budget)`` sees only a seat's observation, like every pegboard bot. At
each decision it builds an OpenSpiel state from it: ``determinize`` deals the unseen tiles
or cards (a position consistent with the observation), and that position is wrapped in a
``DrawState`` or ``CribbageState`` with the public history. OpenSpiel's ``ISMCTSBot`` then
runs ``budget`` simulations, each one a fresh determinization of the root (our seeded
resampler), a descent of the information-set tree and one uniformly random rollout to the
end of the round (Draw) or the hand (cribbage); the action it picks is mapped back.

The OpenSpiel games used: Draw with ``zero_sum=True`` (a seat's points minus the mean of
the others'), cribbage with ``hands=1`` (the hand's points minus the other seat's): the
margins the arena measures.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Final

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from pegboard.core import Action, Observation
from pegboard.cribbage import CribbageObservation
from pegboard.cribbage import determinize as determinize_cribbage
from pegboard.draw import DrawObservation, Line, Play
from pegboard.draw import determinize as determinize_draw
from pegboard.openspiel import resampler
from pegboard.openspiel.cribbage_game import CribbageState
from pegboard.openspiel.draw_game import DrawState, split_history
from pegboard.openspiel.encoding import (
    cribbage_action,
    cribbage_action_id,
    draw_action,
    draw_action_id,
)

DEFAULT_SIMULATIONS: Final = 100
UCT_C: Final = 2.0


@cache
def _game(name: str, players: int) -> Any:
    if name == "draw":
        return pyspiel.load_game("pegboard_draw", {"players": players, "zero_sum": True})
    return pyspiel.load_game("pegboard_cribbage", {"hands": 1})


def draw_state(observation: DrawObservation, rng: random.Random) -> DrawState:
    """An OpenSpiel state consistent with ``observation``, the unseen tiles dealt at random.

    Which of a seat's tiles it was dealt and which it drew is not in the observation (a
    draw does not show its tile): ``split_history`` picks a split that fits every move.
    """
    n = observation.num_players
    round_ = determinize_draw(observation, rng)
    line = Line()
    moves: list[tuple[int, int, Any]] = []
    for move in observation.history:
        moves.append((move.seat, draw_action_id(move.action, line), None))
        if isinstance(move.action, Play):
            line.play(move.action.tile, move.action.end)
    initial, moves = split_history(n, [[] for _ in range(n)], moves, round_.hands, None, rng)
    state = DrawState(_game("draw", n))
    state.leader = observation.leader
    state.initial = initial
    state.round = round_
    state.moves = moves
    return state


def cribbage_state(observation: CribbageObservation, rng: random.Random) -> CribbageState:
    """An OpenSpiel state (one hand) consistent with ``observation``."""
    game = determinize_cribbage(observation, rng)
    state = CribbageState(_game("cribbage", 2))
    state.dealer = observation.dealer
    state.hand_no = observation.hand_number
    start = list(observation.scores)
    for event in observation.log:
        if event.hand == observation.hand_number:
            start[event.seat] -= event.points
    state.start_scores = (start[0], start[1])
    state.game = game
    return state


class ISMCTSBot:
    """OpenSpiel's ``ISMCTSBot`` behind the pegboard ``Bot`` protocol.

    ``budget`` is the number of ISMCTS simulations per decision (one random rollout each);
    a decision with a single legal action is taken without search. Every random choice
    comes from the ``rng`` given to ``choose``, so a seeded bot is deterministic.
    """

    name = "ismcts"

    def __init__(self, game: str, budget: int = DEFAULT_SIMULATIONS) -> None:
        if game not in ("draw", "cribbage"):
            raise ValueError(f"ISMCTS plays draw or cribbage, not {game!r}")
        if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
            raise ValueError(f"the budget is a number of simulations of at least 1, not {budget!r}")
        self.game = game
        self.budget = budget

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions()
        if not legal:
            raise ValueError(f"seat {observation.seat} has no legal action: it is not its turn")
        if len(legal) == 1:
            return legal[0]
        # In a match the bot plays the round or game in hand (a match observation wraps it).
        inner = getattr(observation, "round", None) or getattr(observation, "game", None)
        if isinstance(inner, DrawObservation | CribbageObservation):
            observation = inner
        state: DrawState | CribbageState
        if isinstance(observation, DrawObservation):
            state = draw_state(observation, rng)
        elif isinstance(observation, CribbageObservation):
            state = cribbage_state(observation, rng)
        else:
            raise TypeError(f"ISMCTS needs a Draw or cribbage observation, not {observation!r}")
        random_state = np.random.RandomState(rng.getrandbits(32))
        evaluator = mcts.RandomRolloutEvaluator(1, random_state)
        bot = ismcts.ISMCTSBot(
            state.get_game(), evaluator, UCT_C, self.budget, random_state=random_state
        )
        bot.set_resampler(resampler(random.Random(rng.getrandbits(63))))
        number = int(bot.step(state))
        action: Action
        if isinstance(observation, DrawObservation):
            draw_move = draw_action(number, observation.line)
            assert draw_action_id(draw_move, observation.line) == number
            action = draw_move
        else:
            cribbage_move = cribbage_action(number)
            assert cribbage_action_id(cribbage_move) == number
            action = cribbage_move
        if action not in legal:
            raise RuntimeError(f"ISMCTS chose {action}, which is not legal here")
        return action

    def __repr__(self) -> str:
        return f"ISMCTSBot({self.game!r}, budget={self.budget})"
