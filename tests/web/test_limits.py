"""The limits on what one client may ask (issue 14: 224 tables a second, 900 sockets on one
table, sockets that never said hello): each is answered with 429 or an error message that
says what to do, and each is a server option (``pegboard.web.limits.Limits``)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from pegboard.web.limits import DEFAULT, SWEEP_SECONDS, Limits, RateCounter
from tests.web.conftest import PLAY_LIMIT_OPTIONS, Player, Server, new_table, token_of

TWO_HUMANS = {
    "game": "draw",
    "players": 2,
    "seats": [{"kind": "human"}, {"kind": "human"}],
    "public": True,  # listed: the tests count the tables in the lobby
}


def test_the_defaults_are_what_docs_web_md_lists() -> None:
    table = (Path(__file__).parents[2] / "docs" / "web.md").read_text()
    for name in Limits.__dataclass_fields__:
        option = "--" + name.replace("_", "-")
        value = getattr(DEFAULT, name)
        assert f"`{option}` | {value}" in table, option


def test_a_rate_counts_its_window_and_its_storage_is_swept_once_a_second() -> None:
    """``RateCounter``: the limit holds within its window and frees the key once the window
    has passed, whatever the sweep; the library's storage sweeps every ``SWEEP_SECONDS``
    (its own 10 ms sweep, a new thread each time, was 4% of a busy server's CPU). Were the
    library's internals renamed, the override would be silently unused: this says so."""
    counter = RateCounter("3 per 1 second", "test")
    time.sleep(0.05)  # the library's first sweep, started with the storage, has run
    assert [counter.allow("a") for _ in range(4)] == [True, True, True, False]
    assert counter.allow("b")  # per key
    assert counter.retry_after("a") == 1
    assert counter.storage.timer.interval == SWEEP_SECONDS
    time.sleep(1.05)
    assert counter.allow("a")  # the window has passed, swept or not


def test_a_client_that_creates_tables_too_fast_gets_429(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=Limits(tables_rate="3/minute"))
    for _ in range(3):
        assert client.post("/api/tables", json=TWO_HUMANS).status_code == 201
    answer = client.post("/api/tables", json={**TWO_HUMANS, "lang": "pt"})
    assert answer.status_code == 429
    wait = int(answer.headers["retry-after"])
    assert 1 <= wait <= 60
    assert answer.json()["error"] == f"Pedidos demais: tente de novo em {wait} segundos."
    assert len(client.get("/api/tables").json()) == 3  # nothing made


def test_one_client_holds_a_bounded_number_of_tables_in_play(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=Limits(open_tables_per_client=2))
    for _ in range(2):
        assert client.post("/api/tables", json=TWO_HUMANS).status_code == 201
    answer = client.post("/api/tables", json=TWO_HUMANS)
    assert answer.status_code == 429
    assert answer.json()["error"] == (
        "You opened 2 tables today that are not over yet: finish one before you open another."
    )
    # Fifty of one client's tables can no longer hide every other open table.
    assert len(client.get("/api/tables").json()) == 2


def test_joins_and_other_requests_are_rated_per_address(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=Limits(joins_rate="2/minute", requests_rate="20/minute"))
    table = new_table(client, "draw", [{"kind": "human"}] * 4, players=4, public=True)
    for seat in (1, 2):
        assert (
            client.post(f"/api/tables/{table['table']}/seats/{seat}/join", json={}).status_code
            == 200
        )
    third = client.post(f"/api/tables/{table['table']}/seats/3/join", json={})
    assert third.status_code == 429 and "retry-after" in third.headers
    answers = [client.get("/api/tables").status_code for _ in range(25)]
    assert 429 in answers and answers[: answers.index(429)] == [200] * answers.index(429)
    assert client.get("/").status_code == 200  # the page itself is not an API request


def test_a_socket_that_sends_too_many_messages_is_told_and_not_read(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=Limits(messages_rate="5/minute"))
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    player = Player(client, table["table"], 0, token_of(table, 0))  # the hello is not counted
    for _ in range(5):
        player.send({"type": "ping"})
        assert player.receive() == {"type": "pong"}
    player.send({"type": "ping"})
    refused = player.receive()
    assert refused["type"] == "error" and refused["code"] == "too_many"
    assert refused["message"] == "Too many messages: slow down, and this one was not read."


def test_a_table_holds_a_bounded_number_of_spectators(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=Limits(spectators_per_table=2))
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    watchers = [Player(client, table["table"], None, None) for _ in range(2)]
    with client.websocket_connect(f"/ws/{table['table']}") as third:
        third.send_json({"type": "hello"})
        assert third.receive_json()["code"] == "too_many"
        with pytest.raises(WebSocketDisconnect) as closed:
            third.receive_json()
        assert closed.value.code == 4429
    watchers[0].close()
    assert Player(client, table["table"], None, None).state["you"] is None  # room again


def test_one_address_holds_a_bounded_number_of_sockets(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=Limits(sockets_per_client=2))
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    first = Player(client, table["table"], None, None)
    Player(client, table["table"], None, None)
    with client.websocket_connect(f"/ws/{table['table']}") as third:
        refused = third.receive_json()  # before any hello
        assert refused["code"] == "too_many"
        with pytest.raises(WebSocketDisconnect) as closed:
            third.receive_json()
        assert closed.value.code == 4429
    first.close()
    assert Player(client, table["table"], None, None).state["you"] is None


def test_sockets_that_never_say_hello_are_closed(tmp_path: Path, servers: list[Server]) -> None:
    """On the real server: twenty silent sockets are each told and closed after the
    hello time (0.5 s here), and the server goes on answering."""
    server = Server(
        f"sqlite:///{tmp_path / 'hello.db'}", tmp_path, [*PLAY_LIMIT_OPTIONS, "--hello-seconds=0.5"]
    )
    servers.append(server)
    created = httpx.post(f"{server.base}/api/tables", json=TWO_HUMANS).json()
    url = f"ws://127.0.0.1:{server.port}/ws/{created['table']}"
    with ExitStack() as opened:
        silent = [opened.enter_context(connect(url)) for _ in range(20)]
        for socket in silent:
            told = json.loads(socket.recv(timeout=30))
            assert told["type"] == "error" and told["message"] == "Say hello first."
            with pytest.raises(ConnectionClosed) as closed:
                socket.recv(timeout=30)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert httpx.get(f"{server.base}/api/tables").status_code == 200
