"""A database that does not answer in time (issue 33): on a PostgreSQL whose tables another
connection holds locked, a move and ``POST /api/tables`` hung with no word to the player.
Past ``--db-timeout`` they are told, in their language, that the server is busy: the
creation is a 503 with Retry-After; the move an ``error`` ``busy`` to every client of the
table, whose sockets close with 1013, and once the lock is gone the table is rebuilt from
its log, which holds exactly the moves committed."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from sqlalchemy.engine import make_url
from starlette.websockets import WebSocketDisconnect

from pegboard.web.db import ActionRow, TableRow, throwaway_database
from tests.web.conftest import (
    HANG_GUARD,
    PLAY_LIMITS,
    POSTGRES_ENV,
    Player,
    new_table,
    served_limits,
    service_of,
    token_of,
)

TIMEOUT = 1.0
"""Seconds: the tests' ``--db-timeout`` (small, so that they wait little)."""
LIMITS = replace(PLAY_LIMITS, db_timeout=TIMEOUT)
TWO = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bia"}]


@pytest.fixture
def postgres(client_on: Callable[..., TestClient]) -> Iterator[tuple[TestClient, str]]:
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV}")
    with throwaway_database(base, "pegboard_busy") as url:
        yield client_on(url, limits=LIMITS), url


@contextmanager
def locked(url: str, table: str) -> Iterator[None]:
    """``table`` locked by another connection (as a stuck transaction or a frozen process
    of another server would hold it) until the block ends."""
    libpq = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(libpq) as holder:
        holder.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            holder.rollback()


def count(client: TestClient, model: type[ActionRow] | type[TableRow]) -> int:
    with service_of(client).store.session() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def test_a_move_the_database_does_not_take_in_time_is_told_busy_and_the_table_rebuilt(
    postgres: tuple[TestClient, str],
) -> None:
    client, url = postgres
    table = new_table(client, "draw", TWO, players=2)
    seats = [
        Player(client, table["table"], seat, token_of(table, seat), lang="pt") for seat in (0, 1)
    ]
    mover = seats[seats[0].state["view"]["current"]]
    mover.act(mover.state["view"]["legal"][0]["action"])  # the database takes this one
    for player in seats:
        player.sync()
    before = mover.state["seq"]
    mover = seats[mover.state["view"]["current"]]
    action = mover.state["view"]["legal"][0]["action"]
    with locked(url, "actions"):
        started = time.monotonic()
        mover.send({"type": "act", "action": action, "seq": before})
        for player in seats:
            told = player.receive()
            while told["type"] != "error":  # nothing but the error: no state of the move
                assert told["type"] != "state" or told["seq"] == before, told
                told = player.receive()
            assert told["code"] == "busy", told
            assert "ocupado" in told["message"]  # in each client's language
            with pytest.raises(WebSocketDisconnect) as closed:
                player.receive()
            assert closed.value.code == 1013  # try again later
        assert time.monotonic() - started < HANG_GUARD
        # The server cancelled the statement itself (``lock_timeout``): its fate is known.
        appender = service_of(client).store._async_appends
        assert appender is not None and not appender.unsettled
    for player in seats:
        player.close()
    # The lock gone: the table as its log holds it, the move not applied, and it plays.
    again = [Player(client, table["table"], seat, token_of(table, seat)) for seat in (0, 1)]
    assert again[0].state["seq"] == before == count(client, ActionRow)
    again[mover.seat].act(action)
    assert count(client, ActionRow) == before + 1
    for player in again:
        player.close()


def test_a_table_the_database_does_not_take_in_time_is_a_translated_503(
    postgres: tuple[TestClient, str],
) -> None:
    client, url = postgres
    body = {"game": "draw", "players": 2, "seats": TWO, "lang": "pt"}
    with locked(url, "tables"):
        # The browser's language: the body is not read again once the database failed.
        answer = client.post("/api/tables", json=body, headers={"accept-language": "pt-BR"})
    assert answer.status_code == 503, answer.text
    assert "ocupado" in answer.json()["error"]
    assert int(answer.headers["retry-after"]) >= 1
    assert count(client, TableRow) == 0  # nothing was made meanwhile
    assert client.post("/api/tables", json=body).status_code == 201


def test_a_commit_given_up_is_settled_before_the_log_is_read_again(
    postgres: tuple[TestClient, str],
) -> None:
    """The server itself not answering (frozen, not merely locked out): the client gives
    up on the statement, whose fate is then unknown, and before the log is read again
    the statement's backend is ended (its commit, if any, is then in the log)."""
    client, url = postgres
    table = new_table(client, "draw", TWO, players=2)
    store = service_of(client).store
    appender = store._async_appends
    assert appender is not None
    appender.server_timeouts = False  # as if the server could not cancel it itself
    seats = [Player(client, table["table"], seat, token_of(table, seat)) for seat in (0, 1)]
    mover = seats[seats[0].state["view"]["current"]]
    with locked(url, "actions"):
        mover.send({"type": "act", "action": mover.state["view"]["legal"][0]["action"], "seq": 0})
        told = mover.receive()
        while told["type"] != "error":
            told = mover.receive()
        assert told["code"] == "busy"
        assert appender.unsettled
    for player in seats:
        player.close()
    again = Player(client, table["table"], 0, token_of(table, 0))
    assert not appender.unsettled
    assert again.state["seq"] == count(client, ActionRow)
    again.close()


def test_the_timeout_is_a_serve_option(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from pegboard.cli.main import app

    assert served_limits(monkeypatch, "--db-timeout", "2.5").db_timeout == 2.5
    assert CliRunner().invoke(app, ["serve", "--db-timeout", "0"]).exit_code == 2
