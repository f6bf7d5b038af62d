"""Reading a REST request's body (docs/web.md, "Bodies"): one way for every route.

``body_of`` reads the bytes safely first: 415 unless they are sent as ``application/json``
(so that no other site's page can post a form or plain text here), then ``wire.loads``
within the server's depth limit (the size is bounded before, by ``guards.BodyLimit``), and
a JSON object of valid Unicode or a 422. Then ``read`` validates that object with the
route's Pydantic model: the same models make the OpenAPI schema (``/openapi.json``), so
what the schema says and what the server takes are one thing. The models are strict (a
number is no text, ``true`` is no number, ``"3"`` no whole number) and ignore the fields
they do not name, as every body always has: a page one release newer than a server
process behind the same proxy may send a field the process does not know yet.

FastAPI's own body parameters are not used: they parse JSON with no depth limit and answer
``{"detail": [...]}`` in English, echoing the input. Here a ``ValidationError`` becomes one
``LobbyError`` (``refusal``): its first error, by the field it is at (``loc``) and its kind
(``type``), worded in the request's language and naming the field; for a new table's
setting, the game's own refusal that cites its rule. Pydantic's own messages never reach
a client.

The checks a model cannot say stay with what needs them: a name's length once its white
space is one space, and its visible characters (``tables.clean_name``); as many seats as
the game's options give, one of them a person (``TableService.create``); whether a token
or an invitation is the right one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, TypeVar

from fastapi import Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError
from pydantic_core import ErrorDetails

import pegboard.games
from pegboard.games import Game, OptionError
from pegboard.i18n import Translator, translator
from pegboard.web import wire
from pegboard.web.clocks import BANK_SECONDS, INCREMENT_SECONDS, TIME_CONTROL_PROBLEM
from pegboard.web.guards import scope_lang
from pegboard.web.limits import (
    CODE_LENGTH,
    CORRECTION_CONTACT_LENGTH,
    CORRECTION_TEXT_LENGTH,
    INVITE_LENGTH,
)
from pegboard.web.schemas import LANG_DESCRIPTION, NAME_DESCRIPTION
from pegboard.web.tables import LobbyError

Model = TypeVar("Model", bound=BaseModel)

STRICT: Final[ConfigDict] = ConfigDict(strict=True, extra="ignore")
"""Every body's model: types as JSON writes them, fields it does not name ignored."""


async def body_of(request: Request) -> dict[str, Any]:
    """The request's JSON object; ``LobbyError`` for anything else: 415 unless it says it
    is ``application/json``, 422 for a body that is not a shallow JSON object of valid
    Unicode. Nothing of it is parsed before the media type and the depth are checked."""
    _ = translator(scope_lang(request.scope))
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != "application/json":
        raise LobbyError(415, _("A request's body is JSON, sent as application/json."))
    depth = request.app.state.service.limits.max_json_depth
    try:
        body = wire.loads(await request.body(), depth)
    except wire.WireError as problem:
        if problem.problem == "depth":
            raise LobbyError(
                422, _("JSON nested deeper than {n} levels is not read.").format(n=depth)
            ) from None
        if problem.problem == "unicode":
            raise LobbyError(422, _("The request holds text that is not valid Unicode.")) from None
        body = None
    if not isinstance(body, dict):
        raise LobbyError(422, _("The request's body must be a JSON object."))
    return body


def read(model: type[Model], body: Mapping[str, Any], _: Translator) -> Model:
    """``body`` as ``model``; ``LobbyError`` 422 in ``_``'s language otherwise."""
    try:
        return model.model_validate(body)
    except ValidationError as invalid:
        raise LobbyError(422, refusal(first_error(invalid), _)) from None


def first_error(invalid: ValidationError) -> ErrorDetails:
    """The first thing wrong (Pydantic checks the fields in the order the model has them),
    without the input it was given: a refusal never echoes what was sent."""
    return invalid.errors(include_url=False, include_context=True, include_input=False)[0]


# -- the bodies ------------------------------------------------------------------------------


class Body(BaseModel):
    model_config = STRICT

    lang: Any = Field(None, description=LANG_DESCRIPTION)


TOKEN_DESCRIPTION: Final = (
    "The seat's secret token (a wrong one: 403); none: the seat of the browser's player "
    "(its identity's cookie)."
)


class JoinSeat(Body):
    """``POST /api/tables/ID/seats/N/join``: the joiner's name, or none."""

    name: StrictStr | None = Field(None, description=NAME_DESCRIPTION)


class ClaimInvite(Body):
    """``POST /api/tables/ID/claim``: an invitation's code and a name."""

    invite: StrictStr = Field(
        max_length=INVITE_LENGTH, description="The code of the invitation's link (#invite=...)."
    )
    name: StrictStr | None = Field(None, description="The claimer's display name, or none.")


class LeaveSeat(Body):
    """``POST /api/tables/ID/seats/N/leave``: the seat's token, or none."""

    token: StrictStr | None = Field(None, description=TOKEN_DESCRIPTION)


class InviteSeat(Body):
    """``POST /api/tables/ID/seats/N/invite``: the asker's own seat and its token."""

    seat: StrictInt = Field(description="The asker's own seat (they must be seated at the table).")
    token: StrictStr | None = Field(None, description=TOKEN_DESCRIPTION)


class NameBody(Body):
    """``PUT /api/me``: the player's display name (null or blank: none)."""

    name: StrictStr | None = Field(None, description=NAME_DESCRIPTION)


class CodeBody(Body):
    """``POST /api/me/device``: the code another browser of the player showed."""

    code: StrictStr = Field(max_length=CODE_LENGTH, description="The code, as it was shown.")


class CorrectionReport(Body):
    """``POST /api/rules/GAME/corrections``: a report of a correction of a rules page."""

    text: StrictStr = Field(
        min_length=1,
        description=f"What is out of date or wrong: 1 to {CORRECTION_TEXT_LENGTH} characters "
        "once each CRLF is one line break and the white space around it is gone; no control "
        "characters but line breaks and tabs.",
    )
    contact: StrictStr | None = Field(
        None,
        description=f"A way to reply, optional: at most {CORRECTION_CONTACT_LENGTH} characters "
        "once each run of white space is one space; one line.",
    )


# -- the refusals: Pydantic's errors in the request's words -------------------------------


def _time_control(_: Translator) -> str:
    low, high = BANK_SECONDS
    least, most = INCREMENT_SECONDS
    return _(TIME_CONTROL_PROBLEM).format(low=low, high=high, least=least, most=most)


FIELDS: Final[dict[str, Callable[[Translator], str]]] = {
    "name": lambda _: _("A name is text."),
    "invite": lambda _: _(
        "An invitation is claimed with its code (text, at most {n} characters)."
    ).format(n=INVITE_LENGTH),
    "code": lambda _: _("A code from another device is text of at most {n} characters.").format(
        n=CODE_LENGTH
    ),
    "seat": lambda _: _('Say which seat is yours: "seat" is its number.'),
    "token": lambda _: _('A seat\'s "token" is text: the one its link holds.'),
    "text": lambda _: _("A report needs its text: say what is out of date."),
    "contact": lambda _: _("A way to reply is text."),
    "public": lambda _: _('A table is public or private: "public" is true or false.'),
    "hints": lambda _: _('The hints are allowed or not: "hints" is true or false.'),
    "rated": lambda _: _('A table is rated or not: "rated" is true or false.'),
    "clock": _time_control,
}
"""Each field a body may hold, and what it must be, said so that it names the field: the
refusal of anything wrong with it (missing, of another type, out of range)."""


def refusal(
    error: ErrorDetails,
    _: Translator,
    game: Game | None = None,
    body: Mapping[str, Any] | None = None,
) -> str:
    """What is wrong, in ``_``'s language: ``error`` (one of a ``ValidationError``'s) told
    by the field it is at. ``game``: ``body`` is a new table of it (``table_body``)."""
    kind, loc = error["type"], tuple(error["loc"])
    if game is not None and (told := _table_refusal(kind, loc, _, game, body or {})):
        return told
    named = [part for part in loc if isinstance(part, str)]
    for part in named:  # the outermost field it knows: "clock", not the clock's "bank"
        if part in FIELDS:
            return FIELDS[part](_)
    field = named[-1] if named else ""
    if kind == "missing":
        return _('The request needs "{field}".').format(field=field)
    return _('"{field}" does not hold a value this request takes.').format(field=field)


def game_refusal(_: Translator) -> str:
    """A body that names no registered game."""
    return _("Choose a game: {games}.").format(games=", ".join(pegboard.games.names()))


def _table_refusal(
    kind: str, loc: tuple[int | str, ...], _: Translator, game: Game, body: Mapping[str, Any]
) -> str | None:
    """A new table's refusal at ``loc``, if it is one of a table's own: a setting's
    refusal is the game's own (its rule cited); a seat's names its number."""
    field = loc[0] if loc else None
    if any(option.name == field for option in game.options):
        return _option_refusal(game.option(str(field)).refusal(), _)
    if field != "seats":
        return None
    if len(loc) == 1:  # no list, or too few or too many seats for any table of the game
        return seats_refusal(game, body, _)
    n = int(loc[1]) + 1
    if loc[-1] == "level":
        levels = ", ".join(game.bot_levels())
        return _("Seat {n}: choose a bot level: {levels}.").format(n=n, levels=levels)
    if loc[-1] == "name":
        return FIELDS["name"](_)
    if kind.startswith("union_tag"):  # no "kind", or neither "human" nor "bot"
        return _("Seat {n} is a human or a bot.").format(n=n)
    return _("Seat {n} is not a seat.").format(n=n)


def _option_refusal(error: OptionError, _: Translator) -> str:
    return _(error.template).format(**error.fields)


def seats_refusal(game: Game, body: Mapping[str, Any], _: Translator) -> str:
    """Seats that are not one for each player of the table ``body`` asks for (as many as
    its settings give; the refusal of its settings when they are wrong)."""
    try:
        players = game.players(game.check_options(body))
    except OptionError as error:
        return _option_refusal(error, _)
    return _.ngettext(
        "Give one seat for each of the {n} player.",
        "Give one seat for each of the {n} players.",
        players,
    ).format(n=players)
