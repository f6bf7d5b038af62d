"""Cribbage's chances of winning (``pegboard.cribbage.odds``, issue 37): the data file is
what its generator makes, the tables obey the rules (C5, C6, C7), and they agree with what
is published of real and computed play."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from pegboard import games
from pegboard.analysis import odds, win_probability
from pegboard.cribbage import CribbageMatch
from pegboard.cribbage import Game as CribbageGame
from pegboard.cribbage import chances as cribbage_chances
from pegboard.cribbage.chances import game_outcome, match_chance, outcome_table
from pegboard.cribbage.odds import TABLES, solve
from pegboard.games.tables import TablesError, read_tables, write_tables

GAME = games.get("cribbage")


def dealer_wins(dealer: int, pone: int) -> float:
    return sum(game_outcome(dealer, pone)[:3])


@pytest.fixture(scope="module")
def data() -> dict:
    return read_tables(cribbage_chances.PATH)


# -- the data file is what its generator makes ------------------------------------------------


def test_the_data_file_is_what_the_generator_makes() -> None:
    # The first two hands drawn again from the file's seed, and every table rebuilt from
    # the file's samples (python -m benchmarks odds check --game=cribbage does more).
    assert odds.check(GAME, deals=2) == []


def test_the_check_catches_a_changed_sample_or_cell(
    data: dict, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    changed = dict(data)
    changed["samples"] = {"2": [[*data["samples"]["2"][0], 1], *data["samples"]["2"][1:]]}
    path = tmp_path / "sample.odds.json.gz"
    write_tables(path, changed)
    monkeypatch.setattr(type(TABLES), "path", path)
    problems = odds.check(GAME, deals=1)
    assert problems and "deal 0" in problems[0]
    assert any("table 'outcomes'" in p for p in problems)

    cell = dict(data)
    outcomes = [list(map(list, row)) for row in data["tables"]["outcomes"]]
    outcomes[50][60][0] += 1
    cell["tables"] = {**data["tables"], "outcomes": outcomes}
    write_tables(path, cell)
    # The file's own samples build the file's tables (the test above): the build is taken
    # as read here rather than made a third time (8 s), and the changed cell must show.
    monkeypatch.setattr(type(TABLES), "build", lambda _self, _samples: data["tables"])
    assert odds.check(GAME, deals=1) == ["table 'outcomes' is not what the samples build"]


# -- the tables obey the rules ------------------------------------------------------------------


def test_every_cell_is_a_distribution_over_the_ends_of_a_game() -> None:
    for row in outcome_table():
        for cell in row:
            assert all(0 <= share <= 1 for share in cell)
            assert abs(sum(cell) - 1) <= 6 / cribbage_chances.SCALE


def test_c7_skunks_only_below_the_lines(data: dict) -> None:
    # C7: a win is a skunk only while the loser is below 91, a double skunk below 61; a
    # player at 91 or more can never be skunked, at 61 or more never double skunked.
    for score in (91, 100, 120):
        for other in (0, 60, 100):
            outcome = game_outcome(other, score)  # the pone at `score`
            assert outcome[1] == outcome[2] == 0
            outcome = game_outcome(score, other)  # the dealer at `score`
            assert outcome[4] == outcome[5] == 0
    assert game_outcome(70, 61)[2] == 0 and game_outcome(61, 70)[5] == 0


def test_more_points_never_less_chance(data: dict) -> None:
    # Monotone in one's own score, within the table's stated error (the largest standard
    # error of a cell, twice over: two cells are compared).
    slack = 4 * data["tables"]["error"]["largest"]
    for dealer in range(0, 120, 7):
        for pone in range(0, 120, 3):
            assert dealer_wins(dealer + 1, pone) >= dealer_wins(dealer, pone) - slack
            assert dealer_wins(dealer, pone + 1) <= dealer_wins(dealer, pone) + slack


def test_c3_c5_c7_what_the_rules_decide() -> None:
    # The pone needing 1 point against a dealer far behind: the dealer cannot reach 121
    # first, and the pone pegs or counts a point in almost every hand.
    assert dealer_wins(10, 120) < 0.001
    # The dealer needing 2 wins at the cut with a jack (his heels, C3: 4 jacks in 52 cards
    # cut: 4 in 52 as no seat sees the cards in advance) or by pegging 2 before the pone
    # pegs 1.
    assert dealer_wins(119, 120) > 4 / 52 - 0.02
    # Needing 1 point against a pone needing 11: the dealer pegs a point in most hands,
    # and the pone must peg or count 11 before it: the dealer wins far more often than not.
    assert dealer_wins(120, 110) > 0.7


def test_the_chances_agree_with_what_is_published(data: dict) -> None:
    # The first dealer's chance: Cribbage Pro's millions of online games, 55.5% (55-56%
    # between players of equal skill); DeLynn Colvert's and Hal Mueller's computations,
    # 56% (Cribbage World 2004, 2009). Ours comes from experts' play: within 2.5 points of
    # them (the table's own error at 0-0 is some 0.5 points).
    first = dealer_wins(0, 0)
    assert first == pytest.approx(data["tables"]["first_dealer"], abs=1e-3)
    assert 0.53 <= first <= 0.58
    # Carte Primus's game-theoretic tables: the dealer at 35 against the pone at 37 wins 51%.
    assert dealer_wins(35, 37) == pytest.approx(0.51, abs=0.03)


# -- a match, a game, an observation -----------------------------------------------------------


def test_c7_a_match_of_one_game_is_the_game_and_a_longer_match_evens_out() -> None:
    one = match_chance((0, 0), 1, first_dealer=0, seat=0)
    assert one == pytest.approx(dealer_wins(0, 0), abs=1e-9)
    # Best of seven (4 game points): the loser of each game deals the next, which offsets
    # the first dealer's edge (ACC rule 1.5); the first deal matters less than in one game.
    seven = match_chance((0, 0), 4, first_dealer=0, seat=0)
    assert 0.5 <= seven < one
    assert match_chance((3, 0), 4, first_dealer=0, seat=1) < 0.2


def test_win_probability_reads_the_table_between_deals() -> None:
    match = CribbageMatch(best_of=1, seed=3)
    dealer = match.game.dealer
    chance = win_probability(GAME, match, dealer, samples=0)
    assert chance == pytest.approx(dealer_wins(0, 0), abs=1e-9)
    assert win_probability(GAME, match, 1 - dealer, samples=0) == pytest.approx(1 - chance)


def test_within_a_deal_the_chance_comes_from_the_seat_s_view_only() -> None:
    game = CribbageGame.new(seed=5, dealer=0)
    seat = game.current_player
    assert seat is not None
    first = win_probability(GAME, game, seat, samples=6, seed=2)
    assert first == win_probability(GAME, game, seat, samples=6, seed=2)
    assert 0 <= first <= 1
    # A game whose other hand differs but which the seat cannot tell apart: the same
    # estimate (the chance never looks at the other hand).
    other = game.sample_hidden(seat, random.Random(9))
    assert other.hands[1 - seat] != game.hands[1 - seat]
    assert other.observation(seat) == game.observation(seat)
    assert win_probability(GAME, other, seat, samples=6, seed=2) == first
    # A match's observation gives the match's chance: of one game, the game's.
    match = CribbageMatch(best_of=1, seed=5)
    view = match.observation(match.game.pone)
    chances = TABLES.within_deal(view, 4, random.Random(1))
    assert sum(chances) == pytest.approx(1)


def test_a_finished_game_is_won_or_lost() -> None:
    game = CribbageGame.from_position(["5H 5S 5C JD 4H 6S", "AH 2S 3C 9D KH QS"], scores=(119, 0))
    assert TABLES.between_deals(game) == pytest.approx(
        (dealer_wins(119, 0), 1 - dealer_wins(119, 0))
    )
    with pytest.raises(TablesError):
        game_outcome(121, 0)


def test_c4_c6_c7_the_programme_on_known_hands() -> None:
    # Every hand the same: the dealer pegs 2, the pone counts 10, the dealer 20 (hand and
    # crib). The game is then certain, and the programme must find its winner, from 0-0 and
    # from a state near the end, where the pone counts out before the dealer's show.
    table = solve([[2, -10, 20]])
    scores = [0, 0]
    dealer = 0
    winner = None
    while winner is None:
        for points in (2, -10, 20):
            seat = dealer if points > 0 else 1 - dealer
            scores[seat] += abs(points)
            if scores[seat] >= 121:
                winner = seat
                break
        dealer = 1 - dealer
    assert sum(table[0, 0, :3]) == (1.0 if winner == 0 else 0.0)
    assert sum(table[100, 111, 3:]) == 1.0  # the pone counts its 10 first (C6)
    assert sum(table[119, 111, :3]) == 1.0  # the dealer pegs its 2 first (C4)
    # The dealer from 101 against 40: 101 + 2 + 20 = 123 with the pone at 50, below 61, a
    # double skunk (C7).
    assert table[101, 40, 2] == 1.0


def test_c2_the_tables_sample_hands_of_two_players_only() -> None:
    with pytest.raises(TablesError, match=r"two players \(C2\)"):
        TABLES.sample_deal("3", 1)
