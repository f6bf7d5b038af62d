"""OpenSpiel's ISMCTS plays both games through the resampler, and sits in our arena."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from pegboard.arena import ArenaConfig, run_arena  # noqa: E402
from pegboard.cribbage import Game  # noqa: E402
from pegboard.draw import Match, Round  # noqa: E402
from pegboard.games import bot_levels, make_bot  # noqa: E402
from pegboard.openspiel import resampler  # noqa: E402


def ismcts_game(game: Any, seed: int, simulations: int, seeded: bool) -> Any:
    random_state = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, random_state),
        2.0,
        simulations,
        random_state=random_state,
    )
    if seeded:
        bot.set_resampler(resampler(random.Random(seed)))
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(random_state.choice(actions, p=probs)))
        else:
            action = int(bot.step(state))
            assert action in state.legal_actions()
            state.apply_action(action)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_ismcts_plays_whole_draw_rounds(players: int) -> None:
    game = pyspiel.load_game("pegboard_draw", {"players": players})
    for seed in range(2):
        state = ismcts_game(game, seed, 20, seeded=seed == 0)
        assert state.table.round.is_over
        assert state.returns() == [float(p) for p in state.table.round.result.points]


def test_ismcts_plays_cribbage_hands_and_a_whole_game() -> None:
    hand = pyspiel.load_game("pegboard_cribbage", {"hands": 1})
    for seed in range(2):
        state = ismcts_game(hand, seed, 20, seeded=seed == 0)
        assert state.table.game.hand_number == 2
    state = ismcts_game(pyspiel.load_game("pegboard_cribbage"), 3, 3, seeded=True)
    assert max(state.table.game.scores) >= 121


def test_ismcts_is_a_bot_level_of_both_games() -> None:
    assert "ismcts" in bot_levels("draw") and "ismcts" in bot_levels("cribbage")


def test_ismcts_bot_chooses_legal_actions_from_observations_only() -> None:
    for players in (2, 3):
        round_ = Round.deal(players, seed=9, leader=1)
        bots = [make_bot("draw", "ismcts", seed=s) for s in range(players)]
        for bot in bots:
            bot.bot.budget = 15
        while not round_.is_over:
            seat = round_.current_player
            observation = round_.observation(seat)
            action = bots[seat].act(observation)
            assert action in observation.legal_actions()
            round_.apply(action)
    game = Game.new(seed=4, dealer=0)
    bots = [make_bot("cribbage", "ismcts", seed=s) for s in range(2)]
    for bot in bots:
        bot.bot.budget = 15
    while game.hand_number == 1 and not game.is_over:
        seat = game.current_player
        observation = game.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions()
        game.apply(action)


def test_ismcts_bot_is_deterministic_for_a_seed() -> None:
    round_ = Round.deal(2, seed=21)
    observation = round_.observation(round_.current_player)
    choices = set()
    for _ in range(2):
        bot = make_bot("draw", "ismcts", seed=5)
        bot.bot.budget = 30
        choices.add(bot.act(observation))
    assert len(choices) == 1


@pytest.mark.parametrize("game", ["draw", "cribbage"])
def test_arena_seats_ismcts_against_expert(game: str) -> None:
    config = ArenaConfig(
        game=game, bots=("expert", "ismcts"), deals=1, duplicate=True, seed=3, budget=10
    )
    results = run_arena(config)
    assert len(results) == 2  # one deal, both seatings
    assert {r.seating for r in results} == {(0, 1), (1, 0)}


def test_ismcts_bot_plays_the_round_in_hand_of_a_match() -> None:
    match = Match(3, seed=8)
    bot = make_bot("draw", "ismcts", seed=1)
    bot.bot.budget = 10
    for _ in range(6):
        seat = match.current_player
        observation = match.observation(seat)
        action = bot.act(observation)
        assert action in observation.legal_actions()
        match.apply(action)
