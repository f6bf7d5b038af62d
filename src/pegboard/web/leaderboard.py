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
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

import pegboard.games
from pegboard.i18n import Translator, translator
from pegboard.web import pages, ratings, rules
from pegboard.web.players import PER_VIEWER, Players, game_name, player_of, players_of
from pegboard.web.rating_scale import change_text, shown
from pegboard.web.schemas import answers
from pegboard.web.store import Store
from pegboard.web.tables import lang_key

router = APIRouter()
GAME_NAME_LENGTH: Final = 32
"""The longest game name a leaderboard's address is read with (longer: no such game)."""
PLAYER_KEY_LENGTH: Final = 16


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


def render_leaderboard(game: pegboard.games.Game, board: list[ratings.Rating], lang: str) -> str:
    _ = translator(lang)
    return pages.render(
        "leaderboard.html",
        lang,
        path=f"/leaderboard/{game.name}",
        game=game.name,
        game_name=_(game.display_name),
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
    game: pegboard.games.Game, board: list[ratings.Rating], _: Translator
) -> dict[str, Any]:
    return {
        "game": game.name,
        "display_name": _(game.display_name),
        "rating": "mu - 3 * sigma",
        "displayed": "1500 + 30 * (mu - 25), at least 0",
        "plus_minus": "2 * 30 * sigma",
        "provisional_until": ratings.PROVISIONAL_MATCHES,
        "players": [
            {"rank": place, **rating.to_dict()} for place, rating in enumerate(board, start=1)
        ],
    }


@router.get("/leaderboard/{game}", include_in_schema=False)
async def leaderboard_page(request: Request, game: str) -> Response:
    """The leaderboard of ``game`` (players no longer provisional, best first)."""
    lang = rules.request_lang(request)
    _ = translator(lang)
    found = game_of(game)
    if found is None:
        page = pages.message_page(
            lang, no_game(game, _), path=f"/leaderboard/{game[:GAME_NAME_LENGTH]}"
        )
        return HTMLResponse(page, status_code=404)
    board = await asyncio.to_thread(ratings.leaderboard, store_of(request), found.name)
    return HTMLResponse(render_leaderboard(found, board, lang))


@router.get("/api/leaderboard/{game}", response_model=None, responses=answers(404, 422, 429, 503))
async def leaderboard_api(request: Request, game: str, lang: str = "en") -> Response:
    """The leaderboard of ``game`` as JSON: each player's rank, id, name, page, ``mu``,
    ``sigma``, ``rating`` (mu - 3 sigma, the order), rated ``matches``, and the rating as
    people read it: ``displayed`` ± ``plus_minus``, ``displayed_cautious`` (the order)."""
    _ = translator(lang_key(lang))
    found = game_of(game)
    if found is None:
        return JSONResponse({"error": no_game(game, _)}, status_code=404)
    board = await asyncio.to_thread(ratings.leaderboard, store_of(request), found.name)
    return JSONResponse(board_dict(found, board, _))


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
    """A player's rating at each game (``provisional`` until enough rated matches) and
    their rating changes, newest first."""
    _ = translator(lang_key(lang))
    from pegboard.web.db import PlayerRow

    viewer = await player_of(request)
    viewer_id = None if viewer is None else viewer.id
    players = players_of(request)

    def load() -> tuple[PlayerRow | None, list[ratings.Rating], list[ratings.Change], set[str]]:
        if len(player) > PLAYER_KEY_LENGTH:
            return None, [], [], set()
        with players.session() as session:
            row = session.get(PlayerRow, player)
        if row is None:
            return None, [], [], set()
        return (row, *player_ratings(players, player, viewer_id))

    row, held, changes, hidden = await asyncio.to_thread(load)
    if row is None:
        return JSONResponse({"error": _("No such player.")}, status_code=404)
    return JSONResponse(
        {
            "player": row.id,
            "name": row.name,
            "provisional_until": ratings.PROVISIONAL_MATCHES,
            "ratings": [rating.to_dict() for rating in held],
            "changes": [change_dict(change, hidden) for change in changes],
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
class PlayerRatings:
    """The player page's ratings (``templates/ratings.html``)."""

    held: list[HeldRating]
    changes: list[RatingChange]
    provisional_until: int = ratings.PROVISIONAL_MATCHES


def player_section(
    held: list[ratings.Rating],
    changes: list[ratings.Change],
    lang: str,
    hidden: Collection[str] = frozenset(),
) -> PlayerRatings:
    """The player page's ratings: one row per game (provisional marked, the game's
    leaderboard linked) and the rated matches' changes, newest first (those of the tables
    in ``hidden`` with no link or id)."""
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
    )
