"""Where it is a player's turn (issue 39, "Notifications"): ``GET /api/me/turns`` lists the
tables in play at which this browser's player holds the seat to move, so that any page
(the lobby, another table) can say "your turn" in its title and icon and list them.

The seats are read from the database, and each table's turn from its live copy (a table
not in memory is rebuilt from its log, as a player's hello would): at most
``TURNS_LIMIT`` tables, the most recent first, so that one request does bounded work.
Nothing of a hand is read or sent: only the table, its game and the seat.
"""

from __future__ import annotations

import asyncio
import math
from typing import TYPE_CHECKING, Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy import select

from pegboard.i18n import Translator, translator
from pegboard.web.db import SeatRow, TableRow
from pegboard.web.players import PER_VIEWER, player_of
from pegboard.web.schemas import answers
from pegboard.web.store import Store
from pegboard.web.tables import UnusableTableError, lang_key

if TYPE_CHECKING:
    from pegboard.web.service import TableService

router = APIRouter()
TURNS_LIMIT: Final = 20
"""The most recent tables in play of a player that ``GET /api/me/turns`` looks at."""


def seats_in_play(store: Store, player_id: str) -> list[tuple[str, int]]:
    """The player's seats at tables in play, the most recently made table first."""
    with store.session() as session:
        rows = session.execute(
            select(SeatRow.table_id, SeatRow.seat)
            .join(TableRow, TableRow.id == SeatRow.table_id)
            .where(SeatRow.player_id == player_id, TableRow.status == "playing")
            .order_by(TableRow.created_at.desc(), SeatRow.table_id)
            .limit(TURNS_LIMIT)
        ).all()
        return [(table_id, seat) for table_id, seat in rows]


async def turns_of(service: TableService, player_id: str, _: Translator) -> list[dict[str, Any]]:
    """The tables in play where it is the player's turn, the move due soonest first, then
    the most recent (the ``turns`` of ``GET /api/me/turns``; the player's own page lists
    them too)."""
    turns: list[dict[str, Any]] = []
    for table_id, seat in await asyncio.to_thread(seats_in_play, service.store, player_id):
        try:
            table = await service.get(table_id)
        except UnusableTableError:
            continue
        if table is None or table.current != seat or table.record.forfeit is not None:
            continue
        control, clock = table.record.time_control, table.record.clock
        left = None
        if control is not None and clock is not None and clock.running == seat:
            left = round(clock.left_at(service.clocks.wall())[seat] * 1000)
        turns.append(
            {
                "table": table_id,
                "game": table.game.name,
                "display_name": _(table.game.display_name),
                "seat": seat,
                "page": f"/t/{table_id}",
                "days": None if control is None else control.days,
                "left": left,
            }
        )
    # The move due soonest first (a correspondence player's list is their work to do);
    # then the most recent table, as the seats came.
    turns.sort(key=lambda turn: math.inf if turn["left"] is None else turn["left"])
    return turns


@router.get("/api/me/turns", response_model=None, responses=answers(422, 429, 503))
async def my_turns(request: Request, lang: str = "en") -> Response:
    """The tables in play where it is this browser's player's turn: ``[{"table", "game",
    "display_name", "seat", "page", "days", "left"}]`` (``days``: a correspondence table's
    days a move, else null; ``left``: ms left to move, null without a running clock), the
    move due soonest first, then the most recent table (none without a player)."""
    from pegboard.web.lobby import service_of

    _ = translator(lang_key(lang))
    player = await player_of(request)
    if player is None:
        return JSONResponse({"turns": []}, headers=PER_VIEWER)
    turns = await turns_of(service_of(request), player.id, _)
    return JSONResponse({"turns": turns}, headers=PER_VIEWER)
