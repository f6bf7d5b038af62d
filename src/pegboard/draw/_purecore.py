"""The low-level state of a Draw round, in pure Python: the reference core.

``Round`` (in ``round.py``) is a subclass of a *core*: either the C extension
``pegboard.draw._fastround.Core`` or ``PureCore`` below. Both hold the same compact state and
implement the hot path (``legal_actions``, ``apply``, ``is_over``) with the same tables, so
they behave identically; ``tests/draw/test_cores.py`` plays thousands of rounds through both
and compares every step. This module is the readable one: read it to know what the C does.

The compact state, in small integers:

- a *tile* is its index 0-27 (``Tile.index``), 0-54 with the double-nine set (D25); a hand
  is a bit-set of tiles;
- an *end code* ``2 * tile + side`` names one side of a placed tile: side 0 is ``high`` (or
  ``A`` on a double), side 1 is ``low`` (or ``B``). Sorting end codes sorts ends as B4 does;
- an *action code* indexes ``ACTIONS``: the 28 openings, then every play of a tile on an end
  that it fits, then ``DRAW`` and ``PASS``: the double-six set's actions, numbered as they
  always were; then the double-nine set's others (D25): the openings of its 27 tiles with a 7,
  8 or 9, then every play that has one of those tiles on either side.

A core plays one set, its ``tile_set`` (6 or 9): its openings and its plays on an end are the
set's (``PLAYS_ON`` or ``PLAYS_ON_NINE``), and a pass proves the passer holds none of the
set's tiles of the open numbers (``MASK_WITH_IN``), so that a double-six round's every
number, mask and code is what it was before the double-nine set came.

Illegal actions are explained in one place, ``reject``, which both cores call: it replays the
checks of the rules in order and raises the ``IllegalActionError`` that names the broken rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, NoReturn, Self

from pegboard.core import N_, IllegalActionError
from pegboard.dominoes.cores import shuffled_tiles
from pegboard.dominoes.line import End, Line
from pegboard.dominoes.tiles import (
    DOUBLE_NINE,
    DOUBLE_SIX,
    MASK_WITH_IN,
    NINE,
    SET_SIZES,
    SIX,
    TILES_WITH,
    TILES_WITH_NINE,
)
from pegboard.draw.actions import DRAW, PASS, Action, DrawTile, Pass, Play
from pegboard.draw.scoring import settle
from pegboard.draw.start import PARTNER_PLAYERS

if TYPE_CHECKING:
    from collections.abc import Sequence

RESERVE: Final = 2
"""The last two tiles of the stock are never drawn (D6, D8)."""
SLEEPING: Final = 55
"""The reserve of the Block game: every tile of the stock sleeps, nobody draws (D18). A
core's ``reserve`` is the tiles of its stock never drawn, ``RESERVE`` in Draw; as many as
the largest set holds (the double-nine's 55, D25), no stock is ever drawn from, and D6-D8
become D18-D20 with no other change: a player who cannot play passes, and a full turn of
passes blocks the round. A state saved when the largest set was the double-six one says 28:
``_fromstate`` reads any reserve of 28 or more as this one."""
SLEEPING_BEFORE: Final = 28
"""``SLEEPING`` in states saved before the double-nine set (D25)."""
PIPS: Final[tuple[int, ...]] = tuple(t.pips for t in DOUBLE_NINE)
"""Each tile's count, by tile index (D12): [9|9] counts 18."""


# -- tables shared by both cores ------------------------------------------------------------


def _ends_of(tile_index: int) -> tuple[End, End]:
    tile = DOUBLE_NINE[tile_index]
    if tile.is_double:
        return End(tile, "A"), End(tile, "B")
    return End(tile, "high"), End(tile, "low")


ENDS: Final[tuple[End, ...]] = tuple(end for t in range(55) for end in _ends_of(t))
"""Every End, by end code: the double-six set's 56 first (D25)."""
END_VALUE: Final[tuple[int, ...]] = tuple(end.value for end in ENDS)


def _free_end(tile_index: int, value: int) -> int:
    """The end code left open when ``tile_index`` joins an end showing ``value`` (D9, B1)."""
    tile = DOUBLE_NINE[tile_index]
    if tile.is_double or tile.high == value:
        return 2 * tile_index + 1  # a double's side B, or the low side
    return 2 * tile_index  # the high side


def _build_actions() -> tuple[
    list[Action], list[int], list[int], list[int], list[list[int]], list[list[int]]
]:
    """The double-six set's actions as they always were, then the double-nine set's others.

    Returns the actions, each one's tile, end and freed end, and per end code the plays on
    it of the double-six set (ends 0-55) and of the double-nine set (ends 0-109, the
    double-six plays first, each list in tile order)."""
    actions: list[Action] = [Play(t) for t in DOUBLE_SIX]
    tiles = list(range(28))
    on = [-1] * 28
    free = [-1] * 28

    def add(tile_index: int, end_code: int, value: int) -> int:
        actions.append(Play(DOUBLE_NINE[tile_index], ENDS[end_code]))
        tiles.append(tile_index)
        on.append(end_code)
        free.append(_free_end(tile_index, value))
        return len(actions) - 1

    plays_on: list[list[int]] = []
    for code, end in enumerate(ENDS[:56]):
        plays_on.append(
            [add(t.index, code, end.value) for t in TILES_WITH[end.value] if t is not end.tile]
        )
    for action in (DRAW, PASS):
        actions.append(action)
        tiles.append(-1)
        on.append(-1)
        free.append(-1)
    for tile in DOUBLE_NINE[28:]:  # the double-nine set's other openings
        actions.append(Play(tile))
        tiles.append(tile.index)
        on.append(-1)
        free.append(-1)
    plays_on_nine: list[list[int]] = []
    for code, end in enumerate(ENDS):
        known = {tiles[c]: c for c in plays_on[code]} if code < 56 else {}
        plays_on_nine.append(
            [
                known[t.index] if t.index in known else add(t.index, code, end.value)
                for t in TILES_WITH_NINE[end.value]
                if t is not end.tile
            ]
        )
    return actions, tiles, on, free, plays_on, plays_on_nine


_actions, _tiles, _on, _free, _plays_on, _plays_on_nine = _build_actions()
ACTIONS: Final[tuple[Action, ...]] = tuple(_actions)
"""Every well-formed action, by action code: the interned objects ``legal_actions`` returns."""
ACTION_TILE: Final[tuple[int, ...]] = tuple(_tiles)
"""The tile an action places (-1 for a draw or a pass)."""
ACTION_END: Final[tuple[int, ...]] = tuple(_on)
"""The end code a play joins (-1 for an opening, a draw or a pass)."""
ACTION_FREE: Final[tuple[int, ...]] = tuple(_free)
"""The end code a play leaves open in place of the one it joined (-1 if not a play on an end)."""
PLAYS_ON: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(p) for p in _plays_on)
"""For each end code of the double-six set (0-55), the codes of the plays on it of that set,
in the order of ``TILES_WITH``."""
PLAYS_ON_NINE: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(p) for p in _plays_on_nine)
"""For each end code of the double-nine set (0-109), the codes of the plays on it of that
set, in the order of ``TILES_WITH_NINE`` (the double-six plays first, D25)."""
PLAYS_ON_IN: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    SIX: PLAYS_ON,
    NINE: PLAYS_ON_NINE,
}
ACTION_CODE: Final[dict[Action, int]] = {a: code for code, a in enumerate(ACTIONS)}
DRAW_CODE: Final = ACTION_CODE[DRAW]
PASS_CODE: Final = ACTION_CODE[PASS]
OPENING: Final[tuple[int, ...]] = tuple(ACTION_CODE[Play(t)] for t in DOUBLE_NINE)
"""The action code of opening the line with each tile, by tile index."""
del _actions, _tiles, _on, _free, _plays_on, _plays_on_nine


def check_set(tile_set: object) -> int:
    """``tile_set`` when it is a set Draw is played with: 6 (D1) or 9 (D25)."""
    if tile_set not in SET_SIZES or not isinstance(tile_set, int) or isinstance(tile_set, bool):
        raise ValueError(f"the set is 6 (double-six, D1) or 9 (double-nine, D25), not {tile_set!r}")
    return tile_set


def hand_size_of(players: int, tile_set: int = SIX) -> int:
    """Tiles dealt to each player: 7 to 2 or 3 players and 6 to 4 with the double-six set
    (D2); 7 to 2, 3 or 4 with the double-nine set (D26)."""
    if tile_set == NINE:
        return 7
    return 6 if players == 4 else 7


def deal_order(
    players: int, order: Sequence[int], tile_set: int = SIX
) -> tuple[list[int], list[int]]:
    """The hands (bit-sets) and the stock dealt from shuffled tiles: hands first, in seat order
    (D2, D26)."""
    size = hand_size_of(players, tile_set)
    hands = [sum(1 << t for t in order[s * size : (s + 1) * size]) for s in range(players)]
    return hands, list(order[players * size :])


def line_of(placements: Sequence[int]) -> Line:
    """The Line built by the placements (action codes), in order."""
    line = Line()
    for code in placements:
        end = ACTION_END[code]
        line.play(DOUBLE_NINE[ACTION_TILE[code]], None if end < 0 else ENDS[end])
    return line


def reject(core: PureCore, action: object) -> NoReturn:
    """Raise the error that explains why ``action`` is illegal now (both cores call this).

    The checks run in the order of the rules; the position is not changed.
    """
    if core.is_over:
        raise IllegalActionError(N_("the round is over: no more moves"), "D11")
    seat = core._current_seat()
    cls = action.__class__
    if cls is Play:
        assert isinstance(action, Play)
        if action.tile.index >= SET_SIZES[core.tile_set]:
            raise IllegalActionError(
                N_("{tile} is not a tile of the double-six set"), "D1", tile=action.tile
            )
        if not core._hand_masks()[seat] & action.tile.bit:
            raise IllegalActionError(N_("{tile} is not in your hand"), "D5", tile=action.tile)
        # The Line explains a misplaced tile (D1, D5, D9); it is a copy, so nothing changes.
        line_of(core._placements()).play(action.tile, action.end)
    elif cls is DrawTile:
        if core.reserve >= SLEEPING:
            raise IllegalActionError(
                N_("in the Block game nobody draws: the tiles not dealt sleep"), "D18"
            )
        if core.stock_size <= RESERVE:
            raise IllegalActionError(
                N_("the stock is down to its last two tiles: nobody draws"), "D8"
            )
    elif cls is Pass:
        if core.reserve >= SLEEPING:
            raise IllegalActionError(N_("you can play a tile, so you must play"), "D19")
        if core.stock_size > RESERVE:
            raise IllegalActionError(
                N_("you may not pass while you can draw: draw, or play a tile"), "D8"
            )
        raise IllegalActionError(N_("you can play a tile, so you must play"), "D8")
    else:
        raise IllegalActionError(
            N_("not a Draw action: {action!r} (a turn is draws, then a play or a pass)"),
            "D4",
            action=action,
        )
    raise AssertionError(f"{action} was rejected but breaks no rule")  # a bug in a core


# -- the pure-Python core ---------------------------------------------------------------------


class PureCore:
    """The state of a round and its hot path, in pure Python (see the module docstring)."""

    __slots__ = (
        "_absent",
        "_current",
        "_domino_by",
        "_ends",
        "_hands",
        "_hist_codes",
        "_hist_seats",
        "_leader",
        "_legal",
        "_n",
        "_over",
        "_partners",
        "_passes",
        "_placed",
        "_reserve",
        "_set",
        "_stock",
        "_taken",
    )

    _n: int
    _hands: list[int]  # per seat, a bit-set of tiles
    _stock: list[int]  # tiles in drawing order; the stock is _stock[_taken:]
    _taken: int
    _reserve: int  # the tiles of the stock never drawn: RESERVE, or SLEEPING in Block
    _partners: bool  # two sides of partners, seats 0 and 2 against 1 and 3 (D21)
    _set: int  # the set's highest number: 6 (D1) or 9 (D25)
    _ends: list[int]  # the two open end codes (in line order), empty before the opening
    _placed: list[int]  # the action codes that built the line
    _current: int
    _leader: int
    _passes: int  # consecutive passes (D11: a full round of them blocks the game)
    _absent: list[int]  # per seat, a bit-set of tiles it cannot hold (its passes, D8)
    _hist_seats: list[int]
    _hist_codes: list[int]
    _legal: tuple[Action, ...] | None  # legal_actions() of this position, once computed
    _over: bool
    _domino_by: int  # the seat that emptied its hand, or -1 (blocked or not over)

    # -- construction ------------------------------------------------------------------

    @classmethod
    def _make(
        cls,
        hands: Sequence[int],
        stock: Sequence[int],
        current: int,
        placed: Sequence[int],
        reserve: int = RESERVE,
        partnerships: bool = False,
        tile_set: int = SIX,
    ) -> Self:
        """A core for any position (the caller has checked it is a valid one); ``reserve``
        is ``SLEEPING`` for the Block game (D18); ``partnerships`` seats two sides of
        partners, four players only (D21); ``tile_set`` is 6 or 9 (D25)."""
        if partnerships and len(hands) != PARTNER_PLAYERS:
            raise ValueError("partnerships are for 4 players (D21)")
        self = cls.__new__(cls)
        self._n = len(hands)
        self._partners = bool(partnerships)
        self._set = check_set(tile_set)
        self._hands = list(hands)
        self._stock = list(stock)
        self._taken = 0
        self._reserve = reserve
        self._placed = list(placed)
        self._ends = []
        for code in placed:
            if not self._ends:
                self._ends = [2 * ACTION_TILE[code], 2 * ACTION_TILE[code] + 1]
            else:
                self._ends[self._ends.index(ACTION_END[code])] = ACTION_FREE[code]
        self._current = current
        self._leader = current
        self._passes = 0
        self._absent = [0] * self._n
        self._hist_seats = []
        self._hist_codes = []
        self._legal = None
        self._over = False
        self._domino_by = -1
        return self

    @classmethod
    def _deal(
        cls,
        players: int,
        seed: int,
        leader: int,
        reserve: int = RESERVE,
        partnerships: bool = False,
        tile_set: int = SIX,
    ) -> Self:
        """The deal of D2 from ``shuffled_tiles(seed)`` (``abs(seed) < 2**64``); the Block
        game deals the same (D18): its stock sleeps; so do partnerships (D21); the
        double-nine set deals D26's hands from its 55 tiles."""
        order = shuffled_tiles(seed, SET_SIZES[check_set(tile_set)])
        hands, stock = deal_order(players, order, tile_set)
        return cls._make(hands, stock, leader, (), reserve, partnerships, tile_set)

    def _clone(self) -> Self:
        """An independent copy of the core state."""
        other = type(self).__new__(type(self))
        other._n = self._n
        other._hands = self._hands.copy()
        other._stock = self._stock.copy()
        other._taken = self._taken
        other._reserve = self._reserve
        other._partners = self._partners
        other._set = self._set
        other._ends = self._ends.copy()
        other._placed = self._placed.copy()
        other._current = self._current
        other._leader = self._leader
        other._passes = self._passes
        other._absent = self._absent.copy()
        other._hist_seats = self._hist_seats.copy()
        other._hist_codes = self._hist_codes.copy()
        other._legal = self._legal
        other._over = self._over
        other._domino_by = self._domino_by
        return other

    def _getstate(self) -> tuple[Any, ...]:
        """The whole state, in ints and tuples (for pickling); ``_fromstate`` reads it back."""
        return (
            tuple(self._hands),
            tuple(self._stock),
            self._taken,
            self._current,
            self._leader,
            self._passes,
            tuple(self._absent),
            tuple(self._placed),
            tuple(self._hist_seats),
            tuple(self._hist_codes),
            self._over,
            self._domino_by,
            self._reserve,
            self._partners,
            self._set,
        )

    @classmethod
    def _fromstate(cls, state: tuple[Any, ...]) -> Self:
        (hands, stock, taken, current, leader, passes, absent, placed, seats, codes, over, by) = (
            state[:12]
        )
        # A state of 12 is one from before the Block game (D18): a Draw round's; one of 13
        # from before partnerships (D21): players alone; one of 14 from before the
        # double-nine set (D25): a double-six round's, whose Block reserve was 28.
        reserve = state[12] if len(state) > 12 else RESERVE
        self = cls._make(
            hands,
            stock,
            current,
            placed,
            SLEEPING if reserve >= SLEEPING_BEFORE else reserve,
            bool(state[13]) if len(state) > 13 else False,
            state[14] if len(state) > 14 else SIX,
        )
        self._taken = taken
        self._leader = leader
        self._passes = passes
        self._absent = list(absent)
        self._hist_seats = list(seats)
        self._hist_codes = list(codes)
        self._over = bool(over)
        self._domino_by = by
        return self

    def _set_hidden(self, hands: Sequence[int], stock: Sequence[int]) -> None:
        """Replace every hand and the stock (for ``sample_hidden``)."""
        self._hands = list(hands)
        self._stock = list(stock)
        self._taken = 0
        self._legal = None

    # -- accessors -----------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def leader(self) -> int:
        """The seat that opened (or opens) the round."""
        return self._leader

    @property
    def current_player(self) -> int | None:
        """The seat whose turn it is, or None once the round is over."""
        return None if self._over else self._current

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def stock_size(self) -> int:
        return len(self._stock) - self._taken

    @property
    def reserve(self) -> int:
        """The tiles of the stock never drawn: ``RESERVE`` (D6, D8), or ``SLEEPING`` in the
        Block game (D18)."""
        return self._reserve

    @property
    def partnerships(self) -> bool:
        """Whether two sides of partners play, seats 0 and 2 against 1 and 3 (D21)."""
        return self._partners

    @property
    def tile_set(self) -> int:
        """The set played: 6, the double-six (D1), or 9, the double-nine (D25)."""
        return self._set

    def _points(self) -> tuple[int, ...]:
        """The points per seat of the round: zeros until it is over, then its settlement
        (D13, D14; D22, D23 in partnerships, where both partners show their side's)."""
        if not self._over:
            return (0,) * self._n
        counts = [sum(PIPS[t] for t in range(55) if hand >> t & 1) for hand in self._hands]
        # The reference settlement (scoring.settle), which the C core's must equal.
        return settle(counts, None if self._domino_by < 0 else self._domino_by, self._partners)

    def _current_seat(self) -> int:
        """The seat to play, or the seat that made the last move once over."""
        return self._current

    def _hand_masks(self) -> tuple[int, ...]:
        return tuple(self._hands)

    def _stock_tiles(self) -> tuple[int, ...]:
        """The tiles left in the stock, in drawing order."""
        return tuple(self._stock[self._taken :])

    def _placements(self) -> tuple[int, ...]:
        return tuple(self._placed)

    def _open_ends(self) -> tuple[int, ...]:
        """The open end codes in line order (empty before the opening)."""
        return tuple(self._ends)

    def _history_codes(self) -> tuple[tuple[int, int], ...]:
        """Every move so far as (seat, action code)."""
        return tuple(zip(self._hist_seats, self._hist_codes, strict=True))

    def _absent_masks(self) -> tuple[int, ...]:
        return tuple(self._absent)

    def _domino_seat(self) -> int:
        """The seat that dominoed, or -1."""
        return self._domino_by

    # -- the hot path ----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the seat to play may take, plays first (in B4 order of the ends).

        Plays on each open end (D5); a draw while the stock holds more than two (D6),
        even with a playable tile; a pass only when neither is possible (D8). In the Block
        game nobody draws (D18), and a player who cannot play passes (D19).
        """
        legal = self._legal
        if legal is not None:
            return legal
        if self._over:
            return ()
        hand = self._hands[self._current]
        if self._ends:
            plays_on = PLAYS_ON_IN[self._set]
            plays: list[Action] = [
                ACTIONS[code]
                for end in sorted(self._ends)
                for code in plays_on[end]
                if hand >> ACTION_TILE[code] & 1
            ]
        else:
            plays = [ACTIONS[OPENING[t]] for t in range(SET_SIZES[self._set]) if hand >> t & 1]
        if len(self._stock) - self._taken > self._reserve:
            plays.append(DRAW)
        elif not plays:
            plays.append(PASS)
        legal = self._legal = tuple(plays)
        return legal

    def apply(self, action: Action) -> None:
        """Take ``action`` for the seat to play; an illegal one raises and changes nothing."""
        code = ACTION_CODE.get(action, -1) if action.__class__ in _ACTION_TYPES else -1
        if self._over or code < 0:
            reject(self, action)
        seat = self._current
        if code == DRAW_CODE:  # D6
            if len(self._stock) - self._taken <= self._reserve:
                reject(self, action)
            self._hands[seat] |= 1 << self._stock[self._taken]
            self._taken += 1
        elif code == PASS_CODE:  # D8, D19: only when neither a draw nor a play is possible
            if len(self._stock) - self._taken > self._reserve or self._can_play(seat):
                reject(self, action)
            mask_with = MASK_WITH_IN[self._set]
            self._absent[seat] |= mask_with[END_VALUE[self._ends[0]]]
            self._absent[seat] |= mask_with[END_VALUE[self._ends[1]]]
            self._passes += 1
            if self._passes >= self._n:  # D11, D20: everybody passed in turn: blocked
                self._over = True
            else:
                self._current = (seat + 1) % self._n
        else:  # a play (D5, D9)
            bit = 1 << ACTION_TILE[code]
            end = ACTION_END[code]
            if not self._hands[seat] & bit:  # a tile of another set is in no hand
                reject(self, action)
            if end < 0:  # the opening tile
                if self._ends:
                    reject(self, action)
                self._ends = [2 * ACTION_TILE[code], 2 * ACTION_TILE[code] + 1]
            elif end in self._ends:
                self._ends[self._ends.index(end)] = ACTION_FREE[code]
            else:
                reject(self, action)
            self._hands[seat] ^= bit
            self._placed.append(code)
            self._passes = 0
            if not self._hands[seat]:  # D11: a domino
                self._over = True
                self._domino_by = seat
            else:
                self._current = (seat + 1) % self._n
        self._hist_seats.append(seat)
        self._hist_codes.append(code)
        self._legal = None

    def _can_play(self, seat: int) -> bool:
        if not self._ends:
            return self._hands[seat] != 0
        mask_with = MASK_WITH_IN[self._set]
        fits = mask_with[END_VALUE[self._ends[0]]] | mask_with[END_VALUE[self._ends[1]]]
        return bool(self._hands[seat] & fits)


_ACTION_TYPES: Final = (Play, DrawTile, Pass)
