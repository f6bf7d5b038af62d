"""Reports of a correction (issue 12): what the form at the end of every rules page sends.

Each rules page (``GET /rules/GAME``) ends with "Found something out of date? Report a
correction", a plain HTML form that posts ``text`` (what is wrong), ``contact`` (an
optional way to reply) and a hidden ``lang`` to ``POST /rules/GAME/corrections``; the
page's script may send the same as JSON to ``POST /api/rules/GAME/corrections``. A report
is stored (``corrections``: page, language, text, contact, time, status) and never shown
publicly: no route lists one; the site's maintainers read and close them with
``pegboard corrections list`` and ``pegboard corrections close ID``.

What a report may be (``clean_report``): a text of 1 to 2000 characters once its line
breaks are one character each and the white space around it is gone; a way to reply of at
most 200 characters on one line, or none; no control characters but line breaks and tabs
in the text, and no lone surrogates (as in a name). One address may send 5 reports in 10
minutes (``Limits.corrections_rate``); a refused report is not counted. Whatever is
refused stores nothing and is answered in the page's language: the form with a small page
that names the problem and gives the form back with what was typed in it; the JSON route
with ``{"error": message}``. A report accepted is ``201``: a page of thanks, or
``{"message": ...}``.
"""

from __future__ import annotations

import asyncio
import logging
import unicodedata
from collections.abc import Sequence
from typing import Final
from urllib.parse import parse_qsl, quote

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.types import Scope

import pegboard.games
from pegboard.i18n import Translator, translator
from pegboard.web import pages
from pegboard.web.bodies import CorrectionReport, body_of, read
from pegboard.web.guards import own_origin, scope_lang
from pegboard.web.limits import CORRECTION_CONTACT_LENGTH, CORRECTION_TEXT_LENGTH, RateCounter
from pegboard.web.lobby import client_of, service_of
from pegboard.web.schemas import ErrorAnswer, answers, request_body
from pegboard.web.tables import LobbyError, lang_key

log = logging.getLogger(__name__)
router = APIRouter()

FORM_FIELDS: Final = 8
"""A form with more fields than this is not read (the form has three)."""
FORM_BODY_BYTES: Final = 9 * (CORRECTION_TEXT_LENGTH + CORRECTION_CONTACT_LENGTH) + 256
"""The largest body the form can send: a browser counts ``maxlength`` in UTF-16 units, and
one unit of text is at most 9 bytes once form-encoded (a character of three UTF-8 bytes,
each ``%XX``: Devanagari, Chinese); the names of the fields and the language fit in the
rest. ``BodyLimit`` lets the form's route have this much when the server's own limit is
smaller (``form_body_limit``)."""
TEXT_CONTROLS: Final = frozenset("\n\t")
"""The only control characters a report's text may hold (once ``\\r\\n`` is ``\\n``)."""


class CorrectionError(Exception):
    """A report refused: its HTTP status and the message, translated."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


# -- what a report may be ------------------------------------------------------------------


def _controls(text: str, allowed: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` holds a control character (or a lone surrogate) not ``allowed``."""
    return any(unicodedata.category(c) in ("Cc", "Cs") and c not in allowed for c in text)


def clean_report(text: str | None, contact: str | None, _: Translator) -> tuple[str, str | None]:
    """The report's text and way to reply as they are stored (as the form or the JSON
    body's model, ``bodies.CorrectionReport``, gives them); ``CorrectionError`` 422 naming
    what is wrong otherwise."""
    if text is None:
        raise CorrectionError(422, _("A report needs its text: say what is out of date."))
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # a form sends CRLF
    if _controls(text, TEXT_CONTROLS):
        raise CorrectionError(422, _("A report may not hold control characters."))
    text = text.strip()
    if not text:
        raise CorrectionError(422, _("A report needs its text: say what is out of date."))
    if len(text) > CORRECTION_TEXT_LENGTH:
        raise CorrectionError(
            422,
            _("A report has at most {n} characters; this one has {count}.").format(
                n=CORRECTION_TEXT_LENGTH, count=len(text)
            ),
        )
    if contact is None:
        return text, None
    if _controls(contact):
        raise CorrectionError(422, _("A way to reply is one line, without control characters."))
    contact = " ".join(contact.split())
    if len(contact) > CORRECTION_CONTACT_LENGTH:
        raise CorrectionError(
            422,
            _("A way to reply has at most {n} characters.").format(n=CORRECTION_CONTACT_LENGTH),
        )
    return text, contact or None


def check_page(game: str, _: Translator) -> None:
    """``CorrectionError`` 404 unless ``game`` is a registered game (it has a rules page)."""
    if game not in pegboard.games.names():
        raise CorrectionError(404, _("No game of that name has a rules page."))


def rate_of(request: Request) -> RateCounter:
    """The app's counter of reports per client (made when the first report comes)."""
    state = request.app.state
    counter: RateCounter | None = getattr(state, "corrections_rate", None)
    if counter is None:
        counter = RateCounter(service_of(request).limits.corrections_rate, "correction")
        state.corrections_rate = counter
    return counter


async def store_report(
    request: Request, game: str, lang: str, text: str | None, contact: str | None, _: Translator
) -> int:
    """Check the report, count it against its client's rate, and store it: its id. Nothing
    is counted or stored for a report refused."""
    check_page(game, _)
    clean_text, clean_contact = clean_report(text, contact, _)
    counter = rate_of(request)
    client = client_of(request)
    if not counter.allow(client):
        wait = counter.retry_after(client)
        raise CorrectionError(
            429,
            _.ngettext(
                "Too many reports from your address: try again in {n} second.",
                "Too many reports from your address: try again in {n} seconds.",
                wait,
            ).format(n=wait),
            wait,
        )
    store = service_of(request).store
    return await asyncio.to_thread(store.add_correction, game, lang, clean_text, clean_contact)


def thanks(_: Translator) -> str:
    return _("Thank you: your report was received, and the site's maintainers will read it.")


# -- the JSON route --------------------------------------------------------------------------


class CorrectionReceived(BaseModel):
    message: str = Field(description="The thanks for the report, translated.")


@router.post(
    "/api/rules/{game}/corrections",
    status_code=201,
    response_model=None,
    openapi_extra=request_body(CorrectionReport),
    responses={
        201: {"model": CorrectionReceived},
        404: {"model": ErrorAnswer, "description": "No registered game of that name."},
        **answers(413, 415, 422, 429, 503),
    },
)
async def report_json(request: Request, game: str) -> Response:
    """Report a correction of the rules page of ``game`` (a registered game's name, as
    ``GET /api/games`` gives it). Stored for the site's maintainers, never shown."""
    try:
        body = await body_of(request)
    except LobbyError as problem:
        return JSONResponse({"error": problem.message}, status_code=problem.status)
    lang = lang_key(body["lang"]) if body.get("lang") is not None else scope_lang(request.scope)
    _ = translator(lang)
    try:
        check_page(game, _)  # no such page: 404, whatever the body holds
        report = read(CorrectionReport, body, _)
        await store_report(request, game, lang, report.text, report.contact, _)
    except (CorrectionError, LobbyError) as problem:
        headers = {"Retry-After": str(problem.retry_after)} if problem.retry_after else None
        return JSONResponse({"error": problem.message}, status_code=problem.status, headers=headers)
    return JSONResponse({"message": thanks(_)}, status_code=201)


# -- the form's route ------------------------------------------------------------------------


def form_body_limit(scope: Scope) -> int | None:
    """``BodyLimit``'s budget for the form's route (``FORM_BODY_BYTES``), None elsewhere."""
    path = str(scope.get("path", ""))
    parts = path.split("/")
    if len(parts) == 4 and parts[1] == "rules" and parts[3] == "corrections" and parts[2]:
        return FORM_BODY_BYTES
    return None


def from_own_page(request: Request) -> bool:
    """Whether a post of the form may come from this site's own pages. ``Sec-Fetch-Site``
    decides when the browser sends it (a page cannot forge it); else ``Origin``, which every
    browser of the last years sends on a POST, must be this site's (``own_origin``).

    A post with neither is taken: it is no browser that another site's page could drive
    (curl, a script: what they send, they could send with any header), or a browser too
    old to send ``Origin`` on a POST. The form changes nothing but adds a report, which no
    route shows, bounded by the rate per address: refusing those clients would protect
    nothing a forged post could reach, and it would turn away the last readers of the rules
    pages without a new browser."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site.lower() in ("same-origin", "none")
    origin = request.headers.get("origin")
    if origin is None:
        return True
    allowed: Sequence[str] = request.app.state.allowed_origins
    return own_origin(origin, request.headers.get("host", ""), allowed)


async def form_of(request: Request, _: Translator) -> dict[str, str]:
    """The form's fields (the first value of each); ``CorrectionError`` for a post that is
    not the form: 403 from another site's page, 415 not form-encoded, 422 unreadable."""
    if not from_own_page(request):
        raise CorrectionError(403, _("A report is sent from this site's own rules pages."))
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/x-www-form-urlencoded":
        raise CorrectionError(415, _("A report is sent with the form of a rules page."))
    try:
        text = (await request.body()).decode("utf-8")
        pairs = parse_qsl(text, keep_blank_values=True, errors="strict", max_num_fields=FORM_FIELDS)
    except ValueError:  # not UTF-8, or too many fields
        raise CorrectionError(422, _("The form could not be read: send it again.")) from None
    fields: dict[str, str] = {}
    for name, value in pairs:
        fields.setdefault(name, value)
    return fields


@router.post("/rules/{game}/corrections", include_in_schema=False)
async def report_form(request: Request, game: str) -> Response:
    """The form of a rules page, sent without JavaScript: a page of thanks (201), or the
    problem named and the form again with what was typed (4xx)."""
    lang = scope_lang(request.scope)
    fields: dict[str, str] = {}
    try:
        fields = await form_of(request, translator(lang))
        if fields.get("lang"):
            lang = lang_key(fields["lang"])
        _ = translator(lang)
        await store_report(request, game, lang, fields.get("text"), fields.get("contact"), _)
    except CorrectionError as problem:
        known = game in pegboard.games.names()
        body = answer_page(
            lang, game if known else None, problem.message, error=True, fields=fields
        )
        headers = {"Retry-After": str(problem.retry_after)} if problem.retry_after else None
        return HTMLResponse(body, status_code=problem.status, headers=headers)
    except SQLAlchemyError as fault:
        log.error("database error on %s: %s", request.url.path, fault)
        _ = translator(lang)
        message = _("Something went wrong. Try again.")
        return HTMLResponse(
            answer_page(lang, game, message, error=True, fields=fields), status_code=503
        )
    return HTMLResponse(answer_page(lang, game, thanks(_)), status_code=201)


# -- the pages ------------------------------------------------------------------------------


def answer_page(
    lang: str,
    game: str | None,
    message: str,
    *,
    error: bool = False,
    fields: dict[str, str] | None = None,
) -> str:
    """The page that answers the form (``templates/correction.html``): the thanks, or the
    problem and the form again with what was typed (``game`` None: there is no such rules
    page, so no form and no link back). The form is the rules page's (its words and its
    class)."""
    fields = fields or {}
    return pages.render(
        "correction.html",
        lang,
        path="/rules" if game is None else f"/rules/{quote(game, safe='')}",
        message=message,
        error=error,
        game=game,
        action=None if game is None else f"/rules/{quote(game, safe='')}/corrections",
        back=None if game is None else rules_url(game, lang),
        text=str(fields.get("text", "")),
        contact=str(fields.get("contact", "")),
        text_length=CORRECTION_TEXT_LENGTH,
        contact_length=CORRECTION_CONTACT_LENGTH,
    )


def rules_url(game: str, lang: str) -> str:
    return f"/rules/{quote(game, safe='')}?lang={quote(lang, safe='')}"
