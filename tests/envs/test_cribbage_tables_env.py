"""Cribbage among three (C8) and four in partnerships (C9) as a PettingZoo environment,
through the registry (``pegboard.envs.game_env("cribbage", players=...)``) over its own
numbers (``pegboard.cribbage.table_encoding``): PettingZoo's API test passes; every legal
action has a number that maps back to it; the rewards are zero-sum and partners share
theirs; a seat's vector holds nothing of the hands it cannot see, a partner's included."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from pegboard.cribbage import Game
from pegboard.cribbage.cards import DECK
from pegboard.cribbage.table_encoding import (
    TABLE_ENCODING,
    TABLE_LAYOUT,
    TABLE_NUM_ACTIONS,
    TABLE_OBS_SIZE,
)
from pegboard.envs import game_env


@pytest.fixture(autouse=True)
def _quiet_api_test_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_cribbage_for_three_and_four_passes_pettingzoo_api_test(players: int) -> None:
    env = game_env("cribbage", players=players)
    api_test(env, num_cycles=300, verbose_progress=False)
    assert env.observation_space("player_0")["observation"].shape == (TABLE_OBS_SIZE,)
    assert env.action_space("player_0").n == TABLE_NUM_ACTIONS


def test_the_layout_covers_the_vector_once() -> None:
    at = 0
    for _name, start, size in TABLE_LAYOUT:
        assert start == at
        at += size
    assert at == TABLE_OBS_SIZE


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("reward", ["game_points", "win", "points"])
def test_c12_rewards_are_zero_sum_and_partners_share_theirs(players: int, reward: str) -> None:
    for seed in range(3):
        env = game_env("cribbage", players=players, reward=reward)
        env.reset(seed=seed)
        rng = random.Random(seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, got, termination, truncation, _ = env.last()
            totals[agent] += got
            if termination or truncation:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(rng.choice(legal)))
        values = [totals[f"player_{seat}"] for seat in range(players)]
        assert sum(values) == pytest.approx(0)
        assert max(values) > 0
        if players == 4:  # seats 0 and 2 against 1 and 3 (C9)
            assert values[0] == values[2] and values[1] == values[3]


@pytest.mark.parametrize("players", [3, 4])
def test_every_legal_action_has_a_number_that_maps_back(players: int) -> None:
    game = Game.new(seed=5, players=players)
    rng = random.Random(5)
    seen = 0
    while not game.is_over and seen < 400:
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        for action in observation.legal_actions():
            index = TABLE_ENCODING.action_index(observation, action)
            assert TABLE_ENCODING.action(observation, index) == action
        game.apply(rng.choice(game.legal_actions()))
        seen += 1


@pytest.mark.parametrize("players", [3, 4])
def test_c9_a_seats_vector_holds_nothing_of_the_hands_it_cannot_see(players: int) -> None:
    """Two deals that differ only in the other seats' hands (the partner's too, and the
    pack's card to the crib among three) give the seat the same vector; its own hand
    changes it (the check sees a planted difference)."""
    rng = random.Random(players)
    for _ in range(20):
        dealt = list(DECK)
        rng.shuffle(dealt)
        hands = [dealt[5 * s : 5 * s + 5] for s in range(players)]
        rest = dealt[5 * players :]
        crib = rest[:1] if players == 3 else None
        others = [card for s in range(1, players) for card in hands[s]] + (crib or [])
        rng.shuffle(others)  # the cards seat 0 cannot see, dealt again among the others
        again = [hands[0], *(others[5 * k : 5 * k + 5] for k in range(players - 1))]
        crib_again = others[5 * (players - 1) :] if players == 3 else None
        one = Game.from_position(hands, dealer=1, crib=crib, starter=rest[1])
        two = Game.from_position(again, dealer=1, crib=crib_again, starter=rest[1])
        vector = TABLE_ENCODING.encode(one.observation(0))
        assert np.array_equal(vector, TABLE_ENCODING.encode(two.observation(0)))
        mine = [again[1][0], *hands[0][1:]]
        swapped = [mine, [hands[0][0], *again[1][1:]], *again[2:]]
        three = Game.from_position(swapped, dealer=1, crib=crib_again, starter=rest[1])
        assert not np.array_equal(vector, TABLE_ENCODING.encode(three.observation(0)))
