"""The database out of reach (issue 33): a WebSocket's hello is told so, in its language,
and closed with 1013 ("try again later"), not dropped without a code; once the database
is back, the same hello opens the table."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy.engine import make_url
from starlette.websockets import WebSocketDisconnect

from pegboard.web.db import throwaway_database
from tests.web.conftest import POSTGRES_ENV, Player, new_table, service_of, token_of

Outage = Callable[[], AbstractContextManager[None]]


@contextmanager
def sqlite_outage(folder: Path, client: TestClient) -> Iterator[None]:
    """The database's folder gone: every connection the engine opens fails."""
    service_of(client).store.engine.dispose()  # no pooled connection keeps the file open
    away = folder.with_name(folder.name + "-away")
    folder.rename(away)
    try:
        yield
    finally:
        away.rename(folder)


@contextmanager
def postgres_outage(url: str) -> Iterator[None]:
    """The database refuses connections, and the server's are cut."""
    parsed = make_url(url)
    admin = parsed.set(drivername="postgresql", database="postgres").render_as_string(
        hide_password=False
    )
    name = parsed.database
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS false')
        connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
            "WHERE datname = %s AND pid <> pg_backend_pid()",
            (name,),
        )
        try:
            yield
        finally:
            connection.execute(f'ALTER DATABASE "{name}" ALLOW_CONNECTIONS true')


@pytest.fixture(params=["sqlite", "postgresql"])
def outage_client(
    request: pytest.FixtureRequest, tmp_path: Path, client_on: Callable[..., TestClient]
) -> Iterator[tuple[TestClient, Outage]]:
    """An app on a database of its own, and how to cut that database off for a while."""
    if request.param == "sqlite":
        folder = tmp_path / "data"
        folder.mkdir()
        client = client_on(f"sqlite:///{folder / 'pegboard.db'}")
        yield client, lambda: sqlite_outage(folder, client)
        return
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV}")
    with throwaway_database(base, "pegboard_outage") as url:
        client = client_on(url)
        yield client, lambda: postgres_outage(url)


def test_a_hello_while_the_database_is_out_of_reach_is_told_and_closed_1013(
    outage_client: tuple[TestClient, Outage],
) -> None:
    client, outage = outage_client
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    token = token_of(table, 0)
    service_of(client).evict_idle(0)  # not in memory: the hello must read the database
    with outage(), client.websocket_connect(f"/ws/{table['table']}") as socket:
        socket.send_json({"type": "hello", "seat": 0, "token": token, "lang": "pt"})
        told = socket.receive_json()
        assert told["type"] == "error" and told["code"] == "unavailable", told
        assert "banco de dados" in told["message"]  # in the hello's language
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 1013
    # The database is back: the same hello opens the table.
    assert Player(client, table["table"], 0, token).state["you"] == 0
