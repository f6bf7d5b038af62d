"""Fast playouts of a determinized Fives hand (All Fives, Fives and Threes) on plain integers.

What a playout needs of the layout is, per open end, the number it shows and what it adds
to the ends total (F6): nothing for a spinner's arm not yet started, the number for a
non-double, both halves for a double lying crosswise at an arm's end. So the layout is
reduced to parallel lists ``values`` and ``weights`` (0, 1 or 2) and their total, with two
facts about doubles: ``lone`` (the layout is one double: its two sides count it once, F6)
and ``spin`` (the open end whose covering opens the spinner's two arms, F5; -1 when none
is pending, -2 for a lone spinner, either of whose sides then pends). Tiles are Draw's
playout bits (``pegboard.draw.bots.playout``: a heavier tile has a higher bit), so that
the policy's tie-break, the heaviest tile, is the first tile found from the top bit down.

The policy, for every seat, is greedy: the placement whose play scores most now (what
the hand credits it: F7's points, Fives and Threes' chip-out point, nothing past 61, F9);
ties go to the heaviest tile, then to the first open end in the playout's order. A seat
draws (All Fives) only when nothing fits and passes or knocks only when it can neither
play nor draw (F4). It is deterministic, so all the randomness of a search is in its
determinizations, and every candidate action is scored on the same deals. The hand ends
as ``pegboard.fives.FivesHand`` ends it (F8, F9) and is settled by the same rules;
``tests/fives/bots/test_basic.py`` checks the playouts against it move by move.

``run``, the search's hot loop, is ``run_python`` below, or the same loop in C
(``pegboard.fives._fastfives.run_playout``) when the hand's C core is in use
(``pegboard.fives.hand.CORE``): ``tests/fives/bots/test_playout_cores.py`` compares the two.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from pegboard.dominoes.actions import DrawTile, Pass, Play
from pegboard.dominoes.line import End
from pegboard.dominoes.ranks import HIGH, LOW, PLAYOUT_MASK_WITH, RANK_BIT, pips, to_playout
from pegboard.dominoes.tiles import Tile
from pegboard.fives.hand import CORE
from pegboard.fives.rules import FivesRules
from pegboard.fives.scoring import round_to_five

_run_in_c: Callable[..., Any] | None = None
"""``run``'s loop in C (``pegboard.fives._fastfives.run_playout``) with the C core, else None."""
if CORE == "c":
    from pegboard.fives import _fastfives

    _run_in_c = _fastfives.run_playout

_KINDS: Final = (None, "domino", "blocked", "target")
"""The end kinds of ``run_playout``'s codes (``pegboard.fives._purecore.KINDS``)."""

MAX_TOTAL: Final = 4 * 12
"""No ends total exceeds four arms each ending in a crosswise [6|6]."""


def points_table(rules: FivesRules) -> tuple[int, ...]:
    """What every ends total from 0 to ``MAX_TOTAL`` scores (F7, by fives F9)."""
    return tuple(rules.points(total) for total in range(MAX_TOTAL + 1))


def share(pips_left: int, shared: int) -> int:
    """``pips_left / shared`` rounded to the nearest five, a half up (F8)."""
    if shared == 1:
        return round_to_five(pips_left)
    return (2 * pips_left + 5 * shared) // (10 * shared) * 5


def layout_slots(
    ends: Sequence[End], spinner: Tile | None, spinner_rule: bool, tiles: int
) -> tuple[list[int], list[int], bool, int]:
    """The playout's view of a layout: ``(values, weights, lone, spin)`` from its open
    ends (in the order given), its spinner, whether the game has one (All Fives), and how
    many tiles lie in it."""
    values = [end.value for end in ends]
    weights = []
    counted: set[Tile] = set()
    for end in ends:
        if end.side in ("C", "D"):
            weights.append(0)  # an arm not started: the spinner counts nothing (F6)
        elif end.tile.is_double:
            weights.append(0 if end.tile in counted else 2)  # a lone double once
            counted.add(end.tile)
        else:
            weights.append(1)
    lone = tiles == 1 and ends[0].tile.is_double
    spin = -1
    if spinner_rule and spinner is not None:
        # A side of the spinner still open along the line: covering it opens the arms.
        sides = [i for i, end in enumerate(ends) if end.tile is spinner and end.side in "AB"]
        if len(sides) == 2:
            spin = -2  # the lone lead: either side
        elif sides:
            spin = sides[0]
    return values, weights, lone, spin


class FivesPlayout:
    """One determinized hand, mutable; ``copy`` before trying an action on it.

    ``scores`` are the sides' scores (those the hand began with included, as
    ``FivesHand.scores``); ``over`` is None while the hand is live, else ``"domino"``,
    ``"blocked"`` or ``"target"``, as ``HandResult.kind``.
    """

    __slots__ = (
        "all_fives",
        "bone",
        "by",
        "by_fives",
        "current",
        "exact",
        "hands",
        "limit",
        "lone",
        "over",
        "partnerships",
        "reserve",
        "scores",
        "side_of",
        "sides",
        "spin",
        "spinner_pending",
        "table",
        "taken",
        "target",
        "total",
        "values",
        "weights",
    )

    hands: list[int]
    bone: list[int]
    taken: int
    limit: int
    values: list[int]
    weights: list[int]
    total: int
    lone: bool
    spin: int
    spinner_pending: bool
    current: int
    scores: list[int]
    over: str | None
    by: int
    all_fives: bool
    exact: bool
    target: int
    partnerships: bool
    sides: tuple[tuple[int, ...], ...]
    side_of: tuple[int, ...]
    table: tuple[int, ...]
    by_fives: bool
    reserve: int

    @classmethod
    def build(
        cls,
        rules: FivesRules,
        hands: Sequence[int],
        boneyard: Sequence[Tile],
        ends: Sequence[End],
        spinner: Tile | None,
        tiles: int,
        current: int,
        scores: Sequence[int],
    ) -> FivesPlayout:
        """A playout of a live hand: ``hands`` as ``Tile.bit`` sets per seat, the boneyard
        in drawing order, the layout's open ends (in the order root actions will name them
        by index), its spinner and number of tiles, the seat to play, the sides' scores."""
        self = cls.__new__(cls)
        self.hands = [to_playout(mask) for mask in hands]
        self.bone = [RANK_BIT[t.index] for t in boneyard]
        self.taken = 0
        self.limit = max(0, len(boneyard) - rules.reserve) if rules.all_fives else 0
        if tiles:
            values, weights, lone, spin = layout_slots(ends, spinner, rules.spinner, tiles)
        else:
            values, weights, lone, spin = [], [], False, -1
        self.values, self.weights, self.lone, self.spin = values, weights, lone, spin
        self.total = sum(v * w for v, w in zip(values, weights, strict=True))
        self.spinner_pending = rules.spinner and spinner is None
        self.current = current
        self.scores = list(scores)
        self.over = None
        self.by = -1
        self.all_fives = rules.all_fives
        self.exact = rules.exact
        self.target = rules.target
        self.partnerships = bool(rules.partnerships)
        self.sides = rules.sides
        self.side_of = tuple(rules.side_of(seat) for seat in range(rules.players))
        self.table = points_table(rules)
        self.by_fives = rules.by_fives
        self.reserve = rules.reserve
        return self

    def with_tiles(self, hands: Sequence[int], boneyard: Sequence[Tile]) -> FivesPlayout:
        """A copy holding these hands (``Tile.bit`` sets) and boneyard (drawing order): one
        determinization of a playout built once per decision."""
        return self.with_bits(
            [to_playout(mask) for mask in hands], [RANK_BIT[t.index] for t in boneyard]
        )

    def with_bits(self, hands: list[int], boneyard: list[int]) -> FivesPlayout:
        """``with_tiles`` with hands and boneyard already in playout bits."""
        other = self.copy()
        other.hands = hands
        other.bone = boneyard
        other.taken = 0
        other.limit = max(0, len(boneyard) - self.reserve) if self.all_fives else 0
        return other

    def copy(self) -> FivesPlayout:
        other = FivesPlayout.__new__(FivesPlayout)
        other.hands = self.hands.copy()
        other.bone = self.bone
        other.taken = self.taken
        other.limit = self.limit
        other.values = self.values.copy()
        other.weights = self.weights.copy()
        other.total = self.total
        other.lone = self.lone
        other.spin = self.spin
        other.spinner_pending = self.spinner_pending
        other.current = self.current
        other.scores = self.scores.copy()
        other.over = self.over
        other.by = self.by
        other.all_fives = self.all_fives
        other.exact = self.exact
        other.target = self.target
        other.partnerships = self.partnerships
        other.sides = self.sides
        other.side_of = self.side_of
        other.table = self.table
        other.by_fives = self.by_fives
        other.reserve = self.reserve
        return other

    # -- the moves -------------------------------------------------------------------------

    def worth(self, rank: int, slot: int) -> int:
        """What placing the tile of bit ``rank`` on open end ``slot`` (-1: the lead)
        would score for the seat to play, as the hand credits it (F7, F8, F9)."""
        low, high = LOW[rank], HIGH[rank]
        if slot < 0:
            total = 2 * low if low == high else low + high
        else:
            value = self.values[slot]
            free = high if low == value else low
            weight = 2 if low == high else 1
            if self.lone:
                total = 2 * value + free * weight
            else:
                total = self.total - value * self.weights[slot] + free * weight
        points = self.table[total]
        if not self.all_fives and self.hands[self.current] == 1 << rank:
            points += 1  # chipping out (F8)
        if self.exact and points and self.scores[self.side_of[self.current]] + points > self.target:
            return 0  # past 61 scores nothing (F9)
        return points

    def place(self, rank: int, slot: int) -> None:
        """Place the tile of bit ``rank`` (held by the seat to play) on open end ``slot``
        (-1 for the lead), score it, and end the hand or pass the turn on."""
        seat = self.current
        points = self.worth(rank, slot)
        low, high = LOW[rank], HIGH[rank]
        double = low == high
        values, weights = self.values, self.weights
        if slot < 0:
            if double:
                values[:] = [low, low]
                weights[:] = [2, 0]
                self.lone = True
                self.total = 2 * low
                if self.spinner_pending:
                    self.spinner_pending = False
                    self.spin = -2
            else:
                values[:] = [high, low]
                weights[:] = [1, 1]
                self.total = low + high
        else:
            value = values[slot]
            free = high if low == value else low
            weight = 2 if double else 1
            if self.lone:
                other = 1 - slot
                weights[other] = 2  # the double's other side now counts it whole (F6)
                self.total = 2 * value + free * weight
                self.lone = False
                if self.spin == -2:
                    self.spin = other
            else:
                self.total += free * weight - value * weights[slot]
            values[slot] = free
            weights[slot] = weight
            if slot == self.spin:
                # Both sides of the spinner hold a tile: its two arms open (F5), adding
                # nothing until they are started (F6).
                self.spin = -1
                values += (value, value)
                weights += (0, 0)
            elif double and self.spinner_pending:
                self.spinner_pending = False
                self.spin = slot
        hand = self.hands[seat] ^ (1 << rank)
        self.hands[seat] = hand
        side = self.side_of[seat]
        if points:
            score = self.scores[side] + points
            self.scores[side] = score
            if score == self.target if self.exact else score >= self.target:
                self._end("target", seat)
                return
        if not hand and (
            self.all_fives
            or not self.partnerships
            or not any(self.hands[s] for s in self.sides[side])
        ):
            self._end("domino", seat)
            return
        self._advance()

    def draw(self) -> None:
        """The seat to play draws the next tile of the boneyard (F4); its turn goes on."""
        self.hands[self.current] |= self.bone[self.taken]
        self.taken += 1

    def knock(self) -> None:
        """The seat to play passes (knocks): it can neither play nor draw (F4)."""
        self._advance()

    def apply(self, action: object, ends: Sequence[End]) -> None:
        """A root action of the engine's (a ``Play`` on one of ``ends``, the open ends in
        the order the playout was built with, a draw, a pass)."""
        if action.__class__ is Play:
            assert isinstance(action, Play)
            rank = RANK_BIT[action.tile.index].bit_length() - 1
            self.place(rank, -1 if action.end is None else ends.index(action.end))
        elif action.__class__ is DrawTile:
            self.draw()
        elif action.__class__ is Pass:
            self.knock()
        else:
            raise ValueError(f"not a move of the Fives family: {action!r}")

    def _advance(self) -> None:
        """The next seat clockwise that holds tiles; blocked if nobody can play or draw."""
        hands = self.hands
        n = len(hands)
        seat = self.current
        for _ in range(n):
            seat = seat + 1 if seat + 1 < n else 0
            if hands[seat]:
                break
        self.current = seat
        if self.taken >= self.limit:
            fitting = 0
            for value in self.values:
                fitting |= PLAYOUT_MASK_WITH[value]
            for hand in hands:
                if hand & fitting:
                    return
            self._end("blocked", -1)

    def choice(self) -> tuple[int, int]:
        """The policy's placement for the seat to play: ``(rank, slot)``, or ``(-1, -1)``
        when nothing fits."""
        hand = self.hands[self.current]
        values = self.values
        if not values:  # the lead: any tile
            best_rank, best_points = -1, -1
            rest = hand
            while rest:
                rank = rest.bit_length() - 1
                rest ^= 1 << rank
                points = self.worth(rank, -1)
                if points > best_points:
                    best_rank, best_points = rank, points
            return best_rank, -1
        fitting = 0
        for value in values:
            fitting |= PLAYOUT_MASK_WITH[value]
        playable = hand & fitting
        best = (-1, -1)
        best_points = -1
        count = len(values)
        while playable:
            rank = playable.bit_length() - 1
            playable ^= 1 << rank
            low, high = LOW[rank], HIGH[rank]
            for slot in range(count):
                value = values[slot]
                if value in (low, high):
                    points = self.worth(rank, slot)
                    if points > best_points:
                        best, best_points = (rank, slot), points
        return best

    def step(self) -> None:
        """One move of the policy for the seat to play."""
        rank, slot = self.choice()
        if rank >= 0:
            self.place(rank, slot)
        elif self.taken < self.limit:
            self.draw()
        else:
            self.knock()

    def led(self) -> bool:
        """The lead played by ``step`` if the layout is empty (both loops start from an
        opened layout); whether the hand goes on."""
        if self.over is None and not self.values:
            self.step()
        return self.over is None

    def run(self) -> None:
        """Play the hand out with the policy: ``step`` until the end, as one loop (the hot
        loop of the search): ``run_python``, or the same loop in C with the C core."""
        if _run_in_c is None:
            self.run_python()
            return
        if not self.led():
            return
        (
            self.hands,
            self.values,
            self.weights,
            self.scores,
            self.taken,
            self.total,
            self.lone,
            self.spin,
            self.spinner_pending,
            self.current,
            kind,
            self.by,
        ) = _run_in_c(
            self.hands,
            self.bone,
            self.taken,
            self.limit,
            self.values,
            self.weights,
            self.total,
            self.lone,
            self.spin,
            self.spinner_pending,
            self.current,
            self.scores,
            self.side_of,
            self.table,
            self.exact,
            self.target,
            self.all_fives,
            self.partnerships,
            self.by_fives,
        )
        self.over = _KINDS[kind]

    def run_python(self) -> None:
        """``run`` in Python: ``step`` until the end, written as one loop on local
        variables (the tests check it against ``step``, and the C loop against it)."""
        if not self.led():
            return
        hands, values, weights = self.hands, self.values, self.weights
        bone, taken, limit = self.bone, self.taken, self.limit
        total, lone, spin, pending = self.total, self.lone, self.spin, self.spinner_pending
        seat, scores, side_of, table = self.current, self.scores, self.side_of, self.table
        exact, target, all_fives = self.exact, self.target, self.all_fives
        alone = all_fives or not self.partnerships
        sides = self.sides
        mask_with, low_of, high_of = PLAYOUT_MASK_WITH, LOW, HIGH
        n = len(hands)
        over = ""
        while True:
            hand = hands[seat]
            fitting = 0
            for value in values:
                fitting |= mask_with[value]
            playable = hand & fitting
            if playable:
                side = side_of[seat]
                room = target - scores[side] if exact else 1 << 30
                chip = 0 if all_fives or hand & (hand - 1) else 1
                best_points = -1
                best_rank = best_slot = 0
                best_total = 0
                count = len(values)
                while playable:
                    rank = playable.bit_length() - 1
                    playable ^= 1 << rank
                    low, high = low_of[rank], high_of[rank]
                    weight = 2 if low == high else 1
                    for slot in range(count):
                        value = values[slot]
                        if value in (low, high):
                            free = high if low == value else low
                            new_total = (
                                2 * value if lone else total - value * weights[slot]
                            ) + free * weight
                            points = table[new_total] + chip
                            if points > room:
                                points = 0
                            if points > best_points:
                                best_points, best_rank, best_slot = points, rank, slot
                                best_total = new_total
                # Place it (as ``place``).
                low, high = low_of[best_rank], high_of[best_rank]
                value = values[best_slot]
                double = low == high
                if lone:
                    other = 1 - best_slot
                    weights[other] = 2
                    lone = False
                    if spin == -2:
                        spin = other
                values[best_slot] = high if low == value else low
                weights[best_slot] = 2 if double else 1
                total = best_total
                if best_slot == spin:
                    spin = -1
                    values += (value, value)
                    weights += (0, 0)
                elif double and pending:
                    pending = False
                    spin = best_slot
                hand ^= 1 << best_rank
                hands[seat] = hand
                if best_points:
                    score = scores[side] + best_points
                    scores[side] = score
                    if score == target if exact else score >= target:
                        over = "target"
                        break
                if not hand and (alone or not any(hands[s] for s in sides[side])):
                    over = "domino"
                    break
            elif taken < limit:
                hands[seat] = hand | bone[taken]
                taken += 1
                continue
            # The next seat that holds tiles; blocked if nobody can play or draw.
            for _ in range(n):
                seat = seat + 1 if seat + 1 < n else 0
                if hands[seat]:
                    break
            if taken >= limit:
                fitting = 0
                for value in values:
                    fitting |= mask_with[value]
                for other_hand in hands:
                    if other_hand & fitting:
                        break
                else:
                    over = "blocked"
                    break
        self.taken, self.total, self.lone, self.spin = taken, total, lone, spin
        self.spinner_pending = pending
        self.current = seat
        self._end(over, seat if over != "blocked" else -1)

    # -- the end of the hand ---------------------------------------------------------------

    def _end(self, kind: str, by: int) -> None:
        """End the hand and score its end (F8) into ``scores``, as ``FivesHand`` does."""
        self.over = kind
        self.by = by
        if not self.all_fives or kind == "target":
            return  # Fives and Threes counts no pips; a won game counts nothing more
        side_pips = [sum(pips(self.hands[s]) for s in side) for side in self.sides]
        if kind == "domino":
            winners: list[int] = [self.side_of[by]]
        else:
            lowest = min(side_pips)
            winners = [side for side, p in enumerate(side_pips) if p == lowest]
            if len(winners) > 1 and (self.partnerships or len(side_pips) == 2):
                return  # tied lowest, two sides: nobody scores
        rest = sum(p for side, p in enumerate(side_pips) if side not in winners)
        if not rest:
            return
        rounded = share(rest, len(winners))
        for side in winners:
            self.scores[side] += rounded // 5 if self.by_fives else rounded
