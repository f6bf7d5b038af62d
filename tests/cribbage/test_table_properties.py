"""Properties of whole games for three (C8) and four in partnerships (C9), over thousands of
seeded random deals: the cards are conserved, every game ends, every score is worked out
again from its cards, records replay, and no observation tells a seat anything hidden from
it (a partner's hand included).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cribbage import DECK, Card, Game, LayAway, peg_breakdown, score_hand
from pegboard.cribbage.actions import LAY_OF, PLAY_OF
from pegboard.cribbage.events import side_of

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _every_card(game: Game) -> list[Card]:
    starter = [] if game.starter is None else [game.starter]
    played = [card for _, card in game.played]
    return [*(c for h in game.hands for c in h), *game.crib, *game.stock, *starter, *played]


def _check_step(game: Game, before: tuple[int, ...]) -> None:
    every = _every_card(game)
    assert len(every) == 52 and set(every) == set(DECK)  # C1: all 52, none twice
    assert game.count <= 31 and game.count == sum(c.value for c in game.pile)  # C4
    assert all(a >= b for a, b in zip(game.scores, before, strict=True))
    if game.is_over:
        assert game.current_player is None and game.legal_actions() == ()
    else:
        assert game.legal_actions()  # never stuck
        assert max(game.scores) < 121
        if game.phase == "discard":  # C8, C9: five dealt, one laid away
            assert all(len(h) in (4, 5) for h in game.hands)
            assert len(game.crib) == (game.num_players == 3) + sum(len(h) == 4 for h in game.hands)


def _recounted(game: Game) -> tuple[int, ...]:
    """Every score worked out again from the log's cards (C3-C6), summed a side (C9)."""
    totals = [0] * len(game.scores)
    for event in game.log:
        if event.reason == "pegging":
            points = peg_breakdown(event.cards).total
        elif event.reason in ("hand", "crib"):
            assert event.starter is not None
            points = score_hand(event.cards, event.starter, event.reason == "crib")
        elif event.reason == "his heels":
            assert event.cards[0].rank == 11
            points = 2
        else:  # go, last card: the pile did not reach 31
            assert sum(c.value for c in event.cards) < 31
            points = 1
        assert event.points == points, event
        side = side_of(game.num_players, event.seat)
        totals[side] += points
        assert event.total == totals[side]
    return tuple(totals)


def _play_out(players: int, seed: int, moves: int) -> Game:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(moves)
    steps = 0
    while not game.is_over:
        before = game.scores
        game.apply(rng.choice(game.legal_actions()))
        _check_step(game, before)
        steps += 1
        assert steps < 2000  # every game ends
    return game


@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=600, deadline=None)
@given(seed=seeds, moves=seeds)
def test_c8_c9_c12_cards_conserved_scores_recounted_game_ends_at_121(
    players: int, seed: int, moves: int
) -> None:
    game = _play_out(players, seed, moves)
    result = game.result
    assert result is not None
    assert _recounted(game) == game.scores == result.scores
    assert game.scores[result.winner] >= 121
    assert all(s < 121 for side, s in enumerate(game.scores) if side != result.winner)
    last = game.log[-1]  # the game stopped at the very score that reached 121
    assert side_of(players, last.seat) == result.winner and last.total >= 121
    assert game.hand_number >= 3  # several deals a game: thousands over the examples
    # Records replay, to the same record.
    record = game.to_record()
    assert Game.from_record(record).to_record() == record


def _hidden_from(game: Game, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen this hand: the other hands (a partner's too), their
    crib cards, the pack's crib card and the stock."""
    seen = game.observation(seat)
    known = {*seen.hand, *seen.kept, *(c for _, c in seen.played)}
    known.update(seen.discards)
    if game.starter is not None:
        known.add(game.starter)
    for show in game.shows:
        if show.hand == game.hand_number:  # the hand's show, when the game ended in it
            known.update(c for h in show.hands if h is not None for c in h)
            known.update(show.crib or ())
    return [card for card in DECK if card not in known]


def _relabelled(game: Game, seat: int, rng: random.Random) -> Game:
    """``game`` with the cards hidden from ``seat`` dealt to each other's places at random."""
    hidden = _hidden_from(game, seat)
    swapped = hidden[:]
    rng.shuffle(swapped)
    to = dict(zip(hidden, swapped, strict=True))

    def f(card: Card) -> Card:
        return to.get(card, card)

    other = game.copy()
    other._hands = [[f(c) for c in h] for h in game._hands]
    other._plays = [[PLAY_OF[f(p.card).index] for p in plays] for plays in game._plays]
    other._kept = [tuple(f(c) for c in h) for h in game._kept]
    other._discards = [tuple(f(c) for c in h) for h in game._discards]
    other._pack = tuple(f(c) for c in game._pack)
    other._stock = [f(c) for c in game._stock]
    other._history = [
        (hand, seat, LAY_OF[f(action.card).index])
        if isinstance(action, LayAway) and hand == game.hand_number
        else (hand, seat, action)
        for hand, seat, action in game._history
    ]
    # The views built from the history are built again from the relabelled one.
    other._moves = []
    other._seen = tuple([[] for _ in other._seen])
    other._legal = None
    return other


@pytest.mark.parametrize("players", [3, 4])
@settings(max_examples=40, deadline=None)
@given(seed=seeds, moves=seeds)
def test_c8_c9_an_observation_tells_nothing_hidden_not_even_a_partners_hand(
    players: int, seed: int, moves: int
) -> None:
    game = Game.new(players=players, seed=seed)
    rng = random.Random(moves)
    while True:
        if game.hand_number > 3 and not game.is_over:  # the first three deals, and the end
            game.apply(rng.choice(game.legal_actions()))
            continue
        for seat in range(players):
            seen = game.observation(seat)
            # The same view whatever the hidden cards are and wherever they lie.
            assert _relabelled(game, seat, rng).observation(seat) == seen
            assert seen.hand == game.hands[seat]
            if not game.is_over:
                assert seen.legal == (game.legal_actions() if seat == game.current_player else ())
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
