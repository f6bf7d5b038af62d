"""The double-nine set (D25-D27) in the research interfaces: its own action numbers and
vectors (``pegboard.draw.encoding.numbers_of(9)``: 55 openers, 2 x 55 plays, draw, pass =
167 actions; a 189-entry vector), PettingZoo's ``draw_v0`` with ``tile_set=9`` (PettingZoo's
``api_test``), OpenSpiel's ``pegboard_draw`` with ``set=9`` (``random_sim_test`` with
serialization), no observation showing another seat's tiles or the stock, and the
``ismcts`` level playing double-nine rounds; the double-six numbers unchanged.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from pegboard.dominoes.tiles import DOUBLE_NINE, DOUBLE_SIX, Tile
from pegboard.draw import Round
from pegboard.draw.actions import Play
from pegboard.draw.encoding import (
    DRAW_LAYOUT,
    ENCODING,
    EncodingSetError,
    draw_action,
    draw_action_index,
    encode_draw,
    encoding_of,
    numbers_of,
)

NINE = numbers_of(9)


def nine_round(seed: int, players: int) -> Round:
    return Round.deal(players, seed=seed, leader=seed % players, tile_set=9)


# -- the numbers -------------------------------------------------------------------------------


def test_d25_the_double_nine_numbers_are_sized_by_the_set() -> None:
    """55 tiles (D25: [0|0] ... [9|9]) and ten numbers: 55 openers, two plays a tile, draw,
    pass; the vector's parts from the same sizes, covering it once."""
    assert len(DOUBLE_NINE) == 55 == NINE.size and NINE.values == 10
    assert NINE.num_actions == 55 + 2 * 55 + 2 == 167
    assert (NINE.play_base, NINE.draw_action, NINE.pass_action) == (55, 165, 166)
    sizes = {name: size for name, _, size in NINE.layout}
    assert sizes["hand"] == sizes["line"] == 55
    assert sizes["end_values"] == 2 * 10 and sizes["known_absent"] == 4 * 10
    covered = [i for _, start, size in NINE.layout for i in range(start, start + size)]
    assert covered == list(range(NINE.obs_size)) and NINE.obs_size == 189
    assert NINE.pips == 495  # D25's count of the set's pips


def test_d25_the_double_six_numbers_are_unchanged() -> None:
    six = numbers_of(6)
    assert (six.num_actions, six.obs_size, six.play_base, six.draw_action) == (86, 117, 28, 84)
    assert ENCODING.num_actions == 86 and ENCODING.observation_size == 117
    assert six.layout == DRAW_LAYOUT and DRAW_LAYOUT[2] == ("end_values", 56, 14)
    # A double-six tile keeps its number in both sets: the double-nine set extends it.
    tile = Tile(2, 5)
    assert draw_action_index(Play(tile), ()) == tile.index == DOUBLE_SIX.index(tile)
    assert draw_action_index(Play(tile), (), NINE) == tile.index


def test_d25_every_double_nine_move_has_one_number_and_back() -> None:
    seen: set[int] = set()
    for seed in range(6):
        round_ = nine_round(seed, 2 + seed % 3)
        rng = random.Random(seed)
        while not round_.is_over:
            ends = round_.line.open_ends()
            numbers = [draw_action_index(a, ends, NINE) for a in round_.legal_actions()]
            assert len(set(numbers)) == len(numbers)
            for action, number in zip(round_.legal_actions(), numbers, strict=True):
                assert draw_action(number, ends, NINE) == action
            seen.update(numbers)
            round_.apply(rng.choice(round_.legal_actions()))
    assert {NINE.draw_action, NINE.pass_action} <= seen
    tiles = {n if n < 55 else (n - 55) // 2 for n in seen if n < NINE.draw_action}
    assert max(tiles) >= 28  # tiles with a 7, 8 or 9 were numbered too


def test_d25_a_set_s_numbers_refuse_the_other_set_s_rounds() -> None:
    round_ = nine_round(1, 3)
    with pytest.raises(EncodingSetError, match=r"set 9 \(D25\)"):
        ENCODING.encode(round_.observation(0))
    with pytest.raises(EncodingSetError, match=r"\[7\|9\].*set 6.*\(D25\)"):
        draw_action_index(Play(Tile(7, 9)), ())
    six_round = Round.deal(2, seed=1)
    with pytest.raises(EncodingSetError, match=r"set 6 \(D25\)"):
        encoding_of(9).encode(six_round.observation(0))
    with pytest.raises(EncodingSetError, match=r"6 \(double-six, D1\) or 9"):
        numbers_of(8)


def test_d25_the_double_nine_vector_holds_the_seats_observation() -> None:
    round_ = nine_round(3, 3)
    rng = random.Random(3)
    for _ in range(12):
        round_.apply(rng.choice(round_.legal_actions()))
    observation = round_.observation(1)
    vector = encode_draw(observation)
    parts = {name: (start, size) for name, start, size in NINE.layout}

    def ones(name: str) -> set[int]:
        start, size = parts[name]
        return set(np.flatnonzero(vector[start : start + size]).tolist())

    assert ones("hand") == {t.index for t in observation.hand}
    assert ones("line") == {t.index for t in observation.line.tiles}
    assert ones("end_values") == {
        10 * slot + end.value for slot, end in enumerate(observation.line.open_ends())
    }
    start, _ = parts["stock_size"]
    assert vector[start] == pytest.approx(observation.stock_size / 55)


# -- PettingZoo ----------------------------------------------------------------------------


@pytest.fixture
def _quiet() -> Iterator[None]:
    # api_test warns that a dict observation "should be" a Box (as in tests/envs).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d25_draw_v0_with_the_double_nine_set_passes_pettingzoo_api_test(
    players: int, _quiet: None
) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from pegboard.draw.looks import envs as draw_v0

    env = draw_v0.env(num_players=players, tile_set=9)
    api_test(env, num_cycles=200)
    env.reset(seed=players)
    assert env.unwrapped.round.tile_set == 9
    assert env.action_space("player_0").n == 167
    assert env.observation_space("player_0")["observation"].shape == (189,)


def test_d25_the_registry_s_draw_environment_takes_the_set() -> None:
    pytest.importorskip("pettingzoo")
    from pegboard.envs import game_env

    env = game_env("draw", players=2, set=9)
    env.reset(seed=2)
    assert env.round.tile_set == 9 and env.action_space("player_0").n == 167
    assert game_env("draw", players=2).action_space("player_0").n == 86


def nine_twin(env: Any, hidden: Round) -> Any:
    """A raw double-nine environment in the same public state as ``env``, over ``hidden``."""
    from pegboard.draw.looks import envs as draw_v0

    twin = draw_v0.raw_env(num_players=len(env.possible_agents), tile_set=9)
    twin.reset(seed=0)
    twin.round = hidden
    twin.agent_selection = env.agent_selection
    return twin


@pytest.mark.parametrize("players", [2, 4])
def test_d25_draw_v0_double_nine_views_never_depend_on_hidden_tiles(players: int) -> None:
    """Other hands and the stock dealt again (the public history kept): the same vector and
    mask for the seat; and the seat's own hand does show, so the check can fail."""
    pytest.importorskip("pettingzoo")
    from pegboard.draw.looks import envs as draw_v0

    rng = random.Random(players)
    changed = 0
    for seed in range(2):
        env = draw_v0.raw_env(num_players=players, tile_set=9)
        env.reset(seed=seed)
        for agent in env.agent_iter():
            if env.terminations[agent] or env.truncations[agent]:
                env.step(None)
                continue
            round_ = env.round
            for seat, name in enumerate(env.possible_agents):
                other = round_.sample_hidden(seat, rng)
                changed += other.hands != round_.hands or other.stock != round_.stock
                mine, theirs = env.observe(name), nine_twin(env, other).observe(name)
                assert np.array_equal(mine["observation"], theirs["observation"])
                assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            legal = np.flatnonzero(env.observe(agent)["action_mask"])
            env.step(int(rng.choice(legal)))
    assert changed > 0
    env = draw_v0.raw_env(num_players=2, tile_set=9)
    env.reset(seed=4)
    hands = env.round.hands
    swapped = Round.from_position([hands[1], hands[0]], env.round.stock, current=0, tile_set=9)
    before = env.observe("player_0")["observation"]
    assert not np.array_equal(before, nine_twin(env, swapped).observe("player_0")["observation"])


# -- OpenSpiel -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2},
        {"players": 4},
        {"players": 4, "partnerships": True},
        {"players": 3, "block": True},
    ],
)
def test_d25_pegboard_draw_with_the_double_nine_set_passes_random_sim_test(
    params: dict[str, Any],
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import pegboard.openspiel  # noqa: F401 - registers pegboard_draw

    game = pyspiel.load_game("pegboard_draw", {**params, "set": 9})
    assert game.num_distinct_actions() == 167 and game.max_chance_outcomes() == 55
    assert game.max_utility() == 495.0
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.table.round.tile_set == 9


def test_d25_the_double_six_game_is_the_default() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from pegboard.openspiel import load_game

    game = pyspiel.load_game("pegboard_draw")
    assert game.num_distinct_actions() == 86 and game.max_chance_outcomes() == 28
    assert game.observation_tensor_size() == 115
    nine = load_game("draw", {"players": 2, "set": 9})
    assert nine.num_distinct_actions() == 167
    assert str(load_game("draw", {"players": 2})) == str(game)


@pytest.mark.parametrize("players", [2, 4])
def test_d25_pegboard_draw_double_nine_views_ignore_the_others_hidden_tiles(
    players: int,
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    import pegboard.openspiel  # noqa: F401 - registers pegboard_draw
    from tests.openspiel.test_hidden import check_game

    check_game(pyspiel.load_game("pegboard_draw", {"players": players, "set": 9}), players, 3)


def test_d25_the_ismcts_level_plays_double_nine_rounds_to_the_end() -> None:
    pytest.importorskip("pyspiel")
    from pegboard.games import make_bot
    from tests.draw.bots.test_expert import play_round

    for players in (2, 4):
        round_ = nine_round(5 + players, players)
        bots = [make_bot("draw", "ismcts", seed=s) for s in range(players)]
        for bot in bots:
            bot.bot.budget = 8
        play_round(round_, bots)  # every action legal, to the round's result
        assert round_.tile_set == 9
