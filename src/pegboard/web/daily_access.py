"""Who may see what of the daily deals (issue 38), and the server's day: a module of its
own, below the replays (which ask it) and the daily deals' routes (``pegboard.web.daily``).
"""

from __future__ import annotations

from collections.abc import Callable

from fastapi import Request

from pegboard.daily import Day
from pegboard.i18n import Translator
from pegboard.web import daily_store
from pegboard.web.players import player_of
from pegboard.web.store import Store


def today_of(request: Request) -> Day:
    """The server's day (UTC): ``app.state.daily_today`` when a test sets its clock."""
    clock: Callable[[], Day] | None = getattr(request.app.state, "daily_today", None)
    return Day.today() if clock is None else clock()


async def replay_refusal(request: Request, table_id: str, _: Translator) -> str | None:
    """Why a daily deal's finished match may not be replayed, analysed or played on yet
    (its deal is the day's, the same for everyone): until the day is over, only the players
    who have played that day's deals out see it. None for any other table, or once the
    day is over."""
    store: Store = request.app.state.service.store
    found = await store.within(daily_store.daily_table, store, table_id)
    if found is None or Day.parse(found.day) < today_of(request):
        return None
    player = await player_of(request)
    if player is not None:
        mine = await store.within(daily_store.attempt_of, store, found.game, found.day, player.id)
        if mine is not None and mine.finished:
            return None
    return _(
        "This is a deal of today's daily deals: it can be replayed once you have played "
        "today's deals out, or tomorrow."
    )
