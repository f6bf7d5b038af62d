"""The actions of a cribbage hand: lay two cards in the crib (one among three or four), play
a card, or say "go".

Each action is an immutable, interned value with a short notation that ``parse_action``
reads back: ``discard 5H JS`` (C2), ``play 5H`` (C4) and ``go`` (C5); among three or four
``Game.parse_action`` reads ``discard 5H`` (C8, C9). Actions do not carry
the seat: the position knows whose turn it is, and ``Game.apply(action, seat=...)`` checks
a seat when the caller gives one.
"""

from __future__ import annotations

from typing import ClassVar, Final, Self

from pegboard.core import N_, IllegalActionError, WordedError
from pegboard.cribbage.cards import DECK, Card


class Discard:
    """Lay two cards from the hand in the dealer's crib (C2).

    The pair is unordered: ``Discard(a, b) is Discard(b, a)``; the cards are kept in deck
    order so that the notation of a pair is always the same.
    """

    __slots__ = ("cards",)

    cards: tuple[Card, Card]

    _interned: ClassVar[dict[tuple[Card, Card], Discard]] = {}

    def __new__(cls, first: Card, second: Card) -> Discard:
        try:  # both orders are interned, so the hot path needs no sorting
            return cls._interned[(first, second)]
        except (KeyError, TypeError):
            pass
        if not isinstance(first, Card) or not isinstance(second, Card):
            raise TypeError("Discard takes two Cards")
        if first is second:
            raise ValueError(f"a discard is two different cards, not {first} twice (C2)")
        key = (first, second) if first.index < second.index else (second, first)
        discard = object.__new__(cls)
        object.__setattr__(discard, "cards", key)
        cls._interned[key] = cls._interned[(key[1], key[0])] = discard
        return discard

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Discard is immutable")

    def __reduce__(self) -> tuple[type[Discard], tuple[Card, Card]]:
        return (Discard, self.cards)

    def __str__(self) -> str:
        return f"discard {self.cards[0]} {self.cards[1]}"

    def __repr__(self) -> str:
        return f"Discard({self.cards[0]!r}, {self.cards[1]!r})"


class _OneCard:
    """An action of one card, interned per kind (one object per card, as ``Card`` is) and
    immutable: ``LayAway`` and ``Play`` say what they do with it."""

    __slots__ = ("card",)

    card: Card

    _interned: ClassVar[dict[Card, _OneCard]]

    def __init_subclass__(cls) -> None:
        cls._interned = {}

    def __new__(cls, card: Card) -> Self:
        try:
            return cls._interned[card]  # type: ignore[return-value]
        except KeyError:
            pass
        if not isinstance(card, Card):
            raise TypeError(f"{cls.__name__} takes a Card")
        action = object.__new__(cls)
        object.__setattr__(action, "card", card)
        cls._interned[card] = action
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[type[_OneCard], tuple[Card]]:
        return (type(self), (self.card,))


class LayAway(_OneCard):
    """Lay one card from the hand in the dealer's crib, among three or four (C8, C9):
    ``discard 5H``."""

    __slots__ = ()

    @property
    def cards(self) -> tuple[Card]:
        """The cards laid in the crib, as ``Discard.cards`` says them."""
        return (self.card,)

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"LayAway({self.card!r})"


class Play(_OneCard):
    """Play ``card`` to the pegging pile (C4)."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"play {self.card}"

    def __repr__(self) -> str:
        return f"Play({self.card!r})"


class Go:
    """Say "go": no card in hand can be played without passing 31 (C5)."""

    __slots__ = ()
    _instance: ClassVar[Go | None] = None

    def __new__(cls) -> Go:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "go"

    def __repr__(self) -> str:
        return "Go()"

    def __reduce__(self) -> tuple[type[Go], tuple[()]]:
        return (Go, ())


MOST: Final = 29
"""The most a hand or crib can hold (C6): no claim or muggins is for more."""


class _Points:
    """An action of a number of points, interned per kind (one object per number) and
    immutable: ``Claim`` and ``Muggins`` say whose points they are (C18-C20)."""

    __slots__ = ("points",)

    points: int

    _interned: ClassVar[dict[int, _Points]]

    def __init_subclass__(cls) -> None:
        cls._interned = {}

    def __new__(cls, points: int) -> Self:
        try:
            return cls._interned[points]  # type: ignore[return-value]
        except (KeyError, TypeError):
            pass
        if not isinstance(points, int) or isinstance(points, bool) or not 0 <= points <= MOST:
            raise ValueError(f"{cls.__name__} takes 0 to {MOST} points, not {points!r} (C18)")
        action = object.__new__(cls)
        object.__setattr__(action, "points", points)
        cls._interned[points] = action
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[type[_Points], tuple[int]]:
        return (type(self), (self.points,))


class Claim(_Points):
    """Claim ``points`` for the hand or crib being counted, with muggins (C18): ``claim 8``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"claim {self.points}"

    def __repr__(self) -> str:
        return f"Claim({self.points})"


class Muggins(_Points):
    """Call muggins: take ``points`` an opponent missed in their claim (C19): ``muggins 2``."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"muggins {self.points}"

    def __repr__(self) -> str:
        return f"Muggins({self.points})"


class NoMuggins:
    """Let a claim stand: no muggins called (C19)."""

    __slots__ = ()
    _instance: ClassVar[NoMuggins | None] = None

    def __new__(cls) -> NoMuggins:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "no muggins"

    def __repr__(self) -> str:
        return "NoMuggins()"

    def __reduce__(self) -> tuple[type[NoMuggins], tuple[()]]:
        return (NoMuggins, ())


Action = Discard | LayAway | Play | Go | Claim | Muggins | NoMuggins
"""A seat's action: two cards to the crib (C2), one among three or four (C8, C9), a card
played (C4), go (C5, C10), and with muggins a claim of points or muggins called (C18, C19)."""

NO_MUGGINS: Final = NoMuggins()
CLAIM_OF: Final[tuple[Claim, ...]] = tuple(Claim(n) for n in range(MOST + 1))
"""``CLAIM_OF[n]`` is ``Claim(n)``."""
MUGGINS_OF: Final[tuple[Muggins, ...]] = tuple(Muggins(n) for n in range(MOST + 1))
"""``MUGGINS_OF[n]`` is ``Muggins(n)``."""

GO: Final = Go()

PLAY_OF: Final[tuple[Play, ...]] = tuple(Play(card) for card in DECK)
"""``PLAY_OF[card.index]`` is ``Play(card)``, found without hashing a card (the engine's
hot path)."""

DISCARD_OF: Final[tuple[tuple[Discard | None, ...], ...]] = tuple(
    tuple(None if a is b else Discard(a, b) for b in DECK) for a in DECK
)
"""``DISCARD_OF[a.index][b.index]`` is ``Discard(a, b)``, in either order (None for a card
with itself): the engine lists the 15 discards of a hand without hashing a card."""


LAY_OF: Final[tuple[LayAway, ...]] = tuple(LayAway(card) for card in DECK)
"""``LAY_OF[card.index]`` is ``LayAway(card)``."""


def _cards(words: list[str], text: str) -> list[Card]:
    try:
        return [Card.parse(word) for word in words]
    except ValueError as error:
        raise WordedError(
            N_(
                "cannot read {text!r} as a move: {reason}; "
                "write 'discard 5H JS', 'play 5H' (or just '5H') or 'go'"
            ),
            text=text,
            reason=error,
        ) from None


def parse_action(text: str) -> Action:
    """Read an action's notation: ``discard 5H JS``, ``play 5H``, ``go``.

    A bare card (``5H``) is a play and two bare cards (``5H JS``) are a discard.
    """
    if not isinstance(text, str):
        raise WordedError(
            N_(
                "an action is text, not {text!r}: "
                "write 'discard 5H JS', 'play 5H' (or just '5H') or 'go'"
            ),
            text=text,
        )
    words = text.replace(",", " ").split()
    if not words:
        raise WordedError(
            N_("an empty move: write 'discard 5H JS', 'play 5H' (or just '5H') or 'go'")
        )
    verb = words[0].lower()
    if verb in ("claim", "muggins") or (verb, *words[1:2]) == ("no", "muggins"):
        return _points_action(verb, words, text)
    if verb in ("go", "g"):
        if len(words) != 1:
            raise WordedError(N_("'go' takes no cards, not {text!r}"), text=text)
        return GO
    if verb in ("discard", "crib", "d"):
        cards = _cards(words[1:], text)
        if len(cards) != 2:
            raise IllegalActionError(
                N_("a discard is exactly two cards, not {count}: {text!r}"),
                "C2",
                count=len(cards),
                text=text,
            )
    elif verb in ("play", "p"):
        cards = _cards(words[1:], text)
        if len(cards) != 1:
            raise IllegalActionError(N_("a play is exactly one card: {text!r}"), "C4", text=text)
    else:
        cards = _cards(words, text)
        if len(cards) not in (1, 2):
            raise WordedError(
                N_(
                    "cannot read {text!r} as a move: "
                    "write 'discard 5H JS', 'play 5H' (or just '5H') or 'go'"
                ),
                text=text,
            )
    if len(cards) == 2:
        if cards[0] is cards[1]:
            raise IllegalActionError(
                N_("a discard is two different cards, not {card} twice"), "C2", card=cards[0]
            )
        return Discard(cards[0], cards[1])
    return Play(cards[0])


def _points_action(verb: str, words: list[str], text: str) -> Action:
    """``claim 8``, ``muggins 2`` or ``no muggins`` (C18, C19)."""
    if verb == "no":
        if len(words) != 2:
            raise WordedError(N_("'no muggins' takes nothing more, not {text!r}"), text=text)
        return NO_MUGGINS
    try:
        points = int(words[1]) if len(words) == 2 else None
    except ValueError:
        points = None
    if points is None:
        raise WordedError(
            N_("cannot read {text!r}: write 'claim 8', 'muggins 2' or 'no muggins'"), text=text
        )
    if not 0 <= points <= MOST:
        raise IllegalActionError(
            N_("a claim is from 0 to 29 points, the most a hand can hold, not {points}"),
            "C18",
            points=points,
        )
    return (CLAIM_OF if verb == "claim" else MUGGINS_OF)[points]
