"""A round of Draw (D2-D15): the deal, the turns, and the settlement; or of the Block game
(``block=True``, D18-D20), Draw with no drawing: the stock sleeps, a player who cannot play
passes; either of them in partnerships (``partnerships=True``, four players, D21-D23): the
same play, settled by side.

The round is the omniscient position: it knows every hand and the order of the stock.
Seats, bots and clients see it only through ``observation(seat)``.

``Round`` is a thin public layer over a *core* that holds the compact state and runs the hot
path: ``legal_actions``, ``apply`` and ``is_over`` are the core's own methods, with no Python
wrapper in between, because bots and the arena call them millions of times. The core is the
C extension ``_fastround`` when it was compiled, else the pure-Python ``PureCore`` (the
reference; ``PEGBOARD_PURE_PYTHON=1`` forces it). Both behave identically; ``PureRound`` is
``Round`` on the pure core, so the two can be compared side by side.

A position given by hand is read and checked by ``pegboard.draw.start``; records are
written and replayed by ``pegboard.draw.records``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Self, cast

from pegboard.core import (
    N_,
    IllegalActionError,
    replay_actions,
)
from pegboard.dominoes.cores import fresh_seed, pure_python_asked, shuffled_in_c, shuffled_tiles
from pegboard.dominoes.line import Line
from pegboard.dominoes.tiles import (
    DOUBLE_NINE,
    MASK_WITH,
    MASK_WITH_IN,
    MASK_WITH_NINE,
    SET_SIZES,
    SIX,
    Tile,
    tiles_of,
)
from pegboard.draw import _purecore
from pegboard.draw._purecore import (
    ACTION_CODE,
    ACTION_END,
    ACTION_TILE,
    ACTIONS,
    END_VALUE,
    ENDS,
    OPENING,
    PIPS,
    PLAYS_ON,
    PLAYS_ON_NINE,
    RESERVE,
    SLEEPING,
    PureCore,
    check_set,
    deal_order,
    hand_size_of,
    line_of,
)
from pegboard.draw.actions import DRAW, Action, Play, parse_action, with_its_end
from pegboard.draw.observation import DrawObservation, Move
from pegboard.draw.records import replayed_round, round_record
from pegboard.draw.sampler import sample_deal
from pegboard.draw.scoring import RoundResult, settled
from pegboard.draw.start import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    check_partnerships,
    check_players,
    read_position,
)

__all__ = [
    "CORE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "RESERVE",
    "SLEEPING",
    "DrawObservation",
    "Move",
    "PureRound",
    "Round",
    "check_partnerships",
    "check_players",
    "hand_size",
]


def hand_size(players: int, tile_set: int = SIX) -> int:
    """Tiles dealt to each player: 7 to 2 or 3 players, 6 to 4 (D2); with the double-nine set
    (``tile_set=9``) 7 to 2, 3 or 4 (D26)."""
    check_players(players)
    return hand_size_of(players, check_set(tile_set))


def _load_core() -> tuple[type[PureCore], str]:
    """The C core when it is compiled and not refused, else the pure-Python one."""
    if pure_python_asked():
        return PureCore, "python"
    try:
        from pegboard.draw import _fastround
    except ImportError:
        return PureCore, "python"
    _fastround.setup(
        actions=ACTIONS,
        action_tile=ACTION_TILE,
        action_end=ACTION_END,
        action_free=_purecore.ACTION_FREE,
        plays_on=PLAYS_ON_NINE,
        plays_six=tuple(len(PLAYS_ON[end]) if end < len(PLAYS_ON) else 0 for end in range(110)),
        end_mask=tuple(
            MASK_WITH[value] if value <= SIX else 0 for value in END_VALUE
        ),  # an end of the double-six set shows 0-6; the others are never open in its rounds
        end_mask_nine=tuple(MASK_WITH_NINE[value] for value in END_VALUE),
        opening=OPENING,
        pips=PIPS,
        draw_code=_purecore.DRAW_CODE,
        pass_code=_purecore.PASS_CODE,
        action_code=ACTION_CODE,
        play_type=Play,
        draw_type=type(ACTIONS[_purecore.DRAW_CODE]),
        pass_type=type(ACTIONS[_purecore.PASS_CODE]),
        reject=_purecore.reject,
    )
    return cast("type[PureCore]", _fastround.Core), "c"


if TYPE_CHECKING:
    _Core = PureCore
    CORE: str
else:
    _Core, CORE = _load_core()
"""``CORE`` says which core ``Round`` runs on: ``"c"`` or ``"python"``."""


# Every possible move, by seat and action code: the history hands out these values.
_MOVES: Final[tuple[tuple[Move, ...], ...]] = tuple(
    tuple(Move(seat, action) for action in ACTIONS) for seat in range(MAX_PLAYERS)
)


class Round(_Core):
    """One round of Draw, from the deal to the settlement.

    Build it with ``Round.deal`` (a shuffled deal from a seed) or ``Round.from_position``
    (any position, for tests and analysis), then alternate ``legal_actions()`` and
    ``apply(action)`` until ``is_over``; ``result`` holds the settlement.

    The hot path, ``legal_actions``, ``apply`` and ``is_over``, is the core's own (named
    below, no wrapper in between); ``current_player``, ``num_players``, ``leader`` and
    ``stock_size`` come from the core too (see ``_purecore.PureCore``). ``Round.CORE`` says
    which core that is: ``"c"`` (``_fastround.Core``) or ``"python"`` (``PureCore``).
    """

    __slots__ = ("_historycache", "_linecache", "_origin", "_result")

    # -- the hot path: the core's own methods, bound here so that readers and type
    # checkers see the dispatch (type checkers read PureCore's; the C core's at run time).

    CORE: ClassVar[str] = CORE
    """The core this class runs on: ``"c"`` (``_fastround.Core``) or ``"python"`` (``PureCore``)."""
    legal_actions = _Core.legal_actions
    """The seat to play's legal actions (D4-D9): ``CORE``'s own method, not a wrapper."""
    apply = _Core.apply
    """Take ``action`` for the seat to play (D4-D11): ``CORE``'s own method, not a wrapper."""
    is_over = _Core.is_over
    """Whether the round is over (D11): ``CORE``'s own property, not a wrapper."""

    _origin: dict[str, Any]  # how the round started, for its record
    _result: RoundResult | None  # the settlement, once asked for
    _linecache: Line | None  # the line so far, rebuilt lazily from the core's placements
    _historycache: tuple[Move, ...]  # the history so far, extended as it is asked for

    def __init__(self) -> None:
        raise TypeError("use Round.deal(...) or Round.from_position(...)")

    # -- construction ------------------------------------------------------------------

    @classmethod
    def deal(
        cls,
        players: int,
        seed: int | None = None,
        leader: int = 0,
        *,
        block: bool = False,
        partnerships: bool = False,
        tile_set: int = SIX,
    ) -> Self:
        """Shuffle the 28 tiles and deal (D2): 7 each to 2 or 3 players, 6 each to 4.

        ``seed`` makes the deal reproducible (a fresh one is drawn and recorded when it is
        None); ``leader`` is the seat that opens (D3, D16). The shuffle is always
        ``random.Random(seed).shuffle`` of the 28 tiles in ``DOUBLE_SIX`` order, the hands
        dealt first in seat order, the rest the stock in drawing order. ``block`` deals a
        round of the Block game: the same deal, its stock sleeping (D18). ``partnerships``
        (4 players) seats two sides of partners, seats 0 and 2 against 1 and 3: the same
        deal and play, settled by side (D21-D23). ``tile_set=9`` plays the double-nine set
        (D25): ``random.Random(seed).shuffle`` of its 55 tiles in ``DOUBLE_NINE`` order, 7
        each (D26).
        """
        hand_size(players, tile_set)
        if not isinstance(leader, int) or not 0 <= leader < players:
            raise ValueError(f"the leader is a seat from 0 to {players - 1}, not {leader!r}")
        if not isinstance(block, bool):
            raise ValueError(f"block is True (the Block game, D18) or False, not {block!r}")
        check_partnerships(partnerships, players)
        if seed is None:
            seed = fresh_seed()
        reserve = SLEEPING if block else RESERVE
        if shuffled_in_c(seed):
            self = cls._deal(players, seed, leader, reserve, partnerships, tile_set)
        else:  # any other seed random.Random takes
            order = shuffled_tiles(seed, SET_SIZES[tile_set])
            hands, stock = deal_order(players, order, tile_set)
            self = cls._make(hands, stock, leader, (), reserve, partnerships, tile_set)
        deal: dict[str, Any] = {"players": players, "seed": seed, "leader": leader}
        if block:  # recorded only then, so that Draw's records stay as they were
            deal["block"] = True
        if partnerships:  # the same (D21)
            deal["partnerships"] = True
        if tile_set != SIX:  # the same (D25)
            deal["set"] = tile_set
        self._origin = {"deal": deal}
        self._result = None
        self._linecache = None
        self._historycache = ()
        return self

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Tile]],
        stock: Iterable[Tile] = (),
        current: int = 0,
        line: Line | None = None,
        *,
        leader: int | None = None,
        passes: int = 0,
        absent: Sequence[Iterable[int]] | None = None,
        block: bool = False,
        partnerships: bool = False,
        tile_set: int | None = None,
    ) -> Self:
        """Any position: the hands, the stock (index 0 is drawn first), the seat to play.

        The tiles need not account for all 28, but none may appear twice. A position in the
        middle of a round may also give its ``leader`` (default: ``current``), the
        consecutive ``passes`` just made (so that a blocked round ends when every player has
        passed, D11) and, per seat, the numbers it is known not to hold (``absent``, D8).
        ``block`` makes it a position of the Block game: ``stock`` is then the sleeping
        tiles, never drawn (D18). ``partnerships`` (4 hands) seats two sides of partners
        (D21). ``tile_set`` is the set played, 6 or 9 (D25); by default the smallest that
        holds every tile given.
        """
        if not isinstance(block, bool):
            raise ValueError(f"block is True (the Block game, D18) or False, not {block!r}")
        given = read_position(hands, stock, current, line, leader, passes, absent, tile_set)
        check_partnerships(partnerships, len(given.hands))
        hand_lists, stock_list, line = given.hands, given.stock, given.line
        tile_set = given.tile_set
        masks, absent_masks, leader = given.masks, given.absent, given.leader
        plays = line.plays()
        self = cls._make(
            masks,
            [t.index for t in stock_list],
            current,
            [ACTION_CODE[Play(tile, end)] for tile, end in plays],
            SLEEPING if block else RESERVE,
            partnerships,
            tile_set,
        )
        position: dict[str, Any] = {
            "hands": [[str(t) for t in hand] for hand in hand_lists],
            "stock": [str(t) for t in stock_list],
            "current": current,
            "line": [[str(tile), None if end is None else end.notation] for tile, end in plays],
        }
        if block:
            position["block"] = True
        if partnerships:
            position["partnerships"] = True
        if tile_set != SIX:
            position["set"] = tile_set
        if leader != current or passes or any(absent_masks):
            # The core takes these only through its full state (leader, passes, absent).
            state = self._getstate()
            self = cls._fromstate((*state[:4], leader, passes, tuple(absent_masks), *state[7:]))
            # Recorded only when given, so that older position records stay as they were.
            if leader != current:
                position["leader"] = leader
            if passes:
                position["passes"] = passes
            if any(absent_masks):
                with_value = MASK_WITH_IN[tile_set]
                position["absent"] = [
                    [v for v in range(tile_set + 1) if mask & with_value[v] == with_value[v]]
                    for mask in absent_masks
                ]
        self._origin = {"position": position}
        self._result = None
        self._linecache = line
        self._historycache = ()
        return self

    def copy(self) -> Self:
        """An independent copy of this position."""
        other = self._clone()
        other._origin = self._origin
        other._result = self._result
        other._linecache = None
        other._historycache = self._historycache
        return other

    def __copy__(self) -> Self:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return self.copy()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_unpickle, (type(self), self._getstate(), self._origin))

    # -- state ---------------------------------------------------------------------------

    @property
    def hands(self) -> tuple[tuple[Tile, ...], ...]:
        """Every hand (omniscient: never show this to a seat; use ``observation``)."""
        return tuple(tiles_of(mask) for mask in self._hand_masks())

    def hand(self, seat: int) -> tuple[Tile, ...]:
        return tiles_of(self._hand_masks()[seat])

    @property
    def stock(self) -> tuple[Tile, ...]:
        """The stock in drawing order (omniscient)."""
        return tuple(DOUBLE_NINE[t] for t in self._stock_tiles())

    @property
    def line(self) -> Line:
        """A copy of the line of play."""
        return self._line().copy()

    @property
    def block(self) -> bool:
        """Whether this is a round of the Block game (D18-D20): nobody draws, the stock
        sleeps (public: the table's rules)."""
        return self.reserve >= SLEEPING

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that play together: ((0, 2), (1, 3)) in partnerships (D21), else each
        seat alone (public)."""
        if self.partnerships:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.num_players))

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds (public)."""
        return tuple(mask.bit_count() for mask in self._hand_masks())

    def _line(self) -> Line:
        """The line of play, brought up to date (do not change it: it is a cache)."""
        placed = self._placements()
        line = self._linecache
        if line is None:
            line = self._linecache = line_of(placed)
        for code in placed[len(line) :]:
            end = ACTION_END[code]
            line.play(DOUBLE_NINE[ACTION_TILE[code]], None if end < 0 else ENDS[end])
        return line

    @property
    def history(self) -> tuple[Move, ...]:
        """Every action so far, in order (public: a draw does not show the tile).

        A round's history only grows, so the moves already made into ``Move`` objects are kept
        and only the new ones are added (every seat's observation asks for it)."""
        codes = self._history_codes()
        made = self._historycache
        if len(made) != len(codes):
            known = len(made) if len(made) < len(codes) else 0
            made = self._historycache = made[:known] + tuple(
                _MOVES[seat][code] for seat, code in codes[known:]
            )
        return made

    @property
    def result(self) -> RoundResult | None:
        """The settlement once the round is over (D11-D14), else None."""
        result = self._result
        if result is None and self.is_over:
            result = self._result = settled(
                self._hand_masks(),
                self._domino_seat(),
                self.reserve >= SLEEPING,
                self.partnerships,
                self._points(),
            )
        return result

    def returns(self) -> tuple[int, ...]:
        """Points per seat: the settlement when over, zeros before."""
        result = self.result
        return result.points if result is not None else (0,) * self.num_players

    # -- rules ---------------------------------------------------------------------------

    def can_play(self, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to play) holds a tile that fits the line."""
        hand = self._hand_masks()[self._current_seat() if seat is None else seat]
        ends = self._open_ends()
        if not ends:
            return hand != 0
        with_value = MASK_WITH_IN[self.tile_set]
        return bool(hand & (with_value[END_VALUE[ends[0]]] | with_value[END_VALUE[ends[1]]]))

    def parse_action(self, text: str) -> Action:
        """Read an action's notation (``3-4@4-4B``, ``1-4``, ``draw``, ``pass``).

        When the tile fits just one open end, the end may be left out: ``3-4``.
        """
        action = parse_action(text)
        if isinstance(action, Play) and action.tile.index >= SET_SIZES[self.tile_set]:
            # A tile past [6|6] at a double-six table: no tile of the round (D1, D25).
            raise IllegalActionError(
                N_("{tile} is not a tile of the double-six set"), "D1", tile=action.tile
            )
        return with_its_end(
            action,
            self._line(),
            N_("{tile} fits no open end of the line ({values})"),
            self._line().open_values(),
        )

    # -- hidden information --------------------------------------------------------------

    def known_absent(self, seat: int) -> frozenset[int]:
        """The numbers ``seat`` is known not to hold, from its passes (public, D8, D19)."""
        mask = self._absent_masks()[seat]
        with_value = MASK_WITH_IN[self.tile_set]
        return frozenset(
            v for v in range(self.tile_set + 1) if mask & with_value[v] == with_value[v]
        )

    def observation(self, seat: int) -> DrawObservation:
        """What ``seat`` may know: its hand, the line, hand sizes, stock size, history.

        In the Block game the stock size is the count of the sleeping tiles, which the deal
        makes public (D2, D18); which tiles they are, no seat is told (D18)."""
        n = self.num_players
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise ValueError(f"no seat {seat!r} at a table of {n}")
        hands = self._hand_masks()
        current = self.current_player
        return DrawObservation(
            seat=seat,
            num_players=n,
            current_player=current,
            leader=self.leader,
            hand=tiles_of(hands[seat]),
            line=self.line,
            hand_sizes=tuple(mask.bit_count() for mask in hands),
            stock_size=self.stock_size,
            history=self.history,
            known_absent=tuple(self.known_absent(s) for s in range(n)),
            legal=self.legal_actions() if seat == current else (),
            result=self.result,
            block=self.reserve >= SLEEPING,
            partnerships=self.partnerships,
            tile_set=self.tile_set,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> Self:
        """A position ``seat`` cannot tell from this one, for search by bots.

        The tiles ``seat`` cannot see (other hands and the stock) are dealt again by
        ``pegboard.draw.sampler.sample_deal``: uniformly among the deals that keep every
        hand size, the stock size and what passes proved (a passer holds neither open
        number, D8, D19), the stock's order included (in the Block game, which tiles sleep).
        """
        n = self.num_players
        if not 0 <= seat < n:
            raise ValueError(f"no seat {seat!r} at a table of {n}")
        other = self.copy()
        masks = list(self._hand_masks())
        stock = self._stock_tiles()
        pool = 0
        for s in range(n):
            if s != seat:
                pool |= masks[s]
        for t in stock:
            pool |= 1 << t
        sizes = {s: masks[s].bit_count() for s in range(n) if s != seat}
        hands, new_stock = sample_deal(pool, sizes, len(stock), self._absent_masks(), rng)
        for s, mask in hands.items():
            masks[s] = mask
        other._set_hidden(masks, new_stock)
        other._origin = {"sampled": True}
        return other

    def draw_tile(self, tile: Tile) -> None:
        """The seat to play draws ``tile`` from the stock (D6), wherever it lies in it.

        For callers whose chance picks the tile drawn, as OpenSpiel's chance nodes do: the
        stock is reordered with ``tile`` on top, then ``apply(DRAW)``. Raises like
        ``apply(DRAW)`` when drawing is not legal, and ``ValueError`` when ``tile`` is not in
        the stock; either way nothing changes.
        """
        if DRAW not in self.legal_actions():
            self.apply(DRAW)  # raises, with the rule
        stock = self._stock_tiles()
        if not isinstance(tile, Tile) or tile.index not in stock:
            raise ValueError(f"{tile} is not in the stock (D6)")
        order = [tile.index, *(t for t in stock if t != tile.index)]
        self._set_hidden(self._hand_masks(), order)
        self.apply(DRAW)

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record: how the round started, and every action since
        (``pegboard.draw.records``)."""
        return round_record(self)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Self:
        """Replay a round record; raise ``RecordError`` if it does not replay."""
        return replayed_round(cls, record)

    def replay(self, actions: Iterable[str]) -> None:
        """Apply actions given in notation, in order; raise ``RecordError`` at a bad one."""
        replay_actions(self, actions, parse_action, what="round")

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self._current_seat()} to play"
        return f"<Round {self.num_players} players, {state}, line {self._line()}>"


def _unpickle(cls: type[Round], state: tuple[Any, ...], origin: dict[str, Any]) -> Round:
    self = cls._fromstate(state)
    self._origin = origin
    self._result = None
    self._linecache = None
    self._historycache = ()
    return self


CORE_METHODS: Final = ("legal_actions", "apply", "is_over")
"""The hot path ``Round`` takes from its core as they are (see ``Round.CORE``)."""


def _on_core(cls: type[Round], core: type[PureCore], name: str, core_name: str) -> type[Round]:
    """``cls`` again, on another core: its methods use only ``self``/``cls``, so they carry
    over; the hot path (``CORE_METHODS``) and ``CORE`` are the other core's."""
    skip = {*cls.__slots__, "__dict__", "__weakref__"}
    namespace = {key: value for key, value in vars(cls).items() if key not in skip}
    namespace.update({method: vars(core)[method] for method in CORE_METHODS})
    namespace["CORE"] = core_name
    namespace["__qualname__"] = name
    return cast("type[Round]", type(name, (core,), namespace))


PureRound: Final[type[Round]] = (
    Round if _Core is PureCore else _on_core(Round, PureCore, "PureRound", "python")
)
"""``Round`` on the pure-Python core (``Round`` itself when that is its core)."""
