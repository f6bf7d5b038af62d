"""Draw's bots in partnerships (D21-D24): every level plays thousands of seeded partnership
rounds of Draw and Block legally to the end; the searches' playouts settle them by side as
``Round`` does; the searches' reward is the side's margin, the same for both partners; the
worlds they sample are partnership rounds that keep what the seat saw and give it no sight
of its partner's hand; and the tree search's side beats a random side in duplicate deals.

The ladder's margins in partnerships are measured in the arena (docs/bots.md), not here.
"""

from __future__ import annotations

import random
import statistics

import pytest

from pegboard.bots import SeededBot
from pegboard.bots.base import RandomBot
from pegboard.dominoes.ranks import RANK_BIT, pips, to_playout
from pegboard.dominoes.tiles import mask_of
from pegboard.draw import Round
from pegboard.draw.bots.expert import Dealer
from pegboard.draw.bots.ismcts import DrawISMCTS
from pegboard.draw.bots.ismcts import margins as search_margins
from pegboard.draw.bots.playout import Playout, margins
from pegboard.draw.determinize import determinize, public_determinize, trailing_passes
from pegboard.games import make_bot
from tests.draw.bots.test_block_bots import SMALL_BUDGET, bots_for
from tests.draw.bots.test_expert import _policy, play_round

QUICK = ("random", "greedy", "beginner", "casual")
SEARCHING = ("strong", "pimc", "expert")


def partnership_round(seed: int) -> Round:
    """A partnership round of Draw (even seeds) or Block (odd seeds)."""
    return Round.deal(4, seed=seed, leader=seed % 4, block=seed % 2 == 1, partnerships=True)


@pytest.mark.parametrize("level", QUICK)
def test_d21_the_quick_levels_play_thousands_of_partnership_rounds_legally(level: str) -> None:
    for seed in range(1500):
        round_ = partnership_round(seed)
        play_round(round_, bots_for(level, 4, seed))
        assert round_.result is not None and round_.result.partnerships


@pytest.mark.parametrize("level", SEARCHING)
def test_d21_the_searching_levels_play_partnership_rounds_legally(level: str) -> None:
    for seed in range(200):
        round_ = partnership_round(seed)
        play_round(round_, bots_for(level, 4, seed, SMALL_BUDGET))
        assert round_.result is not None and round_.result.partnerships


@pytest.mark.parametrize("level", SEARCHING)
def test_d21_the_searching_levels_play_partnerships_at_their_own_budget(level: str) -> None:
    for seed in range(2):
        play_round(partnership_round(100 + seed), bots_for(level, 4, seed))


def partnership_positions(count: int, seed: int = 5) -> list[Round]:
    """Partnership rounds in play (Draw and Block), from seeded random play."""
    found: list[Round] = []
    rng = random.Random(seed)
    deal = 0
    while len(found) < count:
        round_ = partnership_round(seed + deal)
        deal += 1
        while not round_.is_over:
            if rng.random() < 0.2:
                found.append(round_.copy())
            round_.apply(rng.choice(round_.legal_actions()))
    return found


def test_d22_d23_the_playouts_settle_partnership_rounds_as_round_does() -> None:
    """From partnership positions, a playout (its stock Draw's order, none in Block) played
    by the policy reaches ``Round``'s settlement by side: the same points on both partners'
    seats (D22, D23)."""
    for round_ in partnership_positions(400):
        playout = Playout(
            [to_playout(mask_of(hand)) for hand in round_.hands],
            [] if round_.block else [RANK_BIT[t.index] for t in round_.stock],
            round_.line.open_values(),
            round_.current_player or 0,
            trailing_passes(round_.history),
            partners=True,
        )
        end = playout.run()
        while not round_.is_over:
            round_.apply(_policy(round_))
        assert round_.result is not None
        assert tuple(playout.points(end)) == round_.result.points
        assert [pips(h) for h in playout.hands] == list(round_.result.pip_counts)


def test_d21_the_searches_reward_is_the_sides_margin() -> None:
    """The value a search maximises for a seat (``playout.margins``, the tree search's
    ``margins``) is its side's points less the opponents' side's, the same for partners;
    alone it stays the seat's points less the mean of the others'."""
    assert margins([0, 22, 0, 22], True) == [-22, 22, -22, 22]
    assert margins([18, 0, 18, 0], True) == [18, -18, 18, -18]
    assert margins([0, 0, 0, 0], True) == [0, 0, 0, 0]
    assert margins([30, 0, 0, 0], False) == [30, -10, -10, -10]
    for round_ in partnership_positions(60, seed=9):
        playout = Dealer(round_.observation(round_.current_player or 0)).root(random.Random(1))
        assert playout.partners
        end = playout.run()
        value = search_margins(playout, end)
        assert value[0] == value[2] == -value[1] == -value[3]


def test_d21_the_sampled_worlds_are_partnership_rounds_that_keep_the_seats_view() -> None:
    """``determinize`` and ``public_determinize`` give partnership rounds (D21) that the
    seat sees as it saw the real one: its own hand, the line, every hand size (its
    partner's too, but not its tiles) and what the passes proved; the partner's hand is
    dealt at random among the tiles the seat cannot see, as the opponents' are, so that
    over many worlds it varies."""
    rng = random.Random(3)
    for round_ in partnership_positions(80, seed=11):
        me = round_.current_player
        assert me is not None
        observation = round_.observation(me)
        partner_hands = set()
        for _ in range(6):
            for world in (determinize(observation, rng), public_determinize(observation, rng)):
                assert world.partnerships and world.block is round_.block
                seen = world.observation(me)
                assert (seen.line, seen.hand_sizes, seen.stock_size, seen.known_absent) == (
                    observation.line,
                    observation.hand_sizes,
                    observation.stock_size,
                    observation.known_absent,
                )
            world = determinize(observation, rng)
            assert world.hand(me) == round_.hand(me)
            partner_hands.add(world.hand((me + 2) % 4))
        if len(round_.hand((me + 2) % 4)) > 1 and not any(round_.known_absent(s) for s in range(4)):
            assert len(partner_hands) > 1


def test_d21_the_tree_search_side_beats_a_random_side_in_duplicate_deals() -> None:
    """Sensible play for a side, not only legal: two tree searches at a small budget as
    partners (seats 0 and 2) beat two random partners, the sides exchanged on each deal."""
    margins_ = []
    for deal in range(40):
        total = 0
        for side in (0, 1):
            bots = [SeededBot(RandomBot(), deal * 4 + s) for s in range(4)]
            for seat in (side, side + 2):
                bots[seat] = SeededBot(DrawISMCTS(budget=60), 7919 * deal + seat)
            points = play_round(partnership_round(2 * deal), bots)
            total += points[side] - points[1 - side]
        margins_.append(total / 2)
    mean = statistics.mean(margins_)
    half_width = 1.96 * statistics.stdev(margins_) / len(margins_) ** 0.5
    assert mean - half_width > 0, (mean, half_width)


def test_d21_every_level_is_offered_for_partnerships() -> None:
    """Every level of Draw makes a bot that acts at a partnership table."""
    round_ = partnership_round(4)
    observation = round_.observation(round_.current_player or 0)
    for level in (*QUICK, *SEARCHING):
        bot = make_bot("draw", level, seed=1)
        assert bot.act(observation) in observation.legal_actions()
