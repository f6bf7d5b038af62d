"""Draw as an OpenSpiel game: ``pegboard_draw`` (parameters ``players``, 2-4, default 2,
``block``, the Block game of D18-D20 when true, default false, ``partnerships``, two
sides of partners at four, D21-D24, when true, default false, and ``set``, 6 or 9, the
double-six or double-nine set of D25-D27, default 6), the
generic game (``pegboard.openspiel.generic``) with Draw's ``Look``: its ``DrawTable`` (the
chance nodes below), its observer and its search for ISMCTS.

One round (D2-D15) with explicit chance nodes, as in OpenSpiel's ``python_block_dominoes``:
first the lot for the leader (D3: each seat with probability 1/n), then the deal one tile at
a time (seat 0's hand first, then seat 1's, ...; each tile uniform among those not dealt),
and, each time a player draws (D6, D7), a chance node that picks the drawn tile uniformly
among the tiles of the stock. After the deal the round is a ``pegboard.draw.Round`` built
with ``Round.from_position``; every player action goes through ``Round.apply``.

Returns: the round's points per seat as settled (D13, D14: the winner scores, the others 0;
general-sum), or with ``zero_sum=True`` each seat's points minus the mean of the others'.
In partnerships both partners are paid their side's points (D22, D23), so partners share
their returns, zero-sum ones too.
Actions are numbered as in ``pegboard.draw.encoding``, in the numbers of the set played
(86 with the double-six set, 167 with the double-nine set); what a seat is told is
``pegboard.draw.looks.openspiel_observer``'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import pyspiel

from pegboard.dominoes.line import Line
from pegboard.dominoes.tiles import Tile
from pegboard.draw.actions import Action, DrawTile, Play
from pegboard.draw.determinize import determinize
from pegboard.draw.encoding import DrawNumbers, line_action, line_action_index, numbers_of
from pegboard.draw.looks.openspiel_observer import DrawObserver
from pegboard.draw.observation import DrawObservation
from pegboard.draw.round import Round, check_partnerships, hand_size
from pegboard.games import Encoding, Game
from pegboard.openspiel import Look, short_name
from pegboard.openspiel.common import inner_observation
from pegboard.openspiel.table import CHANCE, TERMINAL, Setup, Table

SHORT_NAME = "pegboard_draw"

__all__ = ["LOOK", "DrawTable", "resample", "split_history"]


def setup(params: Mapping[str, Any]) -> Setup:
    """``players`` (2-4, D1), ``zero_sum``, ``block`` (D18), ``partnerships`` (D21) and
    ``set`` (6 or 9, D25): the seats, bounds and rules of one round."""
    players = int(params.get("players", 2))
    numbers = numbers_of(params.get("set", 6))  # 6 or 9, else the error names D25
    hand_size(players, numbers.tile_set)  # 2-4, with the rule in the error
    zero_sum = bool(params.get("zero_sum", False))
    block = bool(params.get("block", False))
    partnerships = check_partnerships(bool(params.get("partnerships", False)), players)
    return Setup(
        players=players,
        chance_outcomes=numbers.size,
        min_utility=-float(numbers.pips) if zero_sum else 0.0,
        max_utility=float(numbers.pips),  # every pip of the set
        utility_sum=0.0 if zero_sum else None,
        max_length=1 + numbers.size + numbers.max_moves,
        settings={
            "zero_sum": zero_sum,
            "block": block,
            "partnerships": partnerships,
            "numbers": numbers,
        },
        num_actions=numbers.num_actions,
    )


class DrawTable(Table):
    """The lot, the deal, then a ``Round`` and a pending draw, if any."""

    def __init__(self, game: Game, encoding: Encoding, setup: Setup) -> None:
        super().__init__(game, encoding, setup)
        self.n = setup.players
        self.zero_sum = bool(setup.settings["zero_sum"])
        self.block = bool(setup.settings["block"])  # no draw, no draw's chance node (D18)
        self.partnerships = bool(setup.settings["partnerships"])  # settled by side (D21)
        self.numbers: DrawNumbers = setup.settings["numbers"]  # the set's (D25)
        self.leader: int | None = None
        self.initial: list[list[Tile]] = [[] for _ in range(self.n)]
        self.round: Round | None = None
        self.drawing = False  # a draw was chosen: the chance node picks the tile
        # Every player move: (seat, action number, tile drawn or None).
        self.moves: list[tuple[int, int, Tile | None]] = []

    def current(self) -> int:
        if self.round is None or self.drawing:
            return CHANCE
        if self.round.is_over:
            return TERMINAL
        return _seat_to_play(self.round)

    def legal(self, seat: int) -> list[int]:
        assert self.round is not None
        line = self.round.line
        numbers = self.numbers
        return sorted(line_action_index(a, line, numbers) for a in self.round.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.leader is None:
            return [(seat, 1.0 / self.n) for seat in range(self.n)]
        if self.round is None:
            dealt = {t for hand in self.initial for t in hand}
            rest = [t.index for t in self.numbers.tiles if t not in dealt]
        else:
            rest = sorted(t.index for t in self.round.stock)
        return [(i, 1.0 / len(rest)) for i in rest]

    def deal(self, outcome: int) -> None:
        if self.leader is None:
            self.leader = outcome
        elif self.round is None:
            self._deal(self.numbers.tiles[outcome])
        else:
            self._draw(self.numbers.tiles[outcome])

    def play(self, seat: int, number: int) -> None:
        assert self.round is not None
        move = line_action(number, self.round.line, self.numbers)
        if isinstance(move, DrawTile):
            self.drawing = True  # the tile is chance's to pick
            return
        self.round.apply(move)
        self.moves.append((seat, number, None))

    def _deal(self, tile: Tile) -> None:
        size = hand_size(self.n, self.numbers.tile_set)
        seat = next(s for s in range(self.n) if len(self.initial[s]) < size)
        self.initial[seat].append(tile)
        if all(len(hand) == size for hand in self.initial):
            dealt = {t for hand in self.initial for t in hand}
            assert self.leader is not None
            self.round = Round.from_position(
                self.initial,
                [t for t in self.numbers.tiles if t not in dealt],
                current=self.leader,
                block=self.block,
                partnerships=self.partnerships,
                tile_set=self.numbers.tile_set,
            )

    def _draw(self, tile: Tile) -> None:
        """Put ``tile`` on top of the stock and draw it."""
        round_ = self.round
        assert round_ is not None
        seat = _seat_to_play(round_)
        round_.draw_tile(tile)
        self.drawing = False
        self.moves.append((seat, self.numbers.draw_action, tile))

    def chance_string(self, outcome: int) -> str:
        if self.leader is None:
            return f"lead:{outcome}"
        return f"{'draw' if self.round is not None else 'deal'}:{self.numbers.tiles[outcome]}"

    def action_string(self, seat: int, number: int) -> str:
        if self.round is None:
            return str(number)
        return str(line_action(number, self.round.line, self.numbers))

    def observation(self, seat: int) -> DrawObservation | None:
        return None if self.round is None else self.round.observation(seat)

    def returns(self) -> list[float]:
        if self.current() != TERMINAL:
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

    def copy(self) -> DrawTable:
        """A copy that shares nothing mutable."""
        other = DrawTable.__new__(DrawTable)
        other.__dict__.update(self.__dict__)
        other.initial = [list(h) for h in self.initial]
        other.round = None if self.round is None else self.round.copy()
        other.moves = list(self.moves)
        return other

    def resample(self, seat: int, rng: random.Random) -> DrawTable:
        return resample(self, seat, rng)


def _seat_to_play(round_: Round) -> int:
    seat = round_.current_player
    assert seat is not None  # the round is not over
    return seat


def resample(table: DrawTable, seat: int, rng: random.Random) -> DrawTable:
    """A table ``seat`` cannot tell from ``table``: the other hands and the stock dealt
    again by ``Round.sample_hidden`` (hand sizes and what passes proved kept), and for every
    other seat an initial hand and tiles drawn that fit its moves (``split_history``)."""
    assert table.round is not None and not table.drawing
    other = table.copy()
    other.round = table.round.sample_hidden(seat, rng)
    other.initial, other.moves = split_history(
        table.n, table.initial, table.moves, other.round.hands, seat, rng, table.numbers
    )
    return other


def split_history(
    n: int,
    initial: list[list[Tile]],
    moves: list[tuple[int, int, Tile | None]],
    hands: tuple[tuple[Tile, ...], ...],
    keep: int | None,
    rng: random.Random,
    numbers: DrawNumbers | None = None,
) -> tuple[list[list[Tile]], list[tuple[int, int, Tile | None]]]:
    """Initial hands and drawn tiles that lead to ``hands`` through the public ``moves``.

    Walks the moves backwards: a play puts its tile back in the player's hand, a draw takes
    one tile of the hand back to the stock (chosen at random; a tile played before that draw
    is not in the hand then, so it cannot be chosen). Seat ``keep`` keeps its true draws and
    initial hand (``initial`` and ``moves`` are its own record then). The action numbers
    are the ``numbers`` of the set played (the double-six set's by default).
    """
    numbers = numbers or numbers_of(6)
    held: list[set[Tile]] = [set(h) for h in hands]
    redone: list[tuple[int, int, Tile | None]] = []
    for seat, action, drawn in reversed(moves):
        if action == numbers.draw_action:
            if seat == keep:
                assert drawn is not None
                tile = drawn
            else:
                tile = rng.choice(sorted(held[seat]))
            held[seat].discard(tile)
            redone.append((seat, action, tile))
        else:
            if action < numbers.draw_action:
                base = numbers.play_base
                tile_index = action if action < base else (action - base) // 2
                held[seat].add(numbers.tiles[tile_index])
            redone.append((seat, action, None))
    redone.reverse()
    new_initial = [sorted(held[s]) for s in range(n)]
    if keep is not None:
        new_initial[keep] = list(initial[keep])
    return new_initial, redone


# -- search from an observation (ISMCTS, pegboard.openspiel.bots) -------------------------


@cache
def search_game(
    players: int, block: bool = False, partnerships: bool = False, tile_set: int = 6
) -> Any:
    """The game ISMCTS searches: one round, zero-sum (a seat's points minus the mean of the
    others'), the margin the arena measures; of the Block game with ``block``, in
    partnerships with ``partnerships`` (a side's points on both partners' seats), of the
    set ``tile_set`` (D25)."""
    parameters: dict[str, Any] = {"players": players, "zero_sum": True, "block": block}
    if partnerships:
        parameters["partnerships"] = True
    if tile_set != 6:
        parameters["set"] = tile_set
    return pyspiel.load_game(SHORT_NAME, parameters)


def round_observation(observation: Any) -> DrawObservation:
    """The round in play: a match observation wraps it (the bot plays the round in hand)."""
    return inner_observation(observation, "round", DrawObservation, "Draw")


def search_state(observation: Any, rng: random.Random) -> Any:
    """An OpenSpiel state consistent with ``observation``, the unseen tiles dealt at random.

    Which of a seat's tiles it was dealt and which it drew is not in the observation (a
    draw does not show its tile): ``split_history`` picks a split that fits every move.
    """
    view = round_observation(observation)
    numbers = numbers_of(view.tile_set)  # the game searched is of the round's set (D25)
    n = view.num_players
    round_ = determinize(view, rng)
    line = Line()
    moves: list[tuple[int, int, Any]] = []
    for move in view.history:
        moves.append((move.seat, line_action_index(move.action, line, numbers), None))
        if isinstance(move.action, Play):
            line.play(move.action.tile, move.action.end)
    initial, moves = split_history(
        n, [[] for _ in range(n)], moves, round_.hands, None, rng, numbers
    )
    state = search_game(n, view.block, view.partnerships, numbers.tile_set).new_initial_state()
    table: DrawTable = state.table
    table.leader = view.leader
    table.initial = initial
    table.round = round_
    table.moves = moves
    return state


def search_action(observation: Any, number: int) -> Action:
    """The Draw action of the number OpenSpiel chose, on the observation's line."""
    view = round_observation(observation)
    numbers, line = numbers_of(view.tile_set), view.line
    action = line_action(number, line, numbers)
    assert line_action_index(action, line, numbers) == number
    return action


def _parameters(options: Mapping[str, Any]) -> dict[str, Any]:
    """A Draw match's options as this game's parameters: one round of that table (a
    match's target is no parameter of it), of the Block game with ``block``, of the set
    ``set`` (given only when 9, so that a double-six game's string is as before)."""
    if options.get("target") is not None:
        raise ValueError("pegboard_draw plays one round: the target of a match is no option of it")
    players = options.get("players")
    parameters: dict[str, Any] = {} if players is None else {"players": int(players)}
    if options.get("block"):
        parameters["block"] = True
    if options.get("partnerships"):
        parameters["partnerships"] = True
    if options.get("set") not in (None, 6):
        parameters["set"] = int(options["set"])
    return parameters


LOOK = Look(
    short_name=SHORT_NAME,
    long_name="pegboard Draw (dominoes, one round)",
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    specification={
        "players": 2,
        "zero_sum": False,
        "block": False,
        "partnerships": False,
        "set": 6,
    },
    parameters=_parameters,
    setup=setup,
    table=DrawTable,
    observer=lambda setup, kind: DrawObserver(setup.players, kind, setup.settings["numbers"]),
    search_state=search_state,
    search_action=search_action,
)
"""What the registry finds of Draw in OpenSpiel (``Game.looks.openspiel``)."""

short_name("draw")  # registered, when this module is imported before pegboard.openspiel
