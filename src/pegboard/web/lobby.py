"""The REST lobby (docs/web.md): create a table, list the open ones, join and leave a
seat, the page's strings, and the two page routes.

Each route reads its body with ``bodies`` (``body_of``, then its model: ``bodies.read``,
``table_body.read_new_table``), so that every refusal is the API's own
``{"error": message}``, translated; the same models make the OpenAPI schema of the
bodies, and ``schemas`` describes the answers."""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Coroutine
from typing import Any, Final

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.routing import APIRoute

import pegboard.games
from pegboard.core import N_
from pegboard.games import level_name
from pegboard.i18n import ALL, LOCALES, Translator, translator
from pegboard.web import pages, rules
from pegboard.web.bodies import ClaimInvite, InviteSeat, JoinSeat, LeaveSeat, body_of, read
from pegboard.web.players import named_player, player_of, with_cookie
from pegboard.web.schemas import (
    ClaimedSeat,
    CreatedTable,
    GameInfo,
    InvitationValid,
    JoinedSeat,
    LeftSeat,
    PageMessages,
    SeatInvitation,
    TableSummary,
    answers,
    body_of_schema,
    request_body,
)
from pegboard.web.seats import SeatHolder
from pegboard.web.service import TableService
from pegboard.web.table_body import HumanSeat, NewTable, new_table_schema, read_new_table
from pegboard.web.tables import LiveTable, LobbyError, UnusableTableError, clean_name, lang_key


class LobbyRoute(APIRoute):
    """A route whose path parameters FastAPI checks: a seat that is not a whole number is
    no seat (404, translated) rather than FastAPI's own ``{"detail": ...}``."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route(request: Request) -> Response:
            try:
                return await handler(request)
            except RequestValidationError as invalid:
                if not all(
                    tuple(e.get("loc", ()))[:2] == ("path", "seat") for e in invalid.errors()
                ):
                    raise
                _ = translator(lang_key(request.query_params.get("lang")))
                return error(404, _("There is no such seat at this table."))

        return route


router = APIRouter(route_class=LobbyRoute)


def service_of(request: Request) -> TableService:
    service: TableService = request.app.state.service
    return service


def error(status: int, message: str, retry_after: int | None = None) -> JSONResponse:
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def refused(error_: LobbyError) -> JSONResponse:
    return error(error_.status, error_.message, error_.retry_after)


def client_of(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def table_or_404(request: Request, table_id: str, lang: str) -> LiveTable:
    try:
        table = await service_of(request).get(table_id)
    except UnusableTableError as error:
        raise LobbyError(409, error.message(translator(lang))) from None
    if table is None:
        raise LobbyError(404, translator(lang)("There is no table {table}.").format(table=table_id))
    return table


@router.post(
    "/api/tables",
    status_code=201,  # its body's schema is the registry's games (``openapi_of``)
    responses={201: {"model": CreatedTable}, **answers(413, 415, 422, 429, 503)},
)
async def create_table(request: Request, lang: str | None = None) -> Response:
    try:
        body = await body_of(request)
        asked = read_new_table(body, translator(lang_key(body.get("lang"))))
        known = await player_of(request)
        service = service_of(request)
        table, tokens, invites = await service.maker.create(
            asked, client_of(request), *((known.id, known.name) if known else (None, None))
        )
        return await table_made(request, asked, table, tokens, invites)
    except LobbyError as problem:
        return refused(problem)


async def table_made(
    request: Request,
    asked: NewTable,
    table: LiveTable,
    tokens: dict[int, str],
    invites: dict[int, str],
) -> Response:
    """The answer to a new table's request (``CreatedTable``, 201), its creator a player
    now (one is made for a browser with none) holding the seat of its token; also the
    answer of ``POST /api/matches/ID/play-on`` (``pegboard.web.play_on``)."""
    service = service_of(request)
    player, secret = await named_player(request, creator_name(asked))
    await service.seats.hold(table, next(iter(tokens)), player.id, player.name)
    await service.seats.trace(player.id, client_of(request))
    seats: list[dict[str, Any]] = []
    for info in table.record.seats:
        seat: dict[str, Any] = {"seat": info.seat, "kind": info.kind}
        if info.seat in tokens:
            token = tokens[info.seat]
            seat["token"] = token
            seat["link"] = seat_link(table.id, info.seat, token)
        elif info.seat in invites:
            seat["invite"] = f"/t/{table.id}#invite={invites[info.seat]}"
        else:
            seat["level"] = info.level
        seats.append(seat)
    answer = JSONResponse(
        {"table": table.id, "seats": seats, "spectate": f"/t/{table.id}"}, status_code=201
    )
    return with_cookie(answer, request, secret)


def creator_name(asked: NewTable) -> str | None:
    """The name a new table's request gives its first human seat (the creator's; the
    service has cleaned it already, the table being made)."""
    for spec in asked.seats:
        if isinstance(spec, HumanSeat):
            return clean_name(spec.name, translator(asked.lang))
    return None


def seat_link(table_id: str, seat: int, token: str) -> str:
    """The link that opens a seat with its token, in the fragment (never sent to a server)."""
    return f"/t/{table_id}#seat={seat}&token={token}"


@router.post(
    "/api/tables/{table_id}/claim",
    response_model=None,
    openapi_extra=request_body(ClaimInvite),
    responses={200: {"model": ClaimedSeat}, **answers(404, 409, 410, 413, 415, 422, 429, 503)},
)
async def claim_invitation(request: Request, table_id: str) -> Response | dict[str, Any]:
    """Claim the seat a one-time invitation is for: a new token of the claimer's own."""
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        claim = read(ClaimInvite, body, translator(lang))
        table = await table_or_404(request, table_id, lang)
        known = await player_of(request)
        service = service_of(request)
        seat, token = await service.seats.claim(
            table,
            claim.invite,
            claim.name or (known.name if known else None),
            lang,
            client_of(request),
            known.id if known else None,
        )
        player, secret = await named_player(request, clean_name(claim.name, translator(lang)))
        await service.seats.hold(table, seat, player.id, player.name)
        await service.seats.trace(player.id, client_of(request))
    except LobbyError as problem:
        return refused(problem)
    answer = JSONResponse({"table": table.id, "seat": seat, "token": token})
    return with_cookie(answer, request, secret)


@router.post(
    "/api/tables/{table_id}/invitation",
    response_model=None,
    openapi_extra=request_body(ClaimInvite),
    responses={200: {"model": InvitationValid}, **answers(404, 409, 410, 413, 415, 422, 429, 503)},
)
async def check_invitation(request: Request, table_id: str) -> Response | dict[str, Any]:
    """Whether a one-time invitation still works (the table's page asks before it asks a
    name): ``{"valid": true}``, else the claim's own refusal in words. Nothing is claimed,
    and nothing else is told. The code travels in the body, never in the address."""
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        asked = read(ClaimInvite, body, translator(lang))
        table = await table_or_404(request, table_id, lang)
        await service_of(request).seats.check_invitation(
            table, asked.invite, lang, client_of(request)
        )
    except LobbyError as problem:
        return refused(problem)
    return {"valid": True}


@router.get("/api/tables", responses={200: {"model": list[TableSummary]}, **answers(422, 429, 503)})
async def open_tables(request: Request, lang: str | None = None) -> list[dict[str, Any]]:
    return await service_of(request).maker.open_tables(lang_key(lang))


@router.get(
    "/api/tables/{table_id}",
    response_model=None,
    responses={200: {"model": TableSummary}, **answers(404, 409, 422, 429, 503)},
)
async def table_summary(
    request: Request, table_id: str, lang: str | None = None
) -> Response | dict[str, Any]:
    lang = lang_key(lang)
    try:
        table = await table_or_404(request, table_id, lang)
    except LobbyError as problem:
        return refused(problem)
    return service_of(request).summary(table, lang)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/join",
    response_model=None,
    openapi_extra=request_body(JoinSeat),
    responses={200: {"model": JoinedSeat}, **answers(403, 404, 409, 413, 415, 422, 429, 503)},
)
async def join_seat(request: Request, table_id: str, seat: int) -> Response | dict[str, Any]:
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        table = await table_or_404(request, table_id, lang)
        asked = read(JoinSeat, body, translator(lang))
        name = clean_name(asked.name, translator(lang))
        known = await player_of(request)
        service = service_of(request)
        token = await service.seats.join(
            table,
            seat,
            name or (known.name if known else None),
            lang,
            client_of(request),
            known.id if known else None,
        )
        player, secret = await named_player(request, name)
        await service.seats.hold(table, seat, player.id, player.name)
        await service.seats.trace(player.id, client_of(request))
    except LobbyError as problem:
        return refused(problem)
    answer = {
        "table": table.id,
        "seat": seat,
        "token": token,
        "invite": seat_link(table.id, seat, token),
    }
    return with_cookie(JSONResponse(answer), request, secret)


@router.post(
    "/api/tables/{table_id}/seats/{seat}/leave",
    response_model=None,
    openapi_extra=request_body(LeaveSeat),
    responses={200: {"model": LeftSeat}, **answers(403, 404, 409, 413, 415, 422, 429, 503)},
)
async def leave_seat(request: Request, table_id: str, seat: int) -> Response | dict[str, Any]:
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        table = await table_or_404(request, table_id, lang)
        leaving = read(LeaveSeat, body, translator(lang))
        key: object = leaving.token
        if key is None:  # no token: the seat of the browser's player, if theirs
            player = await player_of(request)
            key = SeatHolder(player.id) if player is not None else None
        await service_of(request).seats.leave(table, seat, key, lang, client_of(request))
    except LobbyError as problem:
        return refused(problem)
    return {"table": table.id, "seat": seat, "left": True}


@router.post(
    "/api/tables/{table_id}/seats/{seat}/invite",
    response_model=None,
    openapi_extra=request_body(InviteSeat),
    responses={200: {"model": SeatInvitation}, **answers(403, 404, 409, 413, 415, 422, 429, 503)},
)
async def invite_to_seat(request: Request, table_id: str, seat: int) -> Response | dict[str, Any]:
    """A new one-time invitation to a free seat (given up, or never claimed), asked by a
    person seated at the table with their seat's token (or their player's cookie)."""
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        table = await table_or_404(request, table_id, lang)
        asking = read(InviteSeat, body, translator(lang))
        key: object = asking.token
        if key is None:
            player = await player_of(request)
            key = SeatHolder(player.id) if player is not None else None
        code = await service_of(request).seats.reinvite(
            table, asking.seat, key, seat, lang, client_of(request)
        )
    except LobbyError as problem:
        return refused(problem)
    return {"table": table.id, "seat": seat, "invite": f"/t/{table.id}#invite={code}"}


@router.get("/api/messages", responses={200: {"model": PageMessages}, **answers(422, 429, 503)})
async def messages(lang: str = "en") -> dict[str, Any]:
    """The page's strings in ``lang`` (English for a language there is no catalog of)."""
    from pegboard.web.messages import catalog

    key = lang_key(lang)
    return {"lang": LOCALES[key], "messages": catalog(key)}


@router.get("/api/games", responses={200: {"model": list[GameInfo]}, **answers(422, 429, 503)})
async def game_list(lang: str = "en") -> list[dict[str, Any]]:
    """The registered games (``pegboard.games``), each with its seats, its options and
    their choices, and its bot levels; names and labels in ``lang``."""
    _ = translator(lang_key(lang))
    return [game_info(pegboard.games.get(name), _) for name in pegboard.games.names()]


GENERIC_PAGE: Final = "generic"
"""The page module of a game with no page of its own (static/games/generic.js)."""


def page_of(game: pegboard.games.Game) -> str:
    """The name of ``game``'s page module (static/games/NAME.js): its own, or the generic."""
    return game.looks.page or GENERIC_PAGE


def game_info(game: pegboard.games.Game, _: Translator) -> dict[str, Any]:
    """``game`` as ``GET /api/games`` shows it: ``Game.describe`` with its names and labels
    in ``_``'s language, each option's refusal (the rule it cites) in words, and the page
    module that plays it."""
    info = game.describe()
    info["display_name"] = _(info["display_name"])
    for described, option in zip(info["options"], game.options, strict=True):
        described["label"] = _(described["label"])
        described["choice_labels"] = [[value, _(label)] for value, label in option.choice_labels]
        error = option.refusal()
        described["refusal"] = _(error.template).format(**error.fields)
    info["bot_names"] = {level: _(level_name(game.name, level)) for level in info["bots"]}
    info["players_option"] = game.players_option
    info["page"] = page_of(game)
    info["rules"] = rules.rules_url(game)
    info["rules_anchors"] = dict(rules.page_of(game).anchors)
    return info


def openapi_of(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document, the body of ``POST /api/tables`` built from the games
    registered now (``table_body.new_table_schema``): a game registered after the app started
    is in it."""
    document = copy.deepcopy(FastAPI.openapi(app))
    create = document["paths"]["/api/tables"]["post"]
    create.update(body_of_schema(new_table_schema()))
    return document


def install_openapi(app: FastAPI) -> None:
    app.openapi = lambda: openapi_of(app)  # type: ignore[method-assign]


NO_SCRIPT: Final = N_(
    "pegboard needs JavaScript to play in the browser; the command line client (pegboard "
    "play) needs none."
)


@functools.cache
def index_page() -> str:
    """The lobby's and the table's page (``templates/lobby.html``): the same for everyone
    (its script translates it), so made once."""
    said = {language.key: translator(language.key)(NO_SCRIPT) for language in ALL}
    return pages.render("lobby.html", "en", path="/", scripts=("app.js",), noscript=said)


def index() -> Response:
    return HTMLResponse(index_page())


@router.get("/", include_in_schema=False)
async def lobby_page() -> Response:
    return index()


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: str) -> Response:
    return index()
