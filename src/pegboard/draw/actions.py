"""The actions of a Draw turn (D4): ``pegboard.dominoes.actions``, which every domino game
shares, under Draw's own name: ``1-4``, ``3-4@4-4B``, ``draw`` and ``pass``."""

from pegboard.dominoes.actions import (
    DRAW,
    PASS,
    Action,
    DrawTile,
    Pass,
    Play,
    parse_action,
    with_its_end,
)

__all__ = ["DRAW", "PASS", "Action", "DrawTile", "Pass", "Play", "parse_action", "with_its_end"]
