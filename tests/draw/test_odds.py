"""Draw's chances of winning a match (issue 37): the data file is what its generator makes,
the tables are chances (bounded, summing to 1, never smaller for more points), the
programme gives the known answers of the problem of points, and an estimate within a round
reads one seat's observation only."""

from __future__ import annotations

import gzip
import json
import math
import random
from pathlib import Path

import numpy as np
import pytest

from pegboard import games
from pegboard.analysis import odds, win_probability
from pegboard.core import WordedError
from pegboard.draw import Match, Round
from pegboard.draw.chances import GRIDS, SCALE, _stored, chances_from
from pegboard.draw.odds import TABLES, DrawTables, solve, start_state
from pegboard.games.tables import TablesError, read_tables, write_tables
from tests.draw.helpers import tiles

DRAW = games.get("draw")


def stored(players: int) -> np.ndarray:
    """The table of ``players`` as chances ``[states, players]``, the last seat's restored."""
    size = len(GRIDS[players])
    values = np.array(_stored()[str(players)], dtype=float).reshape(size**players, players - 1)
    values /= SCALE
    return np.concatenate([values, 1 - values.sum(axis=1, keepdims=True)], axis=1)


# -- the data file ---------------------------------------------------------------------------


def test_the_data_file_is_what_its_generator_makes() -> None:
    assert odds.check(DRAW, deals=2) == []


def test_the_check_finds_a_changed_round_and_a_changed_chance(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    data = read_tables(TABLES.path)
    winner, points = data["samples"]["2"][0]
    data["samples"]["2"][0] = [winner, points + 1]
    data["tables"]["chances"]["3"][5] += 1
    changed = tmp_path / "draw.odds.json.gz"
    write_tables(changed, data)
    monkeypatch.setattr(DrawTables, "path", changed)
    monkeypatch.setattr(DrawTables, "configurations", ("2",))  # one round drawn again
    # Fewer resamples of the error (its table then differs too): the chances do not use them.
    monkeypatch.setattr("pegboard.draw.odds.ERROR_RESAMPLES", 2)
    problems = odds.check(DRAW, deals=1)
    assert "2: deal 0 is not the one stored" in problems
    assert "table 'chances' is not what the samples build" in problems


def test_the_data_file_is_small_and_states_its_error() -> None:
    assert TABLES.path.stat().st_size < 1_000_000
    with gzip.open(TABLES.path, "rt") as source:
        error = json.load(source)["tables"]["error"]
    for players in ("2", "3", "4"):
        assert 0 < error[players]["start"] <= error[players]["largest"] < 0.1


# -- the tables --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d13_d14_d17_every_chance_is_a_chance_and_they_sum_to_one(players: int) -> None:
    # A round scores for one seat at most (D13, D14), so a match is never drawn (D17):
    # one seat wins, and the chances sum to 1 within the rounding of the stored ones.
    table = stored(players)
    rounding = (players - 1) / (2 * SCALE)
    assert table[:, :-1].min() >= 0 and table[:, :-1].max() <= 1
    assert table[:, -1].min() >= -rounding and table[:, -1].max() <= 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_more_points_never_lower_the_chance(players: int) -> None:
    # Needing fewer points, a seat reaches the target no later with the same rounds, and
    # an opponent's fewer points never help it: so on the grid, exactly (each step of the
    # programme keeps it, the interpolation too), within the stored rounding.
    size = len(GRIDS[players])
    table = stored(players).reshape((size,) * players + (players,))
    rounding = (players - 1) / SCALE
    for seat in range(players):
        for need in range(players):  # whose need changes
            chances = np.moveaxis(table[..., seat], need, 0)
            lower_minus_higher = chances[:-1] - chances[1:]
            if need == seat:
                assert lower_minus_higher.min() >= -rounding
            else:
                assert lower_minus_higher.max() <= rounding


def test_a_seat_is_the_same_seat_whatever_its_number() -> None:
    # Seat 0 leading against seat 1 is seat 1 leading against seat 0, chances swapped.
    for needs in [(100, 100), (37, 80), (4, 61), (250, 12)]:
        leading_first = chances_from(needs, 0)
        leading_second = chances_from(needs[::-1], 1)
        assert leading_first == pytest.approx(leading_second[::-1], abs=1e-12)
    three = chances_from((61, 40, 20), 2)
    turned = chances_from((20, 61, 40), 0)
    assert three == pytest.approx((turned[1], turned[2], turned[0]), abs=1e-12)


def test_d17_a_target_reached_wins_and_a_finished_match_is_decided() -> None:
    assert chances_from((0, 50), 1) == (1.0, 0.0)
    assert chances_from((20, 30, -4), 0) == (0.0, 0.0, 1.0)
    match = Match(2, seed=3, target=1)
    while not match.is_over:
        match.apply(match.round.legal_actions()[0])
    chances = TABLES.between_deals(match)
    assert match.winner is not None and chances[match.winner] == 1.0 and sum(chances) == 1.0


def test_the_problem_of_points() -> None:
    # Pascal and Fermat's problem of points (1654): a fair round worth 1 point, the first to
    # need nothing wins; needing a against b the chance is that of a successes before b
    # failures: sum over k >= a of C(a + b - 1, k) / 2^(a + b - 1). The leader is no matter.
    rounds = [[0, 1], [1, 1]]
    table = solve(rounds, 2).reshape(len(GRIDS[2]), len(GRIDS[2]), 2)
    for a, b in [(1, 1), (1, 2), (2, 3), (5, 3), (10, 10), (17, 40), (100, 90)]:
        n = a + b - 1
        fair = sum(math.comb(n, k) for k in range(a, n + 1)) / 2**n
        assert table[a - 1, b - 1, 0] == pytest.approx(fair, abs=1e-12)


@pytest.mark.parametrize("players", [3, 4])
def test_d16_seats_alike_in_every_round_share_the_match(players: int) -> None:
    # When a round's scorer does not depend on who leads, nor its points, seats needing
    # the same are exchangeable: each wins 1/n, whatever the grid, the blocked rounds
    # (nobody scores) and the lead's turning round (D16).
    rounds = [[seat, points] for seat in range(players) for points in (3, 11, 26)] + [[-1, 0]]
    table = solve(rounds, players)
    size = len(GRIDS[players])
    for j in range(size):
        state = sum(j * size**m for m in range(players))
        assert table[state] == pytest.approx([1 / players] * players, abs=1e-9)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d14_d16_the_first_scoring_round_decides_when_all_need_one_point(players: int) -> None:
    # All needing 1, the first round that scores decides. A round scores for the seat r
    # places after its leader with chance s[r] and for nobody with chance q (D14); each
    # round that scores nothing passes the lead (D16), so after k of them the first
    # leader sits k places before the round's leader: it wins
    # sum over k of q^k s[-k mod n] = (s[0] + q s[n-1] + q^2 s[n-2] + ...) / (1 - q^n).
    shares = [5, 3, 1, 2][:players]  # the rounds each seat wins, by its place
    nobody = 6
    rounds = [[seat, 9] for seat, count in enumerate(shares) for _ in range(count)]
    rounds += [[-1, 0]] * nobody
    total = len(rounds)
    s = [count / total for count in shares]
    q = nobody / total
    expected = sum(q**k * s[-k % players] for k in range(players)) / (1 - q**players)
    assert solve(rounds, players)[0, 0] == pytest.approx(expected, abs=1e-12)


def test_d14_d16_the_first_round_decides_a_match_to_one_point() -> None:
    # Both needing 1: the first round that scores decides it; nobody scores with chance q
    # and the lead passes (D14, D16). With a and c the leader's and the other's chances of
    # scoring, the leader wins a + q c + q^2 a + ... = (a + q c) / (1 - q^2).
    rounds = read_tables(TABLES.path)["samples"]["2"]
    share = 1 / len(rounds)
    a = sum(share for w, p in rounds if w == 0 and p > 0)
    c = sum(share for w, p in rounds if w == 1 and p > 0)
    q = 1 - a - c
    assert chances_from((1, 1), 0)[0] == pytest.approx((a + q * c) / (1 - q * q), abs=1e-3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d16_the_leader_at_the_start_is_near_an_even_share(players: int) -> None:
    # The lead passes every round (D16), and a match to the rules' target takes several
    # rounds won (a round scores some 10 to 40 points): leading the first is an edge of
    # one round in several, so the first leader's chance is within 0.1 of 1/n.
    chance = stored(players)[start_state(players), 0]
    assert abs(chance - 1 / players) < 0.1


# -- reading a match -------------------------------------------------------------------------


def test_win_probability_from_a_match_is_the_tables() -> None:
    match = Match(3, seed=11)
    while len(match.rounds) < 2:
        match.apply(match.round.legal_actions()[0])
    needs = [match.target - score for score in match.scores]
    expected = chances_from(needs, match.round.leader)
    for seat in range(3):
        assert win_probability(DRAW, match, seat, samples=0) == expected[seat]


def test_a_round_alone_has_no_match_chances() -> None:
    with pytest.raises(WordedError, match="no chances of winning"):
        TABLES.between_deals(Round.deal(2, seed=1))


def _world(stock: str, other: str) -> Match:
    """A match to 100 at 40-70 whose round has seat 0 holding the same tiles, seat 1 and
    the stock ``other`` and ``stock``: seat 0 cannot tell the worlds apart."""
    match = Match(2, seed=5)
    # A position for the test, as a saved match in the middle of a round would be.
    match._scores = [40, 70]
    match._part = Round.from_position(
        [tiles("0-0 1-1 2-2 3-3 4-4 5-5 6-6"), tiles(other)], tiles(stock), current=0
    )
    return match


def test_within_a_round_the_chance_reads_one_seats_view_only() -> None:
    first = _world("0-1 0-2 0-3 0-4", "0-5 0-6 1-2 1-3 1-4 1-5 1-6")
    second = _world("1-5 1-6 2-3 2-4", "0-5 0-6 1-2 1-3 1-4 0-1 0-2")
    assert first.observation(0) == second.observation(0)
    assert first.observation(1) != second.observation(1)
    estimate = win_probability(DRAW, first, 0, samples=12, seed=4)
    assert win_probability(DRAW, second, 0, samples=12, seed=4) == estimate
    assert win_probability(DRAW, first, 0, samples=12, seed=4) == estimate  # deterministic
    assert 0 <= estimate <= 1
    both = TABLES.within_deal(first.observation(0), 12, random.Random(4))
    assert sum(both) == pytest.approx(1, abs=2e-3) and both[0] == estimate


def test_d1_the_tables_sample_rounds_of_two_to_four_players_only() -> None:
    with pytest.raises(TablesError, match=r"\(D1\)"):
        TABLES.sample_deal("5", 1)
