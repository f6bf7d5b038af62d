"""Cribbage's narration as events (pegboard.cribbage.narration): the worked examples of
the rules and the seed page, the show said the traditional way in English and in the
seed's Hindi, the events the registry's ``apply`` returns (public: a discard's cards
unseen), and the texts of the surfaces made from those events."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest

from pegboard import games
from pegboard.core import Event
from pegboard.cribbage import Card, CribbageMatch, Discard, GameResult, ScoreEvent, narration
from pegboard.cribbage import Game as CribbageGame
from pegboard.cribbage import parse_cards as cards
from pegboard.cribbage import text as cribbage_text
from pegboard.cribbage.text import Seats
from pegboard.i18n import Translator, say, translator

EN = translator("en")


def seat_number(seat: int) -> str:
    return f"seat {seat}"


def test_c6_the_seeds_29_hand_is_counted_aloud_in_english_and_hindi() -> None:
    # The seed (004): three fives and the jack in hand, the last five the starter, of the
    # jack's suit: eight fifteens, the double pair royal and his nobs.
    score = ScoreEvent(3, 1, 29, "hand", tuple(cards("5C 5D 5H JS")), Card.parse("5S"), 29)
    shown, pegged = narration.scored(score, (40, 29), dealer=0)
    assert str(shown) == (
        "seat 1's hand (non-dealer): 5C 5D 5H JS + 5S: fifteen two, fifteen four, fifteen six,"
        " fifteen eight, fifteen ten, fifteen twelve, fifteen fourteen, fifteen sixteen,"
        " a double pair royal is twenty-eight, and one for his nobs is twenty-nine."
    )
    assert str(pegged) == "seat 1 pegs 29 (seat 0: 40 · seat 1: 29)."
    hi = translator("hi")
    said = say(shown, hi, seat_number)
    assert said.startswith("seat 1 का हाथ (")
    assert said.endswith("डबल पेयर रॉयल मिलाकर अट्ठाईस, और नॉब्स मिलाकर उनतीस।")
    assert say(pegged, hi, seat_number, reader=1).startswith("आपको 29 अंक (")


def test_c6_fifteen_two_fifteen_four_and_a_pair_is_six_in_the_crib() -> None:
    score = ScoreEvent(1, 0, 6, "crib", tuple(cards("7H 8D 7C KS")), Card.parse("2S"), 6)
    shown, pegged = narration.scored(score, (6, 0), dealer=0)
    assert str(shown) == (
        "seat 0's crib: 7H 8D 7C KS + 2S: fifteen two, fifteen four, and a pair is six."
    )
    assert say(shown, EN, seat_number, reader=0) == (
        "your crib: 7H 8D 7C KS + 2S: fifteen two, fifteen four, and a pair is six."
    )
    pt = say(shown, translator("pt"), seat_number)
    assert pt.endswith("quinze dois, quinze quatro, e um par são seis.")
    assert shown.kind == pegged.kind == "score"


def test_c6_a_hand_that_scores_nothing_says_so_and_pegs_nothing() -> None:
    score = ScoreEvent(1, 1, 0, "hand", tuple(cards("2C 4D 6H 8S")), Card.parse("KH"), 0)
    (shown,) = narration.scored(score, (0, 0), dealer=1)
    assert str(shown) == "seat 1's hand (dealer): 2C 4D 6H 8S + KH: nothing."


def test_c3_c4_c5_scores_in_play_are_said_with_their_pegs() -> None:
    heels = ScoreEvent(1, 0, 2, "his heels", (Card.parse("JH"),), None, 2)
    assert [str(e) for e in narration.scored(heels, (2, 0), 0)] == [
        "two for his heels: seat 0 pegs 2 (seat 0: 2 · seat 1: 0)."
    ]
    royal = ScoreEvent(1, 1, 8, "pegging", tuple(cards("5H 5D 5C")), None, 8)
    (event,) = narration.scored(royal, (2, 8), 0)
    assert str(event) == (
        "fifteen for two, and a pair royal for six: seat 1 pegs 8 (seat 0: 2 · seat 1: 8)."
    )
    assert say(event, translator("pt"), seat_number).startswith(
        "quinze vale dois, e uma trinca vale seis: seat 1 marca 8"
    )
    go = ScoreEvent(1, 0, 1, "go", (), None, 3)
    assert str(narration.scored(go, (3, 8), 0)[0]).startswith("go for one: seat 0 pegs 1")


def test_c7_the_end_of_a_game_and_its_skunks() -> None:
    assert [str(e) for e in narration.result(GameResult(0, (121, 60)))] == [
        "seat 0 wins the game, 121 to 60.",
        "A double skunk: seat 1 did not reach 61 (C7); the game is worth 3.",
    ]
    assert [str(e) for e in narration.result(GameResult(1, (90, 121)))][1] == (
        "A skunk: seat 0 did not reach 91 (C7); the game is worth 2."
    )
    assert len(narration.result(GameResult(1, (91, 121)))) == 1
    won = narration.result(GameResult(1, (91, 121)))[0]
    assert say(won, EN, seat_number, reader=1) == "You win the game, 121 to 91."


def test_moves_and_the_discard_kept_unseen() -> None:
    event, count = narration.moved(1, "play 7H", dealer=0, count=8)
    assert (str(event), count) == ("seat 1 plays 7H: count 15.", 15)
    assert str(narration.moved(0, "discard", 0, 0)[0]) == "seat 0 lays two cards in seat 0's crib."
    shown = narration.moved(1, "discard JS 5H", 0, 0)[0]
    assert str(shown) == "seat 1 lays 5H JS in seat 0's crib."  # by rank, to read
    assert str(narration.moved(1, "go", 0, 31)[0]) == "seat 1 says go."


def _played(seed: int) -> tuple[CribbageMatch, list[tuple[int, object, tuple[Event, ...]]]]:
    game = games.get("cribbage")
    match = game.new_match({"players": 2, "best_of": 1}, seed)
    rng = random.Random(seed)
    told = []
    while match.current_player is not None:
        seat = match.current_player
        action = rng.choice(list(match.legal_actions()))
        told.append((seat, action, game.play(match, seat, str(action))[1]))
    return match, told


def test_the_registrys_apply_tells_every_action_and_never_a_discards_cards() -> None:
    match, told = _played(4)
    for seat, action, events in told:
        assert events[0].seats == {"who": seat}
        if isinstance(action, Discard):
            assert all(str(card) not in str(events[0]) for card in action.cards)
            assert "two cards" in str(events[0])
    every = [event for _s, _a, events in told for event in events]
    logged = [e for e in every if e.template in (narration.SHOWN, narration.PEGGED)]
    assert len(logged) == len(match.game.log)  # every score explained, once
    result = match.game.result
    assert result is not None
    ending = [
        *narration.result(result),
        narration.game_points(match.points),
        *narration.match_over(match.points, result.winner, 1),
    ]
    assert every[-len(ending) :] == ending


def test_the_registrys_events_are_the_narrators_lines() -> None:
    # The events apply returns, said, are the lines the plain client narrates from the
    # observations: one source for both.
    game = games.get("cribbage")
    match = game.new_match({"players": 2, "best_of": 1}, 9)
    rng = random.Random(9)
    seats = Seats(None)
    while match.current_player is not None:
        seat = match.current_player
        action = rng.choice(list(match.legal_actions()))
        played = match.game
        before = played.observation(0)
        _n, events = game.play(match, seat, str(action))
        after = played.observation(0)
        text = "discard" if isinstance(action, Discard) else str(action)
        lines = cribbage_text.narrate(before, after, [(seat, text)], seats, EN)
        assert [line.strip() for line in lines] == [
            seats.say(e, EN, start=True) for e in events[: len(lines)]
        ]
        if match.is_over:  # and the match's end, which the narrator of a game leaves out
            assert events[len(lines)] == narration.game_points(match.points)
        else:
            assert len(events) == len(lines)


def test_a_replay_does_not_work_out_the_events(monkeypatch: pytest.MonkeyPatch) -> None:
    _match, told = _played(6)
    log = [(seat, str(action)) for seat, action, _events in told]

    def refuse(*args: object) -> tuple[Event, ...]:
        raise AssertionError("events worked out during a replay")

    monkeypatch.setattr("pegboard.cribbage.description.events_of", refuse)
    assert games.get("cribbage").replay({"players": 2, "best_of": 1}, 6, log).is_over


# -- the surfaces' texts come from the events ---------------------------------------------


def test_event_lines_are_the_events_said_and_laid_out(monkeypatch: pytest.MonkeyPatch) -> None:
    score = ScoreEvent(1, 0, 6, "crib", tuple(cards("7H 8D 7C KS")), Card.parse("2S"), 6)
    bot = Seats(1, "the bot")
    assert cribbage_text.event_lines(score, (6, 0), 0, bot, EN) == [
        "  The bot's crib: 7H 8D 7C KS + 2S: fifteen two, fifteen four, and a pair is six.",
        "    The bot pegs 6 (the bot: 6 · you: 0).",
    ]
    monkeypatch.setattr(narration, "PEGS", "{pegs}, making it {scores}.")
    monkeypatch.setitem(cribbage_text.INDENT, "{pegs}, making it {scores}.", "      ")
    assert cribbage_text.event_lines(score, (6, 0), 0, bot, EN)[1] == (
        "      The bot pegs 6, making it the bot: 6 · you: 0."
    )


def test_the_bots_own_crib_and_the_humans(monkeypatch: pytest.MonkeyPatch) -> None:
    pt = translator("pt")
    bot = Seats(0, pt("the bot"))
    own = cribbage_text.move_line(1, "discard", 1, 0, bot, pt)[0]
    expected = pt("{who} lays two cards {place}.").format(
        who=pt("the bot"), place=pt("in its own crib")
    )
    assert own == expected[:1].upper() + expected[1:]
    assert own.startswith("O robô")
    assert cribbage_text.move_line(0, "discard 5H JS", 1, 0, bot, pt)[0] == (
        pt("You lay {cards} {place}.").format(cards="5H JS", place=pt("in the bot's crib"))
    )
    planted = Event("{who} DID IT {place}", {"place": narration.into_crib(1)}, {"who": 1})
    monkeypatch.setattr(narration, "laid_away", lambda seat, dealer, players=2: planted)
    assert cribbage_text.move_line(1, "discard", 1, 0, Seats(0, "the bot"), EN)[0] == (
        "The bot DID IT in its own crib"
    )


@dataclass(frozen=True)
class Named(Seats):
    """A surface's own naming of the seats, as the web's display names override it."""

    names: tuple[str, ...] = ()

    def name(self, seat: int, _: Translator) -> str:
        return _("you") if seat == self.human else self.names[seat]

    def into_crib(self, seat: int, _: Translator) -> str:
        return "in your crib" if seat == self.human else f"in {self.names[seat]}'s box"

    def crib(self, seat: int, _: Translator) -> str:
        return "your crib" if seat == self.human else f"{self.names[seat]}'s box"


def test_a_surfaces_own_naming_of_the_seats_words_the_events_phrases() -> None:
    seats = Named(human=0, names=("Ana", "Bia"))
    assert cribbage_text.move_line(0, "discard 5H JS", 1, 0, seats, EN)[0] == (
        "You lay 5H JS in Bia's box."
    )
    assert cribbage_text.move_line(1, "discard", 0, 0, seats, EN)[0] == (
        "Bia lays two cards in your crib."
    )
    score = ScoreEvent(1, 1, 6, "crib", tuple(cards("7H 8D 7C KS")), Card.parse("2S"), 6)
    assert cribbage_text.event_lines(score, (0, 6), 1, seats, EN)[0].startswith(
        "  Bia's box: 7H 8D 7C KS + 2S"
    )


def test_c7_a_match_tells_each_games_points_and_its_end() -> None:
    game = games.get("cribbage")
    match = game.new_match({"players": 2, "best_of": 3}, 12)
    rng = random.Random(12)
    every: list[Event] = []
    while match.current_player is not None:
        seat = match.current_player
        action = rng.choice(list(match.legal_actions()))
        every.extend(game.play(match, seat, str(action))[1])
    points = [e for e in every if e.template == "Game points: {points}."]
    assert len(points) == len(match.games) >= 2
    assert str(points[-1]) == "Game points: {}.".format(
        " · ".join(f"seat {s}: {p}" for s, p in enumerate(match.points))
    )
    assert tuple(every[-2:]) == narration.match_over(match.points, match.winner, len(match.games))
    winner = match.winner
    assert winner is not None
    said = say(every[-1], EN, seat_number, reader=winner)
    assert said.startswith("You win the match, ") and said.endswith(" (game points).")
    assert say(every[-2], translator("hi")) == translator("hi").ngettext(
        narration.GAMES[0], narration.GAMES[1], len(match.games)
    ).format(games=len(match.games))


def test_a_game_read_from_its_record_is_narrated_without_a_match() -> None:
    game = games.get("cribbage")
    position = CribbageGame.new(seed=3)
    rng = random.Random(3)
    told: list[Event] = []
    while position.current_player is not None:
        seat = position.current_player
        told.extend(
            tuple(game.play(position, seat, rng.choice(list(position.legal_actions()))).events)
        )
    result = position.result
    assert result is not None
    assert tuple(told[-len(narration.result(result)) :]) == narration.result(result)
    assert not any(e.template == "Game points: {points}." for e in told)


def test_a_games_moment_read_from_its_state_is_the_one_its_properties_give() -> None:
    position = CribbageGame.new(seed=21)
    rng = random.Random(21)
    while True:
        assert narration.Moment.of_game(position) == narration.Moment.of(position)
        if position.current_player is None:
            break
        position.apply(rng.choice(list(position.legal_actions())))
