"""The Fives family's levels for people (``fives_levels``): registered weakest first after
random and greedy, each the policy it says it is, the same for a seed.

Legality and blindness for every level are in test_fives_bots.py (its tests run over
``bot_levels``); the levels' strength, each against the one below, is measured in the
arena (``python -m benchmarks.fives_strength 2000 ladder``, docs/bots.md's table).
"""

from __future__ import annotations

import random

import pytest

from pegboard.bots.budget import set_budget
from pegboard.dominoes.actions import Play
from pegboard.dominoes.tiles import Tile
from pegboard.fives.bots.basic import play_points
from pegboard.fives.bots.expert import FivesExpert, _Search
from pegboard.fives.bots.levels import (
    CAUTION,
    SLIP,
    STRONG_BUDGET,
    FivesBeginner,
    FivesCasual,
    FivesStrong,
    casual_choice,
)
from pegboard.fives.hand import FivesHand
from pegboard.fives.rules import GAMES, FivesRules
from pegboard.games import bot_levels, make_bot
from pegboard.games.levels import PEOPLE_LEVELS
from tests.fives.bots.test_basic import _credited, _random_position, credited_positions


class Fixed(random.Random):
    """A stream whose ``random()`` always gives ``value`` (to choose the beginner's end)."""

    def __init__(self, value: float) -> None:
        super().__init__(0)
        self.value = value

    def random(self) -> float:
        return self.value


@pytest.mark.parametrize("game", GAMES)
def test_f1_the_four_levels_are_registered_weakest_first_after_random_and_greedy(
    game: str,
) -> None:
    # The match expert (issue 37) is a research level, listed just before the expert.
    assert bot_levels(game) == ("random", "greedy", *PEOPLE_LEVELS[:-1], "match-expert", "expert")
    assert PEOPLE_LEVELS[-1] == "expert"
    for level in PEOPLE_LEVELS:
        assert make_bot(game, level, seed=1).name == level


def _beginner_position() -> FivesHand:
    # All Fives, [1|4] led (ends 1 and 4: 5). The hand, in the order held (the
    # observation's, low tiles first): [1|3] [1|6] [2|4] [4|6]. On the 1 end, [1|3] leaves
    # 3 + 4 = 7 (nothing) and [1|6] 6 + 4 = 10 (10 points, F7); on the 4 end, [2|4] leaves
    # 1 + 2 = 3 and [4|6] 1 + 6 = 7 (nothing).
    rules = FivesRules("all-fives", 2)
    hand = [Tile(1, 3), Tile(4, 6), Tile(1, 6), Tile(2, 4)]
    return FivesHand.from_position(
        rules, [hand, [Tile(0, 0)]], layout_plays=[(Tile(1, 4), None)], leader=1, to_play=0
    )


def test_f7_the_beginner_takes_the_first_score_at_the_end_it_looks_at() -> None:
    view = _beginner_position().observation(0)
    first, second = view.open_ends
    one, four = (first, second) if first.value == 1 else (second, first)
    looks_at_one = Fixed(0.9) if one is first else Fixed(0.0)  # 0.0: the other end
    looks_at_four = Fixed(0.0) if one is first else Fixed(0.9)
    # At the 1 end: [1|6] scores 10, so it passes over [1|3], the first that fits.
    assert FivesBeginner().choose(view, looks_at_one) is Play(Tile(1, 6), one)
    # At the 4 end nothing scores: the first that fits, [2|4], missing the 10 at the 1 end
    # that the casual bot takes.
    assert view.hand == (Tile(1, 3), Tile(1, 6), Tile(2, 4), Tile(4, 6))
    assert FivesBeginner().choose(view, looks_at_four) is Play(Tile(2, 4), four)
    assert FivesCasual().choose(view, Fixed(0.0)) is Play(Tile(1, 6), one)


def test_f4_the_beginner_looks_at_the_other_end_when_nothing_fits_its_own() -> None:
    rules = FivesRules("fives-and-threes", 2)
    hand = FivesHand.from_position(
        rules,
        [[Tile(0, 2), Tile(4, 6)], [Tile(0, 0)]],
        layout_plays=[(Tile(1, 4), None)],
        leader=1,
        to_play=0,
    )
    view = hand.observation(0)
    for value in (0.0, 0.9):  # whichever end it looks at first, only the 4 end takes a tile
        choice = FivesBeginner().choose(view, Fixed(value))
        assert isinstance(choice, Play) and choice.tile == Tile(4, 6)
        assert choice.end is not None and choice.end.value == 4


def test_f7_the_beginner_leads_the_first_tile_it_holds_that_scores() -> None:
    # Leading in All Fives, a tile scores its pips when they are a multiple of five.
    rules = FivesRules("all-fives", 2)
    hand = FivesHand.from_position(
        rules, [[Tile(1, 2), Tile(3, 4), Tile(2, 3), Tile(5, 5)], [Tile(0, 0)]], leader=0
    )
    choice = FivesBeginner().choose(hand.observation(0), Fixed(0.9))
    assert choice == Play(Tile(2, 3), None)  # 5 points, before [5|5]'s 10


def test_f7_casual_takes_the_most_points_then_sheds_its_heaviest_tile() -> None:
    """In many seeded positions the casual play scores the most of any legal action, as
    the engine credits it, and of those plays it lays the heaviest tile."""
    ties = 0
    for seed, _hand, view, credited in credited_positions(300):
        choice = FivesCasual().choose(view, random.Random(seed))
        best = max(credited.values())
        assert credited[choice] == best
        tied = [a for a, points in credited.items() if points == best and isinstance(a, Play)]
        if isinstance(choice, Play):
            assert choice.tile.pips == max(a.tile.pips for a in tied)
            ties += len({a.tile.pips for a in tied}) > 1
    assert ties > 20


def test_strong_searches_like_a_small_expert_but_keeps_the_casual_move_unless_sure() -> None:
    """Strong slips to the casual move; else it searches the deals a plain search of its
    budget searches (the same stream), and plays that search's best only when sure of it:
    it overrules the casual move at times, and at times keeps it against the search's
    choice. Without its caution (strong as the plain search) ``kept`` would be 0."""
    slips = overruled = kept = 0
    for seed in range(160):
        hand = _random_position(seed)
        legal = list(hand.legal_actions())
        if hand.is_over or len(legal) < 2:
            continue
        view = hand.observation(hand.current_player or 0)
        strong = FivesStrong().choose(view, random.Random(seed))
        obvious = casual_choice(view, legal)
        rng = random.Random(seed)
        if rng.random() < SLIP:  # what the strong bot draws first
            slips += 1
            assert strong == obvious
            continue
        searched = FivesExpert(budget=STRONG_BUDGET).choose(view, rng)
        assert strong in (searched, obvious)
        if strong != obvious:
            overruled += 1
        elif searched != obvious:
            kept += 1
    assert slips > 5 and overruled > 5 and kept > 5, (slips, overruled, kept)
    assert FivesExpert.default_budget > STRONG_BUDGET
    assert FivesExpert.caution == 0 < CAUTION == FivesStrong.caution


def test_sure_is_a_lead_of_more_than_caution_standard_errors() -> None:
    """Leads over the casual move of 1, 2, 3 and 2 points in four deals: a mean of 2, a
    sample standard deviation of sqrt(2/3) = 0.816 and a standard error of 0.408, so sure
    at 1 and at 4.8 standard errors, not at 5 (2.04); the baseline is always sure."""
    hand = next(
        h for h in map(_random_position, range(100)) if not h.is_over and len(h.legal_actions()) > 1
    )
    view = hand.observation(hand.current_player or 0)
    legal = list(hand.legal_actions())
    search = _Search(view, legal, baseline=0)
    search.deals = 4
    search.lead[1] = 1 + 2 + 3 + 2
    search.lead_squares[1] = 1 + 4 + 9 + 4
    assert search.sure(1, 1.0) and search.sure(1, 4.8)
    assert not search.sure(1, 5.0)
    assert search.sure(0, 100.0)
    search.deals = 1  # one deal tells nothing of the spread
    assert not search.sure(1, 0.5)


@pytest.mark.parametrize("level", PEOPLE_LEVELS)
def test_the_same_seed_gives_the_same_hand(level: str) -> None:
    def play(seed: int) -> list[str]:
        rules = FivesRules("all-fives", 3)
        hand = FivesHand.deal(rules, seed=4, leader=0)
        bots = [make_bot("all-fives", level, seed=seed + s) for s in range(3)]
        for bot in bots:
            set_budget(bot.bot, 12)
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            hand.apply(bots[seat].act(hand.observation(seat)))
        return [str(m) for m in hand.history]

    assert play(1) == play(1)


def test_f7_the_points_of_the_beginners_example_are_the_engines() -> None:
    """The figures in the beginner's example are the engine's, not only the comment's."""
    hand = _beginner_position()
    view = hand.observation(0)
    worth = {
        (p.tile, p.end.value): _credited(hand, p)
        for p in hand.legal_actions()
        if isinstance(p, Play) and p.end is not None
    }
    assert worth == {
        (Tile(1, 3), 1): 0,
        (Tile(1, 6), 1): 10,
        (Tile(4, 6), 4): 0,
        (Tile(2, 4), 4): 0,
    }
    assert all(
        play_points(view, p) == _credited(hand, p)
        for p in hand.legal_actions()
        if isinstance(p, Play)
    )
