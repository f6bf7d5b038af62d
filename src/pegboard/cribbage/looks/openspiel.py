"""Cribbage as an OpenSpiel game: ``pegboard_cribbage`` (parameter ``hands``: 0 or 1).

Explicit chance nodes: the cut for the first deal (C2: each seat deals first with
probability 1/2), then for every hand the deal one card at a time (the pone first, then
alternately; each card uniform among the cards not dealt) and, once both seats have laid
away, the starter (C3: uniform among the 40 cards not dealt). Each hand is a
``pegboard.cribbage.Game`` built with ``Game.from_position``; every player action goes
through ``Game.apply``.

``hands=0`` (default) plays to 121 (C7) and returns the game points of ``Game.returns``
(+1 to the winner, +2 or +3 with a skunk, the opposite to the loser). ``hands=1`` plays one
hand and returns each seat's points of that hand minus the other's (what the arena counts
for a cribbage deal). Both are zero-sum. Actions are numbered as in
``pegboard.cribbage.encoding``; what a seat is told is
``pegboard.cribbage.looks.openspiel_observer``'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

import pyspiel

from pegboard.cribbage.actions import Action, Discard
from pegboard.cribbage.actions import Play as CardPlay
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.determinize import determinize
from pegboard.cribbage.encoding import CRIBBAGE_NUM_ACTIONS, cribbage_action, cribbage_action_index
from pegboard.cribbage.game import Game
from pegboard.cribbage.looks.openspiel_observer import (
    MAX_PEG_MOVES,
    CribbageObserver,
    own_six,
)
from pegboard.cribbage.observation import CribbageObservation
from pegboard.openspiel import Look
from pegboard.openspiel.common import fresh_rng, game_type, inner_observation, state_copy

_HAND_LENGTH: Final = 12 + 2 + 1 + MAX_PEG_MOVES
_MAX_HANDS: Final = 241  # every hand pegs at least the last card: 1 + 2 * 120 points at most

_GAME_TYPE = game_type(
    "pegboard_cribbage",
    "pegboard Cribbage (two players, six-card)",
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    min_players=2,
    max_players=2,
    parameters={"hands": 0},
)


class CribbageGame(pyspiel.Game):  # type: ignore[misc]
    """The game object: ``pyspiel.load_game("pegboard_cribbage")``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        hands = int(params.get("hands", 0))
        if hands not in (0, 1):
            raise ValueError(f"hands is 0 (a game to 121) or 1 (one hand), not {hands!r}")
        self.one_hand = hands == 1
        bound = 121.0 if self.one_hand else 3.0
        info = pyspiel.GameInfo(
            num_distinct_actions=CRIBBAGE_NUM_ACTIONS,
            max_chance_outcomes=52,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=1 + (1 if self.one_hand else _MAX_HANDS) * _HAND_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> CribbageState:
        return CribbageState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CribbageObserver:
        return CribbageObserver(iig_obs_type)


class CribbageState(pyspiel.State):  # type: ignore[misc]
    """A state: the cut for deal, a hand being dealt, or a hand being played."""

    def __init__(self, game: CribbageGame) -> None:
        super().__init__(game)
        self.one_hand = game.one_hand
        self.dealer: int | None = None
        self.hand_no = 1
        self.start_scores: tuple[int, int] = (0, 0)
        self.dealt: list[list[Card]] = [[], []]
        self.game: Game | None = None
        self.pending: Discard | None = None  # the dealer's discard, waiting for the cut
        self.finished = False
        self.past: list[str] = []  # every finished hand, all public after its show

    # -- OpenSpiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.finished:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        current = self.game.current_player
        assert current is not None
        return current

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        return sorted(cribbage_action_index(a) for a in self.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            return [(0, 0.5), (1, 0.5)]
        if self.game is None:
            used = {c for hand in self.dealt for c in hand}
        else:
            used = {c for seat in (0, 1) for c in own_six(self.game, seat)}
        rest = [c.index for c in DECK if c not in used]
        return [(i, 1.0 / len(rest)) for i in rest]

    def _apply_action(self, action: int) -> None:
        if self.dealer is None:
            self.dealer = action
            return
        if self.game is None:
            self._deal(DECK[action])
            return
        if self.pending is not None:
            self._cut(DECK[action])
            return
        move = cribbage_action(action)
        game = self.game
        if isinstance(move, Discard) and game.current_player == game.dealer:
            if move not in game.legal_actions():
                raise pyspiel.SpielError(f"illegal discard {move}")
            self.pending = move  # the starter is chance's to turn first
            return
        game.apply(move)
        self._after_move()

    def _deal(self, card: Card) -> None:
        assert self.dealer is not None
        pone = 1 - self.dealer
        total = len(self.dealt[0]) + len(self.dealt[1])
        self.dealt[pone if total % 2 == 0 else self.dealer].append(card)
        if total + 1 == 12:
            self.game = Game.from_position(
                self.dealt, dealer=self.dealer, scores=self.start_scores, hand_number=self.hand_no
            )

    def _cut(self, starter: Card) -> None:
        """Rebuild the hand with ``starter`` on top of the stock, then lay both discards."""
        game, pending = self.game, self.pending
        assert game is not None and pending is not None and self.dealer is not None
        pone_discard = Discard(*game.crib)
        rebuilt = Game.from_position(
            [own_six(game, 0), own_six(game, 1)],
            dealer=self.dealer,
            scores=self.start_scores,
            starter=starter,
            hand_number=self.hand_no,
        )
        rebuilt.apply(pone_discard)
        rebuilt.apply(pending)  # the cut: his heels may win the game
        self.game, self.pending = rebuilt, None
        self._after_move()

    def _after_move(self) -> None:
        game = self.game
        assert game is not None
        if game.is_over:
            self.finished = True
        elif game.hand_number != self.hand_no:
            self.past.append(hand_record(game, self.hand_no))
            if self.one_hand:
                self.finished = True
                return
            self.dealer = game.dealer
            self.hand_no = game.hand_number
            self.start_scores = game.scores
            self.dealt = [[], []]
            self.game = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer is None:
                return f"dealer:{action}"
            return f"{'deal' if self.game is None else 'starter'}:{DECK[action]}"
        return str(cribbage_action(action))

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        if not self.finished:
            return [0.0, 0.0]
        assert self.game is not None
        if not self.one_hand:
            first, second = self.game.returns()
            return [float(first), float(second)]
        made = [self.game.scores[s] - self.start_scores[s] for s in (0, 1)]
        return [float(made[0] - made[1]), float(made[1] - made[0])]

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing: {[' '.join(map(str, h)) for h in self.dealt]}"
        return repr(self.game)

    def __deepcopy__(self, memo: dict[int, Any]) -> CribbageState:
        return self.clone_state()

    def clone_state(self) -> CribbageState:
        """A copy that shares nothing mutable (``clone()`` goes through ``__deepcopy__``)."""
        other = state_copy(self)
        other.dealt = [list(h) for h in self.dealt]
        other.game = None if self.game is None else self.game.copy()
        other.past = list(self.past)
        return other

    # -- hidden information ------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> CribbageState:
        """A state ``player_id`` cannot tell from this one (OpenSpiel's resampler hook;
        the sampler argument is unused). ``resample`` takes a seeded generator."""
        return resample(self, player_id, fresh_rng())

    def resample(self, seat: int, rng: random.Random) -> CribbageState:
        """``resample`` with a seeded generator (``pegboard.openspiel.resampler``)."""
        return resample(self, seat, rng)


def resample(state: CribbageState, seat: int, rng: random.Random) -> CribbageState:
    """The cards ``seat`` has not seen dealt again by ``Game.sample_hidden`` (every public
    fact kept: the other seat's played cards, and what its go's proved, C5)."""
    assert state.game is not None and state.pending is None
    other = state.clone_state()
    other.game = state.game.sample_hidden(seat, rng)
    return other


def hand_record(game: Game, hand_no: int) -> str:
    """A finished hand as everyone knows it after the show: the pegging, the shown hands
    and crib, the scores. (Who laid which crib card away is not written: the history keeps
    the true discards even in a resampled game, see ``own_discard``.)"""
    moves = " ".join(
        f"{m.seat}:{m.action}"
        for m in game.history
        if m.hand == hand_no and not isinstance(m.action, Discard)
    )
    shown = ""
    for show in game.shows:
        if show.hand == hand_no:
            hands = "/".join(" ".join(map(str, h or ())) for h in show.hands)
            shown = f" show:{show.starter} {hands} crib:{' '.join(map(str, show.crib or ()))}"
    return f"[hand{hand_no} {moves}{shown} scores:{game.scores[0]}-{game.scores[1]}]"


# -- search from an observation (ISMCTS, pegboard.openspiel.bots) -------------------------


@cache
def search_game() -> CribbageGame:
    """The game ISMCTS searches: one hand (the hand's points minus the other seat's), the
    margin the arena measures."""
    game: CribbageGame = pyspiel.load_game(_GAME_TYPE.short_name, {"hands": 1})
    return game


def game_observation(observation: Any) -> CribbageObservation:
    """The game in play: a match observation wraps it (the bot plays the game in hand)."""
    return inner_observation(observation, "game", CribbageObservation, "cribbage")


def search_state(observation: Any, rng: random.Random) -> CribbageState:
    """An OpenSpiel state (one hand) consistent with ``observation``."""
    view = game_observation(observation)
    game = determinize(view, rng)
    state = CribbageState(search_game())
    state.dealer = view.dealer
    state.hand_no = view.hand_number
    start = list(view.scores)
    for event in view.log:
        if event.hand == view.hand_number:
            start[event.seat] -= event.points
    state.start_scores = (start[0], start[1])
    state.game = game
    return state


def search_action(observation: Any, number: int) -> Action:
    """The cribbage action of the number OpenSpiel chose."""
    action = cribbage_action(number)
    assert cribbage_action_index(action) == number
    return action


def _parameters(options: Mapping[str, Any]) -> dict[str, Any]:
    """A cribbage match's options as this game's parameters: a game to 121 (a match's
    ``best_of`` is no parameter of it)."""
    if "best_of" in options:
        raise ValueError("pegboard_cribbage plays one game to 121: best_of is no option of it")
    return {}


LOOK = Look(
    short_name=_GAME_TYPE.short_name,
    parameters=_parameters,
    search_state=search_state,
    search_action=search_action,
)
"""What the registry finds of cribbage in OpenSpiel (``Game.looks.openspiel``)."""

__all__ = ["LOOK", "CardPlay", "CribbageGame", "CribbageState", "resample"]

pyspiel.register_game(_GAME_TYPE, CribbageGame)
