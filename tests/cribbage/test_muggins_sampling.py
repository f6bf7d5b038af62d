"""A position sampled for a seat in a show with muggins (C18) keeps what the show turned up:
at five-card a hand keeps cards never played (C15), public once the hand is turned up, while
the cards still face down are dealt again among the cards the seat has not seen
(``Game.sample_hidden``, the searches' deal, OpenSpiel's resampler)."""

from __future__ import annotations

import random

from pegboard.cribbage import Game
from pegboard.cribbage.actions import NO_MUGGINS, Claim
from pegboard.cribbage.cards import DECK, Card


def _cards(text: str) -> list[Card]:
    return sorted(Card.parse(word) for word in text.split())


def _five_card_show() -> Game:
    """Five-card, dealer 0, with muggins. The pone leads KH, the dealer pairs it with KS
    (20), the pone plays QH (30); the dealer's 5C and 9D do not fit: go, and the pone's 2C
    does not either (32): one for the last card, and the play ends (C15) with 2C, 5C and 9D
    never played. The show turns up the pone's KH QH 2C first (C18)."""
    game = Game.from_position(
        ["KS 5C 9D", "KH QH 2C"],
        dealer=0,
        crib="AS 3D 7H 8C",
        starter="6D",
        scores=(0, 3),
        cards=5,
        muggins=1,
    )
    for text in ("play KH", "play KS", "play QH", "go"):
        game.apply(game.parse_action(text))
    assert game.phase == "show"
    assert sorted(game.hands[0]) == _cards("5C 9D") and game.hands[1] == (Card.parse("2C"),)
    return game


def test_c18_c15_the_pone_s_unplayed_card_turned_up_is_kept() -> None:
    game = _five_card_show()
    rng = random.Random(1)
    cribs = set()
    for _ in range(60):
        sample = game.sample_hidden(0, rng)  # the dealer's view: the pone's hand is shown
        assert sample.hands[1] == (Card.parse("2C"),)
        assert sorted(sample.kept[1]) == _cards("KH QH 2C")
        assert sample.observation(0) == game.observation(0)
        cribs.add(tuple(sorted(sample.crib)))
    assert len(cribs) > 1  # the pone's crib cards, still face down, are dealt again


def test_c18_c15_the_dealer_s_hand_is_dealt_again_until_it_is_turned_up() -> None:
    game = _five_card_show()
    rng = random.Random(2)
    seen = {
        *_cards("KH QH 2C"),
        *_cards("KS 6D"),
    }  # the pone's, the dealer's KS played, the starter
    held = set()
    for _ in range(60):
        sample = game.sample_hidden(1, rng)  # the pone's view: the dealer's 5C 9D face down
        cards = sample.hands[0]
        assert len(cards) == 2 and not seen & set(cards)
        assert all(card.value > 1 for card in cards)  # its go proved it (C5)
        held.add(tuple(sorted(cards)))
    assert len(held) > 1
    game.apply(Claim(4), seat=1)
    game.apply(NO_MUGGINS, seat=0)
    assert game.observation(1).showing.what == "hand"  # type: ignore[union-attr]
    for _ in range(20):  # the dealer's hand turned up now: public, kept
        assert sorted(game.sample_hidden(1, rng).hands[0]) == _cards("5C 9D")


def test_c18_c15_every_step_of_a_five_card_muggins_show_keeps_what_is_turned_up() -> None:
    """Over whole games of random claims and calls: at every step of every show, for each
    seat, the sampled position shows that seat the same observation (the turned-up cards,
    the log, the scores), keeps the other's hand once turned up and the crib once turned up,
    and deals everything still face down among the cards the seat has not seen."""
    rng = random.Random(7)
    steps = hidden_hands = 0
    for seed in range(12):
        game = Game.new(seed=seed, cards=5, muggins=1)
        while not game.is_over and game.hand_number <= 4:
            if game.phase == "show":
                for seat in (0, 1):
                    other = 1 - seat
                    view = game.observation(seat)
                    showing = view.showing
                    assert showing is not None
                    shown_hands = {
                        e.seat
                        for e in view.log
                        if e.hand == view.hand_number and e.reason == "hand"
                    }
                    if showing.what == "hand":
                        shown_hands.add(showing.seat)
                    crib_up = showing.what == "crib"
                    sample = game.sample_hidden(seat, rng)
                    assert sample.observation(seat) == view
                    assert sample.hands[seat] == game.hands[seat]
                    if other in shown_hands:
                        assert sample.hands[other] == game.hands[other]
                        assert sample.kept[other] == game.kept[other]
                    else:
                        hidden_hands += 1
                    if crib_up:
                        assert sample.crib == game.crib
                    # What is face down is dealt among the cards this seat has not seen.
                    down = set(DECK) - {*view.kept, *view.discards, *(c for _, c in view.played)}
                    down -= {view.starter, *showing.cards}
                    for event in view.log:
                        if event.hand == view.hand_number:
                            down -= set(event.cards)
                    dealt = {*sample.hands[other], *sample.crib, *sample.stock} - set(view.discards)
                    dealt -= {view.starter, *showing.cards, *(c for _, c in view.played)}
                    for event in view.log:
                        if event.hand == view.hand_number:
                            dealt -= set(event.cards)
                    assert dealt == down
                    steps += 1
            game.apply(rng.choice(game.legal_actions()))
    assert steps > 50 and hidden_hands > 10
