"""Properties of whole games of five-card cribbage (C13-C17) over thousands of seeded random
deals: the cards are conserved, every game ends at 61, every score is worked out again from
its cards, at most one go or 31 a hand, records replay, the same seed and moves give the same
game, and no observation tells a seat anything hidden from it."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cribbage import DECK, Card, Discard, Game, peg_breakdown, score_hand
from pegboard.cribbage.actions import PLAY_OF

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _every_card(game: Game) -> list[Card]:
    starter = [] if game.starter is None else [game.starter]
    played = [card for _, card in game.played]
    return [*(c for h in game.hands for c in h), *game.crib, *game.stock, *starter, *played]


def _recounted(game: Game) -> tuple[int, ...]:
    """Every score worked out again from the log's cards (C3, C4, C14-C16)."""
    totals = [0, 0]
    for event in game.log:
        if event.reason == "pegging":
            points = peg_breakdown(event.cards).total
        elif event.reason in ("hand", "crib"):
            assert event.starter is not None
            assert len(event.cards) == (3 if event.reason == "hand" else 4)
            points = score_hand(event.cards, event.starter, event.reason == "crib")
        elif event.reason == "his heels":
            assert event.cards[0].rank == 11
            points = 2
        elif event.reason == "three for last":  # C14: the first event, the first pone's
            assert event is game.log[0] and event.seat == 1 - game.first_dealer
            points = 3
        else:  # go, last card: the pile did not reach 31
            assert sum(c.value for c in event.cards) < 31
            points = 1
        assert event.points == points, event
        totals[event.seat] += points
        assert event.total == totals[event.seat]
    return (totals[0], totals[1])


def _play_out(seed: int, moves: int) -> Game:
    game = Game.new(seed, cards=5)
    rng = random.Random(moves)
    steps = 0
    while not game.is_over:
        before = game.scores
        hand = game.hand_number
        game.apply(rng.choice(game.legal_actions()))
        every = _every_card(game)
        assert len(every) == 52 and set(every) == set(DECK)  # C1
        assert game.count <= 31 and all(a >= b for a, b in zip(game.scores, before, strict=True))
        if not game.is_over:
            assert game.legal_actions() and max(game.scores) < 61
            if game.phase == "discard":  # C13: five dealt, two laid away
                assert all(len(h) in (3, 5) for h in game.hands)
            else:
                assert all(len(k) == 3 for k in game.kept)
        if game.hand_number > hand or game.is_over:  # C15: one go or 31, the count never restarted
            ends = [e for e in game.log if e.hand == hand and e.reason in ("go", "last card")]
            thirty_ones = [
                e for e in game.log if e.hand == hand and e.reason == "pegging"
                and sum(c.value for c in e.cards) == 31
            ]  # fmt: skip
            assert len(ends) + len(thirty_ones) <= 1
        steps += 1
        assert steps < 1000  # every game ends
    return game


@settings(max_examples=500, deadline=None)
@given(seed=seeds, moves=seeds)
def test_c13_c17_cards_conserved_scores_recounted_the_game_ends_at_61(
    seed: int, moves: int
) -> None:
    game = _play_out(seed, moves)
    result = game.result
    assert result is not None
    assert _recounted(game) == game.scores == result.scores
    assert game.scores[result.winner] >= 61 > game.scores[1 - result.winner]
    assert game.log[-1].total >= 61 and game.log[-1].seat == result.winner  # at once (C17)
    assert result.game_points == (2 if game.scores[1 - result.winner] < 31 else 1)
    record = game.to_record()
    assert record["new"]["cards"] == 5
    assert Game.from_record(record).to_record() == record
    # Deterministic: the same seed and the same moves make the same game.
    assert json.dumps(_play_out(seed, moves).to_record()) == json.dumps(record)


def _relabelled(game: Game, seat: int, rng: random.Random) -> Game:
    """``game`` with the cards hidden from ``seat`` this hand (the other hand, its crib cards,
    the stock) dealt to each other's places at random."""
    seen = game.observation(seat)
    known = {*seen.hand, *seen.kept, *seen.discards, *(c for _, c in seen.played)}
    if game.starter is not None:
        known.add(game.starter)
    for show in game.shows:
        if show.hand == game.hand_number:
            known.update(c for h in show.hands if h is not None for c in h)
            known.update(show.crib or ())
    hidden = [card for card in DECK if card not in known]
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
    other._stock = [f(c) for c in game._stock]
    other._history = [
        (hand, mover, Discard(*(f(c) for c in action.cards)))
        if isinstance(action, Discard) and hand == game.hand_number
        else (hand, mover, action)
        for hand, mover, action in game._history
    ]
    other._moves = []
    other._seen = tuple([[] for _ in other._seen])
    other._legal = None
    return other


@settings(max_examples=40, deadline=None)
@given(seed=seeds, moves=seeds)
def test_c13_an_observation_tells_nothing_hidden(seed: int, moves: int) -> None:
    game = Game.new(seed, cards=5)
    rng = random.Random(moves)
    while True:
        for seat in (0, 1):
            seen = game.observation(seat)
            # The same view whatever the hidden cards are and wherever they lie.
            assert _relabelled(game, seat, rng).observation(seat) == seen
            assert seen.hand == game.hands[seat] and seen.cards == 5 and seen.target == 61
        if game.is_over or game.hand_number > 3:
            return
        game.apply(rng.choice(game.legal_actions()))


@settings(max_examples=100, deadline=None)
@given(seed=seeds, moves=seeds)
def test_c13_a_sampled_position_looks_the_same_to_the_seat_and_plays_on(
    seed: int, moves: int
) -> None:
    """``sample_hidden`` (the searches' worlds) at five-card: the seat's view unchanged, and
    the world plays to 61."""
    game = Game.new(seed, cards=5)
    rng = random.Random(moves)
    for _ in range(rng.randrange(1, 16)):
        if game.is_over:
            return
        game.apply(rng.choice(game.legal_actions()))
    if game.is_over:
        return
    seat = game.current_player
    assert seat is not None
    world = game.sample_hidden(seat, rng)
    assert world.observation(seat) == game.observation(seat)
    while not world.is_over:
        world.apply(rng.choice(world.legal_actions()))
    assert max(world.scores) >= 61
