"""Draw's bots on the double-nine set (D25-D27): every level plays seeded double-nine rounds
(Draw, Block, partnerships; 2 to 4 players) legally to the end and deterministically for a
seed; the searches' playouts use the set's numbering and settle as ``Round`` does; the
worlds they sample are of the table's set, holding none of another set's tiles.

The ladder's margins on the double-nine set are measured in the arena (docs/bots.md).
"""

from __future__ import annotations

import random

import pytest

from pegboard.dominoes.ranks import ranks_of
from pegboard.dominoes.tiles import DOUBLE_NINE, mask_of
from pegboard.draw import Round
from pegboard.draw.bots.expert import Dealer
from pegboard.draw.bots.playout import Playout, code_of
from pegboard.draw.determinize import determinize, public_determinize, trailing_passes
from pegboard.games import bot_levels
from tests.draw.bots.test_block_bots import SMALL_BUDGET, bots_for
from tests.draw.bots.test_expert import _policy, play_round

QUICK = ("random", "greedy", "beginner", "casual")
SEARCHING = ("strong", "pimc", "match-expert", "expert")
RESEARCH = ("ismcts",)
"""OpenSpiel's ISMCTS searches ``pegboard_draw`` of the table's set: its double-nine rounds
are played in tests/draw/test_double_nine_research.py."""
NINE = ranks_of(9)


def nine_round(seed: int) -> Round:
    """A double-nine round: 2, 3 or 4 players, Draw or Block, alone or (at four) partners."""
    players = 2 + seed % 3
    return Round.deal(
        players,
        seed=seed,
        leader=seed % players,
        block=seed % 4 == 1,
        partnerships=players == 4 and seed % 5 < 2,
        tile_set=9,
    )


def test_d25_every_level_is_tested_here() -> None:
    assert set(bot_levels("draw")) <= {*QUICK, *SEARCHING, *RESEARCH}
    assert set(bot_levels("draw")) >= {*QUICK, *SEARCHING}


@pytest.mark.parametrize("level", QUICK)
def test_d25_the_quick_levels_play_double_nine_rounds_legally(level: str) -> None:
    for seed in range(600):
        round_ = nine_round(seed)
        play_round(round_, bots_for(level, round_.num_players, seed))
        assert round_.result is not None and round_.tile_set == 9


@pytest.mark.parametrize("level", SEARCHING)
def test_d25_the_searching_levels_play_double_nine_rounds_legally(level: str) -> None:
    for seed in range(150):
        round_ = nine_round(seed)
        play_round(round_, bots_for(level, round_.num_players, seed, SMALL_BUDGET))
        assert round_.result is not None


@pytest.mark.parametrize("level", [*QUICK, *SEARCHING])
def test_d25_every_level_plays_a_double_nine_round_deterministically(level: str) -> None:
    """The same seeds, the same round, move for move (the searches at their own budget)."""
    for seed in (3, 8):
        games = []
        for _ in range(2):
            round_ = nine_round(seed)
            budget = None if level in QUICK else 60
            play_round(round_, bots_for(level, round_.num_players, seed, budget))
            games.append(round_.to_record())
        assert games[0] == games[1]
        assert games[0]["deal"]["set"] == 9


def nine_positions(count: int, seed: int = 5) -> list[Round]:
    found: list[Round] = []
    rng = random.Random(seed)
    deal = 0
    while len(found) < count:
        round_ = nine_round(seed + deal)
        deal += 1
        while not round_.is_over:
            if rng.random() < 0.1:
                found.append(round_.copy())
            round_.apply(rng.choice(round_.legal_actions()))
    return found


def test_d27_the_playouts_of_the_double_nine_set_settle_as_round_does() -> None:
    """A playout in the double-nine numbering, played by the policy from a position, reaches
    ``Round``'s settlement (D12-D14, D22, D23 with counts up to 18 a tile) and its moves are
    ``Round``'s legal actions (``code_of`` in the set's numbering)."""
    for round_ in nine_positions(300):
        playout = Playout(
            [NINE.to_playout(mask_of(hand)) for hand in round_.hands],
            [] if round_.block else [NINE.rank_bit[t.index] for t in round_.stock],
            round_.line.open_values(),
            round_.current_player or 0,
            trailing_passes(round_.history),
            partners=round_.partnerships,
            ranks=NINE,
        )
        end = playout.run()
        while not round_.is_over:
            action = _policy(round_)
            assert code_of(action, NINE) >= -2
            round_.apply(action)
        assert round_.result is not None
        assert tuple(playout.points(end)) == round_.result.points
        assert [NINE.pips(h) for h in playout.hands] == list(round_.result.pip_counts)


def test_d25_the_sampled_worlds_are_of_the_tables_set() -> None:
    """``determinize``, ``public_determinize`` and the searches' dealer deal the unseen tiles
    of the double-nine set: every world holds the 55 tiles (none lost, none of 7-9 missing)
    and keeps the seat's view."""
    rng = random.Random(4)
    everything = mask_of(DOUBLE_NINE)
    for round_ in nine_positions(80, seed=21):
        me = round_.current_player
        assert me is not None
        observation = round_.observation(me)
        for world in (determinize(observation, rng), public_determinize(observation, rng)):
            assert world.tile_set == 9
            held = mask_of(t for hand in world.hands for t in hand)
            assert held | mask_of(world.stock) | mask_of(world.line.tiles) == everything
            assert world.observation(me).hand_sizes == observation.hand_sizes
        playout = Dealer(observation).root(rng)
        assert playout.ranks is NINE
        dealt = 0
        for hand in playout.hands:
            dealt |= hand
        for bit in playout.stock:
            dealt |= bit
        line = NINE.to_playout(mask_of(round_.line.tiles))
        slept = 0 if not round_.block else round_.stock_size
        assert (dealt | line).bit_count() == 55 - slept
