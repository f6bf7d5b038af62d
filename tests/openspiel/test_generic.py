"""The generic OpenSpiel game (``pegboard.openspiel.generic``) over a game of the registry:
the toy game ``tricks``, registered at test time, passes OpenSpiel's random-simulation test
(serialization included); its deal is one chance node over seeds, its actions and tensors
are the game's encoding, its returns the game's scores; what a player is told holds nothing
of the other seat's hidden cards (and the check catches a planted leak); the games with
their own OpenSpiel module keep it; ISMCTS plays the generic game through the resampler."""

from __future__ import annotations

import dataclasses
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from pegboard import openspiel  # noqa: E402
from pegboard.games import Game, OptionError  # noqa: E402
from pegboard.openspiel import NoEncodingError, load_game, resampler  # noqa: E402
from pegboard.openspiel.bots import ISMCTSBot, searchable_games  # noqa: E402
from pegboard.openspiel.generic import DEALS  # noqa: E402
from tests.envs import leaky  # noqa: E402
from tests.games import toy  # noqa: E402


def play_randomly(state: Any, rng: random.Random, check: Any = None) -> Any:
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
            continue
        if check is not None:
            check(state)
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("hand", [1, 3, 4])
def test_tricks_passes_openspiel_random_sim_test(toy_game: Game, hand: int) -> None:
    game = load_game("tricks", {"hand": hand})
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_registration_follows_the_registry(toy_game: Game) -> None:
    names = openspiel.register_games()
    assert names == (
        "pegboard_draw",
        "pegboard_cribbage",
        "pegboard_all-fives",
        "pegboard_fives-and-threes",
        "pegboard_tricks",
    )
    game = pyspiel.load_game("pegboard_tricks", {"hand": 2})
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 2)
    assert kind.parameter_specification == {"players": 2, "hand": 3, "deals": DEALS}
    assert game.num_distinct_actions() == toy.ENCODING.num_actions
    assert game.observation_tensor_shape() == [toy.ENCODING.observation_size]
    assert game.max_game_length() == 1 + toy.ENCODING.max_length


def test_t1_the_games_options_are_checked_by_the_game(toy_game: Game) -> None:
    with pytest.raises(OptionError) as error:
        load_game("tricks", {"hand": 5})
    assert error.value.rule == "T1"


def test_t1_the_deal_is_one_chance_node_over_seeds(toy_game: Game) -> None:
    game = load_game("tricks", {"hand": 4, "deals": 50})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(seed, 1 / 50) for seed in range(50)]
    state.apply_action(17)
    assert not state.is_chance_node() and state.current_player() == 0
    assert state.match.hands == toy.TricksMatch(4, 17).hands
    assert state.legal_actions() == [c - 1 for c in state.match.hands[0]]
    assert state.action_to_string(0, state.legal_actions()[0]) == f"lay C{state.match.hands[0][0]}"


def test_t4_returns_are_the_tricks_less_the_mean(toy_game: Game) -> None:
    game = load_game("tricks", {"hand": 3})
    for seed in range(8):
        state = play_randomly(game.new_initial_state(), random.Random(seed))
        tricks = state.match.tricks
        assert state.returns() == [t - sum(tricks) / 2 for t in tricks]
        assert state.history()[0] < DEALS and len(state.history()) == 1 + 6


def test_a_state_is_rebuilt_from_its_history(toy_game: Game) -> None:
    game = load_game("tricks", {"hand": 4})
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(5):
        if state.is_chance_node():
            state.apply_action(rng.randrange(DEALS))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert str(again) == str(state)
    assert again.information_state_string(1) == state.information_state_string(1)
    assert str(game.deserialize_state(state.serialize())) == str(state)


# -- hidden information ----------------------------------------------------------------------


def views(state: Any, player: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(player),
        tuple(state.information_state_tensor(player)),
        state.observation_string(player),
        tuple(state.observation_tensor(player)),
    )


def hidden_check(game: Any, seeds: range) -> tuple[int, int, int]:
    """Over random games: how often a player's views changed when only the other seat's
    hand was dealt again (``resample``), how often that hand did change, and how often the
    other seat's views changed with it (so that the comparison can see a change)."""
    leaks = changed = seen_by_other = 0
    sample = resampler(random.Random(1))

    def check(state: Any) -> None:
        nonlocal leaks, changed, seen_by_other
        for player in (0, 1):
            other = sample(state, player)
            if player == state.current_player():
                assert other.legal_actions() == state.legal_actions()
            if other.match.hands[1 - player] == state.match.hands[1 - player]:
                continue
            changed += 1
            leaks += views(other, player) != views(state, player)
            seen_by_other += views(other, 1 - player) != views(state, 1 - player)

    for seed in seeds:
        play_randomly(game.new_initial_state(), random.Random(seed), check)
    return leaks, changed, seen_by_other


def test_t1_a_players_views_hold_nothing_of_the_other_hand(toy_game: Game) -> None:
    leaks, changed, seen_by_other = hidden_check(load_game("tricks", {"hand": 4}), range(6))
    assert changed > 20 and seen_by_other > 20
    assert leaks == 0


def test_the_hidden_check_catches_a_planted_leak(toy_game: Game) -> None:
    with leaky.registered(leaky.GAME):
        leaks, changed, _seen = hidden_check(load_game(leaky.NAME, {"hand": 4}), range(6))
    assert changed > 20 and leaks > 10


def test_the_observation_types_public_single_and_all_players(toy_game: Game) -> None:
    from open_spiel.python.observation import make_observation

    game = load_game("tricks", {"hand": 4})
    public = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        ),
    )
    everyone = make_observation(
        game,
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS
        ),
    )
    state = game.new_initial_state()
    state.apply_action(3)
    other = state.resample(0, random.Random(4))
    assert other.match.hands[1] != state.match.hands[1]
    for player in (0, 1):
        public.set_from(state, player)
        seen = public.tensor.copy(), public.string_from(state, player)
        public.set_from(other, player)
        assert np.array_equal(seen[0], public.tensor) and seen[1] == public.string_from(
            other, 1 - player
        )
    everyone.set_from(state, 0)
    assert everyone.tensor.shape == (2 * toy.ENCODING.observation_size,)
    seen_all = everyone.tensor.copy()
    everyone.set_from(other, 0)
    assert not np.array_equal(seen_all, everyone.tensor)  # all players' cards, asked for


# -- the games' own modules, refusals, search ----------------------------------------------------


def test_draw_and_cribbage_keep_their_own_openspiel_games() -> None:
    assert load_game("draw", {"players": 3}).num_players() == 3
    assert load_game("draw").get_type().short_name == "pegboard_draw"
    assert load_game("cribbage").get_type().short_name == "pegboard_cribbage"
    assert searchable_games() == ("draw", "cribbage")


def test_a_game_without_an_encoding_is_refused_with_the_games_openspiel_can_have(
    toy_game: Game,
) -> None:
    plain = dataclasses.replace(toy.GAME, name="plain_tricks", encoding=None)
    with leaky.registered(plain), pytest.raises(NoEncodingError, match="plain_tricks") as error:
        load_game("plain_tricks")
    assert "can have: draw, cribbage, all-fives, fives-and-threes, tricks" in str(error.value)


def test_ismcts_plays_the_generic_game_through_the_seeded_resampler(toy_game: Game) -> None:
    game = load_game("tricks", {"hand": 4})
    random_state = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, random_state), 2.0, 20, random_state=random_state
    )
    bot.set_resampler(resampler(random.Random(3)))
    state = game.new_initial_state()
    state.apply_action(9)
    while not state.is_terminal():
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.match.tricks) == 4


def test_the_ismcts_bot_names_the_games_it_plays(toy_game: Game) -> None:
    with pytest.raises(ValueError, match="ISMCTS plays draw or cribbage, not 'tricks'"):
        ISMCTSBot("tricks")


def test_a_plug_in_game_is_registered_on_import_in_another_process() -> None:
    root = Path(__file__).resolve().parents[2]
    code = (
        "import pyspiel, pegboard.openspiel\n"
        "game = pyspiel.load_game('pegboard_tricks', {'hand': 2})\n"
        "pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)\n"
        "print(game)"
    )
    env = dict(os.environ, PEGBOARD_GAMES="tests.games.toy:plug_in")
    env["PYTHONPATH"] = os.pathsep.join([str(root / "src"), str(root), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=root, timeout=120
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "pegboard_tricks(deals=1000,hand=2,players=2)"


def test_d1_d17_c7_the_games_own_modules_check_the_options_first() -> None:
    with pytest.raises(OptionError) as error:
        load_game("draw", {"players": 5})
    assert error.value.rule == "D1"
    with pytest.raises(ValueError, match="pegboard_draw plays one round"):
        load_game("draw", {"players": 2, "target": 50})
    with pytest.raises(ValueError, match="best_of is no option"):
        load_game("cribbage", {"best_of": 3})
    with pytest.raises(
        ValueError, match="no option hands; its options: best_of, cards, muggins, players"
    ):
        load_game("cribbage", {"hands": 1})
    assert str(load_game("cribbage", {"cards": 5})).startswith("pegboard_cribbage(cards=5,")
    assert "muggins=1" in str(load_game("cribbage", {"muggins": 1}))
    # muggins at every table (C18): among four too, over the table's 165 numbers
    four = load_game("cribbage", {"muggins": 1, "players": 4})
    assert str(four) == "pegboard_cribbage(cards=6,hands=0,muggins=1,players=4)"
    assert four.num_distinct_actions() == 165


def test_cfr_solves_a_small_tricks_through_its_information_states(toy_game: Game) -> None:
    # CFR keys its tables by information-state strings and needs every state of an
    # information set to have the same legal actions (it fails otherwise): the generic
    # game's strings make a game it can solve, as OpenSpiel's own games are.
    from open_spiel.python import policy
    from open_spiel.python.algorithms import cfr, exploitability

    game = load_game("tricks", {"hand": 3, "deals": 3})
    uniform = exploitability.exploitability(game, policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    for _ in range(8):
        solver.evaluate_and_update_policy()
    solved = exploitability.exploitability(game, solver.average_policy())
    assert uniform > 0.05 and solved < uniform / 4
