"""What a discard's kept four are worth in the pegging, shown beside the hand and the crib
(as Cribbage Pro's discard analyser shows them); the expert never weighs it in its choice.

**Method.** ``DEALS`` four-card hands for the opponent are drawn uniformly from the 46
cards the seat has not seen (its own six taken out; the opponent's discard is not
modelled), by a generator seeded from the six cards' ranks alone, so that the figure is the same
every time and the bot's own random stream is untouched. Every discard is played against
the same hands (common random numbers: the differences between discards are much less
noisy than the figures). In each, the pegging is played out (C4, C5: the pone leads; a go
and the last card score 1) with both seats pegging greedily, as the greedy level does:
the card that scores most on the pile now, ties to the lowest rank. The figure is the
mean of the seat's pegging points less the opponent's. Suits play no part in the
pegging, so hands are played by rank and each pair of rank patterns is played once.

**Cost.** At most 15 x ``DEALS`` playouts of eight cards each: a few tens of
milliseconds per discard, paid by hints and reports only (the expert's ``choose`` does
not compute it). A single pegging's margin spreads by about 3.3 points, so with 64 deals a figure's
standard error is about 0.4 points (less for the difference between two discards).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.scoring import peg_rank_points

DEALS: Final = 64
"""Opponent hands each discard's kept four are pegged against."""


def _value(rank: int) -> int:
    return rank if rank < 10 else 10


def greedy_pegging_margin(mine: Sequence[int], theirs: Sequence[int], dealer: bool) -> int:
    """The pegging of ranks ``mine`` against ``theirs`` (1-13) played out greedily by both
    seats (see the module's text): the seat's points less the opponent's. ``dealer``: the
    seat dealt, so the opponent leads (C4)."""
    hands = [sorted(mine), sorted(theirs)]
    current = 1 if dealer else 0
    count = 0
    pile: list[int] = []
    said_go = [False, False]
    last = -1  # who played the pile's last card
    margin = 0
    while hands[0] or hands[1]:
        room = 31 - count
        best_rank = -1
        best_points = -1
        if not said_go[current]:
            for rank in hands[current]:  # sorted: ties go to the lowest rank
                if _value(rank) > room:
                    break
                points = peg_rank_points([*pile, rank], count + _value(rank))
                if points > best_points:
                    best_rank, best_points = rank, points
        if best_rank >= 0:
            hands[current].remove(best_rank)
            pile.append(best_rank)
            count += _value(best_rank)
            margin += best_points if current == 0 else -best_points
            last = current
            if count != 31 and (hands[0] or hands[1]):
                other = 1 - current
                if not said_go[other] and hands[other]:
                    current = other
                continue
        else:
            said_go[current] = True
            other = 1 - current
            if not said_go[other] and any(_value(r) <= room for r in hands[other]):
                current = other
                continue
        # The sequence is over: 31, or nobody can play. A go or the last card scores 1.
        if count != 31:
            margin += 1 if last == 0 else -1
        count, pile, said_go = 0, [], [False, False]
        current = 1 - last if hands[1 - last] else last
    return margin


def opponent_hands(six: Sequence[Card], deals: int = DEALS) -> list[tuple[int, ...]]:
    """The opponent's ``deals`` four-card hands (by rank) for the seat holding ``six``,
    drawn from the unseen cards by a generator seeded from the six's ranks alone."""
    mask = 0
    for card in six:
        mask |= card.bit
    # By rank, in rank order, seeded by the six's ranks: suits change nothing.
    unseen = sorted(c.rank for c in DECK if not mask & c.bit)
    rng = random.Random(",".join(str(r) for r in sorted(c.rank for c in six)))
    return [tuple(sorted(rng.sample(unseen, 4))) for _ in range(deals)]


def pegging_estimates(
    six: Sequence[Card], kept_fours: Sequence[Sequence[Card]], dealer: bool
) -> list[float]:
    """Per kept four (from ``six``), its expected pegging margin (see the module's text)."""
    hands = opponent_hands(six)
    memo: dict[tuple[int, ...], float] = {}
    out = []
    for kept in kept_fours:
        ranks = tuple(sorted(c.rank for c in kept))
        if ranks not in memo:
            total = sum(greedy_pegging_margin(ranks, theirs, dealer) for theirs in hands)
            memo[ranks] = total / len(hands)
        out.append(memo[ranks])
    return out
