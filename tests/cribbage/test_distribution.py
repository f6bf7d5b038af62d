"""C6 over every deal: the exact score distribution against published figures.

Published figures: Steven S. Lumetta, "Amusing Cribbage Facts"
(http://lumetta.web.engr.illinois.edu/humor/cribbage.html), the hand table over all
12,994,800 (4-card hand, starter) pairs; the crib's 1,022,208 zero-point pairs and the list of
24-point hands from Wikipedia's "Cribbage statistics".
"""

from __future__ import annotations

import pytest

from pegboard.cribbage import parse_cards, score_hand
from pegboard.cribbage.scoring import rank_points
from pegboard.cribbage.stats import (
    ALL_HANDS,
    brute_force_distribution,
    deck_of,
    impossible_scores,
    mean,
    rank_distribution,
    score_distribution,
)

LUMETTA_HAND_TABLE = {
    0: 1009008, 1: 99792, 2: 2813796, 3: 505008, 4: 2855676, 5: 697508, 6: 1800268,
    7: 751324, 8: 1137236, 9: 361224, 10: 388740, 11: 51680, 12: 317340, 13: 19656,
    14: 90100, 15: 9168, 16: 58248, 17: 11196, 18: 2708, 20: 8068, 21: 2496, 22: 444,
    23: 356, 24: 3680, 28: 76, 29: 4,
}  # fmt: skip


def test_c6_all_hands_count() -> None:
    assert ALL_HANDS == 12_994_800
    assert sum(score_distribution().values()) == 12_994_800
    assert sum(score_distribution(is_crib=True).values()) == 12_994_800


def test_c6_published_hand_figures() -> None:
    table = score_distribution()
    assert table[0] == 1_009_008
    assert table[29] == 4
    assert impossible_scores(table) == [19, 25, 26, 27]
    assert round(mean(table), 3) == 4.769
    assert table == LUMETTA_HAND_TABLE


def test_c6_28_and_29_counted_by_hand() -> None:
    # Four fives and one of the 16 ten-cards, any of the five cards as starter: 80 pairs.
    # All score 28, except when the ten-card is a jack in the hand and the starter is the
    # five of its suit (4 jacks x 1 five): nobs, 29. So 76 score 28 and 4 score 29.
    table = score_distribution()
    assert (table[28], table[29]) == (80 - 4, 4)


def test_c6_published_crib_figures() -> None:
    crib = score_distribution(is_crib=True)
    assert crib[0] == 1_022_208
    assert impossible_scores(crib) == [19, 25, 26, 27]
    # Only flushes differ: the crib loses every four-card flush whose starter is another suit.
    hand = score_distribution()
    assert crib[28] == hand[28] and crib[29] == hand[29]


def test_c6_distribution_matches_brute_force_on_small_decks() -> None:
    # Decks of a few ranks in all four suits: each (hand, starter) pair scored one by one.
    for ranks in [(1, 2, 3, 4, 5, 11), (5, 6, 9, 10, 11, 13)]:
        for is_crib in (False, True):
            assert rank_distribution(ranks, is_crib) == brute_force_distribution(
                deck_of(ranks), is_crib
            )


@pytest.mark.parametrize(
    "ranks",
    ["A 7 7 7 7", "3 3 3 3 9", "3 6 6 6 6", "4 4 4 4 7", "4 4 5 5 6", "4 4 5 6 6",
     "4 5 5 6 6", "6 7 7 8 8", "7 7 8 8 9"],
)  # fmt: skip
def test_c6_published_24_point_hands(ranks: str) -> None:
    numbers = [1 if r == "A" else int(r) for r in ranks.split()]
    assert rank_points(numbers) == 24


def test_c6_distribution_is_computed_not_stored() -> None:
    # The cached table is the enumeration itself.
    assert rank_distribution(range(1, 14)) == score_distribution()
    assert score_hand(parse_cards("5H 5D 5C JS"), parse_cards("5S")[0]) == max(score_distribution())
