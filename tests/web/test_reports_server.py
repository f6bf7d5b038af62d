"""Reports of finished matches over HTTP (issue 36): ``POST/GET /api/matches/ID/analysis``
and ``GET .../analysis.svg``. A finished match is analysed once (its decisions exactly
``pegboard.analysis.analyse`` of its engine record at the same seed and budget), its
progress rises to the whole, the report is stored once; a match in play is refused and
nothing of it is searched or said; the queue is bounded and fair to every match."""

from __future__ import annotations

import asyncio
import dataclasses
import random
import threading
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator
from typing import Any, cast

import pytest
from fastapi.testclient import TestClient

import pegboard.games
import pegboard.web.bot_pool
from pegboard.analysis import Report, analyse
from pegboard.bots.base import CHANCE_UNIT
from pegboard.hints import analyser_for
from pegboard.i18n import translator
from pegboard.web.analyses import Analyses
from pegboard.web.app import create_app
from pegboard.web.limits import Limits
from pegboard.web.replays import FinishedMatch
from pegboard.web.report_store import count_reports, load_report
from pegboard.web.thinking_queue import ThinkingQueue
from tests.web.conftest import (
    PLAY_LIMITS,
    Player,
    leaks,
    new_table,
    seeds,
    service_of,
    token_of,
    truth_of,
)

BUDGET = 12
"""A small budget per search: these tests check the server's bookkeeping, not the bots."""
BOTS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]
HANG_GUARD = 60.0
"""Seconds a wait for a report's state may take before the test fails (never reached)."""
SVG = "{http://www.w3.org/2000/svg}"


class Searches:
    """``analyse_decision`` as the pool calls it, counted, and held while ``gate`` is clear
    (with no workers the searches run in this process's threads)."""

    def __init__(self) -> None:
        self.calls = 0
        self.gate = threading.Event()
        self.gate.set()
        self._real = pegboard.web.bot_pool.analyse_decision

    def __call__(self, *args: Any, **options: Any) -> Any:
        self.calls += 1
        if not self.gate.wait(HANG_GUARD):
            raise TimeoutError("the test never opened the gate")
        return self._real(*args, **options)


@pytest.fixture
def searches(monkeypatch: pytest.MonkeyPatch) -> Iterator[Searches]:
    counted = Searches()
    monkeypatch.setattr(pegboard.web.bot_pool, "analyse_decision", counted)
    yield counted
    counted.gate.set()  # a test that failed while holding it lets its threads end


@pytest.fixture
def app_on() -> Iterator[Callable[..., TestClient]]:
    """``app_on(url, limits=..., workers=0, budget=BUDGET)``: an app whose bots move at
    once and whose reports search with ``budget``, and its client."""
    clients: list[TestClient] = []

    def start(
        url: str, *, limits: Limits = PLAY_LIMITS, workers: int = 0, budget: int = BUDGET
    ) -> TestClient:
        app = create_app(
            url,
            bot_delay=0,
            seed_source=seeds(11, 12, 13, 14),
            limits=limits,
            bot_workers=workers,
            analysis_budget=budget,
        )
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        return client

    yield start
    for client in reversed(clients):
        client.__exit__(None, None, None)


def finished(client: TestClient, game: str = "draw", **options: Any) -> str:
    """A match played to its end by a person at random against a random bot: its id."""
    if game == "draw":
        options = {"players": 2, "target": 1, **options}  # one round (D17)
    table = new_table(client, game, BOTS, **options)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    rng = random.Random(3)
    while not ana.settle({1})["view"]["is_over"]:
        ana.act(rng.choice(ana.state["view"]["legal"])["action"])
    ana.close()
    return f"{table['table']}-1"


def wait_for(client: TestClient, match: str, states: set[str]) -> list[dict[str, Any]]:
    """Every answer of ``GET .../analysis`` until its state is one of ``states``."""
    seen: list[dict[str, Any]] = []
    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        answer = client.get(f"/api/matches/{match}/analysis")
        assert answer.status_code == 200, answer.text
        seen.append(answer.json())
        if seen[-1]["state"] in states:
            return seen
        time.sleep(0.02)
    raise AssertionError(f"{match} never reached {states}: {seen[-1]}")


def stored_rows(client: TestClient, match: str) -> int:
    table_id, number = match.rsplit("-", 1)
    return count_reports(service_of(client).store, table_id, int(number))


def test_a_finished_match_is_analysed_once_as_analyse_does_from_its_record(
    db_url: str, app_on: Callable[..., TestClient], searches: Searches
) -> None:
    client = app_on(db_url)
    match = finished(client)
    searches.gate.clear()  # the report waits at its first decision: its progress is seen
    asked = client.post(f"/api/matches/{match}/analysis")
    assert asked.status_code == 202, asked.text
    first = asked.json()
    assert first["state"] in {"queued", "running"} and first["done"] == 0
    total = first["total"]
    assert total > 0
    # Asked again while it runs: the same report joined, nothing more searched.
    again = client.post(f"/api/matches/{match}/analysis")
    assert again.status_code == 202 and again.json()["total"] == total
    during = client.get(f"/api/matches/{match}/analysis").json()
    assert during["report"] is None and during["state"] in {"queued", "running"}
    assert client.get(f"/api/matches/{match}/analysis.svg").status_code == 404
    searches.gate.set()
    seen = wait_for(client, match, {"done", "failed"})
    assert seen[-1]["state"] == "done", seen[-1]
    progress = [answer["done"] for answer in seen]
    assert progress == sorted(progress) and progress[-1] == total
    assert {answer["total"] for answer in seen} == {total}
    assert searches.calls >= total  # every decision searched (twice or more each)

    # The report is exactly the library's of the engine's record, at the same seed.
    record = client.get(f"/api/matches/{match}/record").json()
    report = seen[-1]["report"]
    expected = analyse(
        pegboard.games.get("draw"),
        record,
        level="expert",
        budget=BUDGET,
        seed=report["seed"],
    )
    table_id, number = match.rsplit("-", 1)
    stored = load_report(service_of(client).store, table_id, int(number), "expert", BUDGET)
    assert stored is not None and stored.seconds > 0
    assert Report.from_json(stored.report) == expected
    assert len(expected.decisions) == total
    added = {"move", "grade_name", "unit_name", "taken_label", "best_label"}
    assert [
        {
            **{k: v for k, v in d.items() if k not in added},
            "values": [{k: v for k, v in value.items() if k != "label"} for value in d["values"]],
        }
        for d in report["decisions"]
    ] == expected.to_json()["decisions"]
    assert [d["move"] for d in report["decisions"]] == [d.index + 1 for d in expected.decisions]

    # Asked again: stored, so 200 and nothing searched; one row.
    calls = searches.calls
    for _ in range(2):
        done = client.post(f"/api/matches/{match}/analysis")
        assert done.status_code == 200
        assert done.json() == {"state": "done", "done": total, "total": total}
    assert searches.calls == calls
    assert stored_rows(client, match) == 1


def test_the_report_names_its_seats_grades_and_chart_in_the_readers_language(
    sqlite_url: str, app_on: Callable[..., TestClient]
) -> None:
    client = app_on(sqlite_url, budget=2)  # a cribbage deal searched is costly
    match = finished(client, "cribbage", best_of=1)
    assert client.post(f"/api/matches/{match}/analysis").status_code == 202
    wait_for(client, match, {"done"})
    for lang, locale in (("zh", "zh_Hans"), ("hi", "hi")):
        _ = translator(locale)
        report = client.get(f"/api/matches/{match}/analysis", params={"lang": lang}).json()
        report = report["report"]
        names = [
            seat["display_name"]
            for seat in client.get(
                f"/api/tables/{match.rsplit('-', 1)[0]}", params={"lang": lang}
            ).json()["seats"]
        ]
        assert report["names"] == names and [s["name"] for s in report["seats"]] == names
        graded = [d for d in report["decisions"] if d["grade"] is not None]
        assert graded  # a random player makes mistakes
        for decision in graded:
            assert decision["grade_name"] == report["grade_names"][decision["grade"]]
            assert decision["grade_name"] != decision["grade"]  # translated
        assert all(d["grade_name"] is None for d in report["decisions"] if d["grade"] is None)
        # The chart as rows: every decision's loss at its move (in points: a chance of
        # winning lost, near the end, at the game's rate), every score change.
        rows = {row["move"]: row for row in report["chart_rows"]}
        rate = report["chance_per_point"]
        for decision in report["decisions"]:
            loss = decision["loss"]
            if decision["unit"] == CHANCE_UNIT:
                loss /= rate
            assert rows[decision["move"]]["lost"][decision["seat"]] == pytest.approx(loss)
        for move, scores in enumerate(report["scores"]):
            if move == 0 or scores != report["scores"][move - 1]:
                assert rows[move]["scores"] == scores
        # The drawing: well-formed, one line and one set of bars per seat, its words
        # in the reader's language.
        answer = client.get(f"/api/matches/{match}/analysis.svg", params={"lang": lang})
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("image/svg+xml")
        svg = ET.fromstring(answer.text)
        assert svg.get("role") == "img"
        title = svg.find(f"{SVG}title")
        assert title is not None and title.text == report["chart"]["title"]
        assert title.text == _("Chart of the match") != "Chart of the match"
        panels = {g.get("data-key"): g for g in svg.findall(f".//{SVG}g[@class='panel']")}
        lines = panels["scores"].findall(f"{SVG}polyline[@class='series']")
        bars = panels["lost"].findall(f"{SVG}g[@class='series']")
        assert [line.get("data-seat") for line in lines] == ["0", "1"]
        assert [bar.get("data-seat") for bar in bars] == ["0", "1"]
        assert [line.get("data-name") for line in lines] == names
        # Each seat's chance of winning at its decisions, as it saw it (issue 37).
        chances = panels["chance"].findall(f"{SVG}polyline[@class='series']")
        assert [line.get("data-seat") for line in chances] == ["0", "1"]
        assert all(0 <= d["chance"] <= 1 for d in report["decisions"])
        texts = "".join(svg.itertext())
        labels = {panel["key"]: panel["label"] for panel in report["chart"]["panels"]}
        assert labels["lost"] in texts and labels["chance"] in texts
        assert labels["chance"] == _("Chance of winning (%)")


def test_a_match_in_play_is_refused_and_nothing_of_it_searched_or_said(
    db_url: str, app_on: Callable[..., TestClient], searches: Searches
) -> None:
    client = app_on(db_url)
    for game, options in (("draw", {"players": 2}), ("cribbage", {})):
        table = new_table(client, game, BOTS, **options)
        ana = Player(client, table["table"], 0, token_of(table, 0))
        ana.act(ana.settle({1})["view"]["legal"][0]["action"])
        ana.settle({1})
        match = f"{table['table']}-1"
        truth = truth_of(client, table["table"])
        seq = len(truth.positions) - 1
        hidden = truth.hidden(seq, 0) | truth.hidden(seq, 1)
        assert hidden
        for method, path in (
            ("POST", "analysis"),
            ("GET", "analysis"),
            ("GET", "analysis.svg"),
        ):
            answer = client.request(method, f"/api/matches/{match}/{path}", params={"lang": "pt"})
            assert answer.status_code == 409, (method, path, answer.text)
            assert "ainda" in answer.json()["error"]  # translated: still being played
            assert leaks({"answer": answer.text}, hidden) == []
        ana.close()
        assert stored_rows(client, match) == 0
    assert searches.calls == 0


def test_an_unknown_match_is_a_translated_404(
    sqlite_url: str, app_on: Callable[..., TestClient]
) -> None:
    client = app_on(sqlite_url)
    for text in ("nothing", "abc-2", "abc-x", "-1", "a" * 200 + "-1"):
        for method, path in (("POST", "analysis"), ("GET", "analysis"), ("GET", "analysis.svg")):
            answer = client.request(method, f"/api/matches/{text}/{path}", params={"lang": "pt"})
            assert answer.status_code == 404, (text, path, answer.text)
            assert "Não há" in answer.json()["error"]


def test_a_full_queue_refuses_in_words_and_starts_nothing_and_asking_is_rate_limited(
    sqlite_url: str, app_on: Callable[..., TestClient], searches: Searches
) -> None:
    limits = dataclasses.replace(PLAY_LIMITS, reports_waiting=1, analyses_rate="2/minute")
    client = app_on(sqlite_url, limits=limits)
    first, second = finished(client), finished(client)
    searches.gate.clear()
    assert client.post(f"/api/matches/{first}/analysis").status_code == 202
    refused = client.post(f"/api/matches/{second}/analysis", params={"lang": "pt"})
    assert refused.status_code == 503
    assert "análise" in refused.json()["error"] and refused.headers["retry-after"]
    assert client.get(f"/api/matches/{second}/analysis").json() == {
        "state": "none",
        "done": 0,
        "total": 0,
        "report": None,
    }
    limited = client.post(f"/api/matches/{second}/analysis", params={"lang": "pt"})
    assert limited.status_code == 429 and "demais" in limited.json()["error"]
    searches.gate.set()
    wait_for(client, first, {"done"})
    assert stored_rows(client, second) == 0
    assert searches.calls > 0 and stored_rows(client, first) == 1


def test_the_report_is_searched_in_the_worker_processes(
    sqlite_url: str, app_on: Callable[..., TestClient]
) -> None:
    """What crosses to a worker (the observation) and back (the search) survives pickling,
    and the worker's report is the same as the threads' (the same seed)."""
    client = app_on(sqlite_url, workers=1)
    match = finished(client)
    assert client.post(f"/api/matches/{match}/analysis").status_code == 202
    report = wait_for(client, match, {"done", "failed"})[-1]["report"]
    assert report is not None
    record = client.get(f"/api/matches/{match}/record").json()
    expected = analyse(pegboard.games.get("draw"), record, budget=BUDGET, seed=report["seed"])
    assert [
        [{k: v for k, v in value.items() if k != "label"} for value in d["values"]]
        for d in report["decisions"]
    ] == [d.to_json()["values"] for d in expected.decisions]


def test_the_default_budget_is_the_analysing_experts_and_the_seed_the_matchs() -> None:
    found = FinishedMatch("abc", 2, "draw", {}, 1, [], [], True)
    analyses = Analyses(cast(Any, None), cast(Any, None), PLAY_LIMITS)
    key = analyses.key(found)
    assert key.level == "expert"
    assert key.budget == analyser_for("draw", "expert").budget > BUDGET  # type: ignore[attr-defined]
    assert Analyses(cast(Any, None), cast(Any, None), PLAY_LIMITS, 5).key(found).budget == 5


def test_the_queue_gives_reports_the_slots_last_the_matches_in_turn() -> None:
    async def run() -> list[str]:
        queue = ThinkingQueue(1)
        order: list[str] = []
        release = asyncio.Event()

        async def hold() -> None:
            async with queue.move():
                await release.wait()

        async def think(name: str, kind: str, key: str) -> None:
            slot = {
                "move": lambda: queue.move(),
                "hint": lambda: queue.hint(key, 10),
                "report": lambda: queue.report(key),
            }[kind]()
            async with slot:
                order.append(name)
                await asyncio.sleep(0)

        holder = asyncio.create_task(hold())
        await asyncio.sleep(0)
        asked = [
            ("long1", "report", "long"),
            ("long2", "report", "long"),
            ("long3", "report", "long"),
            ("short1", "report", "short"),
            ("hint", "hint", "A"),
            ("other1", "report", "other"),
            ("move", "move", ""),
        ]
        tasks = [asyncio.create_task(think(*ask)) for ask in asked]
        await asyncio.sleep(0)
        release.set()
        await asyncio.gather(holder, *tasks)
        return order

    assert asyncio.run(run()) == [
        "move",
        "hint",
        "long1",
        "short1",
        "other1",
        "long2",
        "long3",
    ]


def test_serve_hands_the_reports_limits_to_the_app(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from pegboard.cli.main import app
    from pegboard.web import app as web_app

    made: list[Limits] = []

    def create(url: str, **options: Any) -> str:
        made.append(options["limits"])
        return "the app"

    monkeypatch.setattr(web_app, "create_app", create)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)
    runner = CliRunner()
    given = ["--reports-waiting", "3", "--analyses-rate", "4/hour"]
    result = runner.invoke(app, ["serve", "--db", sqlite_url, *given], env={"LANGUAGE": "en"})
    assert result.exit_code == 0, result.output
    assert (made[0].reports_waiting, made[0].analyses_rate) == (3, "4/hour")
    for wrong in (["--reports-waiting", "0"], ["--analyses-rate", "often"]):
        result = runner.invoke(app, ["serve", "--db", sqlite_url, *wrong], env={"LANGUAGE": "en"})
        assert result.exit_code == 2 and wrong[0] in result.output, result.output


def test_a_report_stored_while_its_reader_reads_the_database_is_done_not_forgotten(
    sqlite_url: str, app_on: Callable[..., TestClient], searches: Searches
) -> None:
    """The database read before the report's commit, the report stored and out of the
    running ones before the read returns: the GET says it is done and gives it (it said
    "none", 0 of 0, after "running", 19 of 32, once on PostgreSQL)."""
    client = app_on(sqlite_url)
    match = finished(client)
    analyses: Analyses = client.app.state.analyses  # type: ignore[attr-defined]
    searches.gate.clear()
    total = client.post(f"/api/matches/{match}/analysis").json()["total"]
    real = analyses.stored
    stale_reads: list[object] = []

    async def read_then_store(key: Any) -> Any:
        found = await real(key)
        if not stale_reads:  # the first read only: it returns once the report is stored
            stale_reads.append(found)
            searches.gate.set()
            while analyses.waiting():
                await asyncio.sleep(0.01)
        return found

    analyses.stored = read_then_store  # type: ignore[method-assign]
    answer = client.get(f"/api/matches/{match}/analysis").json()
    assert stale_reads == [None]  # the read saw no report
    assert (answer["state"], answer["done"], answer["total"]) == ("done", total, total)
    assert answer["report"] is not None


def test_a_report_stored_while_its_asker_reads_the_database_is_not_made_again(
    sqlite_url: str, app_on: Callable[..., TestClient], searches: Searches
) -> None:
    """A POST whose read of the database came just before the report's commit (made to
    see none here) is told it is done, and starts nothing again."""
    client = app_on(sqlite_url)
    match = finished(client)
    analyses: Analyses = client.app.state.analyses  # type: ignore[attr-defined]
    total = client.post(f"/api/matches/{match}/analysis").json()["total"]
    wait_for(client, match, {"done"})
    calls = searches.calls

    async def stale(key: Any) -> None:
        return None

    analyses.stored = stale  # type: ignore[method-assign]
    answer = client.post(f"/api/matches/{match}/analysis")
    assert answer.status_code == 200
    assert answer.json() == {"state": "done", "done": total, "total": total}
    assert searches.calls == calls and stored_rows(client, match) == 1
