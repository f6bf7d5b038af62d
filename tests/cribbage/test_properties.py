"""Properties of whole cribbage games, over many seeded random games (C1-C7).

Each game is played to the end by a random player drawn from the test's seeds; the checks
run at every step. The example counts are bounded so the suite stays quick.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.core import IllegalActionError
from pegboard.cribbage import DECK, GO, Card, Discard, Game, Play
from tests.cribbage.game_support import snapshot

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _every_card(game: Game) -> list[Card]:
    starter = [] if game.starter is None else [game.starter]
    played = [c for _, c in game.played]
    return [*game.hands[0], *game.hands[1], *game.crib, *game.stock, *starter, *played]


def _check_step(game: Game, before: tuple[int, int]) -> None:
    every = _every_card(game)
    assert len(every) == 52 and set(every) == set(DECK)  # C1: all 52, none twice
    assert game.count <= 31  # C4
    assert game.count == sum(c.value for c in game.pile)
    assert all(a >= b for a, b in zip(game.scores, before, strict=True))  # pegs only go up
    if game.is_over:
        assert game.current_player is None and game.legal_actions() == ()
    else:
        assert game.current_player in (0, 1)
        assert game.legal_actions()  # never stuck
        assert max(game.scores) < 121


@settings(max_examples=1000)
@given(seed=seeds, moves=seeds)
def test_c1_c4_c7_cards_conserved_count_bounded_game_ends_at_121(seed: int, moves: int) -> None:
    game = Game.new(seed=seed)
    rng = random.Random(moves)
    while not game.is_over:
        before = game.scores
        game.apply(rng.choice(game.legal_actions()))
        _check_step(game, before)
    result = game.result
    assert result is not None
    winner = result.winner
    assert game.scores == result.scores
    assert game.scores[winner] >= 121 > game.scores[1 - winner]
    # The game stopped at the very score that reached 121: the winner's last event.
    last = game.log[-1]
    assert last.seat == winner and last.total == game.scores[winner]
    assert last.total - last.points < 121
    # The log accounts for every point.
    for seat in (0, 1):
        assert sum(e.points for e in game.log if e.seat == seat) == game.scores[seat]


_CARD_TOKEN = re.compile(r"(?<![0-9A-Z])(?:10|[2-9AJQK])[SHDC](?![0-9A-Z])")


def _hidden_from(game: Game, seat: int, view: dict[str, Any]) -> set[Card]:
    """The cards of the current hand ``seat`` may not see: the other hand, the other
    discards and the crib (not yet shown), the stock (the starter in it before the cut)."""
    other = 1 - seat
    hidden = {*game.hands[other], *game.stock}
    if game.phase != "over":
        hidden |= {c for c in game.crib if str(c) not in view["discards"]}
    return hidden


def _current_hand_view(view: dict[str, Any]) -> str:
    """The observation without what earlier hands revealed (their cards are dealt again)."""
    hand = view["hand_number"]
    kept = dict(view)
    kept["log"] = [e for e in view["log"] if e["hand"] == hand]
    kept["shows"] = [s for s in view["shows"] if s["hand"] == hand]
    kept["history"] = [m for m in view["history"] if m[0] == hand]
    return json.dumps(kept)


@settings(max_examples=60)
@given(seed=seeds, moves=seeds)
def test_observations_leak_no_hidden_card(seed: int, moves: int) -> None:
    game = Game.new(seed=seed)
    rng = random.Random(moves)
    while not game.is_over:
        for seat in (0, 1):
            if rng.random() < 0.3:  # a sample of the steps keeps the test quick
                view = game.observation(seat).to_dict()
                text = _current_hand_view(view)
                shown = set(_CARD_TOKEN.findall(text))
                assert not shown & {str(c) for c in _hidden_from(game, seat, view)}
                # Resampling everything hidden changes nothing the seat sees.
                sample = game.sample_hidden(seat, random.Random(rng.random()))
                assert sample.observation(seat).to_dict() == view
                assert sorted(_every_card(sample)) == sorted(DECK)
                # A go (or being unable to play on) proved the other hand holds no low card.
                floor = view["held_above"][1 - seat]
                assert all(c.value > floor for c in sample.hands[1 - seat])
        game.apply(rng.choice(game.legal_actions()))


@settings(max_examples=150)
@given(seed=seeds, moves=seeds)
def test_records_replay_identically(seed: int, moves: int) -> None:
    game = Game.new(seed=seed)
    rng = random.Random(moves)
    stop = rng.randrange(1, 200)  # sometimes mid-game, often to the end
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    record = json.loads(json.dumps(game.to_record()))
    again = Game.from_record(record)
    assert again.to_record() == record
    assert snapshot(again) == snapshot(game)


def _illegal_candidates(game: Game, rng: random.Random) -> list[tuple[Any, int | None]]:
    """Actions (with the seat that claims them) that the rules forbid right now."""
    seat = game.current_player
    assert seat is not None
    legal = set(game.legal_actions())
    pool = list(DECK)
    candidates: list[tuple[Any, int | None]] = []
    for _ in range(6):
        a, b = rng.sample(pool, 2)
        candidates.append((Play(a), None))
        candidates.append((Discard(a, b), None))
    candidates.append((GO, None))
    candidates.append((rng.choice(game.legal_actions()), 1 - seat))  # out of turn
    candidates.append(("play 5H", None))
    return [(action, s) for action, s in candidates if s is not None or action not in legal]


@settings(max_examples=40)
@given(seed=seeds, moves=seeds)
def test_illegal_actions_raise_and_change_nothing(seed: int, moves: int) -> None:
    game = Game.new(seed=seed)
    rng = random.Random(moves)
    while not game.is_over:
        if rng.random() < 0.2:
            before = snapshot(game)
            for action, seat in _illegal_candidates(game, rng):
                try:
                    game.apply(action, seat=seat)
                except IllegalActionError as error:
                    assert error.rule is not None and error.rule.startswith("C")
                else:
                    raise AssertionError(f"{action} by {seat} was accepted")
            assert snapshot(game) == before
        game.apply(rng.choice(game.legal_actions()))
