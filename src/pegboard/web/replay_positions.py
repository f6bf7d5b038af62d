"""A finished match's positions as JSON, for the replay page's viewer (``static/replay.js``):
``GET /api/matches/ID/positions?from=K&count=N&lang=`` gives the positions after moves K to
K + N - 1 (at most ``REPLAY_BATCH`` at once: a position carries the board's drawings), each
with what its move did, the public view and every seat's hand, and the match's rounds or
hands (``parts``) with the move each starts at, so that the viewer steps, plays and jumps
without reloading the page.

As the replay page and the record: a match in play is never given (``409``, nothing of it
named), nor an unknown one (``404``). Nothing here names a game: the views say it all.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from pegboard.i18n import translator
from pegboard.web import wire
from pegboard.web.limits import REPLAY_BATCH
from pegboard.web.replays import (
    Position,
    ReplayRefusedError,
    cache_of,
    finished_match,
    match_id,
    surveyed,
)
from pegboard.web.schemas import answers
from pegboard.web.seat_names import seat_names
from pegboard.web.tables import lang_key

router = APIRouter()

DROPPED: frozenset[str] = frozenset({"log", "legal"})
"""Keys of the public view the viewer has no use for: the whole match's log (each
position says its own move: ``said``) and the legal moves (a replay plays none)."""


def position_json(shown: Position) -> dict[str, Any]:
    """One position as the viewer reads it: the public view, trimmed, every hand, and each
    seat's chance of winning from the deal's start (the tables'; null without them)."""
    return {
        "at": shown.at,
        "said": shown.said,
        "view": {key: value for key, value in shown.public.items() if key not in DROPPED},
        "hands": [seat.get("hand") for seat in shown.seats],
        "chances": shown.chances,
    }


@router.get("/api/matches/{match}/positions", responses=answers(404, 409, 422, 429, 503))
async def match_positions(request: Request, match: str) -> Response:
    """Positions ``from`` (default 0) to ``from + count - 1`` of a finished match (``count``
    1 to ``REPLAY_BATCH``, its default; past the last move there are fewer)."""
    lang = lang_key(request.query_params.get("lang"))
    _ = translator(lang)
    try:
        found = await finished_match(request, match, _)
    except ReplayRefusedError as refusal:
        return JSONResponse({"error": refusal.message}, status_code=refusal.status)
    moves = len(found.actions)
    start = wire.ascii_number(request.query_params.get("from", "0"), moves)
    count = wire.ascii_number(request.query_params.get("count", str(REPLAY_BATCH)), REPLAY_BATCH)
    if start is None:
        message = _("A move is a whole number, from 0 to {n}.").format(n=moves)
        return JSONResponse({"error": message, "field": "from"}, status_code=422)
    if count is None or count < 1:
        message = _("A count of positions is a whole number, from 1 to {n}.").format(n=REPLAY_BATCH)
        return JSONResponse({"error": message, "field": "count"}, status_code=422)
    done = await surveyed(cache_of(request), found, start, start + count, lang)
    names = [str(name) for name in seat_names(found.game, found.seats, _)]
    return JSONResponse(
        {
            "match": match_id(found.table_id, found.number),
            "game": found.game,
            "moves": moves,
            "names": names,
            "parts": [{"at": part.at, "label": part.label} for part in done.parts],
            "from": start,
            "positions": [position_json(shown) for shown in done.positions],
        }
    )
