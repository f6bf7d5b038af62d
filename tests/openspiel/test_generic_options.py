"""The generic OpenSpiel game (``pegboard.openspiel.generic``: a match dealt by one chance
node over seeds) encodes a match with the numbers of the options played
(``Game.research_encoding(options)``): Draw's double-nine set (D25-D27) with its 167
actions and 189 entries, alone, in the Block game or in partnerships, and cribbage's
five-card deal (C13) and muggins (C18) with theirs; muggins among three or four is
refused in words. Draw and cribbage have their own OpenSpiel games (one round, one game),
so the generic one is reached here through copies of their descriptions without their
looks, as a plug-in game without a look of its own would be. Whole matches pass
OpenSpiel's random-simulation test (serialization included), and what a player is told
holds nothing of the tiles it cannot see."""

from __future__ import annotations

import dataclasses
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

from pegboard import games  # noqa: E402
from pegboard.games import OptionError  # noqa: E402
from pegboard.openspiel import load_game, resampler  # noqa: E402
from tests.envs import leaky  # noqa: E402

DRAW = "draw-match"
CRIBBAGE = "cribbage-match"


@pytest.fixture
def plain() -> Iterator[None]:
    """Draw and cribbage as games without looks of their own: the generic game plays them."""
    draw = dataclasses.replace(games.get("draw"), name=DRAW, looks=games.Looks())
    cribbage = dataclasses.replace(games.get("cribbage"), name=CRIBBAGE, looks=games.Looks())
    with leaky.registered(draw), leaky.registered(cribbage):
        yield


NINE = [
    {"players": 2, "set": 9},
    {"players": 3, "set": 9, "block": 1},
    {"players": 4, "set": 9, "partnerships": 1},
]
IDS = ["two", "block-three", "partners-four"]


@pytest.mark.parametrize("options", NINE, ids=IDS)
def test_d25_a_double_nine_match_passes_openspiel_random_sim_test(
    plain: None, options: dict[str, int]
) -> None:
    game = load_game(DRAW, {**options, "deals": 20})
    assert game.num_distinct_actions() == 167
    assert game.observation_tensor_shape() == [189]
    assert game.information_state_tensor_shape() == [189]
    pyspiel.random_sim_test(game, num_sims=1, serialize=options["players"] == 2, verbose=False)


def test_d25_every_action_of_a_double_nine_match_is_legal_and_of_its_set(plain: None) -> None:
    game = load_game(DRAW, {"players": 3, "set": 9, "deals": 20})
    state = game.new_initial_state()
    state.apply_action(7)
    rng = random.Random(1)
    while not state.is_terminal():
        player = state.current_player()
        view = state.match.observation(player)
        legal = state.legal_actions()
        encoding = state.table.encoding
        assert legal == sorted(encoding.action_index(view, a) for a in view.legal_actions())
        assert len(state.observation_tensor(player)) == 189
        state.apply_action(rng.choice(legal))
    assert state.match.is_over and state.match.tile_set == 9
    assert sum(state.returns()) == pytest.approx(0.0)


def test_d25_the_double_nine_numbers_survive_a_pickled_state(plain: None) -> None:
    game = load_game(DRAW, {"players": 2, "set": 9, "deals": 20})
    state = game.new_initial_state()
    state.apply_action(3)
    state.apply_action(state.legal_actions()[0])
    again = pickle.loads(pickle.dumps(state))
    assert again.table.encoding.num_actions == 167
    assert again.legal_actions() == state.legal_actions()
    assert again.observation_tensor(0) == state.observation_tensor(0)


def views(state: Any, player: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(player),
        tuple(state.information_state_tensor(player)),
        state.observation_string(player),
        tuple(state.observation_tensor(player)),
    )


@pytest.mark.parametrize("options", NINE, ids=IDS)
def test_d25_a_players_views_hold_nothing_of_the_tiles_it_cannot_see(
    plain: None, options: dict[str, int]
) -> None:
    game = load_game(DRAW, {**options, "deals": 20})
    sample = resampler(random.Random(2))
    rng = random.Random(3)
    state = game.new_initial_state()
    state.apply_action(5)
    changed = seen_by_other = 0
    while not state.is_terminal():
        player = state.current_player()
        other = sample(state, player)
        assert views(other, player) == views(state, player)
        assert other.legal_actions() == state.legal_actions()
        others = [s for s in range(game.num_players()) if s != player]
        round_, again = state.match.round, other.match.round
        if any(again.hand(s) != round_.hand(s) for s in others):
            changed += 1
            seen_by_other += any(views(other, s) != views(state, s) for s in others)
        state.apply_action(rng.choice(state.legal_actions()))
    assert changed > 20 and seen_by_other > 20  # the hidden tiles really were dealt again


@pytest.mark.parametrize(
    ("options", "actions", "size"),
    [({"cards": 5}, 1379, 381), ({"cards": 5, "muggins": 1}, 1439, 442)],
)
def test_c13_c18_cribbage_matches_pass_openspiel_random_sim_test(
    plain: None, options: dict[str, int], actions: int, size: int
) -> None:
    game = load_game(CRIBBAGE, {**options, "deals": 20})
    assert game.num_distinct_actions() == actions
    assert game.observation_tensor_shape() == [size]
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_c18_muggins_among_three_or_four_is_refused_in_words(plain: None) -> None:
    with pytest.raises(OptionError) as error:
        load_game(CRIBBAGE, {"players": 3, "muggins": 1})
    assert (error.value.option, error.value.rule) == ("muggins", "C18")


def test_the_default_options_keep_the_double_six_numbers(plain: None) -> None:
    game = load_game(DRAW, {"players": 2})
    assert game.num_distinct_actions() == 86
    assert np.asarray(game.observation_tensor_shape()).tolist() == [117]
