"""Takebacks (issue 39, "Takebacks"): at a casual table a player may ask to take back their
last move; every other person at the table accepts or one declines (``Takebacks``, a part
of ``TableService``).

- Only the table's last move, and only its mover's: once anyone moved after it, it stays.
- Never at a rated table (every move there counts) nor at a daily deal's (each deal is
  played once), never once the match is over, and never after a move that showed what was
  hidden (a tile drawn from the stock, the starter cut, hands shown, a new deal dealt: the
  game's ``Game.revealed`` changed with it): taking it back would let the mover play again
  knowing it. A game without ``revealed`` has no takebacks.
- The people at the table answer (bots do not vote): all of them accept, or the first who
  declines ends it. A move played meanwhile makes the question void.
- Accepted, the move leaves the log (``matches.takebacks`` counts it, so that another
  process's copy is made again from the log), the match is made again from its seed and
  the shorter log, and the mover's clock gives back the increment of the move taken back
  and runs again; the time the others spent meanwhile stays spent.

The question asked is kept with the match (``matches.takeback``), so that every process
tells it, and the table's summary says it (``takeback``: who asked, who accepted).
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from pegboard.i18n import Translator, translator
from pegboard.web.leavers import is_forfeited
from pegboard.web.tables import ClientError, Connection, LiveTable, table_status

if TYPE_CHECKING:
    from pegboard.web.service import TableService


def refusal(_: Translator, text: str) -> ClientError:
    return ClientError("no_takeback", text)


def people_but(table: LiveTable, seat: int) -> list[int]:
    """The seats held by people at the table other than ``seat`` (who answer a takeback)."""
    return [
        s.seat
        for s in table.record.seats
        if s.kind == "human" and s.claimed and s.stand_in is None and s.seat != seat
    ]


def asked(table: LiveTable) -> dict[str, Any] | None:
    """The takeback asked for at the table's present position, if any (one asked before a
    later move is void)."""
    ask = table.record.takeback
    if ask is None or ask.get("seq") != table.seq:
        return None
    return ask


def summary(table: LiveTable, found: dict[str, Any]) -> None:
    """The table's summary's ``takeback``: ``{"seat", "accepted"}`` or null; and
    ``last_mover``, the seat whose move is the log's last (public: the log says it), so that
    a page offers a takeback only to it."""
    ask = asked(table)
    found["takeback"] = (
        None if ask is None else {"seat": ask["seat"], "accepted": list(ask.get("accepted", []))}
    )
    actions = table.record.actions
    found["last_mover"] = actions[-1][0] if actions else None
    # A state after a takeback has a lower seq than the one before it: the count says it is
    # newer, not late (``static/socket.js``).
    found["takebacks"] = table.record.takebacks


class Takebacks:
    """The takebacks of the tables of one service."""

    def __init__(self, host: TableService) -> None:
        self.host = host

    def _check_may_ask(self, table: LiveTable, seat: int, _: Translator) -> None:
        record = table.record
        if record.rated:
            raise refusal(_, _("No takebacks at a rated table: every move there counts."))
        if record.deal_limit is not None:
            raise refusal(_, _("No takebacks at a daily deal: each deal is played once."))
        if table.game.revealed is None:
            raise refusal(_, _("This game has no takebacks."))
        if table.over or is_forfeited(table):
            raise refusal(_, _("The match is over."))
        if not people_but(table, seat):
            raise refusal(_, _("Nobody else at the table can accept a takeback."))
        if not record.actions or record.actions[-1][0] != seat:
            raise refusal(
                _,
                _("Only your own last move can be taken back, before anyone moves after it."),
            )

    async def _revealed(self, table: LiveTable) -> bool:
        """Whether the table's last move showed something hidden (``Game.revealed``)."""
        game, record = table.game, table.record
        revealed = game.revealed
        assert revealed is not None
        before = await asyncio.to_thread(
            game.replay, record.config, record.seed, record.actions[:-1]
        )
        return bool(revealed(before) != revealed(table.match))

    async def ask(self, table: LiveTable, connection: Connection) -> None:
        """The connection's seat asks to take back its last move."""
        _ = translator(connection.lang)
        async with table.lock, self.host.writing(table) as writer:
            seat = self.host.acting_seat(table, connection, _)
            self._check_may_ask(table, seat, _)
            if asked(table) is not None:
                raise refusal(_, _("A takeback is asked already: waiting for the answer."))
            if await self._revealed(table):
                raise refusal(
                    _,
                    _(
                        "That move showed what was hidden (a tile drawn, a card cut, hands "
                        "shown or a new deal): it cannot be taken back."
                    ),
                )
            record = table.record
            ask = {"seat": seat, "seq": table.seq, "accepted": []}
            await asyncio.to_thread(writer.set_takeback, record.id, record.match_number, ask)
            record.takeback = ask
            self.host.broadcast(table)

    async def answer(self, table: LiveTable, connection: Connection, accept: object) -> None:
        """Another person at the table accepts or declines the takeback asked for."""
        _ = translator(connection.lang)
        if not isinstance(accept, bool):
            raise ClientError("malformed", _("A takeback's answer says accept: true or false."))
        async with table.lock, self.host.writing(table) as writer:
            seat = self.host.acting_seat(table, connection, _)
            ask = asked(table)
            record = table.record
            if ask is None:
                raise refusal(_, _("No takeback is asked now."))
            asker = int(ask["seat"])
            if seat == asker:
                raise refusal(_, _("The others answer your takeback, not you."))
            if not accept:
                await asyncio.to_thread(writer.set_takeback, record.id, record.match_number, None)
                record.takeback = None
                self.host.broadcast(table)
                return
            accepted = sorted({*ask.get("accepted", []), seat})
            if set(people_but(table, asker)) - set(accepted):
                ask = {**ask, "accepted": accepted}
                await asyncio.to_thread(writer.set_takeback, record.id, record.match_number, ask)
                record.takeback = ask
                self.host.broadcast(table)
                return
            clock = record.clock
            control = record.time_control
            if clock is not None and control is not None:
                clock = clock.taken_back(asker, self.host.wall(), control)
            status = table_status(record.seats, False)
            done = await asyncio.to_thread(
                writer.take_back, record.id, record.match_number, table.seq, status, clock
            )
            if not done:  # the log moved on meanwhile, through another process
                raise refusal(_, _("No takeback is asked now."))
            await self.host.rebuild_from_log(table)
