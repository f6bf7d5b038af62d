"""C1: the 52 cards, their counting values, and how they are written."""

from __future__ import annotations

import copy
import pickle

import pytest

from pegboard.cribbage import DECK, SUITS, Card, parse_cards


def test_c1_deck_has_52_distinct_cards() -> None:
    assert len(DECK) == 52
    assert len(set(DECK)) == 52
    assert sorted(c.index for c in DECK) == list(range(52))
    assert {c.bit for c in DECK} == {1 << i for i in range(52)}
    assert {c.suit for c in DECK} == set(SUITS) == {"S", "H", "D", "C"}


def test_c1_counting_values() -> None:
    values = {rank: Card(rank, "S").value for rank in range(1, 14)}
    assert values == {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 7, 8: 8, 9: 9,
                      10: 10, 11: 10, 12: 10, 13: 10}  # fmt: skip
    assert Card.parse("AH").value == 1
    assert Card.parse("KH").value == 10


def test_c1_cards_are_interned_and_immutable() -> None:
    card = Card.parse("5H")
    assert card is Card(5, "H") is Card(5, "h") is Card(5, "♥")
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.rank = 6  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "rank", "suit"),
    [
        ("5H", 5, "H"), ("10D", 10, "D"), ("TD", 10, "D"), ("td", 10, "D"), ("JS", 11, "S"),
        ("QC", 12, "C"), ("KH", 13, "H"), ("AH", 1, "H"), ("5h", 5, "H"), ("5♥", 5, "H"),
        ("10♦", 10, "D"), ("J♠", 11, "S"), ("Q♣", 12, "C"), ("a♡", 1, "H"), (" 9c ", 9, "C"),
    ],
)  # fmt: skip
def test_c1_parse_variants(text: str, rank: int, suit: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_c1_str_round_trips_through_parse() -> None:
    for card in DECK:
        assert Card.parse(str(card)) is card
        assert Card.parse(card.symbol) is card
        assert eval(repr(card)) is card
    assert str(Card(10, "D")) == "10D"
    assert Card(12, "C").symbol == "Q♣"


@pytest.mark.parametrize(
    "text", ["", "5", "H", "1H", "11S", "0D", "5X", "ZZ", "10", "5HH", "JOKER"]
)
def test_c1_parse_nonsense_quotes_the_text(text: str) -> None:
    with pytest.raises(ValueError, match=repr(text).replace("(", r"\(")):
        Card.parse(text)


def test_c1_constructor_rejects_no_such_card() -> None:
    for rank, suit in [(0, "S"), (14, "S"), (5, "X"), (5.0, "S"), ("5", "S")]:
        with pytest.raises(ValueError, match="no such card"):
            Card(rank, suit)  # type: ignore[arg-type]


def test_c1_parse_cards() -> None:
    assert parse_cards("5H 5D JS") == (Card(5, "H"), Card(5, "D"), Card(11, "S"))
    assert parse_cards("10♦, a♠") == (Card(10, "D"), Card(1, "S"))
    assert parse_cards("") == ()
    with pytest.raises(ValueError, match="'5Q'"):
        parse_cards("5H 5Q")


def test_c1_cards_sort_by_rank() -> None:
    assert sorted(parse_cards("KS 2H AC 10D")) == list(parse_cards("AC 2H 10D KS"))


def test_c1_cards_do_not_compare_with_other_things() -> None:
    with pytest.raises(TypeError):
        _ = Card.parse("5H") < 5  # type: ignore[operator]
    assert Card.parse("5H") != "5H"
