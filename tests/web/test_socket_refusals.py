"""A socket's refusals and its end (issue 33): a flood of refused messages is counted, not
logged line by line, and a socket that keeps breaking the limits is closed; a client that
goes while the server writes to it is one quiet line of the log, not a traceback."""

from __future__ import annotations

import json
import logging
import socket
import struct
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner
from websockets.sync.client import connect

from pegboard.web.app import create_app
from pegboard.web.limits import DEFAULT
from pegboard.web.observability import Metrics
from pegboard.web.refusals import LOG_SECONDS, SocketRefusals
from tests.web.conftest import (
    HANG_GUARD,
    PLAY_LIMITS,
    Player,
    free_port,
    new_table,
    served_limits,
    token_of,
)

TWO_HUMANS = [{"kind": "human"}, {"kind": "human"}]


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def refusal_lines(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name.startswith("pegboard") and "refused" in r.msg]


def test_a_socket_is_closed_past_its_rate_of_refusals_that_break_the_limits(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = FakeClock()
    refusals = SocketRefusals(Metrics(), "T", "10/minute", clock)
    with caplog.at_level(logging.INFO, logger="pegboard"):
        # Ten within the minute are allowed, the eleventh is one too many.
        assert [refusals.refused("malformed") for _ in range(10)] == [False] * 10
        assert refusals.refused("too_large")
    # Spread out over more than the window, any number is allowed.
    spread = SocketRefusals(Metrics(), "T", "10/minute", clock)
    for _ in range(50):
        clock.now += 6.1
        assert not spread.refused("too_many")
    # Refusals of a move are no breach of the limits, however many.
    moves = SocketRefusals(Metrics(), "T", "10/minute", clock)
    assert not any(moves.refused(kind) for kind in ["illegal", "stale", "unknown"] * 20)


def test_a_socket_s_refusals_are_each_counted_and_logged_first_then_summed_up(
    caplog: pytest.LogCaptureFixture,
) -> None:
    clock = FakeClock()
    metrics = Metrics()
    refusals = SocketRefusals(metrics, "T", "1000/minute", clock)
    with caplog.at_level(logging.INFO, logger="pegboard"):
        for _ in range(300):
            refusals.refused("too_many")
        assert len(refusal_lines(caplog)) == 1  # the first alone
        clock.now += LOG_SECONDS
        refusals.refused("malformed")  # a minute on: the ones in between, summed up
        lines = refusal_lines(caplog)
        assert len(lines) == 2
        assert lines[1].getMessage() == (
            "refused 300 more messages of one socket (malformed 1, too_many 299)"
        )
        refusals.refused("illegal")
        refusals.summarize()  # the socket's end
        assert refusal_lines(caplog)[-1].getMessage() == (
            "refused 1 more messages of one socket (illegal 1)"
        )
        refusals.summarize()  # nothing more to say: no line
        assert len(refusal_lines(caplog)) == 3
    counted = metrics.refusals.labels(kind="too_many")._value.get()
    assert counted == 300


def test_a_flood_of_refused_messages_is_closed_and_logged_in_two_lines(
    client_on: Callable[..., TestClient], sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    limits = replace(DEFAULT, messages_rate="5/minute", refusals_rate="10/minute")
    client = client_on(sqlite_url, limits=limits)
    table = new_table(client, "draw", TWO_HUMANS, players=2)
    player = Player(client, table["table"], 0, token_of(table, 0), lang="pt")
    with caplog.at_level(logging.INFO, logger="pegboard"):
        for _ in range(5):
            player.send({"type": "ping"})
            assert player.receive() == {"type": "pong"}
        for _ in range(40):
            player.send({"type": "ping"})
        refused = [player.receive() for _ in range(10)]
        assert {(m["type"], m["code"]) for m in refused} == {("error", "too_many")}
        last = player.receive()
        assert last["type"] == "error" and last["code"] == "too_many"
        assert last["message"] != refused[0]["message"]
        assert "fechada" in last["message"]  # translated: the connection is closed
        with pytest.raises(WebSocketDisconnect) as closed:
            player.receive()
        assert closed.value.code == 1008
        player.close()
        metrics = client.get("/metrics").text
        assert 'pegboard_refusals_total{kind="too_many"} 11.0' in metrics
        assert len(refusal_lines(caplog)) == 2  # the first, and the sum at the socket's end
    # The seat's player may connect again.
    assert Player(client, table["table"], 0, token_of(table, 0)).state["you"] == 0


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """The app on a loopback port (uvicorn in a thread, its log left to pytest's capture)."""
    app = create_app(f"sqlite:///{tmp_path / 'w.db'}", bot_delay=0, limits=PLAY_LIMITS)
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, lifespan="on", log_config=None)
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + HANG_GUARD
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.started
    yield f"http://127.0.0.1:{port}", app
    server.should_exit = True
    thread.join(HANG_GUARD)


def test_a_client_that_goes_while_written_to_is_one_quiet_line(
    served: tuple[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    base, app = served
    table = httpx.post(
        f"{base}/api/tables", json={"game": "draw", "players": 2, "seats": TWO_HUMANS}
    ).json()
    caplog.set_level(logging.DEBUG)
    for _ in range(3):
        with connect(base.replace("http", "ws") + f"/ws/{table['table']}") as ws:
            ws.send(json.dumps({"type": "hello"}))
            ws.recv(timeout=HANG_GUARD)
            for _ping in range(3000):
                ws.send(json.dumps({"type": "ping"}))
            # Gone at once, with a reset: the server is still writing pongs.
            ws.socket.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            ws.socket.close()
    deadline = time.monotonic() + HANG_GUARD
    service = app.state.service
    while service.metrics.connections._value.get() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.2)  # the sockets' handlers return after their connections are dropped
    errors = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert errors == [], [r.getMessage() for r in errors]
    gone = [r for r in caplog.records if r.name == "pegboard.web.ws" and "went" in r.getMessage()]
    assert gone and all(r.levelno == logging.DEBUG and not r.exc_info for r in gone)


def test_the_rate_of_refusals_is_a_serve_option(monkeypatch: pytest.MonkeyPatch) -> None:
    from pegboard.cli.main import app

    limits = served_limits(monkeypatch, "--refusals-rate", "7/minute")
    assert limits.refusals_rate == "7/minute"
    refused = CliRunner().invoke(app, ["serve", "--refusals-rate", "often"], env={"LANGUAGE": "en"})
    assert refused.exit_code == 2 and "not a rate" in refused.output
