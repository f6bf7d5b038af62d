"""Correspondence tables (issue 39, "Correspondence"): days for each move, given whole again
after every move; players come and go between moves (no grace time, no takeover); past
the time the flag is the clocks' (a rated match lost, a casual seat to a bot); a vacation
within limits; the moves due soonest first among a player's turns; days-long alarms that
let their tables leave memory and wake them in time; quick pairing at a correspondence pace.

The service's clock is a test clock (``conftest.FakeTime``) moved by days; the toy game
``tricks`` is played: Ana (seat 0) leads, then Bo."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.web import pairing, table_lists
from pegboard.web.clocks import DAY, Clock, TimeControl, TimeControlError
from tests.web.conftest import PLAY_LIMITS, FakeTime, Player, new_table, service_of, token_of
from tests.web.test_clocks import sit
from tests.web.test_pairing import ask, mine, person
from tests.web.test_ratings import Rated

PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def on(storage: str, request: pytest.FixtureRequest) -> dict[str, str]:
    """``toy_app``'s database: SQLite's by default, or a PostgreSQL database of the test's."""
    return {} if storage == "sqlite" else {"url": request.getfixturevalue("postgres_url")}


TWO_DAYS = {"days": 2}


# -- the values ----------------------------------------------------------------------------


def test_a_correspondence_control_is_days_a_move_written_3d() -> None:
    three = TimeControl.correspondence(3)
    assert (three.bank, three.increment, three.days) == (3 * DAY, 0, 3)
    assert TimeControl.parse("3d") == three and str(three) == "3d"
    assert three.to_json() == {"days": 3} and TimeControl.from_json({"days": 3}) == three
    assert TimeControl(180, 2).days is None  # a live clock has no days
    for text in ("1d", "2d", "7d", "3+2"):
        assert str(TimeControl.parse(text)) == text


@pytest.mark.parametrize(
    "value", [{"days": 4}, {"days": 0}, {"days": True}, {"days": "3"}, {"days": 3, "bank": 60}]
)
def test_a_correspondence_control_out_of_its_days_is_refused_in_words(value: Any) -> None:
    with pytest.raises(TimeControlError) as refused:
        TimeControl.from_json(value)
    assert str(refused.value).startswith(
        ("A correspondence table gives each move 1, 2, 3, 7 days.", "A clock has a bank")
    )
    with pytest.raises(TimeControlError, match="1, 2, 3, 7 days"):
        TimeControl(4 * DAY, 0, per_move=True)


def test_each_move_has_its_whole_days_however_quickly_the_last_came() -> None:
    days = TimeControl.correspondence(2)
    clock = Clock.start(days, 2, now=0.0, running=0)
    # Ana answers in an hour: her two days are whole again, and Bo's run.
    after = clock.moved(0, 3600.0, days, running=1)
    assert after.left == (2 * DAY, 2 * DAY) and after.running == 1 and after.at == 3600.0
    # Bo takes a day and a half: his days are whole again too, never more.
    later = after.moved(1, 3600.0 + 1.5 * DAY, days, running=0)
    assert later.left == (2 * DAY, 2 * DAY)
    # A live clock keeps what was left and adds its increment (the difference).
    live = TimeControl(60, 5)
    assert Clock.start(live, 2, 0.0, 0).moved(0, 10.0, live, 1).left == (55.0, 60.0)


# -- at the table --------------------------------------------------------------------------


def test_a_correspondence_table_counts_days_and_gives_them_whole_after_each_move(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    table = new_table(client, "tricks", PEOPLE, hand=3, clock=TWO_DAYS)
    ana, bo = sit(client, table)
    assert ana.state["table"]["clock"] == {
        "days": 2,
        "left": [2 * DAY * 1000, 2 * DAY * 1000],
        "running": 0,
    }
    wall.advance(DAY + 3600)  # Ana takes a day and an hour
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    clock = bo.state["table"]["clock"]
    assert clock["left"] == [2 * DAY * 1000, 2 * DAY * 1000] and clock["running"] == 1
    wall.advance(DAY)
    assert client.get(f"/api/tables/{table['table']}").json()["clock"]["left"][1] == DAY * 1000


def test_a_correspondence_clock_is_asked_for_in_its_own_form_or_refused_in_words(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, _wall = toy_app()
    for bad in ({"days": 5}, {"days": 2.0}, {"days": 2, "bank": 60, "increment": 0}):
        answer = client.post(
            "/api/tables", json={"game": "tricks", "seats": PEOPLE, "clock": bad, "lang": "pt"}
        )
        assert answer.status_code == 422, answer.text
        assert "relógio" in answer.json()["error"] or "clock" in answer.json()["error"]
    rated = new_table(client, "tricks", PEOPLE, rated=True, clock={"days": 7})
    summary = client.get(f"/api/tables/{rated['table']}").json()
    assert summary["rated"] is True and summary["clock"]["days"] == 7


def test_players_come_and_go_between_moves_without_a_grace_time(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """Away is normal by correspondence: no away figure, no takeover, however long."""
    client, wall = toy_app()
    table = new_table(client, "tricks", PEOPLE, hand=3, clock=TWO_DAYS)
    ana, bo = sit(client, table)
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.close()  # Bo goes to bed
    wall.advance(DAY)
    ana.send({"type": "takeover", "seat": 1})
    refused = [m for m in ana.sync() if m["type"] == "error"]
    assert [(m["code"], m["message"]) for m in refused] == [
        (
            "leaver",
            "At a correspondence table players come and go between moves: only the time "
            "for each move decides.",
        )
    ]
    seat = ana.state["table"]["seats"][1]
    assert seat["away"] is None and seat["grace_left"] is None and seat["stand_in"] is None


def test_past_the_days_a_rated_match_is_lost_and_a_casual_seat_goes_to_a_bot(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    service = service_of(client)
    rated = Rated(client, "tricks", ["Ana", "Bo"], hand=3, clock={"days": 1})
    ana, bo = rated.sit()
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    bo.act(bo.state["view"]["legal"][0]["action"])
    ana.sync()
    mover = ana if ana.state["view"]["your_turn"] else bo
    wall.advance(DAY - 1)
    assert not client.portal.call(service.clocks.flag_due, service._tables[rated.id])
    wall.advance(2)
    assert client.portal.call(service.clocks.flag_due, service._tables[rated.id])
    mover.sync()
    summary = mover.state["table"]
    assert (summary["forfeit"], summary["ending"]) == (mover.seat, "flag")

    casual = new_table(client, "tricks", PEOPLE, hand=3, clock={"days": 1})
    ana2, _bo2 = sit(client, casual)
    wall.advance(DAY + 1)
    assert client.portal.call(service.clocks.flag_due, service._tables[casual["table"]])
    ana2.sync()
    assert ana2.state["table"]["seats"][0]["stand_in"] is not None
    assert ana2.state["table"]["forfeit"] is None


# -- vacations -----------------------------------------------------------------------------


def vacation(browser: TestClient, days: int, lang: str = "en") -> Any:
    return browser.put("/api/me/vacation", json={"days": days, "lang": lang})


@pytest.mark.parametrize("storage", ["sqlite", "postgresql"])
def test_a_move_due_during_a_vacation_gets_its_whole_days_from_the_vacation_s_end(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
    storage: str,
    request: pytest.FixtureRequest,
) -> None:
    client, wall = toy_app(**on(storage, request))
    service = service_of(client)
    rated = Rated(client, "tricks", ["Ana", "Bo"], hand=3, clock=TWO_DAYS)
    ana, bo = rated.sit()
    ana.act(ana.state["view"]["legal"][0]["action"])  # Bo's two days run
    bo_browser = rated.browsers[1]
    wall.advance(3600)
    taken = vacation(bo_browser, 5)
    assert taken.status_code == 200, taken.text
    ends = datetime.fromtimestamp(wall.now, UTC) + timedelta(days=5)
    assert taken.json()["vacation"]["until"] == ends.isoformat()
    live = service._tables[rated.id]
    wall.advance(2 * DAY)  # Bo's move is due: he is away
    assert not client.portal.call(service.clocks.flag_due, live)
    assert live.record.forfeit is None
    assert live.record.clock is not None
    assert live.record.clock.deadline == ends.timestamp() + 2 * DAY
    bo.sync()
    assert bo.state["table"]["clock"]["left"][1] == 2 * DAY * 1000  # waits whole
    # Back from vacation, Bo has his two days, and then no more.
    wall.now = ends.timestamp() + 2 * DAY - 1
    assert not client.portal.call(service.clocks.flag_due, live)
    wall.advance(2)
    assert client.portal.call(service.clocks.flag_due, live)
    assert live.record.forfeit == 1


def test_a_vacation_ended_early_covers_nothing_after(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    service = service_of(client)
    table = new_table(client, "tricks", PEOPLE, hand=3, clock={"days": 1})
    ana, _bo = sit(client, table)
    assert vacation(client, 3).status_code == 200  # Ana's browser made the table
    assert client.delete("/api/me/vacation").status_code == 200
    wall.advance(DAY + 1)
    assert client.portal.call(service.clocks.flag_due, service._tables[table["table"]])
    ana.sync()
    assert ana.state["table"]["seats"][0]["stand_in"] is not None


def test_a_vacation_has_limits_said_in_words(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app(limits=dataclasses.replace(PLAY_LIMITS, vacation_days=10))
    nobody = client.put("/api/me/vacation", json={"days": 3})
    assert nobody.status_code == 403 and "vacation" in nobody.json()["error"]
    new_table(client, "tricks", PEOPLE)  # now the browser is a player's
    assert client.get("/api/me/vacation").json() == {"vacation": None, "longest": 10, "next": None}
    for days in (0, 11):
        answer = vacation(client, days)
        assert answer.status_code == 422
        assert answer.json()["error"] == "A vacation lasts 1 to 10 days."
    assert vacation(client, "3").status_code == 422  # type: ignore[arg-type]
    assert vacation(client, 2).status_code == 200
    again = vacation(client, 2, lang="pt")
    assert again.status_code == 409 and again.json()["error"] != (
        "You are on vacation already: end it first."
    )
    assert client.delete("/api/me/vacation").status_code == 200
    assert client.delete("/api/me/vacation").status_code == 404
    soon = vacation(client, 2)
    allowed = datetime.fromtimestamp(wall.now, UTC) + timedelta(days=30)
    assert soon.status_code == 409 and soon.json()["error"] == (
        f"Your next vacation may begin on {allowed:%Y-%m-%d %H:%M} (UTC)."
    )
    assert client.get("/api/me/vacation").json()["next"] == allowed.isoformat()
    wall.advance(30 * DAY)
    assert vacation(client, 2).status_code == 200


def test_the_player_s_own_page_has_the_vacation_form_and_nobody_else_s_does(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, _wall = toy_app()
    new_table(client, "tricks", PEOPLE)
    me = client.get("/api/me").json()
    page = client.get(f"/p/{me['id']}?lang=pt").text
    assert 'id="vacation-form"' in page and "settings.js" in page
    assert "7 dias" in page  # the lengths, in the reader's language
    other = person(client, 9).get(f"/p/{me['id']}").text
    assert 'id="settings"' not in other
    assert vacation(client, 4).status_code == 200
    assert 'id="vacation-end"' in client.get(f"/p/{me['id']}").text


# -- turns, memory ------------------------------------------------------------------------


def test_turns_put_the_move_due_soonest_first_with_its_time_left(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    week = new_table(client, "tricks", PEOPLE, hand=3, clock={"days": 7})
    day = new_table(client, "tricks", PEOPLE, hand=3, clock={"days": 1})
    for table in (week, day):
        sit(client, table)
    wall.advance(3600)
    turns = client.get("/api/me/turns").json()["turns"]
    assert [(t["table"], t["days"], t["left"]) for t in turns] == [
        (day["table"], 1, (DAY - 3600) * 1000),
        (week["table"], 7, (7 * DAY - 3600) * 1000),
    ]


@pytest.mark.parametrize("storage", ["sqlite", "postgresql"])
def test_a_days_long_alarm_lets_its_table_leave_memory_and_the_sweep_wakes_it_in_time(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
    storage: str,
    request: pytest.FixtureRequest,
) -> None:
    client, wall = toy_app(**on(storage, request))
    service = service_of(client)
    table = new_table(client, "tricks", PEOPLE, hand=3, clock={"days": 1})
    ana, bo = sit(client, table)
    ana.close()
    bo.close()
    table_id = table["table"]
    client.portal.call(_evict, service)
    assert not service.holds(table_id)  # a day away: memory is not held for it
    # (The run's PostgreSQL database is the test's own: no other test's tables are due.)
    assert table_lists.correspondence_due(service.store, wall.now + 3600) == []
    assert client.portal.call(service.clocks.wake_due) == 0
    wall.advance(DAY - 1800)  # half an hour before Ana's deadline
    assert table_lists.correspondence_due(service.store, wall.now + 3600) == [table_id]
    assert client.portal.call(service.clocks.wake_due) == 1
    assert service.holds(table_id) and table_id in service.clocks.alarms
    client.portal.call(_evict, service)
    assert service.holds(table_id)  # due within the hour: it stays, its alarm set
    # A restart resumes live clocks' tables at once, not the correspondence ones.
    assert table_id not in table_lists.tables_to_resume(service.store)


async def _evict(service: Any) -> None:
    for table in list(service._tables.values()):
        table.touched = 0.0
    service.evict_idle(0.0)


# -- quick pairing -------------------------------------------------------------------------


def test_quick_pairing_at_a_correspondence_pace_pairs_that_pace_only_and_waits_a_day(
    toy_app: Callable[..., tuple[TestClient, FakeTime]], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, _wall = toy_app()
    ana, bo, cy = person(client, 1), person(client, 2), person(client, 3)
    live = ask(bo, "draw")
    waiting = ask(ana, "draw", pace="3d")
    assert waiting["status"] == "waiting" and live["status"] == "waiting"  # paces never mix
    # Ana closed her page: a minute later (a live place would be gone) hers still waits.
    start = datetime.now(UTC)
    monkeypatch.setattr(pairing, "now", lambda: start + timedelta(minutes=1))
    paired = ask(cy, "draw", pace="3d")
    assert paired["status"] == "paired"
    table_id = paired["table"]
    assert mine(ana, table_id) == 0 and mine(cy, table_id) == 1
    clock = client.get(f"/api/tables/{table_id}").json()["clock"]
    assert clock["days"] == 3
    assert ask(bo, "draw")["status"] == "waiting"  # Bo's live place was never paired
    refused = ana.post("/api/pairing", json={"game": "draw", "pace": "5d"})
    assert refused.status_code == 422


def test_the_body_s_paces_are_the_clocks_own() -> None:
    for pace in pairing.PACES[1:]:
        assert TimeControl.parse(pace).days is not None
    assert pairing.stale_after("live") < pairing.stale_after("1d")


def test_a_correspondence_table_survives_a_restart_with_its_clock(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    table = new_table(client, "tricks", PEOPLE, hand=3, clock=TWO_DAYS)
    ana, _bo = sit(client, table)
    ana.act(ana.state["view"]["legal"][0]["action"])
    wall.advance(DAY)
    second, _same = toy_app()
    seen = second.get(f"/api/tables/{table['table']}").json()["clock"]
    assert seen == {"days": 2, "left": [2 * DAY * 1000, DAY * 1000], "running": 1}
    bo = Player(second, table["table"], 1, token_of(table, 1))
    assert bo.state["table"]["clock"]["running"] == 1
