"""The REST API's answers as Pydantic models, and the pieces of the OpenAPI schema
(``/openapi.json``) that the routes share: the descriptions of the bodies' fields, a
body's schema from its model (``request_body``) and the refusals each route answers
(``answers``: ``{"error": message}``, translated).

The request bodies' models are in ``pegboard.web.bodies`` (and, for a new table, built
from the games registry in ``pegboard.web.table_body``): they validate what the server
takes and make its schema, so the schema is exactly as strict as the server and no
stricter. The server refuses more than the schema can say (a table's seats must be as many
as its players option says, one of them human; a name is at most 24 characters once its
runs of white space are one space each).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from pegboard.web.db import NAME_LENGTH

LANG_DESCRIPTION = (
    "The language of the answer's messages: en, pt_BR, zh_Hans, hi (or pt, zh); anything "
    "else, of any type, is taken as English."
)
NAME_DESCRIPTION = (
    f"A display name: at most {NAME_LENGTH} characters once each run of white space is one "
    "space; null or blank for none."
)

HINTS_DESCRIPTION = (
    "Allow the expert's hints at a table of two or more people (fair play: off unless "
    "true; a table of one person and bots always has them)."
)
RATED_DESCRIPTION = (
    "A rated table: each finished match updates its players' ratings (OpenSkill). Every "
    'seat must be a person and the hints off ("hints": true with "rated": true is refused).'
)
CLOCK_DESCRIPTION = (
    "The time control (Fischer): a bank of seconds per player and seconds gained after "
    "each move; or {days}: a correspondence table, days for each move (1, 2, 3 or 7); "
    "null: no clock (refused at a rated table); left out: the game's own pace at a table "
    "of two or more people, none for one person with bots."
)
PUBLIC_DESCRIPTION = (
    "A public table is listed in the lobby and anyone may join it; a private one (the "
    "default) is reached only by its links."
)


# -- answers ---------------------------------------------------------------------------------


class ErrorAnswer(BaseModel):
    error: str = Field(description="What was refused and why, translated.")


class CreatedSeat(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    token: str | None = Field(None, description="The creator's seat's secret token (theirs).")
    link: str | None = Field(None, description="The creator's seat: /t/ID#seat=N&token=...")
    invite: str | None = Field(
        None, description="Another human seat's one-time invitation: /t/ID#invite=CODE"
    )
    level: str | None = Field(None, description="A bot seat's level (its game's).")


class CreatedTable(BaseModel):
    table: str
    seats: list[CreatedSeat]
    spectate: str


class SeatSummary(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    level: str | None
    name: str | None
    display_name: str = Field(
        description="What every text of the table calls the seat, in the language asked "
        "(?lang=): the person's name, a bot's name with its level, else the seat's number."
    )
    claimed: bool
    invited: bool = Field(
        False,
        description="A free human seat: whether a one-time invitation to it is waiting to be "
        "claimed (false after its holder gave it up: ask for a new one, .../invite).",
    )
    connected: bool | None = Field(
        description="A claimed human seat at a table's own page: whether its player is here "
        "(has a connection); null for a bot, a free seat, and in the open list."
    )


class TableSummary(BaseModel):
    table: str
    game: str = Field(description="A registered game's name (GET /api/games).")
    public: bool = Field(description=PUBLIC_DESCRIPTION)
    players: int
    seats: list[SeatSummary]
    status: Literal["open", "playing", "over"]
    match: int
    hints: bool = Field(
        default=False, description="Whether the expert's hints are offered (fair play)."
    )
    replays: list[str] = Field(
        default_factory=list,
        description="The replays (/m/TABLE-N) of the table's finished matches, the latest 20.",
    )
    rated: bool = Field(default=False, description=RATED_DESCRIPTION)
    clock: dict[str, Any] | None = Field(
        default=None,
        description="The clocks: {bank, increment} (seconds) or {days} (correspondence), "
        "left (ms per seat, as of the answer) and running (the seat whose clock runs, or "
        "null); null: no clock.",
    )
    takeback: dict[str, Any] | None = Field(
        default=None,
        description="The takeback asked for at the present position: {seat, accepted} "
        "(the seats that accepted), or null.",
    )
    last_mover: int | None = Field(
        default=None, description="The seat whose move is the log's last (null: none yet)."
    )
    takebacks: int = Field(default=0, description="Moves of the match taken back so far.")


class JoinedSeat(BaseModel):
    table: str
    seat: int
    token: str
    invite: str


class ClaimedSeat(BaseModel):
    table: str
    seat: int
    token: str = Field(description="The seat's new secret token: the claimer's alone.")


class SeatInvitation(BaseModel):
    table: str
    seat: int
    invite: str = Field(description="The invitation's link: it works once.")


class LeftSeat(BaseModel):
    table: str
    seat: int
    left: bool


class MeAnswer(BaseModel):
    id: str | None = Field(description="The player's id (null: this browser has none yet).")
    name: str | None
    page: str | None = Field(description="The player's page, /p/ID.")


class DeviceCode(BaseModel):
    code: str = Field(description="A one-time code that moves the identity to another device.")
    hours: int = Field(description="Hours it works for.")


class Revoked(BaseModel):
    revoked: int


class MySeat(BaseModel):
    seat: int | None = Field(description="The seat this browser's player holds, or null.")


class PageMessages(BaseModel):
    lang: str
    messages: dict[str, str]


class InvitationValid(BaseModel):
    """A one-time invitation that still works (``POST /api/tables/ID/invitation``)."""

    valid: bool


class GameOption(BaseModel):
    """One setting of a game's match: a whole number in a range, or one of its choices."""

    name: str
    label: str
    default: int | None
    optional: bool
    minimum: int | None
    maximum: int | None
    choices: list[int]
    rule: str | None
    refusal: str = Field(description="The refusal of a value out of range, its rule cited.")
    choice_labels: list[tuple[int | None, str]] = Field(
        default_factory=list,
        description="Choices in words, [value, label] (null: the rules' own), translated.",
    )


class GameInfo(BaseModel):
    """A registered game (``pegboard.games``), its names in the asked language."""

    name: str
    display_name: str
    min_players: int
    max_players: int
    options: list[GameOption]
    bots: list[str] = Field(description="Every bot level, the research ones included.")
    people_bots: list[str] = Field(
        default_factory=list,
        description="The levels offered to people (the lobby's), weakest first.",
    )
    default_bot: str | None = Field(
        None, description="A person's opponent unless they choose another (the expert)."
    )
    bot_names: dict[str, str] = Field(
        default_factory=dict, description="Each bot level's name for people, translated."
    )
    time_control: dict[str, int] = Field(
        default_factory=dict,
        description="The clock that fits the game's pace: {bank, increment}, in seconds.",
    )
    players_option: str = Field(description="The option that says how many seats there are.")
    page: str = Field(description="The page module that plays it: /static/games/PAGE.js.")
    rules: str = Field(description="Its rules page (/rules/NAME), ?lang= for a language.")
    rules_anchors: dict[str, str] = Field(
        default_factory=dict,
        description="A moment of play (turn, round_end, match_end) -> the rules page's anchor.",
    )


class AnalysisProgress(BaseModel):
    """A finished match's report: asked for, being made, or made."""

    state: Literal["none", "queued", "running", "done", "failed"] = Field(
        description="none: never asked for (or forgotten after a restart); queued: waiting "
        "for the bots' workers; running; done: stored; failed: ask again."
    )
    done: int = Field(description="Decisions searched so far.")
    total: int = Field(description="Decisions of the match (0 while none is asked for).")


class AnalysisAnswer(AnalysisProgress):
    """A finished match's report and its state (``GET /api/matches/ID/analysis``)."""

    report: dict[str, Any] | None = Field(
        description="When done: the report (pegboard.analysis.Report.to_json) with what a "
        "page shows, translated: names (each seat's), each decision's move (index + 1), "
        "grade_name and unit_name, each valued action's label and the decision's taken_label "
        "and best_label (the actions in words, as the table's hints say them), each seat's "
        "name, grade_names, detail_names, chart (its "
        "title, description, moves_label and panels) and chart_rows (the chart's figures "
        "as rows); null otherwise."
    )
    error: str | None = Field(None, description="When failed: what went wrong, translated.")


# -- OpenAPI fragments -----------------------------------------------------------------------


def _inline(schema: Any, defs: dict[str, Any]) -> Any:
    """``schema`` with every ``$ref`` to its own ``$defs`` replaced by the definition (the
    models are not recursive), so that it can stand in an OpenAPI document on its own."""
    if isinstance(schema, dict):
        ref = schema.get("$ref")
        if isinstance(ref, str) and ref.startswith("#/$defs/"):
            return _inline(defs[ref.removeprefix("#/$defs/")], defs)
        # A discriminator's mapping points into ``$defs`` too; the ``const`` of each variant
        # says as much, so it goes.
        return {
            k: _inline(v, defs)
            for k, v in schema.items()
            if k != "$defs" and not (k == "discriminator" and isinstance(v, dict))
        }
    if isinstance(schema, list):
        return [_inline(v, defs) for v in schema]
    return schema


def body_schema(model: Any) -> dict[str, Any]:
    """The JSON schema of a request body model (or annotated union), self-contained."""
    from pydantic import TypeAdapter

    schema = TypeAdapter(model).json_schema()
    inlined: dict[str, Any] = _inline(schema, schema.get("$defs", {}))
    return inlined


def request_body(model: Any) -> dict[str, Any]:
    """``openapi_extra`` for a route that reads a JSON body of ``model`` itself."""
    return body_of_schema(body_schema(model))


def body_of_schema(schema: dict[str, Any]) -> dict[str, Any]:
    """``openapi_extra`` for a route that reads a JSON body of ``schema`` itself."""
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": schema}},
        }
    }


ERRORS: dict[int, str] = {
    403: "A wrong seat token, or a seat of a private table (taken by invitation only).",
    404: "No such table or seat.",
    409: "A seat taken or a bot's, a stored table that cannot be opened, or a match in play.",
    410: "An invitation that was used already (an invitation works once), or never was.",
    413: "The request is too large.",
    415: "A body not sent as application/json.",
    422: "A body the server cannot take, and why.",
    429: "Too many requests: try again later.",
    503: "The database failed, or the server is too busy (as many matches as it queues are "
    "being analysed): nothing was changed; try again.",
}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route: these error statuses, each ``{"error": message}``."""
    return {status: {"model": ErrorAnswer, "description": ERRORS[status]} for status in statuses}
