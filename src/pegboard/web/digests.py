"""The daily e-mail digest (issue 39, "Notifications"): once a day, to a player who gave and
confirmed an address, the correspondence tables waiting for their move, each with its
time left and its link. Off unless the site's operator gives an SMTP server
(``pegboard serve --smtp URL``, ``pegboard.web.mail``).

- **An address is confirmed first** (``PUT /api/me/email``): the server mails a link to it
  and sends nothing else until it is followed (``/email/confirm/KEY``), so that nobody can
  make the site mail a stranger more than that one message; one such message per player
  per ``ASK_EVERY``. Every digest carries a link that stops them (``/email/stop/KEY``, and
  the ``List-Unsubscribe`` header), as does the player's own page.
- **Once a day** (``Digests.send_due``, called a minute apart by the server's sweep): from
  ``--digest-hour`` (UTC) on, each confirmed player whose digest of the day is not yet
  decided is claimed by one process (an ``UPDATE`` of ``players.digest_day`` that only one
  may make), and mailed if a correspondence table waits for them; a day with none sends
  nothing.
- **Nothing of a hand**: a digest names games, tables and the time left, never a move.
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from typing import TYPE_CHECKING, Any, Final

from babel.dates import format_timedelta
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import Field, StrictStr
from sqlalchemy import or_, select, update

from pegboard.i18n import Translator, translator
from pegboard.web import mail, pages, rules
from pegboard.web.bodies import Body, body_of, read
from pegboard.web.db import PlayerRow
from pegboard.web.players import PER_VIEWER, error_answer, player_of
from pegboard.web.records import utc
from pegboard.web.schemas import answers, request_body
from pegboard.web.store import Store
from pegboard.web.tables import LobbyError, lang_key
from pegboard.web.turns import turns_of

if TYPE_CHECKING:
    from pegboard.web.service import TableService

log = logging.getLogger(__name__)
router = APIRouter()

ASK_EVERY: Final = timedelta(minutes=10)
"""Time between two confirmation messages one player may have mailed."""
BATCH: Final = 100
"""Players whose digest one sweep decides, at most (the next sweep goes on)."""
ADDRESS_LENGTH: Final = 254
"""The longest address (RFC 5321's path less its brackets)."""
ADDRESS: Final = re.compile(
    r"[^@\s<>(),;:\"\[\]\\]+@[^@\s<>(),;:\"\[\]\\]+\.[^@\s<>(),;:\"\[\]\\]+"
)
"""An address as people write one: a local part, an @, a domain with a dot; nothing a
header could read as another address or another header."""


@dataclass(frozen=True)
class MailSettings:
    """Whether and how the site mails: ``smtp`` its server's URL (``mail.SmtpServer``;
    None: no mail at all), ``site`` the address its links start with, ``digest_hour`` the
    UTC hour from which each day's digests go."""

    smtp: str | None = None
    site: str = "http://127.0.0.1:8000"
    digest_hour: int = 7


NO_MAIL: Final = MailSettings()
"""A site that mails nothing (the default)."""


def moment(service: TableService) -> datetime:
    """The server's time, as its clocks read it (a test moves it)."""
    return datetime.fromtimestamp(service.clocks.wall(), UTC)


# -- storage (blocking) ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Address:
    email: str | None
    confirmed: bool
    key: str | None
    lang: str


def address_of(store: Store, player_id: str) -> Address:
    with store.session() as session:
        row = session.get(PlayerRow, player_id)
        if row is None:
            return Address(None, False, None, "en")
        return Address(row.email, row.email_confirmed, row.email_key, row.email_lang or "en")


def ask(store: Store, player_id: str, email: str, lang: str, at: datetime, _: Translator) -> str:
    """Keep ``email`` unconfirmed for the player, with a new key for its links: the key.
    ``LobbyError`` 429 within ``ASK_EVERY`` of the last confirmation asked."""
    with store.session() as session, session.begin():
        row = session.get(PlayerRow, player_id, with_for_update=True)
        if row is None:
            raise LobbyError(404, _("No such player."))
        if row.email_asked_at is not None and at - utc(row.email_asked_at) < ASK_EVERY:
            raise LobbyError(429, _("A confirmation was mailed a moment ago: wait a few minutes."))
        key = secrets.token_urlsafe(32)
        row.email, row.email_confirmed, row.email_key = email, False, key
        row.email_lang, row.email_asked_at = lang, at
    return key


def confirm(store: Store, key: str) -> Address | None:
    """Confirm the address whose link carries ``key``: its address, or None."""
    with store.session() as session, session.begin():
        row = session.scalars(select(PlayerRow).where(PlayerRow.email_key == key)).first()
        if row is None or row.email is None:
            return None
        row.email_confirmed = True
        return Address(row.email, True, key, row.email_lang or "en")


def stop(store: Store, *, key: str | None = None, player_id: str | None = None) -> str | None:
    """Forget the address (by its links' key, or its player): the language it was written
    in, or None when there was none."""
    with store.session() as session, session.begin():
        query = select(PlayerRow)
        query = query.where(PlayerRow.email_key == key if key else PlayerRow.id == player_id)
        row = session.scalars(query).first()
        if row is None or row.email is None:
            return None
        lang = row.email_lang or "en"
        row.email = row.email_key = None
        row.email_confirmed = False
        return lang


def due(store: Store, day: str) -> list[str]:
    """Players with a confirmed address whose digest of ``day`` is not decided yet."""
    with store.session() as session:
        return list(
            session.scalars(
                select(PlayerRow.id)
                .where(
                    PlayerRow.email_confirmed.is_(True),
                    or_(PlayerRow.digest_day.is_(None), PlayerRow.digest_day != day),
                )
                .limit(BATCH)
            )
        )


def claim(store: Store, player_id: str, day: str) -> Address | None:
    """Decide the player's digest of ``day`` here: their address, or None when another
    process did (or the address is gone)."""
    with store.session() as session, session.begin():
        done = session.execute(
            update(PlayerRow)
            .where(
                PlayerRow.id == player_id,
                PlayerRow.email_confirmed.is_(True),
                or_(PlayerRow.digest_day.is_(None), PlayerRow.digest_day != day),
            )
            .values(digest_day=day)
        )
        if not done.rowcount:  # type: ignore[attr-defined]
            return None
        row = session.get(PlayerRow, player_id)
        assert row is not None
        return Address(row.email, True, row.email_key, row.email_lang or "en")


# -- the messages ----------------------------------------------------------------------------


def confirmation(address: str, key: str, lang: str, site: str) -> EmailMessage:
    _ = translator(lang)
    message = EmailMessage()
    message["To"] = address
    message["Subject"] = _("Confirm your address for pegboard's daily digest")
    message.set_content(
        _(
            "Someone, probably you, asked pegboard to mail this address a daily digest of "
            "the correspondence tables waiting for your move. To confirm, open:\n\n{link}\n\n"
            "If it was not you, do nothing: nothing more will be sent."
        ).format(link=f"{site}/email/confirm/{key}")
    )
    return message


def digest(address: Address, tables: list[dict[str, Any]], site: str) -> EmailMessage:
    """The day's digest: each waiting table, its time left and its link; the stop link."""
    _ = translator(address.lang)
    assert address.email is not None and address.key is not None
    message = EmailMessage()
    stop_link = f"{site}/email/stop/{address.key}"
    message["To"] = address.email
    message["Subject"] = _.ngettext(
        "Your move at {n} correspondence table",
        "Your move at {n} correspondence tables",
        len(tables),
    ).format(n=len(tables))
    message["List-Unsubscribe"] = f"<{stop_link}>"
    lines = []
    for table in tables:
        where = _("{game}: table {table}").format(game=table["display_name"], table=table["table"])
        left = format_timedelta(
            timedelta(milliseconds=table["left"] or 0), locale=translator_locale(address.lang)
        )
        lines.append(
            _("{table}, {time} left: {link}").format(
                table=where, time=left, link=f"{site}{table['page']}"
            )
        )
    footer = _(
        "pegboard mails this digest once a day while a correspondence table waits for you. "
        "To receive no more: {link}"
    ).format(link=stop_link)
    message.set_content("\n".join(lines) + "\n\n-- \n" + footer + "\n")
    return message


def translator_locale(lang: str) -> str:
    """Babel's locale of a catalog's language."""
    return {"pt": "pt_BR", "zh": "zh_Hans"}.get(lang_key(lang), lang_key(lang))


class Digests:
    """The e-mail part of ``TableService``."""

    def __init__(self, service: TableService, settings: MailSettings) -> None:
        self.service = service
        self.settings = settings
        self.server = None if settings.smtp is None else mail.SmtpServer.parse(settings.smtp)

    @property
    def on(self) -> bool:
        return self.server is not None

    async def mail(self, message: EmailMessage) -> bool:
        assert self.server is not None
        return await asyncio.to_thread(mail.send, self.server, message)

    async def send_due(self) -> int:
        """Decide today's digests not yet decided (from the digest hour on): how many were
        mailed."""
        if not self.on:
            return 0
        now = moment(self.service)
        if now.hour < self.settings.digest_hour:
            return 0
        day = now.date().isoformat()
        store = self.service.store
        mailed = 0
        for player_id in await asyncio.to_thread(due, store, day):
            address = await asyncio.to_thread(claim, store, player_id, day)
            if address is None:
                continue
            _ = translator(address.lang)
            tables = [t for t in await turns_of(self.service, player_id, _) if t["days"]]
            if tables and await self.mail(digest(address, tables, self.settings.site)):
                mailed += 1
        return mailed


# -- the routes ------------------------------------------------------------------------------


class EmailBody(Body):
    """``PUT /api/me/email``: the address of the daily digest."""

    email: StrictStr = Field(max_length=ADDRESS_LENGTH, description="An e-mail address.")


def digests_of(request: Request) -> Digests:
    from pegboard.web.lobby import service_of

    digests: Digests = service_of(request).digests
    return digests


def told(address: Address, on: bool) -> dict[str, Any]:
    return {"mail": on, "email": address.email, "confirmed": address.confirmed}


@router.get("/api/me/email", response_model=None, responses=answers(422, 429, 503))
async def my_email(request: Request) -> Response:
    """This player's digest address: ``{"mail": whether the site mails at all, "email",
    "confirmed"}`` (nulls without one)."""
    digests = digests_of(request)
    player = await player_of(request)
    if player is None:
        return JSONResponse(told(Address(None, False, None, "en"), digests.on), headers=PER_VIEWER)
    address = await asyncio.to_thread(address_of, digests.service.store, player.id)
    return JSONResponse(told(address, digests.on), headers=PER_VIEWER)


@router.put(
    "/api/me/email",
    response_model=None,
    openapi_extra=request_body(EmailBody),
    responses=answers(403, 404, 413, 415, 422, 429, 503),
)
async def give_email(request: Request) -> Response:
    """Give the digest's address: it is mailed a link to confirm it, and gets nothing else
    until then (``404`` when the site mails nothing; ``429`` within ten minutes of the last
    link)."""
    digests = digests_of(request)
    try:
        body = await body_of(request)
        _ = translator(lang_key(body.get("lang")))
        asked = read(EmailBody, body, _)
        if not digests.on:
            raise LobbyError(404, _("This site sends no e-mail."))
        email = asked.email.strip()
        if not ADDRESS.fullmatch(email):
            raise LobbyError(422, _("That is not an e-mail address."))
        player = await player_of(request)
        if player is None:
            raise LobbyError(403, _("Only a player who has played here may be notified."))
        key = await asyncio.to_thread(
            ask, digests.service.store, player.id, email, _.lang, moment(digests.service), _
        )
        sent = await digests.mail(confirmation(email, key, _.lang, digests.settings.site))
    except LobbyError as problem:
        return error_answer(problem)
    answer = {**told(Address(email, False, key, _.lang), True), "mailed": sent}
    return JSONResponse(answer, headers=PER_VIEWER)


@router.delete("/api/me/email", response_model=None, responses=answers(404, 422, 429, 503))
async def forget_email(request: Request, lang: str = "en") -> Response:
    """Forget the digest's address (``404`` when there is none)."""
    _ = translator(lang_key(lang))
    digests = digests_of(request)
    player = await player_of(request)
    gone = (
        player is not None
        and (await asyncio.to_thread(stop, digests.service.store, player_id=player.id)) is not None
    )
    if not gone:
        return JSONResponse({"error": _("No e-mail address is kept for you.")}, 404)
    return Response(status_code=204)


KEY_LENGTH: Final = 64


@router.get("/email/confirm/{key}", include_in_schema=False)
async def confirm_page(request: Request, key: str) -> Response:
    digests = digests_of(request)
    address = None
    if len(key) <= KEY_LENGTH:
        address = await asyncio.to_thread(confirm, digests.service.store, key)
    if address is None:
        lang = rules.request_lang(request)
        text = translator(lang)("This link is no longer valid.")
        return HTMLResponse(pages.message_page(lang, text, path="/email"), status_code=404)
    _ = translator(address.lang)
    text = _(
        "{email} is confirmed: a digest comes once a day while a correspondence table "
        "waits for you."
    ).format(email=address.email)
    return HTMLResponse(pages.message_page(address.lang, text, path="/email"))


@router.get("/email/stop/{key}", include_in_schema=False)
async def stop_page(request: Request, key: str) -> Response:
    digests = digests_of(request)
    lang = None
    if len(key) <= KEY_LENGTH:
        lang = await asyncio.to_thread(stop, digests.service.store, key=key)
    if lang is None:
        page_lang = rules.request_lang(request)
        text = translator(page_lang)("This link is no longer valid.")
        return HTMLResponse(pages.message_page(page_lang, text, path="/email"), status_code=404)
    text = translator(lang)("Your address is forgotten: no more e-mail will come.")
    return HTMLResponse(pages.message_page(lang, text, path="/email"))
