"""``pegboard_cribbage`` among three (C8) and four in partnerships (C9) with muggins
(``muggins=1``, C18-C20): OpenSpiel's random-simulation test with serialization; the claims
and calls numbered after the table's 105 (the 29 hand, a known count, claimed short by the
dealer's left and mugginsed by the seat on its left, an opponent at both tables); whole
games and hands are the engine's, claims and muggins included; the observer's show pieces
begin the tensor with PettingZoo's vector; no view tells another seat's cards (a partner's
too) nor the crib before it is turned up; and the resampler keeps the crib turned up."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.cribbage.cards import DECK, Card  # noqa: E402
from pegboard.cribbage.events import side_of  # noqa: E402
from pegboard.cribbage.table_encoding import (  # noqa: E402
    TABLE_MUGGINS_ENCODING,
    TABLE_MUGGINS_SIZE,
    TABLE_OBS_SIZE,
    encode_table,
)
from pegboard.openspiel import resampler  # noqa: E402
from tests.openspiel.test_cribbage_tables import engine_replay, play_randomly  # noqa: E402
from tests.openspiel.test_hidden import check_game, same, views  # noqa: E402
from tests.openspiel.test_ismcts import ismcts_game  # noqa: E402

MUGGINS_SIZE = TABLE_OBS_SIZE + TABLE_MUGGINS_SIZE


def cribbage(players: int, hands: int = 0) -> Any:
    return pyspiel.load_game(
        "pegboard_cribbage", {"players": players, "hands": hands, "muggins": 1}
    )


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("hands", [1, 0])
def test_c18_muggins_tables_pass_openspiel_random_sim_test(players: int, hands: int) -> None:
    game = cribbage(players, hands)
    assert game.num_players() == players
    assert game.num_distinct_actions() == 165  # the 105, then claims, muggins, no muggins
    assert game.observation_tensor_shape()[0] == MUGGINS_SIZE + 2 * players
    pyspiel.random_sim_test(game, num_sims=3 if hands else 1, serialize=True, verbose=False)


def test_c18_without_muggins_the_tables_keep_their_numbers() -> None:
    for players in (3, 4):
        plain = pyspiel.load_game("pegboard_cribbage", {"players": players})
        assert plain.num_distinct_actions() == 105
        assert plain.observation_tensor_shape() == [TABLE_OBS_SIZE + 2 * players]
        assert str(plain) == f"pegboard_cribbage(cards=6,hands=0,muggins=0,players={players})"


def twenty_nine_at_the_show(players: int) -> Any:
    """A hand whose dealer is the last seat and whose dealer's left (seat 0) holds the 29
    hand, 5C 5H 5S JD with the 5D turned up (C6: fifteen 16, pair royal of fours 12, his
    nobs 1), played to the show."""
    state = cribbage(players, 1).new_initial_state()
    dealer = players - 1
    state.apply_action(dealer)
    others = iter(c for c in DECK if c.rank not in (5, 11) and str(c) != "KS")
    hands = [["5C", "5H", "5S", "JD", "KS"]]
    hands += [[str(next(others)) for _ in range(5)] for _ in range(players - 1)]
    for k in range(5):  # one at a time from the dealer's left, round the table (C8, C9)
        for seat in range(players):
            state.apply_action(Card.parse(hands[seat][k]).index)
    if players == 3:  # the pack's card to the crib (C8)
        state.apply_action(next(others).index)
    state.apply_action(TABLE_MUGGINS_ENCODING.action_index(None, _lay("KS")))
    for _ in range(players - 1):
        state.apply_action(state.legal_actions()[0])
    state.apply_action(Card.parse("5D").index)  # the starter
    while state.table.game.phase != "show":
        state.apply_action(state.legal_actions()[0])
    return state


def _lay(card: str) -> Any:
    from pegboard.cribbage.actions import LAY_OF

    return LAY_OF[Card.parse(card).index]


@pytest.mark.parametrize("players", [3, 4])
def test_c18_c19_the_dealers_left_claims_and_the_seat_on_its_left_answers(players: int) -> None:
    state = twenty_nine_at_the_show(players)
    game = state.table.game
    assert state.current_player() == 0  # the hands from the dealer's left (C11, C18)
    assert state.legal_actions() == list(range(105, 135))  # claim 0 to 29
    assert state.action_to_string(0, 105 + 27) == "claim 27"
    observer = cribbage(players, 1).make_py_observer()
    observer.set_from(state, 1)  # the next seat sees the hand turned up
    shown = set(np.flatnonzero(observer.dict["showing"]))
    assert shown == {Card.parse(c).index for c in ("5C", "5H", "5S", "JD")}
    assert observer.dict["show"][0] == 1.0 and observer.dict["phase"].sum() == 0
    assert observer.dict["show_seat"][players - 1] == 1.0  # seat 0 is seat 1's last on its left
    assert observer.dict["to_claim"][0] == 0.0 and observer.dict["to_answer"][0] == 0.0
    before = list(game.scores)
    state.apply_action(105 + 27)  # 27 of the 29 (C18)
    answer = state.current_player()
    assert answer == 1 and side_of(players, answer) != side_of(players, 0)  # an opponent (C19)
    assert 134 + 2 in state.legal_actions() and 164 in state.legal_actions()
    assert state.legal_actions() == list(range(135, 165))
    observer.set_from(state, 1)
    assert observer.dict["to_answer"][0] == 1.0
    assert observer.dict["claim"][0] == pytest.approx(27 / 29)
    state.apply_action(134 + 2)  # muggins 2: the points missed (C19)
    scores = state.table.game.scores
    assert scores[side_of(players, 0)] == before[side_of(players, 0)] + 27
    assert scores[side_of(players, 1)] == before[side_of(players, 1)] + 2
    info = cribbage(players, 1).make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    info.set_from(state, 2)
    claims = info.dict["claims"].reshape(players + 1, 3)
    assert list(claims[0]) == pytest.approx([27 / 29, 2 / 29, 0.0])
    assert "0:claim 27 1:muggins 2" in state.information_state_string(2)
    assert state.current_player() == 1  # the next hand to count is seat 1's


@pytest.mark.parametrize("players", [3, 4])
def test_c12_c18_a_game_with_muggins_is_the_engines_game(players: int) -> None:
    state = play_randomly(cribbage(players).new_initial_state(), random.Random(40 + players))
    game = engine_replay(state, players, one_hand=False, muggins=1)
    assert game.is_over and game.scores == state.table.game.scores
    assert state.returns() == [float(r) for r in game.returns()]
    # muggins was called (C19): chance's outcomes are card numbers, 0-51
    assert any(135 <= number <= 163 for number in state.history())


@pytest.mark.parametrize("players", [3, 4])
def test_c18_one_hand_with_muggins_returns_the_engines_points(players: int) -> None:
    rng = random.Random(50 + players)
    for _ in range(3):
        state = play_randomly(cribbage(players, 1).new_initial_state(), rng)
        game = engine_replay(state, players, one_hand=True, muggins=1)
        scores = game.scores
        if players == 3:
            mean = sum(scores) / 3
            assert state.returns() == pytest.approx([s - mean for s in scores])
        else:
            margin = scores[0] - scores[1]
            assert state.returns() == [margin, -margin, margin, -margin]


@pytest.mark.parametrize("players", [3, 4])
def test_c18_the_tensor_begins_with_pettingzoos_vector_in_the_show(players: int) -> None:
    rng = random.Random(players)
    state = cribbage(players, 1).new_initial_state()
    in_show = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        seat = state.current_player()
        view = state.table.game.observation(seat)
        tensor = np.array(state.observation_tensor(seat))
        assert np.array_equal(tensor[:MUGGINS_SIZE], encode_table(view))
        in_show += view.phase == "show"
        numbers = sorted(TABLE_MUGGINS_ENCODING.action_index(view, a) for a in view.legal_actions())
        assert state.legal_actions() == numbers
        state.apply_action(rng.choice(numbers))
    assert in_show == 2 * (players + 1)  # a claim and an answer a hand and the crib


@pytest.mark.parametrize("players", [3, 4])
def test_c18_muggins_views_ignore_the_others_hidden_cards(players: int) -> None:
    check_game(cribbage(players, 1), 60 + players, 3)


@pytest.mark.parametrize("players", [3, 4])
def test_c18_the_crib_is_hidden_until_turned_up_then_kept(players: int) -> None:
    """In the show the resampler deals the crib's hidden cards again (the hands are all
    played) and no view of the seat changes, until the crib is turned up: then its cards
    are public, dealt again no more, and the views still agree."""
    rng = random.Random(70 + players)
    sample = resampler(random.Random(71 + players))
    dealt_again = kept = 0
    for _ in range(4):
        state = cribbage(players, 1).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            seat = state.current_player()
            game = state.table.game
            if game.phase == "show":
                other = sample(state, seat)
                assert same(views(state, seat), views(other, seat))
                crib, again = set(game.crib), set(other.table.game.crib)
                if game.observation(seat).showing.what == "crib":
                    assert again == crib  # turned up: public (C18)
                    kept += 1
                else:
                    dealt_again += again != crib
            state.apply_action(rng.choice(state.legal_actions()))
    assert dealt_again > 10 and kept == 8  # the crib's claim and its answer, 4 hands


@pytest.mark.parametrize("players", [3, 4])
def test_c18_the_strings_never_name_the_crib_before_it_is_turned_up(players: int) -> None:
    rng = random.Random(80 + players)
    checked = 0
    for _ in range(3):
        state = cribbage(players, 1).new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            game = state.table.game
            if game.phase == "show" and game.observation(0).showing.what == "hand":
                for seat in range(players):
                    own = set(game.observation(seat).discards)
                    hidden = {str(c) for c in game.crib if c not in own}
                    for text in (
                        state.observation_string(seat),
                        state.information_state_string(seat),
                    ):
                        assert not hidden & set(text.replace(":", " ").split()), text
                    checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked == 3 * 2 * players * players  # each seat, at each claim and answer


def test_c18_ismcts_plays_a_hand_with_muggins_among_four() -> None:
    # Its resampler deals the hidden cards again at every decision, the show's included.
    state = ismcts_game(cribbage(4, 1), 2, 10, seeded=True)
    assert state.is_terminal() and state.table.hand_no == 1
    claims = [number for number in state.history() if 105 <= number <= 134]
    assert len(claims) == 5  # four hands and the crib claimed (C18)
    assert sum(state.returns()) == pytest.approx(0.0)
