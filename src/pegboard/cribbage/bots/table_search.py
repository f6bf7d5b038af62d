"""The pegging search among three (C8, C10) and four in partnerships (C9, C10): the
two-player expert's search (``pegboard.cribbage.bots.pegging_search.PeggingSearch``) round a table.

In each determinized deal (``pegboard.cribbage.determinize.table_hidden_deal``: the other
seats' cards, a partner's as hidden as an opponent's) the rest of the pegging is searched
by minimax, cards by rank, the turn passing to the left as the engine passes it (C10).
The value of a line is the seat's side's margin: its side's points (its own, or at four
its partnership's, C9) less the opponents' (at three, less the mean of the two others'
points); the seat and its partner choose the line best for the side, the opponents the
line worst for it (a "paranoid" search: at three the two others are taken to play
against the seat together). When a side may reach 121 in this hand, the line that gets
there first (the pegging, then the show from the dealer's left, the dealer's hand and the
crib, C11, C12) is worth ``WIN`` more for the seat's side, less for another.

Round a table the rest of a hand is 12 or 16 cards, not the two-player game's 8: past
``FULL_CARDS`` cards in hand the search stops at the end of the current sequence (the count
back to 0, its go scored), worth nothing beyond; the decisions near the end of the hand,
where fewer cards are left, are searched to the show.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, Final

from pegboard.bots.base import Evaluation
from pegboard.core import Action
from pegboard.cribbage.actions import Play
from pegboard.cribbage.bots.expert import ENDGAME_UNIT, PEGGING_UNIT
from pegboard.cribbage.bots.pegging_search import PEG_BOUND, WIN
from pegboard.cribbage.determinize import table_hidden_deal
from pegboard.cribbage.events import TARGET, side_of
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import peg_rank_points, rank_value, score_hand

FULL_CARDS: Final = 8
"""Past this many cards still held round the table, the search stops at the end of the
current sequence (see the module's text)."""

LIMIT: Final = 31

LEAD_CARDS: Final = 11
"""Past this many cards held round the table (the hand's first lead or two), a deal's
search of the first sequence alone costs several two-player decisions: the expert then
searches ``LEAD_SHARE`` times fewer deals."""
LEAD_SHARE: Final = 4


def table_budget(determinizations: int, held: int) -> int:
    """The deals searched round a table for a two-player budget of ``determinizations``
    with ``held`` cards in hand round the table (two at least)."""
    if held > LEAD_CARDS:
        return max(2, determinizations // LEAD_SHARE)
    return max(2, determinizations)


class TablePeggingSearch:
    """Minimax over the rest of one determinized pegging round a table, cards by rank.

    ``hands`` are the ranks each seat still holds; ``shows`` each seat's hand's points and,
    last, the crib's (counted after the pegging from the dealer's left, C11). ``scores``
    are the game's (one a player, or one a side at four). ``sequences``: how many sequences
    to search to their end (None: to the show). Values are from ``me``'s side (see the
    module's text). Positions are cached.
    """

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        me: int,
        dealer: int,
        scores: Sequence[int],
        shows: Sequence[int],
        sequences: int | None = None,
    ) -> None:
        players = len(hands)
        self.players = players
        self.hands = [sorted(h) for h in hands]
        self.me = me
        self.dealer = dealer
        self.sides = tuple(side_of(players, s) for s in range(players))
        mine = self.sides[me]
        opposing = len(set(self.sides)) - 1
        self.weight = tuple(1.0 if side == mine else -1.0 / opposing for side in self.sides)
        self.ours = tuple(side == mine for side in self.sides)
        self.left = tuple((s + 1) % players for s in range(players))
        self.start = tuple(scores)
        self.shows = tuple(shows)
        self.sequences = sequences
        # Can a side reach 121 this hand? A card pegs at most a quarter of PEG_BOUND (a
        # fifteen or 31, a double pair royal, the go), so a seat at most that a card held.
        reach = list(scores)
        for seat in range(players):
            reach[self.sides[seat]] += shows[seat] + PEG_BOUND // 4 * len(hands[seat])
        reach[self.sides[dealer]] += shows[players]
        self.endgame = max(reach) >= TARGET
        self.cache: dict[Any, float] = {}

    def root(
        self,
        current: int,
        count: int,
        pile: Sequence[int],
        gone: Sequence[bool],
        last: int,
    ) -> dict[int, float]:
        """The value of each rank ``current`` may play now (``{}`` if it must say go);
        ``last`` is who played the pile's last card (any seat while the pile is empty)."""
        out: dict[int, float] = {}
        for rank in sorted(set(self.hands[current])):
            if count + rank_value(rank) <= LIMIT:
                out[rank] = self._play(
                    current, rank, count, list(pile), list(gone), self.start, self.sequences
                )
        return out

    def go_value(
        self, current: int, count: int, pile: Sequence[int], gone: Sequence[bool], last: int
    ) -> float:
        return self._go(current, count, list(pile), list(gone), last, self.start, self.sequences)

    # The recursion mirrors Rules.apply, Rules._go and Rules._end_sequence round a table.

    def _node(
        self,
        cur: int,
        count: int,
        pile: list[int],
        gone: list[bool],
        last: int,
        scores: tuple[int, ...],
        seqs: int | None,
    ) -> float:
        key = (
            cur,
            count,
            tuple(pile),
            tuple(tuple(h) for h in self.hands),
            tuple(gone),
            last,
            seqs,
            scores if self.endgame else None,
        )
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        room = LIMIT - count
        best: float | None = None
        previous = -1
        maximise = self.ours[cur]
        for rank in self.hands[cur]:
            if rank == previous or rank_value(rank) > room:
                continue
            previous = rank
            value = self._play(cur, rank, count, pile, gone, scores, seqs)
            if best is None or (value > best if maximise else value < best):
                best = value
        if best is None:
            best = self._go(cur, count, pile, gone, last, scores, seqs)
        self.cache[key] = best
        return best

    def _scored(self, scores: tuple[int, ...], seat: int, points: int) -> tuple[int, ...]:
        if not points:
            return scores
        out = list(scores)
        out[self.sides[seat]] += points
        return tuple(out)

    def _play(
        self,
        cur: int,
        rank: int,
        count: int,
        pile: list[int],
        gone: list[bool],
        scores: tuple[int, ...],
        seqs: int | None,
    ) -> float:
        hand = self.hands[cur]
        at = hand.index(rank)
        del hand[at]
        pile.append(rank)
        count += rank_value(rank)
        points = peg_rank_points(pile, count)
        gain = points * self.weight[cur]
        scores = self._scored(scores, cur, points)
        try:
            if points and scores[self.sides[cur]] >= TARGET:
                return gain + self._won(cur)
            if count == LIMIT:
                return gain + self._end(cur, count, pile, scores, seqs)
            other = self.left[cur]
            while gone[other] or not self.hands[other]:
                other = self.left[other]
                if other == cur:  # round to the player of the card
                    if not self._can_play(cur, count):
                        return gain + self._end(cur, count, pile, scores, seqs)
                    return gain + self._node(cur, count, pile, gone, cur, scores, seqs)
            return gain + self._node(other, count, pile, gone, cur, scores, seqs)
        finally:
            pile.pop()
            hand.insert(at, rank)

    def _go(
        self,
        seat: int,
        count: int,
        pile: list[int],
        gone: list[bool],
        last: int,
        scores: tuple[int, ...],
        seqs: int | None,
    ) -> float:
        gone = list(gone)
        gone[seat] = True
        other = self.left[seat]
        while gone[other] or not self.hands[other]:
            other = self.left[other]
            if other == seat:  # no one left to ask
                return self._end(last, count, pile, scores, seqs)
        if self._can_play(other, count):
            return self._node(other, count, pile, gone, last, scores, seqs)
        if other == last:  # it cannot play on, and is never asked to say go
            return self._end(last, count, pile, scores, seqs)
        return self._node(other, count, pile, gone, last, scores, seqs)

    def _can_play(self, seat: int, count: int) -> bool:
        room = LIMIT - count
        return any(rank_value(r) <= room for r in self.hands[seat])

    def _won(self, seat: int) -> float:
        return WIN if self.ours[seat] else -WIN

    def _end(
        self, last: int, count: int, pile: list[int], scores: tuple[int, ...], seqs: int | None
    ) -> float:
        gain = 0.0
        if count != LIMIT:  # a go or the last card: 1 point (C5, C10)
            gain = self.weight[last]
            scores = self._scored(scores, last, 1)
            if scores[self.sides[last]] >= TARGET:
                return gain + self._won(last)
        if seqs is not None:
            seqs -= 1
            if seqs <= 0:
                return gain  # the search's horizon: nothing counted beyond
        seat = self.left[last]
        while not self.hands[seat]:
            if seat == last:  # every card is played
                return gain + self._show(scores)
            seat = self.left[seat]
        return gain + self._node(seat, 0, [], [False] * self.players, seat, scores, seqs)

    def _show(self, scores: tuple[int, ...]) -> float:
        """Who, if anyone, reaches 121 in the show: from the dealer's left, the dealer's
        hand, then the crib (C11, C12)."""
        if not self.endgame:
            return 0.0
        totals = list(scores)
        seat = self.dealer
        for _ in range(self.players):
            seat = self.left[seat]
            totals[self.sides[seat]] += self.shows[seat]
            if totals[self.sides[seat]] >= TARGET:
                return self._won(seat)
        totals[self.sides[self.dealer]] += self.shows[self.players]
        if totals[self.sides[self.dealer]] >= TARGET:
            return self._won(self.dealer)
        return 0.0


def last_player(view: CribbageObservation) -> int:
    """Who played the current pile's last card (the seat itself while the pile is empty)."""
    if view.pile and view.played:
        return view.played[-1][0]
    return view.seat


def table_pegging(
    view: CribbageObservation,
    legal: Sequence[Action],
    rng: random.Random,
    budget: int,
    time_limit: float | None = None,
) -> list[Evaluation]:
    """Every legal action's mean value over the deals of the hidden cards
    (``table_hidden_deal``) that ``table_budget`` gives for a two-player ``budget``, each
    searched by ``TablePeggingSearch``; with ``time_limit`` (seconds), no new deal is
    searched once it is spent (one at least)."""
    me = view.seat
    players = view.num_players
    assert view.starter is not None and view.current_player == me
    starter = view.starter
    pile = [c.rank for c in view.pile]
    last = last_player(view)
    held = sum(view.hand_sizes)
    sequences = None if held <= FULL_CARDS else 1
    determinizations = table_budget(budget, held)
    totals: dict[int, float] = {}
    go_total = 0.0
    endgame = False
    memo: dict[tuple[Any, ...], tuple[dict[int, float], float]] = {}
    deadline = None if time_limit is None else time.monotonic() + time_limit
    searched = 0
    while searched < determinizations:
        if searched and deadline is not None and time.monotonic() > deadline:
            break
        searched += 1
        deal = table_hidden_deal(view, rng)
        hands = [sorted(c.rank for c in h) for h in deal.hands]
        shows = []
        for seat in range(players):
            kept = [*(c for s, c in view.played if s == seat), *deal.hands[seat]]
            shows.append(score_hand(kept, starter))
        crib = [*deal.pack, *(c for cards in deal.discards for c in cards)]
        shows.append(score_hand(crib, starter, is_crib=True))
        search = TablePeggingSearch(hands, me, view.dealer, view.scores, shows, sequences)
        endgame = endgame or search.endgame
        # The same ranks give the same pegging; the shows matter only near 121.
        key = (*(tuple(h) for h in hands), *(shows if search.endgame else ()))
        if key not in memo:
            if isinstance(legal[0], Play):
                memo[key] = (search.root(me, view.count, pile, view.said_go, last), 0.0)
            else:
                memo[key] = ({}, search.go_value(me, view.count, pile, view.said_go, last))
        values, go_value = memo[key]
        for rank, value in values.items():
            totals[rank] = totals.get(rank, 0.0) + value
        go_total += go_value
    unit = ENDGAME_UNIT if endgame else PEGGING_UNIT
    rows = []
    for action in legal:
        if isinstance(action, Play):
            mean = totals[action.card.rank] / searched
        else:
            mean = go_total / searched
        rows.append(Evaluation(action, mean, unit))
    return rows
