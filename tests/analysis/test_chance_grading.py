"""A cribbage decision near the end of a game is valued by the chance of winning, and graded
as the points that chance is worth (``Grading.chance_per_point``), never in the pegging
search's own unit where a game won or lost counted ±100 points."""

from __future__ import annotations

import pytest

import pegboard.games
from pegboard.analysis import analyse, analysis_level, grade, in_points
from pegboard.bots.base import CHANCE_UNIT
from pegboard.cribbage.bots.expert import ENDGAME_UNIT, MATCH_FROM
from pegboard.cribbage.chances import game_outcome
from pegboard.games import Grading
from tests.analysis.conftest import played_record

CRIBBAGE_PRO_POINT = 0.017
"""Cribbage Pro's odds-of-winning study: a point is worth about 1.7% of games won."""


def dealer_wins(dealer: int, pone: int) -> float:
    return sum(game_outcome(dealer, pone)[:3])


def test_a_point_is_worth_what_the_tables_say_at_the_start_of_a_game() -> None:
    rate = pegboard.games.get("cribbage").grading.chance_per_point
    assert rate is not None
    # Ten points to the dealer, or to the pone, at 0-0: the chance each moves, per point.
    from_tables = (dealer_wins(10, 0) - dealer_wins(0, 10)) / 20
    assert rate == pytest.approx(from_tables, abs=0.001)
    assert rate == pytest.approx(CRIBBAGE_PRO_POINT, abs=0.003)


def test_a_chance_lost_is_graded_as_the_points_it_is_worth() -> None:
    grading = Grading(0.5, 1.0, 2.0, chance_per_point=0.02)
    assert in_points(0.04, CHANCE_UNIT, grading.chance_per_point) == pytest.approx(2.0)
    assert grade(in_points(0.04, CHANCE_UNIT, 0.02), grading) == "blunder"
    assert grade(in_points(0.025, CHANCE_UNIT, 0.02), grading) == "mistake"
    assert grade(in_points(0.005, CHANCE_UNIT, 0.02), grading) is None
    # A loss in points is read as it is; a chance without a rate is a game's bug.
    assert in_points(0.04, "expected net points", 0.02) == 0.04
    with pytest.raises(ValueError, match="no rate"):
        in_points(0.04, CHANCE_UNIT, None)
    with pytest.raises(ValueError, match="between 0 and 1"):
        Grading(0.5, 1.0, 2.0, chance_per_point=2.0)


def test_c7_a_cribbage_report_values_its_endgame_by_the_chance_of_winning() -> None:
    cribbage = pegboard.games.get("cribbage")
    assert analysis_level(cribbage) == "match-expert"
    report = analyse(cribbage, played_record("cribbage", 4), seed=2, max_searches=2, chances=0)
    units = {d.unit for d in report.decisions}
    assert ENDGAME_UNIT not in units  # the ±100 unit is never graded
    late = [d for d in report.decisions if max(report.scores[d.index]) >= MATCH_FROM]
    assert late and {d.unit for d in late if d.unit != CHANCE_UNIT} <= {"expected net points"}
    chance = [d for d in report.decisions if d.unit == CHANCE_UNIT]
    assert chance
    rate = cribbage.grading.chance_per_point
    assert rate is not None
    for decision in chance:
        assert 0 <= decision.values[-1].value <= decision.values[0].value <= 1
        assert report.points_lost(decision) == pytest.approx(decision.loss / rate)
        points = in_points(decision.loss, CHANCE_UNIT, rate)
        assert decision.grade == grade(points, cribbage.grading, decision.error / rate)
    # The seats' figures are in points: a chance decision's loss enters as its points.
    seat = report.chance_per_point and report.summary(0)
    assert seat and seat.mean_loss == pytest.approx(
        sum(report.points_lost(d) for d in report.of_seat(0)) / len(report.of_seat(0))
    )
