"""The REST API's bodies as Pydantic models, for the OpenAPI schema (``/openapi.json``).

The lobby still reads and checks each request body itself (``lobby.body_of`` and
``TableService``), so that a refusal keeps the API's own form, ``{"error": message}``
translated and naming the rule it breaks (docs/web.md); these models only describe, for
clients and for the fuzz tests (tests/web/test_fuzz_rest.py), what the server accepts and
what it answers. The schema is exactly as strict as the server and no stricter: whatever it
refuses the server refuses (with a 4xx). The server refuses more than the schema can say
(a Draw table's seats must be as many as its players, one of them human; a name is at most
24 characters once its runs of white space are one space each).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from pegboard.web.db import NAME_LENGTH

BotLevel = Literal["random", "greedy", "expert", "ismcts"]
"""``pegboard.bots.bot_levels`` of both games (tests/web/test_fuzz_rest.py checks it)."""

LANG_DESCRIPTION = (
    "The language of the answer's messages: en, pt_BR, zh_Hans, hi (or pt, zh); anything "
    "else, of any type, is taken as English."
)
NAME_DESCRIPTION = (
    f"A display name: at most {NAME_LENGTH} characters once each run of white space is one "
    "space; null or blank for none."
)


class HumanSeatSpec(BaseModel):
    kind: Literal["human"]
    name: str | None = Field(None, description=NAME_DESCRIPTION)


class BotSeatSpec(BaseModel):
    kind: Literal["bot"]
    level: BotLevel


SeatSpec = Annotated[HumanSeatSpec | BotSeatSpec, Field(discriminator="kind")]


class NewDrawTable(BaseModel):
    """A Draw table: 2 to 4 players (D1), one seat each, at least one of them human."""

    game: Literal["draw"]
    players: int = Field(ge=2, le=4, description="2, 3 or 4 players (D1).")
    target: int | None = Field(
        None,
        ge=1,
        description=(
            "The match target (D17); null: the rules' 100 with two players, 61 with three or four."
        ),
    )
    seats: list[SeatSpec] = Field(min_length=2, max_length=4)
    lang: Any = Field(None, description=LANG_DESCRIPTION)


class NewCribbageTable(BaseModel):
    """A cribbage table: two players (C2), at least one of them human."""

    game: Literal["cribbage"]
    players: Literal[2] = 2
    best_of: Literal[1, 3, 5, 7] = Field(3, description="The match is the best of these games.")
    seats: list[SeatSpec] = Field(min_length=2, max_length=2)
    lang: Any = Field(None, description=LANG_DESCRIPTION)


NewTable = Annotated[NewDrawTable | NewCribbageTable, Field(discriminator="game")]


class JoinSeat(BaseModel):
    name: str | None = Field(None, description=NAME_DESCRIPTION)
    lang: Any = Field(None, description=LANG_DESCRIPTION)


class LeaveSeat(BaseModel):
    token: str = Field(description="The seat's secret token (a wrong one: 403).")
    lang: Any = Field(None, description=LANG_DESCRIPTION)


# -- answers ---------------------------------------------------------------------------------


class ErrorAnswer(BaseModel):
    error: str = Field(description="What was refused and why, translated.")


class CreatedSeat(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    token: str | None = Field(None, description="A human seat's secret token.")
    invite: str | None = Field(None, description="A human seat's link: /t/ID#seat=N&token=...")
    level: BotLevel | None = Field(None, description="A bot seat's level.")


class CreatedTable(BaseModel):
    table: str
    seats: list[CreatedSeat]
    spectate: str


class SeatSummary(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    level: str | None
    name: str | None
    claimed: bool


class TableSummary(BaseModel):
    table: str
    game: Literal["draw", "cribbage"]
    players: int
    seats: list[SeatSummary]
    status: Literal["open", "playing", "over"]
    match: int


class JoinedSeat(BaseModel):
    table: str
    seat: int
    token: str
    invite: str


class LeftSeat(BaseModel):
    table: str
    seat: int
    left: bool


class PageMessages(BaseModel):
    lang: str
    messages: dict[str, str]


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


class GameInfo(BaseModel):
    """A registered game (``pegboard.games``), its names in the asked language."""

    name: str
    display_name: str
    min_players: int
    max_players: int
    options: list[GameOption]
    bots: list[str]


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
    return {
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": body_schema(model)}},
        }
    }


ERRORS: dict[int, str] = {
    403: "A wrong seat token.",
    404: "No such table or seat.",
    409: "The seat is taken or a bot's, or a stored table that cannot be opened.",
    413: "The request is too large.",
    415: "A body not sent as application/json.",
    422: "A body the server cannot take, and why.",
    429: "Too many requests: try again later.",
    503: "The database failed: nothing was changed; try again.",
}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route: these error statuses, each ``{"error": message}``."""
    return {status: {"model": ErrorAnswer, "description": ERRORS[status]} for status in statuses}
