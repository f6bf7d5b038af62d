"""Draw as an OpenSpiel game: ``pegboard_draw`` (parameter ``players``, 2-4; default 2).

One round (D2-D15) with explicit chance nodes, as in OpenSpiel's ``python_block_dominoes``:
first the lot for the leader (D3: each seat with probability 1/n), then the deal one tile at
a time (seat 0's hand first, then seat 1's, ...; each tile uniform among those not dealt),
and, each time a player draws (D6, D7), a chance node that picks the drawn tile uniformly
among the tiles of the stock. After the deal the round is a ``pegboard.draw.Round`` built
with ``Round.from_position``; every player action goes through ``Round.apply``.

Returns: the round's points per seat as settled (D13, D14: the winner scores, the others 0;
general-sum), or with ``zero_sum=True`` each seat's points minus the mean of the others'.
Actions are numbered as in ``pegboard.draw.encoding``; what a seat is told is
``pegboard.draw.looks.openspiel_observer``'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import pyspiel

from pegboard.dominoes.line import Line
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.draw.actions import Action, DrawTile, Play
from pegboard.draw.determinize import determinize
from pegboard.draw.encoding import (
    DRAW_DRAW_ACTION,
    DRAW_NUM_ACTIONS,
    line_action,
    line_action_index,
)
from pegboard.draw.looks.openspiel_observer import (
    MAX_MOVES,
    DrawObserver,
)
from pegboard.draw.observation import DrawObservation
from pegboard.draw.round import Round, hand_size
from pegboard.openspiel import Look
from pegboard.openspiel.common import fresh_rng, game_type, inner_observation, state_copy

_GAME_TYPE = game_type(
    "pegboard_draw",
    "pegboard Draw (dominoes, one round)",
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    min_players=2,
    max_players=4,
    parameters={"players": 2, "zero_sum": False},
)


class DrawGame(pyspiel.Game):  # type: ignore[misc]
    """The game object: ``pyspiel.load_game("pegboard_draw", {"players": 3})``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = int(params.get("players", 2))
        hand_size(players)  # 2-4, with the rule in the error
        self.players = players
        self.zero_sum = bool(params.get("zero_sum", False))
        info = pyspiel.GameInfo(
            num_distinct_actions=DRAW_NUM_ACTIONS,
            max_chance_outcomes=28,
            num_players=players,
            min_utility=-168.0 if self.zero_sum else 0.0,
            max_utility=168.0,  # every pip of the set
            utility_sum=0.0 if self.zero_sum else None,
            max_game_length=1 + 28 + MAX_MOVES,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> DrawState:
        return DrawState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> DrawObserver:
        return DrawObserver(self.players, iig_obs_type)


class DrawState(pyspiel.State):  # type: ignore[misc]
    """A state: the lot, the deal, then a ``Round`` and a pending draw, if any."""

    def __init__(self, game: DrawGame) -> None:
        super().__init__(game)
        self.n = game.players
        self.zero_sum = game.zero_sum
        self.leader: int | None = None
        self.initial: list[list[Tile]] = [[] for _ in range(self.n)]
        self.round: Round | None = None
        self.drawing = False  # a draw was chosen: the chance node picks the tile
        # Every player move: (seat, action number, tile drawn or None).
        self.moves: list[tuple[int, int, Tile | None]] = []

    # -- OpenSpiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.round is None or self.drawing:
            return int(pyspiel.PlayerId.CHANCE)
        if self.round.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return _seat_to_play(self.round)

    def _legal_actions(self, player: int) -> list[int]:
        assert self.round is not None
        line = self.round.line
        return sorted(line_action_index(a, line) for a in self.round.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.leader is None:
            return [(seat, 1.0 / self.n) for seat in range(self.n)]
        if self.round is None:
            dealt = {t for hand in self.initial for t in hand}
            rest = [t.index for t in DOUBLE_SIX if t not in dealt]
        else:
            rest = sorted(t.index for t in self.round.stock)
        return [(i, 1.0 / len(rest)) for i in rest]

    def _apply_action(self, action: int) -> None:
        if self.leader is None:
            self.leader = action
            return
        if self.round is None:
            self._deal(DOUBLE_SIX[action])
            return
        if self.drawing:
            self._draw(DOUBLE_SIX[action])
            return
        seat = _seat_to_play(self.round)
        move = line_action(action, self.round.line)
        if isinstance(move, DrawTile):
            self.drawing = True  # the tile is chance's to pick
            return
        self.round.apply(move)
        self.moves.append((seat, action, None))

    def _deal(self, tile: Tile) -> None:
        size = hand_size(self.n)
        seat = next(s for s in range(self.n) if len(self.initial[s]) < size)
        self.initial[seat].append(tile)
        if all(len(hand) == size for hand in self.initial):
            dealt = {t for hand in self.initial for t in hand}
            assert self.leader is not None
            self.round = Round.from_position(
                self.initial, [t for t in DOUBLE_SIX if t not in dealt], current=self.leader
            )

    def _draw(self, tile: Tile) -> None:
        """Put ``tile`` on top of the stock and draw it."""
        round_ = self.round
        assert round_ is not None
        seat = _seat_to_play(round_)
        round_.draw_tile(tile)
        self.drawing = False
        self.moves.append((seat, DRAW_DRAW_ACTION, tile))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.leader is None:
                return f"lead:{action}"
            return f"{'draw' if self.round is not None else 'deal'}:{DOUBLE_SIX[action]}"
        line = self.round.line if self.round is not None else None
        if line is None:
            return str(action)
        return str(line_action(action, line))

    def is_terminal(self) -> bool:
        return self.round is not None and not self.drawing and bool(self.round.is_over)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.n
        assert self.round is not None
        points = [float(p) for p in self.round.returns()]
        if not self.zero_sum:
            return points
        total = sum(points)
        return [p - (total - p) / (self.n - 1) for p in points]

    def __str__(self) -> str:
        if self.round is None:
            return f"dealing: {[' '.join(map(str, h)) for h in self.initial]}"
        hands = " | ".join(" ".join(str(t) for t in h) for h in self.round.hands)
        stock = " ".join(str(t) for t in sorted(self.round.stock))
        return f"line {self.round.line}; hands {hands}; stock {stock}"

    def __deepcopy__(self, memo: dict[int, Any]) -> DrawState:
        return self.clone_state()

    def clone_state(self) -> DrawState:
        """A copy that shares nothing mutable (``clone()`` goes through ``__deepcopy__``)."""
        other = state_copy(self)
        other.initial = [list(h) for h in self.initial]
        other.round = None if self.round is None else self.round.copy()
        other.moves = list(self.moves)
        return other

    # -- hidden information ------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> DrawState:
        """A state ``player_id`` cannot tell from this one (the ISMCTS resampler).

        ``probability_sampler`` is accepted for the OpenSpiel signature but unused: the
        unseen tiles are dealt by ``Round.sample_hidden`` from a generator seeded from it
        when it is callable, else from fresh entropy. Use ``resampler(rng)`` for a seeded one.
        """
        return resample(self, player_id, fresh_rng())

    def resample(self, seat: int, rng: random.Random) -> DrawState:
        """``resample`` with a seeded generator (``pegboard.openspiel.resampler``)."""
        return resample(self, seat, rng)


def _seat_to_play(round_: Round) -> int:
    seat = round_.current_player
    assert seat is not None  # the round is not over
    return seat


def resample(state: DrawState, seat: int, rng: random.Random) -> DrawState:
    """A state ``seat`` cannot tell from ``state``: the other hands and the stock dealt
    again by ``Round.sample_hidden`` (hand sizes and what passes proved kept), and for every
    other seat an initial hand and tiles drawn that fit its moves (``split_history``)."""
    assert state.round is not None and not state.drawing
    other = state.clone_state()
    other.round = state.round.sample_hidden(seat, rng)
    other.initial, other.moves = split_history(
        state.n, state.initial, state.moves, other.round.hands, seat, rng
    )
    return other


def split_history(
    n: int,
    initial: list[list[Tile]],
    moves: list[tuple[int, int, Tile | None]],
    hands: tuple[tuple[Tile, ...], ...],
    keep: int | None,
    rng: random.Random,
) -> tuple[list[list[Tile]], list[tuple[int, int, Tile | None]]]:
    """Initial hands and drawn tiles that lead to ``hands`` through the public ``moves``.

    Walks the moves backwards: a play puts its tile back in the player's hand, a draw takes
    one tile of the hand back to the stock (chosen at random; a tile played before that draw
    is not in the hand then, so it cannot be chosen). Seat ``keep`` keeps its true draws and
    initial hand (``initial`` and ``moves`` are its own record then).
    """
    held: list[set[Tile]] = [set(h) for h in hands]
    redone: list[tuple[int, int, Tile | None]] = []
    for seat, action, drawn in reversed(moves):
        if action == DRAW_DRAW_ACTION:
            if seat == keep:
                assert drawn is not None
                tile = drawn
            else:
                tile = rng.choice(sorted(held[seat]))
            held[seat].discard(tile)
            redone.append((seat, action, tile))
        else:
            if action < DRAW_DRAW_ACTION:
                tile_index = action if action < 28 else (action - 28) // 2
                held[seat].add(DOUBLE_SIX[tile_index])
            redone.append((seat, action, None))
    redone.reverse()
    new_initial = [sorted(held[s]) for s in range(n)]
    if keep is not None:
        new_initial[keep] = list(initial[keep])
    return new_initial, redone


# -- search from an observation (ISMCTS, pegboard.openspiel.bots) -------------------------


@cache
def search_game(players: int) -> DrawGame:
    """The game ISMCTS searches: one round, zero-sum (a seat's points minus the mean of the
    others'), the margin the arena measures."""
    game: DrawGame = pyspiel.load_game(
        _GAME_TYPE.short_name, {"players": players, "zero_sum": True}
    )
    return game


def round_observation(observation: Any) -> DrawObservation:
    """The round in play: a match observation wraps it (the bot plays the round in hand)."""
    return inner_observation(observation, "round", DrawObservation, "Draw")


def search_state(observation: Any, rng: random.Random) -> DrawState:
    """An OpenSpiel state consistent with ``observation``, the unseen tiles dealt at random.

    Which of a seat's tiles it was dealt and which it drew is not in the observation (a
    draw does not show its tile): ``split_history`` picks a split that fits every move.
    """
    view = round_observation(observation)
    n = view.num_players
    round_ = determinize(view, rng)
    line = Line()
    moves: list[tuple[int, int, Any]] = []
    for move in view.history:
        moves.append((move.seat, line_action_index(move.action, line), None))
        if isinstance(move.action, Play):
            line.play(move.action.tile, move.action.end)
    initial, moves = split_history(n, [[] for _ in range(n)], moves, round_.hands, None, rng)
    state = DrawState(search_game(n))
    state.leader = view.leader
    state.initial = initial
    state.round = round_
    state.moves = moves
    return state


def search_action(observation: Any, number: int) -> Action:
    """The Draw action of the number OpenSpiel chose, on the observation's line."""
    line = round_observation(observation).line
    action = line_action(number, line)
    assert line_action_index(action, line) == number
    return action


def _parameters(options: Mapping[str, Any]) -> dict[str, Any]:
    """A Draw match's options as this game's parameters: one round of that table (a
    match's target is no parameter of it)."""
    if options.get("target") is not None:
        raise ValueError("pegboard_draw plays one round: the target of a match is no option of it")
    players = options.get("players")
    return {} if players is None else {"players": int(players)}


LOOK = Look(
    short_name=_GAME_TYPE.short_name,
    parameters=_parameters,
    search_state=search_state,
    search_action=search_action,
)
"""What the registry finds of Draw in OpenSpiel (``Game.looks.openspiel``)."""


pyspiel.register_game(_GAME_TYPE, DrawGame)
