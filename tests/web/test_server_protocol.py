"""The WebSocket protocol's refusals, resync, spectators, seats and "play again"
(docs/web.md): a refused message is answered to its sender only and changes nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pegboard.web import views
from tests.web.conftest import Player, new_table, service_of, token_of, truth_of


def two_humans(client: TestClient, **options: Any) -> tuple[str, Player, Player]:
    """A Draw table of two humans; the players in turn order (to act, then the other)."""
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2, **options)
    table_id = table["table"]
    first = Player(client, table_id, 0, token_of(table, 0))
    second = Player(client, table_id, 1, token_of(table, 1))
    first.sync()
    leader = first.state["view"]["current"]
    return (table_id, first, second) if leader == 0 else (table_id, second, first)


def log_of(client: TestClient, table_id: str) -> list[tuple[int, int, str]]:
    return service_of(client).store.log(table_id, 1)


def refused(player: Player, others: list[Player], message: Any, code: str) -> dict[str, Any]:
    """Send ``message`` (an object, or raw text); check the answer is one error of ``code``
    to ``player`` alone, and return it."""
    if isinstance(message, str):
        player.socket.send_text(message)
        answer = player.sync()
        assert len(answer) == 1, answer
        error = answer[0]
    else:
        error = player.answer(message)
    assert error["type"] == "error" and error["code"] == code, error
    assert error["message"]
    for other in others:
        assert other.sync() == []
    return error


def test_refused_messages_change_nothing(client: TestClient) -> None:
    table_id, mover, other = two_humans(client, clock=None)  # a state is the same later
    before = log_of(client, table_id)
    seq = mover.state["seq"]
    state = mover.state
    play = mover.state["view"]["legal"][0]["action"]

    refused(other, [mover], {"type": "act", "action": play, "seq": seq}, "out_of_turn")
    d8 = refused(mover, [other], {"type": "act", "action": "pass", "seq": seq}, "illegal")
    assert d8["rule"] in ("D8", "D4")
    refused(mover, [other], {"type": "act", "action": "9-9", "seq": seq}, "illegal")
    refused(mover, [other], {"type": "act", "action": play, "seq": seq - 1}, "stale")
    refused(mover, [other], {"type": "act", "action": play}, "malformed")
    refused(mover, [other], {"type": "act", "action": 3, "seq": seq}, "malformed")
    refused(mover, [other], "{not json", "malformed")
    refused(mover, [other], "[1, 2]", "malformed")
    refused(mover, [other], json.dumps({"type": "act", "pad": "x" * 5000}), "too_large")
    refused(mover, [other], {"type": "teleport"}, "unknown")
    refused(mover, [other], {"type": "again"}, "not_over")
    refused(other, [mover], {"type": "hint"}, "no_hints")

    assert log_of(client, table_id) == before
    assert mover.answer({"type": "hello"}) == state  # a resync: the very same state
    mover.act(play)  # and the table still plays
    assert len(log_of(client, table_id)) == len(before) + 1


def test_d8_an_illegal_move_cites_its_rule_in_the_seat_language(client: TestClient) -> None:
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    players = [
        Player(client, table["table"], seat, token_of(table, seat), lang="pt") for seat in (0, 1)
    ]
    players[0].sync()
    mover = players[players[0].state["view"]["current"]]
    error = mover.answer({"type": "act", "action": "pass", "seq": mover.state["seq"]})
    assert error["code"] == "illegal" and error["rule"] in error["message"]
    english = "you may pass only when you can neither play nor draw"
    assert english not in error["message"]
    waiting = players[1 - players.index(mover)]
    out = waiting.answer({"type": "act", "action": "pass", "seq": waiting.state["seq"]})
    assert out["code"] == "out_of_turn" and out["message"] != "It is not your turn."


def test_a_bad_token_is_refused_and_the_socket_closed(client: TestClient) -> None:
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    for hello in (
        {"type": "hello", "seat": 1, "token": token_of(table, 0)},  # another seat's token
        {"type": "hello", "seat": 1, "token": "x" * 32},
        {"type": "hello", "seat": 7, "token": token_of(table, 0)},
        {"type": "act", "action": "draw", "seq": 0},  # no hello first
    ):
        with client.websocket_connect(f"/ws/{table['table']}") as socket:
            socket.send_json(hello)
            error = socket.receive_json()
            assert error["type"] == "error" and error["code"] in ("auth", "malformed")
            with pytest.raises(WebSocketDisconnect):
                socket.receive_json()
    assert log_of(client, table["table"]) == []


def test_no_table_is_said_and_the_socket_closed(client: TestClient) -> None:
    with client.websocket_connect("/ws/nosuchtable") as socket:
        socket.send_json({"type": "hello"})
        assert socket.receive_json()["code"] == "no_table"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
        assert closed.value.code == 4404


def test_a_spectator_sees_the_public_view_and_cannot_play(client: TestClient) -> None:
    table_id, mover, _other = two_humans(client)
    watcher = Player(client, table_id, None, None)
    view = watcher.state["view"]
    assert view["seat"] is None and view["hand"] == [] and view["legal"] == []
    assert not view["your_turn"]
    truth = truth_of(client, table_id)
    assert view == views.view(truth.positions[watcher.state["seq"]], "draw", None, "en", ["", ""])
    play = mover.state["view"]["legal"][0]["action"]
    refused(watcher, [mover], {"type": "act", "action": play, "seq": watcher.state["seq"]}, "auth")
    refused(watcher, [mover], {"type": "hint"}, "auth")
    mover.act(play)
    assert watcher.sync()[-1]["seq"] == mover.state["seq"]  # and it follows the game


def test_a_reconnecting_seat_resyncs_by_seq(client: TestClient) -> None:
    table_id, mover, other = two_humans(client)
    token = other.token
    assert token is not None
    other.close()
    rng = random.Random(1)
    for _ in range(3):  # the other seat misses some moves (draws keep the turn, D6)
        if not mover.state["view"]["your_turn"]:
            break
        mover.act(rng.choice(mover.state["view"]["legal"])["action"])
    back = Player(client, table_id, other.seat, token)
    assert back.state["seq"] == mover.state["seq"] > 0
    truth = truth_of(client, table_id)
    assert back.state["view"] == views.view(
        truth.positions[back.state["seq"]], "draw", other.seat, "en", ["", ""]
    )


def test_leave_and_join_a_seat(client: TestClient) -> None:
    table = new_table(
        client,
        "draw",
        [{"kind": "human", "name": "Ana"}, {"kind": "human"}],
        players=2,
        public=True,
    )
    table_id = table["table"]
    assert [s["claimed"] for s in client.get(f"/api/tables/{table_id}").json()["seats"]] == [
        True,
        False,
    ]
    ana = Player(client, table_id, 0, token_of(table, 0))
    bo = Player(client, table_id, 1, token_of(table, 1))  # the invitation claims seat 1
    assert table_id not in open_ids(client)

    assert (
        client.post(f"/api/tables/{table_id}/seats/1/leave", json={"token": "nope"}).status_code
        == 403
    )
    assert (
        client.post(
            f"/api/tables/{table_id}/seats/1/leave", json={"token": token_of(table, 1)}
        ).status_code
        == 200
    )
    assert bo.receive()["code"] == "auth"  # the seat's socket is told, then closed
    with pytest.raises(WebSocketDisconnect):
        bo.receive()
    bo.close()
    assert table_id in open_ids(client)
    assert ana.sync()[-1]["table"]["seats"][1]["claimed"] is False

    with client.websocket_connect(f"/ws/{table_id}") as socket:  # the old link is dead
        socket.send_json({"type": "hello", "seat": 1, "token": token_of(table, 1)})
        assert socket.receive_json()["code"] == "auth"

    joined = client.post(f"/api/tables/{table_id}/seats/1/join", json={"name": "Cy"})
    assert joined.status_code == 200
    again = client.post(f"/api/tables/{table_id}/seats/1/join", json={"name": "Di"})
    assert again.status_code == 409 and "error" in again.json()
    assert client.post(f"/api/tables/{table_id}/seats/0/join", json={}).status_code == 409
    assert client.post(f"/api/tables/{table_id}/seats/5/join", json={}).status_code == 404
    cy = Player(client, table_id, 1, joined.json()["token"])
    assert cy.state["view"]["names"][1] == "Cy"
    assert table_id not in open_ids(client)


def open_ids(client: TestClient) -> list[str]:
    return [t["table"] for t in client.get("/api/tables").json()]


def test_play_again_starts_the_next_match_with_the_same_seats(client: TestClient) -> None:
    table_id, first, second = two_humans(client, target=1)  # one round decides it (D17)
    players = {first.seat: first, second.seat: second}
    rng = random.Random(2)
    while not first.state["view"]["is_over"]:
        first.sync()
        if first.state["view"]["is_over"]:
            break
        player = players[first.state["view"]["current"]]
        player.sync()
        player.act(rng.choice(player.state["view"]["legal"])["action"])
        first.sync()
    second.sync()
    assert first.state["table"]["status"] == "over"
    assert table_id not in open_ids(client)
    ended = first.state["seq"]
    refused(first, [], {"type": "act", "action": "draw", "seq": ended}, "out_of_turn")

    second.send({"type": "again"})
    assert second.sync()[-1]["match"] == 2
    state = first.sync()[-1]
    assert state["match"] == 2 and state["seq"] == 0 and not state["view"]["is_over"]
    assert state["table"]["status"] == "playing"
    assert state["view"]["scores"] == [0, 0]
    refused(first, [second], {"type": "again"}, "not_over")
    record = service_of(client).store.load_table(table_id)
    assert record is not None and record.match_number == 2 and record.seed == 12  # a new seed
    assert len(service_of(client).store.log(table_id, 1)) == ended  # match 1 is kept


def test_the_open_list_shows_tables_with_a_free_human_seat(client: TestClient) -> None:
    full = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    waiting = new_table(
        client,
        "cribbage",
        [{"kind": "human", "name": "Ana"}, {"kind": "human"}],
        best_of=3,
        public=True,
    )
    listed = client.get("/api/tables").json()
    assert [t["table"] for t in listed] == [waiting["table"]]
    assert listed[0] == {
        "table": waiting["table"],
        "game": "cribbage",
        "public": True,
        "players": 2,
        "seats": [
            {
                "seat": 0,
                "kind": "human",
                "level": None,
                "name": "Ana",
                "display_name": "Ana",
                "claimed": True,
                "invited": False,
                "connected": None,  # the list does not say who is here
            },
            {
                "seat": 1,
                "kind": "human",
                "level": None,
                "name": None,
                "display_name": "Seat 2",  # no name yet: its number, as the table says it
                "claimed": False,
                "invited": True,  # its invitation waits (it may also be joined from here)
                "connected": None,
            },
        ],
        "status": "open",
        "match": 1,
    }
    assert client.get(f"/api/tables/{full['table']}").json()["status"] == "playing"
    assert client.get("/api/tables/nosuchtable").status_code == 404


@pytest.mark.parametrize(
    "body",
    [
        {"game": "chess", "seats": []},
        {"game": "draw", "players": 5, "seats": [{"kind": "human"}] * 5},
        {"game": "draw", "players": 3, "seats": [{"kind": "human"}] * 2},
        {"game": "draw", "players": 2, "seats": [{"kind": "bot", "level": "expert"}] * 2},
        {
            "game": "draw",
            "players": 2,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "god"}],
        },
        {"game": "draw", "players": 2, "seats": [{"kind": "human"}, {"kind": "alien"}]},
        {"game": "draw", "players": 2, "target": 0, "seats": [{"kind": "human"}] * 2},
        {
            "game": "draw",
            "players": 2,
            "seats": [{"kind": "human", "name": "x" * 25}, {"kind": "human"}],
        },
        {"game": "cribbage", "best_of": 2, "seats": [{"kind": "human"}] * 2},
        {"game": "cribbage", "seats": [{"kind": "human"}] * 3},
        [1, 2, 3],
    ],
)
def test_a_bad_new_table_is_refused_with_a_reason(client: TestClient, body: Any) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    assert isinstance(answer.json()["error"], str) and answer.json()["error"]
    assert client.get("/api/tables").json() == []


def test_d1_a_draw_table_for_five_is_refused_naming_the_rule(client: TestClient) -> None:
    body = {"game": "draw", "players": 5, "seats": [{"kind": "human"}] * 5, "lang": "pt_BR"}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 422
    assert answer.json()["error"] == "Draw é para 2, 3 ou 4 jogadores (D1)."


def test_the_page_strings_come_translated(client: TestClient) -> None:
    portuguese = client.get("/api/messages", params={"lang": "pt_BR"}).json()
    assert portuguese["lang"] == "pt_BR"
    assert portuguese["messages"]["Play again"] != "Play again"
    english = client.get("/api/messages", params={"lang": "xx"}).json()
    assert english["lang"] == "en" and english["messages"]["Play again"] == "Play again"


def test_the_page_is_served_at_the_root_and_for_a_table(client: TestClient) -> None:
    from pegboard.web import lobby

    for path in ("/", "/t/abc"):
        page = client.get(path)
        assert page.status_code == 200 and page.text == lobby.index_page()
        assert "<title>pegboard</title>" in page.text
        assert page.headers["content-type"].startswith("text/html")


def test_two_tabs_of_one_seat_racing_one_seq_get_one_move(client: TestClient) -> None:
    """The per-table lock and the seq: two sends of one seat at one seq, unawaited, are
    one move and one ``stale`` refusal, and the log has one action."""
    table_id, mover, _other = two_humans(client)
    twin = Player(client, table_id, mover.seat, mover.token)
    seq = mover.state["seq"]
    legal = [m["action"] for m in mover.state["view"]["legal"]]
    mover.send({"type": "act", "action": legal[0], "seq": seq})
    twin.send({"type": "act", "action": legal[-1], "seq": seq})
    answers = mover.sync() + twin.sync()
    errors = [m for m in answers if m["type"] == "error"]
    assert [e["code"] for e in errors] == ["stale"]
    assert len(log_of(client, table_id)) == seq + 1
    assert mover.state["seq"] == twin.state["seq"] == seq + 1


def test_a_hint_in_portuguese_names_its_unit_in_portuguese(client: TestClient) -> None:
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "human"}], hints=True)
    players = [Player(client, table["table"], s, token_of(table, s), lang="pt") for s in (0, 1)]
    players[0].sync()
    mover = players[players[0].state["view"]["current"]]
    answer = mover.answer({"type": "hint"})
    assert len(answer["hints"]) == 15  # every pair of six cards (C2)
    values = [h["value"] for h in answer["hints"]]
    assert values == sorted(values, reverse=True)
    assert {h["unit"] for h in answer["hints"]} == {"pontos líquidos esperados"}
    labels = {m["action"]: m["label"] for m in mover.state["view"]["legal"]}
    assert all(h["label"] == labels[h["action"]] for h in answer["hints"])
    # The seat's chance of winning from its own view, with the hints (issue 37): the same
    # estimate the library makes from that seat's observation with the hint's seed.
    assert 0 <= answer["chance"] <= 1


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_d5_a_refusal_never_tells_where_a_tile_not_held_is(client: TestClient, lang: str) -> None:
    """Playing a tile held by the other seat and one lying in the stock draw the same
    refusal (its tile aside): errors carry no hidden information."""
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    table_id = table["table"]
    players = [Player(client, table_id, s, token_of(table, s), lang=lang) for s in (0, 1)]
    players[0].sync()
    mover = players[players[0].state["view"]["current"]]
    position = truth_of(client, table_id).positions[0].round  # type: ignore[union-attr]
    other_tile = position.hands[1 - mover.seat][0]
    stock_tile = position.stock[0]
    refusals = []
    for tile in (other_tile, stock_tile):
        error = mover.answer({"type": "act", "action": f"{tile.low}-{tile.high}", "seq": 0})
        assert error["code"] == "illegal" and error["rule"] == "D5"
        refusals.append(error["message"].replace(str(tile), "TILE"))
    assert refusals[0] == refusals[1]
    assert log_of(client, table_id) == []


def test_the_games_come_from_the_registry_translated(client: TestClient) -> None:
    games_pt = client.get("/api/games", params={"lang": "pt"}).json()
    assert [g["name"] for g in games_pt] == ["draw", "cribbage", "all-fives", "fives-and-threes"]
    draw = games_pt[0]
    assert draw["display_name"] != "Draw dominoes" and (
        draw["min_players"],
        draw["max_players"],
    ) == (2, 4)
    target = {o["name"]: o for o in draw["options"]}["target"]
    assert (target["minimum"], target["maximum"], target["optional"], target["rule"]) == (
        1,
        500,
        True,
        "D17",
    )
    best_of = {o["name"]: o for o in games_pt[1]["options"]}["best_of"]
    assert best_of["choices"] == [1, 3, 5, 7] and best_of["default"] == 3
    assert "expert" in games_pt[1]["bots"]
    english = client.get("/api/games").json()
    assert [g["display_name"] for g in english] == [
        "Draw dominoes",
        "Cribbage",
        "All Fives",
        "Fives and Threes",
    ]
