"""A real server killed mid-round (SIGKILL) and started again on the same database: the
clients reconnect to the same seq and the same views, and the round plays to its end with
no move lost (the log is committed before anyone is told)."""

from __future__ import annotations

import random
from contextlib import ExitStack
from pathlib import Path

import httpx

import pegboard.games
from pegboard.web.db import make_engine
from pegboard.web.store import Store
from tests.web.conftest import HANG_GUARD, Server
from tests.web.real_socket import RealClient as Seat


def play(
    seats: dict[int, Seat], rng: random.Random, played: list[tuple[int, str]], moves: int | None
) -> None:
    """Random legal moves: ``moves`` of them, or (None) until the first round is settled."""
    while moves is None or moves > 0:
        for seat in seats.values():
            seat.sync()
        view = seats[0].state["view"]
        if moves is None and view["rounds"]:
            return
        mover = seats[view["current"]]
        action = rng.choice(mover.state["view"]["legal"])["action"]
        mover.act(action)
        played.append((mover.seat, action))
        if moves is not None:
            moves -= 1


def test_a_killed_server_loses_no_move(tmp_path: Path, servers: list[Server]) -> None:
    with ExitStack() as sockets:
        killed_and_restarted(tmp_path, servers, sockets)


def killed_and_restarted(tmp_path: Path, servers: list[Server], sockets: ExitStack) -> None:
    db_url = f"sqlite:///{tmp_path / 'restart.db'}"
    servers.append(Server(db_url, tmp_path))
    body = {"game": "draw", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = httpx.post(f"{servers[0].base}/api/tables", json=body, timeout=HANG_GUARD).json()
    table_id = created["table"]
    tokens = {0: created["seats"][0]["token"]}
    invite = created["seats"][1]["invite"].split("#invite=")[1]
    claimed = httpx.post(
        f"{servers[0].base}/api/tables/{table_id}/claim",
        json={"invite": invite},
        timeout=HANG_GUARD,
    )
    tokens[1] = claimed.json()["token"]
    seats = {n: Seat(sockets, servers[0].base, table_id, n, tokens[n]) for n in (0, 1)}
    rng = random.Random(9)
    played: list[tuple[int, str]] = []
    play(seats, rng, played, moves=6)
    for seat in seats.values():
        seat.sync()
    before = {n: s.state for n, s in seats.items()}
    assert before[0]["seq"] == 6 and not before[0]["view"]["rounds"]  # mid-round

    servers[0].kill()
    servers.append(Server(db_url, tmp_path))
    seats = {n: Seat(sockets, servers[1].base, table_id, n, tokens[n]) for n in (0, 1)}
    for n, seat in seats.items():
        assert seat.state["seq"] == before[n]["seq"]
        assert seat.state["view"] == before[n]["view"]

    play(seats, rng, played, moves=None)  # to the end of the round
    settled = seats[0].state
    assert settled["view"]["rounds"][0]["number"] == 1

    store = Store(make_engine(db_url))
    log = store.log(table_id, 1)
    assert [seq for seq, _, _ in log] == list(range(1, settled["seq"] + 1))
    assert [(seat, action) for _, seat, action in log] == played
    record = store.load_table(table_id)
    assert record is not None
    replayed = pegboard.games.get("draw").replay(record.config, record.seed, record.actions)
    assert list(replayed.scores) == settled["view"]["scores"]
    assert len(replayed.rounds) == 1
