"""Hands are hidden (D2, C2): OpenSpiel's observation types (``pyspiel.IIGObservationType``)
are honoured by the Draw and cribbage observers, as OpenSpiel's own observation tests
exercise them
(``open_spiel.python.observation.make_observation`` with ``public_info`` and
``private_info``):

* public only (``private_info=NONE``): the same tensor and string for every seat, unchanged
  when the seat's own hidden tiles or cards are dealt again, and no card of its hand in it;
* private only (``public_info=False``): the seat's own tiles or cards and nothing public;
* ``ALL_PLAYERS``: every seat's own tiles or cards;
* the default (``SINGLE_PLAYER`` and public) is the two together;
* neither: nothing at all.

A seat's hidden part is dealt again by the resampler of another seat (``state.resample``):
that changes the seat's own hand and nothing public, so each comparison can fail.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

import pegboard.openspiel  # noqa: E402,F401  (registers the games)

NONE = pyspiel.PrivateInfoType.NONE
SINGLE = pyspiel.PrivateInfoType.SINGLE_PLAYER
ALL = pyspiel.PrivateInfoType.ALL_PLAYERS

GAMES = [
    ("pegboard_draw", {"players": 2}),
    ("pegboard_draw", {"players": 3}),
    ("pegboard_cribbage", {"hands": 1}),
    ("pegboard_cribbage", {"hands": 1, "players": 3}),  # C8
    ("pegboard_cribbage", {"hands": 1, "players": 4}),  # C9: a partner's hand is hidden too
]
PRIVATE_PIECES = {
    "pegboard_draw": {"seat", "hand", "hands", "initial", "draws"},
    "pegboard_cribbage": {"seat", "hand", "discards", "dealt"},
}


def observer(game: Any, recall: bool, public: bool, private: Any) -> Any:
    return make_observation(
        game,
        pyspiel.IIGObservationType(perfect_recall=recall, public_info=public, private_info=private),
    )


def view(obs: Any, state: Any, player: int) -> tuple[bytes, str]:
    obs.set_from(state, player)
    return obs.tensor.tobytes(), obs.string_from(state, player)


def decisions(game: Any, seed: int, count: int) -> Iterator[Any]:
    """Decision states of seeded random games (uniform chance, uniform legal actions)."""
    rng = random.Random(seed)
    for _ in range(count):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            yield state
            state.apply_action(rng.choice(state.legal_actions()))


def own_hand(state: Any, player: int) -> tuple[Any, ...]:
    if hasattr(state.table, "round"):
        return tuple(state.table.round.hand(player))
    return tuple(state.table.game.hands[player])


def redealt_for(state: Any, player: int, rng: random.Random) -> Any:
    """``state`` with ``player``'s hidden part dealt again: resampled for another seat."""
    return state.resample((player + 1) % state.get_game().num_players(), rng)


@pytest.mark.parametrize("recall", [False, True])
@pytest.mark.parametrize(("name", "params"), GAMES)
def test_d2_c2_public_only_observation_is_the_same_for_every_seat_and_shows_no_hand(
    name: str, params: dict[str, int], recall: bool
) -> None:
    game = pyspiel.load_game(name, params)
    public = observer(game, recall, True, NONE)
    single = observer(game, recall, True, SINGLE)
    rng = random.Random(7)
    players = game.num_players()
    hand_changed = private_view_changed = 0
    for state in decisions(game, 3, 2):
        seen = view(public, state, 0)
        for player in range(players):
            assert view(public, state, player) == seen
            text = public.string_from(state, player)
            assert not any(str(item) in text for item in own_hand(state, player))
            other = redealt_for(state, player, rng)
            assert view(public, other, player) == seen
            if own_hand(other, player) != own_hand(state, player):
                hand_changed += 1
                if view(single, other, player) != view(single, state, player):
                    private_view_changed += 1
    assert hand_changed > 10
    assert private_view_changed == hand_changed  # the default view does show the hand


@pytest.mark.parametrize("recall", [False, True])
@pytest.mark.parametrize(("name", "params"), GAMES)
def test_d2_c2_private_only_observation_is_the_seat_s_own_part(
    name: str, params: dict[str, int], recall: bool
) -> None:
    game = pyspiel.load_game(name, params)
    private = observer(game, recall, False, SINGLE)
    assert set(private.dict) <= PRIVATE_PIECES[name]
    assert "seat" in private.dict
    rng = random.Random(8)
    changed = 0
    for state in decisions(game, 4, 2):
        for player in range(game.num_players()):
            seen = view(private, state, player)
            text = seen[1]
            assert all(str(item) in text for item in own_hand(state, player))
            # The seat's own part is kept when the others' hidden part is dealt again...
            assert view(private, state.resample(player, rng), player) == seen
            # ...and follows its own hand when that is dealt again.
            other = redealt_for(state, player, rng)
            if own_hand(other, player) != own_hand(state, player):
                assert view(private, other, player) != seen
                changed += 1
    assert changed > 10


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_d2_c2_all_players_observation_shows_every_hand(name: str, params: dict[str, int]) -> None:
    game = pyspiel.load_game(name, params)
    everyone = observer(game, False, True, ALL)
    single = observer(game, False, True, SINGLE)
    players = game.num_players()
    assert everyone.tensor.size > single.tensor.size
    rng = random.Random(9)
    changed = 0
    for state in decisions(game, 5, 2):
        everyone.set_from(state, 0)
        hands = everyone.dict["hands" if "hands" in everyone.dict else "hand"]
        rows = hands.reshape(-1, 28 if name == "pegboard_draw" else 52)
        for seat in range(players):
            assert {i for i in range(rows.shape[1]) if rows[seat, i]} == {
                item.index for item in own_hand(state, seat)
            }
        other = state.resample(0, rng)  # seat 0's view of the others changes: this one shows it
        if any(own_hand(other, s) != own_hand(state, s) for s in range(1, players)):
            changed += 1
            assert view(everyone, other, 0) != view(everyone, state, 0)
            assert view(single, other, 0) == view(single, state, 0)
    assert changed > 10


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_d2_c2_the_default_observation_is_the_public_and_the_private_parts(
    name: str, params: dict[str, int]
) -> None:
    game = pyspiel.load_game(name, params)
    recalls = (False, True) if name == "pegboard_cribbage" else (False,)
    for recall in recalls:
        default = make_observation(game, pyspiel.IIGObservationType(perfect_recall=recall))
        public = observer(game, recall, True, NONE)
        private = observer(game, recall, False, SINGLE)
        assert default.tensor.size == public.tensor.size + private.tensor.size
        if name == "pegboard_draw":
            assert set(default.dict) == set(public.dict) | set(private.dict)
    state = next(iter(decisions(game, 6, 1)))
    nothing = observer(game, False, False, NONE)
    assert nothing.tensor.size == 0
    assert nothing.string_from(state, 0) == ""
    nothing = observer(game, True, False, NONE)
    assert nothing.tensor.size == 0
    assert nothing.string_from(state, 0) == ""
    # The state's own API asks for the default types: the same strings.
    default = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    assert default.string_from(state, 0) == state.observation_string(0)
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert recall.string_from(state, 0) == state.information_state_string(0)
