"""Players remembered without a password (issue 13, "Players"): a player identity is a
long random secret in an HttpOnly, SameSite=Lax cookie (the database keeps only its
SHA-256), with a display name the player can change; a one-time "use on another device"
code moves the identity to another browser and can be revoked; ``Players.matches_of``
reads the matches the player page (``pegboard.web.player_page``) lists.

An identity is made when a browser first needs one (it creates a table, takes a seat, or
names itself), not on every page load, so that nothing a crawler does writes a row.
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from sqlalchemy import ColumnElement, delete, or_, select
from sqlalchemy.orm import Session

import pegboard.games
from pegboard.i18n import Translator, translator
from pegboard.web.bodies import CodeBody, NameBody, body_of, read
from pegboard.web.db import MatchRow, PlayerKeyRow, PlayerRow, SeatRow, TableRow
from pegboard.web.limits import CODE_LENGTH, DEVICE_CODE_HOURS, PLAYER_MATCHES
from pegboard.web.schemas import DeviceCode, MeAnswer, MySeat, Revoked, answers, request_body
from pegboard.web.store import Store
from pegboard.web.tables import LobbyError, clean_name, lang_key, new_id, visible_name

COOKIE: Final = "pegboard_player"
COOKIE_DAYS: Final = 400
"""How long a browser keeps its identity (the longest browsers allow)."""
SECRET_BYTES: Final = 32
PLAYER_ID_LENGTH: Final = 10

router = APIRouter()
PER_VIEWER: Final = {"Cache-Control": "private, no-cache"}
"""The headers of an answer that depends on who asks (the identity's cookie)."""


def key_hash(secret: str) -> str:
    return hashlib.sha256(f"pegboard-player:{secret}".encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class PlayedMatch:
    """A match of a player's, as the player page shows it."""

    game: str
    date: datetime
    seat: int
    opponents: list[tuple[str, str | None, str | None]]
    """The other seats: (kind, level, name)."""
    standings: list[float] | None
    """None while it is in play."""
    table_id: str = ""
    number: int = 0
    """The match's table and number: its replay is ``/m/TABLE-NUMBER`` once it is over."""
    forfeit: int | None = None
    """The seat that lost the match by forfeit (``pegboard.web.leavers``), if one did."""
    aborted: bool = False
    """Whether that forfeit came before every seat had moved: the match was aborted."""


# -- storage (blocking: run in a worker thread) -------------------------------------------


class Players:
    """The players' reads and writes, one short transaction each."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def session(self) -> Session:
        return self.store.session()

    def of_secret(self, secret: str) -> PlayerRow | None:
        with self.session() as session:
            row = session.get(PlayerKeyRow, key_hash(secret))
            if row is None or row.kind != "browser":
                return None
            return session.get(PlayerRow, row.player_id)

    def create(self, name: str | None) -> tuple[PlayerRow, str]:
        secret = secrets.token_urlsafe(SECRET_BYTES)
        with self.session() as session, session.begin():
            player = PlayerRow(id=new_id(PLAYER_ID_LENGTH), name=name)
            session.add(player)
            session.flush()
            session.add(
                PlayerKeyRow(key_hash=key_hash(secret), player_id=player.id, kind="browser")
            )
        return player, secret

    def rename(self, player_id: str, name: str | None) -> None:
        with self.session() as session, session.begin():
            player = session.get(PlayerRow, player_id)
            if player is not None:
                player.name = name

    def new_code(self, player_id: str) -> str:
        """A one-time code that moves the identity (any earlier code of the player goes)."""
        code = secrets.token_urlsafe(SECRET_BYTES)
        expires = datetime.now(UTC) + timedelta(hours=DEVICE_CODE_HOURS)
        with self.session() as session, session.begin():
            session.execute(
                delete(PlayerKeyRow).where(
                    PlayerKeyRow.player_id == player_id, PlayerKeyRow.kind == "code"
                )
            )
            session.add(
                PlayerKeyRow(
                    key_hash=key_hash(code), player_id=player_id, kind="code", expires_at=expires
                )
            )
        return code

    def revoke_codes(self, player_id: str) -> int:
        with self.session() as session, session.begin():
            done = session.execute(
                delete(PlayerKeyRow).where(
                    PlayerKeyRow.player_id == player_id, PlayerKeyRow.kind == "code"
                )
            )
            return int(done.rowcount)  # type: ignore[attr-defined]

    def use_code(self, code: str) -> tuple[PlayerRow, str] | None:
        """The player a code is for and a new browser secret of theirs; the code is spent.
        None for a code that is spent, revoked, expired or never was."""
        secret = secrets.token_urlsafe(SECRET_BYTES)
        with self.session() as session, session.begin():
            row = session.get(PlayerKeyRow, key_hash(code))
            if row is None or row.kind != "code":
                return None
            expires = row.expires_at
            if expires is not None and expires.replace(tzinfo=expires.tzinfo or UTC) < datetime.now(
                UTC
            ):
                session.delete(row)
                return None
            player_id = row.player_id
            session.delete(row)
            session.add(
                PlayerKeyRow(key_hash=key_hash(secret), player_id=player_id, kind="browser")
            )
            player = session.get(PlayerRow, player_id)
        return (player, secret) if player is not None else None

    def share_device(self, first: str, second: str) -> None:
        """Keep that one device held both identities (``pegboard.web.fair_play``)."""
        from pegboard.web.fair_play import new_device_trace, record_traces

        trace = new_device_trace()
        for player_id in (first, second):
            record_traces(self.store, player_id, [trace])

    def find(self, key: str) -> list[PlayerRow]:
        """The player whose id is ``key``, else the players named ``key`` (at most 20): as
        names are stored (``visible_name``: "Ａｎａ" finds Ana), or as written (a name
        stored before names were normalized)."""
        with self.session() as session:
            player = session.get(PlayerRow, key)
            if player is not None:
                return [player]
            names = {key, visible_name(key)}
            query = (
                select(PlayerRow).where(PlayerRow.name.in_(names)).order_by(PlayerRow.created_at)
            )
            return list(session.scalars(query.limit(20)))

    def seat_at(self, player_id: str, table_id: str) -> int | None:
        with self.session() as session:
            seat = session.scalar(
                select(SeatRow.seat)
                .where(SeatRow.table_id == table_id, SeatRow.player_id == player_id)
                .order_by(SeatRow.seat)
                .limit(1)
            )
            return None if seat is None else int(seat)

    def matches_of(
        self, player_id: str, *, viewer: str | None, limit: int = PLAYER_MATCHES
    ) -> list[PlayedMatch]:
        """The player's matches that ``viewer`` (a player's id; None: a browser with no
        identity) may see, newest first (at most ``limit``): a private table's only to its
        players (``seen_by``)."""
        with self.session() as session:
            rows = session.execute(
                select(TableRow.id, TableRow.game, SeatRow.seat, MatchRow)
                .join(SeatRow, SeatRow.table_id == TableRow.id)
                .join(MatchRow, MatchRow.table_id == TableRow.id)
                .where(SeatRow.player_id == player_id, seen_by(viewer))
                .order_by(MatchRow.created_at.desc(), MatchRow.number.desc())
                .limit(limit)
            ).all()
            tables = {table_id for table_id, _g, _s, _m in rows}
            seats: dict[str, list[SeatRow]] = {table_id: [] for table_id in tables}
            for row in session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(tables)).order_by(SeatRow.seat)
            ):
                seats[row.table_id].append(row)
            return [
                PlayedMatch(
                    game=game,
                    date=match.finished_at or match.created_at,
                    seat=seat,
                    opponents=[
                        (s.kind, s.level, s.name) for s in seats[table_id] if s.seat != seat
                    ],
                    standings=None if match.standings is None else list(match.standings),
                    table_id=table_id,
                    number=match.number,
                    forfeit=match.forfeit,
                    aborted=match.aborted,
                )
                for table_id, game, seat, match in rows
            ]

    def hidden_from(self, viewer: str | None, table_ids: Collection[str]) -> set[str]:
        """The tables of ``table_ids`` that ``viewer`` may not see (``seen_by``)."""
        if not table_ids:
            return set()
        with self.session() as session:
            return set(
                session.scalars(
                    select(TableRow.id).where(TableRow.id.in_(set(table_ids)), ~seen_by(viewer))
                )
            )


def seen_by(viewer: str | None) -> ColumnElement[bool]:
    """Whether a table (``TableRow``) shows to ``viewer`` (a player's id, or None): a public
    table to anyone, a private one only to its players, the ones who hold a seat at it
    (issue 33: a private table's id on its creator's public page let anyone watch its
    later matches)."""
    public = TableRow.public.is_(True)
    if viewer is None:
        return public
    theirs = select(SeatRow.table_id).where(SeatRow.player_id == viewer)
    return or_(public, TableRow.id.in_(theirs))


# -- the identity of a request ------------------------------------------------------------


def players_of(request: Request) -> Players:
    players: Players = request.app.state.players
    return players


def secret_of(cookies: Any) -> str | None:
    secret = cookies.get(COOKIE)
    return secret if isinstance(secret, str) and 0 < len(secret) <= CODE_LENGTH else None


async def player_of(request: Request) -> PlayerRow | None:
    """The player whose identity the request's cookie holds, or None."""
    secret = secret_of(request.cookies)
    if secret is None:
        return None
    return await asyncio.to_thread(players_of(request).of_secret, secret)


async def player_or_new(request: Request, name: str | None = None) -> tuple[PlayerRow, str | None]:
    """The request's player, made (with ``name``) if the browser has none yet: the player
    and the new secret to set in the cookie (None when it had one)."""
    player = await player_of(request)
    if player is not None:
        return player, None
    return await asyncio.to_thread(players_of(request).create, name)


async def named_player(request: Request, name: str | None) -> tuple[PlayerRow, str | None]:
    """``player_or_new``, called once the request's table or seat is made (so a refused
    request makes no player); a name the person typed (creating a table, taking a seat)
    becomes the player's display name."""
    player, secret = await player_or_new(request, name)
    if secret is None and name and name != player.name:
        await asyncio.to_thread(players_of(request).rename, player.id, name)
        player.name = name
    return player, secret


def with_cookie(response: Response, request: Request, secret: str | None) -> Response:
    """``response`` setting the identity's cookie, when there is a new one."""
    if secret is not None:
        response.set_cookie(
            COOKIE,
            secret,
            max_age=COOKIE_DAYS * 86400,
            httponly=True,
            samesite="lax",
            secure=request.url.scheme == "https",
            path="/",
        )
    return response


def me(player: PlayerRow) -> dict[str, Any]:
    return {"id": player.id, "name": player.name, "page": f"/p/{player.id}"}


def _request_lang(request: Request, body: dict[str, Any] | None = None) -> Translator:
    asked = (body or {}).get("lang") or request.query_params.get("lang")
    return translator(lang_key(asked))


def error_answer(problem: LobbyError) -> JSONResponse:
    """A refused request's answer: its status and ``{"error": message}``."""
    return JSONResponse({"error": problem.message}, status_code=problem.status)


# -- routes -------------------------------------------------------------------------------


@router.get("/api/me", responses={200: {"model": MeAnswer}, **answers(429, 503)})
async def who_am_i(request: Request) -> dict[str, Any]:
    """This browser's player (``{"id", "name", "page"}``), or ``{"id": null}``: none yet."""
    player = await player_of(request)
    return me(player) if player is not None else {"id": None, "name": None, "page": None}


@router.put(
    "/api/me",
    response_model=None,
    openapi_extra=request_body(NameBody),
    responses={200: {"model": MeAnswer}, **answers(413, 415, 422, 429, 503)},
)
async def rename(request: Request) -> Response:
    """Set this browser's player's display name (the player is made if there is none)."""
    try:
        body = await body_of(request)
        _ = _request_lang(request, body)
        asked = read(NameBody, body, _)
        name = clean_name(asked.name, _)
        from pegboard.web.lobby import service_of

        service = service_of(request)
        service.clients.within_joins(request.client.host if request.client else "unknown", _)
        player, secret = await player_or_new(request, name)
        if secret is None:
            await asyncio.to_thread(players_of(request).rename, player.id, name)
            player.name = name
    except LobbyError as problem:
        return error_answer(problem)
    return with_cookie(JSONResponse(me(player)), request, secret)


@router.post(
    "/api/me/code",
    status_code=201,
    response_model=None,
    responses={201: {"model": DeviceCode}, **answers(404, 429, 503)},
)
async def device_code(request: Request) -> Response:
    """A one-time code to use this identity on another device (within a day); any earlier
    code stops working."""
    _ = _request_lang(request)
    player = await player_of(request)
    if player is None:
        return error_answer(
            LobbyError(404, _("This browser has no player yet: give your name first."))
        )
    code = await asyncio.to_thread(players_of(request).new_code, player.id)
    return JSONResponse({"code": code, "hours": DEVICE_CODE_HOURS}, status_code=201)


@router.delete(
    "/api/me/code",
    response_model=None,
    responses={200: {"model": Revoked}, **answers(404, 429, 503)},
)
async def revoke_code(request: Request) -> Response:
    """Revoke this player's code for another device, if one is waiting."""
    _ = _request_lang(request)
    player = await player_of(request)
    if player is None:
        return error_answer(
            LobbyError(404, _("This browser has no player yet: give your name first."))
        )
    revoked = await asyncio.to_thread(players_of(request).revoke_codes, player.id)
    return JSONResponse({"revoked": revoked})


@router.post(
    "/api/me/device",
    response_model=None,
    openapi_extra=request_body(CodeBody),
    responses={200: {"model": MeAnswer}, **answers(410, 413, 415, 422, 429, 503)},
)
async def use_device_code(request: Request) -> Response:
    """Become, in this browser, the player whose other device showed the code."""
    try:
        body = await body_of(request)
        _ = _request_lang(request, body)
        asked = read(CodeBody, body, _)
        from pegboard.web.lobby import service_of

        service_of(request).clients.within_joins(
            request.client.host if request.client else "unknown", _
        )
        before = await player_of(request)
        used = await asyncio.to_thread(players_of(request).use_code, asked.code)
        if used is None:
            raise LobbyError(
                410, _("This code is not valid any more: a code works once, within a day.")
            )
    except LobbyError as problem:
        return error_answer(problem)
    player, secret = used
    if before is not None and before.id != player.id:
        # One browser held both identities: never rated against each other (fair play).
        await asyncio.to_thread(players_of(request).share_device, before.id, player.id)
    return with_cookie(JSONResponse(me(player)), request, secret)


@router.get(
    "/api/tables/{table_id}/mine",
    responses={200: {"model": MySeat}, **answers(422, 429, 503)},
)
async def my_seat(request: Request, table_id: str) -> dict[str, Any]:
    """The seat this browser's player holds at the table (``{"seat": N}``, or null)."""
    player = await player_of(request)
    if player is None or len(table_id) > 16:
        return {"seat": None}
    seat = await asyncio.to_thread(players_of(request).seat_at, player.id, table_id)
    return {"seat": seat}


# -- the player page ----------------------------------------------------------------------


def game_name(name: str, _: Translator) -> str:
    try:
        return _(pegboard.games.get(name).display_name)
    except LookupError:
        return name
