"""Cribbage bots choose only legal actions from their seat's observation, are
deterministic for a seed, and the greedy bot keeps, pegs and wins better than random."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from pegboard.bots import SeededBot
from pegboard.bots.budget import set_budget
from pegboard.core import Action
from pegboard.cribbage import Card, CribbageMatch, Discard, Game, Play, parse_cards
from pegboard.cribbage.bots.basic import GreedyBot, crib_points, kept_points
from pegboard.games import bot_levels, make_bot


def _play_game(game: Game, bots: Sequence[SeededBot]) -> list[Action]:
    """Play ``game`` to its end, checking each choice against the seat's legal actions."""
    chosen: list[Action] = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        observation = game.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions(), f"{action} is not legal"
        game.apply(action, seat=seat)
        chosen.append(action)
    return chosen


def test_greedy_is_registered_for_cribbage() -> None:
    assert bot_levels("cribbage")[:2] == ("random", "greedy")  # then "expert"
    assert isinstance(make_bot("cribbage", "greedy", seed=1).bot, GreedyBot)


@pytest.mark.parametrize("levels", [("greedy", "greedy"), ("greedy", "random")])
def test_c2_c5_bots_choose_only_legal_actions(levels: tuple[str, str]) -> None:
    for seed in range(12):
        bots = [make_bot("cribbage", level, seed=seed * 2 + s) for s, level in enumerate(levels)]
        _play_game(Game.new(seed=seed), bots)


def test_greedy_bot_is_deterministic_for_a_seed() -> None:
    runs = []
    for _ in range(2):
        bots = [make_bot("cribbage", "greedy", seed=s) for s in (5, 6)]
        runs.append(_play_game(Game.new(seed=99), bots))
    assert runs[0] == runs[1]


def test_greedy_bot_plays_a_match_from_match_observations() -> None:
    match = CribbageMatch(best_of=3, seed=4)
    bots = [make_bot("cribbage", "greedy", seed=s) for s in (1, 2)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        observation = match.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions()
        match.apply(action)
    assert match.winner in (0, 1)


def test_c6_kept_points_count_four_cards_without_a_starter() -> None:
    # 5+5+5 and each 5 with the jack: four fifteens (8), and a pair royal (6)
    assert kept_points(parse_cards("5H 5D 5C JS")) == 8 + 6
    assert kept_points(parse_cards("2H 3H 4H 9H")) == 2 + 3 + 4  # 2+4+9, run, four-card flush
    assert kept_points(parse_cards("AS 3D 7C KH")) == 0
    assert kept_points(parse_cards("4S 5D 6C 6H")) == 4 + 2 + 6  # 4+5+6 twice, pair, double run
    assert crib_points(*parse_cards("7H 8D")) == 2  # a fifteen
    assert crib_points(*parse_cards("KH KD")) == 2  # a pair
    assert crib_points(*parse_cards("5H 5D")) == 2  # a pair of fives (10, not 15)
    assert crib_points(*parse_cards("AH KD")) == 0


def test_c2_greedy_keeps_the_best_four() -> None:
    # Keeping 5H 5D 5C JS (14 points by themselves) is the only best keep.
    game = Game.from_position(["5H 5D 5C JS 2C 9D", "AS 3S 6H 8C KD QH"], dealer=1)
    choice = GreedyBot().choose(game.observation(0), random.Random(0))
    assert choice is Discard(*parse_cards("2C 9D"))


def test_c2_greedy_keeps_the_most_and_breaks_ties_by_whose_crib_it_is() -> None:
    for seed in range(60):
        game = Game.new(seed=seed)
        for _ in range(2):  # the pone, then the dealer
            seat = game.current_player
            assert seat is not None
            view = game.observation(seat)
            choice = GreedyBot().choose(view, random.Random(seed))
            assert isinstance(choice, Discard)

            def keep(action: Action, hand: tuple[Card, ...] = view.hand) -> int:
                assert isinstance(action, Discard)
                return kept_points([c for c in hand if c not in action.cards])

            best = max(keep(a) for a in view.legal_actions())
            assert keep(choice) == best
            ties = [a for a in view.legal_actions() if keep(a) == best]
            crib = [crib_points(*a.cards) for a in ties if isinstance(a, Discard)]
            wanted = max(crib) if seat == game.dealer else min(crib)
            assert crib_points(*choice.cards) == wanted
            game.apply(choice)


def test_c4_greedy_pegs_the_card_that_scores_most_now() -> None:
    # Pile 7H (count 7): 8C makes fifteen (2), 7S a pair (2), KD and QD nothing.
    game = Game.from_position(
        ["7H 2C 3D 4S", "8C 7S KD QD"], dealer=1, crib="AH AD AC AS", starter="9H"
    )
    game.apply(Play(Card.parse("7H")))
    chosen = {GreedyBot().choose(game.observation(1), random.Random(s)) for s in range(30)}
    assert chosen == {Play(Card.parse("8C")), Play(Card.parse("7S"))}  # the tie goes either way
    # Pile 10H 10D (count 20): 10S makes a pair royal (6); AC and 2C score nothing.
    game = Game.from_position(
        ["10H 10S AC 2C", "10D 4D 5D 6D"], dealer=1, crib="6H 6S 6C 9S", starter="9H"
    )
    game.apply(Play(Card.parse("10H")))
    game.apply(Play(Card.parse("10D")))
    assert GreedyBot().choose(game.observation(0), random.Random(0)) is Play(Card.parse("10S"))


SMALL_BUDGET = 3
"""The searching bots' budget where only their blindness is tested, not their strength."""


def test_bots_decide_from_the_observation_alone() -> None:
    # A position the seat cannot tell apart (other hand, crib and stock dealt again) gets
    # the same choice from the same random stream.
    rng = random.Random(8)
    for seed in range(20):
        game = Game.new(seed=seed)
        bots = [make_bot("cribbage", "greedy", seed=seed + s) for s in (0, 1)]
        while not game.is_over and game.hand_number < 3:
            seat = game.current_player
            assert seat is not None
            twin = game.sample_hidden(seat, rng)
            for level in bot_levels("cribbage"):
                pair = [make_bot("cribbage", level, seed=seed) for _ in range(2)]
                for bot in pair:  # a small search is as blind to the hidden cards as a big one
                    set_budget(bot.bot, SMALL_BUDGET)
                first = pair[0].act(game.observation(seat))
                second = pair[1].act(twin.observation(seat))
                assert first is second
            game.apply(bots[seat].act(game.observation(seat)))


def test_greedy_beats_random_over_seeded_games() -> None:
    games = 300
    wins = 0
    for seed in range(games):
        greedy_seat = seed % 2  # each seat half the time, so the deal does not favour it
        bots = [make_bot("cribbage", "random", seed=10_000 + seed) for _ in range(2)]
        bots[greedy_seat] = make_bot("cribbage", "greedy", seed=20_000 + seed)
        game = Game.new(seed=seed)
        _play_game(game, bots)
        assert game.result is not None
        wins += game.result.winner == greedy_seat
    # A fair coin wins 150 of 300 (sd ~8.7); greedy keeping alone is a large edge.
    assert wins >= 200, wins
