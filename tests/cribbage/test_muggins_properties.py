"""Properties of whole games with muggins (C18-C20) at every table (two, three, four in
partnerships, five-card), over thousands of seeded deals whose claims and calls are drawn
at random: the cards are conserved, every game ends, every claim pegs what C20 allows of
what the cards hold (counted again by C6 read literally), every call of muggins takes
exactly what the claim missed and no more, the scores add up, and records replay."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pegboard.cribbage import DECK, Card, Claim, Game, Muggins, NoMuggins
from pegboard.cribbage.events import side_of
from tests.cribbage.test_show import reference_score

seeds = st.integers(min_value=0, max_value=2**63 - 1)


def _held(cards: tuple[Card, ...], starter: Card, crib: bool) -> int:
    """What a hand or crib holds by C6 read literally; a hand of three at five-card has a
    flush of 3, or 4 with the starter (C16), one less than four cards' flush."""
    points = reference_score(cards, starter, crib)
    if len(cards) == 3 and len({c.suit for c in cards}) == 1:
        points -= 1
    return points


def _play_out(seed: int, moves: int, players: int, cards: int | None) -> Game:
    """A game played by random legal actions, its claims and calls of muggins among them:
    any claim from 0 to 29, any call, so that under-claims, overclaims and calls for too
    much are all common."""
    game = Game.new(seed=seed, players=players, cards=cards, muggins=1)
    rng = random.Random(moves)
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        every = [*(c for h in game.hands for c in h), *game.crib, *game.stock]
        every += [c for _, c in game.played] + ([] if game.starter is None else [game.starter])
        assert len(every) == 52 and set(every) == set(DECK)  # C1: all 52, none twice
        steps += 1
        assert steps < 3000  # every game ends
    return game


def _check_claims(game: Game) -> int:
    """Walk the history's claims and answers beside the log's shows and muggins: each claim
    pegs min(claim, held) (C18, C20), each answer takes min(call, missed) (C19, C20). The
    number of calls of muggins that took points."""
    shows = [e for e in game.log if e.reason in ("hand", "crib")]
    mugged = [e for e in game.log if e.reason == "muggins"]
    history = list(game.history)
    taken_calls = 0
    for index, move in enumerate(history):
        if not isinstance(move.action, Claim):
            continue
        shown = shows.pop(0)
        assert shown.seat == move.seat and shown.hand == move.hand
        assert shown.starter is not None
        held = _held(shown.cards, shown.starter, shown.reason == "crib")
        assert shown.points == min(move.action.points, held)  # C18, C20
        if index + 1 == len(history):  # the claim won the game: no answer (C7)
            assert game.is_over
            continue
        answer = history[index + 1]
        assert isinstance(answer.action, Muggins | NoMuggins)
        assert side_of(game.num_players, answer.seat) != side_of(game.num_players, move.seat)
        assert answer.seat == (move.seat + 1) % game.num_players  # on the claimant's left
        missed = held - shown.points
        taken = min(answer.action.points, missed) if isinstance(answer.action, Muggins) else 0
        if taken:
            event = mugged.pop(0)
            assert (event.seat, event.points, event.cards) == (answer.seat, taken, shown.cards)
            taken_calls += 1
    assert shows == [] and mugged == []  # every show was claimed, every muggins called
    return taken_calls


def _recounted(game: Game) -> tuple[int, ...]:
    """The scores as the sum of the log's events, a side among four (C9)."""
    totals = [0] * len(game.scores)
    for event in game.log:
        side = side_of(game.num_players, event.seat)
        totals[side] += event.points
        assert event.total == totals[side]
    return tuple(totals)


@pytest.mark.parametrize(("players", "cards"), [(2, None), (3, None), (4, None), (2, 5)])
@settings(max_examples=150, deadline=None)
@given(seed=seeds, moves=seeds)
def test_c18_c19_c20_every_claim_and_call_pegs_what_the_cards_allow(
    players: int, cards: int | None, seed: int, moves: int
) -> None:
    game = _play_out(seed, moves, players, cards)
    assert game.result is not None
    _check_claims(game)
    assert _recounted(game) == game.scores == game.result.scores
    assert max(game.scores) >= (61 if cards == 5 else 121)
    record = game.to_record()
    assert record["new"]["muggins"] == 1
    assert Game.from_record(record).to_record() == record


@pytest.mark.parametrize(("players", "cards"), [(2, None), (3, None), (4, None), (2, 5)])
def test_c19_random_claims_are_mugged_so_the_property_above_checks_takings(
    players: int, cards: int | None
) -> None:
    """The random claims under-claim and the random calls take points: the walk above
    checks real calls of muggins, not only claims let stand."""
    taken = sum(_check_claims(_play_out(seed, seed, players, cards)) for seed in range(5))
    assert taken >= 5
