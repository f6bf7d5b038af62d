"""``table_determinize.table_world``: a hand among three (C8) or four in partnerships (C9)
built from one seat's observation alone, for the ``ismcts`` level's search. Over random
games (with muggins too, C18) every world shows that seat exactly what it saw, keeps its
own cards and every card played, deals the others only cards it has not seen, each above
what its go's proved (C10), and keeps the crib once the show turns it up."""

from __future__ import annotations

import random

import pytest

from pegboard.cribbage import Game
from pegboard.cribbage.table_determinize import hand_start_scores, table_world


@pytest.mark.parametrize(("players", "muggins"), [(3, 0), (4, 0), (3, 1), (4, 1)])
def test_c8_c9_c10_a_world_shows_the_seat_what_it_saw(players: int, muggins: int) -> None:
    rng = random.Random(players * 2 + muggins)
    worlds = crib_shown = 0
    for seed in range(6):
        game = Game.new(seed=seed, players=players, muggins=muggins)
        while not game.is_over and game.hand_number == 1:
            seat = game.current_player
            assert seat is not None
            view = game.observation(seat)
            world = table_world(view, rng)
            assert world.game.observation(seat) == view
            assert world.start_scores == hand_start_scores(view) == (0,) * len(game.scores)
            seen = {*view.hand, *view.kept, *view.discards, *(c for _, c in view.played)}
            for other in range(players):
                if other == seat:
                    assert world.game.hands[seat] == game.hands[seat]
                    continue
                assert not seen & set(world.game.hands[other])
                assert all(c.value > view.held_above[other] for c in world.game.hands[other])
            if view.showing is not None and view.showing.what == "crib":
                assert world.game.crib == game.crib
                crib_shown += 1
            worlds += 1
            game.apply(rng.choice(game.legal_actions()), seat=seat)
    assert worlds > 100
    assert crib_shown > 0 or not muggins


def test_c8_the_hidden_cards_are_dealt_again() -> None:
    game = Game.new(seed=2, players=3)
    view = game.observation(game.current_player)  # type: ignore[arg-type]
    rng = random.Random(0)
    deals = {tuple(table_world(view, rng).game.hands) for _ in range(20)}
    assert len(deals) > 15
