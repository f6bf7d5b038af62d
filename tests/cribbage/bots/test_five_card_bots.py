"""The bots at five-card cribbage (C13-C17): random, greedy, beginner and casual play whole
games legally; the strong and expert bots, whose tables are six-card's, refuse in words."""

from __future__ import annotations

import random

import pytest

from pegboard.bots.base import RandomBot
from pegboard.core import WordedError
from pegboard.cribbage import Discard, Game
from pegboard.cribbage.bots.basic import GreedyBot, kept_points
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.levels import BeginnerBot, CasualBot, StrongBot
from tests.cribbage.game_support import cards


@pytest.mark.parametrize("bot", [RandomBot, GreedyBot, BeginnerBot, CasualBot])
def test_c13_c17_these_bots_play_whole_games_of_five_card(bot: type) -> None:
    for seed in range(6):
        game = Game.new(seed, cards=5)
        rng = random.Random(seed)
        players = [bot(), GreedyBot()]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            action = players[seat].choose(game.observation(seat), rng)
            assert action in game.legal_actions()
            game.apply(action, seat=seat)
        assert game.result is not None and max(game.scores) >= 61


def test_c16_the_greedy_bot_counts_a_kept_three_of_a_suit_as_a_flush_of_three() -> None:
    assert kept_points(cards("2H 7H QH")) == 3
    assert kept_points(cards("2H 7H QS")) == 0
    # So from 2H 7H QH 4C 9D it keeps the three hearts: no other three score by themselves.
    game = Game.from_position(["4S 5S 6S KD KC", "2H 7H QH 4C 9D"], dealer=0, cards=5)
    action = GreedyBot().choose(game.observation(1), random.Random(0))
    assert isinstance(action, Discard) and set(action.cards) == set(cards("4C 9D"))


@pytest.mark.parametrize("bot", [StrongBot, CribbageExpert])
def test_c13_the_strong_and_expert_bots_refuse_five_card_in_words(bot: type) -> None:
    game = Game.new(4, cards=5)
    seat = game.current_player
    assert seat is not None
    with pytest.raises(WordedError, match=r"five-card cribbage \(C13\)"):
        bot().choose(game.observation(seat), random.Random(0))
    # Six-card is theirs as before.
    six = Game.new(4)
    assert bot().choose(six.observation(1 - six.dealer), random.Random(0)) in six.legal_actions()
