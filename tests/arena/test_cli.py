"""`pegboard arena`: a table per bot, the exact configuration and every figure in JSON;
bad options give a one-line error and exit 1."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import pegboard
from pegboard.cli.main import app

runner = CliRunner()


def test_arena_prints_a_table_per_bot_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    result = runner.invoke(
        app,
        ["arena", "draw", "--bots", "greedy,random", "--players", "3", "--deals", "8",
         "--duplicate", "--workers", "1", "--seed", "5", "--json", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for word in ("greedy#1", "random", "greedy#2", "Elo", "95% CI", "margin"):
        assert word in result.output
    data = json.loads(out.read_text())
    assert data["format"] == "pegboard-arena" and data["version"] == 1
    assert data["pegboard"] == pegboard.__version__
    assert data["config"] == {
        "game": "draw",
        "bots": ["greedy", "random", "greedy"],
        "labels": ["greedy#1", "random", "greedy#2"],
        "players": 3,
        "deals": 8,
        "duplicate": True,
        "matches": False,
        "seed": 5,
        "budget": None,
        "options": {},
        "unit": "deal",
    }
    assert data["plays"] == 24 == len(data["results"])
    for bot in data["bots"]:
        assert set(bot) == {
            "label", "level", "plays", "wins", "draws", "losses",
            "mean_points", "ci95", "ci_units", "elo",
        }  # fmt: skip
        assert bot["wins"] + bot["draws"] + bot["losses"] == bot["plays"] == 24
        low, high = bot["ci95"]
        assert low <= bot["mean_points"] <= high
        assert bot["ci_units"] == 8
        assert isinstance(bot["elo"], float)
    assert len(data["margins"]) == 3
    assert {m["first"] + "/" + m["second"] for m in data["margins"]} == {
        "greedy#1/random", "greedy#1/greedy#2", "random/greedy#2",
    }  # fmt: skip
    for play in data["results"]:
        assert set(play) == {"deal", "rotation", "seed", "seating", "points"}
        assert len(play["points"]) == 3
    # The mean points in the table are the mean over the plays in the file.
    for entrant, bot in enumerate(data["bots"]):
        total = sum(p["points"][entrant] for p in data["results"])
        assert bot["mean_points"] == pytest.approx(total / 24)


def test_arena_json_is_the_same_for_the_same_seed(tmp_path: Path) -> None:
    files = []
    for name, workers in (("a.json", "1"), ("b.json", "2")):
        path = tmp_path / name
        args = ["arena", "cribbage", "--bots", "random,random", "--deals", "6",
                "--workers", workers, "--seed", "3", "--json", str(path)]  # fmt: skip
        assert runner.invoke(app, args).exit_code == 0
        files.append(json.loads(path.read_text()))
    assert files[0] == files[1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "the games are draw, cribbage"),
        (["draw", "--bots", "random,wizard"], "no 'wizard' bot"),
        (["cribbage", "--bots", "random", "--players", "5"], "2, 3, 4 players"),
        (["draw", "--deals", "0"], "at least 1"),
        (["draw", "--workers", "0"], "workers"),
        (["draw", "--json", "/no/such/dir/x.json"], "no such directory"),
    ],
)
def test_arena_bad_options_give_one_line_errors(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", *args])
    assert result.exit_code == 1
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1
