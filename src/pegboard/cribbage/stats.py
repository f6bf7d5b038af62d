"""The exact distribution of show scores over every (4-card hand, starter) pair.

There are C(52,4) * 48 = 12,994,800 such pairs. Scoring each one would take a while in
Python, so the enumeration goes over what the score depends on instead:

* fifteens, pairs and runs depend only on the ranks: enumerate the multisets of four hand
  ranks and the starter's rank (at most four cards of a rank), score them once with
  ``rank_points``, and weight them by the number of ways to give the cards suits;
* flush and nobs depend on the suits: among those suit assignments, count exactly how many
  make a four- or five-card flush and how many hold the jack of the starter's suit.

``brute_force_distribution`` scores every pair of a deck with ``score_hand`` one by one; the
tests compare the two on decks of a few ranks, where brute force is quick.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Final

from pegboard.cribbage.cards import SUITS, Card
from pegboard.cribbage.scoring import rank_points, score_hand

ALL_HANDS: Final = comb(52, 4) * 48
"""12,994,800: every 4-card hand with every starter among the 48 other cards."""

JACK: Final = 11


def rank_distribution(ranks: Sequence[int], is_crib: bool = False) -> dict[int, int]:
    """Exact counts of each score over all (hand, starter) pairs of a deck made of ``ranks``
    in all four suits. ``ranks`` = 1..13 is the full deck."""
    counts: Counter[int] = Counter()
    for hand in combinations_with_replacement(sorted(set(ranks)), 4):
        held = Counter(hand)
        if max(held.values()) > 4:
            continue
        hand_ways = 1  # suit choices for the hand: C(4, n) for a rank held n times
        for n in held.values():
            hand_ways *= comb(4, n)
        jacks = held[JACK]
        distinct = len(held) == 4
        for starter in set(ranks):
            starter_ways = 4 - held[starter]
            if starter_ways == 0:
                continue
            base = rank_points((*hand, starter))
            for bonus, ways in _suit_bonuses(
                hand_ways, starter_ways, jacks, distinct, starter, is_crib
            ):
                counts[base + bonus] += ways
    return {score: n for score, n in sorted(counts.items()) if n}


def _suit_bonuses(
    hand_ways: int, starter_ways: int, jacks: int, distinct: bool, starter: int, is_crib: bool
) -> Iterable[tuple[int, int]]:
    """Split the ``hand_ways * starter_ways`` suit assignments by flush + nobs points."""
    total = hand_ways * starter_ways
    # Nobs: the starter's suit is uniform over its free suits, and (for a starter that is
    # not itself a jack) independent of which suits the hand's jacks have; so a quarter of
    # the assignments per jack held. A jack starter can never be nobs: its suit is not one
    # of the hand's jacks (C6).
    nobs = 0 if starter == JACK else total * jacks // 4
    if not distinct:  # two cards of a rank differ in suit: no flush
        return ((0, total - nobs), (1, nobs))
    # Four distinct ranks: 4 of the 256 hand assignments are one suit. The starter shares
    # that suit (5-card flush) in exactly one of its 4 suits if its rank is not in the hand;
    # if it is, that card of the flush suit is in the hand, so never.
    five = 4 if starter_ways == 4 else 0
    four_only = 4 * starter_ways - five
    # With a jack in a flush hand, nobs holds exactly when the starter shares the suit.
    five_nobs = five if jacks else 0
    plain_nobs = nobs - five_nobs
    plain = total - five - four_only - plain_nobs
    four_points = 0 if is_crib else 4  # the crib's four-card flush does not count
    return (
        (0, plain),
        (1, plain_nobs),
        (four_points, four_only),
        (5, five - five_nobs),
        (6, five_nobs),
    )


@cache
def score_distribution(is_crib: bool = False) -> dict[int, int]:
    """The number of (4-card hand, starter) pairs with each score, over all 12,994,800,
    enumerated on first call (and cached for the process). ``is_crib`` counts as a crib."""
    return rank_distribution(range(1, 14), is_crib)


def brute_force_distribution(deck: Sequence[Card], is_crib: bool = False) -> dict[int, int]:
    """Score every (hand, starter) pair of ``deck`` one by one with ``score_hand``."""
    counts: Counter[int] = Counter()
    for hand in combinations(deck, 4):
        for starter in deck:
            if starter not in hand:
                counts[score_hand(hand, starter, is_crib)] += 1
    return dict(sorted(counts.items()))


def mean(distribution: dict[int, int]) -> float:
    """The average score."""
    return sum(s * n for s, n in distribution.items()) / sum(distribution.values())


def impossible_scores(distribution: dict[int, int], top: int = 29) -> list[int]:
    """Scores 0..``top`` that no pair makes."""
    return [s for s in range(top + 1) if not distribution.get(s)]


def deck_of(ranks: Iterable[int]) -> tuple[Card, ...]:
    """The cards of ``ranks`` in all four suits."""
    return tuple(Card(r, s) for r in ranks for s in SUITS)
