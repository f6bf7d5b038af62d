"""Clocks (issue 33, ``pegboard.web.clocks`` and ``table_clocks``): Fischer time controls
chosen at the table, counted by the server; a bank, an increment after each move, a flag
when the time is out (a rated table: the match is lost; a casual one: a bot plays the
seat until its person takes it back with a whole bank); no clock runs for a bot; a
reconnect or a restart keeps the clocks.

The service's clock is a test clock (``conftest.FakeTime``), moved by hand: no test waits for a bank to
run out. The toy game ``tricks`` is played: Ana (seat 0) leads, then Bo."""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.web.clocks import Clock, TimeControl, TimeControlError
from tests.web.conftest import FakeTime, Player, new_table, service_of, token_of
from tests.web.test_leavers import wait_until
from tests.web.test_ratings import Rated

PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
MINUTE = {"bank": 60, "increment": 5}


# -- the values ----------------------------------------------------------------------------


def test_a_time_control_is_written_as_chess_sites_write_it() -> None:
    assert TimeControl.parse("3+2") == TimeControl(180, 2)
    assert TimeControl.parse("0.5+0") == TimeControl(30, 0)
    for text in ("3+2", "0.5+0", "60+60", "5+3"):
        assert str(TimeControl.parse(text)) == text
    assert TimeControl.from_json({"bank": 300, "increment": 5}) == TimeControl(300, 5)


@pytest.mark.parametrize(
    "value",
    [
        {"bank": 29, "increment": 0},  # under half a minute
        {"bank": 3601, "increment": 0},  # over an hour
        {"bank": 60, "increment": 61},
        {"bank": 60, "increment": -1},
        {"bank": 60.5, "increment": 1},
        {"bank": True, "increment": 1},
        {"bank": "60", "increment": 1},
        {"bank": 60},
        {"bank": 60, "increment": 1, "delay": 2},
        [60, 1],
        "3+2",
    ],
)
def test_a_time_control_out_of_range_is_refused_in_words(value: Any) -> None:
    with pytest.raises(TimeControlError) as refused:
        TimeControl.from_json(value)
    assert str(refused.value) == (
        "A clock has a bank of 30 to 3600 seconds and an increment of 0 to 60 seconds a move."
    )


def test_a_clock_takes_the_time_spent_and_adds_the_increment_to_the_mover() -> None:
    clock = Clock.start(TimeControl(60, 5), 2, now=100.0, running=0)
    assert clock.left_at(110.0) == (50.0, 60.0) and clock.deadline == 160.0
    after = clock.moved(0, 110.0, TimeControl(60, 5), running=1)  # Ana took 10 s: 60 - 10 + 5
    assert (after.left, after.at, after.running) == ((55.0, 60.0), 110.0, 1)
    assert after.left_at(117.25) == (55.0, 52.75)
    assert after.out_of_time(169.999) is None and after.out_of_time(170.0) == 1
    # A bot's move (its seat's clock never ran): nobody's time is taken, nothing added.
    paused = Clock((55.0, 52.75), 117.25, None)
    assert paused.left_at(9_999.0) == (55.0, 52.75)
    assert paused.moved(1, 9_999.0, TimeControl(60, 5), running=0) == Clock(
        (55.0, 52.75), 9_999.0, 0
    )
    # A person back from a stand-in bot: the whole bank again.
    assert paused.changed(200.0, 1, reset=(1,), bank=60) == Clock((55.0, 60.0), 200.0, 1)
    assert Clock.from_json(after.to_json()) == after


# -- at the table --------------------------------------------------------------------------


def clock_of(player: Player) -> dict[str, Any]:
    player.sync()
    clock: dict[str, Any] = player.state["table"]["clock"]
    return clock


def sit(client: TestClient, table: dict[str, Any]) -> tuple[Player, Player]:
    ana = Player(client, table["table"], 0, token_of(table, 0))
    bo = Player(client, table["table"], 1, token_of(table, 1))
    ana.sync()
    return ana, bo


def test_the_clock_runs_from_when_every_seat_is_taken_and_the_mover_gains_the_increment(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    table = new_table(client, "tricks", PEOPLE, hand=3, clock=MINUTE)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    assert ana.state["table"]["clock"] == {**MINUTE, "left": [60_000, 60_000], "running": None}
    wall.advance(100)  # Bo's seat is free: nobody's clock runs
    bo = Player(client, table["table"], 1, token_of(table, 1))  # Bo claimed it: Ana's runs
    assert clock_of(ana)["running"] == 0
    wall.advance(10)
    now = client.get(f"/api/tables/{table['table']}").json()["clock"]
    assert now["left"] == [50_000, 60_000]  # as of now: the page counts down from a state's
    ana.act(ana.state["view"]["legal"][0]["action"])
    assert clock_of(ana) == {**MINUTE, "left": [55_000, 60_000], "running": 1}
    wall.advance(7.25)
    bo.sync()
    bo.act(bo.state["view"]["legal"][0]["action"])
    clock = clock_of(ana)
    assert clock["left"] == [55_000, 57_750] and clock["running"] in (0, 1)


def test_a_reconnect_and_a_restart_keep_the_clocks(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    table = new_table(client, "tricks", PEOPLE, clock=MINUTE)
    ana, _bo = sit(client, table)
    wall.advance(12)
    ana.close()  # Ana goes, and comes back: her clock ran all along
    wall.advance(3)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    assert ana.state["table"]["clock"]["left"] == [45_000, 60_000]
    second, _wall = toy_app()  # another server on the same database (a restart)
    seen = second.get(f"/api/tables/{table['table']}").json()["clock"]
    assert seen == {**MINUTE, "left": [45_000, 60_000], "running": 0}


def test_a_late_move_at_a_rated_table_is_a_flag_and_loses_the_match(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """The staller: Bo, at a rated table, never moves. Past Bo's bank, Bo's move is refused
    and Bo has lost the match, rated (both had moved)."""
    client, wall = toy_app()
    rated = Rated(client, "tricks", ["Ana", "Bo"], hand=3)
    ana, bo = rated.sit()
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    bo.act(bo.state["view"]["legal"][0]["action"])
    ana.sync()
    mover, other = (ana, bo) if ana.state["view"]["your_turn"] else (bo, ana)
    bank = mover.state["table"]["clock"]["left"][mover.seat] / 1000
    wall.advance(bank + 0.5)
    mover.send({"type": "act", "action": mover.state["view"]["legal"][0]["action"], "seq": 2})
    told = [m for m in mover.sync() if m["type"] == "error"]
    assert [(m["code"], m["message"]) for m in told] == [
        ("out_of_time", "Your time ran out: that move was not played.")
    ]
    summary = mover.state["table"]
    assert (summary["forfeit"], summary["ending"], summary["aborted"]) == (
        mover.seat,
        "flag",
        False,
    )
    assert summary["clock"]["running"] is None and summary["clock"]["left"][mover.seat] == 0
    other.sync()
    assert other.state["table"]["ending"] == "flag" and other.state["seq"] == 2


def test_the_alarm_flags_a_rated_staller_on_time_without_any_message(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """No move comes at all: the server's alarm, set at the running clock's deadline, flags
    the staller by itself and tells everyone."""
    client, _wall = toy_app()
    rated = Rated(client, "tricks", ["Ana", "Bo"], clock={"bank": 30, "increment": 0})
    ana, bo = rated.sit()
    ana.act(ana.state["view"]["legal"][0]["action"])  # only Ana has moved: an abort
    service = service_of(client)
    live = service._tables[rated.id]
    deadline = live.record.clock.deadline
    # From here the service's clock goes as real time does, 0.2 s before Bo's deadline.
    offset = deadline - 0.2 - time.time()
    service.wall = lambda: time.time() + offset
    client.portal.call(_arm_now, service, live)
    while bo.state["table"]["forfeit"] is None:  # the flag's state comes by itself
        bo.receive()
    summary = bo.state["table"]
    assert (summary["forfeit"], summary["ending"], summary["aborted"]) == (1, "flag", True)


async def _arm_now(service: Any, table: Any) -> None:
    service.clocks.arm(table)


def test_a_casual_flag_hands_the_seat_to_a_bot_until_its_person_takes_it_back(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, wall = toy_app()
    table = new_table(client, "tricks", PEOPLE, hand=4, clock=MINUTE)
    ana, bo = sit(client, table)
    ana.act(ana.state["view"]["legal"][0]["action"])
    wall.advance(61)  # Bo's minute is out
    service = service_of(client)
    assert client.portal.call(service.clocks.flag_due, service._tables[table["table"]]) is True
    bo.sync()
    assert bo.state["table"]["seats"][1]["stand_in"] is not None
    assert bo.state["table"]["forfeit"] is None  # a casual table: nobody lost
    wait_until(lambda: ana.state["view"]["your_turn"] or ana.state["view"]["is_over"], ana)
    assert ana.state["seq"] >= 2  # the bot played for Bo
    bo.send({"type": "back"})  # (the bot's last move may still be on its way to Bo)
    assert all(m["type"] == "state" for m in bo.sync())
    back = bo.state
    assert back["table"]["seats"][1]["stand_in"] is None
    assert back["table"]["clock"]["left"][1] == 60_000  # the whole bank again
    bo.send({"type": "back"})
    refused = [m for m in bo.sync() if m["type"] == "error"]
    assert [(m["code"], m["message"]) for m in refused] == [
        ("leaver", "No bot plays your seat: it is yours already.")
    ]


def test_no_clock_runs_while_a_bot_thinks(
    toy_app: Callable[..., tuple[TestClient, FakeTime]], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot has no clock and pauses everyone's: however long it thinks (here the test
    holds it while the clock moves 1000 s), the person's time is where it was."""
    client, wall = toy_app()
    service = service_of(client)
    thinking, release = threading.Event(), threading.Event()
    move = service.pool.bot_move

    async def held(*args: Any) -> str:
        thinking.set()
        await asyncio.to_thread(release.wait)
        return await move(*args)

    monkeypatch.setattr(service.pool, "bot_move", held)
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]
    table = new_table(client, "tricks", seats, clock=MINUTE)  # asked: one person has none
    ana = Player(client, table["table"], 0, table["seats"][0]["token"])
    wall.advance(4)
    ana.act(ana.state["view"]["legal"][0]["action"])  # 60 - 4 + 5: 61 s
    assert thinking.wait(10)
    wall.advance(1000)
    release.set()
    wait_until(lambda: ana.state["view"]["your_turn"] or ana.state["view"]["is_over"], ana)
    clock = ana.state["table"]["clock"]
    assert clock["left"][0] == 61_000 and clock["left"][1] == 60_000


def test_a_new_tables_clock_is_asked_for_or_the_games_own(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, _wall = toy_app()
    people = client.get(f"/api/tables/{new_table(client, 'cribbage', PEOPLE)['table']}").json()
    assert people["clock"]["bank"] == 300 and people["clock"]["increment"] == 5  # cribbage's
    draw = new_table(client, "draw", PEOPLE, players=2)
    assert client.get(f"/api/tables/{draw['table']}").json()["clock"]["bank"] == 180
    alone = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    assert (
        client.get(f"/api/tables/{new_table(client, 'cribbage', alone)['table']}").json()["clock"]
        is None
    )
    untimed = new_table(client, "cribbage", PEOPLE, clock=None)
    assert client.get(f"/api/tables/{untimed['table']}").json()["clock"] is None
    for bad in ({"bank": 10, "increment": 0}, "5+3", {"bank": 60}):
        answer = client.post(
            "/api/tables", json={"game": "cribbage", "seats": PEOPLE, "clock": bad, "lang": "pt"}
        )
        assert answer.status_code == 422 and "relógio" in answer.json()["error"], answer.text
    rated = client.post(
        "/api/tables", json={"game": "cribbage", "seats": PEOPLE, "rated": True, "clock": None}
    )
    assert rated.status_code == 422
    assert rated.json()["error"] == (
        "A rated table has a clock (fair play): choose one, or the game's own."
    )


def test_two_processes_on_postgresql_agree_on_a_flag(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
    postgres_url: str,
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Two servers on one database hold the same table, and both see the staller's time
    run out: exactly one flags it, and both tell the same end."""
    one, wall = toy_app(url=postgres_url)
    two, _same = toy_app(url=postgres_url)
    rated = Rated(one, "tricks", ["Ana", "Bo"], hand=3, clock=MINUTE)
    ana, bo = rated.sit()
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    bo.act(bo.state["view"]["legal"][0]["action"])
    watcher = Player(two, rated.id, None, None)  # the table lives in the second server too
    first, second = service_of(one), service_of(two)
    wall.advance(65.5)  # the minute and one increment: seat 0 leads the next trick
    with caplog.at_level(logging.INFO, logger="pegboard.web.service"):
        flagged = [
            two.portal.call(second.clocks.flag_due, second._tables[rated.id]),
            one.portal.call(first.clocks.flag_due, first._tables[rated.id]),
        ]
    # One flag in all (an alarm of either server may have been first: then neither call).
    assert flagged.count(True) <= 1
    # This table's flags (the run's database is shared: other tests' tables resume too).
    mine = [
        r.getMessage() for r in caplog.records if r.getMessage().startswith(f"table {rated.id}")
    ]
    assert [m for m in mine if "ran out" in m] == [f"table {rated.id}: seat 0 ran out of time"]
    for player in (ana, watcher):
        wait_until(lambda p=player: p.state["table"]["forfeit"] is not None, player)  # type: ignore[misc]
        summary = player.state["table"]
        assert (summary["forfeit"], summary["ending"], summary["aborted"]) == (0, "flag", False)
    stored = first.store.load_table(rated.id)
    assert stored is not None and stored.forfeit == 0 and stored.ending == "flag"


def test_a_finished_match_is_never_flagged_nor_rewritten(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """A match ended by a way this server's copy never heard of (another process, a write it
    missed) is finished in the database: when the copy's stale clock runs out, the flag
    changes nothing of the match, and no alarm is set again for it. (A make test once saw
    a match resigned at once flagged 3.5 minutes later: its end and its time rewritten.)"""
    from sqlalchemy import update

    from pegboard.web.db import MatchRow

    client, wall = toy_app()
    rated = Rated(client, "tricks", ["Ana", "Bo"], clock={"bank": 30, "increment": 0})
    _ana, _bo = rated.sit()
    service = service_of(client)
    live = service._tables[rated.id]
    ended = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    with service.store.session() as session, session.begin():
        session.execute(
            update(MatchRow)
            .where(MatchRow.table_id == rated.id, MatchRow.number == 1)
            .values(finished_at=ended)
        )
    wall.advance(31)
    assert not client.portal.call(service.clocks.flag_due, live)  # the stale copy tried
    with service.store.session() as session:
        match = session.get(MatchRow, (rated.id, 1))
        assert match is not None
        assert (match.finished_at.replace(tzinfo=UTC), match.forfeit, match.ending) == (
            ended,
            None,
            None,
        )
    assert live.record.status == "over" and rated.id not in service.clocks.alarms
