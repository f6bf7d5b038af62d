"""All Fives and Fives and Threes as PettingZoo environments, through the registry
(``pegboard.envs.game_env``) and their research encoding (``pegboard.fives.encoding``):
PettingZoo's API test passes for 2 and 4 players; every legal action has its own number
that maps back to it, a spinner's arms included; a seat's vector holds nothing of the hands
it cannot see (checked against hands dealt again by the engine's ``sample_hidden``, and
the check catches a planted leak)."""

from __future__ import annotations

import dataclasses
import random
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test

from pegboard import games
from pegboard.envs import game_env
from pegboard.fives.encoding import (
    DRAW_ACTION,
    LAYOUT,
    NUM_ACTIONS,
    OBS_SIZE,
    PASS_ACTION,
    PLAY_BASE,
)
from pegboard.fives.hand import FivesHand

GAMES = ("all-fives", "fives-and-threes")
TABLES = [(2, 0), (4, 1), (4, 0)]
"""Players and partnerships (F1): two alone, four in partnerships, four alone."""


@pytest.fixture(autouse=True)
def _quiet_api_test_warnings() -> Iterator[None]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("players", "partnerships"), TABLES)
def test_f1_fives_passes_pettingzoo_api_test(name: str, players: int, partnerships: int) -> None:
    env = game_env(name, players=players, partnerships=partnerships)
    api_test(env, num_cycles=300, verbose_progress=False)


def test_the_layout_table_covers_the_vector_once() -> None:
    at = 0
    for _name, start, size in LAYOUT:
        assert start == at
        at += size
    assert at == OBS_SIZE


def random_positions(name: str, players: int, seed: int) -> Iterator[Any]:
    """The positions of one match of random legal moves (at most 400 moves)."""
    game = games.get(name)
    match = game.new_match(game.check_options({"players": players}), seed)
    rng = random.Random(seed)
    for _move in range(400):
        if match.is_over:
            return
        yield match
        seat = match.current_player
        action = rng.choice(list(match.observation(seat).legal_actions()))
        tuple(game.play(match, seat, action).events)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_f5_every_legal_action_has_its_own_number_that_maps_back(name: str, players: int) -> None:
    encoding = games.get(name).research_encoding()
    assert encoding is not None
    arms = 0
    for match in random_positions(name, players, seed=players):
        observation = match.observation(match.current_player)
        legal = list(observation.legal_actions())
        numbers = [encoding.action_index(observation, action) for action in legal]
        assert len(set(numbers)) == len(numbers)
        assert all(0 <= n < NUM_ACTIONS for n in numbers)
        assert [encoding.action(observation, n) for n in numbers] == legal
        vector = np.asarray(encoding.encode(observation))
        assert vector.shape == (OBS_SIZE,) and vector.min() >= 0 and vector.max() <= 1
        arms += any(getattr(a, "end", None) and a.end.side in ("C", "D") for a in legal)
        assert all(
            n == DRAW_ACTION for n, a in zip(numbers, legal, strict=True) if str(a) == "draw"
        )
        assert all(
            n == PASS_ACTION for n, a in zip(numbers, legal, strict=True) if str(a) == "pass"
        )
    if name == "all-fives":
        assert arms, "no play on a spinner's arm was seen"


def test_an_action_on_a_slot_the_layout_lacks_is_refused() -> None:
    game = games.get("all-fives")
    match = game.new_match(game.check_options({"players": 2}), 1)
    observation = match.observation(match.current_player)
    encoding = game.research_encoding()
    assert encoding is not None
    with pytest.raises(ValueError, match="open end"):
        encoding.action(observation, PLAY_BASE + 3)
    with pytest.raises(ValueError):
        encoding.action(observation, NUM_ACTIONS)


def live_hand(position: Any) -> Any:
    """The hand in play: a match's, or a hand itself (what ``sample_hidden`` deals)."""
    return position if isinstance(position, FivesHand) else position.hand


def leaks(name: str, players: int, seeds: range, observe: Any = None) -> tuple[int, int]:
    """Over random matches: how often a seat's vector changed when the hands it cannot
    see were dealt again (the match's ``sample_hidden``), and how often those hands did
    change. Both vectors are of the hand in play (``observe``: its observation)."""
    encoding = games.get(name).research_encoding()
    assert encoding is not None
    observe = observe or (lambda hand, seat: hand.observation(seat))
    leaked = changed = 0
    for seed in seeds:
        rng = random.Random(seed)
        for match in random_positions(name, players, seed):
            seat = rng.randrange(players)
            mine, theirs = live_hand(match), live_hand(match.sample_hidden(seat, rng))
            others = [s for s in range(players) if s != seat]
            if [mine.hand(s) for s in others] == [theirs.hand(s) for s in others]:
                continue
            changed += 1
            seen = np.asarray(encoding.encode(observe(mine, seat)))
            leaked += not np.array_equal(seen, np.asarray(encoding.encode(observe(theirs, seat))))
    return leaked, changed


@pytest.mark.parametrize("name", GAMES)
def test_f2_a_seats_vector_holds_nothing_of_the_hands_it_cannot_see(name: str) -> None:
    leaked, changed = leaks(name, 3, range(3))
    assert changed > 50
    assert leaked == 0


def test_the_hidden_check_catches_a_planted_leak() -> None:
    """A vector of an observation with the next seat's hand slipped in as the seat's own."""

    def leaky(hand: Any, seat: int) -> Any:
        honest = hand.observation(seat)
        slipped = hand.hand((seat + 1) % hand.num_players)
        return dataclasses.replace(honest, hand=honest.hand + slipped)

    leaked, changed = leaks("all-fives", 3, range(2), leaky)
    assert changed > 30 and leaked > changed // 2
