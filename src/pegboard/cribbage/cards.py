"""Playing cards of the 52-card deck (C1).

A card is written rank then suit: ``"5H"``, ``"10D"``, ``"JS"``, ``"QC"``, ``"KH"``, ``"AH"``.
``str(card)`` always uses that form (ten as ``"10"``, suits as the letters S H D C), and
``Card.parse`` reads it back; ``parse`` also accepts ``"T"`` for ten, lower case and the suit
symbols (``"5♥"``, ``"10♦"``, ``"J♠"``, ``"Q♣"``, and the white ``♤ ♡ ♢ ♧``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, Final

from pegboard.core.errors import N_, WordedError

SUITS: Final[tuple[str, ...]] = ("S", "H", "D", "C")
"""The four suits, as the letters ``Card.suit`` uses: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS: Final[dict[str, str]] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

RANK_NAMES: Final[tuple[str, ...]] = (
    "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
)  # fmt: skip
"""``RANK_NAMES[rank]`` is how a rank 1-13 is written (index 0 is unused)."""

_RANK_OF_TEXT: Final[dict[str, int]] = {
    **{name: rank for rank, name in enumerate(RANK_NAMES) if name},
    "T": 10,
}
_SUIT_OF_TEXT: Final[dict[str, str]] = {
    **{s: s for s in SUITS},
    **{symbol: s for s, symbol in SUIT_SYMBOLS.items()},
    "♤": "S", "♡": "H", "♢": "D", "♧": "C",
}  # fmt: skip
_SEPARATORS: Final = str.maketrans({",": " ", ";": " "})


class Card:
    """One card: ``rank`` 1-13 (A=1, J=11, Q=12, K=13) and ``suit`` one of ``SUITS``.

    Cards are interned: there are exactly 52 instances, so comparison is identity and a card
    is a cheap dictionary key. ``value`` is the counting value of C1 (A=1, 2-10, J/Q/K=10);
    ``index`` (0-51, suit-major: all spades A-K, then hearts, diamonds, clubs) and ``bit``
    (``1 << index``) serve bit-set hands. Cards sort by rank, then suit.
    """

    __slots__ = ("_key", "bit", "index", "rank", "rank_key", "suit", "value")

    rank: int
    suit: str
    value: int
    index: int
    bit: int
    rank_key: int
    """``5 ** (rank - 1)``: adding the keys of up to four cards of a rank never carries, so
    the sum over a hand identifies its multiset of ranks, in any order."""
    _key: tuple[int, int]

    _interned: ClassVar[dict[tuple[int, str], Card]] = {}

    def __new__(cls, rank: int, suit: str) -> Card:
        if type(rank) is int:  # not bool, not 5.0, which would hash like 5
            try:
                return cls._interned[(rank, suit)]
            except (KeyError, TypeError):
                pass
        normal = _SUIT_OF_TEXT.get(suit.upper(), "") if isinstance(suit, str) else ""
        if normal and type(rank) is int and (rank, normal) in cls._interned:
            return cls._interned[(rank, normal)]
        if type(rank) is not int or not 1 <= rank <= 13 or normal == "":
            raise ValueError(f"no such card: rank {rank!r}, suit {suit!r} (C1)")
        card = object.__new__(cls)
        suit_index = SUITS.index(normal)
        index = suit_index * 13 + rank - 1
        for name, value in (
            ("rank", rank),
            ("suit", normal),
            ("value", min(rank, 10)),
            ("index", index),
            ("bit", 1 << index),
            ("rank_key", 5 ** (rank - 1)),
            ("_key", (rank, suit_index)),
        ):
            object.__setattr__(card, name, value)
        cls._interned[(rank, normal)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"5H"``, ``"10D"``, ``"TD"``, ``"js"``, ``"Q♣"``; else raise ``ValueError``."""
        if not isinstance(text, str):
            raise WordedError(N_("a card is written like 5H or 10D, not {text!r}"), text=text)
        compact = text.strip().upper()
        rank = _RANK_OF_TEXT.get(compact[:-1])
        suit = _SUIT_OF_TEXT.get(compact[-1:])
        if rank is None or suit is None:
            raise WordedError(
                N_("not a card: {text!r} (write it like 5H, 10D, JS or Q♣)"), text=text
            )
        return cls(rank, suit)

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, e.g. ``"10♦"``."""
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + self.suit

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __lt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key < other._key

    def __le__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key <= other._key

    def __gt__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key > other._key

    def __ge__(self, other: object) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._key >= other._key

    def __hash__(self) -> int:
        return self.index


DECK: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
"""The 52 cards in ``index`` order: spades A-K, hearts, diamonds, clubs."""


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces or commas: ``parse_cards("5H 5D JS")``."""
    if not isinstance(text, str):
        raise WordedError(N_("cards are written like '5H 5D JS', not {text!r}"), text=text)
    return tuple(Card.parse(word) for word in text.translate(_SEPARATORS).split())


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a bit-set, in ``index`` order."""
    return tuple(c for c in DECK if mask & c.bit)


def mask_of(cards: Iterable[Card]) -> int:
    """The bit-set of an iterable of cards."""
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask
