"""Every seat's chance of winning on a live table, at every move (issue 37): for those who
switch it on (``TableChances``, a part of ``TableService``).

What is shown is computed from the match's public facts alone
(``pegboard.analysis.public_win_probabilities``: worlds dealt at random consistently with
what every seat and a spectator sees, never from any seat's hand), so it tells a spectator
nothing a seat could not relay, and a player nothing they could not work out themselves.
Still, it is never offered at a rated table (nor at a daily deal's, whose players are
scored against each other): the replay shows the chances once the match is over.

A client switches it on or off with ``{"type": "chances", "on": true}``; after each move of
the table the chances are worked out in the bots' pool (off the event loop, with the hints:
``BotPool.chances``), ``SAMPLES`` worlds a move, one position at a time per table: a move
made while one is worked out replaces the one waiting, and an answer for a position the
table has left is dropped. Each client that switched it on gets ``{"type": "chances",
"on": true, "match": N, "seq": S, "chances": [...]}`` (per seat, 0 to 1).
"""

from __future__ import annotations

import copy
import hashlib
import logging
from typing import Any, Final

from pegboard.i18n import Translator
from pegboard.web.bot_pool import BotPool, HintsWaitingError, ThinkingError, WorkerCrashError
from pegboard.web.tables import ClientError, Connection, LiveTable, TableHost, _gone

log = logging.getLogger(__name__)

SAMPLES: Final = 32
"""Worlds played out per move: within some 0.05 of the chance, at a tenth of a second."""


Position = tuple[int, int, int]
"""A position of a table: its match's number, the moves taken back in it, its seq (a move
taken back and another made has the seq of the one taken back, not its position)."""


def _position(table: LiveTable) -> Position:
    record = table.record
    return (record.match_number, record.takebacks, table.seq)


def chances_allowed(table: LiveTable) -> bool:
    """Whether the table offers its chances of winning: not at a rated table, nor at a
    daily deal's, and only for a game whose tables hold the chances of the table's options."""
    record = table.record
    tables = table.game.win_probabilities
    return (
        not record.rated
        and record.deal_limit is None
        and tables is not None
        and tables().covers(record.config)
    )


def chances_refusal(table: LiveTable, _: Translator) -> str:
    """Why the table does not offer its chances of winning, in the client's language."""
    if table.record.rated:
        return _(
            "The chances of winning are not shown at a rated table while its match is "
            "played (fair play): its replay shows them move by move."
        )
    if table.record.deal_limit is not None:
        return _(
            "The chances of winning are not shown at a daily deal's table: its players "
            "are scored against each other."
        )
    if table.game.win_probabilities is not None:
        return _("The tables of the chances of winning do not cover this table's options.")
    return _("This game has no tables of the chances of winning.")


def chances_seed(seed: int, match_number: int, seq: int) -> int:
    """The worlds' seed of a position of a table (its seed, match and move): the same
    position, the same estimate, whoever asks and however often."""
    digest = hashlib.sha256(f"chances:{seed}:{match_number}:{seq}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class TableChances:
    """The chances' part of ``TableService``."""

    def __init__(self, host: TableHost, pool: BotPool) -> None:
        self.host = host
        self.pool = pool
        self._wanted: dict[str, set[Connection]] = {}
        """Per table, the connections that switched the chances on."""
        self._waiting: dict[str, tuple[Position, Any]] = {}
        """Per table, the position to work out next (``_position``, a copy of its match):
        the latest, which a newer move replaces."""
        self._working: dict[str, Position | None] = {}
        """The tables whose chances are being worked out, and the position in the pool."""
        self._last: dict[str, tuple[Position, list[float]]] = {}
        """Per table, the last position worked out and its chances."""

    async def switch(
        self, table: LiveTable, connection: Connection, on: object, _: Translator
    ) -> None:
        """Switch the chances on (``on`` true) or off for ``connection``; refused, and
        nothing changed, where the table does not offer them."""
        if not isinstance(on, bool):
            raise ClientError("malformed", _("A chances message says on (true or false)."))
        async with table.lock:
            if connection not in table.connections:
                raise ClientError("auth", _gone(_))
            if not chances_allowed(table):
                raise ClientError("no_chances", chances_refusal(table, _))
            wanted = self._wanted.setdefault(table.id, set())
            if not on:
                wanted.discard(connection)
                connection.send({"type": "chances", "on": False})
                return
            wanted.add(connection)
            here = _position(table)
            last = self._last.get(table.id)
            known = last[1] if last is not None and last[0] == here else None
            connection.send(self._message(here, known))
            if known is None:
                self.changed(table)

    def changed(self, table: LiveTable) -> None:
        """The table changed (the caller holds its lock): if anyone wants its chances and
        they are not known for this position, work them out (after the one being worked
        out, replacing any waiting)."""
        wanted = self._live(table)
        if not wanted or not chances_allowed(table):
            return
        here = _position(table)
        last = self._last.get(table.id)
        if last is not None and last[0] == here:
            return
        waiting = self._waiting.get(table.id)
        if (waiting is not None and waiting[0] == here) or self._working.get(table.id) == here:
            return  # on its way: it goes to every connection that wants it then
        # A copy: the live match moves on while a worker (or a thread) reads it.
        self._waiting[table.id] = (here, copy.deepcopy(table.match))
        if table.id not in self._working:
            self._working[table.id] = None
            self.host.spawn(self._work(table))

    async def _work(self, table: LiveTable) -> None:
        try:
            while (waiting := self._waiting.pop(table.id, None)) is not None:
                (number, takebacks, seq), match = waiting
                self._working[table.id] = waiting[0]
                try:
                    chances = await self.pool.chances(
                        table.record.game,
                        chances_seed(table.record.seed, number, seq),
                        match,
                        SAMPLES,
                        table=table.id,
                    )
                except (WorkerCrashError, HintsWaitingError, ThinkingError) as error:
                    log.warning("table %s: no chances of winning at %d: %r", table.id, seq, error)
                    continue
                if chances is None:
                    continue
                here = _position(table)
                if here != (number, takebacks, seq):
                    continue  # the table moved on meanwhile: its next position is waiting
                self._last[table.id] = (here, chances)
                message = self._message(here, chances)
                for connection in self._live(table):
                    connection.send(message)
        finally:
            del self._working[table.id]

    def _live(self, table: LiveTable) -> set[Connection]:
        """The table's connections that switched its chances on (those gone, forgotten)."""
        wanted = self._wanted.get(table.id)
        if wanted is None:
            return set()
        wanted &= table.connections
        if not wanted:
            del self._wanted[table.id]
            self._last.pop(table.id, None)
        return wanted

    @staticmethod
    def _message(here: Position, chances: list[float] | None) -> dict[str, Any]:
        number, takebacks, seq = here
        return {
            "type": "chances",
            "on": True,
            "match": number,
            "takebacks": takebacks,
            "seq": seq,
            "chances": chances,
        }
