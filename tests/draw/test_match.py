"""Matches (D3, D16, D17): seeded, replayable, hiding what each seat may not see."""

from __future__ import annotations

import json
import random

import pytest

from pegboard.draw import (
    DRAW,
    MAX_TARGET,
    PASS,
    IllegalActionError,
    Match,
    MatchObservation,
    Play,
    Tile,
)

from .helpers import play_out, snapshot


def match_state(match: Match) -> str:
    return json.dumps(
        {
            "record": match.to_record(),
            "round": snapshot(match.round),
            "observations": [match.observation(s).to_dict() for s in range(match.players)],
            "scores": match.scores,
            "over": match.is_over,
        },
        sort_keys=True,
    )


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d17_a_seeded_match_is_reproducible(players: int) -> None:
    a, b = Match(players, seed=77), Match(players, seed=77)
    assert a.lot == b.lot and a.first_leader == b.first_leader
    play_out(a, random.Random(1))
    play_out(b, random.Random(1))
    assert a.to_record() == b.to_record()
    assert a.rounds == b.rounds
    assert Match(players, seed=78).to_record() != Match(players, seed=77).to_record()


def test_d17_a_match_without_a_seed_records_the_one_it_drew() -> None:
    match = Match(3)
    assert isinstance(match.seed, int)
    play_out(match, random.Random(4))
    assert Match.from_record(match.to_record()).to_record() == match.to_record()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d17_match_records_replay_exactly(players: int) -> None:
    for seed in range(3):
        match = Match(players, seed=seed)
        rng = random.Random(seed)
        checkpoints = 0
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
            if rng.random() < 0.05:
                record = json.loads(json.dumps(match.to_record()))
                assert match_state(Match.from_record(record)) == match_state(match)
                checkpoints += 1
        record = json.loads(json.dumps(match.to_record()))
        replayed = Match.from_record(record)
        assert match_state(replayed) == match_state(match)
        assert replayed.winner == match.winner
        assert checkpoints > 0


def test_d16_match_rounds_record_leader_seed_and_scores() -> None:
    match = Match(4, seed=12)
    play_out(match, random.Random(12), limit=100_000)
    record = match.to_record()
    assert [r["number"] for r in record["rounds"]] == list(range(1, len(match.rounds) + 1))
    total = [0] * 4
    for entry, finished in zip(record["rounds"], match.rounds, strict=True):
        assert entry["leader"] == finished.leader
        assert entry["actions"] == list(finished.actions)
        total = [t + p for t, p in zip(total, finished.result.points, strict=True)]
        assert entry["scores_after"] == total
    assert record["scores"] == total == list(match.scores)
    assert record["is_over"] is True
    assert record["winner"] == match.winner
    assert "current_round" not in record


def test_d4_illegal_action_leaves_the_match_unchanged() -> None:
    match = Match(3, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        legal = set(match.legal_actions())
        before = match_state(match)
        for action in [DRAW, PASS, Play(Tile(6, 6)), Play(Tile(0, 0))]:
            if action not in legal:
                with pytest.raises(IllegalActionError):
                    match.apply(action)
                assert match_state(match) == before
        match.apply(rng.choice(match.legal_actions()))


def test_d17_no_move_after_the_match_ends() -> None:
    match = Match(2, seed=9, target=10)
    play_out(match, random.Random(9))
    before = match_state(match)
    for action in [DRAW, PASS, Play(Tile(1, 1))]:
        with pytest.raises(IllegalActionError) as caught:
            match.apply(action)
        assert caught.value.rule == "D17"
    assert match_state(match) == before
    assert match.current_player is None


def test_d2_match_observation_hides_other_hands_stock_and_seeds() -> None:
    match = Match(3, seed=31)
    rng = random.Random(31)
    for _ in range(300):
        if match.is_over:
            break
        round_ = match.round
        for seat in range(3):
            obs = match.observation(seat)
            assert isinstance(obs, MatchObservation)
            assert obs.seat == seat
            assert obs.scores == match.scores
            assert obs.target == match.target
            assert obs.rounds_played == len(match.rounds)
            if round_.is_over:
                continue
            text = json.dumps(obs.to_dict())
            hidden = [t for s, h in enumerate(round_.hands) if s != seat for t in h]
            for tile in hidden + list(round_.stock):
                assert str(tile) not in text
                assert f"{tile.low}-{tile.high}" not in text
            # The seeds would let a seat recompute every deal.
            assert str(match.seed) not in text
            assert str(match.to_record()["current_round"]["seed"]) not in text
            assert obs.legal_actions() == (
                match.legal_actions() if seat == match.current_player else ()
            )
        match.apply(rng.choice(match.legal_actions()))


def test_d17_match_parse_action_reads_the_round_notation() -> None:
    match = Match(2, seed=2)
    assert match.parse_action("draw") == DRAW
    seat = match.current_player
    assert seat is not None
    tile = match.round.hand(seat)[0]
    assert match.parse_action(f"{tile.high}-{tile.low}") == Play(tile)
    with pytest.raises(ValueError):
        match.parse_action("nonsense")


@pytest.mark.parametrize("target", [0, -5, "61", 1.5, True, 501, 10**29])
def test_d17_a_target_is_a_whole_number_from_1_to_500(target: object) -> None:
    with pytest.raises(ValueError) as refused:
        Match(2, seed=1, target=target)  # type: ignore[arg-type]
    assert "from 1 to 500" in str(refused.value) and "(D17)" in str(refused.value)
    assert len(str(refused.value)) < 100  # a huge number is not written out in full


def test_d17_the_longest_match_a_table_may_choose_is_500() -> None:
    assert MAX_TARGET == 500
    assert Match(2, seed=1, target=500).target == 500
    assert Match(2, seed=1, target=1).target == 1
