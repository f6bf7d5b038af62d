"""What the domino games' two cores share (``pegboard.dominoes.cores``): one shuffle of the
double-six set for the deals of D2 and F2, and the switch to the pure-Python cores."""

from __future__ import annotations

import random

from pegboard.dominoes.cores import (
    SEED_LIMIT,
    fresh_seed,
    pure_python_asked,
    shuffled_in_c,
    shuffled_tiles,
)
from pegboard.draw.round import CORE as DRAW_CORE
from pegboard.draw.round import Round
from pegboard.fives import FivesHand, FivesRules
from pegboard.fives.hand import CORE as FIVES_CORE


def test_d2_f2_the_shuffle_is_pythons_of_the_28_tiles() -> None:
    for seed in (0, 1, -5, 2**63, "a text seed", 3.5):
        order = list(range(28))
        random.Random(seed).shuffle(order)  # type: ignore[arg-type]
        assert shuffled_tiles(seed) == order


def test_d2_f2_both_games_deal_from_the_one_shuffle_whichever_core_shuffles() -> None:
    """A seed the C cores take and one they leave to Python deal the same tiles, in order."""
    for seed in (7, SEED_LIMIT + 7):
        order = shuffled_tiles(seed)
        drawn = Round.deal(2, seed=seed)
        assert sorted(t.index for t in drawn.hands[0]) == sorted(order[:7])
        hand = FivesHand.deal(FivesRules("all-fives", 2), seed=seed)
        assert sorted(t.index for t in hand.hands[0]) == sorted(order[:9])
    assert {DRAW_CORE, FIVES_CORE} <= {"c", "python"}


def test_the_c_cores_shuffle_int_seeds_below_the_limit_only() -> None:
    assert shuffled_in_c(0) and shuffled_in_c(SEED_LIMIT - 1) and shuffled_in_c(1 - SEED_LIMIT)
    assert not shuffled_in_c(SEED_LIMIT) and not shuffled_in_c(-SEED_LIMIT)
    assert not shuffled_in_c(True) and not shuffled_in_c(3.0) and not shuffled_in_c("3")
    assert shuffled_in_c(fresh_seed())


def test_pegboard_pure_python_asks_for_the_pure_cores() -> None:
    for value in ("1", "true", " YES "):
        assert pure_python_asked({"PEGBOARD_PURE_PYTHON": value})
    for value in ("", "0", "no"):
        assert not pure_python_asked({"PEGBOARD_PURE_PYTHON": value})
    assert not pure_python_asked({})
