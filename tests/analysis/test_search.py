"""``pegboard.analysis.analyse``: every decision of a match valued from its seat's
observation, its loss and error, deterministic for a seed, written to JSON and back."""

from __future__ import annotations

import copy
import json
import math

import pytest

import pegboard.games
from pegboard.analysis import AnalysisError, Report, accuracy, analyse, grade, in_points
from pegboard.games import Grading
from tests.analysis.conftest import played_record

FAST = {"budget": 40, "max_searches": 2, "chances": 0}
"""A small search, and no chances of winning (tests/analysis/test_odds.py): these tests
check the analysis' bookkeeping, not its strength."""


@pytest.mark.parametrize("game", ["draw", "cribbage", "all-fives", "fives-and-threes"])
def test_every_decision_is_valued_and_replays_the_log(game: str) -> None:
    described = pegboard.games.get(game)
    record = played_record(game, 3)
    # Cribbage's discards near the end are played out over deals in proportion to the
    # budget (the match expert's): a small one keeps this bookkeeping test quick.
    fast = {**FAST, "budget": 8} if game == "cribbage" else FAST
    report = analyse(described, record, seed=1, **fast)
    options, seed, actions = described.record_start(record)  # type: ignore[misc]
    match = described.new_match(described.check_options(options), seed)
    decided = {d.index: d for d in report.decisions}
    for index, text in enumerate(actions):
        seat = match.current_player
        legal = [str(a) for a in match.observation(seat).legal_actions()]
        if len(legal) == 1:  # a forced move is no decision
            assert index not in decided
        else:
            decision = decided[index]
            assert decision.seat == seat and decision.taken == text
            assert sorted(v.action for v in decision.values) == sorted(legal)
            values = [v.value for v in decision.values]
            assert values == sorted(values, reverse=True)  # best first
            lost = decision.values[0].value - decision.value_of(text).value
            assert decision.loss == pytest.approx(max(0.0, lost)) and decision.loss >= 0
            assert decision.searches == 2 and decision.error >= 0
            # A loss in the chance of winning is graded as the points it is worth.
            rate = described.grading.chance_per_point
            loss = in_points(decision.loss, decision.unit, rate)
            error = in_points(decision.error, decision.unit, rate)
            assert decision.grade == grade(loss, described.grading, error)
        described.play(match, seat, text)
        assert report.scores[index + 1] == tuple(
            float(x) for x in (described.points or described.scores)(match)
        )
    assert report.actions == tuple(actions) and len(report.scores) == len(actions) + 1


def test_the_same_seed_gives_the_same_report_and_json_round_trips() -> None:
    draw = pegboard.games.get("draw")
    record = played_record("draw", 5)
    one = analyse(draw, record, seed=7, **FAST)
    assert analyse(draw, record, seed=7, **FAST) == one
    again = Report.from_json(json.loads(json.dumps(one.to_json())))
    assert again == one
    other = analyse(draw, record, seed=8, **FAST)
    assert [d.values for d in other.decisions] != [d.values for d in one.decisions]


def test_a_decision_is_searched_again_until_its_error_is_within_the_tolerance() -> None:
    draw = pegboard.games.get("draw")
    record = played_record("draw", 5)
    loose = analyse(draw, record, seed=2, budget=40, max_searches=6, tolerance=1e9, chances=0)
    tight = analyse(draw, record, seed=2, budget=40, max_searches=6, tolerance=0.0, chances=0)
    assert {d.searches for d in loose.decisions} == {2}
    # A tolerance of 0 is met only by a loss known exactly (a loss of 0, or an exact bot).
    assert any(d.searches == 6 for d in tight.decisions)
    assert all(d.searches == 6 or d.error == 0 for d in tight.decisions)


def test_grades_and_accuracy_follow_their_definitions() -> None:
    grading = Grading(1.0, 3.0, 6.0)
    assert [grade(x, grading) for x in (0.0, 0.99, 1.0, 2.9, 3.0, 5.9, 6.0, 40.0)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    # A loss is graded by what it lost at least: two standard errors less.
    assert grade(7.0, grading, error=0.6) == "mistake" and grade(7.0, grading, 0.4) == "blunder"
    assert grade(1.5, grading, error=0.3) is None and grade(1.5, grading, 0.0) == "inaccuracy"
    assert accuracy([], 3.0) == 100.0
    assert accuracy([0.0, 0.0], 3.0) == 100.0
    assert accuracy([3.0], 3.0) == pytest.approx(100 / math.e)
    assert accuracy([0.0, 6.0], 3.0) == pytest.approx(50 + 50 * math.exp(-2))
    with pytest.raises(ValueError, match="rise"):
        Grading(2.0, 1.0, 3.0)


def test_a_record_that_does_not_replay_is_refused_in_words() -> None:
    draw = pegboard.games.get("draw")
    record = played_record("draw", 5)
    broken = copy.deepcopy(record)
    broken["rounds"][0]["actions"][0] = "6-6@9-9L"
    with pytest.raises(AnalysisError, match="action 1"):
        analyse(draw, broken, **FAST)
    with pytest.raises(AnalysisError, match="not a pegboard record"):
        analyse(draw, {"format": "x"}, **FAST)
    with pytest.raises(AnalysisError, match="not of 'draw'"):
        analyse(draw, played_record("cribbage", 1), **FAST)
