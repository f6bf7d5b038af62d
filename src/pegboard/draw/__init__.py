"""The domino game Draw, exactly as ``docs/rules.md`` states it (D1-D17, B1-B5).

>>> from pegboard.draw import Round, Tile
>>> r = Round.deal(2, seed=7)
>>> r.apply(r.legal_actions()[0])
"""

from pegboard.core import IllegalActionError
from pegboard.core.languages import LANGUAGES
from pegboard.dominoes.line import SIDES, End, Joint, Line
from pegboard.dominoes.lot import LotDraw
from pegboard.dominoes.svg import render_svg
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.draw.actions import DRAW, PASS, Action, DrawTile, Pass, Play, parse_action
from pegboard.draw.determinize import determinize
from pegboard.draw.match import (
    MAX_TARGET,
    FinishedRound,
    Match,
    MatchObservation,
    check_target,
    target_for,
)
from pegboard.draw.observation import DrawObservation, Move
from pegboard.draw.round import Round, hand_size
from pegboard.draw.scoring import RoundResult, pip_count, settle, settlement_text

__all__ = [
    "DOUBLE_SIX",
    "DRAW",
    "LANGUAGES",
    "MAX_TARGET",
    "PASS",
    "SIDES",
    "Action",
    "DrawObservation",
    "DrawTile",
    "End",
    "FinishedRound",
    "IllegalActionError",
    "Joint",
    "Line",
    "LotDraw",
    "Match",
    "MatchObservation",
    "Move",
    "Pass",
    "Play",
    "Round",
    "RoundResult",
    "Tile",
    "check_target",
    "determinize",
    "hand_size",
    "parse_action",
    "pip_count",
    "render_svg",
    "settle",
    "settlement_text",
    "target_for",
]
