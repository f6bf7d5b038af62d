"""A match of cribbage games: game points (1, skunk 2, double skunk 3), who deals, records."""

from __future__ import annotations

import copy
import itertools
import json
import random

import pytest

from pegboard.core import IllegalActionError, RecordError
from pegboard.cribbage import CribbageMatch, points_needed


def _finished(seed: int, **kwargs: int) -> CribbageMatch:
    match = CribbageMatch(seed=seed, **kwargs)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


def test_match_length_best_of_or_games_to_win() -> None:
    assert points_needed() == 2  # best of three
    assert points_needed(best_of=5) == 3
    assert points_needed(games_to_win=4) == 4
    assert CribbageMatch(best_of=7, seed=1).target == 4
    for bad in ({"best_of": 4}, {"best_of": 0}, {"games_to_win": 0}):
        with pytest.raises(ValueError):
            points_needed(**bad)
    with pytest.raises(ValueError):
        points_needed(games_to_win=2, best_of=3)


def test_c7_game_points_win_1_skunk_2_double_skunk_3_until_the_target() -> None:
    kinds: set[str] = set()
    for seed in range(12):
        match = _finished(seed, best_of=5)
        points = [0, 0]
        for game in match.games:
            result = game.result
            kinds.add(result.kind)
            expected = {"win": 1, "skunk": 2, "double skunk": 3}[result.kind]
            points[result.winner] += expected
            assert game.points_after == tuple(points)
        assert match.points == tuple(points)
        # The match ends with the first game that takes a player to the target.
        assert max(match.points) >= 3
        assert all(max(g.points_after) < 3 for g in match.games[:-1])
        assert match.winner == match.games[-1].result.winner
        assert match.returns() == ((1, -1) if match.winner == 0 else (-1, 1))
    assert "skunk" in kinds  # the counting of skunks was exercised


def test_c2_first_game_dealer_by_cut_then_the_loser_deals_first() -> None:
    for seed in range(8):
        match = _finished(seed, best_of=5)
        games = match.games
        assert games[0].dealer is None  # chosen by the cut
        decisive = match.cuts[-1]
        assert decisive.dealer == games[0].first_dealer
        for before, after in itertools.pairwise(games):
            assert after.dealer == before.result.loser  # ACC: the loser deals first
            assert after.first_dealer == before.result.loser


def test_match_over_refuses_moves() -> None:
    match = _finished(3)
    assert match.is_over and match.current_player is None and match.legal_actions() == ()
    with pytest.raises(IllegalActionError) as error:
        match.apply(match.parse_action("go"))
    assert error.value.rule == "C7"


def test_match_observation_is_per_seat_and_json_ready() -> None:
    match = CribbageMatch(seed=9)
    seat = match.current_player
    assert seat is not None
    mine = match.observation(seat)
    theirs = match.observation(1 - seat)
    assert mine.legal_actions() == match.legal_actions()
    assert theirs.legal_actions() == ()
    json.dumps(mine.to_dict())
    assert mine.to_dict()["game"]["hand"] != theirs.to_dict()["game"]["hand"]


def test_match_sample_hidden_looks_the_same_to_the_seat() -> None:
    match = CribbageMatch(seed=4)
    rng = random.Random(0)
    for _ in range(30):
        match.apply(rng.choice(match.legal_actions()))
    for seat in (0, 1):
        sample = match.sample_hidden(seat, rng)
        assert sample.observation(seat).to_dict() == match.observation(seat).to_dict()
        assert sample.points == match.points


def test_match_records_replay_exactly() -> None:
    for seed in (1, 2):
        match = _finished(seed)
        record = json.loads(json.dumps(match.to_record()))
        again = CribbageMatch.from_record(record)
        assert again.to_record() == match.to_record()
    unfinished = CribbageMatch(games_to_win=5, seed=7)
    rng = random.Random(7)
    for _ in range(200):
        unfinished.apply(rng.choice(unfinished.legal_actions()))
    record = unfinished.to_record()
    assert "current_game" in record
    again = CribbageMatch.from_record(record)
    assert again.to_record() == record
    assert again.observation(0).to_dict() == unfinished.observation(0).to_dict()


def test_match_tampered_records_raise_record_error() -> None:
    record = _finished(5).to_record()
    tampered = copy.deepcopy(record)
    tampered["points"][0] += 1
    with pytest.raises(RecordError):
        CribbageMatch.from_record(tampered)
    tampered = copy.deepcopy(record)
    tampered["games"][0]["actions"] = tampered["games"][0]["actions"][:-3]
    with pytest.raises(RecordError):
        CribbageMatch.from_record(tampered)
    tampered = copy.deepcopy(record)
    tampered["seed"] += 1
    with pytest.raises(RecordError):
        CribbageMatch.from_record(tampered)
    tampered = copy.deepcopy(record)
    tampered["games"][0]["actions"][0] = "discard 2H 2H"
    with pytest.raises(RecordError):
        CribbageMatch.from_record(tampered)
    with pytest.raises(RecordError):
        CribbageMatch.from_record({**record, "game": "draw"})
