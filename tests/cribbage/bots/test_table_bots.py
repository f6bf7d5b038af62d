"""The bots among three (C8) and four in partnerships (C9): the random and greedy bots play
whole games legally (the levels for people: test_table_levels.py)."""

from __future__ import annotations

import random

import pytest

from pegboard.bots.base import RandomBot
from pegboard.cribbage import Game, LayAway
from pegboard.cribbage.bots.basic import GreedyBot, kept_points


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_random_and_greedy_bots_play_whole_games_legally(players: int) -> None:
    bots = [GreedyBot() if seat % 2 == 0 else RandomBot() for seat in range(players)]
    for seed in range(20):
        game = Game.new(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            action = bots[seat].choose(game.observation(seat), rng)
            assert action in game.legal_actions()
            game.apply(action, seat=seat)


def test_c8_the_greedy_bot_keeps_the_four_that_score_most() -> None:
    game = Game.new(players=3, seed=3, dealer=2)
    hand = game.hands[0]
    choice = GreedyBot().choose(game.observation(0), random.Random(0))
    assert isinstance(choice, LayAway)
    best = max(kept_points([c for c in hand if c is not card]) for card in hand)
    assert kept_points([c for c in hand if c is not choice.card]) == best
