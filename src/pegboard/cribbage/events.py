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

FIVE_CARD_TARGET: Final = 61
"""The first to peg 61 wins at five-card cribbage (C17)."""

LURCH_LINE: Final = 31
"""At five-card a winner whose opponent has not reached 31, half the game, has lurched them,
a game worth two as a skunk is (C17)."""

Reason = Literal[
    "his heels", "pegging", "go", "last card", "hand", "crib", "three for last", "muggins"
]


@dataclass(frozen=True, slots=True)
class CutForDeal:
    """One cut for the first deal (C2, C8): the card each seat cut; the lowest rank deals."""

    cards: tuple[Card, ...]

    @property
    def dealer(self) -> int | None:
        """The seat that cut lowest, or None when the lowest rank is tied (cut again)."""
        if len(self.cards) == 2:  # between two, the common case
            first, second = self.cards
            if first.rank == second.rank:
                return None
            return 0 if first.rank < second.rank else 1
        low = min(card.rank for card in self.cards)
        lowest = [seat for seat, card in enumerate(self.cards) if card.rank == low]
        return lowest[0] if len(lowest) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {"cards": [str(c) for c in self.cards], "dealer": self.dealer}


_SAYINGS: Final = frozenset({"his heels", "go", "last card", "three for last", "muggins"})
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
    cards, three for a hand at five-card, C16, counted with ``starter``), ``"three for
    last"`` (the first non-dealer's 3 at the start of a game of five-card, C14; no cards),
    ``"muggins"`` (points an opponent missed in a claim, taken by ``seat``, C19; ``cards`` are
    the hand or crib claimed for). Shows are logged even when they score nothing; with
    muggins (C18) a show's ``points`` are those claimed and pegged, which may be fewer than
    its ``items`` hold.

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
    """What the show of a hand revealed (C6, C11): each seat's four cards and the crib.

    A hand the show never reached (the game was won before it was counted) stays None.
    """

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


def side_of(players: int, seat: int) -> int:
    """The score ``seat`` pegs on: its own, or its side's among four (seats 0 and 2 are side
    0, seats 1 and 3 side 1: partners sit opposite, C9)."""
    return seat % 2 if players == 4 else seat


@dataclass(frozen=True, slots=True)
class GameResult:
    """How a game ended (C7, C12): the winner, the final scores, and any skunk.

    Between two, ``skunk`` is true when the loser has not reached 91, ``double_skunk`` when
    below 61 (a double skunk is also a skunk). The game is worth 1 game point, 2 for a skunk
    and 3 for a double skunk (the tournament convention of counting a skunk double).

    At five-card cribbage (``target`` 61, C17) a loser below 31 is lurched, worth 2 as a
    skunk is (``skunk``), and there is no double skunk.

    Among three (``players``) the winner is a player; among four in partnerships it is a
    side (0: seats 0 and 2, 1: seats 1 and 3) and ``scores`` are the two sides'. A win is
    worth one game point there: the sources give no skunk among three or four (C12).
    """

    winner: int
    scores: tuple[int, ...]
    players: int = 2
    target: int = TARGET
    """The score that won: 121, or 61 at five-card (C17)."""

    @property
    def loser(self) -> int:
        """The other seat, between two."""
        return 1 - self.winner

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won (both partners among four, C9)."""
        players = self.players
        return tuple(s for s in range(players) if side_of(players, s) == self.winner)

    @property
    def skunk(self) -> bool:
        line = SKUNK_LINE if self.target == TARGET else LURCH_LINE
        return self.players == 2 and self.scores[self.loser] < line

    @property
    def double_skunk(self) -> bool:
        five = self.target != TARGET  # no double at five-card (C17)
        return self.players == 2 and not five and self.scores[self.loser] < DOUBLE_SKUNK_LINE

    @property
    def kind(self) -> Literal["win", "skunk", "double skunk"]:
        if self.double_skunk:
            return "double skunk"
        return "skunk" if self.skunk else "win"

    @property
    def game_points(self) -> int:
        return 1 + int(self.skunk) + int(self.double_skunk)

    def returns(self) -> tuple[float, ...]:
        """Per seat: between two, the game points to the winner and their opposite to the
        loser (C7); among three or four +1 to each winning seat, the losers sharing -1 a
        winning seat (C12): -1/2 each among three, -1 each among four."""
        if self.players == 2:
            points = self.game_points
            return (points, -points) if self.winner == 0 else (-points, points)
        winners = self.winners
        loss = -len(winners) / (self.players - len(winners))
        return tuple(1.0 if s in winners else loss for s in range(self.players))

    def to_dict(self) -> dict[str, Any]:
        if self.players != 2:
            return {
                "players": self.players,
                "winner": self.winner,
                "winners": list(self.winners),
                "scores": list(self.scores),
                "game_points": self.game_points,
            }
        result = {
            "winner": self.winner,
            "scores": list(self.scores),
            "kind": self.kind,
            "skunk": self.skunk,
            "double_skunk": self.double_skunk,
            "game_points": self.game_points,
        }
        if self.target != TARGET:  # five-card (C17): said only there
            result["target"] = self.target
        return result
