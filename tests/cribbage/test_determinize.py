"""Determinization: a full game consistent with one seat's observation, for bots' search."""

from __future__ import annotations

import random

import pytest

from pegboard.cribbage import DECK, GO, Game, Play, parse_cards
from pegboard.cribbage.determinize import determinize, hidden_deal, unseen_cards
from tests.cribbage.game_support import play_randomly


def positions() -> list[Game]:
    """Games stopped at many points: the discard, every stage of the pegging, later hands."""
    found: list[Game] = []
    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(seed=seed)
        play_randomly(game, rng, steps=rng.randrange(0, 60))
        if not game.is_over:
            found.append(game)
    return found


def all_cards(game: Game) -> list[int]:
    cards = [*game.hands[0], *game.hands[1], *game.crib, *game.stock]
    cards += [c for _, c in game.played]
    if game.starter is not None:
        cards.append(game.starter)
    return sorted(c.index for c in cards)


def test_observation_is_unchanged_by_determinizing() -> None:
    """The seat sees exactly the same thing in the determinized game (log, moves and all)."""
    phases = set()
    for game in positions():
        for seat in (0, 1):
            seen = game.observation(seat)
            for k in range(3):
                guess = determinize(seen, random.Random(k))
                assert guess.observation(seat) == seen
                phases.add(seen.phase)
    assert phases == {"discard", "pegging"}


def test_c1_cards_are_conserved() -> None:
    """Every card of the deck is somewhere in the determinized game, once (C1)."""
    full = sorted(c.index for c in DECK)
    for game in positions():
        for seat in (0, 1):
            guess = determinize(game.observation(seat), random.Random(seat))
            assert all_cards(guess) == full


def test_determinizing_reads_only_the_observation() -> None:
    """Two games that one seat cannot tell apart give the same determinization for a seed."""
    for game in positions()[:15]:
        for seat in (0, 1):
            twin = game.sample_hidden(seat, random.Random(99))
            assert twin.observation(seat) == game.observation(seat)
            a = determinize(game.observation(seat), random.Random(5))
            b = determinize(twin.observation(seat), random.Random(5))
            assert a.hands == b.hands and a.crib == b.crib and a.stock == b.stock


def test_samples_vary_over_the_unseen_cards() -> None:
    game = Game.new(seed=3, dealer=0)
    seen = game.observation(1)
    others = {determinize(seen, random.Random(k)).hands[0] for k in range(20)}
    assert len(others) == 20
    # The seat's own cards never move.
    assert all(determinize(seen, random.Random(k)).hands[1] == seen.hand for k in range(5))


def test_c5_a_go_proves_every_held_card_is_worth_more() -> None:
    """After seat 1 says go at 25, every card it holds is worth more than 6 (C5)."""
    game = Game.from_position(
        [parse_cards("10S 10H 6C AS"), parse_cards("9S 9H QD 8C")],
        dealer=1,
        crib=parse_cards("3S 3H 4D 4C"),
        starter=parse_cards("KC")[0],
    )
    for text in ("10S", "9S", "6C"):  # count 25: seat 1 holds 9H QD 8C, all above 6
        game.apply(Play(parse_cards(text)[0]))
    game.apply(GO)
    seen = game.observation(0)
    assert seen.held_above[1] == 6
    for k in range(200):
        guess = determinize(seen, random.Random(k))
        assert all(c.value > 6 for c in guess.hands[1])
        assert guess.observation(0) == seen
    # Uniform among the eligible cards: small ones are never dealt, all big ranks are.
    values = {c.value for k in range(200) for c in hidden_deal(seen, random.Random(k)).hand}
    assert values == {7, 8, 9, 10}


def test_determinized_games_play_on_to_the_end() -> None:
    for game in positions()[:20]:
        for seat in (0, 1):
            guess = determinize(game.observation(seat), random.Random(seat))
            play_randomly(guess, random.Random(1))
            assert guess.is_over


def test_unseen_cards_exclude_everything_seen() -> None:
    game = Game.new(seed=11, dealer=1)
    seen = game.observation(0)
    unseen = unseen_cards(seen)
    assert len(unseen) == 46 and not set(unseen) & set(seen.hand)


def test_a_finished_game_has_nothing_to_determinize() -> None:
    game = Game.new(seed=2)
    play_randomly(game, random.Random(2))
    with pytest.raises(ValueError, match="over"):
        determinize(game.observation(0), random.Random(0))


def _after_a_go(seed: int) -> tuple[Game, int] | None:
    """Play seeded random moves until a seat says go and the other must play on (C5)."""
    game = Game.new(seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        last = game.history[-1] if game.history else None
        if (
            game.phase == "pegging"
            and last is not None
            and last.action is GO
            and game.current_player not in (None, last.seat)
        ):
            return game, last.seat
        game.apply(rng.choice(game.legal_actions()))
    return None


def test_c5_after_a_go_the_other_seat_is_sampled_with_a_card_that_fits() -> None:
    """A go passes the turn on only to a seat that can play (C5): that is public, so every
    sample of the hidden cards, by the engine or from the observation, keeps it."""
    found = 0
    for seed in range(40):
        situation = _after_a_go(seed)
        if situation is None:
            continue
        game, said_go = situation
        found += 1
        rng = random.Random(seed)
        for _ in range(10):
            assert game.sample_hidden(said_go, rng).legal_actions() != (GO,)
            rebuilt = determinize(game.observation(said_go), rng)
            assert rebuilt.current_player == game.current_player
            assert rebuilt.legal_actions() != (GO,)
    assert found >= 10
