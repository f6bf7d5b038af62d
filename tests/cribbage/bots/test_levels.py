"""Cribbage's levels for people (issue 20): beginner, casual, strong and expert are
registered under those names, weakest first, each its own policy, legal and seeded.
(Every level is also played by tests/bots/test_hidden_information.py, which checks that
it sees observations only, chooses legal actions and repeats itself for a seed.)"""

from __future__ import annotations

import random

import pytest

from pegboard.cribbage import DECK, Card, Discard, Game, Play, parse_cards
from pegboard.cribbage.bots.discard import discard_values, expected_hand
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.levels import (
    LEVELS,
    STRONG_SLIP,
    BeginnerBot,
    CasualBot,
    StrongBot,
    visible_points,
)
from pegboard.games import bot_levels, make_bot


def test_the_four_levels_are_registered_weakest_first_after_random_and_greedy() -> None:
    assert LEVELS == ("beginner", "casual", "strong", "expert")
    # (then "ismcts", OpenSpiel's, when the research extra is installed; the expert that
    # plays for the match, a research level while it is measured, just before the expert,
    # which stays the strongest analyser: tests/cribbage/bots/test_match_expert.py; the
    # simulation player of issue 43 before them, a research level for measuring only:
    # tests/cribbage/bots/test_simulation.py)
    assert bot_levels("cribbage")[:8] == (
        "random",
        "greedy",
        "beginner",
        "casual",
        "strong",
        "simulation",
        "match-expert",
        "expert",
    )
    kinds = {"beginner": BeginnerBot, "casual": CasualBot, "strong": StrongBot}
    for level, kind in kinds.items():
        bot = make_bot("cribbage", level, seed=1)
        assert isinstance(bot.bot, kind) and bot.name == level
    assert isinstance(make_bot("cribbage", "expert", seed=1).bot, CribbageExpert)


@pytest.mark.parametrize("level", LEVELS)
def test_c2_c5_each_level_plays_whole_games_legally_and_the_same_for_a_seed(level: str) -> None:
    def play(seed: int) -> list[str]:
        game = Game.new(seed=seed)
        bots = [make_bot("cribbage", level, seed=seed + s) for s in (0, 1)]
        moves = []
        while not game.is_over and game.hand_number <= 3:
            seat = game.current_player
            assert seat is not None
            seen = game.observation(seat)
            action = bots[seat].act(seen)
            assert action in seen.legal_actions()
            game.apply(action, seat=seat)
            moves.append(str(action))
        return moves

    assert play(4) == play(4)


def test_c6_a_beginner_sees_fifteens_and_pairs_but_not_runs_or_flushes() -> None:
    assert visible_points(parse_cards("3H 4S 5D 6C")) == 2  # 4+5+6; the run of four unseen
    assert visible_points(parse_cards("5H 5D 5C JS")) == 8 + 6
    assert visible_points(parse_cards("2H 4H 6H 8H")) == 0  # a flush it does not count


def test_c2_a_beginner_keeps_the_fifteens_and_gives_up_a_run() -> None:
    # 7-8 and 9-6 make fifteens; A-2-3 is a run (3 points) it does not see.
    game = Game.from_position(["AS 2D 3C 7H 8S KD", "4S 4H 5D 6C 9S 10H"], dealer=1)
    choice = BeginnerBot().choose(game.observation(0), random.Random(0))
    assert isinstance(choice, Discard)
    kept = [c for c in game.observation(0).hand if c not in choice.cards]
    assert {str(c) for c in kept} >= {"7H", "8S"}


def test_c4_a_beginner_pegs_the_pair_it_sees_and_else_its_highest_card() -> None:
    game = Game.from_position(
        ["7H 2C 3D 4S", "7S KD 2D 4D"], dealer=1, crib="AH AD AC AS", starter="9H"
    )
    game.apply(Play(Card.parse("7H")))
    assert BeginnerBot().choose(game.observation(1), random.Random(0)) is Play(Card.parse("7S"))
    game = Game.from_position(
        ["10H 2C 3D 4S", "QS KD 6D 8D"], dealer=1, crib="AH AD AC AS", starter="9H"
    )
    game.apply(Play(Card.parse("2C")))
    # Nothing scores: the highest card (a king or a queen, both 10).
    choice = BeginnerBot().choose(game.observation(1), random.Random(0))
    assert choice in (Play(Card.parse("KD")), Play(Card.parse("QS")))


def test_c2_casual_keeps_the_best_hand_and_never_looks_at_the_crib() -> None:
    for seed in range(20):
        deal = Game.new(seed=seed)
        six = {c.index for c in deal.hands[0]}
        hand = [c for c in DECK if c.index in six]
        choices = []
        for dealer in (0, 1):
            game = Game.from_position([hand, list(deal.hands[1])], dealer=dealer)
            if dealer == 0:  # the pone (seat 1) discards first
                game.apply(game.legal_actions()[0])
            choices.append(CasualBot().choose(game.observation(0), random.Random(seed)))
        assert choices[0] is choices[1]  # the same keep, whoever owns the crib
        unseen = [c for c in DECK if c.index not in six]
        best = max(
            expected_hand([c for c in hand if c not in a.cards], unseen)
            for a in game.observation(0).legal_actions()
            if isinstance(a, Discard)
        )
        kept = [c for c in hand if c not in choices[0].cards]  # type: ignore[union-attr]
        assert expected_hand(kept, unseen) == pytest.approx(best)


def test_c2_strong_discards_like_the_expert_except_for_its_slips() -> None:
    same = differ = 0
    for seed in range(80):
        game = Game.new(seed=seed, dealer=seed % 2)
        seen = game.observation(game.current_player)  # type: ignore[arg-type]
        strong = StrongBot().choose(seen, random.Random(seed))
        values = discard_values(seen.hand, seen.dealer == seen.seat)
        best = max(values, key=lambda v: v.net).discard
        if strong is best:
            same += 1
        else:
            differ += 1
    # A slip one time in STRONG_SLIP, and a slip changes the discard only sometimes.
    assert differ >= 3 and same >= 80 * (1 - 1.5 / STRONG_SLIP)


def test_strong_takes_a_budget_like_the_other_searching_bots() -> None:
    bot = StrongBot()
    bot.budget = 3
    assert bot.budget == 3
