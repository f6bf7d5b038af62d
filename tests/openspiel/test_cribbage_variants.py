"""``pegboard_cribbage`` at five-card cribbage between two (``cards=5``, C13-C17): OpenSpiel's
random-simulation test with serialization, the chance nodes (five cards each, C13; the
starter from the 42 left), three for last to the first non-dealer (C14) as the engine
scores it, a game to 61 (C17), and the observer's five-card piece and scores out of 61,
the six-card game's tensors unchanged."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.cribbage import Game  # noqa: E402
from tests.openspiel.test_games import play_randomly  # noqa: E402


@pytest.mark.parametrize("hands", [1, 0])
def test_c13_five_card_passes_openspiel_random_sim_test(hands: int) -> None:
    game = pyspiel.load_game("pegboard_cribbage", {"cards": 5, "hands": hands})
    pyspiel.random_sim_test(game, num_sims=5 if hands else 2, serialize=True, verbose=False)


def test_c13_c14_five_card_deals_ten_cards_then_cuts_the_starter() -> None:
    state = pyspiel.load_game("pegboard_cribbage", {"cards": 5}).new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]  # the cut for the first deal
    state.apply_action(1)
    for dealt in range(10):  # five each (C13)
        assert len(state.chance_outcomes()) == 52 - dealt
        state.apply_action(state.chance_outcomes()[0][0])
    game = state.table.game
    assert [len(hand) for hand in game.hands] == [5, 5]
    assert game.scores == (3, 0)  # three for last to the first non-dealer (C14)
    assert state.current_player() == 0  # the pone lays away first
    state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[0])
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 42  # the starter (C3) from the cards not dealt
    state.apply_action(outcomes[0][0])
    assert [len(kept) for kept in state.table.game.kept] == [3, 3]


def test_c17_five_card_plays_to_61_and_returns_the_game_points() -> None:
    rng = random.Random(4)
    for _ in range(2):
        state = play_randomly(
            pyspiel.load_game("pegboard_cribbage", {"cards": 5}).new_initial_state(), rng
        )
        game = state.table.game
        assert max(game.scores) >= 61 and game.is_over
        assert state.returns() == [float(r) for r in game.returns()]
    one = play_randomly(
        pyspiel.load_game("pegboard_cribbage", {"cards": 5, "hands": 1}).new_initial_state(),
        rng,
    )
    made = [one.table.game.scores[s] - one.table.start_scores[s] for s in (0, 1)]
    assert one.returns() == [made[0] - made[1], made[1] - made[0]]


def test_c13_five_card_observer_says_the_game_and_scores_out_of_61() -> None:
    game = pyspiel.load_game("pegboard_cribbage", {"cards": 5})
    six = pyspiel.load_game("pegboard_cribbage")
    assert game.observation_tensor_shape() == [six.observation_tensor_shape()[0] + 1]
    assert str(six) == "pegboard_cribbage(cards=6,hands=0,players=2)"
    state = game.new_initial_state()
    state.apply_action(0)  # seat 0 deals: seat 1 has three for last (C14)
    observer = game.make_py_observer()
    observer.set_from(state, 1)
    assert observer.dict["five_card"][0] == 1.0
    assert np.allclose(observer.dict["scores"], [0.0, 3 / 61])
    six_observer = six.make_py_observer()
    assert "five_card" not in six_observer.dict


def test_c13_the_engine_agrees_on_a_five_card_hand() -> None:
    # The table's hand is the engine's five-card hand (the same deal, the same scores).
    rng = random.Random(9)
    state = pyspiel.load_game("pegboard_cribbage", {"cards": 5, "hands": 1}).new_initial_state()
    state = play_randomly(state, rng)
    moves = [m for m in state.table.game.history if m.hand == 1]
    hands = [state.table.game.shows[0].hands[s] for s in (0, 1)]
    assert all(len(hand or ()) == 3 for hand in hands)  # three kept each (C13)
    assert len([m for m in moves if type(m.action).__name__ == "Discard"]) == 2
    assert Game.new(seed=1, cards=5).observation(0).target == 61
