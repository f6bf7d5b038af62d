"""C6: counting a hand or the crib with the starter.

Every expected value below is worked out by hand from C6 in the comment next to it.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cribbage import DECK, Card, parse_cards, score_breakdown, score_hand


def show(text: str, is_crib: bool = False) -> int:
    """Score 'h1 h2 h3 h4 starter', and check that the breakdown agrees."""
    *hand, starter = parse_cards(text)
    points = score_hand(hand, starter, is_crib)
    assert score_breakdown(hand, starter, is_crib).total == points
    return points


def test_c6_the_29_hand() -> None:
    # J+5 four ways (8) and 5+5+5 four ways (8) = 16; six pairs of fives 12; the jack of
    # spades with the 5 of spades starter is nobs 1: 16 + 12 + 1 = 29.
    assert show("5H 5D 5C JS 5S") == 29
    breakdown = score_breakdown(parse_cards("5H 5D 5C JS"), Card.parse("5S"))
    kinds = [item.kind for item in breakdown.items]
    assert kinds == ["fifteen"] * 8 + ["pair"] * 6 + ["nobs"]
    assert breakdown.say().endswith(
        "a double pair royal is twenty-eight, and one for his nobs is twenty-nine"
    )


def test_c6_four_fives_and_a_ten_card_is_28() -> None:
    # 5+10 four ways (8), 5+5+5 four ways (8), double pair royal 12: 28, no nobs.
    assert show("5H 5D 5C 5S 10H") == 28
    assert show("5H 5D 5C 5S KH") == 28


def test_c6_nobs_only_for_the_jack_of_the_starters_suit() -> None:
    # All values even (10, 2, 4, 6, 8): no fifteen can make the odd 15; no pair, no run.
    assert show("JH 2S 4D 6C 8H") == 1  # jack of hearts, hearts starter: nobs
    assert show("JH 2S 4D 6C 8S") == 0  # jack of hearts, spades starter: nothing
    assert show("JH 2S 4D 6C 8H", is_crib=True) == 1  # nobs counts in the crib too


def test_c6_jack_starter_is_not_nobs() -> None:
    # 2 4 6 8 + J: all even, nothing; the jack starter is "his heels", scored at the cut (C3).
    assert show("2S 4D 6C 8H JH") == 0
    # JH in hand, JS starter: a pair (2); JH is not of the starter's suit.
    assert show("JH 2S 4D 6C JS") == 2


def test_c6_four_card_flush_in_hand_scores_4_and_5_with_the_starter() -> None:
    # 2 4 6 8 + K: all even values, no fifteens, pairs or runs; only the flush.
    assert show("2H 4H 6H 8H KS") == 4
    assert show("2H 4H 6H 8H KH") == 5


def test_c6_crib_needs_a_five_card_flush() -> None:
    assert show("2H 4H 6H 8H KS", is_crib=True) == 0  # four of a suit, other starter
    assert show("2H 4H 6H 8H KH", is_crib=True) == 5


def test_c6_starter_alone_does_not_make_a_flush() -> None:
    # Three hearts in hand plus a hearts starter is no flush.
    assert show("2H 4H 6H 8S KH") == 0


def test_c6_double_run() -> None:
    # 3 4 5 5 + 8: two runs 3-4-5 (6), pair of fives (2), 3+4+8 = 15 (2), and no other
    # subset makes 15 (3-sets: 12,12,15,13,16,16,14,17,17,18; 4-sets: 22,21,20,20,17) = 10.
    assert show("3S 4D 5C 5H 8S") == 10
    breakdown = score_breakdown(parse_cards("3S 4D 5C 5H"), Card.parse("8S"))
    assert [i.points for i in breakdown.items if i.kind == "run"] == [3, 3]


def test_c6_double_run_of_four() -> None:
    # 3 4 5 5 6: two runs 3-4-5-6 (8), a pair (2), 4+5+6 twice (4) = 14.
    assert show("3H 4D 5C 5S 6H") == 14


def test_c6_triple_run() -> None:
    # 3 3 3 4 5: three runs 3-4-5 (9), pair royal (6), 3+3+4+5 = 15 three ways (6) = 21.
    assert show("3S 3D 3C 4H 5S") == 21
    breakdown = score_breakdown(parse_cards("3S 3D 3C 4H"), Card.parse("5S"))
    assert sum(1 for i in breakdown.items if i.kind == "run") == 3


def test_c6_double_double_run() -> None:
    # 6 7 7 8 8: runs 6-7-8 with either 7 and either 8: 4 runs (12); two pairs (4);
    # 7+8 = 15 with either 7 and either 8: 4 fifteens (8); 6+7=13, 6+8=14, 6+7+8=21
    # make nothing else: 24.
    assert show("6S 7D 7C 8H 8S") == 24
    # 7 7 8 8 9: 4 runs of three (12), two pairs (4), 7+8 four ways (8) = 24.
    assert show("7S 7D 8C 8H 9S") == 24


def test_c6_run_of_five_and_flush() -> None:
    # A 2 3 4 5 all hearts: run of five (5), A+2+3+4+5 = 15 (2), flush of five (5) = 12.
    assert show("AH 2H 3H 4H 5H") == 12


def test_c6_no_wrap_around_run() -> None:
    # Q K A (C1: ace low only): no run. Q K A 2 + 7: values 10 10 1 2 7; 10+... no 15
    # (a ten needs 5 more from A 2 7: no; without a ten A+2+7 = 10): 0 points.
    assert show("QS KD AC 2H 7S") == 0


def test_c6_say_the_traditional_way() -> None:
    # 5 5 K 2 + 9: 5+K twice (4), a pair (2); nothing else sums to 15: 6.
    breakdown = score_breakdown(parse_cards("5H 5D KS 2C"), Card.parse("9S"))
    assert breakdown.total == 6
    assert breakdown.say() == "fifteen two, fifteen four, and a pair is six"
    double_run = score_breakdown(parse_cards("3S 4D 5C 5H"), Card.parse("8S"))
    assert double_run.say() == "fifteen two, a pair is four, and two runs of three is ten"
    flush = score_breakdown(parse_cards("2H 4H 6H 8H"), Card.parse("KS"))
    assert flush.say() == "a flush of four is four"
    nothing = score_breakdown(parse_cards("2S 4D 6C 8H"), Card.parse("KH"))
    assert nothing.items == () and nothing.say() == "nothing"


@pytest.mark.parametrize(
    ("hand", "starter", "problem"),
    [
        # Three cards are a hand at five-card cribbage (C16): tests/cribbage/test_five_card.py.
        ("5H 5D", "5S", "not 2"),
        ("5H 5D 5C 5S 6H", "6S", "not 5"),
        ("5H 5H 5C 5S", "6S", "5H twice"),
        ("5H 5D 5C 5S", "5H", "starter 5H is also in the hand"),
    ],
)
def test_c6_bad_hands_are_refused(hand: str, starter: str, problem: str) -> None:
    for scorer in (score_hand, score_breakdown):
        with pytest.raises(ValueError, match=problem):
            scorer(parse_cards(hand), Card.parse(starter))


def test_c6_non_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="not a card"):
        score_hand(["5H", "5D", "5C", "JS"], Card.parse("5S"))  # type: ignore[list-item]
    with pytest.raises(ValueError, match="not a card"):
        score_hand(parse_cards("5H 5D 5C JS"), "5S")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="sequence of 4 cards"):
        score_hand("5H 5D 5C JS", Card.parse("5S"))  # type: ignore[arg-type]


def reference_score(hand: tuple[Card, ...], starter: Card, is_crib: bool) -> int:
    """C6 read literally, as slowly as it reads: an independent check of the fast tables."""
    five = (*hand, starter)
    points = 0
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(c.value for c in combo) == 15:
                points += 2
    points += 2 * sum(1 for x, y in combinations(five, 2) if x.rank == y.rank)
    for size in (5, 4, 3):  # the longest runs only; shorter ones inside them don't count
        runs = [
            combo for combo in combinations(five, size)
            if sorted(c.rank for c in combo) == list(range(min(c.rank for c in combo),
                                                          min(c.rank for c in combo) + size))
        ]  # fmt: skip
        if runs:
            points += size * len(runs)
            break
    if len({c.suit for c in hand}) == 1:
        if starter.suit == hand[0].suit:
            points += 5
        elif not is_crib:
            points += 4
    points += sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    return points


def test_c6_fast_scores_agree_with_the_rules_read_literally() -> None:
    rng = random.Random(20240601)
    for _ in range(3000):
        *hand, starter = rng.sample(DECK, 5)
        for is_crib in (False, True):
            expected = reference_score(tuple(hand), starter, is_crib)
            assert score_hand(hand, starter, is_crib) == expected
            assert score_breakdown(hand, starter, is_crib).total == expected


@settings(max_examples=300)
@given(
    st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True),
    st.permutations(["S", "H", "D", "C"]),
    st.randoms(use_true_random=False),
    st.booleans(),
)
def test_c6_score_ignores_card_order_and_suit_names(
    five: list[Card], suits: list[str], rng: random.Random, is_crib: bool
) -> None:
    # C6 never names a suit: only "same suit" matters, so renaming the suits and reordering
    # the hand change nothing.
    *hand, starter = five
    points = score_hand(hand, starter, is_crib)
    rename = dict(zip("SHDC", suits, strict=True))
    renamed = [Card(c.rank, rename[c.suit]) for c in hand]
    rng.shuffle(renamed)
    assert score_hand(renamed, Card(starter.rank, rename[starter.suit]), is_crib) == points
