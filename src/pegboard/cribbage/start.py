"""A cribbage position given by hand (``Game.from_position``), read and checked: two, three
or four hands of a full deal (at the discard: six between two, five among more) or of four
(at the pegging, with the crib and the starter), no card twice and a stock of every other
card (C1-C3, C8, C9), the scores under 121 (C7, C12); at five-card (``cards=5``) hands
of five or three and scores under 61 (C13, C17).

Split from ``pegboard.cribbage.game``, which re-exports every name.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.position import _check_seat
from pegboard.cribbage.table import TABLES, table_of


def _as_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise ValueError(f"not a card: {card!r}")


def _as_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    if isinstance(cards, str):
        return [Card.parse(word) for word in cards.replace(",", " ").split()]
    return [_as_card(c) for c in cards]


@dataclass(frozen=True)
class GivenPosition:
    """A position read from its parts: the ``hands``, the ``crib`` (none before the
    discard), the ``starter`` (None: the cut will turn up the stock's top), the ``stock``
    (top first), the ``scores``, whether it starts at the ``pegging``, and its record
    (``origin``)."""

    hands: list[list[Card]]
    crib: list[Card]
    starter: Card | None
    stock: list[Card]
    scores: list[int]
    pegging: bool
    origin: dict[str, Any]


def read_position(
    hands: Sequence[Iterable[Card | str] | str],
    dealer: int,
    scores: Sequence[int] | None,
    crib: Iterable[Card | str] | str | None,
    starter: Card | str | None,
    stock: Iterable[Card | str] | str | None,
    seed: int,
    hand_number: int,
    cards: int | None = None,
) -> GivenPosition:
    """The position ``Game.from_position`` is given, checked (``ValueError`` naming the
    rule)."""
    if len(hands) not in TABLES:
        raise ValueError(
            f"cribbage is for two, three or four players, not {len(hands)} hands (C2, C8, C9)"
        )
    table = table_of(len(hands), cards)  # five-card's with ``cards=5`` between two (C13)
    kept, target = table.kept, table.target
    _check_seat(dealer, "dealer", players=table.players)
    held = [_as_cards(hand) for hand in hands]
    count = table.score_count
    score_list = [0] * count if scores is None else list(scores)
    if len(score_list) != count or any(
        not isinstance(s, int) or not 0 <= s < target for s in score_list
    ):
        number = ("two", "three")[count - 2]
        raise ValueError(
            f"scores are {number} whole numbers from 0 to {target - 1}, not {scores!r}"
        )
    sizes = {len(h) for h in held}
    if sizes == {table.hand_size}:
        if table.pack == 0:
            if crib is not None:
                raise ValueError("before the discard the crib is empty (C2)")
            crib_cards: list[Card] = []
        else:
            crib_cards = [] if crib is None else _as_cards(crib)
            if len(crib_cards) != table.pack:
                raise ValueError("among three the crib starts with one card from the pack (C8)")
    elif sizes == {kept}:
        if crib is None or starter is None:
            raise ValueError("a hand at the pegging needs its crib and its starter (C3)")
        crib_cards = _as_cards(crib)
        if len(crib_cards) != 4:
            raise ValueError(f"the crib holds four cards, not {len(crib_cards)} (C2)")
    else:
        if table.cards == 5:
            raise ValueError("give both hands five cards (to discard) or three (to peg) (C13)")
        if table.two:
            raise ValueError("give both hands six cards (to discard) or four (to peg) (C2)")
        raise ValueError("give every hand five cards (to lay away) or four (to peg) (C8, C9)")
    top = None if starter is None else _as_card(starter)
    used = [c for hand in held for c in hand] + crib_cards + ([top] if top else [])
    if len(set(used)) != len(used):
        twice = sorted({str(c) for c in used if used.count(c) > 1})
        raise ValueError(f"cards appear twice in the position: {', '.join(twice)} (C1)")
    given_stock = None if stock is None else _as_cards(stock)
    if given_stock is None:
        rest = [c for c in DECK if c not in set(used)]
    else:
        rest = list(given_stock)
        if len(rest) + len(used) != len(DECK) or set(rest) | set(used) != set(DECK):
            raise ValueError("the stock must hold every other card of the deck, once (C1)")
    if sizes == {table.hand_size} and top is not None:
        rest.insert(0, top)  # the cut turns it up
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"a seed is a whole number, not {seed!r}")
    if not isinstance(hand_number, int) or hand_number < 1:
        raise ValueError(f"hands are numbered from 1, not {hand_number!r}")
    origin: dict[str, Any] = {
        "position": {
            "hands": [[str(c) for c in hand] for hand in held],
            "dealer": dealer,
            "scores": score_list,
            "crib": None if crib is None else [str(c) for c in crib_cards],
            "starter": None if top is None else str(top),
            "stock": None if given_stock is None else [str(c) for c in given_stock],
            "seed": seed,
            "hand_number": hand_number,
        }
    }
    if table.cards is not None:  # said only when asked for (C13)
        origin["position"]["cards"] = table.cards
    return GivenPosition(held, crib_cards, top, rest, score_list, sizes == {kept}, origin)
