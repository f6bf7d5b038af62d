"""Hidden information in the views (docs/web.md, "Hidden information"; D2, C2).

Twin matches that differ only in what a seat cannot know give that seat byte-identical
views, and every twin gives the same public view; views over whole random games never
name a tile or card the seat cannot know yet; the public view is built from a whitelist
of an observation's public fields, whichever seat's observation it starts from.
"""

from __future__ import annotations

import copy
import json
import random
import re
from typing import Any

import pytest

from pegboard.cribbage.cards import Card
from pegboard.cribbage.game import Game
from pegboard.cribbage.looks import web as views_cribbage
from pegboard.cribbage.match import CribbageMatch
from pegboard.cribbage.observation import PublicMove
from pegboard.cribbage.text import narrate
from pegboard.draw import Match, Tile
from pegboard.draw.looks import web as views_draw
from pegboard.i18n import translator
from pegboard.web.views import view

TILE = re.compile(r"\[([0-6])\|([0-6])\]|(?<![\d.])([0-6])-([0-6])(?!\d)")
CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([SHDC])(?!\w)")


def dumps(v: dict[str, Any]) -> str:
    return json.dumps(v, ensure_ascii=False, sort_keys=False)


def tiles_in(texts: list[str]) -> set[Tile]:
    found = set()
    for text in texts:
        for m in TILE.finditer(text):
            a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
            found.add(Tile(int(a), int(b)))
    return found


def cards_in(texts: list[str]) -> set[Card]:
    return {Card.parse(rank + suit) for text in texts for rank, suit in CARD.findall(text)}


def draw_twin(match: Match, seat: int, rng: random.Random) -> Match:
    """The match with every tile ``seat`` cannot see dealt again (other hands, stock)."""
    twin = copy.copy(match)
    twin._round = match.round.sample_hidden(seat, rng)  # type: ignore[misc]
    return twin


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_twins_that_differ_in_hidden_tiles_give_identical_views(players: int) -> None:
    rng = random.Random(players)
    match = Match(players, seed=100 + players)
    differed = 0
    step = 0
    while not match.is_over and step < 400:
        step += 1
        if step % 3 == 0:
            publics = {dumps(view(match, "draw", None, "pt"))}
            for seat in range(players):
                twin = draw_twin(match, seat, rng)
                if twin.round.hands != match.round.hands:
                    differed += 1
                assert dumps(view(twin, "draw", seat, "pt")) == dumps(
                    view(match, "draw", seat, "pt")
                )
                publics.add(dumps(view(twin, "draw", None, "pt")))
            assert len(publics) == 1
        match.apply(rng.choice(match.legal_actions()))
    assert differed > 20  # the twins really were different deals


def test_cribbage_twins_that_differ_in_hidden_cards_give_identical_views() -> None:
    rng = random.Random(7)
    match = CribbageMatch(best_of=3, seed=7)
    differed = 0
    step = 0
    while not match.is_over:
        step += 1
        if step % 4 == 0:
            publics = {dumps(view(match, "cribbage", None, "hi"))}
            for seat in (0, 1):
                twin = match.sample_hidden(seat, rng)
                if twin.game.hands != match.game.hands or twin.game.crib != match.game.crib:
                    differed += 1
                mine = dumps(view(match, "cribbage", seat, "hi"))
                assert dumps(view(twin, "cribbage", seat, "hi")) == mine
                publics.add(dumps(view(twin, "cribbage", None, "hi")))
            assert len(publics) == 1
        match.apply(rng.choice(match.legal_actions()))
    assert differed > 20


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d2_draw_views_never_name_a_tile_the_seat_cannot_know(players: int) -> None:
    """At every step of whole random matches: another hand and the stock stay unnamed in
    the hand, the moves, the line and the current round's log (in every perspective)."""
    rng = random.Random(players * 31)
    match = Match(players, seed=players * 31)
    while not match.is_over:
        round_ = match.round
        line = set(round_.line.tiles)
        for seat in [None, *range(players)]:
            v = view(match, "draw", seat, "en")
            own = set(round_.hand(seat)) if seat is not None else set()
            hidden = {t for s, hand in enumerate(round_.hands) if s != seat for t in hand}
            hidden |= set(round_.stock)
            current = v["log"][-(1 + len(round_.history)) :]
            texts = [*v["hand"], *v["plays"], v["line_description"], v["line_title"], *current]
            texts += [item["action"] + " " + item["label"] for item in v["legal"]]
            named = tiles_in(texts)
            assert not named & hidden, (seat, named & hidden)
            assert named <= own | line
            if seat is None:
                assert v["hand"] == [] and v["legal"] == [] and v["plays"] == {}
            assert v["round_end"] is None or not round_.history
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(("players", "muggins"), [(2, 0), (3, 0), (4, 0), (2, 1), (3, 1), (4, 1)])
def test_c2_c8_c9_cribbage_views_never_name_a_card_the_seat_cannot_know(
    players: int, muggins: int
) -> None:
    """The other hands (a partner's too among four, C9), the other seats' discards before
    the show and the undealt deck stay unnamed in the cards, the moves and the current
    hand's log: in every seat's view, the messages the web sends it. With muggins (C18)
    the show is a phase of its own, where each hand and then the crib is turned up in turn
    (C6): only those already turned up may be named."""
    rng = random.Random(5)
    match = CribbageMatch(best_of=1, seed=5, players=players, muggins=muggins)
    while not match.is_over:
        game = match.game
        shown = _turned_up(game)
        for seat in (None, *range(players)):
            v = view(match, "cribbage", seat, "en")
            hidden = set(game.stock) - {game.starter}
            for other in range(players):
                if other != seat:
                    hidden |= set(game.hands[other]) | set(game.kept[other]) - {
                        c for _s, c in game.played
                    }
                    hidden |= set(game.observation(other).discards)
            hidden -= shown
            current = _current_hand_lines(v["log"])
            texts = [*v["hand"], *v["kept"], *v["discards"], *v["pile"], *v["playable"]]
            texts += [c for _s, c in v["played"]] + [v["starter"] or ""] + current
            texts += [item["action"] + " " + item["label"] for item in v["legal"]]
            if v["showing"] is not None:
                texts += [*v["showing"]["cards"], v["showing"]["whose"]]
            named = cards_in(texts)
            assert not named & hidden, (seat, named & hidden)
            if seat is None:
                assert v["hand"] == v["kept"] == v["discards"] == v["legal"] == []
        match.apply(rng.choice(match.legal_actions()))


SHOWN = ("hand", "crib")


def _turned_up(game: Game) -> set[Card]:
    """The cards turned up so far in the show of the hand in play, with muggins (C6, C18):
    the hands and crib claimed for, and the one being claimed for now."""
    observation = game.observation(0)
    if observation.phase != "show":
        return set()
    hand = game.hand_number
    cards = {c for e in observation.log if e.hand == hand and e.reason in SHOWN for c in e.cards}
    if observation.showing is not None:
        cards |= set(observation.showing.cards)
    return cards


def _current_hand_lines(log: list[str]) -> list[str]:
    """The log lines since the current hand was dealt (the last "Hand N ·" header); older
    hands were dealt from another shuffle, so their cards say nothing about this one."""
    for index in range(len(log) - 1, -1, -1):
        if log[index].startswith("Hand "):
            return log[index:]
    return log


def test_the_public_view_is_the_same_from_every_seats_observation() -> None:
    """The whitelist keeps only public fields: built from seat 0's or seat 1's
    observation, the public parts are equal, and hold no hand, discard or legal move."""
    rng = random.Random(3)
    draw = Match(3, seed=3)
    while not draw.is_over:
        publics = [views_draw.seen(draw.observation(s).round, None) for s in range(3)]
        assert publics[0] == publics[1] == publics[2]
        assert publics[0].hand == () and publics[0].legal == () and publics[0].seat is None
        draw.apply(rng.choice(draw.legal_actions()))
    crib = CribbageMatch(best_of=1, seed=3)
    while not crib.is_over:
        a, b = (views_cribbage.seen(crib.observation(s).game, None) for s in (0, 1))
        assert a == b
        assert a.hand == a.kept == a.discards == a.legal == ()
        assert all(m.text == "discard" for m in a.history if m.text.startswith("discard"))
        crib.apply(rng.choice(crib.legal_actions()))


@pytest.mark.parametrize(
    ("seat", "players", "muggins"),
    [(0, 2, 0), (1, 2, 0), (None, 2, 0), (1, 2, 1), (None, 2, 1), (2, 3, 1)],
)
def test_c3_c6_the_log_explains_every_score_as_the_terminal_narrates_it(
    seat: int | None, players: int, muggins: int
) -> None:
    """The view orders the game's moves and scores from one observation; the terminal
    narrates them action by action. Both tell the same story: with muggins too (C18, C19:
    each claim, the hand or crib claimed for, the answer, its count, the points mugged)."""
    _ = translator("en")
    names = ("Ana", "Bo", "Cy")[:players]
    seats = views_cribbage.NamedSeats(human=seat, names=names)
    for seed in range(4 if not muggins else 2):
        rng = random.Random(seed)
        game = Game.new(seed=seed, players=players, muggins=muggins)
        narrated: list[str] = []
        look = 0 if seat is None else seat
        while not game.is_over:
            before = views_cribbage.seen(game.observation(look), seat)
            game.apply(rng.choice(game.legal_actions()))
            after = views_cribbage.seen(game.observation(look), seat)
            new = after.history[len(before.history) :]
            moves = [(m.seat, m.text) for m in new]
            narrated += [
                line.strip()
                for line in narrate(before, after, moves, seats, _)  # type: ignore[arg-type]
            ]
        final = views_cribbage.seen(game.observation(look), seat)
        assert views_cribbage.game_log(final, seats, _, headers=False) == narrated
        assert any("for his nobs" in line or "fifteen two" in line for line in narrated)
        assert isinstance(final.history[0], PublicMove)
