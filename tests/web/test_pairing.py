"""Quick pairing (issue 39, "Quick pairing"): two players who ask for an opponent at the same
game and kind are paired to one table of two, each at a seat of their own; a rating far
off waits until the window has widened; rated and casual, and two games, never mix; a
place given up or not asked about is gone; several processes on one PostgreSQL database
pair each place once."""

from __future__ import annotations

import dataclasses
import threading
from datetime import timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from pegboard.web import pairing
from pegboard.web.db import RatingRow, SeatRow, TableRow
from tests.web.conftest import PLAY_LIMITS, another_browser, service_of


def person(client: TestClient, n: int) -> TestClient:
    """Another person's browser (an address of its own)."""
    return another_browser(client, client=(f"198.51.100.{n}", 40000 + n))


def ask(browser: TestClient, game: str = "draw", **body: Any) -> dict[str, Any]:
    answer = browser.post("/api/pairing", json={"game": game, **body})
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def mine(browser: TestClient, table_id: str) -> int | None:
    answer = browser.get(f"/api/tables/{table_id}/mine")
    return answer.json().get("seat") if answer.status_code == 200 else None


def test_two_players_at_one_game_are_paired_to_one_table(client: TestClient) -> None:
    ana, bo = person(client, 1), person(client, 2)
    first = ask(ana, name="Ana")
    assert first["status"] == "waiting" and first["window"] == pairing.WINDOW_START
    second = ask(bo, name="Bo")
    assert second["status"] == "paired"
    table_id = second["table"]
    again = ana.get(f"/api/pairing/{first['ticket']}").json()
    assert again == {"ticket": first["ticket"], "status": "paired", "table": table_id}
    # One table of two people, each at a seat of their own (Ana waited longer: seat 0).
    assert mine(ana, table_id) == 0 and mine(bo, table_id) == 1
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["game"] == "draw" and summary["players"] == 2
    assert summary["status"] == "playing" and summary["rated"] is False
    assert [s["display_name"] for s in summary["seats"]] == ["Ana", "Bo"]
    assert summary["clock"] is not None  # the game's own pace for people


def test_rated_and_casual_and_two_games_never_mix(client: TestClient) -> None:
    ana, bo, cy = person(client, 1), person(client, 2), person(client, 3)
    assert ask(ana, rated=True)["status"] == "waiting"
    assert ask(bo)["status"] == "waiting"  # casual: not with Ana
    assert ask(cy, "cribbage")["status"] == "waiting"  # another game
    di = person(client, 4)
    paired = ask(di, rated=True)
    assert paired["status"] == "paired"
    assert client.get(f"/api/tables/{paired['table']}").json()["rated"] is True


def test_asking_again_takes_one_place_and_a_player_is_not_paired_with_themselves(
    client: TestClient,
) -> None:
    ana = person(client, 1)
    first = ask(ana)
    second = ask(ana)
    assert second["status"] == "waiting"
    assert ana.get(f"/api/pairing/{first['ticket']}").status_code == 404  # given up
    with service_of(client).store.session() as session:
        from pegboard.web.db import PairingRow

        assert session.scalar(select(func.count()).select_from(PairingRow)) == 1


def test_a_far_rating_waits_until_the_window_has_widened(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana, bo = person(client, 1), person(client, 2)
    strong = ask(ana, name="Ana")
    ana_id = ana.get("/api/me").json()["id"]
    # Ana is strong (1500 + 30 * 20 = 2100 displayed, a narrow band): 600 points above Bo.
    with service_of(client).store.session() as session, session.begin():
        session.add(RatingRow(player_id=ana_id, game="draw", mu=45.0, sigma=1.0, matches=50))
    ask(ana)  # her place again, at her rating now
    strong = ask(ana)
    weak = ask(bo)
    assert weak["status"] == "waiting" and abs(weak["rating"] - strong["rating"]) > 500
    start = pairing.now()
    seconds = (600 - pairing.WINDOW_START) // pairing.WINDOW_STEP * pairing.STEP_SECONDS
    monkeypatch.setattr(pairing, "now", lambda: start + timedelta(seconds=seconds - 5))
    # Both keep asking (a place not asked about for 30 seconds is gone): still too far.
    for elapsed in range(0, seconds - 5, 20):
        monkeypatch.setattr(pairing, "now", lambda e=elapsed: start + timedelta(seconds=e))
        ana.get(f"/api/pairing/{strong['ticket']}")
        assert bo.get(f"/api/pairing/{weak['ticket']}").json()["status"] == "waiting"
    monkeypatch.setattr(pairing, "now", lambda: start + timedelta(seconds=seconds + 15))
    ana.get(f"/api/pairing/{strong['ticket']}")
    assert bo.get(f"/api/pairing/{weak['ticket']}").json()["status"] == "paired"
    assert pairing.window(0) == 100 and pairing.window(25) == 200
    assert pairing.window(10**6) == pairing.WINDOW_MOST


def test_a_place_given_up_or_forgotten_is_not_paired(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana, bo, cy = person(client, 1), person(client, 2), person(client, 3)
    left = ask(ana)
    assert ana.delete(f"/api/pairing/{left['ticket']}").status_code == 204
    assert ana.delete(f"/api/pairing/{left['ticket']}").status_code == 404
    forgotten = ask(bo)
    start = pairing.now()
    monkeypatch.setattr(
        pairing, "now", lambda: start + timedelta(seconds=pairing.STALE_SECONDS + 1)
    )
    assert ask(cy)["status"] == "waiting"  # Bo's page stopped asking: not paired with him
    assert bo.get(f"/api/pairing/{forgotten['ticket']}").status_code == 404  # swept


@pytest.mark.parametrize(
    "body",
    [{"game": "chess"}, {"game": 3}, {"game": "draw", "rated": "yes"}, {}],
)
def test_a_request_that_is_not_one_is_refused_in_words(
    client: TestClient, body: dict[str, Any]
) -> None:
    answer = client.post("/api/pairing", json=body)
    assert answer.status_code == 422 and answer.json()["error"]
    assert client.get("/api/pairing/nothing").status_code == 404


def test_several_processes_pair_each_place_once(fresh_db_url: str, client_on: Any) -> None:
    if not fresh_db_url.startswith("postgresql"):
        pytest.skip("one process on SQLite: the other tests are its")
    apps = [client_on(fresh_db_url), client_on(fresh_db_url)]
    people = [person(apps[n % 2], n + 1) for n in range(8)]
    answers: list[dict[str, Any]] = [{} for _ in people]

    def enter(n: int) -> None:
        answers[n] = ask(people[n])

    threads = [threading.Thread(target=enter, args=(n,)) for n in range(len(people))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for _ in range(3):  # each asks again until paired
        for n, browser in enumerate(people):
            if answers[n]["status"] == "waiting":
                answers[n] = browser.get(f"/api/pairing/{answers[n]['ticket']}").json()
    tables = [a["table"] for a in answers]
    assert all(a["status"] == "paired" for a in answers), answers
    assert sorted(tables.count(t) for t in set(tables)) == [2] * 4  # each table two people
    with service_of(apps[0]).store.session() as session:
        seats = session.execute(
            select(SeatRow.table_id, SeatRow.player_id).where(SeatRow.table_id.in_(tables))
        ).all()
    players = [player for _, player in seats]
    assert len(players) == 8 and len(set(players)) == 8  # nobody at two tables


def test_two_identities_of_one_address_are_never_paired_at_a_rated_table(
    client_on: Any, sqlite_url: str
) -> None:
    """Fair play: a rated pair from one address (two browsers of one person, say) is not
    made: no table, no rating; each waits on for someone else, the refused pair is not
    tried again at every ask (each try was a table), and a casual pair is made as ever."""
    app = client_on(
        sqlite_url, limits=dataclasses.replace(PLAY_LIMITS, rated_shared_addresses=False)
    )
    ana = another_browser(app, client=("198.51.100.1", 40001))
    ana_too = another_browser(app, client=("198.51.100.1", 40002))  # one address
    first = ask(ana, rated=True)
    second = ask(ana_too, rated=True)
    assert first["status"] == second["status"] == "waiting"
    for _ in range(3):  # each asks again: still no pair, still no table
        assert ana.get(f"/api/pairing/{first['ticket']}").json()["status"] == "waiting"
        assert ana_too.get(f"/api/pairing/{second['ticket']}").json()["status"] == "waiting"
    with service_of(app).store.session() as session:
        assert session.scalar(select(func.count()).select_from(TableRow)) == 0
    bo = person(app, 7)  # another address
    paired = ask(bo, rated=True)
    assert paired["status"] == "paired"
    assert client_on is not None and mine(ana, paired["table"]) == 0  # the longest waiting
    casual = [another_browser(app, client=("198.51.100.9", 40000 + n)) for n in (1, 2)]
    ask(casual[0])
    assert ask(casual[1])["status"] == "paired"  # casual: one address may play itself
