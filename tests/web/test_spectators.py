"""Spectators never lock a player out (issue 33): a table's spectators have a cap of their
own, which a seat's sockets never count against; one address's spectators have a cap of
their own too; a seat's newest socket always gets in (its oldest is closed past
``sockets_per_seat``); and a spectator that sends nothing, not even the page's pings, is
closed after ``spectator_idle_seconds``."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.web.conftest import PLAY_LIMITS, Player, another_browser, new_table, token_of

TWO_PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def refused_hello(client: TestClient, table_id: str, hello: dict[str, object]) -> tuple[str, int]:
    """The error code and the close code a hello is answered with."""
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello", **hello})
        code = socket.receive_json()["code"]
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    return code, closed.value.code


def test_a_table_full_of_spectators_still_lets_its_players_in(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    """The issue's lock-out: the spectators' sockets fill the table (here its cap of 3),
    and both players still take their seats; one more spectator is refused (4429)."""
    limits = dataclasses.replace(PLAY_LIMITS, spectators_per_table=3)
    client = client_on(sqlite_url, limits=limits)
    table = new_table(client, "cribbage", TWO_PEOPLE)
    watchers = [Player(client, table["table"], None, None) for _ in range(3)]
    assert refused_hello(client, table["table"], {}) == ("too_many", 4429)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    bo = Player(client, table["table"], 1, token_of(table, 1))
    assert (ana.state["you"], bo.state["you"]) == (0, 1)
    assert ana.sync()[-1]["table"]["seats"][1]["connected"] is True
    for player in (*watchers, ana, bo):
        player.close()


def test_one_address_has_a_cap_of_spectators_of_its_own(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    """Past ``spectators_per_client`` one address watches no more (4429, in words), while
    another address still watches and the first address's own seat still opens."""
    limits = dataclasses.replace(PLAY_LIMITS, spectators_per_client=2)
    client = client_on(sqlite_url, limits=limits)
    table = new_table(client, "cribbage", TWO_PEOPLE)
    watchers = [Player(client, table["table"], None, None) for _ in range(2)]
    with client.websocket_connect(f"/ws/{table['table']}") as socket:
        socket.send_json({"type": "hello", "lang": "pt"})
        refused = socket.receive_json()
        assert refused["code"] == "too_many" and "abas" in refused["message"], refused
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4429
    elsewhere = another_browser(client, client=("10.0.0.2", 4000))
    other = Player(elsewhere, table["table"], None, None)
    ana = Player(client, table["table"], 0, token_of(table, 0))  # the same address as the two
    assert ana.state["you"] == 0
    watchers[0].close()  # its room is given back
    again = Player(client, table["table"], None, None)
    for player in (*watchers, other, ana, again):
        player.close()


def test_a_seats_newest_socket_gets_in_and_its_oldest_is_closed(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    limits = dataclasses.replace(PLAY_LIMITS, sockets_per_seat=2)
    client = client_on(sqlite_url, limits=limits)
    table = new_table(client, "cribbage", TWO_PEOPLE)
    token = token_of(table, 0)
    first, second = (Player(client, table["table"], 0, token) for _ in range(2))
    third = Player(client, table["table"], 0, token)
    told = first.receive()
    assert told["type"] == "error" and told["code"] == "elsewhere", told
    assert told["message"] == "This seat was opened in another window: this one is closed."
    with pytest.raises(WebSocketDisconnect) as closed:
        first.receive()
    assert closed.value.code == 4409
    assert second.sync() == [] and third.sync() == []  # both still open, nothing to tell
    for player in (first, second, third):
        player.close()


def test_a_silent_spectator_is_closed_but_a_pinging_one_and_a_player_stay(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    """A spectator that sends nothing for ``spectator_idle_seconds`` (0.3 s here) is told
    and closed (4408); the page's pings keep one open; a seat's socket has no such limit."""
    limits = dataclasses.replace(PLAY_LIMITS, spectator_idle_seconds=0.3)
    client = client_on(sqlite_url, limits=limits)
    table = new_table(client, "cribbage", TWO_PEOPLE)
    silent = Player(client, table["table"], None, None)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    while (told := silent.receive())["type"] == "state":  # Ana came: it is told so
        pass  # then it waits past the idle time, and the server speaks first
    assert told["type"] == "error" and told["code"] == "idle", told
    with pytest.raises(WebSocketDisconnect) as closed:
        silent.receive()
    assert closed.value.code == 4408
    pinging = Player(client, table["table"], None, None)
    for _ in range(6):  # a ping every 0.1 s for 0.6 s, twice the idle time
        pinging.send({"type": "ping"})
        assert pinging.receive() == {"type": "pong"}
        time.sleep(0.1)
    ana.sync()  # Ana sent nothing all that time, and her socket still answers
    for player in (silent, ana, pinging):
        player.close()
