"""The pegging estimate shown beside a discard's hand and crib (issue 36): a greedy pegging
played out by rank, the mean over the opponent's possible hands, never weighed by the bot."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from pegboard.cribbage import Game
from pegboard.cribbage.actions import Discard, Play
from pegboard.cribbage.bots.discard import discard_values
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.pegging_estimate import (
    DEALS,
    greedy_pegging_margin,
    opponent_hands,
    pegging_estimates,
)
from pegboard.cribbage.cards import parse_cards
from pegboard.cribbage.scoring import peg_points, score_hand


def test_c4_c5_a_pone_of_four_tens_against_four_fives_loses_six() -> None:
    # Pone 10, dealer 5 (15: 2), 10 (25), 5 (30); the pone says go, the dealer cannot
    # play either: the go, 1. Again: 10, 5 (15: 2), 10, 5 (30), the last card: 1. 0 - 6.
    assert greedy_pegging_margin([10, 10, 10, 10], [5, 5, 5, 5], dealer=False) == -6
    assert greedy_pegging_margin([5, 5, 5, 5], [10, 10, 10, 10], dealer=True) == 6


def test_c4_c5_a_run_of_low_cards_against_four_kings_breaks_even() -> None:
    # Pone A (ties go to the lowest), K (11), 4 (15: 2), K (25), 2 (27), the dealer's go,
    # 3 (30) and the pone's last card of the sequence: 1. Then K (10), K (20: a pair, 2)
    # and the last card: 1. Three each.
    assert greedy_pegging_margin([1, 2, 3, 4], [13, 13, 13, 13], dealer=False) == 0


def _engine_pegging(seed: int) -> tuple[int, tuple[int, ...], tuple[int, ...], bool]:
    """A hand pegged by the engine itself, each seat playing the card that scores most now
    (ties to the lowest rank): seat 0's pegging margin, both kept fours' ranks, and
    whether seat 0 dealt."""
    game = Game.new(seed=seed, dealer=seed % 2)
    for _ in range(2):
        hand = game.hands[game.current_player]  # type: ignore[index]
        game.apply(Discard(hand[0], hand[1]))
    kept = [tuple(sorted(c.rank for c in four)) for four in game.kept]
    dealer = game.dealer
    pone = 1 - dealer
    fours = [tuple(four) for four in game.kept]
    starter, crib = game.starter, game.crib
    before = game.scores  # a jack turned up is the dealer's 2 (his heels), not pegging
    while game.phase == "pegging":
        plays = [a for a in game.legal_actions() if isinstance(a, Play)]
        if not plays:
            game.apply(game.legal_actions()[0])
            continue
        pile = list(game.pile)
        best = max(peg_points([*pile, p.card]) for p in plays)
        game.apply(
            min(
                (p for p in plays if peg_points([*pile, p.card]) == best), key=lambda p: p.card.rank
            )
        )
    assert starter is not None
    shows = [0, 0]
    shows[pone] = score_hand(fours[pone], starter)
    shows[dealer] = score_hand(fours[dealer], starter) + score_hand(crib, starter, is_crib=True)
    pegged = [game.scores[s] - before[s] - shows[s] for s in (0, 1)]
    return pegged[0] - pegged[1], kept[0], kept[1], dealer == 0


@pytest.mark.parametrize("seed", range(40))
def test_c4_c5_the_playout_pegs_as_the_engine_does(seed: int) -> None:
    margin, mine, theirs, dealer = _engine_pegging(seed)
    assert greedy_pegging_margin(mine, theirs, dealer) == margin


def test_the_opponent_hands_are_four_unseen_cards_drawn_alike_every_time() -> None:
    six = parse_cards("5H 5S 5D JC 4C 6C")
    hands = opponent_hands(six)
    assert len(hands) == DEALS and hands == opponent_hands(six)
    # Three fives are seen: the opponent holds at most one five, and no 4 or 6 of clubs
    # makes a rank count above what is left unseen.
    assert all(len(h) == 4 and h.count(5) <= 1 and h.count(4) <= 3 for h in hands)


def test_suits_play_no_part_in_the_pegging_estimate() -> None:
    # The same ranks in other suits: the same unseen ranks, so the same figures.
    first = parse_cards("5H 5S 5D JC 4C 6C")
    second = parse_cards("5C 5S 5D JH 4H 6D")
    for dealer in (False, True):
        a = pegging_estimates(
            first, [[c for c in first if c not in p] for p in combinations(first, 2)], dealer
        )
        b = pegging_estimates(
            second, [[c for c in second if c not in p] for p in combinations(second, 2)], dealer
        )
        assert a == b


def test_the_discard_shows_hand_crib_pegging_and_net_in_that_order_and_never_weighs_pegging() -> (
    None
):
    game = Game.new(seed=4, dealer=1)
    expert = CribbageExpert()
    for _ in range(2):
        seen = game.observation(game.current_player)  # type: ignore[arg-type]
        rows = expert.analyse(seen, random.Random(0))
        for row in rows:
            assert list(row.details) == ["hand", "crib", "pegging", "net"]
            assert row.value == row.details["net"]
            assert -20 < row.details["pegging"] < 20
        # The move is the best net, the same with or without the estimate shown.
        assert expert.choose(seen, random.Random(0)) == rows[0].action
        game.apply(rows[0].action)


def test_c6_keeping_5_5_5_j_is_worth_764_over_46_starters() -> None:
    """By hand: 5H 5S 5D JC with 4C 6C laid away. 14 points with any starter (four fifteens
    and three fives' pairs); 5C: 29 (the best hand); a 10, Q or K: 20 (three more
    fifteens), 21 in clubs (nobs); JH JS JD: 22 (a pair of jacks besides); the 30 others
    (A 2 3 7 8 9 four each, 4 and 6 three each): 14, 15 for the six clubs (nobs).
    29 + 12 x 20 + 3 + 3 x 22 + 30 x 14 + 6 = 764."""
    six = parse_cards("5H 5S 5D JC 4C 6C")
    row = next(
        v for v in discard_values(six, own_crib=True) if {c.rank for c in v.discard.cards} == {4, 6}
    )
    assert row.hand * 46 == 764
