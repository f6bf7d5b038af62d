"""The generic PettingZoo environment (``pegboard.envs.game_env``) over a game of the
registry: the toy game ``tricks``, registered at test time, passes PettingZoo's API and
seed tests; its vectors, masks and rewards are the game's encoding and scores; a seat's
observation holds nothing of the other seat's hidden cards (and the check catches a
planted leak); a game without an encoding is refused with the games that have one."""

from __future__ import annotations

import dataclasses
import pickle
import random
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pegboard.core import IllegalActionError
from pegboard.envs import game_env, raw_env
from pegboard.envs.game import NoEncodingError
from pegboard.games import Game, OptionError
from tests.envs import leaky
from tests.games import toy


@pytest.fixture(autouse=True)
def _quiet_api_test_warnings() -> Iterator[None]:
    # api_test warns that a dict observation "should be" a Box (as for the classic envs).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def play(env: Any, seed: int, check: Callable[[Any], None] | None = None) -> dict[str, float]:
    """A whole episode of random legal actions; the rewards each agent collected."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    collected = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        collected[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        if check is not None:
            check(env)
        env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return collected


# -- PettingZoo's own tests ------------------------------------------------------------------


@pytest.mark.parametrize("hand", [1, 3, 4])
def test_tricks_passes_pettingzoo_api_test(toy_game: Game, hand: int) -> None:
    api_test(game_env("tricks", hand=hand), num_cycles=200, verbose_progress=False)


def test_tricks_passes_pettingzoo_seed_test(toy_game: Game) -> None:
    seed_test(lambda **kwargs: game_env("tricks", **kwargs), num_cycles=50)


# -- what the environment is made of -----------------------------------------------------------


def test_vectors_and_masks_are_the_games_encoding(toy_game: Game) -> None:
    encoding = toy.ENCODING
    checked = 0

    def check(env: Any) -> None:
        nonlocal checked
        match = env.unwrapped.match
        for seat, agent in enumerate(env.possible_agents):
            view = match.observation(seat)
            seen = env.observe(agent)
            assert seen["observation"].dtype == np.float32
            assert list(seen["observation"]) == pytest.approx(list(encoding.encode(view)))
            legal = (
                {a.card - 1 for a in match.legal_actions()}
                if seat == match.current_player
                else set()
            )
            assert set(np.flatnonzero(seen["action_mask"])) == legal
            checked += 1
        assert env.agent_selection == f"player_{match.current_player}"

    for seed in range(3):
        play(game_env("tricks", hand=4), seed, check)
    assert checked == 3 * 8 * 2


def test_t4_zero_sum_rewards_are_the_tricks_less_the_mean(toy_game: Game) -> None:
    for seed in range(6):
        env = game_env("tricks", hand=3)
        collected = play(env, seed)
        tricks = env.unwrapped.match.tricks
        assert sum(tricks) == 3  # every card was played
        mean = sum(tricks) / 2
        assert collected == {f"player_{s}": t - mean for s, t in enumerate(tricks)}


def test_t4_points_rewards_are_the_tricks(toy_game: Game) -> None:
    env = game_env("tricks", hand=4, reward="points")
    collected = play(env, 5)
    assert collected == {f"player_{s}": float(t) for s, t in enumerate(env.unwrapped.match.tricks)}


def test_t1_a_seed_fixes_the_deal_and_reset_alone_deals_again(toy_game: Game) -> None:
    env = raw_env("tricks", hand=4)
    hands = set()
    for _ in range(2):
        env.reset(seed=11)
        hands.add(tuple(map(tuple, env.match.hands)))
    assert len(hands) == 1
    for _ in range(5):
        env.reset()
        hands.add(tuple(map(tuple, env.match.hands)))
    assert len(hands) > 1


# -- hidden information ----------------------------------------------------------------------


def hidden_check(env: Any, seeds: range) -> tuple[int, int, int]:
    """Over random episodes: how often a seat's observation changed when only the other
    seat's hand was dealt again (``sample_hidden``), how often the other hand did change,
    and how often the other seat's observation changed with it (so the check can see)."""
    leaks = changed = seen_by_other = 0
    rng = random.Random(0)

    def check(wrapped: Any) -> None:
        nonlocal leaks, changed, seen_by_other
        env = wrapped.unwrapped
        match = env.match
        for seat, agent in enumerate(env.possible_agents):
            other_agent = env.possible_agents[1 - seat]
            before = (env.observe(agent), env.observe(other_agent))
            resampled = match.sample_hidden(seat, rng)
            env.match = resampled
            after = (env.observe(agent), env.observe(other_agent))
            env.match = match
            if resampled.hands[1 - seat] == match.hands[1 - seat]:
                continue
            changed += 1
            mine = [before[0][k] for k in ("observation", "action_mask")]
            if any(
                not np.array_equal(a, after[0][k])
                for a, k in zip(mine, ("observation", "action_mask"), strict=True)
            ):
                leaks += 1
            if not np.array_equal(before[1]["observation"], after[1]["observation"]):
                seen_by_other += 1

    for seed in seeds:
        play(env, seed, check)
    return leaks, changed, seen_by_other


def test_t1_a_seat_sees_nothing_of_the_other_hand(toy_game: Game) -> None:
    leaks, changed, seen_by_other = hidden_check(game_env("tricks", hand=4), range(6))
    assert changed > 20 and seen_by_other > 20  # the hands really were dealt again
    assert leaks == 0


def test_the_hidden_check_catches_a_planted_leak(toy_game: Game) -> None:
    with leaky.registered(leaky.GAME):
        leaks, changed, _seen = hidden_check(game_env(leaky.NAME, hand=4), range(6))
    assert changed > 20
    assert leaks > 10


def test_render_shows_only_what_both_seats_see(toy_game: Game) -> None:
    texts = []

    def check(wrapped: Any) -> None:
        env = wrapped.unwrapped
        text = env.render()
        texts.append(text)
        for seat in range(2):
            hidden = toy.hidden_from(env.match, seat)
            assert not any(card in text.split() for card in hidden), (seat, text)

    play(game_env("tricks", hand=4, render_mode="ansi"), 3, check)
    assert len(texts) == 8
    assert texts[0].splitlines()[0] == "Tricks"
    assert any("laid: C" in text for text in texts)  # the public cards are shown
    assert not any("hand" in text for text in texts)


# -- refusals ----------------------------------------------------------------------------------


def test_a_game_without_an_encoding_is_refused_with_the_games_that_have_one(toy_game: Game) -> None:
    plain = dataclasses.replace(toy.GAME, name="plain_tricks", encoding=None)
    with leaky.registered(plain), pytest.raises(NoEncodingError, match="plain_tricks") as error:
        raw_env("plain_tricks")
    assert (
        "the games with an environment: draw, cribbage, all-fives, fives-and-threes, tricks"
        in str(error.value)
    )
    assert "plain_tricks," not in str(error.value)


def test_t1_options_are_the_games_and_checked_by_it(toy_game: Game) -> None:
    with pytest.raises(OptionError) as error:
        raw_env("tricks", hand=5)
    assert error.value.rule == "T1"
    with pytest.raises(ValueError, match="no option cards; its options: hand, players"):
        raw_env("tricks", cards=2)
    with pytest.raises(ValueError, match="reward"):
        raw_env("tricks", reward="money")
    with pytest.raises(LookupError, match="no game"):
        raw_env("no_such_game")


def test_t2_the_raw_env_rejects_a_card_not_in_hand_and_changes_nothing(toy_game: Game) -> None:
    env = raw_env("tricks", hand=2)
    env.reset(seed=4)
    agent = env.agent_selection
    before = env.observe(agent)
    missing = next(c for c in toy.CARDS if c not in env.match.hands[0])
    with pytest.raises(IllegalActionError) as error:
        env.step(missing - 1)
    assert error.value.rule == "T2"
    with pytest.raises(ValueError):
        env.step(toy.ENCODING.num_actions)
    after = env.observe(agent)
    assert env.match.laid == [] and env.agent_selection == agent
    assert np.array_equal(before["observation"], after["observation"])


def test_t2_the_wrapped_env_ends_an_illegal_action_with_a_penalty(toy_game: Game) -> None:
    env = game_env("tricks", hand=2, illegal_reward=-3.0)
    env.reset(seed=4)
    missing = next(c for c in toy.CARDS if c not in env.unwrapped.match.hands[0])
    env.step(missing - 1)
    assert all(env.terminations.values())
    assert env.rewards == {"player_0": -3.0, "player_1": 0.0}


def test_the_environment_pickles_and_names_itself_after_the_game(toy_game: Game) -> None:
    env = pickle.loads(pickle.dumps(raw_env("tricks", hand=2, reward="points")))
    env.reset(seed=1)
    assert env.metadata["name"] == "tricks_v0"
    assert env.options == {"players": 2, "hand": 2}
    assert len(env.match.hands[0]) == 2


# -- the games with environments of their own ----------------------------------------------------


def test_draw_and_cribbage_are_found_with_their_own_environments() -> None:
    draw = game_env("draw", players=3, reward="points")
    assert draw.metadata["name"] == "draw_v0"
    assert draw.possible_agents == ["player_0", "player_1", "player_2"]
    assert raw_env("draw").possible_agents == ["player_0", "player_1"]  # players left out
    crib = raw_env("cribbage", players=2, episode="hand")
    assert crib.metadata["name"] == "cribbage_v0"
    crib.reset(seed=1)
    assert crib.game.hand_number == 1


def test_d1_d17_their_options_are_checked_by_the_game_first() -> None:
    with pytest.raises(OptionError) as error:
        game_env("draw", players=5)
    assert error.value.rule == "D1"
    with pytest.raises(ValueError, match="draw_v0 plays one round"):
        game_env("draw", target=50)
    with pytest.raises(ValueError, match="best_of is no option"):
        game_env("cribbage", best_of=5)


def test_c13_c18_cribbage_v0_finds_five_card_and_muggins_at_every_table() -> None:
    # Both are found by the environment (tests/envs/test_cribbage_variants_env.py and
    # test_cribbage_tables_env.py play them); five-card is refused among three by the engine.
    env = game_env("cribbage", cards=5, muggins=1)
    env.reset(seed=1)
    view = env.unwrapped.game.observation(0)
    assert view.cards == 5 and view.muggins
    three = game_env("cribbage", muggins=1, players=3)
    three.reset(seed=1)
    assert three.unwrapped.game.observation(0).muggins
    assert three.action_space("player_0").n == 165
    with pytest.raises(OptionError):
        game_env("cribbage", muggins=2)
    with pytest.raises(ValueError, match="C13"):
        game_env("cribbage", cards=5, players=3)  # five-card is between two
    game_env("cribbage", cards=6, muggins=0).reset(seed=1)  # the game's own values are fine
