"""What one seat may know of a cribbage game for three or four (C8-C12), and the values
that game adds to the two-player game's: laying one card in the crib, a show of three or
four hands, and how the game ended.

An observation holds no reference to the game: the other hands (a partner's too, C9), the
other seats' crib cards, the crib before the show and the order of the deck cannot be
reached from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Final

from pegboard.cribbage.actions import Go, Play
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.events import ScoreEvent
from pegboard.cribbage.observation import Phase, PublicMove


class LayAway:
    """Lay one card from the hand in the dealer's crib (C8, C9): ``discard 5H``."""

    __slots__ = ("card",)

    card: Card

    _interned: ClassVar[dict[Card, LayAway]] = {}

    def __new__(cls, card: Card) -> LayAway:
        try:
            return cls._interned[card]
        except KeyError:
            pass
        if not isinstance(card, Card):
            raise TypeError("LayAway takes a Card")
        action = object.__new__(cls)
        object.__setattr__(action, "card", card)
        cls._interned[card] = action
        return action

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LayAway is immutable")

    def __reduce__(self) -> tuple[type[LayAway], tuple[Card]]:
        return (LayAway, (self.card,))

    @property
    def cards(self) -> tuple[Card]:
        """The cards laid in the crib, as ``Discard.cards`` says them."""
        return (self.card,)

    def __str__(self) -> str:
        return f"discard {self.card}"

    def __repr__(self) -> str:
        return f"LayAway({self.card!r})"


TableAction = LayAway | Play | Go
"""An action of a game for three or four: lay a card away, play a card, or go."""

LAY_OF: Final[tuple[LayAway, ...]] = tuple(LayAway(card) for card in DECK)
"""``LAY_OF[card.index]`` is ``LayAway(card)``."""


def sides_of(players: int) -> int:
    """How many scores a game of ``players`` keeps: one a player, or two sides among four."""
    return 2 if players == 4 else players


def side_of(players: int, seat: int) -> int:
    """The score ``seat`` pegs on: its own, or its side's among four (seats 0 and 2 are side
    0, seats 1 and 3 side 1: partners sit opposite, C9)."""
    return seat % 2 if players == 4 else seat


@dataclass(frozen=True, slots=True)
class TableMove:
    """One entry of the full history: in hand ``hand``, ``seat`` took ``action``."""

    hand: int
    seat: int
    action: TableAction

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"


@dataclass(frozen=True, slots=True)
class TableShow:
    """What the show of a hand revealed (C11): each seat's four cards and the crib, None for
    those the show never reached (the game was won before they were counted)."""

    hand: int
    dealer: int
    starter: Card
    hands: tuple[tuple[Card, ...] | None, ...]
    crib: tuple[Card, ...] | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "dealer": self.dealer,
            "starter": str(self.starter),
            "hands": [None if h is None else [str(c) for c in h] for h in self.hands],
            "crib": None if self.crib is None else [str(c) for c in self.crib],
        }


@dataclass(frozen=True, slots=True)
class TableResult:
    """How a game for three or four ended (C12): the winning player or side, the scores of
    every player or side, and the seats that won (both partners among four). A win is worth
    one game point: the sources give no skunk among three or four (C12)."""

    players: int
    winner: int
    """The winning player among three, the winning side (0 or 1) among four."""
    scores: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won."""
        return tuple(s for s in range(self.players) if side_of(self.players, s) == self.winner)

    @property
    def game_points(self) -> int:
        return 1

    def returns(self) -> tuple[float, ...]:
        """+1 to each winning seat; the losers share -1 a winning seat (C12): -1/2 each among
        three, -1 each among four."""
        winners = self.winners
        losers = self.players - len(winners)
        loss = -len(winners) / losers
        return tuple(1.0 if s in winners else loss for s in range(self.players))

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "winner": self.winner,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "game_points": self.game_points,
        }


@dataclass(frozen=True, slots=True)
class TableObservation:
    """One seat's view of a game for three or four: its own cards, and everything public.

    ``scores`` has one entry a player among three and one a side among four (C9). ``hand``
    is the cards the seat still holds, ``kept`` the four it kept for the show (empty before it
    lays away), ``laid`` its own crib card (None before). ``pile`` is the current pegging
    sequence (its total is ``count``), ``played`` every card played this hand, in order;
    ``said_go`` who has said go since the count last started (C10).
    """

    seat: int
    players: int
    current_player: int | None
    phase: Phase
    hand_number: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    laid: Card | None
    hand_sizes: tuple[int, ...]
    laid_away: tuple[bool, ...]
    crib_size: int
    starter: Card | None
    count: int
    pile: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    said_go: tuple[bool, ...]
    log: tuple[ScoreEvent, ...]
    shows: tuple[TableShow, ...]
    history: tuple[PublicMove, ...]
    legal: tuple[TableAction, ...]
    result: TableResult | None

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def side(self) -> int:
        """The score this seat pegs on (C9)."""
        return side_of(self.players, self.seat)

    def legal_actions(self) -> tuple[TableAction, ...]:
        return self.legal

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "cribbage",
            "seat": self.seat,
            "num_players": self.players,
            "current_player": self.current_player,
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand": [str(c) for c in self.hand],
            "kept": [str(c) for c in self.kept],
            "laid": None if self.laid is None else str(self.laid),
            "hand_sizes": list(self.hand_sizes),
            "laid_away": list(self.laid_away),
            "crib_size": self.crib_size,
            "starter": None if self.starter is None else str(self.starter),
            "count": self.count,
            "pile": [str(c) for c in self.pile],
            "played": [[seat, str(card)] for seat, card in self.played],
            "said_go": list(self.said_go),
            "log": [event.to_dict() for event in self.log],
            "shows": [show.to_dict() for show in self.shows],
            "history": [[m.hand, m.seat, m.text] for m in self.history],
            "legal_actions": [str(a) for a in self.legal],
            "result": None if self.result is None else self.result.to_dict(),
        }
