"""What an operator watches (issue 16, "Observability"): ``/healthz``, ``/metrics`` in the
Prometheus text format, and the refusals as log lines (JSON lines with ``--log-format
json``), none of which names a tile, a card or a token."""

from __future__ import annotations

import gc
import json
import logging
import re
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import create_engine

from pegboard.web.observability import JsonLines, _GcTimer, time_gc_pauses
from tests.web.conftest import (
    PLAY_LIMIT_OPTIONS,
    Player,
    Server,
    new_table,
    service_of,
    token_of,
)

TILE = re.compile(r"\[\d\|\d\]|\b\d-\d\b")
"""A tile as any text of the server writes one ([2|5], 2-5)."""


def samples(client: TestClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    answer = client.get("/metrics")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/plain")
    found = {}
    for family in text_string_to_metric_families(answer.text):
        for sample in family.samples:
            found[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return found


def test_healthz_answers_while_the_database_does(client: TestClient) -> None:
    answer = client.get("/healthz")
    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": True}


def test_healthz_is_503_when_the_database_is_out_of_reach(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = service_of(client).store
    nowhere = create_engine(
        "postgresql+psycopg://nobody@127.0.0.1:1/none", connect_args={"connect_timeout": 2}
    )
    monkeypatch.setattr(store, "engine", nowhere)
    answer = client.get("/healthz")
    assert answer.status_code == 503
    assert answer.json() == {"status": "unavailable", "database": False}


def test_metrics_count_moves_commits_broadcasts_bots_and_refusals(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    table = new_table(
        client,
        "draw",
        [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}],
        players=2,
    )
    token = token_of(table, 0)
    ana = Player(client, table["table"], 0, token)
    moved = 0
    while moved < 3 and not ana.state["view"]["is_over"]:
        ana.settle({1})
        if ana.state["view"]["is_over"]:
            break
        ana.act(ana.state["view"]["legal"][0]["action"])
        moved += 1
    ana.settle({1})
    with caplog.at_level(logging.INFO, logger="pegboard"):
        refused = ana.answer({"type": "act", "action": "6-6 nowhere", "seq": ana.state["seq"]})
        assert refused["type"] == "error"
        assert client.get("/api/tables/nosuchtable").status_code == 404

    logged = service_of(client).store.log(table["table"], 1)
    bot_moves = sum(1 for _, seat, _ in logged if seat == 1)
    assert bot_moves >= 1
    found = samples(client)
    assert found[("pegboard_moves_total", ())] == len(logged)
    assert found[("pegboard_commit_seconds_count", ())] == len(logged)
    assert found[("pegboard_broadcast_seconds_count", ())] >= len(logged)
    assert found[("pegboard_bot_think_seconds_count", ())] == bot_moves
    assert found[("pegboard_refusals_total", (("kind", refused["code"]),))] == 1
    assert found[("pegboard_refusals_total", (("kind", "http_404"),))] == 1
    assert found[("pegboard_live_tables", ())] == 1
    assert found[("pegboard_connections", ())] == 1
    ana.close()
    assert samples(client)[("pegboard_connections", ())] == 0

    # The refusals' log lines: kind, table and rule, never the refused text nor a tile.
    lines = [r for r in caplog.records if r.getMessage() == "refused"]
    assert [getattr(r, "kind", None) for r in lines] == [refused["code"], "http_404"]
    assert getattr(lines[0], "table", None) == table["table"]
    text = client.get("/metrics").text + "\n".join(JsonLines().format(r) for r in lines)
    assert refused["message"] not in text
    assert token not in text
    assert not TILE.search(text)


def test_metrics_time_each_pass_of_the_collector_by_generation(client: TestClient) -> None:
    """A full pass of the collector stops the event loop like a long turn; ``pegboard
    serve`` counts each one (``prepare_server_process``), once however often it is asked."""
    full = ("pegboard_gc_pause_seconds_count", (("generation", "2"),))
    installed = list(gc.callbacks)
    gc.disable()  # only the passes asked for here
    try:
        # Another test of this process may have installed the timer already: set it aside.
        gc.callbacks[:] = [c for c in installed if not isinstance(c, _GcTimer)]
        others = len(gc.callbacks)
        before = samples(client).get(full, 0.0)
        time_gc_pauses()
        time_gc_pauses()
        assert len(gc.callbacks) == others + 1
        gc.collect(2)
        gc.collect(2)
        found = samples(client)
        gc.callbacks[:] = gc.callbacks[:others]
        gc.collect(2)  # not counted once the timer is gone
        after = samples(client)
    finally:
        gc.callbacks[:] = installed
        gc.enable()
    assert found[full] == before + 2
    assert found[("pegboard_gc_pause_seconds_sum", (("generation", "2"),))] > 0
    assert after[full] == before + 2


def test_json_lines_carry_the_extra_fields_and_the_traceback() -> None:
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.getLogger("pegboard.test").makeRecord(
            "pegboard.test",
            logging.ERROR,
            __file__,
            1,
            "table %s failed",
            ("abc",),
            exc_info=__import__("sys").exc_info(),
            extra={"kind": "illegal", "rule": None},
        )
    line = json.loads(JsonLines().format(record))
    assert line["message"] == "table abc failed"
    assert line["level"] == "error" and line["logger"] == "pegboard.test"
    assert line["kind"] == "illegal" and line["rule"] is None
    assert "ValueError: boom" in line["exception"]


def test_serve_log_format_json_writes_one_json_object_per_line(
    servers: list[Server], tmp_path: Path
) -> None:
    server = Server(
        f"sqlite:///{tmp_path / 'pegboard.db'}",
        tmp_path,
        [*PLAY_LIMIT_OPTIONS, "--log-format", "json"],
    )
    servers.append(server)
    assert httpx.get(f"{server.base}/api/tables/nosuchtable", timeout=10).status_code == 404
    assert httpx.get(f"{server.base}/healthz", timeout=10).status_code == 200
    server.kill()
    lines = Path(server.log.name).read_text(encoding="utf-8").splitlines()
    logged = [json.loads(line) for line in lines if not line.startswith("pegboard: serving")]
    assert logged and all({"time", "level", "logger", "message"} <= set(e) for e in logged)
    assert any(e["message"] == "refused" and e.get("kind") == "http_404" for e in logged)
    assert any(e["logger"] == "uvicorn.access" and "/healthz" in e["message"] for e in logged)
