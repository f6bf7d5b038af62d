"""The worked examples of the cribbage rules page, computed by the engine.

Nothing here is written by hand but the cards: the 29 hand is counted by
``score_breakdown`` and said by its ``say``; the pegging sequence is played card by card
through a real ``Game`` (``Game.from_position``), and each score is the one the game logged
(``ScoreEvent``), said in the counting words of the language (``ScoreEvent.say``); the
scoring table's examples (``show_rows``, ``peg_rows``) are scored by ``score_breakdown``
and ``peg_breakdown``. The page (``pegboard.cribbage.looks.rules_page``) only lays these values
out.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from pegboard.core import N_
from pegboard.cribbage import (
    Breakdown,
    Card,
    Game,
    ScoreEvent,
    parse_cards,
    peg_breakdown,
    score_breakdown,
)
from pegboard.cribbage.actions import Go, Play
from pegboard.cribbage.scoring import Kind
from pegboard.cribbage.words import number
from pegboard.i18n import Translator

RANK_WORDS: Final[dict[int, str]] = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
"""The ranks named by a word of the catalogs (the web table's own, ``messages.py``)."""
SUIT_WORDS: Final[dict[str, str]] = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}


def card_words(card: Card, _: Translator) -> str:
    """A card's accessible name in words of the language: "Five of hearts", "Cinco de
    copas", "红桃五", "पान का पाँच" (the web table's pattern, ``{rank} of {suit}``, with the
    ranks 2-10 in words of the counting table, ``pegboard.cribbage.words``)."""
    word = RANK_WORDS.get(card.rank)
    rank = _(word) if word is not None else number(card.rank, _.lang)
    rank = rank[:1].upper() + rank[1:]
    return _("{rank} of {suit}").format(rank=rank, suit=_(SUIT_WORDS[card.suit]))


# -- the highest hand ------------------------------------------------------------------------

BEST_HAND: Final[tuple[Card, ...]] = parse_cards("5H 5D 5C JS")
BEST_STARTER: Final[Card] = Card.parse("5S")


def best_hand() -> Breakdown:
    """The 29 hand (C6): three fives and the jack, the fourth five of the jack's suit cut."""
    return score_breakdown(BEST_HAND, BEST_STARTER)


# -- a pegging sequence ----------------------------------------------------------------------

DEALER: Final = 0
PONE: Final = 1
PEGGING_HANDS: Final[tuple[str, str]] = ("10S 8D KH 2C", "5H 8C QD JS")
"""The dealer's four cards and the non-dealer's, as the pegging starts."""
PEGGING_CRIB: Final = "AH 3H 4C 6D"
PEGGING_STARTER: Final = "7H"
PEGGING_PLAYS: Final[tuple[tuple[int, str | None], ...]] = (
    (PONE, "5H"),
    (DEALER, "10S"),
    (PONE, "8C"),
    (DEALER, "8D"),
    (PONE, "QD"),
    (DEALER, "KH"),
    (PONE, "JS"),
    (DEALER, None),  # go: the 2 would pass 31
    (DEALER, "2C"),
)
"""Who plays what, in order (None: "go"). It shows a fifteen, 31 with a pair, a run, a go
and the last card."""


@dataclass(frozen=True, slots=True)
class PegStep:
    """One move of the pegging example: who (``DEALER`` or ``PONE``), the card (None for a
    go), the count after it, and what the game logged for it."""

    seat: int
    card: Card | None
    count: int
    scores: tuple[ScoreEvent, ...]
    restarts: bool
    """The count starts again at zero after this move (31, or a go, C5)."""


@dataclass(frozen=True, slots=True)
class PeggingExample:
    steps: tuple[PegStep, ...]
    shows: tuple[ScoreEvent, ...]
    """The show that follows (C6): the non-dealer's hand, the dealer's, then the crib."""
    starter: Card


@cache
def pegging_example() -> PeggingExample:
    """The sequence of ``PEGGING_PLAYS`` played through the engine. ``ValueError`` (from
    the engine) if a move were not legal: the page can only show what the game does."""
    game = Game.from_position(
        list(PEGGING_HANDS), dealer=DEALER, crib=PEGGING_CRIB, starter=PEGGING_STARTER
    )
    steps: list[PegStep] = []
    for seat, text in PEGGING_PLAYS:
        if game.current_player != seat:
            raise ValueError(f"seat {seat} is not to move in the example (C4)")
        before = len(game.log)
        action = Go() if text is None else Play(Card.parse(text))
        if action not in game.legal_actions():
            raise ValueError(f"{action} is not legal in the example (C4, C5)")
        count = game.count + (0 if text is None else Card.parse(text).value)
        game.apply(action)
        new = tuple(e for e in game.log[before:] if e.reason not in ("hand", "crib"))
        restarts = game.phase != "pegging" or game.count == 0
        steps.append(
            PegStep(seat, action.card if type(action) is Play else None, count, new, restarts)
        )
    shows = tuple(e for e in game.log if e.reason in ("hand", "crib"))
    starter = Card.parse(PEGGING_STARTER)
    return PeggingExample(tuple(steps), shows, starter)


# -- the scoring table's examples ------------------------------------------------------------

Example = tuple[tuple[Card, ...], int]
"""Cards that score and the points the engine gives them."""
Row = tuple[str, str, Example | None]
"""A row of the scoring table: what scores (``N_``), its points as the rules state them
(digits, or an ``N_`` text), and an example scored by the engine."""


def _show(hand: str, starter: str, kind: Kind, crib: bool = False) -> Example:
    """The items of ``kind`` of a show (all of them: a pair royal is three pairs)."""
    breakdown = score_breakdown(parse_cards(hand), Card.parse(starter), crib)
    found = [item for item in breakdown.items if item.kind == kind]
    if not found:
        return (), 0
    if kind in ("fifteen", "run"):
        found = found[:1]
    cards = tuple(sorted({card for item in found for card in item.cards}))
    return cards, sum(item.points for item in found)


def _peg(cards: str, kind: Kind) -> Example:
    played = parse_cards(cards)
    items = [item for item in peg_breakdown(played).items if item.kind == kind]
    return played, sum(item.points for item in items)


def show_rows() -> list[Row]:
    """The show's rows (C6), each with an example the engine scores."""
    return [
        (N_("Each combination of cards totalling 15"), "2", _show("7H 8D 2C 4S", "KC", "fifteen")),
        (N_("A pair"), "2", _show("9H 9D 2C 4S", "KC", "pair")),
        (N_("Three of a kind (a pair royal)"), "6", _show("9H 9D 9C 4S", "KC", "pair")),
        (N_("Four of a kind (a double pair royal)"), "12", _show("9H 9D 9C 9S", "KC", "pair")),
        (N_("A run of three or more cards"), N_("1 per card"), _show("3H 4D 5C 9S", "KC", "run")),
        (
            N_("A flush: the four cards of the hand in one suit"),
            "4",
            _show("2H 6H 9H QH", "KC", "flush"),
        ),
        (N_("A flush of five, with the starter"), "5", _show("2H 6H 9H QH", "KH", "flush")),
        (
            N_("In the crib, a flush counts only with the starter"),
            "5",
            _show("2H 6H 9H QH", "KH", "flush", crib=True),
        ),
        (N_("The jack of the starter's suit (his nobs)"), "1", _show("JH 6D 9C 2S", "KH", "nobs")),
    ]


def peg_rows() -> list[Row]:
    """The pegging's rows (C4, C5), with examples the engine scores (the go and the last
    card are shown in the pegging sequence)."""
    return [
        (N_("A total of exactly 15"), "2", _peg("7H 8D", "fifteen")),
        (N_("A total of exactly 31"), "2", _peg("KH QD 8C 3S", "thirty-one")),
        (N_("A pair with the card before"), "2", _peg("9H 9D", "pair")),
        (N_("Three of a kind in a row"), "6", _peg("9H 9D 9C", "pair")),
        (N_("Four of a kind in a row"), "12", _peg("4H 4D 4C 4S", "pair")),
        (N_("A run of three or more, in any order"), N_("1 per card"), _peg("4H 6D 5C", "run")),
        (N_("Go: the last card of a sequence below 31"), "1", None),
        (N_("The very last card of the pegging (unless it makes 31)"), "1", None),
    ]
