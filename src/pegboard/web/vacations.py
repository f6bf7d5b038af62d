"""Vacations (issue 39, "Correspondence"): a player away for some days says so, and no move
of theirs at a correspondence table falls due meanwhile.

A vacation lasts one to ``Limits.vacation_days`` days from when it is taken, and may be
ended early; another may begin only ``Limits.vacation_every_days`` after the last one
began, so that a player cannot hold every table forever by taking one after another. Its
effect is at the flag (``table_clocks``): a correspondence move due while its player is on
vacation is given its whole time again from the vacation's end, instead of being lost (a
rated table) or handed to a bot (a casual one). A live clock never waits for a vacation.

``GET``, ``PUT`` and ``DELETE /api/me/vacation`` read, take and end this browser's player's
vacation; the player's own page has the form.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import Field, StrictInt

from pegboard.i18n import Translator, translator
from pegboard.web.bodies import Body, body_of, read
from pegboard.web.db import PlayerRow
from pegboard.web.limits import Limits
from pegboard.web.players import PER_VIEWER, error_answer, player_of
from pegboard.web.records import utc
from pegboard.web.schemas import answers, request_body
from pegboard.web.store import Store
from pegboard.web.tables import LobbyError, lang_key

router = APIRouter()


@dataclass(frozen=True, slots=True)
class Vacation:
    """A player's vacation: from ``begins`` until ``ends`` (UTC)."""

    begins: datetime
    ends: datetime

    def covers(self, moment: datetime) -> bool:
        """Whether ``moment`` falls within the vacation."""
        return self.begins <= moment < self.ends

    def to_json(self) -> dict[str, str]:
        return {"from": self.begins.isoformat(), "until": self.ends.isoformat()}


def now(service: Any) -> datetime:
    """The server's time, as its clocks read it (``Clocks.wall``: a test moves it), so
    that a vacation and the deadlines it covers are measured alike."""
    return datetime.fromtimestamp(service.clocks.wall(), UTC)


def vacation_of(store: Store, player_id: str) -> Vacation | None:
    """The player's last vacation, ended or not; None if they never took one."""
    with store.session() as session:
        row = session.get(PlayerRow, player_id)
        if row is None or row.vacation_from is None or row.vacation_until is None:
            return None
        return Vacation(utc(row.vacation_from), utc(row.vacation_until))


def next_vacation(last: Vacation | None, limits: Limits) -> datetime | None:
    """The first moment a new vacation may begin after ``last`` (None: at once)."""
    if last is None:
        return None
    return last.begins + timedelta(days=limits.vacation_every_days)


def take(
    store: Store, player_id: str, days: int, at: datetime, limits: Limits, _: Translator
) -> Vacation:
    """Begin the player's vacation of ``days`` days at ``at``; ``LobbyError`` 422 for a
    length out of the limits, 409 while one lasts or before another may begin."""
    longest = limits.vacation_days
    if not 1 <= days <= longest:
        raise LobbyError(
            422,
            _.ngettext(
                "A vacation lasts 1 to {n} day.", "A vacation lasts 1 to {n} days.", longest
            ).format(n=longest),
        )
    with store.session() as session, session.begin():
        row = session.get(PlayerRow, player_id, with_for_update=True)
        if row is None:
            raise LobbyError(404, _("No such player."))
        last = (
            None
            if row.vacation_from is None or row.vacation_until is None
            else Vacation(utc(row.vacation_from), utc(row.vacation_until))
        )
        if last is not None and last.covers(at):
            raise LobbyError(409, _("You are on vacation already: end it first."))
        allowed = next_vacation(last, limits)
        if allowed is not None and at < allowed:
            raise LobbyError(
                409,
                _("Your next vacation may begin on {date} (UTC).").format(
                    date=allowed.strftime("%Y-%m-%d %H:%M")
                ),
            )
        vacation = Vacation(at, at + timedelta(days=days))
        row.vacation_from, row.vacation_until = vacation.begins, vacation.ends
    return vacation


def end(store: Store, player_id: str, at: datetime) -> bool:
    """End the player's vacation at ``at``, if one lasts: whether one did."""
    with store.session() as session, session.begin():
        row = session.get(PlayerRow, player_id, with_for_update=True)
        if row is None or row.vacation_from is None or row.vacation_until is None:
            return False
        if not Vacation(utc(row.vacation_from), utc(row.vacation_until)).covers(at):
            return False
        row.vacation_until = at
        return True


# -- the routes ------------------------------------------------------------------------------


class VacationBody(Body):
    """``PUT /api/me/vacation``: how many days."""

    days: StrictInt = Field(description="Days of vacation from now (1 to the site's limit).")


def told(last: Vacation | None, at: datetime, limits: Limits) -> dict[str, Any]:
    """The vacation as its player is told it: the one that lasts (or null), the longest
    allowed, and when the next may begin (null: now)."""
    allowed = next_vacation(last, limits)
    return {
        "vacation": last.to_json() if last is not None and last.covers(at) else None,
        "longest": limits.vacation_days,
        "next": None if allowed is None or allowed <= at else allowed.isoformat(),
    }


def _service(request: Request) -> Any:
    from pegboard.web.lobby import service_of

    return service_of(request)


@router.get("/api/me/vacation", response_model=None, responses=answers(422, 429, 503))
async def my_vacation(request: Request, lang: str = "en") -> Response:
    """This browser's player's vacation: ``{"vacation": {"from", "until"} or null,
    "longest": days, "next": when another may begin, or null}``."""
    translator(lang_key(lang))
    service = _service(request)
    player = await player_of(request)
    last = None
    if player is not None:
        last = await asyncio.to_thread(vacation_of, service.store, player.id)
    return JSONResponse(told(last, now(service), service.limits), headers=PER_VIEWER)


@router.put(
    "/api/me/vacation",
    response_model=None,
    openapi_extra=request_body(VacationBody),
    responses=answers(403, 409, 413, 415, 422, 429, 503),
)
async def take_vacation(request: Request) -> Response:
    """Begin a vacation of ``{"days"}`` days from now: no move at a correspondence table
    falls due meanwhile (``403`` without a player; ``409`` while one lasts, or before the
    next may begin)."""
    service = _service(request)
    try:
        body = await body_of(request)
        _ = translator(lang_key(body.get("lang")))
        asked = read(VacationBody, body, _)
        player = await player_of(request)
        if player is None:
            raise LobbyError(403, _("Only a player who has played here may take a vacation."))
        at = now(service)
        taken = await asyncio.to_thread(
            take, service.store, player.id, asked.days, at, service.limits, _
        )
    except LobbyError as problem:
        return error_answer(problem)
    return JSONResponse(told(taken, at, service.limits), headers=PER_VIEWER)


@router.delete("/api/me/vacation", response_model=None, responses=answers(404, 422, 429, 503))
async def end_vacation(request: Request, lang: str = "en") -> Response:
    """End this browser's player's vacation now (``404`` when none lasts)."""
    _ = translator(lang_key(lang))
    service = _service(request)
    player = await player_of(request)
    at = now(service)
    if player is None or not await asyncio.to_thread(end, service.store, player.id, at):
        return JSONResponse({"error": _("You are not on vacation.")}, status_code=404)
    last = await asyncio.to_thread(vacation_of, service.store, player.id)
    return JSONResponse(told(last, at, service.limits), headers=PER_VIEWER)
