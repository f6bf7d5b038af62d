"""The OpenSpiel games: registration, OpenSpiel's own random-simulation test, the chance
nodes of the deal and the draws (D2, D6, C2, C3), the dense actions, and the returns."""

from __future__ import annotations

import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.cribbage import encoding as cribbage_encoding  # noqa: E402
from pegboard.dominoes.line import Line  # noqa: E402
from pegboard.dominoes.tiles import Tile  # noqa: E402
from pegboard.draw import Round  # noqa: E402
from pegboard.draw import encoding as draw_encoding  # noqa: E402
from pegboard.draw.actions import Play  # noqa: E402
from pegboard.openspiel.generic import GenericState  # noqa: E402


def play_randomly(state: Any, rng: random.Random, check: Any = None) -> Any:
    while not state.is_terminal():
        if check is not None:
            check(state)
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_passes_openspiel_random_sim_test(players: int) -> None:
    game = pyspiel.load_game("pegboard_draw", {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=15, serialize=False, verbose=False)


@pytest.mark.parametrize("hands", [1, 0])
def test_cribbage_passes_openspiel_random_sim_test(hands: int) -> None:
    game = pyspiel.load_game("pegboard_cribbage", {"hands": hands})
    pyspiel.random_sim_test(game, num_sims=10 if hands else 3, serialize=False, verbose=False)


def test_game_types_declare_chance_and_imperfect_information() -> None:
    for name in ("pegboard_draw", "pegboard_cribbage"):
        kind = pyspiel.load_game(name).get_type()
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert pyspiel.load_game("pegboard_cribbage").get_type().utility == (
        pyspiel.GameType.Utility.ZERO_SUM
    )


def test_d1_draw_refuses_a_table_of_five() -> None:
    with pytest.raises(Exception, match="2 to 4"):
        pyspiel.load_game("pegboard_draw", {"players": 5})


def test_d2_d3_draw_deal_is_a_lot_then_one_tile_at_a_time() -> None:
    game = pyspiel.load_game("pegboard_draw", {"players": 4})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(s, 0.25) for s in range(4)]  # the fair lot (D3)
    state.apply_action(2)
    for dealt in range(24):  # 6 tiles each to 4 players (D2)
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 28 - dealt
        assert all(p == pytest.approx(1 / (28 - dealt)) for _, p in outcomes)
        state.apply_action(outcomes[0][0])
    assert not state.is_chance_node()
    assert state.current_player() == 2  # the leader of the lot opens
    assert state.table.round.stock_size == 4


def test_d6_a_draw_is_a_chance_node_over_the_stock() -> None:
    rng = random.Random(3)
    state = pyspiel.load_game("pegboard_draw").new_initial_state()
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    seat = state.current_player()
    state.apply_action(
        draw_encoding.DRAW_DRAW_ACTION
    )  # drawing is allowed while the stock holds > 2
    assert state.is_chance_node()
    stock = sorted(t.index for t in state.table.round.stock)
    assert [a for a, _ in state.chance_outcomes()] == stock
    drawn = stock[5]
    state.apply_action(drawn)
    assert state.current_player() == seat  # a draw does not end the turn (D6)
    assert drawn in {t.index for t in state.table.round.hand(seat)}
    assert len(state.table.round.stock) == 13


def test_c2_c3_cribbage_deals_twelve_cards_then_cuts_the_starter() -> None:
    state = pyspiel.load_game("pegboard_cribbage").new_initial_state()
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]  # the cut for the first deal
    state.apply_action(1)
    for dealt in range(12):
        assert len(state.chance_outcomes()) == 52 - dealt
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.current_player() == 0  # the pone lays away first (seat 1 deals)
    state.apply_action(state.legal_actions()[0])
    assert state.current_player() == 1
    state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()  # the starter (C3), from the 40 undealt cards
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 40
    state.apply_action(outcomes[-1][0])
    assert (
        state.table.game.starter is not None and state.table.game.starter.index == outcomes[-1][0]
    )


def test_cribbage_one_hand_returns_the_margin_of_the_hand() -> None:
    rng = random.Random(5)
    for _ in range(5):
        state = play_randomly(
            pyspiel.load_game("pegboard_cribbage", {"hands": 1}).new_initial_state(), rng
        )
        scores = state.table.game.scores
        assert state.returns() == [scores[0] - scores[1], scores[1] - scores[0]]
        assert state.table.game.hand_number == 2


def test_c7_cribbage_to_121_returns_the_game_points() -> None:
    state = play_randomly(
        pyspiel.load_game("pegboard_cribbage").new_initial_state(), random.Random(2)
    )
    assert max(state.table.game.scores) >= 121
    winner = state.table.game.scores.index(max(state.table.game.scores))
    assert state.returns()[winner] in (1.0, 2.0, 3.0)
    assert sum(state.returns()) == 0


def test_d13_d14_draw_returns_are_the_settlement() -> None:
    rng = random.Random(11)
    for players in (2, 3):
        general = pyspiel.load_game("pegboard_draw", {"players": players})
        zero = pyspiel.load_game("pegboard_draw", {"players": players, "zero_sum": True})
        for _ in range(5):
            seed = rng.getrandbits(32)
            state = play_randomly(general.new_initial_state(), random.Random(seed))
            assert state.returns() == [float(p) for p in state.table.round.result.points]
            other = play_randomly(zero.new_initial_state(), random.Random(seed))
            points = other.table.round.result.points
            assert sum(other.returns()) == pytest.approx(0)
            mean_others = (sum(points) - points[0]) / (players - 1)
            assert other.returns()[0] == pytest.approx(points[0] - mean_others)


def test_draw_actions_are_distinct_and_map_back() -> None:
    rng = random.Random(1)

    def check(state: GenericState) -> None:
        if state.is_chance_node() or state.table.round is None:
            return
        line = state.table.round.line
        legal = state.table.round.legal_actions()
        numbers = [draw_encoding.line_action_index(a, line) for a in legal]
        assert sorted(numbers) == state.legal_actions()
        assert len(set(numbers)) == len(legal)
        assert [draw_encoding.line_action(n, line) for n in numbers] == list(legal)

    for players in (2, 4):
        for _ in range(5):
            play_randomly(
                pyspiel.load_game("pegboard_draw", {"players": players}).new_initial_state(),
                rng,
                check,
            )


def test_b4_one_tile_on_two_ends_of_the_same_number_gets_two_actions() -> None:
    # The opening double [3|3] shows 3 on both sides (line A and line B, B1).
    line = Line()
    line.play(Tile(3, 3))
    assert line.open_values() == (3, 3)
    plays = [Play(Tile(1, 3), end) for end in line.open_ends()]
    numbers = {draw_encoding.line_action_index(p, line) for p in plays}
    assert len(numbers) == 2
    assert {draw_encoding.line_action(n, line) for n in numbers} == set(plays)


def test_cribbage_actions_are_distinct_and_map_back() -> None:
    rng = random.Random(4)

    def check(state: Any) -> None:
        if state.is_chance_node():
            return
        legal = state.table.game.legal_actions()
        numbers = [cribbage_encoding.cribbage_action_index(a) for a in legal]
        assert sorted(numbers) == state.legal_actions()
        assert [cribbage_encoding.cribbage_action(n) for n in numbers] == list(legal)

    play_randomly(pyspiel.load_game("pegboard_cribbage").new_initial_state(), rng, check)


def test_actions_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="0 to 85"):
        draw_encoding.line_action(86, Line())
    with pytest.raises(ValueError, match="0 to 1378"):
        cribbage_encoding.cribbage_action(-1)
    assert Round  # the engine the states drive
