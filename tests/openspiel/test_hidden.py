"""What a player knows: its information-state and observation strings and tensors do not
change when only the others' hidden tiles or cards change (the resampler deals them again),
and they do change for the others, so the comparison can fail."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from pegboard.openspiel import resampler  # noqa: E402


def views(state: Any, player: int) -> tuple[Any, ...]:
    return (
        state.information_state_string(player),
        np.array(state.information_state_tensor(player)),
        state.observation_string(player),
        np.array(state.observation_tensor(player)),
    )


def same(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return (
        a[0] == b[0] and a[2] == b[2] and np.array_equal(a[1], b[1]) and np.array_equal(a[3], b[3])
    )


def hidden_of(state: Any, player: int) -> Any:
    """What ``player`` may not see: the other hands (and Draw's stock)."""
    if hasattr(state.table, "round"):
        hands = state.table.round.hands
        return (
            tuple(h for s, h in enumerate(hands) if s != player),
            frozenset(state.table.round.stock),
        )
    return tuple(h for s, h in enumerate(state.table.game.hands) if s != player)


def check_game(game: Any, seed: int, games: int) -> None:
    rng = random.Random(seed)
    sample = resampler(random.Random(seed + 1))
    changed_hidden = changed_other_view = 0
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probs)[0])
                continue
            player = state.current_player()
            other = sample(state, player)
            assert same(views(state, player), views(other, player))
            assert sorted(other.legal_actions()) == sorted(state.legal_actions())
            if hidden_of(other, player) != hidden_of(state, player):
                changed_hidden += 1
                if any(
                    not same(views(state, s), views(other, s))
                    for s in range(game.num_players())
                    if s != player
                ):
                    changed_other_view += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert changed_hidden > 10  # the resampler really deals the hidden part again
    assert changed_other_view > 10  # and the others' views see it


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d2_draw_views_ignore_the_others_hidden_tiles(players: int) -> None:
    check_game(pyspiel.load_game("pegboard_draw", {"players": players}), players, 3)


def test_c2_cribbage_views_ignore_the_others_hidden_cards() -> None:
    check_game(pyspiel.load_game("pegboard_cribbage", {"hands": 0}), 7, 1)


def test_c13_five_card_views_ignore_the_others_hidden_cards() -> None:
    check_game(pyspiel.load_game("pegboard_cribbage", {"cards": 5}), 8, 1)


def test_c18_muggins_views_ignore_the_others_hidden_cards() -> None:
    check_game(pyspiel.load_game("pegboard_cribbage", {"muggins": 1, "hands": 1}), 9, 6)
