"""``cribbage_v0`` at five-card cribbage between two (``cards=5``, C13-C17): PettingZoo's own
tests pass, the vector says the game and scores out of 61 (the six-card one unchanged), the
three for last (C14) is in the rewards as the engine's points, and no seat's vector or
mask changes when only the cards it has not seen (the other hand, the crib's other two
before the show) are dealt again."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pegboard.cribbage import Game
from pegboard.cribbage.encoding import (
    CRIBBAGE_NUM_ACTIONS,
    CRIBBAGE_OBS_SIZE,
    FIVE_CARD_OBS_SIZE,
    encode_cribbage,
)
from pegboard.cribbage.looks import envs as cribbage_v0
from pegboard.envs import game_env
from tests.envs.test_game_env import play
from tests.envs.test_pettingzoo import assert_same_view


@pytest.fixture(autouse=True)
def _quiet_api_test_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("episode", ["game", "hand"])
def test_c13_five_card_passes_pettingzoo_api_and_seed_tests(episode: str) -> None:
    api_test(cribbage_v0.env(episode=episode, cards=5), num_cycles=400)
    seed_test(lambda: cribbage_v0.env(episode=episode, cards=5), num_cycles=400)


def test_c13_c17_five_card_vector_says_the_game_and_scores_out_of_61() -> None:
    env = game_env("cribbage", cards=5)
    env.reset(seed=3)
    game = env.unwrapped.game
    assert env.observation_space("player_0")["observation"].shape == (FIVE_CARD_OBS_SIZE,)
    assert env.action_space("player_0").n == CRIBBAGE_NUM_ACTIONS  # the same actions
    pone = 1 - game.dealer
    vector = env.observe(f"player_{pone}")["observation"]
    assert vector[380] == 1.0  # five_card
    assert vector[365] == pytest.approx(3 / 61)  # three for last (C14), out of 61 (C17)
    assert vector[376] == pytest.approx(5 / 6)  # five cards dealt (C13)
    # The six-card game's vector has no such entry, and its scores are out of 121.
    six = encode_cribbage(Game.new(seed=3).observation(0))
    assert six.shape == (CRIBBAGE_OBS_SIZE,)
    assert game_env("cribbage").observation_space("player_0")["observation"].shape == (380,)


def test_c14_c17_five_card_game_ends_at_61_with_the_engines_points() -> None:
    env = cribbage_v0.env(cards=5)
    collected = play(env, 5)
    game = env.unwrapped.game
    assert game.is_over and max(game.scores) >= 61
    assert [collected["player_0"], collected["player_1"]] == [float(r) for r in game.returns()]
    env = cribbage_v0.env(cards=5, reward="points")
    collected = play(env, 6)
    scores = env.unwrapped.game.scores  # three for last is in them (C14)
    assert collected["player_0"] == scores[0] - scores[1]


def test_c13_five_card_observation_never_depends_on_hidden_cards() -> None:
    rng = random.Random(7)
    changed = 0
    before_show = 0

    def check(env: Any) -> None:
        nonlocal changed, before_show
        game = env.unwrapped.game
        for seat, agent in enumerate(env.possible_agents):
            other = game.sample_hidden(seat, rng)
            changed += other.hands[1 - seat] != game.hands[1 - seat]
            before_show += other.crib != game.crib
            twin = cribbage_v0.raw_env(cards=5)
            twin.reset(seed=0)
            twin.game = other
            twin.agent_selection = env.agent_selection
            assert_same_view(env.unwrapped, twin, agent)
        assert not np.array_equal(
            env.observe("player_0")["observation"], env.observe("player_1")["observation"]
        )

    for seed in (11, 12):
        play(cribbage_v0.env(cards=5), seed, check)
    assert changed > 0 and before_show > 0  # the check really dealt them again
