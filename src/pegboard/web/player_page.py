"""The player page (issue 13, "Players"): ``GET /p/{name or id}`` lists a player's matches,
newest first, with their ratings above (``leaderboard.player_section``), rendered from
``templates/player.html``; a name several players share lists them
(``templates/players_named.html``), a name nobody has is a translated 404 page.

What a private table played shows only to its players (``Players.matches_of``'s viewer),
so the page varies with who asks and no shared cache may keep it (``PER_VIEWER``).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from pegboard.games.levels import LEVEL_NAMES
from pegboard.i18n import Translator, translator
from pegboard.web import digests, leaderboard, pages, rules, seasons, vacations
from pegboard.web.db import NAME_LENGTH, PlayerRow
from pegboard.web.players import (
    PER_VIEWER,
    PLAYER_ID_LENGTH,
    PlayedMatch,
    game_name,
    player_of,
    players_of,
)
from pegboard.web.turns import turns_of

router = APIRouter()


def opponent_name(kind: str, level: str | None, name: str | None, _: Translator) -> str:
    if kind == "bot":
        if level in LEVEL_NAMES:  # the levels' names for people (pegboard.bots)
            return _(LEVEL_NAMES[level])
        return _("Bot ({level})").format(level=level)
    return name or _("Someone")


def result_of(match: PlayedMatch, _: Translator) -> str:
    """Won, lost or drawn, by the standings at the end (a side that shares the best
    standing with no one else but partners won)."""
    if match.aborted:
        return _("Aborted")
    if match.standings is None:
        return _("In play")
    if match.forfeit is not None:
        return _("Lost by forfeit") if match.forfeit == match.seat else _("Won by forfeit")
    best = max(match.standings)
    if all(score == best for score in match.standings):
        return _("Drawn")
    return _("Won") if match.standings[match.seat] == best else _("Lost")


@dataclass(frozen=True, slots=True)
class MatchLine:
    """A match as the player page's table shows it: ``replay`` is its address once over."""

    game: str
    date: datetime
    opponents: str
    result: str
    replay: str | None


def render_player(
    player: PlayerRow,
    matches: list[PlayedMatch],
    lang: str,
    rated: leaderboard.PlayerRatings | None = None,
    turns: list[dict[str, Any]] | None = None,
    settings: dict[str, Any] | None = None,
) -> str:
    """The player page (``templates/player.html``): their name, ``rated`` (their ratings,
    ``leaderboard.player_section``) and their matches; to the player themself, ``turns``:
    the tables where it is their turn (``pegboard.web.turns``), and ``settings``: their
    vacation (``pegboard.web.vacations.told``)."""
    _ = translator(lang)
    return pages.render(
        "player.html",
        lang,
        path=f"/p/{player.id}",
        name=player.name,
        player_id=player.id,
        ratings=rated,
        turns=turns or [],
        settings=settings,
        scripts=(SCRIPT,) if settings else (),
        matches=[
            MatchLine(
                game_name(m.game, _),
                m.date,
                ", ".join(opponent_name(*o, _) for o in m.opponents),
                result_of(m, _),
                None if m.standings is None else f"/m/{m.table_id}-{m.number}",
            )
            for m in matches
        ],
    )


SCRIPT: Final = "settings.js"
"""The player's own settings' script (only their own page has it)."""


def render_choice(name: str, found: list[PlayerRow], lang: str) -> str:
    """The page of a name several players have: a link to each one's page."""
    return pages.render(
        "players_named.html", lang, path=f"/p/{name}", name=name, players=[p.id for p in found]
    )


@router.get("/p/{key}", include_in_schema=False)
async def player_page(request: Request, key: str) -> Response:
    lang = rules.request_lang(request)
    _ = translator(lang)
    key = key[: max(NAME_LENGTH, PLAYER_ID_LENGTH) * 4]
    found = await asyncio.to_thread(players_of(request).find, key)
    if not found:
        page = pages.message_page(lang, _("No such player."), path=f"/p/{key}")
        return HTMLResponse(page, status_code=404)
    if len(found) > 1:
        return HTMLResponse(render_choice(key, found, lang))
    # What a private table played shows only to its players (``seen_by``): the page varies
    # with who asks, and no shared cache may hand one reader's to another.
    viewer = await player_of(request)
    viewer_id = None if viewer is None else viewer.id
    matches = await asyncio.to_thread(players_of(request).matches_of, found[0].id, viewer=viewer_id)
    held, changes, hidden = await asyncio.to_thread(
        leaderboard.player_ratings, players_of(request), found[0].id, viewer_id
    )
    played = await asyncio.to_thread(seasons.seasons_played, players_of(request).store, found[0].id)
    rated = leaderboard.player_section(held, changes, lang, hidden, played)
    # Their own page (the reader is the player): where it is their turn, first.
    turns = settings = None
    if viewer_id == found[0].id:
        from pegboard.web.lobby import service_of

        service = service_of(request)
        turns = await turns_of(service, viewer_id, _)
        settings = await vacation_settings(service, viewer_id)
        address = await asyncio.to_thread(digests.address_of, service.store, viewer_id)
        settings.update(
            push=service.notices.on,
            mail=service.digests.on,
            email=address.email,
            confirmed=address.confirmed,
        )
    page = render_player(found[0], matches, lang, rated, turns, settings)
    return HTMLResponse(page, headers=PER_VIEWER)


async def vacation_settings(service: Any, player_id: str) -> dict[str, Any]:
    """The player's own vacation as their page shows it: until when it lasts (or None),
    the longest they may take, and when the next may begin (or None)."""
    at = vacations.now(service)
    last = await asyncio.to_thread(vacations.vacation_of, service.store, player_id)
    allowed = vacations.next_vacation(last, service.limits)
    minutes = "%Y-%m-%d %H:%M"
    return {
        "vacation": None if last is None or not last.covers(at) else last.ends.strftime(minutes),
        "longest": service.limits.vacation_days,
        "next": None if allowed is None or allowed <= at else allowed.strftime(minutes),
    }
