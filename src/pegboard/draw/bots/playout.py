"""Fast playouts of a determinized Draw round, on plain integers, for the expert's search.

A playout needs only the hands, the stock order, the numbers on the two open ends, the seat
to play and the consecutive passes: which tile of the line shows an end never changes what
may be played (D5, D9), so the line is reduced to its two numbers. Tiles are re-numbered so
that a heavier tile has a higher bit (ties: a double above a non-double): the heaviest
playable tile of a hand is then ``playable.bit_length() - 1``, with no loop.

The playout policy, for every seat: play the heaviest playable tile (a double first among
equals), on the end that leaves open the number the player holds more of (the higher
on a tie); draw only when
nothing fits (D7); pass only when neither is possible (D8). It is deterministic, so all
the randomness of the search comes from the determinizations, and every candidate action
is scored on the same deals (common random numbers). The tests check these playouts
against ``Round`` move by move.

A playout plays one set: its ``ranks`` (``pegboard.dominoes.ranks.ranks_of``) are the
double-six set's numbering by default, the double-nine set's for its rounds (D25).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pegboard.dominoes.ranks import Ranks, ranks_of
from pegboard.draw.actions import DrawTile, Pass, Play
from pegboard.draw.round import RESERVE
from pegboard.draw.scoring import side_points

SHAPED_DOUBLE: Final = 10
"""Points of ``Playout.run_shaped``'s bonus for a double (measured: policy against policy,
the greedy one in the other seats)."""
SHAPED_FOLLOW: Final = 8
"""Points of its bonus for a play after which the hand can still follow on the ends."""
SIX_RANKS: Final = ranks_of(6)
_SHAPED_BASE: dict[int, tuple[int, ...]] = {}


def shaped_base(ranks: Ranks) -> tuple[int, ...]:
    """Per playout rank, the shaped policy's score before its follow bonus."""
    base = _SHAPED_BASE.get(ranks.tile_set)
    if base is None:
        base = _SHAPED_BASE[ranks.tile_set] = tuple(
            t.pips + (SHAPED_DOUBLE if t.is_double else 0) for t in ranks.order
        )
    return base


DRAW: Final = -1
PASS: Final = -2
OPEN: Final = 15
"""A move code: ``16 * rank + value`` plays the tile of playout rank ``rank`` on the end
showing ``value`` (0-9; ``OPEN`` for the first tile), or ``DRAW``, or ``PASS``."""
CODE: Final = 16
"""The move code's multiplier of a rank (``OPEN`` and the ten numbers fit below it)."""


def code_of(action: object, ranks: Ranks = SIX_RANKS) -> int:
    """The move code of a legal Draw action, in the playout numbering ``ranks`` of its
    round's set."""
    cls = action.__class__
    if cls is Play:
        assert isinstance(action, Play)
        rank = ranks.rank_bit[action.tile.index].bit_length() - 1
        return CODE * rank + (OPEN if action.end is None else action.end.value)
    if cls is DrawTile:
        return DRAW
    if cls is Pass:
        return PASS
    raise ValueError(f"not a Draw action: {action!r}")


class Playout:
    """One determinized position, mutable; ``copy`` before trying an action on it."""

    __slots__ = (
        "a",
        "b",
        "current",
        "hands",
        "n",
        "partners",
        "passes",
        "ranks",
        "stock",
        "taken",
    )

    def __init__(
        self,
        hands: list[int],
        stock: list[int],
        ends: Sequence[int],
        current: int,
        passes: int,
        partners: bool = False,
        ranks: Ranks = SIX_RANKS,
    ) -> None:
        self.hands = hands
        self.stock = stock  # playout bits, in drawing order; stock[taken:] is left
        self.taken = 0
        self.a, self.b = (ends[0], ends[1]) if ends else (-1, -1)
        self.current = current
        self.passes = passes
        self.n = len(hands)
        self.partners = partners  # two sides of partners, seats 0 and 2 against 1 and 3 (D21)
        self.ranks = ranks  # the set's playout numbering (D25)

    def copy(self) -> Playout:
        other = Playout.__new__(Playout)
        other.hands = self.hands.copy()
        other.stock = self.stock
        other.taken = self.taken
        other.a = self.a
        other.b = self.b
        other.current = self.current
        other.passes = self.passes
        other.n = self.n
        other.partners = self.partners
        other.ranks = self.ranks
        return other

    def apply(self, action: object) -> int:
        """Take a legal ``action`` for the seat to play; return the seat that dominoed
        (-1 if none), or -2 when the round blocked."""
        return self.apply_code(code_of(action, self.ranks))

    def apply_code(self, move: int) -> int:
        """``apply`` of a move code (``code_of``): the tree search's moves are codes."""
        seat = self.current
        if move == DRAW:
            self.hands[seat] |= self.stock[self.taken]
            self.taken += 1
            return -1
        if move == PASS:
            self.passes += 1
            if self.passes >= self.n:
                return -2
            self.current = (seat + 1) % self.n
            return -1
        rank, value = divmod(move, CODE)
        low, high = self.ranks.low[rank], self.ranks.high[rank]
        if value == OPEN:
            self.a, self.b = low, high
        else:
            other = high if low == value else low
            if self.a == value:
                self.a = other
            else:
                self.b = other
        hand = self.hands[seat] ^ (1 << rank)
        self.hands[seat] = hand
        self.passes = 0
        if not hand:
            return seat
        self.current = (seat + 1) % self.n
        return -1

    def run(self) -> int:
        """Play to the end with the playout policy; the seat that dominoed, or -2 if
        blocked. This is the hot loop of the search."""
        hands = self.hands
        stock = self.stock
        taken = self.taken
        a, b = self.a, self.b
        seat = self.current
        passes = self.passes
        n = self.n
        stock_len = len(stock)
        ranks = self.ranks
        mask_with = ranks.mask_with
        low_of, high_of = ranks.low, ranks.high
        while True:
            hand = hands[seat]
            playable = hand if a < 0 else hand & (mask_with[a] | mask_with[b])
            if playable:
                rank = playable.bit_length() - 1
                hand ^= 1 << rank
                hands[seat] = hand
                low, high = low_of[rank], high_of[rank]
                if a < 0:
                    a, b = low, high
                elif low == a or high == a:
                    if (low == b or high == b) and a != b:
                        # [a|b] fits both ends: keep open the number held more of
                        # (on a tie the higher one), playing on the other end.
                        held_a = (hand & mask_with[a]).bit_count()
                        held_b = (hand & mask_with[b]).bit_count()
                        if held_a > held_b or (held_a == held_b and a > b):
                            b = a
                        else:
                            a = b
                    else:
                        a = high if low == a else low
                else:
                    b = high if low == b else low
                passes = 0
                if not hand:
                    return seat
                seat = seat + 1 if seat + 1 < n else 0
            elif stock_len - taken > RESERVE:
                hands[seat] = hand | stock[taken]
                taken += 1
            else:
                passes += 1
                if passes >= n:
                    return -2
                seat = seat + 1 if seat + 1 < n else 0

    def run_shaped(self) -> int:
        """``run`` with the shaped policy (``SHAPED_DOUBLE``, ``SHAPED_FOLLOW``): of the
        plays that fit, the one that scores most by its pips, a bonus for a double (a
        double fits fewer lines later) and a bonus when the hand left can follow on the ends
        it makes; the heaviest first on a tie. The same draws and passes as ``run``. (A
        loop of its own rather than ``run`` with a flag: ``run`` is the search's hot loop,
        and a flag would be tested at every move of every playout.)"""
        hands = self.hands
        stock = self.stock
        taken = self.taken
        a, b = self.a, self.b
        seat = self.current
        passes = self.passes
        n = self.n
        stock_len = len(stock)
        ranks = self.ranks
        mask_with = ranks.mask_with
        low_of, high_of = ranks.low, ranks.high
        base = shaped_base(ranks)
        follow_bonus = SHAPED_FOLLOW
        while True:
            hand = hands[seat]
            playable = hand if a < 0 else hand & (mask_with[a] | mask_with[b])
            if playable:
                best = -1
                new_a = new_b = 0
                chosen = 0
                while playable:
                    rank = playable.bit_length() - 1
                    bit = 1 << rank
                    playable ^= bit
                    rest = hand ^ bit
                    low, high = low_of[rank], high_of[rank]
                    score = base[rank]
                    if a < 0:
                        if rest & (mask_with[low] | mask_with[high]):
                            score += follow_bonus
                        if score > best:
                            best, chosen, new_a, new_b = score, rank, low, high
                        continue
                    if low == a or high == a:  # on the a end
                        other = high if low == a else low
                        value = score + (
                            follow_bonus if rest & (mask_with[other] | mask_with[b]) else 0
                        )
                        if value > best:
                            best, chosen, new_a, new_b = value, rank, other, b
                    if b != a and (low == b or high == b):  # on the b end
                        other = high if low == b else low
                        value = score + (
                            follow_bonus if rest & (mask_with[a] | mask_with[other]) else 0
                        )
                        if value > best:
                            best, chosen, new_a, new_b = value, rank, a, other
                hand ^= 1 << chosen
                hands[seat] = hand
                a, b = new_a, new_b
                passes = 0
                if not hand:
                    return seat
                seat = seat + 1 if seat + 1 < n else 0
            elif stock_len - taken > RESERVE:
                hands[seat] = hand | stock[taken]
                taken += 1
            else:
                passes += 1
                if passes >= n:
                    return -2
                seat = seat + 1 if seat + 1 < n else 0

    def points(self, domino_by: int) -> list[int]:
        """Points per seat of the finished round (D13, D14); ``domino_by`` as ``run``. In
        partnerships both partners show their side's points: the opponents' two counts to
        the side of the player out (D22), blocked the opponents' total to the side of the
        lower total, equal totals nothing (D23)."""
        pips = self.ranks.pips
        counts = [pips(hand) for hand in self.hands]
        if self.partners:
            return side_points(counts, domino_by if domino_by >= 0 else None)
        points = [0] * self.n
        total = sum(counts)
        if domino_by >= 0:
            points[domino_by] = total
            return points
        lowest = min(counts)
        if counts.count(lowest) == 1:
            points[counts.index(lowest)] = total - 2 * lowest
        return points


def margins(points: Sequence[int], partners: bool) -> list[float]:
    """Per seat, what a search maximises for it in a finished round: its points less the
    mean of the others'; in partnerships its side's points less the opponents' (D21-D23),
    so that partners search for one and the same value, their side's margin."""
    n = len(points)
    if partners:
        return [float(points[seat] - points[(seat + 1) % n]) for seat in range(n)]
    total = sum(points)
    rest = n - 1
    return [p - (total - p) / rest for p in points]
