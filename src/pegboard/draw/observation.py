"""What one seat of a round of Draw may know: ``DrawObservation`` (its own hand and
everything public) and ``Move``, an entry of the public history. ``Round.observation``
(``pegboard.draw.round``) builds them; split from that module, which re-exports both.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pegboard.dominoes.line import Line
from pegboard.dominoes.tiles import Tile
from pegboard.draw.actions import Action
from pegboard.draw.scoring import RoundResult


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of the public history: ``seat`` took ``action``."""

    seat: int
    action: Action

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"


@dataclass(frozen=True, slots=True)
class DrawObservation:
    """What one seat may know of a round: its own hand and everything public.

    Built fresh by ``Round.observation``; it holds no reference to the round, so no other
    hand and no stock order can be reached from it.
    """

    seat: int
    num_players: int
    current_player: int | None
    leader: int
    hand: tuple[Tile, ...]
    line: Line
    hand_sizes: tuple[int, ...]
    stock_size: int
    history: tuple[Move, ...]
    known_absent: tuple[frozenset[int], ...]
    """Per seat, the numbers it is known not to hold: a pass proves it (D8)."""
    legal: tuple[Action, ...]
    result: RoundResult | None
    block: bool = False
    """Whether the round is of the Block game (D18): nobody draws, ``stock_size`` tiles
    sleep."""
    partnerships: bool = False
    """Whether two sides of partners play, seats 0 and 2 against 1 and 3 (D21). The
    partner's hand is as hidden as the opponents': only ``hand_sizes`` is told."""
    tile_set: int = 6
    """The set played: 6, the double-six (D1), or 9, the double-nine (D25): public, the
    table's rules."""

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": "draw",
            "seat": self.seat,
            "num_players": self.num_players,
            "current_player": self.current_player,
            "leader": self.leader,
            "hand": [str(t) for t in self.hand],
            "line": [str(t) for t in self.line.tiles],
            "open_ends": [e.notation for e in self.line.open_ends()],
            "hand_sizes": list(self.hand_sizes),
            "stock_size": self.stock_size,
            "history": [[m.seat, str(m.action)] for m in self.history],
            "known_absent": [sorted(values) for values in self.known_absent],
            "legal_actions": [str(a) for a in self.legal],
            "result": None if self.result is None else self.result.to_dict(),
            # Said only in the Block game, so that Draw's observations stay as they were.
            **({"block": True} if self.block else {}),
            **({"partnerships": True} if self.partnerships else {}),
            **({"set": self.tile_set} if self.tile_set != 6 else {}),
        }
