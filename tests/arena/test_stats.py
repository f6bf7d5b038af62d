"""The arena's statistics against examples worked by hand."""

from __future__ import annotations

import math

import pytest

from pegboard.arena import ArenaConfig, DealResult, elo, mean_ci, outcomes, pairwise_scores, tally
from pegboard.arena.run import unit_points
from pegboard.arena.stats import Record, expected_score


def test_mean_ci_of_a_known_sample() -> None:
    # 1..5: mean 3, sample variance 2.5, standard error sqrt(0.5); 1.96 of them either side.
    estimate = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    half = 1.959963984540054 * math.sqrt(0.5)
    assert estimate.mean == 3.0
    assert estimate.n == 5
    assert estimate.low == pytest.approx(3.0 - half)
    assert estimate.high == pytest.approx(3.0 + half)
    assert estimate.low == pytest.approx(1.6141, abs=1e-4)


def test_mean_ci_of_a_constant_sample_is_a_point() -> None:
    estimate = mean_ci([7.0] * 10)
    assert (estimate.low, estimate.mean, estimate.high) == (7.0, 7.0, 7.0)


def test_mean_ci_of_one_value_is_unbounded() -> None:
    estimate = mean_ci([4.0])
    assert estimate.mean == 4.0
    assert math.isinf(estimate.low) and math.isinf(estimate.high)


def test_outcomes_most_points_wins_shared_top_draws() -> None:
    assert outcomes([12, 0]) == ("win", "loss")
    assert outcomes([0, 0, 9, 0]) == ("loss", "loss", "win", "loss")
    assert outcomes([5, 5, 1]) == ("draw", "draw", "loss")
    assert outcomes([0, 0]) == ("draw", "draw")


def test_outcomes_by_side_partners_win_together() -> None:
    """Partners are paid the same points: their side wins alone, not a draw between them."""
    assert outcomes([5, 0, 5, 0], ((0, 2), (1, 3))) == ("win", "loss", "win", "loss")
    assert outcomes([5, 0, 5, 0]) == ("draw", "loss", "draw", "loss")
    assert outcomes([3, 3, 3, 3], ((0, 2), (1, 3))) == ("draw",) * 4
    assert tally([(5, 0, 5, 0), (0, 2, 0, 2)], 4, [((0, 2), (1, 3))] * 2) == (
        Record(1, 0, 1),
        Record(1, 0, 1),
        Record(1, 0, 1),
        Record(1, 0, 1),
    )


def test_tally_counts_each_deal_once_per_entrant() -> None:
    deals = [(10, 0), (0, 4), (3, 3), (7, 1)]
    assert tally(deals, 2) == (Record(2, 1, 1), Record(1, 1, 2))


def test_pairwise_scores_compare_every_pair_in_every_deal() -> None:
    deals = [(10, 0, 0), (0, 5, 0)]
    scores = pairwise_scores(deals, 3)
    # Deal 1: 0 beats 1 and 2; 1 and 2 tie. Deal 2: 1 beats 0 and 2; 0 and 2 tie.
    assert scores == [[0.0, 1.0, 1.5], [1.0, 0.0, 1.5], [0.5, 0.5, 0.0]]


def test_elo_of_two_bots_scoring_three_to_one() -> None:
    # A score of 3/4 is a strength ratio of 3: 400 log10(3) = 190.85 points apart.
    ratings = elo([[0.0, 75.0], [25.0, 0.0]], prior=0.0)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert sum(ratings) / 2 == pytest.approx(1500.0)
    assert expected_score(ratings[0], ratings[1]) == pytest.approx(0.75)


def test_elo_recovers_strengths_from_a_table_that_matches_them() -> None:
    # Strengths 1, 2, 4 and 300 games a pair, each pair scoring exactly as expected:
    # the maximum-likelihood fit is those strengths, 400 log10(2) = 120.41 apart.
    table = [[0.0, 100.0, 60.0], [200.0, 0.0, 100.0], [240.0, 200.0, 0.0]]
    ratings = elo(table, prior=0.0)
    step = 400 * math.log10(2)
    assert ratings == pytest.approx((1500 - step, 1500.0, 1500 + step), abs=1e-6)


def test_elo_prior_keeps_an_unbeaten_bot_finite() -> None:
    with pytest.raises(ValueError, match="prior"):
        elo([[0.0, 10.0], [0.0, 0.0]], prior=0.0)
    ratings = elo([[0.0, 10.0], [0.0, 0.0]], prior=1.0)
    # 10.5 to 0.5 with the virtual draw: a strength ratio of 21.
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(21), abs=1e-6)


def test_duplicate_units_average_each_seed_over_its_seatings() -> None:
    config = ArenaConfig("draw", ("greedy", "random"), deals=2, duplicate=True)
    results = [
        DealResult(0, 0, 11, (0, 1), (10, 0)),
        DealResult(0, 1, 11, (1, 0), (0, 4)),
        DealResult(1, 0, 12, (0, 1), (6, 0)),
        DealResult(1, 1, 12, (1, 0), (2, 0)),
    ]
    assert unit_points(config, results) == [(5.0, 2.0), (4.0, 0.0)]
