"""What one seat may know of a hand of the Fives family (``FivesHand.observation``): its
own tiles and everything public, with no reference to the hand."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pegboard.dominoes.actions import Action
from pegboard.dominoes.line import End
from pegboard.dominoes.tiles import Tile
from pegboard.fives.layout import Layout
from pegboard.fives.moves import FivesMove
from pegboard.fives.rules import FivesRules
from pegboard.fives.settlement import HandResult


@dataclass(frozen=True, slots=True)
class FivesObservation:
    """What one seat may know of a hand: its own tiles and everything public.

    Built fresh by ``FivesHand.observation``; it holds no reference to the hand, so no
    other hand and no boneyard tile can be reached from it.
    """

    rules: FivesRules
    seat: int
    hand: tuple[Tile, ...]
    layout: Layout
    open_ends: tuple[End, ...]
    ends_total: int
    hand_sizes: tuple[int, ...]
    boneyard_count: int
    drawable: int
    scores: tuple[int, ...]
    """Per side."""
    leader: int
    to_play: int | None
    history: tuple[FivesMove, ...]
    legal: tuple[Action, ...]
    result: HandResult | None
    out_of_play: tuple[Tile, ...] = ()
    """Tiles a position for analysis left out of the hand (``from_position``): known to
    every seat to be in no hand and not in the boneyard. None in a dealt hand."""

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return self.rules.sides

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def current_player(self) -> int | None:
        return self.to_play

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.game,
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "hand": [str(t) for t in self.hand],
            "layout": [[str(t), None if e is None else e.notation] for t, e in self.layout.plays()],
            "spinner": None if self.layout.spinner is None else str(self.layout.spinner),
            "open_ends": [e.notation for e in self.open_ends],
            "ends_total": self.ends_total,
            "hand_sizes": list(self.hand_sizes),
            "boneyard_count": self.boneyard_count,
            "drawable": self.drawable,
            "scores": list(self.scores),
            "sides": [list(side) for side in self.rules.sides],
            "leader": self.leader,
            "to_play": self.to_play,
            "history": [move.to_dict() for move in self.history],
            "legal_actions": [str(a) for a in self.legal],
            "result": None if self.result is None else self.result.to_dict(),
            "out_of_play": [str(t) for t in self.out_of_play],
        }
