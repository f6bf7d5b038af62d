"""What one seat may know of a cribbage game, between two or round a table of three or four.

An observation is built fresh by ``Game.observation(seat)`` and holds no reference to the
game: the other hands (a partner's too, C9), the other seats' discards, the crib before the
show and the order of the deck cannot be reached from it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pegboard.cribbage.actions import Action
from pegboard.cribbage.cards import Card
from pegboard.cribbage.events import TARGET, GameResult, HandShow, ScoreEvent, side_of

Phase = Literal["discard", "pegging", "show", "over"]
"""With muggins (C18) the show is a phase of its own: the claims and the calls of muggins."""

ShowWhat = Literal["hand", "crib"]


@dataclass(frozen=True, slots=True)
class ShowCount:
    """With muggins (C18-C20): the hand or crib being counted in the show, turned up for
    all to see, and the points pegged for it once claimed (None until then)."""

    seat: int
    what: ShowWhat
    cards: tuple[Card, ...]
    claimed: int | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "what": self.what,
            "cards": [str(c) for c in self.cards],
            "claimed": self.claimed,
        }


@dataclass(frozen=True, slots=True)
class PublicMove:
    """One move as every seat saw it: another seat's discard shows no cards."""

    hand: int
    seat: int
    text: str

    def __str__(self) -> str:
        return f"{self.seat}:{self.text}"


@dataclass(frozen=True, slots=True)
class CribbageObservation:
    """One seat's view: its own cards, and everything public.

    Every per-seat tuple has one entry a seat (``num_players``); ``scores`` one a player, or
    one a side among four (C9). ``hand`` is the cards the seat still holds; ``kept`` the four
    it kept for the show (empty before it discards); ``discards`` its own crib cards (two, or
    one among three or four). ``pile`` is the current pegging
    sequence (its total is ``count``), ``played`` every card played this hand, in order.
    ``held_above`` says, per seat, that every card it still holds is worth more than this
    value: a go, or being unable to play on, proves it (C5, C10); 0 says nothing.
    """

    seat: int
    current_player: int | None
    phase: Phase
    hand_number: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    discards: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    discarded: tuple[bool, ...]
    crib_size: int
    starter: Card | None
    count: int
    pile: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    said_go: tuple[bool, ...]
    held_above: tuple[int, ...]
    log: tuple[ScoreEvent, ...]
    shows: tuple[HandShow, ...]
    history: tuple[PublicMove, ...]
    legal: tuple[Action, ...]
    result: GameResult | None
    cards: int | None = None
    """The cards dealt each when the game asked for them: 5 at five-card (C13), whose
    ``kept`` is three, whose play ends at the first go or 31 (C15); None otherwise."""
    target: int = TARGET
    """The score that wins: 121 (C7, C12), 61 at five-card (C17)."""
    muggins: bool = False
    """Whether the players count their own scores, with muggins (C18-C20)."""
    showing: ShowCount | None = None
    """With muggins, in the show: the hand or crib being claimed for (C18)."""

    @property
    def num_players(self) -> int:
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def pone(self) -> int:
        """The non-dealer between two; the dealer's left among three or four."""
        return (self.dealer + 1) % len(self.hand_sizes)

    @property
    def side(self) -> int:
        """The score this seat pegs on (C9)."""
        return side_of(len(self.hand_sizes), self.seat)

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    def to_dict(self) -> dict[str, Any]:
        view = {
            "game": "cribbage",
            "seat": self.seat,
            "num_players": len(self.hand_sizes),
            "current_player": self.current_player,
            "phase": self.phase,
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "scores": list(self.scores),
            "hand": [str(c) for c in self.hand],
            "kept": [str(c) for c in self.kept],
            "discards": [str(c) for c in self.discards],
            "hand_sizes": list(self.hand_sizes),
            "discarded": list(self.discarded),
            "crib_size": self.crib_size,
            "starter": None if self.starter is None else str(self.starter),
            "count": self.count,
            "pile": [str(c) for c in self.pile],
            "played": [[seat, str(card)] for seat, card in self.played],
            "said_go": list(self.said_go),
            "held_above": list(self.held_above),
            "log": [event.to_dict() for event in self.log],
            "shows": [show.to_dict() for show in self.shows],
            "history": [[m.hand, m.seat, m.text] for m in self.history],
            "legal_actions": [str(a) for a in self.legal],
            "result": None if self.result is None else self.result.to_dict(),
        }
        if self.cards is not None:  # said only at five-card (C13): others' views unchanged
            view["cards"] = self.cards
            view["target"] = self.target
        if self.muggins:  # said only with muggins (C18): others' views unchanged
            view["muggins"] = True
            view["showing"] = None if self.showing is None else self.showing.to_dict()
        return view
