"""The ratings' pages (issue 13, "Ratings"): the leaderboard of a game,
``GET /leaderboard/{game}`` (server-rendered, in the visitor's language) with its JSON
beside it, ``GET /api/leaderboard/{game}``; a player's ratings and rating changes as JSON,
``GET /api/players/{id}/ratings``, and as the section of the player page
(``pegboard.web.players``) that ``player_section`` renders.

A leaderboard leaves provisional players out (fewer than ``PROVISIONAL_MATCHES`` rated
matches at the game) and orders the others by the conservative rating mu - 3 sigma
(``pegboard.web.ratings``). The game's name comes from the registry; a game there is not is
a translated 404. Nothing here shows anything of a match in play: a rating changes only
once a match is over (or forfeited).
"""

from __future__ import annotations

import asyncio
from collections.abc import Collection, Sequence
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from markupsafe import Markup

import pegboard.games
from pegboard.i18n import Translator, translator
from pegboard.web import ratings, rules
from pegboard.web.players import PER_VIEWER, Players, game_name, player_of, players_of
from pegboard.web.rules.page import element, join, paragraph
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


def number(value: float) -> str:
    """A rating as the pages show it: one decimal."""
    return f"{value:.1f}"


def rows_table(
    head: Sequence[str], rows: Sequence[tuple[dict[str, Any], Sequence[Any]]], **attributes: Any
) -> Markup:
    """A table (as ``rules.page.table``: ``<th scope>`` headers, each row's first cell its
    header, in a scrolling wrapper) whose rows carry attributes of their own."""
    caption = attributes.pop("caption", None)
    parts = [element("caption", caption)] if caption is not None else []
    parts.append(
        element("thead", element("tr", join(*(element("th", h, scope="col") for h in head))))
    )
    parts.append(
        element(
            "tbody",
            join(
                *(
                    element(
                        "tr",
                        join(
                            element("th", cells[0], scope="row"),
                            *(element("td", cell) for cell in cells[1:]),
                        ),
                        **row_attributes,
                    )
                    for row_attributes, cells in rows
                )
            ),
        )
    )
    return element("div", element("table", join(*parts), **attributes), class_="table-wrap")


def explanation(_: Translator) -> Markup:
    n = ratings.PROVISIONAL_MATCHES
    return paragraph(
        _.ngettext(
            "Ratings are OpenSkill's (Plackett-Luce). The rating shown is μ − 3σ, a "
            "cautious estimate: a player's true skill is very likely (99.7%) above it. A "
            "player is provisional, and left off the leaderboard, until {n} rated match.",
            "Ratings are OpenSkill's (Plackett-Luce). The rating shown is μ − 3σ, a "
            "cautious estimate: a player's true skill is very likely (99.7%) above it. A "
            "player is provisional, and left off the leaderboard, until {n} rated matches.",
            n,
        ).format(n=n),
        id="rating-note",
    )


def player_label(rating: ratings.Rating, _: Translator) -> str:
    return rating.name or _("Player {id}").format(id=rating.player_id)


def render_leaderboard(game: pegboard.games.Game, board: list[ratings.Rating], lang: str) -> str:
    _ = translator(lang)
    name = _(game.display_name)
    title = _("Leaderboard: {game}").format(game=name)
    if board:
        listing = rows_table(
            [_("Rank"), _("Player"), _("Rating"), "μ", "σ", _("Rated matches")],
            [
                (
                    {"data_player": r.player_id, "class_": "leader"},
                    [
                        str(place),
                        element("a", player_label(r, _), href=f"/p/{r.player_id}?lang={lang}"),
                        number(r.conservative),
                        number(r.mu),
                        number(r.sigma),
                        str(r.matches),
                    ],
                )
                for place, r in enumerate(board, start=1)
            ],
            caption=title,
            id="leaderboard",
        )
    else:
        listing = paragraph(
            _.ngettext(
                "No player has finished {n} rated match of this game yet.",
                "No player has finished {n} rated matches of this game yet.",
                ratings.PROVISIONAL_MATCHES,
            ).format(n=ratings.PROVISIONAL_MATCHES),
            id="leaderboard",
        )
    others = [
        element(
            "li",
            element(
                "a",
                _(pegboard.games.get(other).display_name),
                href=f"/leaderboard/{other}?lang={lang}",
                aria_current="page" if other == game.name else None,
            ),
        )
        for other in pegboard.games.names()
    ]
    nav = element(
        "nav",
        element("h2", _("Leaderboards"), id="leaderboards-title"),
        element("ul", join(*others)),
        aria_labelledby="leaderboards-title",
        class_="leaderboards",
    )
    body = join(element("h1", title), explanation(_), listing, nav)
    return rules.shell(lang, title, body, path=f"/leaderboard/{game.name}")


def board_dict(
    game: pegboard.games.Game, board: list[ratings.Rating], _: Translator
) -> dict[str, Any]:
    return {
        "game": game.name,
        "display_name": _(game.display_name),
        "rating": "mu - 3 * sigma",
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
        message = no_game(game, _)
        page = rules.shell(
            lang, message, element("h1", message), path=f"/leaderboard/{game[:GAME_NAME_LENGTH]}"
        )
        return HTMLResponse(page, status_code=404)
    board = await asyncio.to_thread(ratings.leaderboard, store_of(request), found.name)
    return HTMLResponse(render_leaderboard(found, board, lang))


@router.get("/api/leaderboard/{game}", response_model=None, responses=answers(404, 422, 429, 503))
async def leaderboard_api(request: Request, game: str, lang: str = "en") -> Response:
    """The leaderboard of ``game`` as JSON: each player's rank, id, name, page, ``mu``,
    ``sigma``, ``rating`` (mu - 3 sigma, the order) and rated ``matches``."""
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


def match_cell(change: ratings.Change, hidden: Collection[str], _: Translator) -> Markup | str:
    """A rating change's match: its replay's link, or, for a table hidden from the reader
    (private), a word with no id."""
    if change.table_id in hidden:
        return _("A private match")
    return element(
        "a",
        _("Match {number}").format(number=change.match_number),
        href=f"/m/{change.table_id}-{change.match_number}",
    )


def player_section(
    held: list[ratings.Rating],
    changes: list[ratings.Change],
    lang: str,
    hidden: Collection[str] = frozenset(),
) -> Markup:
    """The player page's ratings: one row per game (provisional marked, the game's
    leaderboard linked) and the rated matches' changes, newest first (those of the tables
    in ``hidden`` with no link or id)."""
    _ = translator(lang)
    if not held:
        return paragraph(_("No rated matches yet."), id="ratings")
    table_ = rows_table(
        [_("Game"), _("Rating"), "μ", "σ", _("Rated matches"), _("Status")],
        [
            (
                {"data_game": r.game, "class_": "rating"},
                [
                    element("a", game_name(r.game, _), href=f"/leaderboard/{r.game}?lang={lang}"),
                    number(r.conservative),
                    number(r.mu),
                    number(r.sigma),
                    str(r.matches),
                    element("span", _("Provisional"), class_="provisional")
                    if r.provisional
                    else _("On the leaderboard"),
                ],
            )
            for r in held
        ],
        caption=_("Ratings"),
        id="ratings",
    )
    history = rows_table(
        [_("Date"), _("Game"), _("Match"), _("Rank"), _("Before"), _("After"), _("Change")],
        [
            (
                {
                    "data_match": None
                    if c.table_id in hidden
                    else f"{c.table_id}-{c.match_number}",
                    "class_": "rating-change",
                },
                [
                    element("time", c.date.date().isoformat(), datetime=c.date.isoformat()),
                    game_name(c.game, _),
                    match_cell(c, hidden, _),
                    str(c.rank)
                    if c.kind == "result"
                    else _("{rank} (by forfeit)").format(rank=c.rank),
                    number(ratings.conservative(*c.before)),
                    number(ratings.conservative(*c.after)),
                    f"{ratings.conservative(*c.after) - ratings.conservative(*c.before):+.1f}",
                ],
            )
            for c in changes
        ],
        caption=_("Rating changes"),
        id="rating-changes",
    )
    return join(table_, history, explanation(_))
