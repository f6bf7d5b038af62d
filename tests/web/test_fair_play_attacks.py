"""The attacks on rated play that issue 33 reproduced, played out end to end against a real
``pegboard serve`` with its default limits, each person a browser of its own address (all
of 127/8 is loopback): each is now refused, or rated fairly.

- the spectator lock-out: two addresses fill a rated table with spectators, and its
  players are locked out, then lose by forfeit (now: the players get in and play on);
- the sock-puppet farm: one address makes rated tables, seats its own second identities,
  never moves with them and claims the wins (now: refused, and aborted where not);
- the leave escape: a losing player leaves the rated match (now: a resignation, rated);
- the staller: a connected player never moves (now: the clock flags them; in process,
  with the service's clock moved by hand, since a bank is at least half a minute).

The toy game ``tricks`` (tests/games/toy/) is played, a plug-in of the server's."""

from __future__ import annotations

import json
import random
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import HANG_GUARD, FakeTime, Server, play_out, service_of
from tests.web.real_socket import RealClient
from tests.web.test_ratings import Rated

PLUG_IN = {"PEGBOARD_GAMES": "tests.games.toy:plug_in"}
RATED_AFTER = 3
"""``pegboard serve``'s default ``--rated-after``: the finished matches before a rated seat."""


class Browser:
    """One person's browser, from an address of its own: its cookies (its player identity)
    and its sockets."""

    def __init__(self, server: Server, address: str, sockets: ExitStack) -> None:
        self.server, self.address, self.sockets = server, address, sockets
        transport = httpx.HTTPTransport(local_address=address)
        self.http = sockets.enter_context(
            httpx.Client(base_url=server.base, transport=transport, timeout=HANG_GUARD)
        )

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.http.post(path, json=body)

    def table(self, seats: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
        answer = self.post("/api/tables", {"game": "tricks", "seats": seats, **options})
        assert answer.status_code == 201, answer.text
        made: dict[str, Any] = answer.json()
        return made

    def claim(self, made: dict[str, Any], seat: int) -> httpx.Response:
        code = made["seats"][seat]["invite"].split("#invite=", 1)[1]
        return self.post(f"/api/tables/{made['table']}/claim", {"invite": code})

    def seat(self, table_id: str, seat: int | None, token: str | None) -> Seat:
        return Seat(self, table_id, seat, token)

    def finish_matches(self, count: int) -> None:
        """Play ``count`` whole matches against a bot (one card each): a newcomer's way to
        a rated table."""
        for _ in range(count):
            made = self.table([{"kind": "human"}, {"kind": "bot", "level": "random"}], hand=1)
            me = self.seat(made["table"], 0, made["seats"][0]["token"])
            action = me.state["view"]["legal"][0]["action"]
            me.socket.send(json.dumps({"type": "act", "action": action, "seq": 0}))
            me.until(lambda state: state["view"]["is_over"])  # the bot answers at once

    def player(self) -> str:
        found: str = self.http.get("/api/me").json()["id"]
        return found


class Seat(RealClient):
    """``RealClient`` over a socket from its browser's address."""

    def __init__(
        self, browser: Browser, table_id: str, seat: int | None, token: str | None
    ) -> None:
        self.browser = browser
        super().__init__(browser.sockets, browser.server.base, table_id, seat, token)

    def connect(self, base: str) -> None:
        raw = socket.create_connection(
            ("127.0.0.1", self.browser.server.port),
            timeout=HANG_GUARD,
            source_address=(self.browser.address, 0),
        )
        url = base.replace("http://", "ws://") + f"/ws/{self.table_id}"
        self.socket: ClientConnection = self.sockets.enter_context(connect(url, sock=raw))
        hello: dict[str, Any] = {"type": "hello", "since": 0}
        if self.seat is not None:
            hello.update(seat=self.seat, token=self.token)
        self.socket.send(json.dumps(hello))
        self.state = self.receive()


@pytest.fixture
def server(tmp_path: Path, servers: list[Server]) -> Iterator[Server]:
    """``pegboard serve`` with its default limits (a grace time of half a second: the farm
    claims its wins without waiting two minutes), the toy game plugged in."""
    started = Server(f"sqlite:///{tmp_path / 'fair.db'}", tmp_path, ["--grace", "0.5"], env=PLUG_IN)
    servers.append(started)
    yield started


def ratings_of(browser: Browser, player: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = browser.http.get(f"/api/players/{player}/ratings").json()[
        "ratings"
    ]
    return found


def rated_pair(
    server: Server, sockets: ExitStack, hand: int = 3
) -> tuple[Browser, Browser, dict[str, Any]]:
    """Ana and Bo, two people of their own addresses past their newcomers' matches, at a
    rated table of Ana's that Bo's invitation seated: their browsers and the table."""
    ana = Browser(server, "127.0.0.2", sockets)
    bo = Browser(server, "127.0.0.3", sockets)
    for person in (ana, bo):
        person.finish_matches(RATED_AFTER)
    made = ana.table([{"kind": "human", "name": "Ana"}, {"kind": "human"}], rated=True, hand=hand)
    claimed = bo.claim(made, 1)
    assert claimed.status_code == 200, claimed.text
    made["seats"][1]["token"] = claimed.json()["token"]
    return ana, bo, made


def test_a_table_full_of_spectators_never_locks_its_players_out(server: Server) -> None:
    """Two addresses open 16 spectators each (32: the table's cap); both players still take
    their seats, play the match out, and it is rated."""
    with ExitStack() as sockets:
        ana, bo, made = rated_pair(server, sockets, hand=2)
        table_id = made["table"]
        crowd = [Browser(server, f"127.0.0.{n}", sockets) for n in (4, 5)]
        watchers = [w.seat(table_id, None, None) for w in crowd for _ in range(16)]
        assert all(w.state["type"] == "state" for w in watchers)
        refused = crowd[0].seat(table_id, None, None)  # a 17th of one address
        assert refused.state["code"] == "too_many" and refused.closed() == 4429
        full = Browser(server, "127.0.0.6", sockets).seat(table_id, None, None)
        assert full.state["code"] == "too_many" and full.closed() == 4429  # 32 watch already
        players = [
            ana.seat(table_id, 0, made["seats"][0]["token"]),
            bo.seat(table_id, 1, made["seats"][1]["token"]),
        ]
        assert [p.state["type"] for p in players] == ["state", "state"]
        play_out(players, random.Random(33))
        for person in (ana, bo):
            deadline = time.monotonic() + HANG_GUARD
            while not ratings_of(person, person.player()):  # rated after the end's commit
                assert time.monotonic() < deadline
                time.sleep(0.05)
            assert ratings_of(person, person.player())[0]["matches"] == 1


def test_the_sock_puppet_farm_earns_no_rating(server: Server) -> None:
    """One address makes rated tables for its own second identities. A puppet of that
    address is refused its seat; a puppet of another address (with its newcomer's matches
    done) takes it, never moves, and the claimed wins are aborted: no rating moves, and
    the leaderboard stays empty."""
    with ExitStack() as sockets:
        boss = Browser(server, "127.0.0.7", sockets)
        boss.finish_matches(RATED_AFTER)
        tables = [
            boss.table([{"kind": "human", "name": "Boss"}, {"kind": "human"}], rated=True)
            for _ in range(3)
        ]
        home_puppet = Browser(server, "127.0.0.7", sockets)
        refused = home_puppet.claim(tables[0], 1)
        assert refused.status_code == 409
        assert "finished 3 matches at unrated tables first (you have finished 0)" in refused.text
        home_puppet.finish_matches(RATED_AFTER)
        refused = home_puppet.claim(tables[0], 1)
        assert refused.status_code == 409 and "same address or device" in refused.text
        away_puppet = Browser(server, "127.0.0.8", sockets)
        away_puppet.finish_matches(RATED_AFTER)
        for made in tables:
            assert away_puppet.claim(made, 1).status_code == 200  # and never connects
        bosses = [boss.seat(made["table"], 0, made["seats"][0]["token"]) for made in tables]
        for mine in bosses:
            mine.act(mine.state["view"]["legal"][0]["action"])  # the boss leads; no answer
        time.sleep(0.6)  # the grace time (0.5 s) of the seats nobody ever connected to
        for mine in bosses:
            mine.socket.send(json.dumps({"type": "claim", "seat": 1}))
            assert [m["type"] for m in mine.sync()] == ["state"]  # no refusal: the claim holds
            summary = mine.state["table"]
            assert (summary["ending"], summary["aborted"]) == ("claim", True)
        assert ratings_of(boss, boss.player()) == []
        board = boss.http.get("/api/leaderboard/tricks").json()
        assert board["players"] == []


def test_leaving_a_lost_rated_match_is_a_rated_resignation(server: Server) -> None:
    with ExitStack() as sockets:
        ana, bo, made = rated_pair(server, sockets)
        table_id = made["table"]
        players = [
            ana.seat(table_id, 0, made["seats"][0]["token"]),
            bo.seat(table_id, 1, made["seats"][1]["token"]),
        ]
        players[0].act(players[0].state["view"]["legal"][0]["action"])
        players[1].sync()
        players[1].act(players[1].state["view"]["legal"][0]["action"])
        left = bo.post(
            f"/api/tables/{table_id}/seats/1/leave", {"token": made["seats"][1]["token"]}
        )
        assert left.status_code == 200
        players[0].until(lambda state: state["table"]["forfeit"] == 1)
        assert (players[0].state["table"]["ending"], players[0].state["table"]["aborted"]) == (
            "resign",
            False,
        )
        deadline = time.monotonic() + HANG_GUARD
        while not ratings_of(bo, bo.player()):
            assert time.monotonic() < deadline
            time.sleep(0.05)
        (ana_rating,) = ratings_of(ana, ana.player())
        (bo_rating,) = ratings_of(bo, bo.player())
        assert ana_rating["mu"] > 25 > bo_rating["mu"]
        # The seat is free, but not for anyone in this match.
        again = Browser(server, "127.0.0.9", sockets)
        joined = again.post(f"/api/tables/{table_id}/seats/1/join", {})
        assert joined.status_code in (403, 409)  # a private table, over besides


def test_the_staller_loses_on_time_and_the_match_is_rated(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """Bo, at a rated table, is connected and never moves again: at Bo's deadline the
    server's alarm flags Bo by itself, and the match is rated, Ana first."""
    client, _now = toy_app()
    rated = Rated(client, "tricks", ["Ana", "Bo"], hand=3, clock={"bank": 30, "increment": 0})
    ana, bo = rated.sit()
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    bo.act(bo.state["view"]["legal"][0]["action"])
    ana.sync()
    staller = ana if ana.state["view"]["your_turn"] else bo
    service = service_of(client)
    live = service._tables[rated.id]
    deadline = live.record.clock.deadline
    offset = deadline - 0.2 - time.time()  # from here the clock goes as real time does
    service.wall = lambda: time.time() + offset
    client.portal.call(_arm_now, service, live)
    while staller.state["table"]["forfeit"] is None:
        staller.receive()
    summary = staller.state["table"]
    assert (summary["forfeit"], summary["ending"], summary["aborted"]) == (
        staller.seat,
        "flag",
        False,
    )
    deadline = time.monotonic() + HANG_GUARD
    for player in rated.players:  # rated in a worker thread after the flag
        while not client.get(f"/api/players/{player}/ratings").json()["ratings"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
    mus = [
        client.get(f"/api/players/{p}/ratings").json()["ratings"][0]["mu"] for p in rated.players
    ]
    winner = 1 - staller.seat
    assert mus[winner] > 25 > mus[staller.seat]


async def _arm_now(service: Any, table: Any) -> None:
    service.clocks.arm(table)
