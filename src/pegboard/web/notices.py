"""Web Push notices (issue 39, "Notifications"): "your turn" and "your opponent moved" sent
to the browsers a player subscribed, for correspondence tables, when the player does not
have the table open.

- **Subscriptions** (``push_subscriptions``): a player subscribes a browser on their own
  page (``POST /api/me/push`` with the browser's ``PushSubscription``; ``DELETE`` forgets
  it); at most ``DEVICES`` per player, the oldest forgotten first. Each keeps the language
  its notices are written in. A push service that says the browser unsubscribed (404,
  410) makes the server forget the subscription.
- **When** (``Notices.changed``, called after every change of a table): a correspondence
  table in play whose log grew (or whose match began) tells each person at it who is not
  there (``present_seats``: no connection to any process of the site) and has not just
  moved: "your turn" to the seat to move, "NAME moved" to the others. A stand-in bot's
  seat is not told (its person was flagged, and comes back by the page).
- **At most one per table, move and player**: the first process to write the ``notices``
  row sends it; another that hears the same move finds the row and sends nothing.
- **Nothing of a hand**: a notice names the game, the table and who moved, never a move.

The server's VAPID key is the installation's (``installation.push_key``, made by the first
process that needs it), so that every process signs alike; push is on when the operator
gives a contact (``pegboard serve --push-contact mailto:...``), as the push services ask.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import Field, StrictStr
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError

from pegboard.i18n import translator
from pegboard.web import push
from pegboard.web.bodies import Body, body_of, read
from pegboard.web.db import NoticeRow, PushSubscriptionRow
from pegboard.web.players import PER_VIEWER, error_answer, player_of
from pegboard.web.schemas import answers, request_body
from pegboard.web.seat_names import seat_name
from pegboard.web.seats import present_seats
from pegboard.web.static_files import STATIC
from pegboard.web.store import Store, installation_value
from pegboard.web.tables import LiveTable, LobbyError, lang_key

if TYPE_CHECKING:
    from pegboard.web.service import TableService

log = logging.getLogger(__name__)
router = APIRouter()

DEVICES: Final = 8
"""Browsers one player may subscribe; one more forgets the oldest."""
KEY_NAME: Final = "push_key"
"""The installation's VAPID private key (PEM) in ``installation``."""
WORKER: Final = "push-sw.js"
"""The service worker's file in ``static/`` (served at ``/push-sw.js``)."""
NOTICES_KEPT: Final = timedelta(days=8)
"""How long a move's notice row is kept (a correspondence move has at most 7 days)."""


@dataclass(frozen=True)
class PushSettings:
    """Whether and how the site sends Web Push: ``contact`` is the operator's ``mailto:``
    or ``https:`` address given to the push services (None: push is off); ``services``
    the push services' hosts a subscription may name (``push.PUSH_SERVICES``, and a local
    one in tests)."""

    contact: str | None = None
    services: tuple[str, ...] = push.PUSH_SERVICES


NO_PUSH: Final = PushSettings()
"""A site that sends no push (the default)."""


# -- storage (blocking: called in worker threads) --------------------------------------------


def endpoint_id(endpoint: str) -> str:
    return hashlib.sha256(endpoint.encode()).hexdigest()


def subscribe(store: Store, player_id: str, subscription: push.Subscription, lang: str) -> None:
    """Keep the player's subscription (the same endpoint again: its keys and language
    renewed, and it becomes the player's), the oldest past ``DEVICES`` forgotten."""
    key = endpoint_id(subscription.endpoint)
    with store.session() as session, session.begin():
        session.execute(delete(PushSubscriptionRow).where(PushSubscriptionRow.id == key))
        session.add(
            PushSubscriptionRow(
                id=key,
                player_id=player_id,
                endpoint=subscription.endpoint,
                p256dh=subscription.p256dh,
                auth=subscription.auth,
                lang=lang,
                created_at=datetime.now(UTC),
            )
        )
        session.flush()
        rows = session.scalars(
            select(PushSubscriptionRow)
            .where(PushSubscriptionRow.player_id == player_id)
            .order_by(PushSubscriptionRow.created_at.desc(), PushSubscriptionRow.id)
        ).all()
        for old in rows[DEVICES:]:
            session.delete(old)


def unsubscribe(store: Store, player_id: str, endpoint: str) -> bool:
    """Forget the player's subscription of ``endpoint``: whether there was one."""
    with store.session() as session, session.begin():
        gone = session.execute(
            delete(PushSubscriptionRow).where(
                PushSubscriptionRow.id == endpoint_id(endpoint),
                PushSubscriptionRow.player_id == player_id,
            )
        )
        return bool(gone.rowcount)  # type: ignore[attr-defined]


def subscriptions_of(store: Store, player_id: str) -> list[tuple[push.Subscription, str]]:
    """The player's subscriptions, each with its language."""
    with store.session() as session:
        rows = session.scalars(
            select(PushSubscriptionRow).where(PushSubscriptionRow.player_id == player_id)
        ).all()
        return [(push.Subscription(r.endpoint, r.p256dh, r.auth), r.lang) for r in rows]


def forget(store: Store, endpoint: str) -> None:
    with store.session() as session, session.begin():
        session.execute(
            delete(PushSubscriptionRow).where(PushSubscriptionRow.id == endpoint_id(endpoint))
        )


def claim(store: Store, table_id: str, number: int, seq: int, player_id: str) -> bool:
    """Write the move's notice for the player: whether this call wrote it (and so sends)."""
    try:
        with store.session() as session, session.begin():
            session.add(
                NoticeRow(
                    table_id=table_id,
                    match_number=number,
                    seq=seq,
                    player_id=player_id,
                    created_at=datetime.now(UTC),
                )
            )
    except IntegrityError:
        return False
    return True


def prune(store: Store, before: datetime) -> None:
    """Forget the notices written before ``before``."""
    with store.session() as session, session.begin():
        session.execute(delete(NoticeRow).where(NoticeRow.created_at < before))


# -- the notices -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Notice:
    """One notice to one player: the seat told, and whether it is that seat's turn."""

    seat: int
    player_id: str
    your_turn: bool


def notices_of(table: LiveTable) -> list[Notice]:
    """Who is to be told of the table's last change: each person at a correspondence
    table in play who is not there, is not its last mover, and whose seat no bot plays."""
    record = table.record
    control = record.time_control
    if control is None or not control.per_move or record.status != "playing" or table.over:
        return []
    if record.forfeit is not None:
        return []
    mover = record.actions[-1][0] if record.actions else None
    here = present_seats(table)
    current = table.current
    told = []
    for info in record.seats:
        if info.kind != "human" or info.player_id is None or info.stand_in is not None:
            continue
        if info.seat in here or info.seat == mover:
            continue
        if mover is None and info.seat != current:
            continue  # the match begins: only the first to move has news
        told.append(Notice(info.seat, info.player_id, info.seat == current))
    return told


def payload(table: LiveTable, notice: Notice, lang: str) -> dict[str, str]:
    """The notice's words in ``lang``, and where a click takes the player."""
    _ = translator(lang)
    record = table.record
    where = _("{game}: table {table}").format(game=_(table.game.display_name), table=record.id)
    if notice.your_turn:
        title = _("Your turn")
    else:
        mover = record.actions[-1][0]
        title = _("{name} moved").format(name=seat_name(record.game, record.seats[mover], _))
    return {"title": title, "body": where, "url": f"/t/{record.id}", "tag": record.id}


class Notices:
    """The Web Push part of ``TableService``: after each change of a table, its notices."""

    def __init__(self, service: TableService, settings: PushSettings) -> None:
        self.service = service
        self.settings = settings
        self._keys: push.PushKeys | None = None

    @property
    def on(self) -> bool:
        return self.settings.contact is not None

    def keys(self) -> push.PushKeys:
        """The installation's VAPID keys, made by the first process that needs them
        (blocking)."""
        if self._keys is None:
            made = push.PushKeys.generate().to_pem().decode()
            pem = installation_value(self.service.store.engine, KEY_NAME, made)
            self._keys = push.PushKeys.from_pem(pem.encode())
        return self._keys

    def changed(self, table: LiveTable) -> None:
        """After any change of the table: if its log grew (or its match began) since it was
        last looked at, tell whom it concerns, in the background."""
        mark = (table.record.match_number, table.seq, table.record.status)
        if table.noticed == mark:
            return
        table.noticed = mark
        if not self.on:
            return
        told = notices_of(table)
        if told:
            self.service.spawn(self._tell(table, mark, told))

    async def _tell(self, table: LiveTable, mark: tuple[int, int, str], told: list[Notice]) -> None:
        number, seq, _status = mark
        store = self.service.store
        try:
            for notice in told:
                if not await asyncio.to_thread(
                    claim, store, table.id, number, seq, notice.player_id
                ):
                    continue  # another process told it
                for subscription, lang in await asyncio.to_thread(
                    subscriptions_of, store, notice.player_id
                ):
                    await self._send(subscription, payload(table, notice, lang), table.id)
        except Exception:
            log.exception("table %s: the notices of move %d were not sent", table.id, seq)

    async def _send(self, subscription: push.Subscription, words: dict[str, str], tag: str) -> None:
        contact = self.settings.contact
        assert contact is not None
        keys = await asyncio.to_thread(self.keys)
        delivery = await asyncio.to_thread(
            push.send, subscription, words, keys, subject=contact, topic=tag, urgency="normal"
        )
        if delivery is push.Delivery.GONE:
            await asyncio.to_thread(forget, self.service.store, subscription.endpoint)


# -- the routes ------------------------------------------------------------------------------


class SubscribeBody(Body):
    """``POST /api/me/push``: the browser's ``PushSubscription.toJSON()``."""

    subscription: dict[str, Any] = Field(
        description='The browser\'s PushSubscription: {"endpoint", "keys": {"p256dh", "auth"}}.'
    )


class UnsubscribeBody(Body):
    """``DELETE /api/me/push``: the endpoint to forget."""

    endpoint: StrictStr = Field(max_length=push.ENDPOINT_LENGTH)


def notices_of_app(request: Request) -> Notices:
    from pegboard.web.lobby import service_of

    notices: Notices = service_of(request).notices
    return notices


@router.get("/push-sw.js", include_in_schema=False)
async def service_worker() -> Response:
    """The service worker that shows the pushed notices, at the site's root so that its
    scope is every page."""
    return FileResponse(
        STATIC / WORKER, media_type="text/javascript", headers={"Cache-Control": "no-cache"}
    )


@router.get("/api/push/key", response_model=None, responses=answers(404, 422, 429, 503))
async def push_key(request: Request, lang: str = "en") -> Response:
    """The server's VAPID public key, for ``pushManager.subscribe``: ``{"key"}``; ``404``
    when the site sends no push notifications."""
    _ = translator(lang_key(lang))
    notices = notices_of_app(request)
    if not notices.on:
        return JSONResponse({"error": _("This site sends no push notifications.")}, 404)
    keys = await asyncio.to_thread(notices.keys)
    return JSONResponse({"key": keys.application_server_key})


@router.post(
    "/api/me/push",
    status_code=201,
    response_model=None,
    openapi_extra=request_body(SubscribeBody),
    responses=answers(403, 404, 413, 415, 422, 429, 503),
)
async def subscribe_browser(request: Request) -> Response:
    """Subscribe this browser: its notices of correspondence tables come to it, in the
    body's ``lang`` (``403`` without a player; ``404`` when push is off)."""
    notices = notices_of_app(request)
    try:
        body = await body_of(request)
        _ = translator(lang_key(body.get("lang")))
        asked = read(SubscribeBody, body, _)
        if not notices.on:
            raise LobbyError(404, _("This site sends no push notifications."))
        player = await player_of(request)
        if player is None:
            raise LobbyError(403, _("Only a player who has played here may be notified."))
        try:
            subscription = push.Subscription.from_json(
                asked.subscription, notices.settings.services
            )
        except push.SubscriptionError as refused:
            raise LobbyError(422, _(refused.template).format(**refused.fields)) from None
        await asyncio.to_thread(subscribe, notices.service.store, player.id, subscription, _.lang)
    except LobbyError as problem:
        return error_answer(problem)
    return JSONResponse({"subscribed": True}, status_code=201, headers=PER_VIEWER)


@router.delete(
    "/api/me/push",
    status_code=204,
    response_model=None,
    openapi_extra=request_body(UnsubscribeBody),
    responses=answers(404, 413, 415, 422, 429, 503),
)
async def unsubscribe_browser(request: Request) -> Response:
    """Forget this player's subscription of ``{"endpoint"}`` (``404`` when none)."""
    notices = notices_of_app(request)
    try:
        body = await body_of(request)
        _ = translator(lang_key(body.get("lang")))
        asked = read(UnsubscribeBody, body, _)
        player = await player_of(request)
        gone = player is not None and await asyncio.to_thread(
            unsubscribe, notices.service.store, player.id, asked.endpoint
        )
        if not gone:
            raise LobbyError(404, _("No such subscription."))
    except LobbyError as problem:
        return error_answer(problem)
    return Response(status_code=204)
