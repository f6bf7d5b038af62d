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
from pegboard.cribbage.scoring import peg_rank_points, rank_value

DEALS: Final = 64
"""Opponent hands each discard's kept four are pegged against."""


def greedy_pegging_margin(mine: Sequence[int], theirs: Sequence[int], dealer: bool) -> int:
    """The pegging of ranks ``mine`` against ``theirs`` (1-13) played out greedily by both
    seats (see the module's text): the seat's points less the opponent's. ``dealer``: the
    seat dealt, so the opponent leads (C4)."""
    return greedy_playout([mine, theirs], 1 if dealer else 0, 0, [], [False, False], -1)


def greedy_playout(
    hands: Sequence[Sequence[int]],
    current: int,
    count: int,
    pile: Sequence[int],
    said_go: Sequence[bool],
    last: int,
    first: int | None = None,
) -> int:
    """The rest of a pegging of ranks (1-13), from ``current`` to act, played out greedily
    by both seats: seat 0's points less seat 1's from here on (C4, C5).

    ``hands`` are the ranks each seat still holds, ``count``, ``pile`` and ``said_go`` the
    sequence so far, ``last`` the seat that played the pile's last card (-1 if none).
    ``first``, when given, is the rank ``current`` plays now (it must fit under 31); every
    other play is the greedy one (the most points on the pile now, ties to the lowest rank):
    a go and the last card score 1, 31 scores its 2 and no go. The simulation player's
    playouts start mid-pegging; ``greedy_pegging_margin`` is this from the first card.
    """
    held = [sorted(hands[0]), sorted(hands[1])]
    run = list(pile)
    gone = [bool(said_go[0]), bool(said_go[1])]
    margin = 0
    forced = first
    while held[0] or held[1]:
        room = 31 - count
        best_rank = -1
        best_points = -1
        if forced is not None:
            best_rank = forced
            best_points = peg_rank_points([*run, forced], count + rank_value(forced))
            forced = None
        elif not gone[current]:
            for rank in held[current]:  # sorted: ties go to the lowest rank
                if rank_value(rank) > room:
                    break
                points = peg_rank_points([*run, rank], count + rank_value(rank))
                if points > best_points:
                    best_rank, best_points = rank, points
        if best_rank >= 0:
            held[current].remove(best_rank)
            run.append(best_rank)
            count += rank_value(best_rank)
            margin += best_points if current == 0 else -best_points
            last = current
            if count != 31 and (held[0] or held[1]):
                other = 1 - current
                if not gone[other] and held[other]:
                    current = other
                continue
        else:
            gone[current] = True
            other = 1 - current
            if not gone[other] and any(rank_value(r) <= room for r in held[other]):
                current = other
                continue
        # The sequence is over: 31, or nobody can play. A go or the last card scores 1.
        if count != 31 and last >= 0:
            margin += 1 if last == 0 else -1
        count, run, gone = 0, [], [False, False]
        current = 1 - last if held[1 - last] else last
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
