"""Storage on SQLite and PostgreSQL: the migrated schema, the log that is committed before
anyone is told, tokens kept only as hashes, and tables rebuilt from the log after a restart."""

from __future__ import annotations

import asyncio
import hashlib
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient
from sqlalchemy import inspect, select, text
from sqlalchemy.exc import IntegrityError

from pegboard.cribbage import CribbageMatch
from pegboard.web.db import ActionRow, Base, MatchRow, SeatRow, TableRow, make_engine, upgrade
from pegboard.web.records import NewAction
from pegboard.web.store import Store
from tests.web.conftest import (
    PLAY_LIMITS,
    Player,
    invite_of,
    new_table,
    seeds,
    service_of,
    token_of,
)


def test_the_migrations_make_the_schema_of_the_models(db_url: str) -> None:
    upgrade(db_url)
    upgrade(db_url)  # again: nothing left to do
    engine = make_engine(db_url)
    try:
        names = set(inspect(engine).get_table_names())
        assert {"tables", "seats", "matches", "actions", "alembic_version"} <= names
        with engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), Base.metadata) == []
    finally:
        engine.dispose()


def test_the_log_is_committed_before_a_client_is_told(
    db_url: str, client_on: Callable[..., TestClient]
) -> None:
    """Every state a client gets has its actions in the database already (read through a
    connection of its own, outside the server)."""
    client = client_on(db_url)
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    human = Player(client, table["table"], 0, token_of(table, 0))
    outside = Store(make_engine(db_url))
    try:
        for _ in range(6):
            state = human.settle({1})
            assert len(outside.log(table["table"], 1)) >= state["seq"]
            human.act(state["view"]["legal"][0]["action"])
            assert len(outside.log(table["table"], 1)) >= human.state["seq"]
    finally:
        outside.engine.dispose()


def test_seat_tokens_are_stored_only_as_their_sha256(
    db_url: str, client_on: Callable[..., TestClient]
) -> None:
    client = client_on(db_url)
    table = new_table(
        client,
        "draw",
        [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}],
        players=3,
    )
    store = service_of(client).store

    def seat_rows() -> list[SeatRow]:
        with store.session() as session:
            query = select(SeatRow).where(SeatRow.table_id == table["table"])
            return list(session.scalars(query).all())

    invite = invite_of(table, 1)
    unclaimed = {row.seat: row for row in seat_rows()}
    assert unclaimed[1].invite_hash == hashlib.sha256(invite.encode()).hexdigest()
    assert unclaimed[1].token_hash is None  # no key to the seat until someone claims it
    tokens = [token_of(table, seat) for seat in (0, 1)]
    rows = seat_rows()
    stored = {row.seat: row.token_hash for row in rows}
    for seat, token in enumerate(tokens):
        assert stored[seat] == hashlib.sha256(token.encode()).hexdigest()
        assert token not in repr([(r.token_hash, r.invite_hash, r.name) for r in rows])
    assert stored[2] is None
    assert [row.invite_hash for row in rows] == [None, None, None]  # used: gone


def test_a_second_writer_of_a_seq_is_refused(
    db_url: str, client_on: Callable[..., TestClient]
) -> None:
    """The log cannot fork: (table, match, seq) is unique."""
    client = client_on(db_url)
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    player = Player(client, table["table"], 0, token_of(table, 0))
    Player(client, table["table"], 1, token_of(table, 1))
    player.sync()
    store = service_of(client).store
    store.add_action(table["table"], 1, 1, 0, "draw", "playing")
    with pytest.raises(IntegrityError):
        store.add_action(table["table"], 1, 1, 1, "pass", "playing")
    assert len(store.log(table["table"], 1)) == 1


def test_a_group_of_moves_is_written_whole_or_not_at_all(
    db_url: str, client_on: Callable[..., TestClient]
) -> None:
    """``Store.add_actions`` (one statement on PostgreSQL, a transaction on SQLite): each
    move's row, its table's status and, for a move that ended its match, the standings;
    and a group with one seq already taken writes none of its moves."""
    client = client_on(db_url)
    ids = [
        new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)["table"]
        for _ in range(3)
    ]
    store = service_of(client).store
    store.add_actions(
        [
            NewAction(ids[0], 1, 1, 0, "draw", "playing"),
            NewAction(ids[1], 1, 1, 1, "pass", "over", [0.0, 1.0]),
        ]
    )
    assert store.log(ids[0], 1) == [(1, 0, "draw")]
    assert store.log(ids[1], 1) == [(1, 1, "pass")]
    with store.session() as session:
        statuses = {i: session.get(TableRow, i).status for i in ids}  # type: ignore[union-attr]
        assert statuses[ids[1]] == "over" and statuses[ids[0]] == "playing"
        first, second = (session.get(MatchRow, (i, 1)) for i in ids[:2])
        assert first is not None and first.finished_at is None and first.standings is None
        assert second is not None and second.finished_at is not None
        assert second.standings == [0.0, 1.0]
        rows = session.scalars(select(ActionRow).where(ActionRow.table_id.in_(ids))).all()
        assert all(row.created_at is not None for row in rows) and len(rows) == 2
    with pytest.raises(IntegrityError):
        store.add_actions(
            [
                NewAction(ids[2], 1, 1, 0, "draw", "over", [1.0, 0.0]),
                NewAction(ids[0], 1, 1, 1, "pass", "over"),  # seq 1 is taken
            ]
        )
    assert store.log(ids[2], 1) == [] and store.log(ids[0], 1) == [(1, 0, "draw")]
    with store.session() as session:
        third = session.get(MatchRow, (ids[2], 1))
        assert third is not None and third.finished_at is None
        assert session.get(TableRow, ids[0]).status == "playing"  # type: ignore[union-attr]


def store_with_tables(client: TestClient, count: int) -> tuple[Store, list[str]]:
    """The client's server's store and ``count`` new tables of Draw for two humans."""
    human = {"kind": "human"}
    ids = [new_table(client, "draw", [human, human], players=2)["table"] for _ in range(count)]
    return service_of(client).store, ids


def close_the_others(store: Store) -> int:
    """As a restart of PostgreSQL does to them: end the database's other connections."""
    with store.engine.connect() as connection:
        ended = connection.execute(
            text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
                " WHERE datname = current_database() AND pid <> pg_backend_pid()"
            )
        ).scalar()
    return int(ended or 0)


def test_a_move_after_the_database_closed_its_connection_is_written(
    fresh_db_url: str, client_on: Callable[..., TestClient]
) -> None:
    """PostgreSQL's moves go without a ping first (``Store._appends``): a connection the
    server closed since (a restart, an idle timeout) is found at the move, which is then
    written on a new one, not refused."""
    if not fresh_db_url.startswith("postgresql"):
        pytest.skip("SQLite is a file of this process: no server closes its connections")
    store, ids = store_with_tables(client_on(fresh_db_url), 2)
    store.add_actions([NewAction(ids[0], 1, 1, 0, "draw", "playing")])
    assert close_the_others(store)  # the moves' connection among them
    store.add_actions([NewAction(ids[1], 1, 1, 0, "draw", "playing")])
    assert store.log(ids[1], 1) == [(1, 0, "draw")]


def test_the_event_loops_moves_on_postgresql_are_whole_or_refused_and_survive_a_restart(
    fresh_db_url: str, client_on: Callable[..., TestClient]
) -> None:
    """``Store.add_actions_async``, the server's path on PostgreSQL (``GroupCommit``): a group
    is written whole; one with a seq already taken raises IntegrityError and writes none of
    its moves (the service tells that refusal apart); a connection the server closed since
    is found at the next group, which is written on a new one."""
    if not fresh_db_url.startswith("postgresql"):
        pytest.skip("on SQLite the moves are written inline (add_actions)")
    store, ids = store_with_tables(client_on(fresh_db_url), 3)

    async def play() -> None:
        await store.add_actions_async(
            [
                NewAction(ids[0], 1, 1, 0, "draw", "playing"),
                NewAction(ids[1], 1, 1, 1, "pass", "over", [0.0, 1.0]),
            ]
        )
        with pytest.raises(IntegrityError):
            await store.add_actions_async(
                [
                    NewAction(ids[2], 1, 1, 0, "draw", "playing"),
                    NewAction(ids[0], 1, 1, 1, "pass", "playing"),  # seq 1 is taken
                ]
            )
        assert close_the_others(store)
        await store.add_actions_async([NewAction(ids[2], 1, 1, 1, "pass", "playing")])
        await store.aclose()

    asyncio.run(play())
    assert store.log(ids[0], 1) == [(1, 0, "draw")]
    assert store.log(ids[1], 1) == [(1, 1, "pass")]
    assert store.log(ids[2], 1) == [(1, 1, "pass")]
    with store.session() as session:
        finished = session.get(MatchRow, (ids[1], 1))
        assert finished is not None and finished.standings == [0.0, 1.0]


def test_63_bit_seeds_are_kept_whole(db_url: str, client_on: Callable[..., TestClient]) -> None:
    seed = 2**63 - 1
    client = client_on(db_url, seed=seeds(seed))
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "human"}])
    with service_of(client).store.session() as session:
        assert session.get(MatchRow, (table["table"], 1)).seed == seed  # type: ignore[union-attr]


def test_a_table_is_rebuilt_from_its_log_after_a_restart(
    db_url: str, client_on: Callable[..., TestClient]
) -> None:
    first = client_on(db_url)
    table = new_table(first, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    table_id = table["table"]
    players = {s: Player(first, table_id, s, token_of(table, s)) for s in (0, 1)}
    for _ in range(5):
        players[0].sync()
        mover = players[players[0].state["view"]["current"]]
        mover.sync()
        mover.act(mover.state["view"]["legal"][-1]["action"])
    players[0].sync()
    players[1].sync()
    before = {s: p.state for s, p in players.items()}
    for player in players.values():
        player.close()

    second = client_on(db_url)  # another app on the same database: nothing in memory
    assert table_id not in service_of(second)._tables
    for seat in (0, 1):
        back = Player(second, table_id, seat, token_of(table, seat))
        assert without_presence(back.state) == without_presence(before[seat])
        back.close()


def without_presence(state: dict[str, Any]) -> dict[str, Any]:
    """A state but who is connected and for how long who is away (which the log does not
    hold), and the running clock's time left (as of each state's moment: the clocks' own
    tests, tests/web/test_clocks.py, move the server's clock by hand)."""
    seats = [
        {**seat, "connected": None, "away": None, "grace_left": None}
        for seat in state["table"]["seats"]
    ]
    clock = state["table"]["clock"]
    if clock is not None and clock["running"] is not None:
        left = list(clock["left"])
        left[clock["running"]] = None
        clock = {**clock, "left": left}
    return {**state, "table": {**state["table"], "seats": seats, "clock": clock}}


def test_bots_resume_at_start_up(db_url: str, client_on: Callable[..., TestClient]) -> None:
    """A table stopped with a bot to move: the next start-up has the bot play on, before
    any client comes back (the tables are rebuilt in the background, once serving)."""
    from pegboard.web.app import create_app

    # A seed whose cut makes seat 1 deal (C2): the bot at seat 0 discards first.
    seed = next(s for s in range(100) if CribbageMatch(best_of=3, seed=s).current_player == 0)
    seats = [{"kind": "bot", "level": "greedy"}, {"kind": "human"}]
    with TestClient(
        create_app(db_url, bot_delay=3600, seed_source=seeds(seed), limits=PLAY_LIMITS)
    ) as stopped:
        table = new_table(stopped, "cribbage", seats)  # the bot waits an hour: it is stopped
        table_id = table["table"]
    assert Store(make_engine(db_url)).log(table_id, 1) == []

    client = client_on(db_url)
    client.portal.call(service_of(client).bots.resumed)  # type: ignore[union-attr]
    resumed = service_of(client)._tables[table_id]  # rebuilt at start-up
    assert resumed.bot_task is not None
    human = Player(client, table_id, 1, token_of(table, 1))
    state = human.settle({0})
    assert state["seq"] >= 1 and state["view"]["current"] == 1
    assert service_of(client).store.log(table_id, 1)[0][1] == 0  # the bot's discard


def test_every_row_of_a_table_is_written(db_url: str, client_on: Callable[..., TestClient]) -> None:
    client = client_on(db_url)
    table = new_table(
        client,
        "draw",
        [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "greedy"}],
        players=2,
        target=50,
    )
    with service_of(client).store.session() as session:
        row = session.get(TableRow, table["table"])
        assert row is not None and row.game == "draw" and row.match_number == 1
        assert row.config == {
            "players": 2,
            "target": 50,
            "block": 0,
            "partnerships": 0,
            "set": 6,
        }
        seats = session.scalars(
            select(SeatRow).where(SeatRow.table_id == row.id).order_by(SeatRow.seat)
        ).all()
        assert [(s.kind, s.level, s.name) for s in seats] == [
            ("human", None, "Ana"),
            ("bot", "greedy", None),
        ]
        actions = session.scalars(select(ActionRow).where(ActionRow.table_id == row.id)).all()
        assert all(a.match_number == 1 for a in actions)


def test_an_idle_table_leaves_memory_and_comes_back_from_its_log(
    db_url: str, client_on: Callable[..., TestClient]
) -> None:
    """A long-running server forgets tables nobody uses (no client, no bot to move, no
    clock running: its flag must come on time), and rebuilds one from its seed and log when
    it is opened again: no move is lost."""
    client = client_on(db_url)
    service = service_of(client)
    people = [{"kind": "human"}, {"kind": "human"}]
    timed = new_table(client, "draw", people, players=2)
    for seat in (0, 1):
        Player(client, timed["table"], seat, token_of(timed, seat)).close()  # Ana's clock runs
    table = new_table(client, "draw", people, players=2, clock=None)
    table_id = table["table"]
    players = {s: Player(client, table_id, s, token_of(table, s)) for s in (0, 1)}
    for _ in range(3):
        players[0].sync()
        mover = players[players[0].state["view"]["current"]]
        mover.sync()
        mover.act(mover.state["view"]["legal"][0]["action"])
    players[1].sync()
    before = players[1].state
    service.evict_idle(0)  # (other tests' tables may leave: the counts are not ours)
    assert table_id in service._tables  # clients connected: it stays
    for player in players.values():
        player.close()
    live = service._tables[table_id]
    deadline = time.monotonic() + 30  # the server hears of the closes in its own time
    while live.connections and time.monotonic() < deadline:
        time.sleep(0.01)
    service.evict_idle(3600)
    assert table_id in service._tables  # used a moment ago: it stays
    assert service.evict_idle(0) >= 1
    assert table_id not in service._tables
    assert timed["table"] in service._tables  # nobody there, but a clock runs: it stays
    back = Player(client, table_id, 1, token_of(table, 1))
    assert without_presence(back.state) == without_presence(before)
    back.close()


def test_a_table_id_drawn_twice_is_drawn_again(
    db_url: str, client_on: Callable[..., TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    import pegboard.web.table_making as making_module

    ids = iter(["sameidsame", "sameidsame", "otheridoth"])
    monkeypatch.setattr(making_module, "new_id", lambda length: next(ids))
    client = client_on(db_url)
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    first = new_table(client, "cribbage", seats)
    second = new_table(client, "cribbage", seats)
    assert (first["table"], second["table"]) == ("sameidsame", "otheridoth")
    assert client.get("/api/tables/otheridoth").status_code == 200


def test_sqlite_keeps_its_log_ahead_of_the_database_and_syncs_every_commit(
    tmp_path: Path,
) -> None:
    """SQLite in WAL mode (readers never wait for the writer) with full syncs (a committed
    move survives a crash of the machine)."""
    engine = make_engine(f"sqlite:///{tmp_path}/wal.db")
    try:
        with engine.connect() as connection:
            assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    finally:
        engine.dispose()
