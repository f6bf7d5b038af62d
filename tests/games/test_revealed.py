"""What a game says it has shown of its hidden information (``Game.revealed``, which the
web's takebacks read): it changes with a tile drawn from the stock (D6/D7, F4), the starter
cut (C3), the hands shown at a deal's end and the next deal (D11-D12, C6, F8), and with no
other move (a tile or card played from one's own hand shows only one's own)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import pegboard.games

MATCHES = [("draw", {"players": 2}), ("cribbage", {}), ("all-fives", {"players": 2})]


def moves(name: str, options: dict[str, Any], seed: int) -> list[tuple[Any, Any, Any, str]]:
    """Each move of a random match: the match's mark before and after, and the action."""
    game = pegboard.games.get(name)
    match = game.new_match(game.check_options(options), seed)
    assert game.revealed is not None
    rng = random.Random(seed)
    seen = []
    while not match.is_over and len(seen) < 600:
        before = game.revealed(match)
        action = rng.choice(match.legal_actions())
        deals = game.deals_over(match) if game.deals_over else 0
        game.play(match, match.current_player, action)
        after_deals = game.deals_over(match) if game.deals_over else 0
        seen.append((before, game.revealed(match), after_deals != deals, str(action)))
    return seen


def test_d7_a_tile_drawn_from_the_stock_shows_something_and_a_tile_played_does_not() -> None:
    for before, after, dealt, action in moves("draw", {"players": 2}, 3):
        if action == "draw" or dealt:
            assert before != after, action
        elif not dealt:
            assert before[0] == after[0] and before[1] == after[1], action


def test_f4_a_tile_drawn_from_the_boneyard_shows_something() -> None:
    played = moves("all-fives", {"players": 2}, 4)
    drawn = [(b, a) for b, a, _dealt, action in played if action == "draw"]
    assert drawn and all(before != after for before, after in drawn)


def test_c3_the_discard_that_cuts_the_starter_shows_it_and_the_first_does_not() -> None:
    game = pegboard.games.get("cribbage")
    match = game.new_match(game.check_options({}), 5)
    assert game.revealed is not None
    start = game.revealed(match)
    game.play(match, match.current_player, match.legal_actions()[0])
    assert game.revealed(match) == start  # one discard: the crib is face down
    game.play(match, match.current_player, match.legal_actions()[0])
    assert match.game.starter is not None and game.revealed(match) != start


@pytest.mark.parametrize(("name", "options"), MATCHES)
def test_c6_d12_f8_every_deal_ended_changes_the_mark(name: str, options: dict[str, Any]) -> None:
    # The hands are shown at a deal's end and a new deal is dealt: never taken back.
    for before, after, dealt, action in moves(name, options, 6):
        if dealt:
            assert before != after, action
