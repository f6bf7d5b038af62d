"""``pegboard.analysis.win_probability`` and the chances in a game report (issue 37): what
every game with tables shares. Each game's own tables are tested in its ``test_odds.py``."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

import pegboard.games
from pegboard.analysis import AnalysisError, Report, analyse_log, match_start, win_probability
from pegboard.analysis.chart import ChartWords, chart_svg, report_chart
from pegboard.analysis.odds import MAX_SAMPLES, known_win_probability
from pegboard.cribbage import Game as CribbageGame
from tests.analysis.conftest import played_record

CRIBBAGE = pegboard.games.get("cribbage")
WORDS = ChartWords("Chart", "Scores, chances, losses", "Move", "Points", "Lost", "Chance (%)")


def test_a_game_without_tables_says_so_in_words() -> None:
    toy = dataclasses.replace(CRIBBAGE, name="toy-without-tables", win_probabilities=None)
    with pytest.raises(AnalysisError, match="toy-without-tables has no table of the chances"):
        win_probability(toy, CribbageGame.new(seed=1), 0)
    # Where a chance is shown beside something else, a game without tables has none.
    assert known_win_probability(toy, CribbageGame.new(seed=1), 0) is None


def test_bad_requests_are_refused_before_any_work() -> None:
    game = CribbageGame.new(seed=2, dealer=0)
    with pytest.raises(AnalysisError, match="no seat 2"):
        win_probability(CRIBBAGE, game, 2)
    with pytest.raises(AnalysisError, match=f"from 1 to {MAX_SAMPLES} worlds, not 5000"):
        win_probability(CRIBBAGE, game, 0, samples=5000)
    with pytest.raises(AnalysisError, match="not -1"):
        win_probability(CRIBBAGE, game.observation(0), 0, samples=-1)


def test_the_two_seats_chances_make_one() -> None:
    game = CribbageGame.new(seed=4, dealer=1)
    for samples in (0, 4):
        mine = win_probability(CRIBBAGE, game, 0, samples=samples, seed=3)
        theirs = win_probability(CRIBBAGE, game, 1, samples=samples, seed=3)
        assert 0 <= mine <= 1
        if samples == 0:  # the table, from public facts: the same for both seats
            assert mine + theirs == pytest.approx(1)


def test_a_report_has_each_deciding_seat_s_chance_and_draws_it() -> None:
    options, match_seed, actions = match_start(CRIBBAGE, played_record("cribbage", 11))
    first = actions[:12]  # the first hand's discards and pegging

    def report_of(chances: int) -> Report:
        return analyse_log(
            CRIBBAGE, options, match_seed, first, seed=1, budget=8, max_searches=2, chances=chances
        )

    report = report_of(3)
    assert report.decisions and all(0 <= d.chance <= 1 for d in report.decisions)  # type: ignore[operator]
    again = Report.from_json(json.loads(json.dumps(report.to_json())))
    assert again == report
    # A report written before issue 37 has no chances: read as None.
    old = report.to_json()
    for decision in old["decisions"]:
        del decision["chance"]
    assert all(d.chance is None for d in Report.from_json(old).decisions)
    chart = report_chart(report, ["Ana", "Bo"], WORDS)
    assert [p.key for p in chart.panels] == ["scores", "chance", "lost"]
    chance = chart.panels[1]
    assert chance.span == (0, 100)
    for decision in report.decisions:
        assert chance.series[decision.seat].values[decision.index] == pytest.approx(
            100 * decision.chance,
            abs=0.05,  # type: ignore[operator]
        )
    assert 'data-key="chance"' in chart_svg(chart)
    none = report_of(0)
    assert all(d.chance is None for d in none.decisions)
    assert [p.key for p in report_chart(none, ["Ana", "Bo"], WORDS).panels] == ["scores", "lost"]


def test_the_tables_are_read_without_numpy() -> None:
    """NumPy is the research extra's: a server installed without it still reads every
    game's tables and estimates within a deal (only the tables' making needs NumPy)."""
    script = """
import sys
sys.modules["numpy"] = None  # any import of NumPy now fails
import random
import pegboard.games
from pegboard.analysis import win_probability
for name in pegboard.games.names():
    game = pegboard.games.get(name)
    if game.win_probabilities is None:
        continue
    match = game.new_match(game.check_options({game.players_option: game.min_players}), 3)
    seat = match.current_player
    between = win_probability(game, match, seat, samples=0)
    within = win_probability(game, match, seat, samples=2, seed=1)
    assert 0 <= between <= 1 and 0 <= within <= 1, (name, between, within)
    print(name, "read")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    read = {line.split()[0] for line in done.stdout.splitlines()}
    with_tables = {
        name
        for name in pegboard.games.names()
        if pegboard.games.get(name).win_probabilities is not None
    }
    assert read == with_tables and "cribbage" in read
