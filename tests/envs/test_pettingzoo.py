"""The PettingZoo environments: PettingZoo's own API and seed tests, and what the envs
promise on top: a seat's observation shows only what that seat knows, the action mask is
exactly the engine's legal actions, and the rewards are the rules' result."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from pegboard.core import IllegalActionError
from pegboard.cribbage import DECK, GO, Discard, Game
from pegboard.cribbage import determinize as cribbage_determinize
from pegboard.cribbage.encoding import (
    CRIBBAGE_GO_ACTION,
    CRIBBAGE_LAYOUT,
    CRIBBAGE_NUM_ACTIONS,
    CRIBBAGE_OBS_SIZE,
    CRIBBAGE_PLAY_BASE,
    cribbage_action,
    cribbage_action_index,
)
from pegboard.cribbage.looks import envs as cribbage_v0
from pegboard.draw import Line, Round, Tile
from pegboard.draw import determinize as draw_determinize
from pegboard.draw.encoding import (
    DRAW_DRAW_ACTION,
    DRAW_LAYOUT,
    DRAW_NUM_ACTIONS,
    DRAW_OBS_SIZE,
    DRAW_PASS_ACTION,
    draw_action,
    draw_action_index,
)
from pegboard.draw.looks import envs as draw_v0

PLAYERS = (2, 3, 4)


@pytest.fixture(autouse=True)
def _quiet_api_test_warnings() -> Iterator[None]:
    # api_test warns that a dict observation "should be" a Box: the classic environments
    # with action masks get the same warning, unless PettingZoo lists them by name.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


# -- PettingZoo's own tests ------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_draw_passes_pettingzoo_api_test(players: int) -> None:
    api_test(draw_v0.env(num_players=players), num_cycles=200)


@pytest.mark.parametrize("players", PLAYERS)
def test_draw_passes_pettingzoo_seed_test(players: int) -> None:
    seed_test(lambda: draw_v0.env(num_players=players), num_cycles=200)


@pytest.mark.parametrize("episode", ["game", "hand"])
def test_cribbage_passes_pettingzoo_api_test(episode: str) -> None:
    api_test(cribbage_v0.env(episode=episode), num_cycles=400)


@pytest.mark.parametrize("episode", ["game", "hand"])
def test_cribbage_passes_pettingzoo_seed_test(episode: str) -> None:
    seed_test(lambda: cribbage_v0.env(episode=episode), num_cycles=400)


# -- playing episodes ------------------------------------------------------------------------


def play(
    env: Any, seed: int, check: Callable[[Any], None] | None = None
) -> tuple[dict[str, float], int]:
    """A whole episode of random legal actions; the rewards each agent collected, steps."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    collected = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        collected[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        if check is not None:
            check(env)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
        steps += 1
    return collected, steps


def draw_points_by_the_rules(round_: Round) -> list[int]:
    """Points of a finished round from its revealed hands, by D12-D14 directly."""
    result = round_.result
    assert result is not None
    counts = [sum(t.low + t.high for t in hand) for hand in result.hands]
    points = [0] * len(counts)
    empty = [seat for seat, hand in enumerate(result.hands) if not hand]
    if empty:  # a domino (D13): the sum of every opponent's count
        points[empty[0]] = sum(counts)
    elif counts.count(min(counts)) == 1:  # blocked (D14): a single lowest count
        winner = counts.index(min(counts))
        points[winner] = sum(counts) - 2 * counts[winner]
    return points


@pytest.mark.parametrize("players", PLAYERS)
def test_d13_d14_draw_rewards_are_the_settled_points(players: int) -> None:
    kinds = set()
    for seed in range(20):
        env = draw_v0.env(num_players=players, reward="points")
        collected, _ = play(env, seed)
        round_ = env.unwrapped.round
        assert round_.result is not None
        kinds.add(round_.result.kind)
        expected = draw_points_by_the_rules(round_)
        assert [collected[a] for a in env.possible_agents] == expected
        assert tuple(expected) == round_.returns()  # the engine agrees
    assert kinds == {"domino", "blocked"}  # both settlements were checked


@pytest.mark.parametrize("players", PLAYERS)
def test_draw_zero_sum_rewards_are_points_less_the_mean(players: int) -> None:
    for seed in range(12):
        env = draw_v0.env(num_players=players)
        collected, _ = play(env, seed)
        points = draw_points_by_the_rules(env.unwrapped.round)
        mean = sum(points) / players
        rewards = [collected[a] for a in env.possible_agents]
        assert rewards == pytest.approx([p - mean for p in points])
        assert sum(rewards) == pytest.approx(0.0)


def test_draw_zero_sum_example_three_players() -> None:
    env = draw_v0.raw_env(num_players=3)
    env.reset(seed=0)
    # A round that ends with a domino worth 15 (D13): +10 to the winner, -5 to the others.
    env.round = Round.from_position(
        [[Tile(2, 3)], [Tile(6, 6)], [Tile(0, 3)]],
        current=0,
        line=Line.from_plays([(Tile(3, 5), None)]),
    )
    env.agent_selection = "player_0"
    # Open ends in B4 order: [3|5] high (5), then low (3); [2|3] joins the 3, slot 1.
    env.step(28 + 2 * Tile(2, 3).index + 1)
    assert env.round.result is not None and env.round.result.points == (15, 0, 0)
    assert env.rewards == {"player_0": 10.0, "player_1": -5.0, "player_2": -5.0}
    assert all(env.terminations.values())


def cribbage_returns_by_the_rules(game: Game) -> tuple[int, int]:
    """Game points by C7: 1, 2 below 91 (skunk), 3 below 61 (double skunk)."""
    scores = game.scores
    winner = 0 if scores[0] >= 121 else 1
    assert scores[winner] >= 121 > scores[1 - winner]
    loser_score = scores[1 - winner]
    points = 1 + (loser_score < 91) + (loser_score < 61)
    return (points, -points) if winner == 0 else (-points, points)


def test_c7_cribbage_rewards_are_the_game_points() -> None:
    for seed in range(4):
        env = cribbage_v0.env()
        collected, _ = play(env, seed)
        game = env.unwrapped.game
        assert game.is_over
        assert (collected["player_0"], collected["player_1"]) == cribbage_returns_by_the_rules(game)


def test_c7_cribbage_win_rewards_and_points_rewards() -> None:
    env = cribbage_v0.env(reward="win")
    collected, _ = play(env, 3)
    expected = [float(np.sign(r)) for r in cribbage_returns_by_the_rules(env.unwrapped.game)]
    assert [collected["player_0"], collected["player_1"]] == expected
    env = cribbage_v0.env(reward="points")
    collected, _ = play(env, 3)
    s0, s1 = env.unwrapped.game.scores
    assert (collected["player_0"], collected["player_1"]) == (s0 - s1, s1 - s0)


def test_cribbage_one_hand_episode_ends_after_the_show() -> None:
    for seed in range(6):
        env = cribbage_v0.env(episode="hand")
        collected, steps = play(env, seed)
        game = env.unwrapped.game
        # 2 discards, then 8 cards pegged (with go's between): the first hand is shown.
        assert steps >= 10
        assert len(game.shows) == 1 and game.hand_number == 2
        s0, s1 = game.scores
        assert (collected["player_0"], collected["player_1"]) == (s0 - s1, s1 - s0)
        final = env.observe("player_0")["observation"]
        assert final[367 + 2] == 1.0  # phase: over
        assert final[:364].sum() == 0  # none of the next hand's cards


# -- hidden information ------------------------------------------------------------------------


def draw_twin(env: Any, hidden: Round) -> Any:
    """A raw environment in the same public state as ``env``, over the position ``hidden``."""
    twin = draw_v0.raw_env(num_players=len(env.possible_agents))
    twin.reset(seed=0)
    twin.round = hidden
    twin.agent_selection = env.agent_selection
    return twin


def assert_same_view(env: Any, twin: Any, agent: str) -> None:
    mine, theirs = env.observe(agent), twin.observe(agent)
    assert np.array_equal(mine["observation"], theirs["observation"])
    assert np.array_equal(mine["action_mask"], theirs["action_mask"])


PASSES = next(start for name, start, _ in DRAW_LAYOUT if name == "passes")


@pytest.mark.parametrize("players", PLAYERS)
def test_draw_observation_never_depends_on_hidden_tiles(players: int) -> None:
    rng = random.Random(players)
    changed = 0

    def check(env: Any) -> None:
        nonlocal changed
        round_ = env.unwrapped.round
        for seat, agent in enumerate(env.possible_agents):
            # The other hands and the stock dealt again (the history kept): the same view.
            other = round_.sample_hidden(seat, rng)
            changed += other.hands != round_.hands or other.stock != round_.stock
            assert_same_view(env.unwrapped, draw_twin(env, other), agent)
            # A determinization is rebuilt with Round.from_position, so its public history
            # starts afresh: all but the count of passes read from that history must agree.
            other = draw_determinize(round_.observation(seat), rng)
            mine = env.unwrapped.observe(agent)
            theirs = draw_twin(env, other).observe(agent)
            keep = np.arange(DRAW_OBS_SIZE) != PASSES
            assert np.array_equal(mine["observation"][keep], theirs["observation"][keep])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])

    for seed in range(3):
        play(draw_v0.env(num_players=players), seed, check)
    assert changed > 0  # the positions compared did differ in what was hidden


def test_draw_observation_does_change_with_the_seats_own_hand() -> None:
    # The check above could pass with a blind encoding: the seat's own tiles must show.
    env = draw_v0.raw_env(num_players=2)
    env.reset(seed=4)
    before = env.observe("player_0")["observation"]
    hands = env.round.hands
    swapped = Round.from_position([hands[1], hands[0]], env.round.stock, current=0)
    after = draw_twin(env, swapped).observe("player_0")["observation"]
    assert not np.array_equal(before, after)
    assert set(np.flatnonzero(before[:28])) == {t.index for t in hands[0]}


def cribbage_twin(env: Any, hidden: Game) -> Any:
    twin = cribbage_v0.raw_env()
    twin.reset(seed=0)
    twin.game = hidden
    twin.agent_selection = env.agent_selection
    return twin


def test_cribbage_observation_never_depends_on_hidden_cards() -> None:
    rng = random.Random(7)
    changed = 0

    def check(env: Any) -> None:
        nonlocal changed
        game = env.unwrapped.game
        for seat, agent in enumerate(env.possible_agents):
            other = game.sample_hidden(seat, rng)
            changed += other.hands[1 - seat] != game.hands[1 - seat]
            assert_same_view(env.unwrapped, cribbage_twin(env, other), agent)

    for seed in (11, 12):
        play(cribbage_v0.env(), seed, check)
    assert changed > 0


def test_cribbage_determinize_keeps_the_seats_view() -> None:
    env = cribbage_v0.raw_env()
    env.reset(seed=11)
    rng, actions = random.Random(7), random.Random(11)
    while not env.game.is_over:
        for seat in (0, 1):
            view = env.game.observation(seat)
            for _ in range(4):
                again = cribbage_determinize(view, rng).observation(seat)
                assert (again.current_player, again.held_above, again.count) == (
                    view.current_player,
                    view.held_above,
                    view.count,
                )
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(actions.choice(np.flatnonzero(mask))))


def test_cribbage_sample_hidden_keeps_what_a_go_proved() -> None:
    env = cribbage_v0.raw_env()
    env.reset(seed=11)
    rng, actions = random.Random(7), random.Random(11)
    while not env.game.is_over:
        game = env.game
        last = game.history[-1] if game.history else None
        # We said go, and the opponent plays on: it holds a card that fits.
        if game.phase == "pegging" and last is not None and last.action is GO:
            for _ in range(4 if last.seat != game.current_player else 0):
                assert game.sample_hidden(last.seat, rng).legal_actions() != (GO,)
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(actions.choice(np.flatnonzero(mask))))


# -- action masks --------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_draw_action_mask_is_the_engines_legal_actions(players: int) -> None:
    def check(env: Any) -> None:
        round_ = env.unwrapped.round
        ends = round_.line.open_ends()
        for agent in env.possible_agents:
            mask = env.observe(agent)["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (DRAW_NUM_ACTIONS,)
            if agent != env.agent_selection:
                assert not mask.any()
                continue
            assert env.possible_agents.index(agent) == round_.current_player
            chosen = [draw_action(int(i), ends) for i in np.flatnonzero(mask)]
            assert len(chosen) == int(mask.sum())
            assert set(chosen) == set(round_.legal_actions())

    for seed in range(6):
        play(draw_v0.env(num_players=players), seed, check)


def test_cribbage_action_mask_is_the_engines_legal_actions() -> None:
    def check(env: Any) -> None:
        game = env.unwrapped.game
        for agent in env.possible_agents:
            mask = env.observe(agent)["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (CRIBBAGE_NUM_ACTIONS,)
            if agent != env.agent_selection:
                assert not mask.any()
                continue
            chosen = {cribbage_action(int(i)) for i in np.flatnonzero(mask)}
            assert chosen == set(game.legal_actions())

    play(cribbage_v0.env(), 5, check)


def test_d9_a_tile_fitting_both_ends_has_two_actions() -> None:
    # The opening double [3|3] leaves two ends showing 3 (B1: sides A and B): [3|5] fits
    # either, and the two plays are different moves (B3 records which side).
    round_ = Round.from_position(
        [[Tile(3, 5), Tile(0, 0)], [Tile(1, 2)]],
        current=0,
        line=Line.from_plays([(Tile(3, 3), None)]),
    )
    ends = round_.line.open_ends()
    indices = sorted(draw_action_index(a, ends) for a in round_.legal_actions())
    base = 28 + 2 * Tile(3, 5).index
    assert indices == [base, base + 1]
    assert {draw_action(i, ends).end for i in indices} == set(ends)


def test_draw_action_numbers_cover_every_move_once() -> None:
    line = Line.from_plays([(Tile(2, 4), None)])
    ends = line.open_ends()
    decoded = [draw_action(i, ends) for i in range(DRAW_NUM_ACTIONS)]
    assert len(set(decoded)) == DRAW_NUM_ACTIONS
    assert [draw_action_index(a, ends) for a in decoded] == list(range(DRAW_NUM_ACTIONS))
    assert str(draw_action(DRAW_DRAW_ACTION, ends)) == "draw"
    assert str(draw_action(DRAW_PASS_ACTION, ends)) == "pass"
    assert draw_action(Tile(1, 4).index, ()).end is None  # an opening tile
    with pytest.raises(IllegalActionError) as error:
        draw_action(28, ())  # a play on an end, with no line yet
    assert error.value.rule == "D5"
    for bad in (-1, DRAW_NUM_ACTIONS, 2.0, "3", True):
        with pytest.raises(ValueError):
            draw_action(bad, ends)  # type: ignore[arg-type]


def test_cribbage_action_numbers_as_documented() -> None:
    seen = set()
    for i in range(52):
        for j in range(i + 1, 52):
            index = cribbage_action_index(Discard(DECK[i], DECK[j]))
            assert index == i * (103 - i) // 2 + (j - i - 1)
            seen.add(index)
    assert seen == set(range(CRIBBAGE_PLAY_BASE))
    assert str(cribbage_action(CRIBBAGE_PLAY_BASE + 17)) == f"play {DECK[17]}"
    assert str(cribbage_action(CRIBBAGE_GO_ACTION)) == "go"
    assert [cribbage_action_index(cribbage_action(i)) for i in range(CRIBBAGE_NUM_ACTIONS)] == (
        list(range(CRIBBAGE_NUM_ACTIONS))
    )


@pytest.mark.parametrize(
    ("layout", "size"), [(DRAW_LAYOUT, DRAW_OBS_SIZE), (CRIBBAGE_LAYOUT, CRIBBAGE_OBS_SIZE)]
)
def test_observation_layouts_cover_the_vector_once(
    layout: tuple[tuple[str, int, int], ...], size: int
) -> None:
    position = 0
    for _, start, length in layout:
        assert start == position
        position += length
    assert position == size


# -- illegal actions -------------------------------------------------------------------------


def test_d8_an_illegal_action_ends_the_wrapped_episode_with_a_penalty() -> None:
    env = draw_v0.env(num_players=3)
    env.reset(seed=2)
    offender = env.agent_selection
    mask = env.observe(offender)["action_mask"]
    assert mask[DRAW_PASS_ACTION] == 0  # nobody passes at the start (D8)
    env.step(DRAW_PASS_ACTION)
    assert all(env.terminations.values())
    assert env.rewards[offender] == -1.0
    assert [r for a, r in env.rewards.items() if a != offender] == [0.0, 0.0]


def test_d8_the_raw_env_rejects_an_illegal_action_and_changes_nothing() -> None:
    env = draw_v0.raw_env(num_players=2)
    env.reset(seed=2)
    agent = env.agent_selection
    before = env.observe(agent)
    with pytest.raises(IllegalActionError) as error:
        env.step(DRAW_PASS_ACTION)
    assert error.value.rule == "D8"
    with pytest.raises(ValueError):
        env.step(DRAW_NUM_ACTIONS)
    after = env.observe(agent)
    assert env.agent_selection == agent and not any(env.terminations.values())
    assert np.array_equal(before["observation"], after["observation"])


def test_c2_the_raw_cribbage_env_rejects_a_play_during_the_discard() -> None:
    env = cribbage_v0.raw_env()
    env.reset(seed=3)
    hand = env.unwrapped.game.hands[env.possible_agents.index(env.agent_selection)]
    with pytest.raises(IllegalActionError) as error:
        env.step(CRIBBAGE_PLAY_BASE + hand[0].index)
    assert error.value.rule == "C2"
    assert env.unwrapped.game.phase == "discard"


# -- the rest of the interface ---------------------------------------------------------------


def test_b5_draw_renders_the_board_description() -> None:
    # docs/rules.md B5's example (pt): the line [1|4], then [1|1] on the 1.
    env = draw_v0.raw_env(num_players=2, lang="pt", render_mode="ansi")
    env.reset(seed=0)
    env.round = Round.from_position([[Tile(1, 4), Tile(5, 6)], [Tile(1, 1), Tile(2, 2)]])
    env.agent_selection = "player_0"
    env.step(Tile(1, 4).index)
    env.step(28 + 2 * Tile(1, 1).index + 1)  # slot 1: the low end of [1|4], showing 1
    assert env.render() == (
        "Peças: [1|4], [1|1]. Conexões: [1|4] (extremidade de menor valor) – [1|1] (linha A). "
        "Pontos de encaixe legais para continuação: [1|1] (linha B, 1); "
        "[1|4] (extremidade de maior valor, 4)."
    )


def test_cribbage_render_shows_no_hand() -> None:
    env = cribbage_v0.env(render_mode="ansi")
    env.reset(seed=9)
    game = env.unwrapped.game
    text = env.render()
    assert "Scores: player_0 0, player_1 0" in text
    for card in game.hands[0] + game.hands[1]:
        assert f" {card}" not in text


def test_d3_draw_leader_opens_and_seed_fixes_the_deal() -> None:
    env = draw_v0.raw_env(num_players=4, leader=2)
    env.reset(seed=8)
    assert env.agent_selection == "player_2"
    hands = env.round.hands
    env.reset(seed=8)
    assert env.round.hands == hands
    env.reset(seed=9)
    assert env.round.hands != hands
    leaders = set()
    for seed in range(40):
        free = draw_v0.raw_env(num_players=4)
        free.reset(seed=seed)
        leaders.add(free.agent_selection)
    assert leaders == {"player_0", "player_1", "player_2", "player_3"}


def test_bad_keyword_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        draw_v0.env(num_players=5)
    with pytest.raises(ValueError, match="reward"):
        draw_v0.env(reward="money")
    with pytest.raises(ValueError, match="leader"):
        draw_v0.env(num_players=2, leader=3)
    with pytest.raises(ValueError, match="render_mode"):
        draw_v0.env(render_mode="rgb_array")
    with pytest.raises(ValueError, match="episode"):
        cribbage_v0.env(episode="match")
    with pytest.raises(ValueError, match="reward"):
        cribbage_v0.env(episode="hand", reward="win")


def test_environments_pickle_with_their_arguments() -> None:
    env = pickle.loads(pickle.dumps(draw_v0.raw_env(num_players=3, reward="points")))
    assert env.possible_agents == ["player_0", "player_1", "player_2"]
    env.reset(seed=1)
    assert env.round.num_players == 3
    crib = pickle.loads(pickle.dumps(cribbage_v0.raw_env(episode="hand")))
    crib.reset(seed=1)
    assert crib.metadata["name"] == "cribbage_v0"


def test_metadata_follows_the_classic_environments() -> None:
    for module, name in ((draw_v0, "draw_v0"), (cribbage_v0, "cribbage_v0")):
        metadata = module.raw_env.metadata
        assert metadata["name"] == name
        assert metadata["is_parallelizable"] is False
        assert "ansi" in metadata["render_modes"]


# -- what the vectors hold -------------------------------------------------------------------


def sections(vector: Any, layout: tuple[tuple[str, int, int], ...]) -> dict[str, Any]:
    return {name: vector[start : start + size] for name, start, size in layout}


def ones(values: Any) -> set[int]:
    return {int(i) for i in np.flatnonzero(values)}


@pytest.mark.parametrize("players", PLAYERS)
def test_draw_vector_holds_the_seats_observation_seat_relative(players: int) -> None:
    passes_seen = 0

    def check(env: Any) -> None:
        nonlocal passes_seen
        round_ = env.unwrapped.round
        n = players
        for seat, agent in enumerate(env.possible_agents):
            view = round_.observation(seat)
            vector = env.observe(agent)["observation"]
            part = sections(vector, DRAW_LAYOUT)
            assert ones(part["hand"]) == {t.index for t in view.hand}
            assert ones(part["line"]) == {t.index for t in view.line.tiles}
            ends = part["end_values"].reshape(2, 7)
            assert [int(row.argmax()) for row in ends if row.any()] == [
                e.value for e in view.line.open_ends()
            ]
            relative = [(seat + k) % n for k in range(n)]
            absent = part["known_absent"].reshape(4, 7)
            for k, other in enumerate(relative):
                assert ones(absent[k]) == set(view.known_absent[other])
                assert part["hand_sizes"][k] * 28 == pytest.approx(view.hand_sizes[other])
            assert list(part["seats"]) == [1.0] * n + [0.0] * (4 - n)
            assert part["stock_size"][0] * 28 == pytest.approx(view.stock_size)
            assert ones(part["to_play"]) == {relative.index(round_.current_player)}
            assert ones(part["leader"]) == {relative.index(round_.leader)}
            passes_seen += part["passes"][0] > 0

    for seed in range(4):
        play(draw_v0.env(num_players=players), seed, check)
    assert passes_seen > 0


def test_cribbage_vector_holds_the_seats_observation() -> None:
    def check(env: Any) -> None:
        game = env.unwrapped.game
        for seat, agent in enumerate(env.possible_agents):
            view = game.observation(seat)
            vector = env.observe(agent)["observation"]
            part = sections(vector, CRIBBAGE_LAYOUT)
            assert ones(part["hand"]) == {c.index for c in view.hand}
            assert ones(part["discards"]) == {c.index for c in view.discards}
            starter = set() if view.starter is None else {view.starter.index}
            assert ones(part["starter"]) == starter
            mine = {c.index for s, c in view.played if s == seat}
            theirs = {c.index for s, c in view.played if s != seat}
            assert (ones(part["played_me"]), ones(part["played_opponent"])) == (mine, theirs)
            pile = part["pile"].reshape(8, 13)
            latest_first = [c.rank for c in reversed(view.pile)]
            assert [int(row.argmax()) + 1 for row in pile if row.any()] == latest_first
            assert part["count"][0] * 31 == pytest.approx(view.count)
            scores = part["scores"] * 121
            assert list(scores) == pytest.approx([view.scores[seat], view.scores[1 - seat]])
            assert part["dealer"][0] == (view.dealer == seat)
            assert part["to_play"][0] == (view.current_player == seat)
            assert ones(part["phase"]) == {["discard", "pegging", "over"].index(view.phase)}

    play(cribbage_v0.env(), 21, check)


def test_the_core_install_does_not_import_the_research_libraries() -> None:
    # pegboard[research] is optional: the games, bots, arena and CLI must not need it.
    code = (
        "import sys, pegboard, pegboard.draw, pegboard.cribbage, pegboard.bots, "
        "pegboard.arena, pegboard.cli.main, pegboard.hints\n"
        "print(sorted(m for m in ('pettingzoo', 'gymnasium', 'numpy', 'pyspiel') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_without_the_research_extra_the_error_names_it() -> None:
    """A core install (no NumPy, Gymnasium or PettingZoo: ``python -S`` leaves out every
    installed package) gets an error that names the extra to install, not a bare
    ``ModuleNotFoundError`` from deep inside."""
    source = Path(__file__).resolve().parents[2] / "src"
    done = subprocess.run(
        [sys.executable, "-S", "-c", "import pegboard.envs"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(source)},
        check=False,
    )
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: pegboard.envs needs numpy, gymnasium, pettingzoo"), last
    assert "pip install 'pegboard[research]'" in last


def test_the_example_of_docs_research_runs() -> None:
    """The first example of docs/research.md, run as it is written."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "research.md").read_text()
    example = page.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "docs/research.md", "exec"), {})
