"""The engine's shortcuts give exactly what their plain definitions give.

The game engine deals with its own copy of ``random.shuffle``, finds actions in precomputed
tables, scores with unchecked versions of ``peg_points`` and ``score_hand``, and keeps the
legal actions ready. Each is compared here with the plain way of doing the same thing.
"""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cribbage import DECK, GO, Card, Discard, Game, Play, peg_breakdown, score_hand
from pegboard.cribbage.actions import DISCARD_OF, PLAY_OF
from pegboard.cribbage.deal import _shuffle_fast, _shuffle_library, _shuffled
from pegboard.cribbage.scoring import peg_points_of, show_points

seeds = st.integers(min_value=0, max_value=2**63 - 1)


@settings(max_examples=300)
@given(seed=seeds)
def test_c2_deal_shuffle_is_random_shuffle(seed: int) -> None:
    assert _shuffle_fast(seed) == _shuffle_library(seed)


def test_c2_fixed_seeds_deal_as_random_shuffle_does() -> None:
    for seed in (0, 1, 2, 2**32, 2**63 - 1):
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        assert _shuffled(seed) == deck


def test_c2_action_tables_hold_the_interned_actions() -> None:
    for a in DECK:
        assert PLAY_OF[a.index] is Play(a)
        for b in DECK:
            if a is b:
                assert DISCARD_OF[a.index][b.index] is None
            else:
                assert DISCARD_OF[a.index][b.index] is Discard(a, b)


def _plain_legal(game: Game) -> tuple[object, ...]:
    """The legal actions by their definition (C2, C4, C5)."""
    if game.is_over:
        return ()
    hand = game.hands[game.current_player or 0]
    if game.phase == "discard":
        ordered = sorted(hand, key=lambda c: c.index)
        return tuple(Discard(a, b) for a, b in itertools.combinations(ordered, 2))
    plays = tuple(Play(c) for c in hand if game.count + c.value <= 31)
    return plays or (GO,)


@settings(max_examples=80)
@given(seed=seeds, moves=seeds)
def test_c2_c4_c5_legal_actions_are_the_plain_definition(seed: int, moves: int) -> None:
    game = Game.new(seed=seed)
    rng = random.Random(moves)
    while not game.is_over:
        legal = game.legal_actions()
        assert legal == _plain_legal(game)
        # The same again from a fresh copy, where nothing was kept ready.
        assert game.copy().legal_actions() == legal
        game.apply(rng.choice(legal))
    assert game.legal_actions() == ()


@settings(max_examples=500)
@given(cards=st.permutations(DECK))
def test_c6_unchecked_show_points_is_score_hand(cards: list[Card]) -> None:
    a, b, c, d, starter = cards[:5]
    for is_crib in (False, True):
        assert show_points(a, b, c, d, starter, is_crib) == score_hand(
            (a, b, c, d), starter, is_crib
        )


def test_c6_unchecked_show_points_flushes_and_nobs() -> None:
    by_text = {str(c): c for c in DECK}
    cases = [
        ("JH 2H 3H 9H", "KH"),  # five-card flush and nobs
        ("JH 2H 3H 9H", "KS"),  # four-card flush (not in the crib), no nobs
        ("JS 2H 3H 9H", "KS"),  # nobs only
        ("5H 5D 5C JS", "5S"),  # 29
    ]
    for hand_text, starter_text in cases:
        hand = [by_text[w] for w in hand_text.split()]
        starter = by_text[starter_text]
        for is_crib in (False, True):
            expected = score_hand(hand, starter, is_crib)
            assert show_points(*hand, starter, is_crib) == expected


@settings(max_examples=500)
@given(cards=st.permutations(DECK), length=st.integers(min_value=1, max_value=8))
def test_c4_unchecked_peg_points_is_the_breakdown_total(cards: list[Card], length: int) -> None:
    pile: list[Card] = []
    count = 0
    for card in cards:
        if len(pile) == length:
            break
        if count + card.value <= 31:
            pile.append(card)
            count += card.value
    assert peg_points_of(pile, count) == peg_breakdown(pile).total


def test_c4_unchecked_peg_points_on_every_short_rank_sequence() -> None:
    # Pegging depends on ranks alone: every sequence of up to four ranks (suits chosen so
    # no card repeats) against the breakdown, which lists the items the plain way.
    for length in range(1, 5):
        for ranks in itertools.product(range(1, 14), repeat=length):
            pile = [DECK[13 * (i % 4) + r - 1] for i, r in enumerate(ranks)]
            count = sum(c.value for c in pile)
            if count <= 31:
                assert peg_points_of(pile, count) == peg_breakdown(pile).total
    tail = [DECK[13 * (i % 4) + r - 1] for i, r in enumerate((1, 2, 6, 3, 5, 4))]
    assert peg_points_of(tail, 21) == peg_breakdown(tail).total == 6  # a run of six
