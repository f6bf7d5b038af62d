"""Versioned JSON records of rounds and matches: exact replay, and RecordError otherwise."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from pegboard.core import RECORD_FORMAT, RECORD_VERSION, RecordError
from pegboard.draw import Match, Round

from .helpers import play_out, position, snapshot


def finished_round(players: int = 3, seed: int = 5) -> Round:
    round_ = Round.deal(players, seed=seed)
    play_out(round_, random.Random(seed))
    return round_


def finished_match(players: int = 2, seed: int = 5) -> Match:
    match = Match(players, seed=seed, target=50)
    play_out(match, random.Random(seed))
    return match


def roundtrip(record: dict[str, Any]) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(json.dumps(record))
    return result


# -- round records -------------------------------------------------------------------------


def test_round_record_header() -> None:
    record = finished_round().to_record()
    assert record["format"] == RECORD_FORMAT
    assert record["version"] == RECORD_VERSION == 1
    assert (record["game"], record["kind"]) == ("draw", "round")
    assert record == roundtrip(record)  # plain JSON


def test_round_record_replays_a_deal_exactly() -> None:
    for players in (2, 3, 4):
        round_ = finished_round(players, seed=players)
        replayed = Round.from_record(roundtrip(round_.to_record()))
        assert snapshot(replayed) == snapshot(round_)


def test_round_record_replays_a_position_exactly() -> None:
    round_ = position(
        ["1-2 4-4 2-5", "3-4 0-1", "2-6 6-6"],
        stock="0-0 5-5 3-3",
        current=1,
        line=[("1-4", None), ("1-1", "1-4L")],
    )
    replayed = Round.from_record(roundtrip(round_.to_record()))
    assert snapshot(replayed) == snapshot(round_)
    play_out(round_, random.Random(1))
    replayed = Round.from_record(roundtrip(round_.to_record()))
    assert snapshot(replayed) == snapshot(round_)
    assert replayed.result == round_.result


def test_round_record_mid_round_replays_and_goes_on() -> None:
    round_ = Round.deal(2, seed=40)
    rng = random.Random(40)
    for _ in range(9):
        round_.apply(rng.choice(round_.legal_actions()))
    record = roundtrip(round_.to_record())
    assert "result" not in record
    replayed = Round.from_record(record)
    assert snapshot(replayed) == snapshot(round_)
    assert replayed.legal_actions() == round_.legal_actions()


def tamper_round(change: str) -> dict[str, Any]:
    record = copy.deepcopy(finished_round().to_record())
    if change == "action":
        record["actions"][3] = "6-6@0-0A"
    elif change == "truncated":
        record["actions"] = record["actions"][:-1]
    elif change == "extra":
        record["actions"].append("draw")
    elif change == "seed":
        record["deal"]["seed"] += 1
    elif change == "players":
        record["deal"]["players"] = 5
    elif change == "leader":
        record["deal"]["leader"] = 9
    elif change == "points":
        record["result"]["points"][0] += 1
    elif change == "winner":
        record["result"]["winner"] = (record["result"]["winner"] or 0) + 1
    elif change == "no_start":
        del record["deal"]
    elif change == "garbage_action":
        record["actions"][0] = "flip the table"
    elif change == "action_type":
        record["actions"] = 12
    elif change == "deal_type":
        record["deal"] = "seven each"
    return record


@pytest.mark.parametrize(
    "change",
    [
        "action",
        "truncated",
        "extra",
        "seed",
        "players",
        "leader",
        "points",
        "winner",
        "no_start",
        "garbage_action",
        "action_type",
        "deal_type",
    ],
)
def test_tampered_round_record_raises_record_error(change: str) -> None:
    with pytest.raises(RecordError):
        Round.from_record(tamper_round(change))


def test_round_record_cut_short_but_keeping_its_result_is_refused() -> None:
    record = finished_round().to_record()
    record["actions"] = record["actions"][: len(record["actions"]) // 2]
    with pytest.raises(RecordError, match="result"):
        Round.from_record(record)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("version", 2),
        ("version", None),
        ("format", "something-else"),
        ("game", "cribbage"),
        ("kind", "match"),
    ],
)
def test_round_record_header_is_checked(key: str, value: object) -> None:
    record = finished_round().to_record()
    record[key] = value
    with pytest.raises(RecordError):
        Round.from_record(record)


@pytest.mark.parametrize("record", [None, [], "draw", 3])
def test_a_record_is_a_json_object(record: object) -> None:
    with pytest.raises(RecordError):
        Round.from_record(record)  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        Match.from_record(record)  # type: ignore[arg-type]


# -- match records -------------------------------------------------------------------------


def test_match_record_header() -> None:
    record = finished_match().to_record()
    assert (record["format"], record["version"]) == (RECORD_FORMAT, RECORD_VERSION)
    assert (record["game"], record["kind"]) == ("draw", "match")
    assert record == roundtrip(record)


def test_match_record_replays_exactly() -> None:
    for players in (2, 3, 4):
        match = finished_match(players, seed=players)
        replayed = Match.from_record(roundtrip(match.to_record()))
        assert replayed.to_record() == match.to_record()
        assert replayed.rounds == match.rounds
        assert (replayed.winner, replayed.is_drawn) == (match.winner, match.is_drawn)


def tamper_match(change: str) -> dict[str, Any]:
    match = finished_match(3, seed=8)
    assert len(match.rounds) >= 2
    record = copy.deepcopy(match.to_record())
    if change == "scores":
        record["scores"][0] += 1
    elif change == "winner":
        record["winner"] = (record["winner"] + 1) % 3
    elif change == "round_points":
        record["rounds"][0]["result"]["points"][0] += 1
    elif change == "round_leader":
        record["rounds"][1]["leader"] = (record["rounds"][1]["leader"] + 1) % 3
    elif change == "round_seed":
        record["rounds"][0]["seed"] += 1
    elif change == "round_action":
        record["rounds"][0]["actions"][0] = "6-6@0-0B"
    elif change == "round_actions_cut":
        record["rounds"][0]["actions"] = record["rounds"][0]["actions"][:-1]
    elif change == "scores_after":
        record["rounds"][0]["scores_after"][1] += 5
    elif change == "lot":
        record["lot"][0]["0"] = "[6|6]" if record["lot"][0]["0"] != "[6|6]" else "[0|0]"
    elif change == "first_leader":
        record["first_leader"] = (record["first_leader"] + 1) % 3
    elif change == "seed":
        record["seed"] += 1
    elif change == "players":
        record["players"] = 2
    elif change == "is_over":
        record["is_over"] = False
    elif change == "after_end":
        record["current_round"] = {"leader": 0, "seed": 1, "actions": ["draw"]}
    elif change == "no_players":
        del record["players"]
    elif change == "round_missing_actions":
        del record["rounds"][0]["actions"]
    return record


@pytest.mark.parametrize(
    "change",
    [
        "scores",
        "winner",
        "round_points",
        "round_leader",
        "round_seed",
        "round_action",
        "round_actions_cut",
        "scores_after",
        "lot",
        "first_leader",
        "seed",
        "players",
        "is_over",
        "after_end",
        "no_players",
        "round_missing_actions",
    ],
)
def test_tampered_match_record_raises_record_error(change: str) -> None:
    with pytest.raises(RecordError):
        Match.from_record(tamper_match(change))


def test_tampered_current_round_of_a_match_in_play_raises_record_error() -> None:
    match = Match(2, seed=3)
    rng = random.Random(3)
    for _ in range(5):
        match.apply(rng.choice(match.legal_actions()))
    record = match.to_record()
    assert Match.from_record(copy.deepcopy(record)).to_record() == record
    for key, value in [("leader", (record["current_round"]["leader"] + 1) % 2), ("seed", 17)]:
        tampered = copy.deepcopy(record)
        tampered["current_round"][key] = value
        with pytest.raises(RecordError):
            Match.from_record(tampered)


@pytest.mark.parametrize(
    ("key", "value"),
    [("version", 0), ("format", None), ("game", "chess"), ("kind", "round")],
)
def test_match_record_header_is_checked(key: str, value: object) -> None:
    record = finished_match().to_record()
    record[key] = value
    with pytest.raises(RecordError):
        Match.from_record(record)
