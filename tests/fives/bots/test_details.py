"""What the Fives expert shows of a play beside its value (issue 36): points now, tiles
left and blocking, each checked on a position worked by hand."""

from __future__ import annotations

import random
from math import comb

import pytest

from pegboard.dominoes.actions import Play
from pegboard.dominoes.blocking import blocking_chance
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.fives import FivesHand, FivesRules
from pegboard.fives.bots.details import play_details
from pegboard.fives.bots.expert import FivesExpert


def _rest(*placed: Tile) -> list[Tile]:
    """The tiles of the set not placed: the boneyard (in Fives and Threes, set aside)."""
    return [t for t in DOUBLE_SIX if t not in placed]


def _after(hand: FivesHand, action: Play) -> int:
    """What the engine itself scores the play (the seat's side's score change)."""
    seat = hand.current_player
    assert seat is not None
    side = hand.rules.side_of(seat)
    before = hand.scores[side]
    hand = hand.copy()
    hand.apply(action)
    return hand.scores[side] - before


def _all_fives() -> FivesHand:
    # [3|6] led; seat 0 holds [6|6], [1|2], [2|2]; seat 1 two tiles.
    hands = [[Tile(6, 6), Tile(1, 2), Tile(2, 2)], [Tile(0, 1), Tile(0, 2)]]
    return FivesHand.from_position(
        FivesRules("all-fives", 2),
        hands,
        _rest(*hands[0], *hands[1], Tile(3, 6)),
        layout_plays=[(Tile(3, 6), None)],
        leader=1,
        to_play=0,
    )


def test_f6_f7_an_all_fives_play_making_the_ends_15_scores_15_now() -> None:
    hand = _all_fives()
    view = hand.observation(0)
    (play,) = [a for a in view.legal if isinstance(a, Play) and a.tile == Tile(6, 6)]
    details = play_details(view, play)
    # The [6|6] crosswise at the 6 end counts 12 (F6), and the 3 end: 15, a multiple of 5.
    assert details["points now"] == 15 == _after(hand, play)
    assert details["tiles left"] == 2  # three tiles, one played
    # Blocking: 24 unseen tiles (28 less 3 in hand and [3|6]); 11 of them have a 3 or a 6
    # (13 such tiles less [3|6] and [6|6]); seat 1 holds 2: C(13, 2) / C(24, 2).
    assert details["blocking"] == pytest.approx(100 * comb(13, 2) / comb(24, 2))  # 28.3 %


def _fives_and_threes(own: list[Tile]) -> FivesHand:
    # [1|4] led; seat 1 holds three tiles.
    other = [Tile(0, 0), Tile(0, 2), Tile(2, 2)]
    return FivesHand.from_position(
        FivesRules("fives-and-threes", 2),
        [own, other],
        _rest(*own, *other, Tile(1, 4)),
        layout_plays=[(Tile(1, 4), None)],
        leader=1,
        to_play=0,
    )


def test_f7_a_fives_and_threes_play_making_9_scores_3_now() -> None:
    hand = _fives_and_threes([Tile(1, 5), Tile(0, 6), Tile(3, 3)])
    view = hand.observation(0)
    play = next(a for a in view.legal if isinstance(a, Play) and a.tile == Tile(1, 5))
    details = play_details(view, play)
    # [1|5] on the 1: ends 5 and 4, 9 = 3 x 3, not a multiple of 5: 9 / 3 = 3 (F7).
    assert details["points now"] == 3 == _after(hand, play)
    assert details["tiles left"] == 2
    # 24 unseen; 13 tiles have a 4 or a 5, less [1|4] and [1|5]: 11; seat 1 holds 3.
    assert details["blocking"] == pytest.approx(100 * comb(13, 3) / comb(24, 3))  # 14.1 %


def test_f8_chipping_out_scores_its_point_now_and_blocks_nobody() -> None:
    hand = _fives_and_threes([Tile(1, 5)])
    view = hand.observation(0)
    (play,) = view.legal
    details = play_details(view, play)
    # 9 scores 3, and the last tile 1 more (F8); the hand is over: no blocking figure.
    assert details == {"points now": 4.0, "tiles left": 0.0} and _after(hand, play) == 4


def test_blocking_is_certain_when_no_unseen_tile_fits_and_impossible_when_all_do() -> None:
    tiles = [Tile(0, 1), Tile(0, 2), Tile(1, 2)]
    assert blocking_chance(tiles, {6}, 2) == 100.0
    assert blocking_chance(tiles, {0, 1, 2}, 1) == 0.0
    assert blocking_chance(tiles, {0}, 1) == pytest.approx(100 / 3)  # only [1|2] misses 0


@pytest.mark.parametrize("game", ["all-fives", "fives-and-threes"])
def test_the_expert_shows_every_plays_details_and_chooses_as_before(game: str) -> None:
    hand = FivesHand.deal(FivesRules(game, 3), seed=5)
    view = hand.observation(hand.current_player)  # type: ignore[arg-type]
    ranked = FivesExpert(budget=60).analyse(view, random.Random(2))
    for e in ranked:
        assert e.details == {
            "expected points": e.details["expected points"],
            "deals": e.details["deals"],
            **play_details(view, e.action),
        }
        assert e.details["tiles left"] == len(view.hand) - 1
