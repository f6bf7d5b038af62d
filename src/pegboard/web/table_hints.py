"""The hints of the web's tables: the expert's ranking of a seat's legal actions, thought in
the pool from the seat's own observation (``Hints``, a part of ``TableService``,
``pegboard.web.service``)."""

from __future__ import annotations

from typing import Any

from pegboard.bots import move_seed
from pegboard.hints import HintError
from pegboard.i18n import Translator, describe_error, known_words, translator
from pegboard.web import views
from pegboard.web.bot_pool import (
    BotPool,
    Hint,
    HintBusyError,
    HintsWaitingError,
    WorkerCrashError,
)
from pegboard.web.limits import Limits
from pegboard.web.ratings import hints_refusal
from pegboard.web.seat_names import seat_names
from pegboard.web.tables import ClientError, Connection, LiveTable, TableHost


def hints_allowed(table: LiveTable) -> bool:
    """Fair play (issue 13): the expert's hints are offered at a table of one person and
    bots, and at a table of two or more people only when its creator allowed them; never
    at a rated table, nor at a daily deal's (its players are scored against each other and
    against the expert's own play: ``pegboard.web.daily``)."""
    if table.record.rated or table.record.deal_limit is not None:
        return False
    people = sum(1 for seat in table.record.seats if seat.kind == "human")
    return people < 2 or table.record.hints


def hints_json(
    evaluations: list[Any], seat_view: dict[str, Any], _: Translator
) -> list[dict[str, Any]]:
    """The expert's ranking as a client reads it: each action with the label the seat's
    view gives it (``legal``), its value, and the unit and details in the language."""
    labels = {item["action"]: item["label"] for item in seat_view.get("legal", [])}
    words = known_words(_)
    return [
        {
            "action": str(e.action),
            "label": labels.get(str(e.action), str(e.action)),
            "value": e.value,
            "unit": words.get(e.unit, e.unit),
            "details": {words.get(k, k): v for k, v in e.details.items()},
        }
        for e in evaluations
    ]


class Hints:
    """The hints' part of ``TableService``."""

    def __init__(self, host: TableHost, pool: BotPool, limits: Limits) -> None:
        self.host = host
        self.pool = pool
        self.limits = limits

    async def hint(self, table: LiveTable, connection: Connection) -> dict[str, Any]:
        """The ``hint`` message: the expert's ranking of the seat's legal actions, and the
        seat's chance of winning from its own view (``chance``; null for a game without
        tables of its chances).

        The expert thinks in the pool from the seat's own observation (nothing hidden from
        the seat goes there), without the table's lock: the table's other clients are not
        held up meanwhile, and only this seat could move the table on (then the hint is
        stale, and refused as such)."""
        _ = translator(connection.lang)
        async with table.lock:
            seat = self.host.acting_seat(table, connection, _)
            if table.record.rated:
                raise ClientError("no_hints", hints_refusal(_))
            if not hints_allowed(table):
                raise ClientError(
                    "no_hints",
                    _(
                        "Hints are off at this table: two or more people play at it, and "
                        "its creator did not allow them (fair play)."
                    ),
                )
            if table.current != seat:
                raise ClientError("out_of_turn", _("It is not your turn."))
            seq, number = table.seq, table.record.match_number
            observation = table.match.observation(seat)
            names = seat_names(table.record.game, table.record.seats, _)
            seat_view = views.view(
                table.match, table.record.game, seat, connection.lang, names, table.narration
            )
        hint = await self._ask(
            table, connection.address, move_seed(table.record.seed, -seq), observation, _
        )
        if table.seq != seq or table.record.match_number != number:
            raise ClientError(
                "stale",
                _("The table has moved on (move {seq}): play from the new position.").format(
                    seq=table.seq
                ),
            )
        return {
            "type": "hint",
            "hints": hints_json(hint.ranking, seat_view, _),
            "chance": hint.chance,
        }

    async def _ask(
        self, table: LiveTable, address: str, seed: int, observation: Any, _: Translator
    ) -> Hint:
        """The pool's hint for ``table``'s position (``seed`` names it), asked from
        ``address``: bots' moves think first, and each address's hints in turn
        (``pegboard.web.thinking_queue``)."""

        async def asked() -> Hint:
            return await self.pool.hint(
                table.record.game,
                seed,
                observation,
                table=table.id,
                address=address,
                most_waiting=self.limits.hints_per_client,
            )

        try:
            try:
                return await asked()
            except WorkerCrashError:
                # Most likely another call's worker died with the pool: once more, on the new
                # pool, before the player is told.
                return await asked()
        except HintError as error:
            raise ClientError("server", describe_error(error, _)) from None
        except WorkerCrashError:
            raise ClientError("server", _("Something went wrong. Try again.")) from None
        except HintBusyError:
            raise ClientError(
                "busy",
                _(
                    "The hint asked before at this table is still being worked out: ask "
                    "again in a moment."
                ),
            ) from None
        except HintsWaitingError:
            raise ClientError(
                "too_many",
                _("Too many hints asked from your address are waiting: ask again in a moment."),
            ) from None
