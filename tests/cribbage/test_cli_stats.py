"""``pegboard cribbage stats`` and ``pegboard cribbage score``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from pegboard.cli.main import app

runner = CliRunner()


def test_c6_stats_table_shows_every_score_the_mean_and_the_impossible() -> None:
    result = runner.invoke(app, ["cribbage", "stats"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "12,994,800" in lines[0]
    zero = next(line for line in lines if line.split()[0] == "0")
    assert "1,009,008" in zero and "█" in zero
    assert next(line for line in lines if line.split()[0] == "29").split()[1] == "4"
    assert "mean 4.769" in result.output
    assert "impossible: 19, 25, 26, 27" in result.output


def test_c6_stats_json_for_the_crib() -> None:
    result = runner.invoke(app, ["cribbage", "stats", "--crib", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    assert document["counted_as"] == "crib"
    assert document["pairs"] == 12_994_800
    assert document["counts"]["0"] == 1_022_208
    assert sum(document["counts"].values()) == 12_994_800
    assert document["impossible"] == [19, 25, 26, 27]


def test_c6_score_command_counts_aloud() -> None:
    result = runner.invoke(app, ["cribbage", "score", "5H 5D 5C JS", "5S"])
    assert result.exit_code == 0, result.output
    assert "and one for his nobs is twenty-nine." in result.output
    assert result.output.splitlines()[-1] == "total 29"


def test_c6_score_command_names_a_bad_hand_without_a_traceback() -> None:
    result = runner.invoke(app, ["cribbage", "score", "5H 5D 5C JS", "5H"])
    assert result.exit_code == 2
    assert "starter 5H is also in the hand" in result.output
    assert "Traceback" not in result.output
    result = runner.invoke(app, ["cribbage", "score", "5H 5D 5C XX", "5S"])
    assert result.exit_code == 2 and "'XX'" in result.output
