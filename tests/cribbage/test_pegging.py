"""C4: what the card just played scores (go and last card, C5, are not part of it)."""

from __future__ import annotations

import random

import pytest

from pegboard.cribbage import DECK, Card, parse_cards, peg_breakdown, peg_points


def peg(text: str) -> int:
    return peg_points(parse_cards(text))


def test_c4_fifteen_scores_2() -> None:
    assert peg("7H 8D") == 2
    assert peg("7H") == 0


def test_c4_thirty_one_scores_2_not_3() -> None:
    # 10 + 10 + 5 + 6 = 31; the 6 makes no pair or run with 5? 5-6 is two cards only,
    # and Q 5 6 is no run: 2 for 31, and the go point is C5's business, not this card's.
    assert peg("10H QD 5S 6C") == 2
    assert [i.kind for i in peg_breakdown(parse_cards("10H QD 5S 6C")).items] == ["thirty-one"]


def test_c4_pair_pair_royal_and_double_pair_royal() -> None:
    assert peg("6H 6D") == 2
    assert peg("6H 6D 6C") == 6  # total 18
    assert peg("2H 2D 2C 2S") == 12  # total 8
    assert peg("6H 6D 6C 6S") == 12  # total 24


def test_c4_pairs_must_be_in_a_row() -> None:
    assert peg("6H 7D 6C") == 0  # total 19; the 7 breaks the pair


def test_c4_fifteen_and_pair_royal_add_up() -> None:
    assert peg("5H 5D 5C") == 2 + 6  # total exactly 15 and three fives in a row


def test_c4_run_in_any_order() -> None:
    assert peg("5H 3D 4C") == 3  # total 12
    assert peg("3H 5D 4C 6S") == 4  # total 18: the last four are 3 4 5 6


def test_c4_run_blocked_by_a_repeated_rank() -> None:
    # 4 2 3 4: the last four hold two 4s, so no run of four; the last three 2 3 4 are a run.
    assert peg("4H 2D 3C 4S") == 3  # total 13
    # 5 5 4 3: the last three 5 4 3 are a run of three; the last four repeat the 5.
    assert peg("5H 5D 4C 3S") == 3  # total 17
    # 3 4 5 5: the last card pairs (2); the last three 4 5 5 repeat a rank: no run.
    assert peg("3H 4D 5C 5S") == 2  # total 17


def test_c4_run_must_be_the_latest_cards() -> None:
    assert peg("2H 3D 4C 9S") == 0  # total 18; the run is not at the end
    assert peg("5H 4D KC 3S") == 0  # total 22; 4 K 3 is no run


def test_c4_long_run() -> None:
    assert peg("4H 2D AC 3S 6H 5D 7C") == 7  # total 28: A-7 in the last seven cards


def test_c4_no_wrap_around() -> None:
    assert peg("QH KD AC") == 0  # total 21


def test_c4_breakdown_words() -> None:
    assert (
        peg_breakdown(parse_cards("5H 5D 5C")).say() == "fifteen for two, and a pair royal for six"
    )
    assert peg_breakdown(parse_cards("9H")).say() == "nothing"


def test_c4_count_may_not_pass_31() -> None:
    with pytest.raises(ValueError, match="35"):
        peg("10H 10D 10C 5S")


def test_c4_bad_sequences_are_refused() -> None:
    with pytest.raises(ValueError, match="no card"):
        peg_points([])
    with pytest.raises(ValueError, match="5H is played twice"):
        peg("5H 5H")
    with pytest.raises(ValueError, match="not a card"):
        peg_points(["5H"])  # type: ignore[list-item]


def reference_peg(played: list[Card]) -> int:
    """C4 read literally, for the random check below."""
    total = sum(c.value for c in played)
    points = 2 if total in (15, 31) else 0
    same = 1
    while same < len(played) and played[-same - 1].rank == played[-1].rank:
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    for k in range(len(played), 2, -1):
        ranks = sorted(c.rank for c in played[-k:])
        if ranks == list(range(ranks[0], ranks[0] + k)):
            points += k
            break
    return points


def test_c4_random_sequences_agree_with_the_rule_read_literally() -> None:
    rng = random.Random(4)
    for _ in range(300):
        deck = list(DECK)
        rng.shuffle(deck)
        played: list[Card] = []
        for card in deck:
            if sum(c.value for c in played) + card.value > 31:
                break
            played.append(card)
            assert peg_points(played) == reference_peg(played)


def test_c4_points_and_breakdown_agree() -> None:
    rng = random.Random(31)
    for _ in range(300):
        deck = list(DECK)
        rng.shuffle(deck)
        played: list[Card] = []
        for card in deck:
            if sum(c.value for c in played) + card.value > 31:
                break
            played.append(card)
            assert peg_points(played) == peg_breakdown(played).total
            assert peg_points(tuple(played)) == peg_points(iter(played))  # type: ignore[arg-type]
