"""The ratings' pages (issue 13, "Ratings"): the leaderboard of a game,
``GET /leaderboard/{game}`` (server-rendered, in the visitor's language) with its JSON
beside it, ``GET /api/leaderboard/{game}``; a player's ratings and rating changes as JSON,
``GET /api/players/{id}/ratings``, and as the section of the player page
(``pegboard.web.players``) that ``player_section`` renders.

A leaderboard leaves provisional players out (fewer than ``PROVISIONAL_MATCHES`` rated
matches at the game) and orders the others by the conservative rating mu - 3 sigma
(``pegboard.web.ratings``). The pages show every rating on the 1500-based scale with its
± band (``pegboard.web.rating_scale.shown``), never OpenSkill's raw mu and sigma; the
JSON has both. The game's name comes from the registry; a game there is not is
a translated 404. Nothing here shows anything of a match in play: a rating changes only
once a match is over (or forfeited).
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

import pegboard.games
from pegboard.i18n import Translator, translator
from pegboard.web import pages, ratings, rules, seasons
from pegboard.web.players import PER_VIEWER, Players, game_name, player_of, players_of
from pegboard.web.rating_scale import change_text, shown
from pegboard.web.schemas import answers
from pegboard.web.seasons import Season
from pegboard.web.store import Store
from pegboard.web.tables import lang_key

router = APIRouter()
GAME_NAME_LENGTH: Final = 32
"""The longest game name a leaderboard's address is read with (longer: no such game)."""
PLAYER_KEY_LENGTH: Final = 16
SEASON_LENGTH: Final = 7
"""A season in an address: ``YYYY-MM``."""


def store_of(request: Request) -> Store:
    store: Store = request.app.state.service.store
    return store


def game_of(name: str) -> pegboard.games.Game | None:
    """The registered game ``name``, or None."""
    if len(name) > GAME_NAME_LENGTH:
        return None
    try:
        return pegboard.games.get(name)
    except LookupError:
        return None


def no_game(name: str, _: Translator) -> str:
    return _("No game is called {game}.").format(game=name[:GAME_NAME_LENGTH])


@dataclass(frozen=True, slots=True)
class Leader:
    """A row of a leaderboard, as ``templates/leaderboard.html`` shows it."""

    place: int
    player_id: str
    name: str | None
    rating: int
    band: int
    cautious: int
    matches: int


@dataclass(frozen=True, slots=True)
class SeasonLink:
    """A season in a leaderboard's list of seasons: its address part (``""``: all time)
    and its name in the reader's language."""

    key: str
    name: str


def season_links(played: list[Season], lang: str) -> list[SeasonLink]:
    """All time, then this month's season and every season the game was played rated in,
    newest first."""
    _ = translator(lang)
    listed = sorted({Season.now(), *played}, reverse=True)
    return [SeasonLink("", _("All time"))] + [
        SeasonLink(str(season), season.label(lang)) for season in listed
    ]


def render_leaderboard(
    game: pegboard.games.Game,
    board: list[ratings.Rating],
    lang: str,
    season: Season | None = None,
    played: list[Season] | None = None,
) -> str:
    """The leaderboard page of ``game``: all time, or ``season``'s; ``played`` the seasons
    it links (the game's seasons with rated matches)."""
    _ = translator(lang)
    path = f"/leaderboard/{game.name}" + ("" if season is None else f"/{season}")
    return pages.render(
        "leaderboard.html",
        lang,
        path=path,
        game=game.name,
        game_name=_(game.display_name),
        season="" if season is None else str(season),
        season_name=None if season is None else season.label(lang),
        seasons=season_links(played or [], lang),
        provisional_until=ratings.PROVISIONAL_MATCHES,
        board=[
            Leader(
                place,
                r.player_id,
                r.name,
                r.shown.rating,
                r.shown.band,
                r.shown.cautious,
                r.matches,
            )
            for place, r in enumerate(board, start=1)
        ],
        games=[(name, _(pegboard.games.get(name).display_name)) for name in pegboard.games.names()],
    )


def board_dict(
    game: pegboard.games.Game,
    board: list[ratings.Rating],
    _: Translator,
    season: Season | None = None,
    played: list[Season] | None = None,
) -> dict[str, Any]:
    return {
        "game": game.name,
        "display_name": _(game.display_name),
        "season": None if season is None else str(season),
        "seasons": [str(s) for s in played or []],
        "rating": "mu - 3 * sigma",
        "displayed": "1500 + 30 * (mu - 25), at least 0",
        "plus_minus": "2 * 30 * sigma",
        "provisional_until": ratings.PROVISIONAL_MATCHES,
        "players": [
            {"rank": place, **rating.to_dict()} for place, rating in enumerate(board, start=1)
        ],
    }


def season_from(text: str | None) -> Season | None:
    """The season an address names (``YYYY-MM``, this month's or an earlier one), or None
    (``ValueError``) for one that is not."""
    if text is None:
        return None
    season = Season.parse(text[:SEASON_LENGTH])
    if len(text) > SEASON_LENGTH or season > Season.now():
        raise ValueError(f"no season {text[:SEASON_LENGTH]}")
    return season


def no_season(text: str, _: Translator) -> str:
    return _("No season is called {season}: a season is a month, written like {example}.").format(
        season=text[:SEASON_LENGTH], example=str(Season.now())
    )


def read_board(
    store: Store, game: str, season: Season | None
) -> tuple[list[ratings.Rating], list[Season]]:
    """The leaderboard (all time, or the season's) and the game's seasons."""
    board = (
        ratings.leaderboard(store, game)
        if season is None
        else seasons.leaderboard(store, game, season)
    )
    return board, seasons.seasons_of(store, game)


@router.get("/leaderboard/{game}", include_in_schema=False)
async def leaderboard_page(request: Request, game: str) -> Response:
    """The leaderboard of ``game`` (players no longer provisional, best first)."""
    return await _leaderboard_page(request, game, None)


@router.get("/leaderboard/{game}/{season}", include_in_schema=False)
async def season_page(request: Request, game: str, season: str) -> Response:
    """The leaderboard of ``game`` in ``season`` (a month, ``YYYY-MM``)."""
    return await _leaderboard_page(request, game, season)


async def _leaderboard_page(request: Request, game: str, season_text: str | None) -> Response:
    lang = rules.request_lang(request)
    _ = translator(lang)
    found = game_of(game)
    if found is None:
        page = pages.message_page(
            lang, no_game(game, _), path=f"/leaderboard/{game[:GAME_NAME_LENGTH]}"
        )
        return HTMLResponse(page, status_code=404)
    try:
        season = season_from(season_text)
    except ValueError:
        text = season_text or ""
        page = pages.message_page(
            lang, no_season(text, _), path=f"/leaderboard/{found.name}/{text[:SEASON_LENGTH]}"
        )
        return HTMLResponse(page, status_code=404)
    board, played = await asyncio.to_thread(read_board, store_of(request), found.name, season)
    return HTMLResponse(render_leaderboard(found, board, lang, season, played))


@router.get("/api/leaderboard/{game}", response_model=None, responses=answers(404, 422, 429, 503))
async def leaderboard_api(
    request: Request, game: str, lang: str = "en", season: str | None = None
) -> Response:
    """The leaderboard of ``game`` as JSON, all time or (``season``: a month, ``YYYY-MM``)
    the season's: each player's rank, id, name, page, ``mu``, ``sigma``, ``rating``
    (mu - 3 sigma, the order), rated ``matches``, and the rating as people read it:
    ``displayed`` ± ``plus_minus``, ``displayed_cautious`` (the order); ``seasons``, the
    game's seasons with rated matches, newest first."""
    _ = translator(lang_key(lang))
    found = game_of(game)
    if found is None:
        return JSONResponse({"error": no_game(game, _)}, status_code=404)
    try:
        chosen = season_from(season)
    except ValueError:
        return JSONResponse({"error": no_season(season or "", _)}, status_code=404)
    board, played = await asyncio.to_thread(read_board, store_of(request), found.name, chosen)
    return JSONResponse(board_dict(found, board, _, chosen, played))


def player_ratings(
    players: Players, player_id: str, viewer: str | None
) -> tuple[list[ratings.Rating], list[ratings.Change], set[str]]:
    """The player's ratings, their rating changes, and the tables of those changes that
    ``viewer`` may not see (private tables they hold no seat at: ``players.seen_by``)."""
    changes = ratings.changes_of(players.store, player_id)
    hidden = players.hidden_from(viewer, {c.table_id for c in changes})
    return ratings.ratings_of(players.store, player_id), changes, hidden


def change_dict(change: ratings.Change, hidden: Collection[str]) -> dict[str, Any]:
    """A rating change as the JSON has it; one of a table hidden from the reader without
    its table or replay (``private``: true)."""
    found = change.to_dict()
    private = change.table_id in hidden
    if private:
        found.update(table=None, replay=None)
    found["private"] = private
    return found


@router.get(
    "/api/players/{player}/ratings", response_model=None, responses=answers(404, 422, 429, 503)
)
async def player_ratings_api(request: Request, player: str, lang: str = "en") -> Response:
    """A player's rating at each game (``provisional`` until enough rated matches), their
    rating changes, newest first, and their ``seasons``, newest first: each a month's rating
    at a game, with the player's ``place`` on its leaderboard (null while provisional)."""
    _ = translator(lang_key(lang))
    from pegboard.web.db import PlayerRow

    viewer = await player_of(request)
    viewer_id = None if viewer is None else viewer.id
    players = players_of(request)

    def load() -> tuple[
        PlayerRow | None,
        list[ratings.Rating],
        list[ratings.Change],
        set[str],
        list[seasons.SeasonRating],
    ]:
        if len(player) > PLAYER_KEY_LENGTH:
            return None, [], [], set(), []
        with players.session() as session:
            row = session.get(PlayerRow, player)
        if row is None:
            return None, [], [], set(), []
        held, changes, hidden = player_ratings(players, player, viewer_id)
        return row, held, changes, hidden, seasons.seasons_played(players.store, player)

    row, held, changes, hidden, played = await asyncio.to_thread(load)
    if row is None:
        return JSONResponse({"error": _("No such player.")}, status_code=404)
    return JSONResponse(
        {
            "player": row.id,
            "name": row.name,
            "provisional_until": ratings.PROVISIONAL_MATCHES,
            "ratings": [rating.to_dict() for rating in held],
            "changes": [change_dict(change, hidden) for change in changes],
            "seasons": [season_dict(season) for season in played],
        },
        headers=PER_VIEWER,
    )


@dataclass(frozen=True, slots=True)
class HeldRating:
    """A player's rating at a game, as their page shows it."""

    game: str
    game_name: str
    rating: int
    band: int
    low: int
    high: int
    matches: int
    provisional: bool


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated match's change, as the player's page shows it: ``match`` (``TABLE-N``) is
    None for a table hidden from the reader (private), whose change shows no link or id."""

    date: datetime
    game_name: str
    match: str | None
    number: int
    rank: int
    forfeit: bool
    before: int
    after: int
    change: str


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A season a player played a game rated in, as their page shows it: ``place`` is None
    while they are provisional in it."""

    season: str
    season_name: str
    game: str
    game_name: str
    rating: int
    band: int
    matches: int
    place: int | None


@dataclass(frozen=True, slots=True)
class PlayerRatings:
    """The player page's ratings (``templates/ratings.html``)."""

    held: list[HeldRating]
    changes: list[RatingChange]
    seasons: list[SeasonLine]
    provisional_until: int = ratings.PROVISIONAL_MATCHES


def season_dict(played: seasons.SeasonRating) -> dict[str, Any]:
    """A player's season at a game as the JSON has it."""
    return {
        "season": str(played.season),
        "place": played.place,
        "leaderboard": f"/leaderboard/{played.rating.game}/{played.season}",
        **played.rating.to_dict(),
    }


def player_section(
    held: list[ratings.Rating],
    changes: list[ratings.Change],
    lang: str,
    hidden: Collection[str] = frozenset(),
    played: Sequence[seasons.SeasonRating] = (),
) -> PlayerRatings:
    """The player page's ratings: one row per game (provisional marked, the game's
    leaderboard linked), the rated matches' changes, newest first (those of the tables
    in ``hidden`` with no link or id), and the seasons ``played``."""
    _ = translator(lang)
    return PlayerRatings(
        [
            HeldRating(
                r.game,
                game_name(r.game, _),
                r.shown.rating,
                r.shown.band,
                r.shown.low,
                r.shown.high,
                r.matches,
                r.provisional,
            )
            for r in held
        ],
        [
            RatingChange(
                c.date,
                game_name(c.game, _),
                None if c.table_id in hidden else f"{c.table_id}-{c.match_number}",
                c.match_number,
                c.rank,
                c.kind != "result",
                shown(*c.before).rating,
                shown(*c.after).rating,
                change_text(shown(*c.before), shown(*c.after)),
            )
            for c in changes
        ],
        [
            SeasonLine(
                str(p.season),
                p.season.label(lang),
                p.rating.game,
                game_name(p.rating.game, _),
                p.rating.shown.rating,
                p.rating.shown.band,
                p.rating.matches,
                p.place,
            )
            for p in played
        ],
    )
