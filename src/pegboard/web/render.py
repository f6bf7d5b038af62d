"""The views the service sends: ``pegboard.web.views.view`` (the web-views branch).

TEMPORARY: until that branch is merged, a minimal view of the documented common keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pegboard.cribbage import CribbageMatch
from pegboard.draw import Match


def render_view(
    match: Match | CribbageMatch,
    game: str,
    seat: int | None,
    lang: str,
    names: Sequence[str | None],
) -> dict[str, Any]:
    current = match.current_player
    your_turn = seat is not None and current == seat
    hand: list[str] = []
    if seat is not None and isinstance(match, Match):
        hand = [f"{t.low}-{t.high}" for t in match.observation(seat).round.hand]
    elif seat is not None and isinstance(match, CribbageMatch):
        hand = [str(c) for c in match.observation(seat).game.hand]
    legal = (
        [{"action": str(a), "label": str(a)} for a in match.legal_actions()] if your_turn else []
    )
    scores = match.scores if isinstance(match, Match) else match.game.scores
    return {
        "game": game,
        "lang": lang,
        "seat": seat,
        "players": match.num_players,
        "names": [n or "" for n in names],
        "current": current,
        "is_over": match.is_over,
        "winner": match.winner,
        "your_turn": your_turn,
        "legal": legal,
        "hand": hand,
        "scores": list(scores),
    }
