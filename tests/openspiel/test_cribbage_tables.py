"""``pegboard_cribbage`` among three (C8) and four in partnerships (C9): OpenSpiel's own
random-simulation test (serialization, clones, legal actions, chance outcomes), the chance
nodes in the rules' order, whole games replayed through the engine from their deal, the
returns (C12), the actions of ``table_encoding``, the views that hide every other seat's
cards (a partner's too), and OpenSpiel's ISMCTS playing a hand among three."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.cribbage import Game  # noqa: E402
from pegboard.cribbage.cards import DECK  # noqa: E402
from pegboard.cribbage.table_encoding import (  # noqa: E402
    TABLE_ENCODING,
    TableEncoding,
    encode_table,
)
from pegboard.openspiel import load_game, resampler  # noqa: E402
from tests.openspiel.test_hidden import check_game, same, views  # noqa: E402
from tests.openspiel.test_ismcts import ismcts_game  # noqa: E402

CHANCE = int(pyspiel.PlayerId.CHANCE)


def cribbage(players: int, hands: int = 0) -> Any:
    return pyspiel.load_game("pegboard_cribbage", {"players": players, "hands": hands})


def play_randomly(state: Any, rng: random.Random) -> Any:
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def engine_replay(state: Any, players: int, one_hand: bool, muggins: int = 0) -> Game:
    """The game OpenSpiel played, played again by the engine alone: each hand built from the
    cards chance dealt (one at a time from the dealer's left, five each, then the pack's
    card among three: C8, C9) with the starter chance turned, and every seat's action
    applied as ``table_encoding`` numbers it (with the claims and calls with ``muggins``,
    C18), the seat to act checked at each."""
    numbers = TableEncoding(muggins=bool(muggins))
    steps = list(state.full_history())
    assert steps[0].player == CHANCE
    dealer, at = steps[0].action, 1
    scores: tuple[int, ...] | None = None
    hand_no = 1
    dealt = players * 5 + (players == 3)
    while True:
        assert all(s.player == CHANCE for s in steps[at : at + dealt])
        cards = [DECK[s.action] for s in steps[at : at + dealt]]
        at += dealt
        hands: list[list[Any]] = [[] for _ in range(players)]
        for k, card in enumerate(cards[: players * 5]):
            hands[(dealer + 1 + k) % players].append(card)
        lays, starter = steps[at : at + players], steps[at + players]
        assert starter.player == CHANCE and all(s.player != CHANCE for s in lays)
        game = Game.from_position(
            hands,
            dealer=dealer,
            scores=scores,
            crib=cards[players * 5 :] or None,
            starter=DECK[starter.action],
            hand_number=hand_no,
            muggins=muggins,
        )
        for step in lays:
            assert game.current_player == step.player
            game.apply(numbers.action(None, step.action))
        at += players + 1
        while at < len(steps) and not game.is_over and game.hand_number == hand_no:
            step = steps[at]
            assert step.player != CHANCE and game.current_player == step.player
            game.apply(numbers.action(None, step.action))
            at += 1
        if game.is_over or one_hand:
            assert at == len(steps)  # every step of the game replayed
            return game
        dealer, scores, hand_no = game.dealer, game.scores, game.hand_number


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("hands", [1, 0])
def test_c8_c9_cribbage_tables_pass_openspiel_random_sim_test(players: int, hands: int) -> None:
    game = cribbage(players, hands)
    assert game.num_players() == players
    assert game.num_distinct_actions() == 105
    assert game.utility_sum() == 0.0
    pyspiel.random_sim_test(game, num_sims=3 if hands else 1, serialize=True, verbose=False)


def test_two_players_stay_the_default_game() -> None:
    default, two = pyspiel.load_game("pegboard_cribbage"), cribbage(2)
    assert default.num_players() == two.num_players() == 2
    assert default.num_distinct_actions() == two.num_distinct_actions() == 1379
    assert default.max_game_length() == two.max_game_length()


def test_c8_c9_players_is_a_parameter_and_an_option() -> None:
    assert load_game("cribbage", {"players": 3}).num_players() == 3
    assert load_game("cribbage", {"players": 4, "cards": 5}).num_players() == 4
    assert "three, or four in partnerships" in cribbage(3).get_type().long_name
    with pytest.raises(Exception, match=r"players is 2, 3 \(C8\) or 4"):
        pyspiel.load_game("pegboard_cribbage", {"players": 5})


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_cut_the_deal_one_card_at_a_time_the_lay_aways_then_the_starter(
    players: int,
) -> None:
    state = cribbage(players).new_initial_state()
    assert state.chance_outcomes() == [(s, pytest.approx(1 / players)) for s in range(players)]
    dealer = players - 1
    state.apply_action(dealer)
    dealt = players * 5 + (players == 3)  # and the pack's card to the crib among three (C8)
    cards = []
    for k in range(dealt):
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 52 - k
        assert sum(p for _, p in outcomes) == pytest.approx(1.0)
        card = outcomes[(7 * k) % len(outcomes)][0]
        cards.append(card)
        state.apply_action(card)
    game = state.table.game
    for k in range(players * 5):  # from the dealer's left, round the table
        assert DECK[cards[k]] in game.hands[(dealer + 1 + k) % players]
    assert list(game.crib) == ([DECK[cards[-1]]] if players == 3 else [])
    for k in range(players):  # the dealer's left first, the dealer last
        assert state.current_player() == (dealer + 1 + k) % players
        state.apply_action(state.legal_actions()[0])
    assert state.is_chance_node()  # the starter (C3), from the cards not dealt
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 52 - dealt
    assert not {a for a, _ in outcomes} & set(cards)
    state.apply_action(outcomes[-1][0])
    game = state.table.game
    assert game.starter == DECK[outcomes[-1][0]] and len(game.crib) == 4
    assert state.current_player() == 0  # the dealer's left leads (C10)


@pytest.mark.parametrize("players", [3, 4])
def test_c12_a_whole_game_is_the_engine_s_game_of_the_same_deal(players: int) -> None:
    state = play_randomly(cribbage(players).new_initial_state(), random.Random(players))
    game = engine_replay(state, players, one_hand=False)
    assert game.is_over and game.hand_number > 2
    bounds = cribbage(players)
    assert all(bounds.min_utility() <= r <= bounds.max_utility() for r in state.returns())
    assert state.returns() == [float(r) for r in game.returns()]
    assert game.scores == state.table.game.scores
    returns = state.returns()
    winner = max(range(players), key=lambda s: game.scores[game.side(s)])
    assert game.scores[game.side(winner)] >= 121
    if players == 3:  # one game point, the losers sharing it (C12)
        assert sorted(returns) == [-0.5, -0.5, 1.0] and returns[winner] == 1.0
    else:  # partners share their returns (C9)
        assert returns[winner] == returns[(winner + 2) % 4] == 1.0
        assert returns[(winner + 1) % 4] == returns[(winner + 3) % 4] == -1.0


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_one_hand_returns_each_seat_s_or_side_s_margin(players: int) -> None:
    rng = random.Random(10 + players)
    for _ in range(4):
        state = play_randomly(cribbage(players, 1).new_initial_state(), rng)
        game = engine_replay(state, players, one_hand=True)
        scores = game.scores  # from zero: one hand's points, a seat's or a side's
        returns = state.returns()
        if players == 3:
            mean = sum(scores) / 3
            assert returns == pytest.approx([s - mean for s in scores])
        else:
            margin = scores[0] - scores[1]
            assert returns == [margin, -margin, margin, -margin]
        assert sum(returns) == pytest.approx(0.0)
        bounds = cribbage(players, 1)
        assert all(bounds.min_utility() <= r <= bounds.max_utility() for r in returns)


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_actions_are_table_encoding_s(players: int) -> None:
    rng = random.Random(players)
    state = cribbage(players, 1).new_initial_state()
    checked = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        seat = state.current_player()
        view = state.table.game.observation(seat)
        numbers = sorted(TABLE_ENCODING.action_index(view, a) for a in view.legal_actions())
        assert state.legal_actions() == numbers
        # The default observation tensor begins with PettingZoo's vector of the seat.
        tensor = np.array(state.observation_tensor(seat))
        assert np.array_equal(tensor[:603], encode_table(view))
        checked += 1
        state.apply_action(rng.choice(numbers))
    assert checked >= 5 * players  # every lay-away and every card played


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_views_ignore_the_others_hidden_cards(players: int) -> None:
    check_game(cribbage(players, 1), 20 + players, 2)


@pytest.mark.parametrize("muggins", [0, 1])
def test_c9_a_partner_s_hand_is_hidden_from_its_partner(muggins: int) -> None:
    """Twin states that differ in the partner's hand (and the others'): seat 0's views are
    the same; the partner's differ, so the comparison can fail. With muggins (C18) too."""
    rng = random.Random(4)
    sample = resampler(random.Random(5))
    partner_changed = 0
    game = pyspiel.load_game("pegboard_cribbage", {"players": 4, "hands": 1, "muggins": muggins})
    for state in _decisions(game, rng, 2):
        if state.current_player() != 0:
            continue
        twin = sample(state, 0)
        assert same(views(state, 0), views(twin, 0))
        if twin.table.game.hands[2] != state.table.game.hands[2]:
            partner_changed += 1
            assert not same(views(state, 2), views(twin, 2))
            text = " ".join(views(state, 0)[0::2])
            held = {str(c) for c in state.table.game.hands[2]}
            assert not any(f" {card}" in text for card in held - _public_cards(state))
    assert partner_changed > 3


def _public_cards(state: Any) -> set[str]:
    game = state.table.game
    seen = {str(c) for _, c in game.played} | {str(c) for c in game.observation(0).hand}
    return seen | ({str(game.starter)} if game.starter else set())


def _decisions(game: Any, rng: random.Random, count: int) -> Any:
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


def test_ismcts_plays_a_hand_among_three() -> None:
    state = ismcts_game(cribbage(3, 1), 1, 10, seeded=True)
    assert state.is_terminal() and state.table.hand_no == 1
    assert sum(state.returns()) == pytest.approx(0.0)
