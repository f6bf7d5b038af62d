"""The ratings as people read them (issue 35, defect 11): OpenSkill's mu and sigma on a
1500-based scale with a 95% band (``pegboard.web.rating_scale``), and when a rating is
provisional."""

from __future__ import annotations

from openskill.models import PlackettLuce

from pegboard.web import ratings
from pegboard.web.rating_scale import Shown, change_text, shown

OPENSKILL = PlackettLuce()
START_SIGMA = OPENSKILL.sigma


def test_a_new_player_reads_1500_plus_or_minus_500_provisional() -> None:
    new = shown(OPENSKILL.mu, OPENSKILL.sigma)
    assert new == Shown(rating=1500, band=500, cautious=750)
    assert (new.low, new.high) == (1000, 2000)
    player = ratings.Rating("p", "Ana", "draw", OPENSKILL.mu, OPENSKILL.sigma, 0)
    assert player.provisional and player.shown == new
    as_json = player.to_dict()
    assert (as_json["mu"], as_json["sigma"]) == (OPENSKILL.mu, OPENSKILL.sigma)  # kept
    assert (as_json["displayed"], as_json["plus_minus"], as_json["provisional"]) == (
        1500,
        500,
        True,
    )


def test_provisional_until_five_rated_matches() -> None:
    flags = [
        ratings.Rating("p", None, "draw", 25.0, 7.0, matches).provisional for matches in range(7)
    ]
    assert flags == [True] * ratings.PROVISIONAL_MATCHES + [False] * 2


def test_the_scale_is_monotone_in_mu_and_the_band_in_sigma() -> None:
    mus = [x / 10 for x in range(-200, 600)]
    readings = [shown(mu, 5.0).rating for mu in mus]
    assert readings == sorted(readings) and readings[0] < readings[-1]
    assert shown(26.0, 5.0).rating - shown(25.0, 5.0).rating == 30  # a unit of mu
    bands = [shown(25.0, sigma / 10).band for sigma in range(90)]
    assert bands == sorted(bands) and bands[0] == 0


def test_no_rating_within_six_sigmas_of_the_start_is_negative() -> None:
    # mu from 25 - 6 sigma (-25) up to 25 + 6 sigma, sigma from the start's down: the
    # rating is 0 at the very bottom and positive above; below that the scale stops at 0.
    bottom = OPENSKILL.mu - 6 * START_SIGMA
    assert shown(bottom, START_SIGMA).rating == 0
    assert shown(bottom + 0.1, START_SIGMA).rating > 0
    for step in range(121):
        mu = bottom + step * (12 * START_SIGMA) / 120
        for sigma in (START_SIGMA, 5.0, 1.0):
            reading = shown(mu, sigma)
            assert reading.rating >= 0 and reading.cautious >= 0 and reading.low >= 0
    assert shown(-100.0, 8.0) == Shown(rating=0, band=480, cautious=0)  # floored


def test_typical_players_read_positive_ratings() -> None:
    # Two players, one winning every match: after twenty matches both read well above 0.
    winner, loser = [OPENSKILL.rating() for _ in range(2)]
    for _ in range(20):
        (winner,), (loser,) = OPENSKILL.rate([[winner], [loser]], ranks=[1.0, 2.0])
    assert shown(winner.mu, winner.sigma).rating > 1500 > shown(loser.mu, loser.sigma).rating
    assert shown(loser.mu, loser.sigma).cautious > 0


def test_a_change_reads_as_a_signed_number() -> None:
    before = Shown(1500, 500, 750)
    assert change_text(before, Shown(1545, 480, 825)) == "+45"
    assert change_text(before, Shown(1488, 480, 768)) == "\u221212"
    assert change_text(before, before) == "±0"
