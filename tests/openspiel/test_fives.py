"""All Fives and Fives and Threes in OpenSpiel through the generic adapter
(``pegboard.openspiel.generic``, the games' research encoding): pyspiel's random-simulation
test passes for 2 and 4 players, and OpenSpiel's ISMCTS, determinizing through the
resampler (the engine's ``sample_hidden``), plays whole hands with legal moves only."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from pegboard.openspiel import load_game, resampler  # noqa: E402

GAMES = ("all-fives", "fives-and-threes")


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("players", "partnerships"), [(2, 0), (4, 1)])
def test_f9_fives_passes_openspiel_random_sim_test(
    name: str, players: int, partnerships: int
) -> None:
    game = load_game(name, {"players": players, "partnerships": partnerships})
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_f1_the_game_type_follows_the_registry() -> None:
    game = load_game("fives-and-threes", {"players": 4, "partnerships": 1})
    kind = game.get_type()
    assert (kind.min_num_players, kind.max_num_players) == (2, 4)
    assert game.num_players() == 4
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_distinct_actions() == 142


class StandingEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """Values a leaf by the seats' scores then (no rollout to the end of a long match):
    each seat's score less the mean, scaled to the game's utility."""

    def evaluate(self, state: Any) -> Any:
        if state.is_terminal():
            return np.asarray(state.returns())
        scores = [float(s) for s in state.match.scores]
        mean = sum(scores) / len(scores)
        return np.asarray([(s - mean) / 100 for s in scores])

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize("name", GAMES)
def test_f6_ismcts_plays_a_hand_through_the_resampler(name: str) -> None:
    game = load_game(name, {"players": 2})
    random_state = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(game, StandingEvaluator(), 2.0, 30, random_state=random_state)
    drawn: list[int] = []
    sample = resampler(random.Random(5))

    def counted(state: Any, player: int) -> Any:
        drawn.append(player)
        return sample(state, player)

    bot.set_resampler(counted)
    state = game.new_initial_state()
    state.apply_action(7)  # the deal: seed 7
    rng = random.Random(5)
    while not state.is_terminal() and not state.match.hands:
        if state.current_player() == 0:
            action = int(bot.step(state))
        else:
            action = rng.choice(state.legal_actions())
        assert action in state.legal_actions()
        state.apply_action(action)
    assert state.match.hands, "the first hand did not end"
    assert drawn and set(drawn) == {0}  # every simulation dealt seat 0's unseen tiles again


def test_f1_ismcts_plays_a_whole_match() -> None:
    """ISMCTS for both seats through every hand to F9's target. Its leaves are valued by
    the standing: a random rollout to the end of a match from every leaf costs a minute of
    the suite and tests nothing random_sim_test does not (whole matches played at random)."""
    game = load_game("all-fives", {"players": 2, "by_fives": 1})
    random_state = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, StandingEvaluator(), 2.0, 4, random_state=random_state)
    bot.set_resampler(resampler(random.Random(2)))
    state = game.new_initial_state()
    state.apply_action(3)
    while not state.is_terminal():
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert max(state.match.side_scores) >= 61


def test_f9_a_resampled_state_is_still_a_match() -> None:
    game = load_game("all-fives", {"players": 4, "partnerships": 1})
    state = game.new_initial_state()
    state.apply_action(1)
    other = resampler(random.Random(1))(state, 0)
    assert type(other.match) is type(state.match)


def tile_texts(tiles: Any) -> set[str]:
    return {f"[{t.low}|{t.high}]" for t in tiles}


@pytest.mark.parametrize("name", GAMES)
def test_f2_a_players_observation_names_no_hidden_tile(name: str) -> None:
    """The observation string and tensor of a player: no tile of another hand nor of the
    boneyard in the string; the tensor the encoding of the player's own view."""
    game = load_game(name, {"players": 3})
    rng = random.Random(4)
    checked = 0
    for seed in range(2):
        state = game.new_initial_state()
        state.apply_action(seed)
        for _move in range(150):
            if state.is_terminal():
                break
            hand = state.match.hand
            for player in range(3):
                hidden = [t for s in range(3) if s != player for t in hand.hand(s)]
                text = state.observation_string(player)
                assert not {t for t in tile_texts([*hidden, *hand.boneyard]) if t in text}
                assert all(t in text for t in tile_texts(hand.hand(player)))
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 300
