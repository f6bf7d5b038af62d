"""Every figure a client chooses is bounded, and a table stored with one out of range is
refused when it is loaded, never built (issue 14: a target of 10^29 hung the server)."""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pegboard.web.db import make_engine, upgrade
from pegboard.web.records import SeatInfo, TableRecord
from pegboard.web.store import Store
from tests.web.conftest import Player, new_table, service_of, token_of

HUGE = 100000000000000000000000000000


def two_seats(**options: Any) -> dict[str, Any]:
    return {"game": "draw", "players": 2, "seats": [{"kind": "human"}] * 2, **options}


def test_d17_a_huge_target_is_refused_at_creation_naming_the_bound(client: TestClient) -> None:
    answer = client.post("/api/tables", json=two_seats(target=HUGE))
    assert answer.status_code == 422
    assert answer.json()["error"] == "A target is a whole number of points from 1 to 500 (D17)."
    assert client.post("/api/tables", json=two_seats(target=501)).status_code == 422
    portuguese = client.post("/api/tables", json=two_seats(target=1_000_000, lang="pt"))
    assert portuguese.json()["error"] == "A meta é um número inteiro de pontos de 1 a 500 (D17)."
    assert client.get("/api/tables").json() == []
    assert client.post("/api/tables", json=two_seats(target=500)).status_code == 201


def stored(url: str, config: dict[str, Any], *, bot: bool = True, game: str = "draw") -> str:
    """A table written straight to the database, as an older server (or a hand) could have
    written it: its settings are not checked."""
    engine = make_engine(url)
    upgrade(engine)
    table_id = secrets.token_urlsafe(8)[:10]
    second = SeatInfo(1, "bot", level="greedy", claimed=True) if bot else SeatInfo(1, "human")
    Store(engine).create_table(
        TableRecord(
            id=table_id,
            game=game,
            config=config,
            status="playing",
            match_number=1,
            seed=5,
            seats=[SeatInfo(0, "human", claimed=True, token_hash="0" * 64), second],
        )
    )
    engine.dispose()
    return table_id


@pytest.mark.parametrize(
    "config",
    [
        {"players": 2, "target": HUGE},
        {"players": 2, "target": 1_000_000},
        {"players": 9, "target": None},
        {"players": 2, "target": "61"},
    ],
)
def test_a_stored_table_out_of_range_is_refused_when_loaded_and_hangs_nothing(
    db_url: str, client_on: Callable[..., TestClient], config: dict[str, Any]
) -> None:
    table_id = stored(db_url, config)  # with a bot: start-up tries to resume it
    client = client_on(db_url)  # the app has started (its bots resumed) and serves
    assert table_id not in [t["table"] for t in client.get("/api/tables").json()]
    answer = client.get(f"/api/tables/{table_id}")
    assert answer.status_code == 409
    assert answer.json()["error"].startswith(f"Table {table_id} cannot be opened: ")
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello", "lang": "pt"})
        refused = socket.receive_json()
        assert refused["code"] == "unusable"
        assert refused["message"].startswith(f"A mesa {table_id} não pode ser aberta: ")
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4422
    # The server goes on serving the rest.
    fresh = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    assert Player(client, fresh["table"], 0, token_of(fresh, 0)).state["seq"] == 0


def test_a_stored_log_that_does_not_replay_is_refused_not_a_500(
    sqlite_url: str, client_on: Callable[..., TestClient]
) -> None:
    table_id = stored(sqlite_url, {"players": 2, "target": None}, bot=False)
    store = Store(make_engine(sqlite_url))
    store.add_action(table_id, 1, 1, 0, "6-6@nowhere", "playing")
    client = client_on(sqlite_url)
    answer = client.get(f"/api/tables/{table_id}")
    assert answer.status_code == 409
    assert answer.json()["error"] == (
        f"Table {table_id} cannot be opened: its log of moves does not replay."
    )


def test_names_with_nul_or_control_characters_are_refused_on_every_database(
    db_url: str, client_on: Callable[..., TestClient]
) -> None:
    client = client_on(db_url)
    for name in ("Ana\x00", "\x07bell", "a\nb\x1b[31m"):
        body = {"game": "draw", "players": 2, "seats": [{"kind": "human", "name": name}] * 2}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422, name
        assert answer.json()["error"] == "A name may not hold control characters."
    table = new_table(
        client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2, public=True
    )
    answer = client.post(f"/api/tables/{table['table']}/seats/1/join", json={"name": "Bo\x00"})
    assert answer.status_code == 422
    assert client.get("/api/tables").json()[0]["seats"][1]["claimed"] is False
    # Hindi and emoji names keep their joiners (format characters are not control ones).
    kept = new_table(
        client, "draw", [{"kind": "human", "name": "क्\u200dष 👩\u200d💻"}] * 2, players=2
    )
    assert service_of(client).store.load_table(kept["table"]) is not None


def test_a_lone_surrogate_is_refused_in_a_body_and_in_a_token(client: TestClient) -> None:
    raw = '{"game": "draw", "players": 2, "seats": [{"kind": "human", "name": "\\ud800"}, {"kind": "human"}]}'
    answer = client.post("/api/tables", content=raw, headers={"content-type": "application/json"})
    assert answer.status_code == 422
    assert answer.json()["error"] == "The request holds text that is not valid Unicode."
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    with client.websocket_connect(f"/ws/{table['table']}") as socket:
        socket.send_text('{"type": "hello", "seat": 1, "token": "\\ud800"}')
        refused = socket.receive_json()
        assert refused["code"] == "malformed"
        assert refused["message"] == "That message holds text that is not valid Unicode."
    seat = Player(client, table["table"], 1, token_of(table, 1))  # the seat is still free
    assert seat.state["you"] == 1


def test_json_nested_1500_deep_is_a_4xx_and_an_error_message(client: TestClient) -> None:
    deep = "[" * 1500 + "]" * 1500
    body = '{"game": "draw", "seats": ' + deep + "}"
    answer = client.post("/api/tables", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 422
    assert answer.json()["error"] == "JSON nested deeper than 16 levels is not read."
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    player = Player(client, table["table"], 0, token_of(table, 0))
    message = json.dumps({"type": "act", "action": "x", "seq": 0})[:-1] + ', "x": ' + deep + "}"
    player.socket.send_text(message)
    answered = player.sync()
    assert [(m["type"], m["code"]) for m in answered] == [("error", "malformed")]
    assert answered[0]["message"] == "JSON nested deeper than 16 levels is not read."
    assert player.sync() == []  # the socket stays open and answers
    assert player.state["seq"] == 0
