"""Quick pairing (issue 39, "Quick pairing"): "Play a person" without sending links.

A player asks for an opponent at a game, rated or casual (``POST /api/pairing``): they take
a place in the queue (``pairing``, one place per player) and get its secret ticket. The
server pairs them with the player who has waited longest at the same game and kind whose
rating is close enough: within ``window`` of theirs, a window that widens the longer both
have waited (``WINDOW_START`` points, ``WINDOW_STEP`` more every ``STEP_SECONDS``, up to
``WINDOW_MOST``), so that a strong player finds a match among the few strong ones soon,
and anyone finds someone in the end. Each ask (the page asks every few seconds,
``GET /api/pairing/TICKET``) looks again with the wider window; a place not asked about for
``STALE_SECONDS`` is gone (its page closed). Paired, the two get one table: two seats, the
game's default options for two and its own clock, rated if they asked so, the one who
waited longer at seat 0; each opens it as their seat by their identity (``/t/ID``).

A rated pair is held to fair play's rules before its table is made
(``fair_play.seat_problem``): two identities of one address or device are never paired to
be rated against each other, and a refused pair is not tried again for ``AVOID_SECONDS``.

Several server processes on PostgreSQL share the queue: the pairing is decided in one
transaction that locks the asker's place and takes the first free partner's with ``FOR
UPDATE SKIP LOCKED``, so that no place is paired twice; one process pairs with a lock of
its own besides (SQLite has no row locks).
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Final, Literal, get_args

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import Field, StrictBool, StrictStr
from sqlalchemy import delete, select

import pegboard.games
from pegboard.i18n import Translator, translator
from pegboard.web import fair_play
from pegboard.web.bodies import Body, body_of, read
from pegboard.web.clocks import CORRESPONDENCE_DAYS, TimeControl
from pegboard.web.db import PairingRow, RatingRow
from pegboard.web.players import error_answer
from pegboard.web.rating_scale import shown
from pegboard.web.ratings import MODEL
from pegboard.web.records import SeatInfo, utc
from pegboard.web.schemas import answers, request_body
from pegboard.web.store import Store
from pegboard.web.table_body import CorrespondenceBody, HumanSeat, NewTable
from pegboard.web.tables import TABLE_ID_LENGTH, LobbyError, clean_name, lang_key, new_id

router = APIRouter()

WINDOW_START: Final = 100
"""Displayed rating points between two players paired at once."""
WINDOW_STEP: Final = 50
STEP_SECONDS: Final = 10
"""The window widens by ``WINDOW_STEP`` every ``STEP_SECONDS`` waited."""
WINDOW_MOST: Final = 1000
"""The widest window: anyone, in practice (a new player's ± is 500)."""
STALE_SECONDS: Final = 30
"""A place nobody asked about for this long is gone (its page closed)."""
CORRESPONDENCE_STALE_SECONDS: Final = 86_400
"""A place at a correspondence pace waits a day without being asked about: its player need
not keep the page open, and finds the table among their turns once paired."""
PACES: Final = ("live", *(f"{days}d" for days in CORRESPONDENCE_DAYS))
"""The paces a player may ask for: the game's own live clock, or a correspondence table's
days a move (``TimeControl.parse`` reads them)."""

Pace = Literal["live", "1d", "2d", "3d", "7d"]
assert get_args(Pace) == PACES, "the body's paces are the clocks' own"


AVOID_SECONDS: Final = 600.0
"""How long a pair refused a table (not to be rated against each other) is not tried again."""
AVOID_PLAYERS: Final = 10_000
"""Players whose refused partners one process remembers, at most."""


def stale_after(pace: str) -> int:
    """Seconds a place of ``pace`` waits without being asked about."""
    return STALE_SECONDS if pace == "live" else CORRESPONDENCE_STALE_SECONDS


TICKET_LENGTH: Final = 32


def now() -> datetime:
    """The server's time (a test moves it)."""
    return datetime.now(UTC)


def window(waited: float) -> int:
    """How far apart (displayed rating points) two players may be paired, after one of them
    waited ``waited`` seconds."""
    steps = int(max(0.0, waited) // STEP_SECONDS)
    return min(WINDOW_MOST, WINDOW_START + WINDOW_STEP * steps)


class PairingBody(Body):
    """``POST /api/pairing``: the game, rated or casual, and the player's name."""

    game: StrictStr = Field(max_length=32, description="A registered game (GET /api/games).")
    rated: StrictBool = Field(False, description="A rated match (fair play's rules), or casual.")
    pace: Pace = Field(
        "live",
        description="live: the game's own clock; 1d, 2d, 3d or 7d: a correspondence table, "
        "days for each move (the place then waits a day without being asked about).",
    )
    name: StrictStr | None = Field(None, description="The player's display name, or none.")


@dataclass(frozen=True, slots=True)
class Pair:
    """Two places paired to one table (not yet made): ``first`` waited longer."""

    table_id: str
    game: str
    rated: bool
    pace: str
    first: tuple[str, str | None]
    second: tuple[str, str | None]


# -- the queue (blocking: called in worker threads) -----------------------------------------


def rating_of(store: Store, player_id: str, game: str) -> float:
    """The player's rating at ``game`` as people read it (1500 for a new player)."""
    with store.session() as session:
        row = session.get(RatingRow, (player_id, game))
    mu, sigma = (MODEL.mu, MODEL.sigma) if row is None else (row.mu, row.sigma)
    return float(shown(mu, sigma).rating)


def enter(
    store: Store,
    player_id: str,
    name: str | None,
    game: str,
    rated: bool,
    at: datetime,
    pace: str = "live",
) -> str:
    """A new place in the queue for the player (any place they held before is given up),
    and its ticket."""
    rating = rating_of(store, player_id, game)
    ticket = secrets.token_urlsafe(24)[:TICKET_LENGTH]
    with store.session() as session, session.begin():
        session.execute(
            delete(PairingRow).where(
                PairingRow.player_id == player_id, PairingRow.table_id.is_(None)
            )
        )
        for gone in (
            PairingRow.pace == "live",
            PairingRow.seen_at < at - timedelta(seconds=CORRESPONDENCE_STALE_SECONDS),
        ):
            session.execute(
                delete(PairingRow).where(
                    PairingRow.table_id.is_(None),
                    PairingRow.seen_at < at - timedelta(seconds=STALE_SECONDS),
                    gone,
                )
            )
        session.add(
            PairingRow(
                id=ticket,
                game=game,
                rated=rated,
                player_id=player_id,
                name=name,
                rating=rating,
                pace=pace,
                created_at=at,
                seen_at=at,
            )
        )
    return ticket


def reserve(store: Store, ticket: str, at: datetime, avoid: Collection[str] = ()) -> Pair | None:
    """Pair the ticket's place with the longest waiting place that fits it, if any (never
    a player of ``avoid``): both get the new table's id (not yet made); None when it waits
    on (or is paired already, or gone)."""
    with store.session() as session, session.begin():
        mine = session.scalars(
            select(PairingRow).where(PairingRow.id == ticket).with_for_update()
        ).first()
        if mine is None or mine.table_id is not None:
            return None
        mine.seen_at = at
        fresh = at - timedelta(seconds=stale_after(mine.pace))
        candidates = session.scalars(
            select(PairingRow)
            .where(
                PairingRow.game == mine.game,
                PairingRow.rated == mine.rated,
                PairingRow.pace == mine.pace,
                PairingRow.table_id.is_(None),
                PairingRow.player_id != mine.player_id,
                PairingRow.player_id.not_in(list(avoid)),
                PairingRow.id != mine.id,
                PairingRow.seen_at >= fresh,
            )
            .order_by(PairingRow.created_at, PairingRow.id)
            .limit(50)
            .with_for_update(skip_locked=True)
        ).all()
        waited = (at - utc(mine.created_at)).total_seconds()
        for other in candidates:
            widest = max(window(waited), window((at - utc(other.created_at)).total_seconds()))
            if abs(other.rating - mine.rating) <= widest:
                table_id = new_id(TABLE_ID_LENGTH)
                mine.table_id = other.table_id = table_id
                return Pair(
                    table_id,
                    mine.game,
                    mine.rated,
                    mine.pace,
                    (other.player_id, other.name),
                    (mine.player_id, mine.name),
                )
        return None


def settle(store: Store, table_id: str, made: bool) -> None:
    """The pair's table is made (its places ready to be told), or could not be (both
    places wait again)."""
    with store.session() as session, session.begin():
        for row in session.scalars(select(PairingRow).where(PairingRow.table_id == table_id)):
            if made:
                row.ready = True
            else:
                row.table_id = None


@dataclass(frozen=True, slots=True)
class Place:
    """A ticket's place as its owner is told it."""

    waited: float
    table_id: str | None
    ready: bool
    rating: float


def owner_of(store: Store, ticket: str) -> str | None:
    """The player whose place the ticket is, if it is one."""
    with store.session() as session:
        row = session.get(PairingRow, ticket)
        return None if row is None else row.player_id


def place_of(store: Store, ticket: str, at: datetime) -> Place | None:
    """The ticket's place (its last ask noted), None when there is none."""
    with store.session() as session, session.begin():
        row = session.get(PairingRow, ticket)
        if row is None:
            return None
        row.seen_at = at
        return Place(
            (at - utc(row.created_at)).total_seconds(), row.table_id, row.ready, row.rating
        )


def leave(store: Store, ticket: str) -> bool:
    """Give up the ticket's place (a pair already made stays made): whether there was one."""
    with store.session() as session, session.begin():
        row = session.get(PairingRow, ticket)
        if row is None:
            return False
        session.delete(row)
        return True


# -- the routes ------------------------------------------------------------------------------


def game_for_two(name: str, _: Translator) -> pegboard.games.Game:
    """The registered game ``name`` if two may play it; ``LobbyError`` 422 otherwise."""
    try:
        game = pegboard.games.get(name)
    except LookupError:
        raise LobbyError(422, _("No game is called {game}.").format(game=name[:32])) from None
    if not game.min_players <= 2 <= game.max_players:
        raise LobbyError(422, _("Quick pairing is for games of two players."))
    return game


def options_for_two(game: pegboard.games.Game) -> dict[str, Any]:
    """The game's default options for a match of two."""
    if any(option.name == game.players_option for option in game.options):
        return {game.players_option: 2}
    return {}


def clock_of_pace(pace: str) -> dict[str, Any]:
    """The new table's clock for ``pace``: unsaid (the game's own) for ``live``, else a
    correspondence table's days a move."""
    if pace == "live":
        return {}
    days = TimeControl.parse(pace).days
    assert days is not None
    return {"clock": CorrespondenceBody(days=days), "clock_said": True}


class Pairing:
    """The quick pairing of one server process (``app.state.pairing``)."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.avoid: dict[str, dict[str, float]] = {}
        """Each player's partners refused lately (``AVOID_SECONDS``, monotonic): a pair
        that may not sit at one table is not tried again at every ask, each try a table."""

    def avoided(self, player_id: str) -> set[str]:
        clock = time.monotonic()
        mine = self.avoid.get(player_id, {})
        for other in [o for o, until in mine.items() if until <= clock]:
            del mine[other]
        return set(mine)

    def refuse(self, first: str, second: str) -> None:
        until = time.monotonic() + AVOID_SECONDS
        self.avoid.setdefault(first, {})[second] = until
        self.avoid.setdefault(second, {})[first] = until
        while len(self.avoid) > AVOID_PLAYERS:  # bounded: the oldest players go first
            del self.avoid[next(iter(self.avoid))]

    async def try_pair(self, request: Request, ticket: str, lang: str) -> None:
        """Pair the ticket's place if an opponent fits, and make their table."""
        from pegboard.web.lobby import service_of

        service = service_of(request)
        async with self.lock:
            owner = await asyncio.to_thread(owner_of, service.store, ticket)
            avoid = set() if owner is None else self.avoided(owner)
            pair = await asyncio.to_thread(reserve, service.store, ticket, now(), avoid)
        if pair is None:
            return
        game = pegboard.games.get(pair.game)
        (first, first_name), (second, second_name) = pair.first, pair.second
        problem = ""
        if pair.rated:
            problem = await asyncio.to_thread(
                fair_play.seat_problem,
                service.store,
                [SeatInfo(0, "human", player_id=first)],
                1,
                second,
                f"pairing:{second}",
                service.limits.rated_after,
                translator(lang),
                shared_addresses=service.limits.rated_shared_addresses,
            )
        if problem:
            # Not rated against each other (one address or device, say): each waits on for
            # someone else, and this pair is not tried again for a while.
            self.refuse(first, second)
            await asyncio.to_thread(settle, service.store, pair.table_id, False)
            return
        body = NewTable(
            game=pair.game,
            options=options_for_two(game),
            seats=(HumanSeat(kind="human", name=first_name), HumanSeat(kind="human", name=None)),
            rated=pair.rated,
            lang=lang,
            **clock_of_pace(pair.pace),
        )
        try:
            table, _tokens, invites = await service.maker.create(
                body,
                client=f"pairing:{first}",
                player=first,
                player_name=first_name,
                table_id=pair.table_id,
            )
            (invite,) = invites.values()
            await service.seats.claim(
                table, invite, second_name, lang, client=f"pairing:{second}", player=second
            )
        except LobbyError:
            self.refuse(first, second)
            await asyncio.to_thread(settle, service.store, pair.table_id, False)
            raise
        await asyncio.to_thread(settle, service.store, pair.table_id, True)


def pairing_of(request: Request) -> Pairing:
    pairing: Pairing = request.app.state.pairing
    return pairing


def told(ticket: str, place: Place) -> dict[str, Any]:
    """A place as its owner's page is told it."""
    if place.table_id is not None and place.ready:
        return {"ticket": ticket, "status": "paired", "table": place.table_id}
    return {
        "ticket": ticket,
        "status": "waiting",
        "waited": int(place.waited),
        "window": window(place.waited),
        "rating": round(place.rating),
    }


@router.post(
    "/api/pairing",
    response_model=None,
    openapi_extra=request_body(PairingBody),
    responses=answers(409, 413, 415, 422, 429, 503),
)
async def enter_queue(request: Request) -> Response:
    """Ask for an opponent: ``{"game", "rated", "pace", "name"}``. The answer is the place's
    ``ticket`` and its ``status``: ``paired`` with its ``table`` (open ``/t/TABLE``: the
    seat is the player's), or ``waiting`` with the seconds ``waited``, the rating ``window``
    and the player's ``rating``; ask again with ``GET /api/pairing/TICKET``."""
    from pegboard.web.lobby import service_of
    from pegboard.web.players import named_player, with_cookie

    try:
        body = await body_of(request)
        _ = translator(lang_key(body.get("lang")))
        asked = read(PairingBody, body, _)
        game = game_for_two(asked.game, _)
        name = clean_name(asked.name, _)
        service = service_of(request)
        client = request.client.host if request.client else "unknown"
        service.clients.within_joins(client, _)
        player, secret = await named_player(request, name)
        # Where the player asks from is a trace of fair play's (as a seat taken is): two
        # identities of one address are never paired at a rated table.
        await service.seats.trace(player.id, client)
        if asked.rated and (
            problem := await asyncio.to_thread(
                fair_play.newcomer_problem,
                service.store,
                player.id,
                service.limits.rated_after,
                _,
            )
        ):
            raise LobbyError(409, problem)
        ticket = await asyncio.to_thread(
            enter,
            service.store,
            player.id,
            player.name,
            game.name,
            asked.rated,
            now(),
            asked.pace,
        )
        await pairing_of(request).try_pair(request, ticket, _.lang)
        place = await asyncio.to_thread(place_of, service.store, ticket, now())
    except LobbyError as problem:
        return error_answer(problem)
    assert place is not None
    return with_cookie(JSONResponse(told(ticket, place)), request, secret)


@router.get("/api/pairing/{ticket}", response_model=None, responses=answers(404, 422, 429, 503))
async def ask_place(request: Request, ticket: str, lang: str = "en") -> Response:
    """The place of ``ticket`` (as ``POST /api/pairing`` answers), looked at again with the
    window its wait has widened to; ``404`` when it is gone (given up, or not asked about
    for 30 seconds)."""
    from pegboard.web.lobby import service_of

    _ = translator(lang_key(lang))
    service = service_of(request)
    if len(ticket) > TICKET_LENGTH:
        return JSONResponse({"error": _("No such place in the queue.")}, status_code=404)
    try:
        await pairing_of(request).try_pair(request, ticket, _.lang)
    except LobbyError as problem:
        return error_answer(problem)
    place = await asyncio.to_thread(place_of, service.store, ticket, now())
    if place is None:
        return JSONResponse({"error": _("No such place in the queue.")}, status_code=404)
    return JSONResponse(told(ticket, place))


@router.delete(
    "/api/pairing/{ticket}",
    status_code=204,
    response_model=None,
    responses=answers(404, 422, 429, 503),
)
async def leave_queue(request: Request, ticket: str, lang: str = "en") -> Response:
    """Stop waiting: the place is given up (a pair already made stays made)."""
    from pegboard.web.lobby import service_of

    _ = translator(lang_key(lang))
    gone = len(ticket) <= TICKET_LENGTH and await asyncio.to_thread(
        leave, service_of(request).store, ticket
    )
    if not gone:
        return JSONResponse({"error": _("No such place in the queue.")}, status_code=404)
    return Response(status_code=204)
