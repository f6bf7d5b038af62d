"""The body of a new table (``POST /api/tables``): a Pydantic model per registered game,
built from its description in the registry (``pegboard.games``): its options with their
ranges, choices and defaults, one seat per player (its seat range), each a person or a bot
of the game's levels, and what every table has (public, hints, rated, clock).

The same models validate the body (``read_new_table``) and make the OpenAPI schema
(``new_table_schema``: one of them per game, told apart by ``game``), read from the
registry when asked, so that a game registered later is in both. No game is named here.
A setting's refusal is the game's own, its rule cited (``bodies.refusal``); the game's
``check_options`` still checks its settings together (``TableService.create``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Final, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    ValidationError,
    create_model,
    field_validator,
    model_validator,
)

import pegboard.games
from pegboard.games import Game, Option
from pegboard.i18n import Translator
from pegboard.web.bodies import STRICT, first_error, game_refusal, refusal
from pegboard.web.clocks import BANK_SECONDS, CORRESPONDENCE_DAYS, INCREMENT_SECONDS
from pegboard.web.records import SeatInfo
from pegboard.web.schemas import (
    CLOCK_DESCRIPTION,
    HINTS_DESCRIPTION,
    LANG_DESCRIPTION,
    NAME_DESCRIPTION,
    PUBLIC_DESCRIPTION,
    RATED_DESCRIPTION,
    body_schema,
)
from pegboard.web.tables import LobbyError, clean_name, lang_key


class HumanSeat(BaseModel):
    """A seat for a person, with a name or none."""

    model_config = ConfigDict(strict=True, extra="ignore", title="HumanSeatSpec")
    kind: Literal["human"]
    name: StrictStr | None = Field(None, description=NAME_DESCRIPTION)


class BotSeat(BaseModel):
    """A seat for a bot of one of its game's levels (``bot_seat``)."""

    model_config = ConfigDict(strict=True, extra="ignore", title="BotSeatSpec")
    kind: Literal["bot"]
    level: StrictStr


SeatSpec = HumanSeat | BotSeat

BANK_LOW, BANK_HIGH = BANK_SECONDS
LEAST, MOST = INCREMENT_SECONDS


def one_form(data: Any) -> Any:
    """A clock is one form or the other: ``{"bank", "increment", "days"}`` is neither, and
    is refused rather than read as either (a field neither names is ignored, as a newer
    page may send one)."""
    if isinstance(data, Mapping) and "days" in data and ({"bank", "increment"} & set(data)):
        raise ValueError("a live clock or days a move, not both")
    return data


class ClockBody(BaseModel):
    """A time control (Fischer), in seconds."""

    model_config = STRICT
    bank: StrictInt = Field(ge=BANK_LOW, le=BANK_HIGH)
    increment: StrictInt = Field(ge=LEAST, le=MOST)

    @model_validator(mode="before")
    @classmethod
    def _one_form(cls, data: Any) -> Any:
        return one_form(data)


class CorrespondenceBody(BaseModel):
    """A correspondence table's time control: days for each move (issue 39)."""

    model_config = STRICT
    days: StrictInt = Field(
        description="Days for each move, whole again after every move; no live clock.",
        json_schema_extra={"enum": list(CORRESPONDENCE_DAYS)},
    )

    @model_validator(mode="before")
    @classmethod
    def _one_form(cls, data: Any) -> Any:
        return one_form(data)

    @field_validator("days")
    @classmethod
    def _one_of_the_paces(cls, days: int) -> int:
        if days not in CORRESPONDENCE_DAYS:
            raise ValueError("not one of the choices")
        return days


@dataclass(frozen=True, slots=True)
class NewTable:
    """A new table's body once read: the game, each of its options as asked or its
    default, one seat spec per seat, and what every table has."""

    game: str
    options: dict[str, Any]
    seats: tuple[SeatSpec, ...]
    public: bool = False
    hints: bool = False
    rated: bool = False
    clock: ClockBody | CorrespondenceBody | None = None
    clock_said: bool = False
    """Whether the body said a clock (null too); unsaid: the game's own pace."""
    lang: str = "en"


def one_of(values: Sequence[Any]) -> Callable[[Any], Any]:
    """A check that a value is one of ``values`` (Pydantic's ``Literal`` takes ``true`` for
    1 and ``3.0`` for 3 even when strict: the type is checked first, then this)."""

    def check(value: Any) -> Any:
        if value not in values:
            raise ValueError("not one of the choices")
        return value

    return check


def option_field(option: Option) -> tuple[Any, Any]:
    """One option's field: exactly what ``Option.check`` takes (a whole number, never a
    boolean; in its range or one of its choices; null when optional)."""
    value: Any = Annotated[StrictInt, Field(ge=option.minimum, le=option.maximum)]
    if option.choices:
        value = Annotated[
            value,
            AfterValidator(one_of(option.choices)),
            Field(json_schema_extra={"enum": list(option.choices)}),
        ]
    if option.optional:
        value = value | None
    rule = f" ({option.rule})" if option.rule else ""
    described = f"{option.label}{rule}"
    if option.optional:
        described += "; null: the rules' own"
    required = option.default is None and not option.optional
    return value, Field(
        ... if required else option.default, title=option.label, description=described
    )


def bot_seat(levels: Sequence[str]) -> type[BotSeat]:
    level: Any = Annotated[
        StrictStr, AfterValidator(one_of(levels)), Field(json_schema_extra={"enum": list(levels)})
    ]
    return create_model("BotSeatSpec", __base__=BotSeat, level=(level, ...))


def _no_default(schema: dict[str, Any]) -> None:
    """A clock left out is not a clock of null: the schema gives it no default."""
    schema.pop("default", None)


def table_model(game: Game) -> type[BaseModel]:
    """The body of a new table of ``game``, in the order today's refusals come: the game,
    its options, public, hints, its seats, rated, the clock. The server refuses more than
    this says: as many seats as the players option gives, one of them a person; a name of
    at most 24 characters once its white space is one space each."""
    cached = _MODELS.get(game.name)
    if cached is not None and cached[0] is game:
        return cached[1]
    fields: dict[str, Any] = {"game": (Literal[game.name], ...)}
    for option in game.options:
        fields[option.name] = option_field(option)
    seat: Any = Annotated[HumanSeat | bot_seat(game.bot_levels()), Field(discriminator="kind")]
    fields["public"] = (StrictBool, Field(False, description=PUBLIC_DESCRIPTION))
    fields["hints"] = (StrictBool, Field(False, description=HINTS_DESCRIPTION))
    fields["seats"] = (
        list[seat],
        Field(min_length=game.min_players, max_length=game.max_players),
    )
    fields["rated"] = (StrictBool, Field(False, description=RATED_DESCRIPTION))
    fields["clock"] = (
        ClockBody | CorrespondenceBody | None,
        Field(None, description=CLOCK_DESCRIPTION, json_schema_extra=_no_default),
    )
    fields["lang"] = (Any, Field(None, description=LANG_DESCRIPTION))
    model: type[BaseModel] = create_model(
        f"Table_{game.name}",
        __config__=ConfigDict(strict=True, extra="ignore", title=f"A table of {game.name}"),
        __doc__=f"{game.display_name}: {game.min_players} to {game.max_players} players.",
        **fields,
    )
    _MODELS[game.name] = (game, model)
    return model


_MODELS: Final[dict[str, tuple[Game, type[BaseModel]]]] = {}
"""Each game's body, built once per registered description (a game registered again under
its name, as the tests' toy game is, gets its own)."""


def read_new_table(body: Mapping[str, Any], _: Translator) -> NewTable:
    """``body`` as a new table; ``LobbyError`` 422 naming the first thing wrong otherwise
    (a setting with the game's own words and rule)."""
    try:
        game = pegboard.games.get(body.get("game"))
    except LookupError:
        raise LobbyError(422, game_refusal(_)) from None
    try:
        asked = table_model(game).model_validate(body)
    except ValidationError as invalid:
        raise LobbyError(422, refusal(first_error(invalid), _, game, body)) from None
    return NewTable(
        game=game.name,
        options={option.name: getattr(asked, option.name) for option in game.options},
        seats=tuple(asked.seats),  # type: ignore[attr-defined]
        public=asked.public,  # type: ignore[attr-defined]
        hints=asked.hints,  # type: ignore[attr-defined]
        rated=asked.rated,  # type: ignore[attr-defined]
        clock=asked.clock,  # type: ignore[attr-defined]
        clock_said="clock" in asked.model_fields_set,
        lang=lang_key(body.get("lang")),
    )


def seat_info(number: int, spec: SeatSpec, _: Translator) -> SeatInfo:
    """Seat ``number`` of a new table as ``spec`` asks: a bot of its level, or a person's
    seat with their name cleaned (``LobbyError`` 422 for a name that cannot be one)."""
    if isinstance(spec, BotSeat):
        return SeatInfo(number, "bot", level=spec.level, claimed=True)
    return SeatInfo(number, "human", name=clean_name(spec.name, _))


def new_table_schema() -> dict[str, Any]:
    """The body of ``POST /api/tables``: one of the registered games' tables (read from the
    registry when asked, so that a game registered later is in it)."""
    models = tuple(table_model(pegboard.games.get(name)) for name in pegboard.games.names())
    if len(models) == 1:
        return body_schema(models[0])
    return body_schema(Annotated[Union[models], Field(discriminator="game")])  # noqa: UP007
