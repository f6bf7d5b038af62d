"""A report's actions in words (issue 36, ``pegboard.web.report_labels``): every valued
action of ``GET /api/matches/ID/analysis`` has the label the table's hints give it, in the
reader's language, made from the deciding seat's own view; a label names none of another
seat's tiles; the stored report stays in notation; a match in play is still refused."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.web.app import create_app
from pegboard.web.limits import REPLAY_BATCH
from pegboard.web.report_store import load_report
from tests.web.conftest import PLAY_LIMITS, new_table, seeds, service_of
from tests.web.test_reports_server import BOTS, BUDGET, finished, wait_for

TILE = re.compile(r"\[(\d+)\|(\d+)\]")


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    app = create_app(
        sqlite_url,
        bot_delay=0,
        seed_source=seeds(11, 12, 13, 14),
        limits=PLAY_LIMITS,
        bot_workers=0,
        analysis_budget=BUDGET,
    )
    with TestClient(app) as made:
        yield made


def report_in(client: TestClient, match: str, lang: str) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{match}/analysis", params={"lang": lang})
    assert answer.status_code == 200, answer.text
    report: dict[str, Any] = answer.json()["report"]
    return report


def hands_at(client: TestClient, match: str, moves: int) -> list[list[list[str]]]:
    """Every seat's hand after each move 0..moves, as the replay shows them."""
    hands: list[list[list[str]]] = []
    for start in range(0, moves + 1, REPLAY_BATCH):
        batch = client.get(f"/api/matches/{match}/positions", params={"from": start}).json()
        hands.extend(position["hands"] for position in batch["positions"])
    return hands


def tiles_named(label: str) -> list[str]:
    """The tiles a Draw label names, as the views write them (``[3|4]`` -> ``3-4``)."""
    return [f"{low}-{high}" for low, high in TILE.findall(label)]


def test_every_action_of_a_report_is_labelled_in_words_in_the_readers_language(
    client: TestClient,
) -> None:
    match = finished(client)
    assert client.post(f"/api/matches/{match}/analysis").status_code == 202
    wait_for(client, match, {"done"})
    english, chinese = report_in(client, match, "en"), report_in(client, match, "zh")
    assert english["decisions"]
    words = {"Draw a tile", "Pass"}
    for en, zh in zip(english["decisions"], chinese["decisions"], strict=True):
        labels = {value["action"]: value["label"] for value in en["values"]}
        assert en["taken_label"] == labels[en["taken"]]
        assert en["best_label"] == labels[en["best"]] == en["values"][0]["label"]
        for value, other in zip(en["values"], zh["values"], strict=True):
            label, action = value["label"], value["action"]
            # Words, never the engine's notation (2-3@1-2H, draw, pass).
            assert label != action and "@" not in label, (action, label)
            named = tiles_named(label)
            # A tile's move names the tile played first, as "[a|b]"; else it is a word.
            assert (named and named[0] == action.split("@")[0]) or label in words
            assert other["action"] == action
            # Chinese words its moves: "用 [2|3] 开局", "摸一张骨牌", "[3|5] 接在 [0|5]（高端，5）".
            assert other["label"] != label and tiles_named(other["label"]) == named
    # The stored report keeps the engine's notation alone: the words are made per reader.
    table_id, number = match.rsplit("-", 1)
    stored = load_report(service_of(client).store, table_id, int(number), "expert", BUDGET)
    assert stored is not None
    assert all("label" not in v for d in stored.report["decisions"] for v in d["values"])


def test_a_label_names_only_the_deciding_seats_tiles_and_the_board(client: TestClient) -> None:
    match = finished(client)
    assert client.post(f"/api/matches/{match}/analysis").status_code == 202
    wait_for(client, match, {"done"})
    report = report_in(client, match, "en")
    moves = client.get(f"/api/matches/{match}/positions", params={"count": 1}).json()["moves"]
    hands = hands_at(client, match, moves)
    for decision in report["decisions"]:
        at, seat = decision["index"], decision["seat"]
        others = {tile for other, hand in enumerate(hands[at]) if other != seat for tile in hand}
        for value in decision["values"]:
            named = tiles_named(value["label"])
            if named:
                assert named[0] in hands[at][seat], (at, value)
            assert not others & set(named), (at, value, others)


def test_a_match_in_play_is_still_refused_its_report(client: TestClient) -> None:
    table = new_table(client, "draw", BOTS, players=2, target=1)
    answer = client.get(f"/api/matches/{table['table']}-1/analysis", params={"lang": "zh"})
    assert answer.status_code == 409
    assert "label" not in answer.text and "@" not in answer.text
