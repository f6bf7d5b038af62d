"""``pegboard analyse``: a match record's report in a terminal and as JSON, the same as the
library's for the same seed, and every bad input refused in words (translated), exit 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import pegboard.games
from pegboard.analysis import Report, analyse
from pegboard.bots.base import CHANCE_UNIT
from pegboard.cli.main import app
from tests.analysis.conftest import played_record
from tests.cli.test_i18n_cli import flat

runner = CliRunner()
BUDGET = 20
"""A small search: these tests check the command, not the analysis' strength."""


def write(folder: Path, record: Any, name: str = "match.json") -> Path:
    path = folder / name
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", ["draw", "cribbage", "all-fives", "fives-and-threes"])
def test_the_json_is_the_librarys_report_and_the_terminal_shows_its_grades(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = played_record(game, 3)
    out = tmp_path / "report.json"
    # Cribbage's discards near the end are played out over deals in proportion to the
    # budget (the match expert's): a smaller one keeps the test quick.
    budget = 8 if game == "cribbage" else BUDGET
    # The library's report is the one the command asks for, kept as it is made (not made a
    # second time: the same seed gives the same report, tests/analysis/test_search.py), and
    # the command asked for it of the record's game and match at its budget and seed.
    made: list[tuple[Any, Any, dict[str, Any], Report]] = []

    def kept(used: Any, read: Any, **keywords: Any) -> Report:
        report = analyse(used, read, **keywords)
        made.append((used, read, keywords, report))
        return report

    monkeypatch.setattr("pegboard.cli.analyse.analyse", kept)
    args = ["analyse", str(write(tmp_path, record)), "--budget", str(budget), "--seed", "4"]
    result = runner.invoke(app, [*args, "--json", str(out), "--lang", "en"])
    assert result.exit_code == 0, result.output
    [(used, read, keywords, expected)] = made
    assert used is pegboard.games.get(game) and read == record
    assert (keywords["level"], keywords["budget"], keywords["seed"]) == (None, budget, 4)
    assert set(keywords) == {"level", "budget", "seed", "progress"}  # the defaults else
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written == json.loads(json.dumps(expected.to_json()))
    assert Report.from_json(written) == expected
    text = flat(result.stdout)
    for summary in expected.summaries():  # each seat's accuracy, counted from 1
        assert f"{summary.seat + 1} {summary.accuracy:.1f} {summary.decisions} " in text
    graded = expected.graded()
    assert graded, "a greedy bot against the expert makes at least one graded decision"
    lines = [line for line in result.stdout.splitlines() if line.startswith("Move ")]
    assert len(lines) == len(graded)
    first = graded[0]
    # A chance of winning lost (near the end of a cribbage game) reads as a percentage.
    chance = first.unit == CHANCE_UNIT
    loss, error = (f"{100 * x:.1f}%" if chance else f"{x:.1f}" for x in (first.loss, first.error))
    assert lines[0] == (
        f"Move {first.index + 1}, seat {first.seat + 1}: {first.grade} — played {first.taken}, "
        f"best {first.best}, −{loss} ± {error} {first.unit}"
    )
    for decision, line in zip(graded, lines, strict=True):
        assert line.endswith("%" + f" {decision.unit}") == (decision.unit == CHANCE_UNIT)


def test_the_report_speaks_the_language_asked(tmp_path: Path) -> None:
    record = played_record("draw", 3)
    args = ["analyse", str(write(tmp_path, record)), "--budget", str(BUDGET), "--lang", "pt"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "precisão" in result.stdout  # the accuracy column
    lines = [line for line in result.stdout.splitlines() if line.startswith("Jogada ")]
    assert lines and all(", jogador " in line and "jogou" in line for line in lines)
    assert "Move " not in result.stdout


def _tampered() -> dict[str, Any]:
    record = played_record("draw", 3)
    record["rounds"][0]["actions"][3] = "6-6@6-6A"
    return record


def _round() -> dict[str, Any]:
    described = pegboard.games.get("draw")
    match = described.new_match(described.check_options({"players": 2}), 3)
    record: dict[str, Any] = match.round.to_record()
    return record


@pytest.mark.parametrize(
    ("content", "args", "words"),
    [
        (None, [], "cannot read"),
        ("{not json", [], "is not a JSON record"),
        ({"format": "a list of groceries"}, [], "not a pegboard record"),
        (_round, [], "this record is a 'round', not a 'match'"),
        (_tampered, [], "action 4 ('6-6@6-6A') cannot be played: [6|6] is not in your hand (D5)"),
        (lambda: played_record("draw", 3), ["--budget", "0"], "the budget is a number"),
        (lambda: played_record("draw", 3), ["--level", "greedy"], "no 'greedy' analyser"),
    ],
    ids=["no-file", "not-json", "not-a-record", "a-round", "does-not-replay", "budget", "level"],
)
def test_bad_input_is_refused_in_words(
    content: Any, args: list[str], words: str, tmp_path: Path
) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        made = content() if callable(content) else content
        path.write_text(made if isinstance(made, str) else json.dumps(made), encoding="utf-8")
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["analyse", str(path), "--json", str(out), *args, "--lang", "en"])
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)  # no traceback
    assert words in flat(result.stderr) and flat(result.stderr).startswith("pegboard: error:")
    assert not out.exists()


def test_a_refusal_is_translated(tmp_path: Path) -> None:
    path = write(tmp_path, _round())
    result = runner.invoke(app, ["analyse", str(path), "--lang", "pt"])
    assert result.exit_code == 1
    assert flat(result.stderr).startswith("pegboard: erro:")
    assert "this record" not in result.stderr
