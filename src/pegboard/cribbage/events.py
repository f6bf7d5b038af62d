"""The public facts of a cribbage game: the cut for the deal, every score, the shows, the result.

These values are public: every seat may see them, and they are what a client shows to
explain each score as it happens ("fifteen two", "31 for two", "go for one", "his heels").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Literal

from pegboard.cribbage.cards import Card
from pegboard.cribbage.scoring import Breakdown, ScoreItem, peg_breakdown, score_breakdown
from pegboard.cribbage.words import words

TARGET: Final = 121
"""The first to peg 121 wins at once (C7)."""

SKUNK_LINE: Final = 91
"""A winner whose opponent has not reached 91 has skunked them (C7)."""

DOUBLE_SKUNK_LINE: Final = 61
"""Below 61 it is a double skunk (C7)."""

Reason = Literal["his heels", "pegging", "go", "last card", "hand", "crib"]


@dataclass(frozen=True, slots=True)
class CutForDeal:
    """One cut for the first deal (C2): the card each seat cut; the lower rank deals."""

    cards: tuple[Card, Card]

    @property
    def dealer(self) -> int | None:
        """The seat that cut lower, or None for a tie of ranks (cut again)."""
        first, second = self.cards
        if first.rank == second.rank:
            return None
        return 0 if first.rank < second.rank else 1

    def to_dict(self) -> dict[str, Any]:
        return {"cards": [str(c) for c in self.cards], "dealer": self.dealer}


_SAYINGS: Final = frozenset({"his heels", "go", "last card"})
"""Reasons said with fixed words (the ``words`` table's entry of the same name)."""


@lru_cache(maxsize=4096)
def _breakdown(reason: Reason, cards: tuple[Card, ...], starter: Card | None) -> Breakdown:
    # Cached: observations serialise the whole log again at every step.
    if reason == "pegging":
        return peg_breakdown(cards)
    assert starter is not None
    return score_breakdown(cards, starter, reason == "crib")


@dataclass(frozen=True, slots=True)
class ScoreEvent:
    """One score as it was pegged: who, how many points, why, and the cards that made it.

    ``reason`` is ``"his heels"`` (C3, ``cards`` is the starter), ``"pegging"`` (the card
    just played, C4; ``cards`` is the sequence since the count started), ``"go"`` or
    ``"last card"`` (C5), ``"hand"`` or ``"crib"`` (the show, C6; ``cards`` are the four
    cards, counted with ``starter``). Shows are logged even when they score nothing.

    ``items`` (fifteens, pairs, runs, 31, flush, nobs) and ``saying`` (the score in words, as
    a player announces it: "fifteen two, fifteen four, and a pair is six", "go for one")
    are worked out when asked for, so that playing stays fast.
    """

    hand: int
    seat: int
    points: int
    reason: Reason
    cards: tuple[Card, ...]
    starter: Card | None
    total: int
    """The seat's score just after this event."""

    @property
    def items(self) -> tuple[ScoreItem, ...]:
        return () if self.reason in _SAYINGS else self._breakdown().items

    @property
    def saying(self) -> str:
        return self.say()

    def say(self, lang: str = "en") -> str:
        """The score in words, in ``lang`` (a key of ``pegboard.cribbage.words``)."""
        if self.reason in _SAYINGS:
            return words(lang)[self.reason]
        return self._breakdown().say(lang)

    def _breakdown(self) -> Breakdown:
        return _breakdown(self.reason, self.cards, self.starter)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand,
            "seat": self.seat,
            "points": self.points,
            "reason": self.reason,
            "items": [
                {"kind": i.kind, "cards": [str(c) for c in i.cards], "points": i.points}
                for i in self.items
            ],
            "saying": self.saying,
            "cards": [str(c) for c in self.cards],
            "starter": None if self.starter is None else str(self.starter),
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class HandShow:
    """What the show of a hand revealed (C6): each seat's four cards and the crib.

    A hand the show never reached (the game was won before it was counted) stays None.
    """

    hand: int
    dealer: int
    starter: Card
    hands: tuple[tuple[Card, ...] | None, tuple[Card, ...] | None]
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
class GameResult:
    """How a game ended (C7): the winner, the final scores, and any skunk.

    ``skunk`` is true when the loser has not reached 91, ``double_skunk`` when below 61
    (a double skunk is also a skunk). The game is worth 1 game point, 2 for a skunk and 3
    for a double skunk (the tournament convention of counting a skunk double).
    """

    winner: int
    scores: tuple[int, int]

    @property
    def loser(self) -> int:
        return 1 - self.winner

    @property
    def skunk(self) -> bool:
        return self.scores[self.loser] < SKUNK_LINE

    @property
    def double_skunk(self) -> bool:
        return self.scores[self.loser] < DOUBLE_SKUNK_LINE

    @property
    def kind(self) -> Literal["win", "skunk", "double skunk"]:
        if self.double_skunk:
            return "double skunk"
        return "skunk" if self.skunk else "win"

    @property
    def game_points(self) -> int:
        return 1 + int(self.skunk) + int(self.double_skunk)

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "scores": list(self.scores),
            "kind": self.kind,
            "skunk": self.skunk,
            "double_skunk": self.double_skunk,
            "game_points": self.game_points,
        }
