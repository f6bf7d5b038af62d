"""The cribbage expert's search of one determinized pegging: exact minimax over the rest
of the pegging with both hands known, cards by rank (C4, C5), a game reached at 121 worth
``WIN`` points or, in chance mode, the chance of winning the match
(``pegboard.cribbage.bots.expert`` deals the hands and averages the values).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from pegboard.cribbage.events import TARGET
from pegboard.cribbage.scoring import peg_rank_points, rank_value

PEG_BOUND: Final = 60
"""At least what one seat can peg in a hand: four cards, each at most 2 + 12 + 1 (C4, C5)."""

WIN: Final = 100.0
"""What reaching 121 first in this hand is worth in the pegging search, in points."""

Chance = Callable[[int | None, int, int], float]
"""``chance(winner, s0, s1)``: a seat's chance of winning the match when ``winner`` has just
reached 121 with the scores at ``s0``-``s1``, or (``winner`` None) when a hand's show has
left them there and the next hand is dealt."""


class PeggingSearch:
    """Exact minimax over the rest of one determinized pegging, cards by rank.

    ``hands`` are the ranks each seat still holds; ``shows`` the points of the pone's
    hand, the dealer's hand and the crib (counted after the pegging, in that order). Values
    are from ``me``'s side: its pegging points minus the other's from here on, ``WIN`` more
    (less) when it reaches 121 first in this hand. With ``chance`` (``Chance``), values are
    ``me``'s chance of winning the match instead: ``chance(winner, s0, s1)`` the moment a
    seat reaches 121, ``chance(None, s0, s1)`` after the show, at the next hand's start.
    Positions are cached.
    """

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        me: int,
        dealer: int,
        scores: Sequence[int],
        shows: tuple[int, int, int],
        chance: Chance | None = None,
    ) -> None:
        self.hands = [sorted(hands[0]), sorted(hands[1])]
        self.chance = chance
        self.me = me
        self.dealer = dealer
        self.start = (scores[0], scores[1])
        self.shows = shows
        # Can anyone reach 121 this hand? 60 is more than one seat can peg in a hand.
        pone = 1 - dealer
        # In chance mode every line's end counts, and the scores are part of a position.
        self.endgame = (
            chance is not None
            or scores[pone] + shows[0] + PEG_BOUND >= TARGET
            or scores[dealer] + shows[1] + shows[2] + PEG_BOUND >= TARGET
        )
        self.cache: dict[Any, float] = {}

    def root(
        self, current: int, count: int, pile: Sequence[int], gone: Sequence[bool]
    ) -> dict[int, float]:
        """The value of each rank ``current`` may play now (``{}`` if it must say go)."""
        s0, s1 = self.start
        pile_list = list(pile)
        hand = self.hands[current]
        out: dict[int, float] = {}
        for rank in sorted(set(hand)):
            if count + rank_value(rank) <= 31:
                out[rank] = self._play(current, rank, count, pile_list, gone[0], gone[1], s0, s1)
        return out

    def go_value(
        self, current: int, count: int, pile: Sequence[int], gone: Sequence[bool]
    ) -> float:
        s0, s1 = self.start
        return self._go(current, count, list(pile), gone[0], gone[1], s0, s1)

    # The recursion mirrors Game._play, Game._go and Game._end_sequence exactly.

    def _node(
        self, cur: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        key = (
            cur,
            count,
            tuple(pile),
            tuple(self.hands[0]),
            tuple(self.hands[1]),
            g0,
            g1,
            (s0, s1) if self.endgame else None,
        )
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        room = 31 - count
        best: float | None = None
        previous = -1
        for rank in self.hands[cur]:
            if rank == previous or rank_value(rank) > room:
                continue
            previous = rank
            value = self._play(cur, rank, count, pile, g0, g1, s0, s1)
            if best is None or (value > best if cur == self.me else value < best):
                best = value
        if best is None:
            best = self._go(cur, count, pile, g0, g1, s0, s1)
        self.cache[key] = best
        return best

    def _play(
        self, cur: int, rank: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        hand = self.hands[cur]
        at = hand.index(rank)
        del hand[at]
        pile.append(rank)
        count += rank_value(rank)
        points = peg_rank_points(pile, count)
        gain = 0 if self.chance is not None else points if cur == self.me else -points
        if cur == 0:
            s0 += points
        else:
            s1 += points
        try:
            if s0 >= TARGET or s1 >= TARGET:
                return gain + self._won(cur, s0, s1)
            if count == 31:
                return gain + self._end(cur, count, pile, s0, s1)
            other = 1 - cur
            if not (g1 if other else g0) and self.hands[other]:
                return gain + self._node(other, count, pile, g0, g1, s0, s1)
            if self._can_play(cur, count):
                return gain + self._node(cur, count, pile, g0, g1, s0, s1)
            return gain + self._end(cur, count, pile, s0, s1)
        finally:
            pile.pop()
            hand.insert(at, rank)

    def _go(
        self, cur: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        if cur == 0:
            g0 = True
        else:
            g1 = True
        other = 1 - cur
        if self._can_play(other, count):
            return self._node(other, count, pile, g0, g1, s0, s1)
        return self._end(other, count, pile, s0, s1)

    def _can_play(self, seat: int, count: int) -> bool:
        room = 31 - count
        return any(rank_value(r) <= room for r in self.hands[seat])

    def _won(self, seat: int, s0: int, s1: int) -> float:
        if self.chance is not None:
            return self.chance(seat, s0, s1)
        return WIN if seat == self.me else -WIN

    def _end(self, last: int, count: int, pile: list[int], s0: int, s1: int) -> float:
        gain = 0.0
        if count != 31:  # a go or the last card: 1 point (C5)
            if self.chance is None:
                gain = 1.0 if last == self.me else -1.0
            if last == 0:
                s0 += 1
            else:
                s1 += 1
            if s0 >= TARGET or s1 >= TARGET:
                return gain + self._won(last, s0, s1)
        other = 1 - last
        if self.hands[other]:
            return gain + self._node(other, 0, [], False, False, s0, s1)
        if self.hands[last]:
            return gain + self._node(last, 0, [], False, False, s0, s1)
        return gain + self._show(s0, s1)

    def _show(self, s0: int, s1: int) -> float:
        """Who, if anyone, reaches 121 in the show: the pone counts first (C6, C7); in
        chance mode, where the show leaves the match otherwise."""
        if not self.endgame:
            return 0.0
        pone = 1 - self.dealer
        scores = [s0, s1]
        scores[pone] += self.shows[0]
        if scores[pone] >= TARGET:
            return self._won(pone, scores[0], scores[1])
        scores[self.dealer] += self.shows[1] + self.shows[2]
        if scores[self.dealer] >= TARGET:
            return self._won(self.dealer, scores[0], scores[1])
        return 0.0 if self.chance is None else self.chance(None, scores[0], scores[1])
