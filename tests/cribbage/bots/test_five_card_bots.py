"""The bots at five-card cribbage (C13-C17): every level plays whole games legally; the
strong and expert bots by five-card's own values (``pegboard.cribbage.bots.five_card``)."""

from __future__ import annotations

import random

import pytest

from pegboard.bots.base import RandomBot
from pegboard.cribbage import DECK, Card, Discard, Game, score_hand
from pegboard.cribbage.bots.basic import GreedyBot, kept_points
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.five_card import CRIB_SAMPLES, discard_values, play_value
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
def test_c13_c17_the_strong_and_expert_bots_play_five_card_by_its_own_values(bot: type) -> None:
    for seed in range(3):
        game = Game.new(seed, cards=5)
        rng = random.Random(seed)
        players = [bot(), CasualBot()]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            action = players[seat].choose(game.observation(seat), rng)
            assert action in game.legal_actions()
            game.apply(action, seat=seat)
    # Its hints are in points: every legal action valued, best first.
    game = Game.new(4, cards=5)
    seat = game.current_player
    assert seat is not None
    rows = CribbageExpert().analyse(game.observation(seat), random.Random(0))
    assert {row.action for row in rows} == set(game.legal_actions())
    assert [row.value for row in rows] == sorted((row.value for row in rows), reverse=True)
    assert all(row.unit == "expected net points" for row in rows)


def _brute(mine: tuple[Card, ...], theirs: tuple[Card, ...]) -> int:
    """The one play (C15) played out by the engine itself, both sides at their best: every
    line tried on copies of a position, the points of seat 1 (to play) minus seat 0's."""

    def value(game: Game) -> int:
        if game.hand_number > 1 or game.is_over:
            pegged = [
                e for e in game.log if e.hand == 1 and e.reason in ("pegging", "go", "last card")
            ]
            return sum(e.points if e.seat == 1 else -e.points for e in pegged)
        results = []
        for action in game.legal_actions():
            after = game.copy()
            after.apply(action)
            results.append(value(after))
        return max(results) if game.current_player == 1 else min(results)

    rest = [c for c in DECK if c not in (*mine, *theirs)]
    game = Game.from_position(
        [list(theirs), list(mine)], dealer=0, crib=rest[:4], starter=rest[4], cards=5
    )
    return value(game)


@pytest.mark.parametrize(
    ("mine", "theirs"),
    [
        ("5H 5S KD", "5C TD 4H"),
        ("AH 2H 3H", "4S 5S 6S"),
        ("9H 9S 9D", "6C 6D 7H"),
        ("KH QS 5C", "5D JC TS"),
        ("AH 2C 3D", "KS QS JS"),  # the leader plays the last card: 1 (C15)
        ("8H 8S 2C", "KS QS JS"),
    ],
)
def test_c15_the_expert_values_the_rest_of_the_play_as_the_engine_plays_it(
    mine: str, theirs: str
) -> None:
    """``play_value`` against every line of the engine's own play from the lead."""
    lead, other = cards(mine), cards(theirs)
    assert play_value((lead, other), (), 0, 0, None) == _brute(lead, other)


def test_c16_the_crib_mean_is_sharp_to_a_tenth_of_a_point() -> None:
    """The Monte Carlo crib mean's standard error at the default draws (docs: ~0.08)."""
    game = Game.from_position(["4S 5S 6S KD KC", "2H 7H QH 4C 9D"], dealer=1, cards=5)
    view = game.observation(0)  # the non-dealer lays away first (C13)
    legal = game.legal_actions()
    rows = discard_values(view, legal, random.Random(1), CRIB_SAMPLES)
    crib = [row.details["crib"] for row in rows]
    again = [
        row.details["crib"] for row in discard_values(view, legal, random.Random(2), CRIB_SAMPLES)
    ]
    # Each crib's standard error from the spread of its draws: under 0.1 points.
    first = legal[0]
    assert isinstance(first, Discard)
    unseen = [c for c in DECK if c not in game.hands[0]]
    rng = random.Random(3)
    values = []
    for _ in range(CRIB_SAMPLES):
        x, y, s = rng.sample(unseen, 3)
        values.append(score_hand((*first.cards, x, y), s, is_crib=True))
    mean = sum(values) / len(values)
    error = (sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values)) ** 0.5
    assert error < 0.1
    assert all(abs(a - b) < 5 * error * 2**0.5 for a, b in zip(crib, again, strict=True))
