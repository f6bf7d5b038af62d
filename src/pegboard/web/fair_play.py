"""Fair play (issue 33): who may sit at a rated table, and which ends of a match are rated.

A rating must be played for, by two different people:

- **Newcomers.** An identity needs ``Limits.rated_after`` finished matches (at unrated
  tables, bots' included) before it takes a seat at a rated table. A count of matches
  rather than an age: an age is free to wait out (a farm makes its identities today and
  uses them tomorrow), while a finished match costs minutes of play at the table's pace,
  within the limits on tables per address, and a newcomer plays a few casual matches to
  learn the table anyway (docs/web.md, "Fair play").
- **One person, one side.** Players who share a trace (``PlayerTraceRow``: the keyed hash
  of an address they played from, or a device that held both identities) are never rated
  against each other: such a seat is refused at a rated table, and a match whose seats
  came to share one later is not rated (``ratings.rate_ranks``).
  ``Limits.rated_shared_addresses`` lifts the address part, for a club whose players
  share one address.
- **Forfeits only of matches both played.** A match ended by a forfeit (a claim over an
  away seat, a player's resignation by leaving, a flag) is rated only once every seat has
  moved in it (``every_seat_moved``); before that it is aborted, unrated, as on Lichess.

The checks read the database: call them in a worker thread.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Final

from sqlalchemy import func, select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from pegboard.i18n import Translator
from pegboard.web.db import MatchRow, PlayerTraceRow, SeatRow, TableRow
from pegboard.web.records import SeatInfo
from pegboard.web.store import Store

CLAIM: Final = "claim"
"""The others claimed the win over an away seat after the grace time (``leavers``)."""
RESIGN: Final = "resign"
"""The seat's player left a rated match in play (``seats.leave``): a resignation."""
FLAG: Final = "flag"
"""The seat's player ran out of time (``clocks``)."""
ENDINGS: Final = (CLAIM, RESIGN, FLAG)

ADDRESS: Final = "a:"
"""A trace that is an address (its keyed hash follows)."""
DEVICE: Final = "d:"
"""A trace that is a device two identities shared (a random mark follows)."""


# -- who has moved ----------------------------------------------------------------------------


def every_seat_moved(actions: Iterable[tuple[int, str]], seats: int) -> bool:
    """Whether each of ``seats`` made at least one of ``actions`` (``(seat, notation)``):
    a forfeit before that aborts the match rather than rating it."""
    moved = {seat for seat, _action in actions}
    return all(seat in moved for seat in range(seats))


# -- the words of an ending --------------------------------------------------------------------


def ending_text(ending: str | None, aborted: bool, name: str, _: Translator) -> str:
    """What ended a match by forfeit, in words: how (``ending``), by whom (``name``), and
    when it was aborted, that it is not rated."""
    if ending == RESIGN:
        said = _("{name} left the table: the match is over by resignation.").format(name=name)
    elif ending == FLAG:
        said = _("{name} ran out of time: the match is over.").format(name=name)
    else:
        said = _("{name} left: the match is over by forfeit.").format(name=name)
    if aborted:
        said += " " + _("The match is aborted: not every player had moved yet, so it is not rated.")
    return said


# -- traces -----------------------------------------------------------------------------------


def address_trace(store: Store, address: str) -> str:
    """The trace of a client's address: its hash keyed with the installation's secret
    (``Store.address_hash``: never the address, nor a hash a copy of the database gives
    back)."""
    return ADDRESS + store.address_hash(address)


def new_device_trace() -> str:
    """A fresh mark for a device that two identities shared (``players.use_device_code``)."""
    return DEVICE + secrets.token_hex(16)


def record_traces(store: Store, player_id: str, traces: Sequence[str]) -> None:
    """Keep that ``player_id`` was seen with ``traces`` (once each; a trace seen again
    changes nothing)."""
    if not traces:
        return
    rows = [{"player_id": player_id, "trace": t, "created_at": datetime.now(UTC)} for t in traces]
    insert = postgresql_insert if store.engine.dialect.name == "postgresql" else sqlite_insert
    statement = insert(PlayerTraceRow).values(rows).on_conflict_do_nothing()
    with store.session() as session, session.begin():
        session.execute(statement)


def shared_traces(
    store: Store,
    players: Sequence[str],
    extra: Mapping[str, Sequence[str]] | None = None,
    *,
    addresses: bool = True,
) -> list[tuple[str, str]]:
    """The pairs of ``players`` who share a trace (stored, or among ``extra``'s: traces
    seen now, not yet stored), each pair once, in the order of ``players``. With
    ``addresses`` False only devices count (``Limits.rated_shared_addresses``)."""
    if len(players) < 2:
        return []
    with store.session() as session:
        rows = session.execute(
            select(PlayerTraceRow.player_id, PlayerTraceRow.trace).where(
                PlayerTraceRow.player_id.in_(players)
            )
        ).all()
    traces: dict[str, set[str]] = {player: set() for player in players}
    for player, trace in rows:
        traces[player].add(trace)
    for player, seen in (extra or {}).items():
        traces.setdefault(player, set()).update(seen)
    if not addresses:
        traces = {p: {t for t in seen if not t.startswith(ADDRESS)} for p, seen in traces.items()}
    return [
        (a, b)
        for i, a in enumerate(players)
        for b in players[i + 1 :]
        if a != b and traces[a] & traces[b]
    ]


# -- newcomers --------------------------------------------------------------------------------


def finished_matches(store: Store, player_id: str) -> int:
    """The matches ``player_id`` played to their end by the rules (not by a forfeit or an
    abort) at unrated tables: their way to a first rated table."""
    with store.session() as session:
        count = session.scalar(
            select(func.count())
            .select_from(MatchRow)
            .join(TableRow, TableRow.id == MatchRow.table_id)
            .join(SeatRow, SeatRow.table_id == TableRow.id)
            .where(
                SeatRow.player_id == player_id,
                TableRow.rated.is_(False),
                MatchRow.standings.is_not(None),
                MatchRow.forfeit.is_(None),
            )
        )
        return int(count or 0)


def newcomer_problem(store: Store, player_id: str | None, needed: int, _: Translator) -> str:
    """Why ``player_id`` may not sit at a rated table yet (too few finished matches), in
    words; "" when they may."""
    if needed <= 0:
        return ""
    done = 0 if player_id is None else finished_matches(store, player_id)
    if done >= needed:
        return ""
    return _.ngettext(
        "A rated table is for players who have finished {n} match at an unrated table "
        "first (you have finished {done}): play one against the bots.",
        "A rated table is for players who have finished {n} matches at unrated tables "
        "first (you have finished {done}): play a few against the bots.",
        needed,
    ).format(n=needed, done=done)


def seat_problem(
    store: Store,
    seats: Sequence[SeatInfo],
    seat: int,
    player_id: str | None,
    address: str,
    needed: int,
    _: Translator,
    *,
    shared_addresses: bool = False,
) -> str:
    """Why ``player_id``, asking from ``address``, may not take ``seat`` of a rated table:
    they hold another of its seats, are a newcomer (``newcomer_problem``), or share a trace
    with a player seated there; "" when they may."""
    others = [s for s in seats if s.seat != seat and s.player_id is not None]
    for info in others:
        if info.player_id == player_id:
            return _(
                "At a rated table each seat is a different player: you hold seat {n} already."
            ).format(n=info.seat + 1)
    if problem := newcomer_problem(store, player_id, needed, _):
        return problem
    # The asker is who they are (a player, or a browser with no identity yet) and where
    # they ask from now.
    asker = player_id or ""
    players = [asker, *(str(s.player_id) for s in others)]
    now = {asker: [address_trace(store, address)]}
    for first, other in shared_traces(store, players, now, addresses=not shared_addresses):
        if first != asker:
            continue
        held = next(s for s in others if s.player_id == other)
        return _(
            "At a rated table each seat is a different person: you and seat {n} have "
            "played from the same address or device, so you are not rated against each "
            "other."
        ).format(n=held.seat + 1)
    return ""
