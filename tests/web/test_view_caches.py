"""The views' caches (issue 42, "The server's move"): what a view keeps from one seat's view
or one move to the next is public or keyed by its seat, so a view made through the caches is
the view made afresh, for every seat and the spectators, and never shows a seat what only
another may know (its hand, its discards, the stock, the deck).
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import pegboard.games
from pegboard.cribbage import CribbageMatch
from pegboard.cribbage.actions import Discard
from pegboard.cribbage.game import Game as CribbageGame
from pegboard.cribbage.looks import web as cribbage_web
from pegboard.draw import Match
from pegboard.draw.looks import web as draw_web
from pegboard.web.views import view
from tests.web.conftest import leaks

NAMES = {"draw": ["Ana", "Bo", "Cy"], "cribbage": ["Ana", "Bo"]}
CONFIGS: dict[str, dict[str, Any]] = {"draw": {"players": 3}, "cribbage": {"best_of": 1}}
LANGS = ("en", "pt_BR")


def clear_caches() -> None:
    """Every cache the views keep between calls, emptied."""
    draw_web._line_svgs.clear()
    for cached in (
        draw_web.cached_move_line,
        draw_web.round_lines,
        draw_web.draw_track,
        cribbage_web.drawn_board,
        cribbage_web.show_entries,
        cribbage_web.finished_log,
        cribbage_web.finished_game,
        cribbage_web.hand_lines,
        cribbage_web._move_line,
        cribbage_web._hand_header,
        cribbage_web._event_lines,
    ):
        cached.cache_clear()


def fresh(match: Any) -> Any:
    """The same match, with nothing in it that an earlier observation left."""
    return copy.deepcopy(match) if isinstance(match, Match) else _replayed(match)


def _replayed(match: CribbageMatch) -> CribbageMatch:
    rebuilt = CribbageMatch.from_record(match.to_record())
    assert isinstance(rebuilt, CribbageMatch)
    return rebuilt


def hidden_from(match: Any, seat: int | None) -> set[str]:
    """What ``seat`` (None: a spectator) may not know in the first deal of the match, as
    ``tests.web.conftest.Truth.hidden`` says it (the stock and the other hands; for
    cribbage the crib but the seat's own discards too, less the cut for the deal)."""
    if isinstance(match, Match):
        round_ = match.round
        secret = set(round_.stock)
        if round_.result is None:
            secret |= {t for s, hand in enumerate(round_.hands) if s != seat for t in hand}
        return {str(t) for t in secret}
    game = match.game
    cards = set(game.stock) - {game.starter}
    if not game.is_over:
        own = set(game.observation(seat).discards) if seat is not None else set()
        cards |= {c for s, hand in enumerate(game.hands) if s != seat for c in hand}
        cards |= set(game.crib) - own
    cut = {c for cut in match.cuts for c in cut.cards}  # shown to both to find the dealer (C2)
    return {str(c) for c in cards - cut}


def first_deal(match: Any) -> bool:
    if isinstance(match, Match):
        return not match.rounds
    return not match.games and match.game.hand_number == 1


@pytest.mark.parametrize("game", ["draw", "cribbage"])
def test_views_through_the_caches_are_the_views_made_afresh(game: str) -> None:
    """Every seat's view and the spectators', in two languages, after every move of a
    seeded match, asked one after the other as a broadcast asks them: equal to the view of
    the same position rebuilt from scratch with every cache emptied."""
    description = pegboard.games.get(game)
    rng = random.Random(42)
    match = description.new_match(CONFIGS[game], 7)
    names = NAMES[game]
    seats: list[int | None] = [*range(len(names)), None]
    moves = 0
    while not match.is_over and moves < 140:
        made = {
            (seat, lang): view(match, game, seat, lang, names) for seat in seats for lang in LANGS
        }
        if moves % 7 == 0:  # now and then, against a clean slate
            clear_caches()
            again = fresh(match)
            for (seat, lang), seen in made.items():
                assert seen == view(again, game, seat, lang, names), (moves, seat, lang)
        current = match.current_player
        legal = made[(current, "en")]["legal"]
        description.play(match, current, rng.choice(legal)["action"])
        moves += 1
    assert moves > 40


def test_a_cribbage_seat_never_sees_the_other_seats_discards_through_its_memo() -> None:
    """``Position.observation`` keeps each seat's moves as that seat sees them (``_seen``):
    asked in turn for both seats, and of copies and of positions sampled for a bot, each
    seat's history is the one a fresh position gives, its own discards with their cards and
    the other's without."""
    rng = random.Random(5)
    game = CribbageGame.new(seed=11, dealer=0)
    actions: list[str] = []
    for _ in range(80):
        if game.current_player is None:
            break
        for seat in (1, 0, 1):
            history = game.observation(seat).history
            replayed = CribbageGame.new(seed=11, dealer=0)
            replayed.replay(actions)
            assert history == replayed.observation(seat).history
            for (_, mover, action), move in zip(game._history, history, strict=True):
                if mover != seat and isinstance(action, Discard):
                    assert move.text == "discard"
            sampled = game.sample_hidden(seat, rng)  # its own view: what it sampled from
            assert sampled.observation(seat).history == history
            assert game.copy().observation(seat).history == history
        action = rng.choice(game.legal_actions())
        actions.append(str(action))
        game.apply(action)
    assert len(actions) > 30


@pytest.mark.parametrize("game", ["draw", "cribbage"])
def test_a_view_through_the_caches_shows_no_hidden_tile_or_card(game: str) -> None:
    """After every move, the views of every seat and of a spectator, made one after the
    other (the order a broadcast makes them in, each warming the caches for the next), name
    nothing their reader may not know."""
    description = pegboard.games.get(game)
    rng = random.Random(9)
    match = description.new_match(CONFIGS[game], 3)
    names = NAMES[game]
    checked = 0
    while first_deal(match):
        for seat in [*range(len(names)), None]:
            made = view(match, game, seat, "en", names)
            assert leaks(made, hidden_from(match, seat)) == []
        current = match.current_player
        legal = view(match, game, current, "en", names)["legal"]
        description.play(match, current, rng.choice(legal)["action"])
        checked += 1
    assert checked > 10
