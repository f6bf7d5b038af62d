"""Players remembered without a password (issue 13, "Players"): an identity in an HttpOnly,
SameSite=Lax cookie whose secret the server keeps only as a hash; a display name the player
changes; a one-time "use on another device" code that moves the identity and can be
revoked; the player page ``/p/{name or id}`` with the player's matches."""

from __future__ import annotations

import hashlib
import random
import re

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from pegboard.web.db import PlayerKeyRow, PlayerRow
from pegboard.web.players import COOKIE
from tests.web.conftest import Player, another_browser, new_table, service_of, token_of


def rows(client: TestClient) -> list[tuple[str, str, str]]:
    with service_of(client).store.session() as session:
        return [
            (key.key_hash, key.player_id, key.kind) for key in session.scalars(select(PlayerKeyRow))
        ]


def players_count(client: TestClient) -> int:
    with service_of(client).store.session() as session:
        return int(session.scalar(select(func.count()).select_from(PlayerRow)) or 0)


def test_p1_a_visit_alone_makes_no_player(client: TestClient) -> None:
    assert client.get("/").status_code == 200
    assert client.get("/api/me").json() == {"id": None, "name": None, "page": None}
    assert players_count(client) == 0 and COOKIE not in client.cookies


def test_p1_the_identity_is_an_httponly_samesite_cookie_kept_only_as_a_hash(
    client: TestClient,
) -> None:
    answer = client.put("/api/me", json={"name": "Ana"})
    assert answer.status_code == 200
    header = answer.headers["set-cookie"]
    assert header.startswith(f"{COOKIE}=")
    assert "HttpOnly" in header and "SameSite=lax" in header and "Max-Age=" in header
    secret = client.cookies[COOKIE]
    assert len(secret) >= 40
    me = client.get("/api/me").json()
    assert me["name"] == "Ana" and me["page"] == f"/p/{me['id']}"
    (stored,) = rows(client)
    assert stored == (
        hashlib.sha256(f"pegboard-player:{secret}".encode()).hexdigest(),
        me["id"],
        "browser",
    )
    assert secret not in repr(stored)
    # The name changes; the player stays the same one.
    renamed = client.put("/api/me", json={"name": "Ana Maria"})
    assert renamed.json() == {**me, "name": "Ana Maria"} and players_count(client) == 1
    assert client.put("/api/me", json={"name": 7, "lang": "pt"}).status_code == 422


def test_p1_a_device_code_moves_the_identity_once_and_can_be_revoked(client: TestClient) -> None:
    me = client.put("/api/me", json={"name": "Ana"}).json()
    first_secret = client.cookies[COOKIE]
    code = client.post("/api/me/code").json()["code"]

    client.cookies.clear()  # another browser
    assert client.get("/api/me").json()["id"] is None
    moved = client.post("/api/me/device", json={"code": code})
    assert moved.status_code == 200 and moved.json()["id"] == me["id"]
    assert client.cookies[COOKIE] != first_secret  # a key of its own
    assert client.get("/api/me").json()["id"] == me["id"]

    client.cookies.clear()
    again = client.post("/api/me/device", json={"code": code, "lang": "pt"})
    assert again.status_code == 410 and "uma vez" in again.json()["error"]

    client.cookies.set(COOKIE, first_secret)
    revoked_code = client.post("/api/me/code").json()["code"]
    assert client.delete("/api/me/code").json() == {"revoked": 1}
    client.cookies.clear()
    assert client.post("/api/me/device", json={"code": revoked_code}).status_code == 410
    assert client.post("/api/me/device", json={"code": 5}).status_code == 422
    assert client.post("/api/me/device", json={"code": "x" * 65}).status_code == 422


def test_p1_the_players_seat_opens_by_their_identity_alone(client: TestClient) -> None:
    client.put("/api/me", json={"name": "Ana"})
    table = new_table(
        client, "draw", [{"kind": "human"}, {"kind": "bot", "level": "random"}], players=2
    )
    table_id = table["table"]
    assert client.get(f"/api/tables/{table_id}/mine").json() == {"seat": 0}
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello", "seat": 0, "player": True})
        state = socket.receive_json()
        assert state["type"] == "state" and state["you"] == 0
        assert state["view"]["names"][0] == "Ana"  # the player's name, not asked again
    stranger = another_browser(client)
    assert stranger.put("/api/me", json={"name": "Cy"}).status_code == 200  # a player too
    assert stranger.get(f"/api/tables/{table_id}/mine").json() == {"seat": None}
    with stranger.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello", "seat": 0, "player": True})
        assert socket.receive_json()["code"] == "auth"


def play_out(client: TestClient, table: dict[str, object]) -> list[float]:
    ana = Player(client, str(table["table"]), 0, token_of(table, 0))  # type: ignore[arg-type]
    rng = random.Random(3)
    while True:
        state = ana.settle({1})
        if state["view"]["is_over"]:
            break
        ana.act(rng.choice(state["view"]["legal"])["action"])
    scores: list[float] = state["view"]["scores"]
    ana.close()
    return scores


def test_p2_the_player_page_lists_the_players_matches(client: TestClient) -> None:
    me = client.put("/api/me", json={"name": "Ana"}).json()
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    finished = new_table(client, "draw", seats, players=2, target=1)  # one round (D17)
    scores = play_out(client, finished)
    new_table(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    page = client.get(f"/p/{me['id']}?lang=en")
    assert page.status_code == 200
    text = re.sub(r"<[^>]+>", " ", page.text)
    assert "<h1>Ana</h1>" in page.text
    rows_ = re.findall(r"<tr>(.*?)</tr>", page.text, re.S)[1:]
    assert len(rows_) == 2
    newest, older = (re.sub(r"<[^>]+>", "|", row) for row in rows_)
    assert "Cribbage" in newest and "Greedy bot" in newest and "In play" in newest
    expected = "Won" if scores[0] > scores[1] else "Lost" if scores[0] < scores[1] else "Drawn"
    assert "Draw dominoes" in older and "Random bot" in older and expected in older
    assert "Opponents" in text and "Result" in text
    # By name too; in the reader's language; a name nobody has is a 404 page.
    assert client.get("/p/Ana?lang=pt").text.count("<tr>") == 3
    assert "Adversários" in client.get("/p/Ana?lang=pt").text
    missing = client.get("/p/Nobody")
    assert missing.status_code == 404 and "No such player." in missing.text


def test_p2_a_name_two_players_share_lists_both(client: TestClient) -> None:
    ids = []
    for _ in range(2):
        client.cookies.clear()
        ids.append(client.put("/api/me", json={"name": "Bo"}).json()["id"])
    page = client.get("/p/Bo")
    assert page.status_code == 200
    assert all(f'href="/p/{player}"' in page.text for player in ids)


def test_p2_the_player_page_of_a_match_in_play_shows_nothing_hidden(client: TestClient) -> None:
    from tests.web.conftest import leaks, truth_of

    me = client.put("/api/me", json={"name": "Ana"}).json()
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    ana = Player(client, table["table"], 0, token_of(table, 0))
    state = ana.settle({1})
    ana.act(state["view"]["legal"][0]["action"])
    ana.settle({1})
    page = client.get(f"/p/{me['id']}").text
    truth = truth_of(client, table["table"])
    seq = len(truth.positions) - 1
    hidden = truth.hidden(seq, 0) | truth.hidden(seq, 1)
    assert hidden and leaks({"page": page}, hidden) == []
    assert "In play" in page
    ana.close()
