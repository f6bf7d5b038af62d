"""The chances of winning a match of All Fives and Fives and Threes (issue 37,
docs/odds.md): the data files are what their generator makes, and the tables obey the
rules (F1, F3, F9) and what any race obeys (bounds, symmetry, more points help)."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import numpy as np
import pytest

from pegboard import games
from pegboard.analysis import odds, win_probability
from pegboard.core import WordedError
from pegboard.dominoes.tiles import Tile
from pegboard.fives import odds as fives_odds
from pegboard.fives.bots.levels import FivesCasual
from pegboard.fives.hand import FivesHand
from pegboard.fives.rules import FivesRules
from pegboard.games.tables import read_tables, write_tables

GAMES = ("all-fives", "fives-and-threes")


def _table(game: str, configuration: str, target: int) -> np.ndarray:
    rules = fives_odds.configuration_rules(game, configuration)  # type: ignore[arg-type]
    steps = target // fives_odds.unit_of(game, target)  # type: ignore[arg-type]
    flat = fives_odds._tables(fives_odds.data_path(game))[  # type: ignore[arg-type]
        fives_odds.table_name(configuration, target)
    ]
    return np.asarray(flat, dtype=np.float64).reshape(rules.num_sides, steps, steps) / (
        fives_odds.SCALE
    )


def _every_table() -> list[tuple[str, str, int]]:
    return [
        (game, configuration, target)
        for game in GAMES
        for configuration in fives_odds.configurations_of(game)  # type: ignore[arg-type]
        for target in fives_odds.targets_of(game, configuration)  # type: ignore[arg-type]
    ]


def _sampled_configurations(game: str) -> tuple[str, ...]:
    """A seeded random sample of ``game``'s configurations without near-end samples (two),
    and in Fives and Threes the partnerships' one with them. Each configuration's tables
    are built from its own samples alone (``build_tables``: one programme per configuration
    and target, its error from its own batches), so a sample of them is checked as the
    whole file would be; ``python -m benchmarks odds check`` checks every one. The near-end
    programme (``_solved`` with groups) is the same for both configurations that have it:
    the partnerships' is checked, the two players' costs three times as much."""
    alone = [
        c
        for c in fives_odds.configurations_of(game)  # type: ignore[arg-type]
        if c + fives_odds.NEAR not in fives_odds.near_configurations(game)  # type: ignore[arg-type]
    ]
    near = ["4-partners"] if fives_odds.near_configurations(game) else []  # type: ignore[arg-type]
    return tuple(sorted(random.Random(f"odds-{game}").sample(alone, 2) + near))


@pytest.mark.parametrize("game", GAMES)
def test_the_data_file_is_what_its_generator_makes(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The file cut to the sampled configurations (their samples, near-end ones too, their
    # tables and errors), checked as the whole file is: the first two deals of each drawn
    # again from the seed, every table of theirs rebuilt from their samples.
    chosen = _sampled_configurations(game)
    drawn = chosen + tuple(c + fives_odds.NEAR for c in chosen)
    data = read_tables(fives_odds.data_path(game))  # type: ignore[arg-type]
    data["samples"] = {name: data["samples"][name] for name in data["samples"] if name in drawn}
    names = {fives_odds.table_name(c, t) for c in chosen for t in fives_odds.targets_of(game, c)}  # type: ignore[arg-type]
    tables = data["tables"]
    data["tables"] = {name: tables[name] for name in tables if name in names}
    data["tables"]["error"] = {c: tables["error"][c] for c in chosen}
    cut = tmp_path / f"{game}.odds.json.gz"
    write_tables(cut, data)
    monkeypatch.setattr(fives_odds, "data_path", lambda name: cut)
    configurations = tuple(name for name in drawn if name in data["samples"])
    monkeypatch.setattr(fives_odds.FivesOdds, "configurations", property(lambda _: configurations))
    assert odds.check(games.get(game), deals=2) == []


def test_the_check_finds_a_changed_sample_and_a_changed_cell(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two configurations with no near-end samples, so the check draws and builds only them
    # (the whole file's build is the test above's).
    game = games.get("fives-and-threes")
    data = read_tables(fives_odds.data_path("fives-and-threes"))
    data["samples"] = {name: data["samples"][name] for name in ("3", "4")}
    data["samples"]["3"][0][2][1] += 1  # the first scoring play of the first 3-player hand
    data["tables"]["4/61"][5] += 1
    changed = tmp_path / "changed.odds.json.gz"
    write_tables(changed, data)
    monkeypatch.setattr(fives_odds, "data_path", lambda name: changed)
    monkeypatch.setattr(fives_odds.FivesOdds, "configurations", property(lambda _: ("3", "4")))
    problems = odds.check(game, deals=1)
    assert "3: deal 0 is not the one stored" in problems
    assert "4: deal 0 is not the one stored" not in problems  # the unchanged sample agrees
    assert "table '4/61' is not what the samples build" in problems
    assert "table '3/61' is not what the samples build" in problems  # built from the sample


@pytest.mark.parametrize(("game", "configuration", "target"), _every_table())
def test_every_chance_is_a_probability(game: str, configuration: str, target: int) -> None:
    values = _table(game, configuration, target)
    assert values.min() >= 0 and values.max() <= 1


@pytest.mark.parametrize(
    ("game", "configuration", "target"),
    [(g, c, t) for g, c, t in _every_table() if c.startswith(("2", "4-partners"))],
)
def test_two_sides_chances_are_complementary(game: str, configuration: str, target: int) -> None:
    """With two sides (two players, or partnerships, F1) nobody draws: the leader's side's
    chance at (a, b) and the other side's at (b, a) add up to 1, within the rounding."""
    values = _table(game, configuration, target)
    assert np.abs(values[0] + values[1].T - 1).max() <= 2e-5


@pytest.mark.parametrize(("game", "configuration", "target"), _every_table())
def test_f8_f9_more_points_never_hurt_much(game: str, configuration: str, target: int) -> None:
    """A point more for one's own side, the others' scores the same, gives no smaller
    chance (within the table's stated error, twice its largest standard error, and the
    rounding): All Fives' target is reached at or past it, so more is closer. In Fives and
    Threes (exactly 61, F9) the last points are not all alike: at 60 only a play worth
    exactly 1 wins, and 59 is the better score; there the check stops 9 points short of
    the target, the most one play scores (8 for an ends total of 15 or 24, F7, and a
    chip-out point, F8)."""
    values = _table(game, configuration, target)
    error = read_tables(fives_odds.data_path(game))["tables"]["error"]  # type: ignore[arg-type]
    tolerance = 2 * error[configuration]["largest"] + 2e-5
    exact = game == "fives-and-threes"
    steps = values.shape[1] - (9 if exact else 0)
    rise = values[:, 1:steps, :] - values[:, : steps - 1, :]
    assert rise.min() >= -tolerance


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_f3_a_new_lot_makes_every_seat_alike(game: str, players: int) -> None:
    """At 0-0 before the first lot (F3: a fair lot), every seat's chance is 1/players (two
    sides: 1/2 each), whatever the tables."""
    rules = FivesRules(game, players=players, partnerships=False)  # type: ignore[arg-type]
    chances = fives_odds.side_chances(
        fives_odds.data_path(game),  # type: ignore[arg-type]
        rules,
        (0,) * players,
        None,
    )
    assert chances == pytest.approx([1 / players] * players, abs=1e-9)


@pytest.mark.parametrize(
    ("game", "players", "scores", "expected"),
    [
        ("all-fives", 2, (250, 40), [1.0, 0.0]),  # F9: at or past the target
        ("all-fives", 3, (10, 205, 200), [0.0, 1.0, 0.0]),  # F9: the higher score wins
        ("all-fives", 3, (10, 205, 205), [0.0, 0.0, 0.0]),  # F9: equal scores, a draw
        ("fives-and-threes", 2, (60, 61), [0.0, 1.0]),  # F9: exactly 61
    ],
)
def test_f9_a_target_reached_is_won(
    game: str, players: int, scores: tuple[int, ...], expected: list[float]
) -> None:
    rules = FivesRules(game, players=players)  # type: ignore[arg-type]
    path = fives_odds.data_path(game)  # type: ignore[arg-type]
    assert fives_odds.side_chances(path, rules, scores, 0) == expected


def test_f7_f9_one_play_from_the_target_beats_a_side_that_needs_several_hands() -> None:
    """All Fives to 250 (F9), two players: a side at 245 needs one score of 5 (any, F7),
    the other at 0 needs 250, more than a hand's points (a hand scores tens of points):
    the first wins nearly always."""
    rules = FivesRules("all-fives", players=2)
    path = fives_odds.data_path("all-fives")
    near, far = fives_odds.side_chances(path, rules, (245, 0), 1)
    assert near > 0.95 and far < 0.05


@pytest.mark.parametrize("configuration", ["2", "4-partners", "2-reserve", "4-partners-reserve"])
def test_f9_by_fives_is_the_same_race_for_the_same_points_needed(configuration: str) -> None:
    """F9's scores by five divide every score by five, to 61: a side that needs 10 (50
    points) by fives is in the same race as one that needs 50 points to 250 (or 200). With
    two sides, a race to at-or-past the target depends on the points needed only, so the
    two tables agree wherever both sides need at most the smaller target's points."""
    big = fives_odds.targets_of("all-fives", configuration)[0]
    steps = big // 5
    to_points = _table("all-fives", configuration, big)
    by_fives = _table("all-fives", configuration, 61)[:, 61 - steps :, 61 - steps :]
    assert np.abs(to_points - by_fives).max() <= 2e-5


@pytest.mark.parametrize(("game", "configuration"), [(g, "2") for g in GAMES])
def test_f3_f7_the_first_leader_is_favoured_a_little(game: str, configuration: str) -> None:
    """At 0-0 the leader of the first hand (two players) has the first play (F3, F7: a
    lead scores) and the better chance, but a match is a race of many hands (Fives and
    Threes to 61 at a dozen points a hand, All Fives to 250 at some 50): not above 60%, as
    cribbage's first dealer, with a crib of his own, wins 55.5% (Cribbage Pro's real play,
    issue 37)."""
    leader = _table(game, configuration, fives_odds.targets_of(game, configuration)[0])[0, 0, 0]  # type: ignore[arg-type]
    assert 0.5 < leader < 0.6


def test_a_missing_table_is_a_worded_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    data = read_tables(fives_odds.data_path("all-fives"))
    del data["tables"]["3-reserve/200"]
    smaller = tmp_path / "smaller.odds.json.gz"
    write_tables(smaller, data)
    rules = FivesRules("all-fives", players=3, reserve=2)
    with pytest.raises(WordedError, match="3-reserve/200"):
        fives_odds.side_chances(smaller, rules, (0, 0, 0), 0)


@pytest.mark.parametrize("game", GAMES)
def test_the_library_reads_the_table_between_hands(game: str) -> None:
    described = games.get(game)
    match = described.new_match(described.check_options({"players": 3}), 11)
    expected = fives_odds.side_chances(
        fives_odds.data_path(game),  # type: ignore[arg-type]
        match.rules,
        (0, 0, 0),
        match.hand.leader,
    )
    assert [win_probability(described, match, seat, samples=0) for seat in range(3)] == expected


def _after_a_few_plays(game: str, seed: int) -> object:
    described = games.get(game)
    match = described.new_match(described.check_options({"players": 2}), seed)
    rng = random.Random(seed)
    for _ in range(4):
        legal = match.hand.legal_actions()
        match.apply(legal[rng.randrange(len(legal))])
    return match


@pytest.mark.parametrize("game", GAMES)
def test_within_a_hand_the_chance_sees_only_the_seat(game: str) -> None:
    """From one seat's observation: the same seed, the same estimate, a probability; and
    a match whose hidden tiles differ (dealt again consistently with what the seat saw,
    ``sample_hidden``) gives the same estimate: it never peeks."""
    described = games.get(game)
    match = _after_a_few_plays(game, 5)
    seat = match.hand.current_player  # type: ignore[attr-defined]
    other = match.sample_hidden(seat, random.Random(99))  # type: ignore[attr-defined]
    assert other.hand.hands != match.hand.hands  # type: ignore[attr-defined]
    first = win_probability(described, match, seat, samples=6, seed=3)
    assert 0 <= first <= 1
    assert win_probability(described, match, seat, samples=6, seed=3) == first
    assert win_probability(described, other, seat, samples=6, seed=3) == first


def test_f8_f9_within_a_hand_a_winning_play_is_a_certain_win() -> None:
    """Fives and Threes at 60-0 (F9: exactly 61): the seat to play holds only [0|1] and
    [0|0] was led: its play makes the ends total 1 (no points, F7) and its last tile's
    chip-out point (F8) is the 1 it needs: 61, won at once, in every world."""
    rules = FivesRules("fives-and-threes", players=2)
    hand = FivesHand.from_position(
        rules,
        [[Tile(0, 1)], [Tile(2, 3), Tile(4, 4)]],
        layout_plays=[(Tile(0, 0), None)],
        leader=1,
        to_play=0,
        scores=[60, 0],
    )
    tables = fives_odds.FivesOdds("fives-and-threes")
    chances = tables.within_deal(hand.observation(0), 3, random.Random(1))
    assert chances == [1.0, 0.0]


def test_the_data_files_are_small() -> None:
    for game in GAMES:
        path = fives_odds.data_path(game)  # type: ignore[arg-type]
        assert path.stat().st_size < 1_000_000
        with gzip.open(path, "rt") as source:
            assert json.load(source)["game"] == game


def test_f1_f9_a_finished_match_is_won_by_the_winners_side() -> None:
    """Fives and Threes in partnerships played to its end (F9): 1 for both partners of the
    side that reached 61, 0 for the others."""
    described = games.get("fives-and-threes")
    match = described.new_match(described.check_options({"players": 4}), 3)
    casual, rng = FivesCasual(), random.Random(1)
    while not match.is_over:
        seat = match.hand.current_player
        match.apply(casual.choose(match.observation(seat), rng))
    winner = match.winner
    assert match.side_scores[winner] == 61
    expected = [1.0 if seat % 2 == winner else 0.0 for seat in range(4)]
    assert [win_probability(described, match, seat) for seat in range(4)] == expected


def test_f9_near_the_end_of_fives_and_threes_hands_are_sampled_from_their_scores() -> None:
    """Fives and Threes' near-end samples (two sides): each hand starts where a side needs
    at most 24 to make 61 (``band_of``), is played by experts who see those scores, and
    keeps each scoring play's points as the ends count them (F7): replayed from its start
    as F9 says (a play past 61 scores nothing), the hand stops at the play that makes 61."""
    samples = fives_odds.sample_near("fives-and-threes", "2-near", 5)
    assert len(samples) == fives_odds.NEAR_HANDS
    for following, end, plays, start in samples:
        assert following == 1 and end == []
        assert max(start) >= 61 - 24 and fives_odds.band_of(start) < fives_odds.BAND_GROUPS - 1
        scores = list(start)
        for k in range(0, len(plays), 2):
            assert max(scores) < 61  # nothing is played once a side has made 61
            if scores[plays[k]] + plays[k + 1] <= 61:
                scores[plays[k]] += plays[k + 1]


def test_f9_a_near_end_state_is_solved_from_its_own_hands() -> None:
    """In the programme a state near the end reads the hands sampled in its group, replayed
    from its scores, not the hands from 0-0: one hand at 60-60 in which the leader makes
    exactly 1 (61, F9) makes 60-60 a certain win for the leader's side; a state of a group
    that has no hand of its own reads the hands from 0-0 (the race), as before."""
    data = read_tables(fives_odds.data_path("fives-and-threes"))
    base = data["samples"]["2"][:60]
    rules = fives_odds.configuration_rules("fives-and-threes", "2")
    near = [[1, [], [0, 1], [60, 60]]]
    values = fives_odds._solved(rules, 61, 1, base, near)
    assert values[0, 60, 60] == pytest.approx(1.0) and values[1, 60, 60] == pytest.approx(0.0)
    race = fives_odds._solved(rules, 61, 1, base, [])
    assert race[0, 60, 60] < 0.9
    # 30-30: both far from 61, no group of its own; only states a hand can reach from it
    # changed (60-60 among them), so it moves a little, not to certainty.
    assert abs(values[0, 30, 30] - race[0, 30, 30]) < 0.05
    # 60-59, a group without hands: its value is the race's, but for the states it reaches.
    assert values[0, 59, 59] != pytest.approx(1.0)
