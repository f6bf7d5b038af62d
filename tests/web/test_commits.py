"""The moves' commits, grouped (``pegboard.web.commits``): moves of many tables that come
while one transaction commits go together in the next; each is told only once committed;
a faulty move in a group fails alone; and a move whose socket goes while it commits is
still finished, so that the table's copy never falls behind its own log."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from sqlalchemy.exc import IntegrityError

import pegboard.games
from pegboard.i18n import translator
from pegboard.web.commits import GroupCommit
from pegboard.web.db import make_engine, upgrade
from pegboard.web.records import NewAction
from pegboard.web.service import TableService
from pegboard.web.store import Store
from pegboard.web.table_body import read_new_table
from pegboard.web.tables import LiveTable
from tests.web.test_seat_tokens import Socket, with_service

EN = translator("en")  # the language of a body's refusal

HUMANS = {"game": "draw", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


async def seated(service: TableService) -> tuple[LiveTable, dict[int, Socket]]:
    table, tokens, invites = await service.maker.create(read_new_table(HUMANS, EN))
    _, tokens[1] = await service.seats.claim(table, invites[1], None, "en")
    sockets = {seat: Socket(seat) for seat in (0, 1)}
    for seat, socket in sockets.items():
        await service.seats.connect(table, socket, tokens[seat])
    return table, sockets


async def move(service: TableService, table: LiveTable, sockets: dict[int, Socket]) -> None:
    seat = table.match.current_player
    socket = sockets[seat]
    action = service.state(table, socket)["view"]["legal"][0]["action"]
    await service.act(table, socket, action, table.seq)


def counting(store: Store) -> list[int]:
    """The sizes of the transactions of moves ``store`` commits from now on."""
    sizes: list[int] = []
    if store.shared:  # PostgreSQL's groups are awaited on the loop
        add_async = store.add_actions_async

        async def counted_async(actions: Any) -> None:
            sizes.append(len(actions))
            await add_async(actions)

        store.add_actions_async = counted_async  # type: ignore[method-assign]
        return sizes
    add_actions = store.add_actions

    def counted(actions: Any) -> None:
        sizes.append(len(actions))
        add_actions(actions)

    store.add_actions = counted  # type: ignore[method-assign]
    return sizes


def test_moves_of_many_tables_at_once_share_transactions_and_all_are_kept(
    db_url: str,
) -> None:
    async def body(service: TableService) -> None:
        tables = [await seated(service) for _ in range(12)]
        sizes = counting(service.store)
        for _ in range(3):  # three moves at every table, the tables' moves all at once
            await asyncio.gather(*(move(service, t, s) for t, s in tables))
        assert sum(sizes) == 36 and len(sizes) < 36 and max(sizes) > 1, sizes
        for table, sockets in tables:
            stored = await asyncio.to_thread(service.store.load_table, table.id)
            assert stored is not None and stored.actions == table.record.actions
            assert len(stored.actions) == 3
            # Each client was told every move, in order, each after its commit.
            for socket in sockets.values():
                assert [m["seq"] for m in socket.sent if m["type"] == "state"][-3:] == [1, 2, 3]

    with_service(db_url, body)


def test_one_at_a_time_the_moves_are_one_transaction_each(db_url: str) -> None:
    """The grouping above is the moves' doing, not a delay: a lone move commits alone and
    at once."""

    async def body(service: TableService) -> None:
        table, sockets = await seated(service)
        sizes = counting(service.store)
        for _ in range(4):
            await move(service, table, sockets)
        assert sizes == [1, 1, 1, 1]

    with_service(db_url, body)


def test_a_faulty_move_in_a_group_fails_alone(fresh_db_url: str) -> None:
    """Four tables' moves go together, one of them for a seq already in its log (the
    log's unique key refuses it, as it refuses another process's move on PostgreSQL): that
    one raises IntegrityError, the three others are committed."""
    engine = make_engine(fresh_db_url)
    upgrade(engine)
    store = Store(engine)

    async def body() -> None:
        service = TableService(store, bot_delay=0, seed_source=lambda: 7)
        try:
            tables = [await seated(service) for _ in range(4)]
        finally:
            await service.close()
        for table, _ in tables:
            store.add_action(table.id, 1, 1, 0, "pass", "playing")
        sizes = counting(store)
        commits = GroupCommit(store)
        ids = [table.id for table, _ in tables]
        # All four are waiting before the writer first runs (asyncio runs the tasks in the
        # order they were made, the writer after them): they go as one group.
        added = [
            asyncio.ensure_future(commits.add(NewAction(i, 1, seq, 1, "pass", "playing")))
            for i, seq in zip(ids, (2, 2, 1, 2), strict=True)  # ids[2]: seq 1 again
        ]
        done = await asyncio.gather(*added, return_exceptions=True)
        assert [type(d) for d in done] == [type(None), type(None), IntegrityError, type(None)]
        assert sizes == [4, 1, 1, 1, 1]  # the group refused, then each on its own
        for table_id, length in zip(ids, (2, 2, 1, 2), strict=True):
            assert len(store.log(table_id, 1)) == length
        store.dispose()

    try:
        asyncio.run(body())
    finally:
        engine.dispose()


def test_a_move_whose_socket_goes_while_it_commits_is_finished(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The socket's reader is cancelled when its client goes; the move it was answering
    was already applied to the table's copy. Were it cut off at its commit, the copy
    would hold a move its record and clients never got, and every later move would fail
    on the log's key: the game lost. The reader answers each message to its end."""
    from starlette.testclient import TestClient

    from pegboard.web.app import create_app
    from tests.web.conftest import new_table, service_of, token_of

    with TestClient(create_app(sqlite_url, bot_delay=0)) as client:
        made = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
        table_id = made["table"]
        tokens = {seat: token_of(made, seat) for seat in (0, 1)}
        service = service_of(client)
        gate = threading.Event()
        entered = threading.Event()
        add = service.commits.add

        async def slow(action: NewAction) -> None:  # a commit that takes its time
            entered.set()
            await asyncio.to_thread(gate.wait, 10)
            await add(action)

        monkeypatch.setattr(service.commits, "add", slow)
        current = service._tables[table_id].match.current_player
        with client.websocket_connect(f"/ws/{table_id}") as mover:
            mover.send_json(
                {"type": "hello", "seat": current, "token": tokens[current], "since": 0}
            )
            state = mover.receive_json()
            mover.send_json(
                {"type": "act", "action": state["view"]["legal"][0]["action"], "seq": 0}
            )
            assert entered.wait(10)
        # The mover's socket is gone, its move in the middle of its commit.
        gate.set()
        deadline = time.monotonic() + 10
        while service._tables[table_id].seq < 1 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert service._tables[table_id].seq == 1, "the move was cut off at its commit"
        with client.websocket_connect(f"/ws/{table_id}") as other:
            seat = 1 - current
            other.send_json({"type": "hello", "seat": seat, "token": tokens[seat], "since": 0})
            state = other.receive_json()
            while state["seq"] < 1:
                state = other.receive_json()
            assert state["view"]["current"] == seat
            other.send_json(
                {"type": "act", "action": state["view"]["legal"][0]["action"], "seq": 1}
            )
            while (state := other.receive_json())["type"] == "state" and state["seq"] < 2:
                pass
            assert state["type"] == "state" and state["seq"] == 2, state
        record = service.store.load_table(table_id)
        assert record is not None and len(record.actions) == 2
        replayed = pegboard.games.get("draw").replay(record.config, record.seed, record.actions)
        # The record is the copy's (the seed is random: the second move may be a draw, D7,
        # after which the same seat is still to move).
        live = service._tables[table_id].match
        assert replayed.current_player == live.current_player
        assert replayed.observation(current) == live.observation(current)
