"""Where it is a player's turn (issue 39, "Notifications"): ``GET /api/me/turns`` lists the
tables in play at which this browser's player holds the seat to move, and only those: not
another player's turn, not a table over, nothing for a browser with no identity, and nothing
of a hand."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.web.conftest import Player, another_browser, claim, invite_of, new_table, service_of

PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]


def turns(browser: TestClient) -> list[dict[str, Any]]:
    answer = browser.get("/api/me/turns")
    assert answer.status_code == 200
    assert answer.headers["cache-control"].startswith("private")
    found: list[dict[str, Any]] = answer.json()["turns"]
    return found


def test_the_seat_to_move_sees_its_table_and_the_other_does_not(client: TestClient) -> None:
    table = new_table(client, "draw", PEOPLE, players=2)
    table_id = table["table"]
    bo = another_browser(client, client=("192.0.2.9", 5000))
    answer = claim(bo, table_id, invite_of(table, 1), name="Bo")
    assert answer.status_code == 200
    browsers = [client, bo]
    tokens = [table["seats"][0]["token"], answer.json()["token"]]
    live = service_of(client)._tables[table_id]
    mover = live.current
    assert mover in (0, 1)
    (turn,) = turns(browsers[mover])
    bank = live.record.time_control.bank * 1000  # the game's own live clock runs for the mover
    assert 0 < turn.pop("left") <= bank
    assert turn == {
        "table": table_id,
        "game": "draw",
        "display_name": "Draw dominoes",
        "seat": mover,
        "page": f"/t/{table_id}",
        "days": None,
    }
    assert turns(browsers[1 - mover]) == []
    # Translated for the reader.
    portuguese = browsers[mover].get("/api/me/turns?lang=pt").json()["turns"][0]
    assert portuguese["display_name"] != "Draw dominoes"

    # The mover plays: the turn and the list pass to the other.
    seat = Player(browsers[mover], table_id, mover, tokens[mover])
    legal = seat.state["view"]["legal"]
    seat.send({"type": "act", "action": legal[0]["action"], "seq": seat.state["seq"]})
    seat.sync()
    now = live.current
    if now != mover:
        assert turns(browsers[mover]) == []
        assert [t["table"] for t in turns(browsers[now])] == [table_id]
    seat.close()


def test_no_identity_no_turns_and_a_table_of_bots_lists_nothing_to_a_watcher(
    client: TestClient,
) -> None:
    assert TestClient(client.app).get("/api/me/turns").json() == {"turns": []}
    bots = [{"kind": "human", "name": "Cy"}, {"kind": "bot", "level": "beginner"}]
    table = new_table(client, "cribbage", bots)
    watcher = another_browser(client)
    assert turns(watcher) == []
    # The creator: their turn (to discard) at the table, whatever the bots do.
    assert [t["table"] for t in turns(client)] == [table["table"]]


def test_a_finished_table_is_not_listed(client: TestClient) -> None:
    table = new_table(client, "draw", PEOPLE, players=2)
    table_id = table["table"]
    live = service_of(client)._tables[table_id]
    live.record.status = "over"
    from sqlalchemy import update

    from pegboard.web.db import TableRow

    with service_of(client).store.session() as session, session.begin():
        session.execute(update(TableRow).where(TableRow.id == table_id).values(status="over"))
    assert turns(client) == []


def test_the_players_own_page_lists_the_tables_where_it_is_their_turn(
    client: TestClient,
) -> None:
    bots = [{"kind": "human", "name": "Cy"}, {"kind": "bot", "level": "beginner"}]
    table = new_table(client, "cribbage", bots)
    me = client.get("/api/me").json()["id"]
    own = client.get(f"/p/{me}?lang=en").text
    assert 'id="your-turns"' in own and f'href="/t/{table["table"]}"' in own
    assert f"Cribbage: table {table['table']}" in own
    # Another reader of the same page sees no such list (it is the player's own business).
    other = another_browser(client).get(f"/p/{me}?lang=en").text
    assert 'id="your-turns"' not in other and table["table"] not in other
    # Translated.
    assert "Cribbage: table" not in client.get(f"/p/{me}?lang=pt").text
