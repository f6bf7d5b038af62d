"""The low-level state of a hand of the Fives family, in pure Python: the reference core.

``FivesHand`` (in ``hand.py``) is a subclass of a *core*: either the C extension
``pegboard.fives._fastfives.Core`` or ``PureCore`` below. Both hold the same compact state
and implement the hot path (``legal_actions``, ``apply``, ``is_over``) with the same tables,
so they behave identically; ``tests/fives/test_cores.py`` plays thousands of hands of every
option through both and compares every step. This module is the readable one: read it to
know what the C does.

The compact state, in small integers:

- a *tile* is its index 0-27 (``Tile.index``); a hand is a bit-set of tiles;
- an *end code* ``4 * tile + side`` names one side of a placed tile: side 0 is ``high`` (or
  ``A`` on a double), 1 is ``low`` (or ``B``), 2 and 3 a spinner's arms ``C`` and ``D``
  (F5). Sorting end codes sorts ends as B4 does (``Layout.open_ends``);
- an *action code* indexes ``ACTIONS``: the 28 leads, then every play of a tile on an end
  that it fits, then ``DRAW`` and ``PASS`` (a knock);
- the rules are a ``CoreRules``: the numbers of ``FivesRules`` the hot path reads, with
  F7's points of every ends total as a table, so that both cores score from one source
  (``FivesRules.points``).

A hand ends (F8, F9) with an *end kind* code (``KINDS``); the points of its end are added
to the sides' scores at once, as ``settlement.settle`` counts them (the pure core calls it;
the C core has the same arithmetic). Illegal actions are explained in one place, ``reject``
(``refusals.refusal``), which both cores call: the C code only checks.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, Final, NamedTuple, NoReturn, Self, cast

from pegboard.dominoes.actions import DRAW, PASS, Action, Play
from pegboard.dominoes.cores import shuffled_tiles
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import DOUBLE_SIX, MASK_WITH
from pegboard.fives.refusals import refusal
from pegboard.fives.rules import FivesRules
from pegboard.fives.settlement import settle

if TYPE_CHECKING:
    from collections.abc import Sequence

    from pegboard.fives.hand import FivesHand
    from pegboard.fives.moves import EndKind

# -- tables shared by both cores ------------------------------------------------------------

_SIDES: Final = (("high", "low"), ("A", "B", "C", "D"))
"""A non-double's sides, a double's: by side number (the low two bits of an end code)."""


def _end_of(code: int) -> End | None:
    tile = DOUBLE_SIX[code >> 2]
    sides = _SIDES[tile.is_double]
    side = code & 3
    return End(tile, sides[side]) if side < len(sides) else None  # type: ignore[arg-type]


ENDS: Final[tuple[End | None, ...]] = tuple(_end_of(code) for code in range(4 * 28))
"""Every End by end code (None for the codes of a non-double's sides 2 and 3)."""
END_VALUE: Final[tuple[int, ...]] = tuple(-1 if end is None else end.value for end in ENDS)
END_COUNT: Final[tuple[int, ...]] = tuple(
    0 if end is None or end.side in ("C", "D") else end.value * (2 if end.tile.is_double else 1)
    for end in ENDS
)
"""What an open end adds to the ends total (F6): its number, a double's both halves (a
crosswise double at an arm's end), nothing for a spinner's arm not yet started."""
MAX_TOTAL: Final = 48
"""No ends total reaches past four arms each ending in a crosswise [6|6]."""


def _free_end(tile_index: int, value: int) -> int:
    """The end code left open when ``tile_index`` joins an end showing ``value`` (B1,
    ``dominoes.line``): a double's side B, else the side not showing ``value``."""
    tile = DOUBLE_SIX[tile_index]
    if tile.is_double or tile.high == value:
        return 4 * tile_index + 1  # B, or the low side
    return 4 * tile_index  # the high side


def _build_actions() -> tuple[list[Action], list[int], list[int], list[int]]:
    actions: list[Action] = [Play(t) for t in DOUBLE_SIX]
    tiles = list(range(28))
    on = [-1] * 28
    free = [-1] * 28
    for code, end in enumerate(ENDS):
        if end is None:
            continue
        for tile in DOUBLE_SIX:
            if tile is end.tile or not tile.has(end.value):
                continue
            actions.append(Play(tile, end))
            tiles.append(tile.index)
            on.append(code)
            free.append(_free_end(tile.index, end.value))
    for action in (DRAW, PASS):
        actions.append(action)
        tiles.append(-1)
        on.append(-1)
        free.append(-1)
    return actions, tiles, on, free


_actions, _tiles, _on, _free = _build_actions()
ACTIONS: Final[tuple[Action, ...]] = tuple(_actions)
"""Every well-formed action, by action code: the interned objects ``legal_actions`` returns."""
ACTION_TILE: Final[tuple[int, ...]] = tuple(_tiles)
"""The tile an action places (-1 for a draw or a pass)."""
ACTION_END: Final[tuple[int, ...]] = tuple(_on)
"""The end code a play joins (-1 for a lead, a draw or a pass)."""
ACTION_FREE: Final[tuple[int, ...]] = tuple(_free)
"""The end code a play leaves open in place of the one it joined (-1 if not on an end)."""
ACTION_CODE: Final[dict[Action, int]] = {a: code for code, a in enumerate(ACTIONS)}
DRAW_CODE: Final = ACTION_CODE[DRAW]
PASS_CODE: Final = ACTION_CODE[PASS]
PLAY_CODE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(ACTION_CODE.get(Play(tile, end), -1) if end is not None else -1 for end in ENDS)
    for tile in DOUBLE_SIX
)
"""``PLAY_CODE[tile][end]``: the code of the play of ``tile`` on ``end`` (-1: it does not fit)."""
del _actions, _tiles, _on, _free

KINDS: Final[tuple[EndKind | None, ...]] = (None, "domino", "blocked", "target")
"""End kind codes: 0 while the hand is live, then how it ended (``HandResult.kind``)."""
DOMINO: Final = 1
BLOCKED: Final = 2
TARGET: Final = 3


class CoreRules(NamedTuple):
    """The numbers of a ``FivesRules`` that the cores read (``core_rules`` makes them)."""

    rules: FivesRules
    players: int
    hand_size: int  # F2
    all_fives: bool  # a spinner (F5), drawing (F4) and the pips counted at the end (F8)
    exact: bool  # the target reached exactly, a play past it scoring nothing (F9)
    partnerships: bool
    target: int
    reserve: int
    by_fives: bool
    points: bytes  # F7 (by fives F9): what each ends total from 0 to MAX_TOTAL scores


@lru_cache(maxsize=64)
def core_rules(rules: FivesRules) -> CoreRules:
    """The cores' view of ``rules`` (one per rules: FivesRules is a frozen value)."""
    return CoreRules(
        rules,
        rules.players,
        rules.hand_size,
        rules.all_fives,
        rules.exact,
        bool(rules.partnerships),
        rules.target,
        rules.reserve,
        rules.by_fives,
        bytes(rules.points(total) for total in range(MAX_TOTAL + 1)),
    )


def deal_order(spec: CoreRules, order: Sequence[int]) -> tuple[list[int], list[int]]:
    """The hands (bit-sets) and the boneyard dealt from shuffled tiles: each seat's tiles in
    turn from the top, the rest the boneyard in drawing order (F2)."""
    size = spec.hand_size
    n = spec.players
    hands = [sum(1 << t for t in order[s * size : (s + 1) * size]) for s in range(n)]
    return hands, list(order[n * size :])


def values_mask(ends: Sequence[int]) -> int:
    """The numbers the open ends show, as a 7-bit set (a draw's or a knock's, F4)."""
    mask = 0
    for end in ends:
        mask |= 1 << END_VALUE[end]
    return mask


def ends_total(ends: Sequence[int]) -> int:
    """The ends total of F6 over the open end codes (``Layout.ends_total``): a lone
    double's two sides count it once."""
    total = 0
    counted = -1
    for end in ends:
        tile = end >> 2
        if END_COUNT[end] and DOUBLE_SIX[tile].is_double:
            if tile == counted:
                continue
            counted = tile
        total += END_COUNT[end]
    return total


def reject(core: object, action: object) -> NoReturn:
    """Raise the error that explains why ``action`` is not legal now (both cores call this;
    the position is not changed)."""
    raise refusal(cast("FivesHand", core), action)


# -- the pure-Python core ---------------------------------------------------------------------


class PureCore:
    """The state of a hand and its hot path, in pure Python (see the module docstring)."""

    __slots__ = (
        "_arms",
        "_bone",
        "_by",
        "_ends",
        "_hands",
        "_hist",
        "_kind",
        "_leader",
        "_legal",
        "_placed",
        "_scores",
        "_spec",
        "_spinner",
        "_taken",
        "_to_play",
    )

    _spec: CoreRules
    _hands: list[int]  # per seat, a bit-set of tiles
    _bone: list[int]  # the boneyard in drawing order; what is left is _bone[_taken:]
    _taken: int
    _ends: list[int]  # the open end codes, sorted (B4); empty before the lead
    _placed: list[int]  # the action codes that built the layout
    _spinner: int  # the spinner's tile, or -1 (F5: the first double in All Fives)
    _arms: bool  # whether the spinner's arms C and D have opened (both its sides covered)
    _leader: int
    _to_play: int
    _scores: list[int]  # per side
    # Per action: (seat, code, total, worth, points, chip-out, values) as FivesMove has them,
    # total -1 for a draw or a knock, values a 7-bit set (values_mask).
    _hist: list[tuple[int, int, int, int, int, int, int]]
    _kind: int  # KINDS: 0 while live
    _by: int  # the seat whose play ended the hand, or -1
    _legal: tuple[Action, ...] | None  # legal_actions() of this position, once computed

    # -- construction ------------------------------------------------------------------

    @classmethod
    def _make(
        cls,
        spec: CoreRules,
        hands: Sequence[int],
        bone: Sequence[int],
        placed: Sequence[int],
        leader: int,
        to_play: int,
        scores: Sequence[int],
    ) -> Self:
        """A live core for any position (the caller has checked it is a valid one)."""
        self = cls.__new__(cls)
        self._spec = spec
        self._hands = list(hands)
        self._bone = list(bone)
        self._taken = 0
        self._ends = []
        self._placed = []
        self._spinner = -1
        self._arms = False
        for code in placed:
            self._lay(code)
        self._leader = leader
        self._to_play = to_play
        self._scores = list(scores)
        self._hist = []
        self._kind = 0
        self._by = -1
        self._legal = None
        return self

    @classmethod
    def _deal(cls, spec: CoreRules, seed: int, leader: int, scores: Sequence[int]) -> Self:
        """The deal of F2 from ``shuffled_tiles(seed)`` (``abs(seed) < 2**64``)."""
        hands, bone = deal_order(spec, shuffled_tiles(seed))
        return cls._make(spec, hands, bone, (), leader, leader, scores)

    def _clone(self) -> Self:
        """An independent copy of the core state."""
        other = type(self).__new__(type(self))
        other._spec = self._spec
        other._hands = self._hands.copy()
        other._bone = self._bone.copy()
        other._taken = self._taken
        other._ends = self._ends.copy()
        other._placed = self._placed.copy()
        other._spinner = self._spinner
        other._arms = self._arms
        other._leader = self._leader
        other._to_play = self._to_play
        other._scores = self._scores.copy()
        other._hist = self._hist.copy()
        other._kind = self._kind
        other._by = self._by
        other._legal = self._legal
        return other

    def _getstate(self) -> tuple[Any, ...]:
        """The whole state, in ints and tuples; ``_fromstate`` reads it back."""
        return (
            self._spec,
            tuple(self._hands),
            tuple(self._bone),
            self._taken,
            tuple(self._placed),
            self._leader,
            self._to_play,
            tuple(self._scores),
            tuple(self._hist),
            self._kind,
            self._by,
        )

    @classmethod
    def _fromstate(cls, state: tuple[Any, ...]) -> Self:
        spec, hands, bone, taken, placed, leader, to_play, scores, hist, kind, by = state
        self = cls._make(spec, hands, bone, placed, leader, to_play, scores)
        self._taken = taken
        self._hist = [tuple(move) for move in hist]
        self._kind = kind
        self._by = by
        return self

    def _set_hidden(self, hands: Sequence[int], bone: Sequence[int]) -> None:
        """Replace every hand and the boneyard (for ``sample_hidden``)."""
        self._hands = list(hands)
        self._bone = list(bone)
        self._taken = 0
        self._legal = None

    # -- accessors -----------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._spec.players

    @property
    def leader(self) -> int:
        return self._leader

    @property
    def current_player(self) -> int | None:
        """The seat to act, None once the hand is over."""
        return None if self._kind else self._to_play

    @property
    def is_over(self) -> bool:
        return self._kind != 0

    @property
    def scores(self) -> tuple[int, ...]:
        """Per side, the score so far (the match's before the hand, and this hand's)."""
        return tuple(self._scores)

    @property
    def boneyard_count(self) -> int:
        return len(self._bone) - self._taken

    @property
    def drawable(self) -> int:
        """How many tiles may still be drawn (F4): the boneyard less the reserve in All
        Fives, none in Fives and Threes."""
        if not self._spec.all_fives:
            return 0
        return max(0, len(self._bone) - self._taken - self._spec.reserve)

    def _current_seat(self) -> int:
        """The seat to play, or once over the seat that was (the last to play, or after a
        block the next one)."""
        return self._to_play

    def _hand_masks(self) -> tuple[int, ...]:
        return tuple(self._hands)

    def _bone_tiles(self) -> tuple[int, ...]:
        """The tiles left in the boneyard, in drawing order."""
        return tuple(self._bone[self._taken :])

    def _placements(self) -> tuple[int, ...]:
        return tuple(self._placed)

    def _open_ends(self) -> tuple[int, ...]:
        """The open end codes, sorted (B4); empty before the lead."""
        return tuple(self._ends)

    def _history_codes(self) -> tuple[tuple[int, int, int, int, int, int, int], ...]:
        """Every action so far as (seat, code, total, worth, points, chip-out, values)."""
        return tuple(self._hist)

    def _end_state(self) -> tuple[int, int]:
        """(end kind code, the seat that ended it or -1)."""
        return self._kind, self._by

    # -- the layout (F5) ------------------------------------------------------------------

    def _lay(self, code: int) -> None:
        """Place the tile of play ``code`` (``Layout.play``): a lead opens the tile's two
        sides; a play covers its end and leaves the tile's free side open. In All Fives the
        first double is the spinner, whose arms C and D open once both its sides are
        covered."""
        tile = ACTION_TILE[code]
        end = ACTION_END[code]
        ends = self._ends
        if end < 0:
            ends[:] = [4 * tile, 4 * tile + 1]
        else:
            ends[ends.index(end)] = ACTION_FREE[code]
        self._placed.append(code)
        if self._spec.all_fives and self._spinner < 0 and DOUBLE_SIX[tile].is_double:
            self._spinner = tile
        spinner = self._spinner
        covered = 4 * spinner not in ends and 4 * spinner + 1 not in ends
        if spinner >= 0 and not self._arms and covered:
            self._arms = True  # both its sides hold a tile: its arms C and D open
            ends += (4 * spinner + 2, 4 * spinner + 3)
        ends.sort()

    def _fitting(self) -> int:
        """The tiles that fit an open end."""
        mask = 0
        for end in self._ends:
            mask |= MASK_WITH[END_VALUE[end]]
        return mask

    # -- the hot path ----------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the seat to play (F4): its plays (by tile, then by open end in
        B4 order), else a draw while the boneyard allows one, else a pass (a knock)."""
        legal = self._legal
        if legal is not None:
            return legal
        if self._kind:
            legal = ()
        else:
            hand = self._hands[self._to_play]
            tiles = [t for t in range(28) if hand >> t & 1]
            if not self._ends:
                legal = tuple(ACTIONS[t] for t in tiles)  # codes 0-27 are the leads
            else:
                plays = [
                    ACTIONS[PLAY_CODE[t][end]]
                    for t in tiles
                    for end in self._ends
                    if PLAY_CODE[t][end] >= 0
                ]
                # F4: no tile fits: draw while the boneyard allows it, else knock.
                legal = tuple(plays) if plays else (DRAW,) if self.drawable > 0 else (PASS,)
        self._legal = legal
        return legal

    def apply(self, action: Action) -> None:
        """Play ``action`` for the seat to play; ``IllegalActionError`` naming the rule,
        with nothing changed, when the rules forbid it."""
        if action not in self.legal_actions():
            reject(self, action)
        code = ACTION_CODE[action]
        seat = self._to_play
        spec = self._spec
        self._legal = None
        if code == DRAW_CODE:  # F4: the turn goes on
            values = values_mask(self._ends)
            self._hands[seat] |= 1 << self._bone[self._taken]
            self._taken += 1
            self._hist.append((seat, code, -1, 0, 0, 0, values))
        elif code == PASS_CODE:  # F4: a knock
            self._hist.append((seat, code, -1, 0, 0, 0, values_mask(self._ends)))
            self._advance()
        else:
            self._hands[seat] &= ~(1 << ACTION_TILE[code])
            self._lay(code)
            total = ends_total(self._ends)
            worth = spec.points[total]  # F7
            out = self._hands[seat] == 0
            chip = out and not spec.all_fives
            if chip:
                worth += 1  # F8: Fives and Threes' point for chipping out
            side = seat % 2 if spec.partnerships else seat
            points = worth
            if spec.exact and self._scores[side] + worth > spec.target:
                points = 0  # F9: past 61 scores nothing
            self._scores[side] += points
            self._hist.append((seat, code, total, worth, points, int(chip), 0))
            if points and self._reached(side):
                self._end(TARGET, seat)
            elif out and (
                spec.all_fives
                or not spec.partnerships
                or not self._hands[side] | self._hands[side + 2]
            ):
                self._end(DOMINO, seat)
            else:
                self._advance()

    def _reached(self, side: int) -> bool:
        score, target = self._scores[side], self._spec.target
        return score == target if self._spec.exact else score >= target

    def _advance(self) -> None:
        """The next seat clockwise that still holds tiles; the end if nobody can play."""
        n = self._spec.players
        seat = self._to_play
        for _ in range(n):
            seat = (seat + 1) % n
            if self._hands[seat]:
                break
        self._to_play = seat
        self._check_blocked()

    def _check_blocked(self) -> None:
        """End the hand as blocked (F8) when nobody can play and nobody may draw."""
        if not self._ends or self.drawable > 0:
            return
        fitting = self._fitting()
        if not any(mask & fitting for mask in self._hands):
            self._end(BLOCKED, -1)

    def _end(self, kind: int, by: int) -> None:
        """End the hand and add the points of its end (F8) to the sides' scores."""
        self._kind = kind
        self._by = by
        self._legal = ()
        result = settle(self._spec.rules, self._hands, cast("EndKind", KINDS[kind]), by)
        for side, points in enumerate(result.points):
            self._scores[side] += points
