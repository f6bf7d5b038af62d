"""``pegboard_cribbage`` at five-card cribbage between two (``cards=5``, C13-C17) and with
muggins (``muggins=1``, C18-C20): OpenSpiel's random-simulation test with serialization;
the chance nodes (five cards each, C13; the starter from the 42 left), three for last to
the first non-dealer (C14) as the engine scores it, a game to 61 (C17), and the observer's
five-card piece and scores out of 61, the six-card game's tensors unchanged; the claims
numbered after the 1379 (the 29 hand claimed through the table), the show's pieces, and a
resample in the show that deals the crib's unseen cards again."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.cribbage import Discard, Game  # noqa: E402
from pegboard.cribbage.cards import Card  # noqa: E402
from pegboard.cribbage.encoding import cribbage_action_index  # noqa: E402
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
    assert str(six) == "pegboard_cribbage(cards=6,hands=0,muggins=0,players=2)"
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


# -- muggins (C18-C20) --------------------------------------------------------------------


@pytest.mark.parametrize(("hands", "cards"), [(1, 6), (0, 6), (1, 5), (0, 5)])
def test_c18_muggins_passes_openspiel_random_sim_test(hands: int, cards: int) -> None:
    game = pyspiel.load_game("pegboard_cribbage", {"muggins": 1, "hands": hands, "cards": cards})
    assert game.num_distinct_actions() == 1439
    pyspiel.random_sim_test(game, num_sims=5 if hands else 2, serialize=True, verbose=False)


def deal(state: Any, cards: str) -> None:
    for card in cards.split():
        state.apply_action(Card.parse(card).index)


def test_c18_c19_muggins_claims_the_29_hand_through_the_table() -> None:
    # The pone (seat 1) keeps 5C 5H 5S JD and the 5D is turned up: 29 (C6), a known count.
    game = pyspiel.load_game("pegboard_cribbage", {"muggins": 1, "hands": 1})
    state = game.new_initial_state()
    state.apply_action(0)  # seat 0 deals
    deal(state, "5C KS 5H QS 5S KH JD QH 2C 4C 3C 6C")  # one at a time, the pone first
    state.apply_action(cribbage_action_index(Discard(Card.parse("2C"), Card.parse("3C"))))
    state.apply_action(cribbage_action_index(Discard(Card.parse("4C"), Card.parse("6C"))))
    deal(state, "5D")
    while state.table.game.phase != "show":
        state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1  # the pone claims first (C18)
    assert state.legal_actions() == list(range(1379, 1409))
    observer = game.make_py_observer()
    observer.set_from(state, 0)  # the dealer sees the hand turned up
    shown = set(np.flatnonzero(observer.dict["showing"]))
    assert shown == {Card.parse(c).index for c in ("5C", "5H", "5S", "JD")}
    assert observer.dict["show"][0] == 1.0 and observer.dict["show_seat"][1] == 1.0
    before = state.table.game.scores[1]
    assert state.action_to_string(1, 1408) == "claim 29"
    state.apply_action(1408)
    assert state.current_player() == 0
    assert 1438 in state.legal_actions()  # no muggins (C19)
    observer.set_from(state, 0)
    assert list(observer.dict["claim"]) == [1.0, 1.0]  # claimed, 29 / 29
    state.apply_action(1438)
    assert state.table.game.scores[1] == before + 29


@pytest.mark.parametrize("cards", [6, 5])
def test_c18_muggins_resample_keeps_the_show_and_deals_the_crib_again(cards: int) -> None:
    # At five-card too (C15): the hands turned up keep their cards never played.
    rng = random.Random(12)
    game = pyspiel.load_game("pegboard_cribbage", {"muggins": 1, "hands": 1, "cards": cards})
    dealt_again = 0
    for _ in range(4):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            seat = state.current_player()
            if state.table.game.phase == "show":
                other = state.resample(seat, rng)
                assert other.information_state_string(seat) == state.information_state_string(seat)
                dealt_again += other.table.game.crib != state.table.game.crib
                showing = state.table.game.observation(seat).showing
                if showing is not None and showing.what == "hand":
                    assert (
                        other.table.game.hands[showing.seat] == state.table.game.hands[showing.seat]
                    )
                if showing is not None and showing.what == "crib":
                    assert other.table.game.crib == state.table.game.crib
            state.apply_action(rng.choice(state.legal_actions()))
    assert dealt_again > 0


def test_c18_c15_ismcts_searches_a_five_card_muggins_hand_through_the_resampler() -> None:
    """OpenSpiel's ISMCTS resamples at every decision, the show's claims and calls
    included: a five-card show (C15) is dealt again keeping what is turned up."""
    from tests.openspiel.test_ismcts import ismcts_game

    game = pyspiel.load_game("pegboard_cribbage", {"cards": 5, "muggins": 1, "hands": 1})
    for seed in range(2):
        state = ismcts_game(game, seed, 8, seeded=True)
        assert state.is_terminal()
        assert any(str(m.action).startswith("claim") for m in state.table.game.history)
