"""``cribbage_v0`` at five-card cribbage between two (``cards=5``, C13-C17) and with muggins
(``muggins=1``, C18-C20): PettingZoo's own tests pass; at five-card the vector says the game
and scores out of 61 (the six-card one unchanged), the three for last (C14) is in the
rewards as the engine's points; with muggins the claims and calls are numbered after the
1379 and the show is in the vector (the 29 hand, a known count, claimed short and
mugginsed); the rewards are the engine's points; and no seat's vector or mask changes when
only the cards it has not seen (the other hand, the crib's other two before it is turned
up) are dealt again."""

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
from pegboard.cribbage.cards import Card
from pegboard.cribbage.encoding import (
    CRIBBAGE_NUM_ACTIONS,
    CRIBBAGE_OBS_SIZE,
    FIVE_CARD_OBS_SIZE,
    MUGGINS_NUM_ACTIONS,
    MUGGINS_SIZE,
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


# -- muggins (C18-C20) --------------------------------------------------------------------


@pytest.mark.parametrize(("episode", "cards"), [("game", None), ("hand", None), ("game", 5)])
def test_c18_muggins_passes_pettingzoo_api_and_seed_tests(episode: str, cards: int | None) -> None:
    api_test(cribbage_v0.env(episode=episode, muggins=1, cards=cards), num_cycles=400)
    seed_test(lambda: cribbage_v0.env(episode=episode, muggins=1, cards=cards), num_cycles=400)


def twenty_nine_at_the_show() -> Any:
    """A muggins environment whose pone (seat 1) holds the 29 hand, 5C 5H 5S JD with the 5D
    turned up (C6: fifteen 16, pair royal of fours 12, his nobs 1), pegged out to the show."""
    env = cribbage_v0.raw_env(muggins=1)
    env.reset(seed=0)
    game = Game.from_position(
        ["KS QS KH QH", "5C 5H 5S JD"],
        dealer=0,
        crib="2C 3C 4C 6C",
        starter="5D",
        muggins=1,
    )
    while game.phase != "show":
        game.apply(game.legal_actions()[0])
    env.game = game
    env.agent_selection = f"player_{game.current_player}"
    return env


def test_c18_c19_muggins_numbers_the_claims_and_the_vector_shows_them() -> None:
    env = twenty_nine_at_the_show()
    game = env.game
    base = CRIBBAGE_OBS_SIZE
    assert env.action_space("player_0").n == MUGGINS_NUM_ACTIONS == 1439
    assert env.agent_selection == "player_1"  # the pone claims first (C6, C18)
    mask = env.observe("player_1")["action_mask"]
    assert list(np.flatnonzero(mask)) == list(range(1379, 1409))  # claim 0 to 29
    vector = env.observe("player_1")["observation"]
    assert vector.shape == (CRIBBAGE_OBS_SIZE + MUGGINS_SIZE,)
    assert vector[base] == 1.0 and vector[367:370].sum() == 0  # the show, not a phase above
    shown = set(np.flatnonzero(vector[base + 1 : base + 53]))
    assert shown == {Card.parse(c).index for c in ("5C", "5H", "5S", "JD")}
    assert (vector[base + 53], vector[base + 54], vector[base + 55]) == (0.0, 1.0, 1.0)
    other = env.observe("player_0")["observation"]  # the dealer sees the hand turned up too
    assert np.array_equal(other[base + 1 : base + 53], vector[base + 1 : base + 53])
    assert (other[base + 54], other[base + 55], other[base + 56]) == (0.0, 0.0, 0.0)
    before = game.scores[1]
    env.step(1379 + 27)  # claim 27 of the 29 (C18)
    assert env.agent_selection == "player_0"
    answer = env.observe("player_0")
    assert answer["observation"][base + 56] == 1.0  # to answer (C19)
    assert answer["observation"][base + 58] == pytest.approx(27 / 29)
    assert answer["action_mask"][1409 + 1] == 1 and answer["action_mask"][1438] == 1
    env.step(1408 + 2)  # muggins 2: the two points missed (C19)
    assert game.scores[1] == before + 27 and game.scores[0] >= 2


def test_c18_muggins_rewards_are_the_engines_points() -> None:
    env = cribbage_v0.env(muggins=1, episode="hand")
    collected = play(env, 8)
    scores = env.unwrapped.game.scores
    assert collected["player_0"] == scores[0] - scores[1]
    env = cribbage_v0.env(muggins=1)
    collected = play(env, 9)
    game = env.unwrapped.game
    assert [collected["player_0"], collected["player_1"]] == [float(r) for r in game.returns()]


def test_c18_muggins_observation_never_depends_on_hidden_cards() -> None:
    # In the show the six-card hands are public (all played); the other seat's discards stay
    # hidden until the crib is turned up, and the engine deals them again until then.
    rng = random.Random(3)
    changed = in_show = 0

    def check(env: Any) -> None:
        nonlocal changed, in_show
        game = env.unwrapped.game
        crib_up = game.phase == "show" and game.observation(0).showing.what == "crib"
        for seat, agent in enumerate(env.possible_agents):
            if crib_up:
                continue
            other = game.sample_hidden(seat, rng)
            changed += other.crib != game.crib
            in_show += game.phase == "show" and other.crib != game.crib
            twin = cribbage_v0.raw_env(muggins=1)
            twin.reset(seed=0)
            twin.game = other
            twin.agent_selection = env.agent_selection
            assert_same_view(env.unwrapped, twin, agent)

    for seed in (21, 22):
        play(cribbage_v0.env(muggins=1, episode="hand"), seed, check)
    assert changed > 0 and in_show > 0  # the check really dealt them again, in the show too
