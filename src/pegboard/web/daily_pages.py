"""The daily deals' pages (issue 38), server-rendered in the reader's language: ``/daily``
(today's deals of every game and the player's state in each, their streak and month) and
``/daily/GAME/DAY`` (a day's deals: the button that begins or goes on with them, and once
the player has played them out, the results; a calendar of the game's last days). What
the pages show comes from the same functions as the JSON (``pegboard.web.daily``); the
button asks ``POST /api/daily/GAME/DAY`` (``static/daily.js``) and goes to the table."""

from __future__ import annotations

from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

import pegboard.games
from pegboard.daily import Day
from pegboard.i18n import translator
from pegboard.web import daily_store, pages, rules
from pegboard.web.daily import checked_day, index_of, own_attempt, results_of, state_of
from pegboard.web.daily_access import today_of
from pegboard.web.lobby import service_of
from pegboard.web.players import PER_VIEWER, player_of
from pegboard.web.tables import LobbyError

router = APIRouter()

SCRIPT: Final = "daily.js"
"""The day's page's script: its button asks for the table of the deal in play."""
CALENDAR_DAYS: Final = 14
"""The past days a game's page lists (each playable unranked)."""


def percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.1f}%"


def signed(value: float) -> str:
    text = f"{value:+.0f}" if float(value).is_integer() else f"{value:+.1f}"
    return "0" if text in ("+0", "-0") else text.replace("-", "−")


@router.get("/daily", include_in_schema=False)
async def daily_page(request: Request) -> Response:
    lang = rules.request_lang(request)
    _ = translator(lang)
    index = await index_of(request, _)
    page = pages.render(
        "daily.html",
        lang,
        path="/daily",
        index=index,
        percent=percent,
    )
    return HTMLResponse(page, headers=PER_VIEWER)


@router.get("/daily/{game}/{day}", include_in_schema=False)
async def daily_day_page(request: Request, game: str, day: str) -> Response:
    lang = rules.request_lang(request)
    _ = translator(lang)
    path = f"/daily/{game[:32]}/{day[:16]}"
    try:
        found, chosen = checked_day(request, game, day, _)
    except LobbyError as problem:
        page = pages.message_page(lang, problem.message, path=path)
        return HTMLResponse(page, status_code=problem.status)
    store = service_of(request).store
    player = await player_of(request)
    mine = await own_attempt(request, found, chosen)
    described = pegboard.games.get(found)
    today = today_of(request)
    results: dict[str, Any] | None = None
    if mine is not None and mine.finished:
        results = await results_of(request, found, chosen, mine, lang)
    attempts = (
        []
        if player is None
        else await store.within(
            daily_store.attempts_of, store, player.id, str(today.after(-CALENDAR_DAYS))
        )
    )
    states = {a.day: a for a in attempts if a.game == found}
    calendar = [
        {
            "day": str(past),
            "link": f"/daily/{found}/{past}?lang={lang}",
            "state": (
                "new"
                if str(past) not in states
                else "finished"
                if states[str(past)].finished
                else "playing"
            ),
            "current": past == chosen,
        }
        for past in (today.after(-n) for n in range(CALENDAR_DAYS + 1))
    ]
    page = pages.render(
        "daily_day.html",
        lang,
        path=path,
        scripts=(SCRIPT,),
        game=found,
        game_name=_(described.display_name),
        day=str(chosen),
        today=str(today),
        ranked=(chosen == today) if mine is None else mine.ranked,
        state=state_of(mine, described.daily_deals),
        has_name=player is not None and bool(player.name),
        results=results,
        calendar=calendar,
        percent=percent,
        signed=signed,
        past=Day.parse(str(chosen)) < today,
    )
    return HTMLResponse(page, headers=PER_VIEWER)
