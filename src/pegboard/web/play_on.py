"""Play on from a replay's position (issue 36): any position of a finished match is a place
to continue from against bots, or to ask what the expert would do.

``POST /api/matches/ID/play-on`` with ``{"at": K, "seat": S, "level": L?, "name": N?,
"lang": ...}`` makes a new unrated table whose match is the finished one's up to move K:
the same seed (so the same deals: the hidden tiles or cards as they were, which is no
secret once the match is over) and its first K moves in its log, each by its seat. The
person sits at seat S (counted from 0, as every seat of the API), bots of level L (the
game's default) at the others; the answer is ``POST /api/tables``'s.

``GET /api/matches/ID/positions/K/hint?seat=S&lang=`` is the expert's ranking of seat S's
legal actions in that position, as a table's hint gives it (thought in the bots' pool, from
the seat's observation alone).

As the replay: a match in play is refused (``409``, nothing of it named), an unknown one
is ``404``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from pydantic import Field, StrictInt, StrictStr

import pegboard.games
from pegboard.bots import move_seed
from pegboard.hints import HintError
from pegboard.i18n import Translator, describe_error, translator
from pegboard.web import games, views, wire
from pegboard.web.bodies import Body, body_of, read
from pegboard.web.bot_pool import Hint, HintBusyError, HintsWaitingError, WorkerCrashError
from pegboard.web.lobby import client_of, refused, service_of, table_made
from pegboard.web.players import player_of
from pegboard.web.replays import FinishedMatch, ReplayRefusedError, finished_match, match_id
from pegboard.web.schemas import NAME_DESCRIPTION, CreatedTable, answers, request_body
from pegboard.web.seat_names import seat_names
from pegboard.web.table_body import BotSeat, HumanSeat, NewTable
from pegboard.web.table_hints import hints_json
from pegboard.web.table_making import Start
from pegboard.web.tables import LobbyError, lang_key

router = APIRouter()

MOVE_MOST = 1_000_000
"""No match is this long: a larger move names no position (checked against the match)."""


class PlayOn(Body):
    """``POST /api/matches/ID/play-on``: the position (after move ``at``), the person's
    seat, the bots' level and the person's name."""

    at: StrictInt = Field(ge=0, le=MOVE_MOST, description="The moves played before it: 0 to N.")
    seat: StrictInt = Field(ge=0, le=8, description="The person's seat, counted from 0.")
    level: StrictStr | None = Field(
        None, description="The bots' level (default: the game's default level)."
    )
    name: StrictStr | None = Field(None, description=NAME_DESCRIPTION)


def position_after(found: FinishedMatch, at: int, _: Translator) -> Any:
    """The match after its first ``at`` moves (``LobbyError`` 422 for a move past its end)."""
    moves = len(found.actions)
    if at > moves:
        raise LobbyError(422, _("A move is a whole number, from 0 to {n}.").format(n=moves))
    game = pegboard.games.get(found.game)
    match, _events = games.replay_narrated(game, found.config, found.seed, found.actions[:at])
    return match


def checked_seat(seat: int, players: int, _: Translator) -> int:
    if not 0 <= seat < players:
        raise LobbyError(
            422,
            _("A seat is a whole number, from 0 to {last}.").format(last=players - 1),
        )
    return seat


@router.post(
    "/api/matches/{match}/play-on",
    status_code=201,
    openapi_extra=request_body(PlayOn),
    responses={201: {"model": CreatedTable}, **answers(404, 409, 413, 415, 422, 429, 503)},
)
async def play_on(request: Request, match: str) -> Response:
    """A new unrated table from the position after move ``at`` of a finished match: the
    person at ``seat``, bots at the others."""
    try:
        body = await body_of(request)
        lang = lang_key(body.get("lang"))
        _ = translator(lang)
        asked = read(PlayOn, body, _)
        try:
            found = await finished_match(request, match, _)
        except ReplayRefusedError as refusal:
            raise LobbyError(refusal.status, refusal.message) from None
        position = await asyncio.to_thread(position_after, found, asked.at, _)
        players = int(position.num_players)
        seat = checked_seat(asked.seat, players, _)
        if position.is_over:
            raise LobbyError(
                422,
                _("The match is over after move {at}: play on from an earlier move.").format(
                    at=asked.at
                ),
            )
        game = pegboard.games.get(found.game)
        level = game.default_level() if asked.level is None else asked.level
        if level is None:  # a game without bots: nobody to play on against
            raise LobbyError(422, _("This game has no bots to play on against."))
        if level not in game.bot_levels():
            levels = ", ".join(game.bot_levels())
            raise LobbyError(422, _("Choose a bot level: {levels}.").format(levels=levels))
        new = NewTable(
            game=found.game,
            options=dict(found.config),
            seats=tuple(
                HumanSeat(kind="human", name=asked.name)
                if number == seat
                else BotSeat(kind="bot", level=level)
                for number in range(players)
            ),
            lang=lang,
        )
        known = await player_of(request)
        service = service_of(request)
        table, tokens, invites = await service.maker.create(
            new,
            client_of(request),
            player=known.id if known else None,
            player_name=known.name if known else None,
            start=Start(found.seed, tuple(found.actions[: asked.at])),
        )
        return await table_made(request, new, table, tokens, invites)
    except LobbyError as problem:
        return refused(problem)


@router.get(
    "/api/matches/{match}/positions/{at}/hint",
    responses=answers(404, 409, 422, 429, 503),
)
async def position_hint(request: Request, match: str, at: str) -> Response:
    """The expert's ranking of ``seat``'s legal actions after move ``at`` of a finished
    match (``?seat=S``, counted from 0; the seat must be the one to act)."""
    lang = lang_key(request.query_params.get("lang"))
    _ = translator(lang)
    try:
        found = await finished_match(request, match, _)
        moves = len(found.actions)
        move = wire.ascii_number(at, moves + 1)  # past the last: clamped beyond, refused
        if move is None or move > moves:
            raise LobbyError(422, _("A move is a whole number, from 0 to {n}.").format(n=moves))
        position = await asyncio.to_thread(position_after, found, move, _)
        players = int(position.num_players)
        asked_seat = wire.ascii_number(request.query_params.get("seat", ""), players)
        if asked_seat is None or asked_seat >= players:
            raise LobbyError(
                422, _("A seat is a whole number, from 0 to {last}.").format(last=players - 1)
            )
        names = [str(name) for name in seat_names(found.game, found.seats, _)]
        current = position.current_player
        if current != asked_seat:
            message = (
                _("The match is over after move {at}: there is nothing to hint.").format(at=move)
                if current is None
                else _("{seat} is not to act after move {at}: it is {current}'s turn.").format(
                    seat=names[asked_seat], at=move, current=names[current]
                )
            )
            raise LobbyError(409, message)
        observation = position.observation(asked_seat)
        seat_view = views.view(position, found.game, asked_seat, lang, names)
        hint = await ask_pool(request, found, move, observation, _)
    except ReplayRefusedError as refusal:
        return JSONResponse({"error": refusal.message}, status_code=refusal.status)
    except LobbyError as problem:
        return refused(problem)
    return JSONResponse(
        {
            "match": match_id(found.table_id, found.number),
            "at": move,
            "seat": asked_seat,
            "hints": hints_json(hint.ranking, seat_view, _),
            "chance": hint.chance,
        }
    )


async def ask_pool(
    request: Request, found: FinishedMatch, at: int, observation: Any, _: Translator
) -> Hint:
    """The pool's hint for the position after move ``at``, with a table's hint's seed for
    that position (the same ranking a table gave there) and the hints' limits: one hint
    thought at a time per match and address, and each address's hints waiting bounded."""
    service = service_of(request)
    address = client_of(request)
    key = f"{match_id(found.table_id, found.number)}/{address}"

    async def asked() -> Hint:
        return await service.pool.hint(
            found.game,
            move_seed(found.seed, -at),
            observation,
            table=key,
            address=address,
            most_waiting=service.limits.hints_per_client,
        )

    try:
        try:
            return await asked()
        except WorkerCrashError:  # most likely another call's worker died: once more
            return await asked()
    except HintError as error:
        raise LobbyError(409, describe_error(error, _)) from None
    except WorkerCrashError:
        raise LobbyError(503, _("Something went wrong. Try again.")) from None
    except HintBusyError:
        raise LobbyError(
            429,
            _("The hint asked before is still being worked out: ask again in a moment."),
        ) from None
    except HintsWaitingError:
        raise LobbyError(
            429,
            _("Too many hints asked from your address are waiting: ask again in a moment."),
        ) from None
