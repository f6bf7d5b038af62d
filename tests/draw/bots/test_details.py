"""What the Draw expert shows of an action beside its value (issue 36): tiles left and
blocking, checked on a position worked by hand; a play scores nothing in Draw (D10)."""

from __future__ import annotations

import random
from math import comb

import pytest

from pegboard.dominoes.line import Line
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.draw import DRAW, Play, Round
from pegboard.draw.bots.details import play_details
from pegboard.draw.bots.ismcts import DrawISMCTS


def _round(own: list[Tile]) -> Round:
    # [2|5] led; seat 1 holds three tiles; the rest is the stock.
    other = [Tile(0, 1), Tile(0, 3), Tile(3, 4)]
    placed = {*own, *other, Tile(2, 5)}
    stock = [t for t in DOUBLE_SIX if t not in placed]
    line = Line.from_plays([(Tile(2, 5), None)])
    return Round.from_position([own, other], stock, current=0, line=line, leader=1)


def test_d5_a_play_leaves_tiles_and_blocks_the_next_seat_as_counted_by_hand() -> None:
    view = _round([Tile(5, 6), Tile(0, 0), Tile(1, 1)]).observation(0)
    play = next(a for a in view.legal if isinstance(a, Play) and a.tile == Tile(5, 6))
    details = play_details(view, play)
    assert details["tiles left"] == 2  # three tiles, one played
    # [5|6] on the 5: ends 2 and 6. 24 unseen tiles (28 less 3 in hand and [2|5]); 13
    # tiles have a 2 or a 6, less [2|5] and [5|6]: 11; seat 1 holds 3.
    assert details["blocking"] == pytest.approx(100 * comb(13, 3) / comb(24, 3))  # 14.1 %
    assert "points now" not in details  # D10: plays score nothing
    assert play_details(view, DRAW) == {"tiles left": 4.0}  # D6: one more


def test_d11_the_last_tile_ends_the_round_and_blocks_nobody() -> None:
    view = _round([Tile(5, 6)]).observation(0)
    play = next(a for a in view.legal if isinstance(a, Play))
    assert play_details(view, play) == {"tiles left": 0.0}


def test_d10_the_expert_shows_every_actions_details_and_no_points_for_a_play() -> None:
    view = Round.deal(3, seed=8).observation(0)
    for e in DrawISMCTS(budget=60).analyse(view, random.Random(1)):
        extra = {k: v for k, v in e.details.items() if k not in ("visits", "iterations")}
        assert extra == play_details(view, e.action)
        assert "points now" not in e.details  # D10: a play scores nothing in Draw
