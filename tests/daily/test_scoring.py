"""Matchpoints as duplicate bridge scores a board, the margin of a deal, and the field's
choices after the same moves."""

from __future__ import annotations

import pytest

from pegboard.daily import DealScore, field_choices, margin, matchpoints, mean_percent


def test_matchpoints_as_bridge_scores_a_board() -> None:
    # A board played at four tables (the usual worked example of matchpointing: a top of 3
    # on a board played four times; each pair scores 1 for a pair beaten, 1/2 for a tie).
    board = {"A": 420.0, "B": 420.0, "C": 170.0, "D": -50.0}
    scores = matchpoints(board)
    assert scores["A"] == scores["B"] == pytest.approx(100 * 2.5 / 3)
    assert scores["C"] == pytest.approx(100 * 1 / 3)
    assert scores["D"] == 0.0
    # The board's matchpoints always add up to the pairs of players, halved ties included.
    assert sum(scores.values()) == pytest.approx(100 * len(board) / 2)


def test_a_player_alone_scores_half_and_everyone_level_scores_half() -> None:
    assert matchpoints({"A": 7.0}) == {"A": 50.0}
    assert matchpoints({"A": 3.0, "B": 3.0, "C": 3.0}) == {"A": 50.0, "B": 50.0, "C": 50.0}
    assert matchpoints({}) == {}


def test_the_margin_is_the_seats_points_less_the_others() -> None:
    assert margin((17.0, 8.0), 0) == 9.0
    assert margin((17.0, 8.0), 1) == -9.0
    assert margin((6.0, 0.0, 3.0), 1) == -4.5


def test_a_deals_score_against_par_and_the_mean() -> None:
    score = DealScore(deal=0, margin=-3.0, par=2.0)
    assert score.against_par == -5.0 and score.matchpoints is None
    assert mean_percent([50.0, 100.0, 0.0]) == 50.0
    assert mean_percent([]) is None


def test_the_fields_choices_count_those_who_made_the_same_moves_before() -> None:
    logs = [
        ("5H 5C", "2D", "3S"),
        ("5H 5C", "2D", "KD"),
        ("5H 5C", "9D"),
        ("JH QH", "2D"),
        ("5H 5C",),  # stopped there: no choice after it
    ]
    assert field_choices(logs, ()) == {"5H 5C": 4, "JH QH": 1}
    assert field_choices(logs, ("5H 5C",)) == {"2D": 2, "9D": 1}
    assert field_choices(logs, ("5H 5C", "2D")) == {"3S": 1, "KD": 1}
    assert field_choices(logs, ("2D",)) == {}
