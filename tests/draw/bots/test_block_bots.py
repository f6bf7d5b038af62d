"""Draw's bots in the Block game (D18-D20): every level plays thousands of seeded Block
rounds legally to the end, the searches' playouts play Block as ``Round`` does (no stock to
draw from: a player who cannot play passes), and the worlds the expert samples keep what
the seat saw, passes above all (a Block pass proves the passer holds neither open number).

The ladder's margins in Block are measured in the arena (docs/bots.md), not here.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter

import pytest

from pegboard.bots import SeededBot
from pegboard.bots.base import RandomBot
from pegboard.dominoes.ranks import ORDER, pips, to_playout
from pegboard.dominoes.tiles import mask_of, tiles_of
from pegboard.draw import DRAW, PASS, Round
from pegboard.draw.bots.expert import Dealer
from pegboard.draw.bots.ismcts import DrawISMCTS, moves, policy_move
from pegboard.draw.bots.levels import BLOCK_FORGETS, BeginnerBot
from pegboard.draw.bots.playout import Playout
from pegboard.draw.determinize import determinize, sample_hidden_masks, trailing_passes
from pegboard.draw.observation import DrawObservation
from pegboard.games import make_bot
from tests.draw.bots.test_expert import _policy, play_round
from tests.draw.helpers import line_of, tiles

QUICK = ("random", "greedy", "beginner", "casual")
SEARCHING = ("strong", "pimc", "expert")
SMALL_BUDGET = 8
"""Iterations (playouts) of the searching levels over thousands of rounds: few, to be quick,
enough for every decision to go through the search and its playouts."""


def bots_for(level: str, players: int, seed: int, budget: int | None = None) -> list[SeededBot]:
    bots = [make_bot("draw", level, seed=seed * 10 + s) for s in range(players)]
    for bot in bots:
        if budget is not None and hasattr(bot.bot, "budget"):
            bot.bot.budget = budget
    return bots


def check_block_round(round_: Round, bots: list[SeededBot]) -> None:
    """Play ``round_`` with ``bots``, every action legal (``play_round`` checks), and check
    the Block game's rules held: nobody drew (D18), the sleeping tiles never moved."""
    sleeping = round_.stock
    play_round(round_, bots)
    assert DRAW not in [m.action for m in round_.history]
    assert round_.stock == sleeping


@pytest.mark.parametrize("level", QUICK)
def test_d18_d19_the_quick_levels_play_thousands_of_block_rounds_legally(level: str) -> None:
    for seed in range(1500):
        players = 2 + seed % 3
        round_ = Round.deal(players, seed=seed, leader=seed % players, block=True)
        check_block_round(round_, bots_for(level, players, seed))


@pytest.mark.parametrize("level", SEARCHING)
def test_d18_d19_the_searching_levels_play_hundreds_of_block_rounds_legally(level: str) -> None:
    # Some 5,700 moves at a small budget, each checked legal by the round; the thousands of
    # rounds are the quick levels' (above), whose decisions cost microseconds.
    for seed in range(300):
        players = 2 + seed % 3
        round_ = Round.deal(players, seed=seed, leader=seed % players, block=True)
        check_block_round(round_, bots_for(level, players, seed, SMALL_BUDGET))


@pytest.mark.parametrize("level", SEARCHING)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_d18_d19_the_searching_levels_play_block_at_their_own_budget(
    level: str, players: int
) -> None:
    for seed in range(2):
        round_ = Round.deal(players, seed=100 + seed, block=True)
        check_block_round(round_, bots_for(level, players, seed))


def block_positions(count: int, seed: int = 5) -> list[Round]:
    """Block rounds in play, from seeded random play (many after passes)."""
    found: list[Round] = []
    rng = random.Random(seed)
    deal = 0
    while len(found) < count:
        players = 2 + deal % 3
        round_ = Round.deal(players, seed=seed + deal, leader=deal % players, block=True)
        deal += 1
        while not round_.is_over:
            if rng.random() < 0.2:
                found.append(round_.copy())
            round_.apply(rng.choice(round_.legal_actions()))
    return found


def test_d19_the_playouts_play_block_as_round_does() -> None:
    """From Block positions, a playout with no stock (as ``Dealer.root`` gives it in Block)
    reaches ``Round``'s settlement by the same policy: a player who cannot play passes (D19)
    and a full turn of passes blocks the round (D20); the greedy and the tree search's
    moves never draw."""
    for round_ in block_positions(400):
        playout = Playout(
            [to_playout(mask_of(hand)) for hand in round_.hands],
            [],
            round_.line.open_values(),
            round_.current_player or 0,
            trailing_passes(round_.history),
        )
        assert DRAW not in moves(playout, voluntary_draw=True)
        assert policy_move(playout) != -1  # DRAW's code
        legal = round_.legal_actions()
        if legal == (PASS,):
            assert moves(playout, voluntary_draw=True) == [-2]  # PASS's code
        end = playout.run()
        while not round_.is_over:
            round_.apply(_policy(round_))
        assert round_.result is not None
        assert tuple(playout.points(end)) == round_.result.points
        assert [pips(h) for h in playout.hands] == list(round_.result.pip_counts)


def observations_after_passes(count: int) -> list[DrawObservation]:
    """Block observations of the seat to play where some other seat has passed."""
    found = []
    for round_ in block_positions(6 * count, seed=17):
        seat = round_.current_player
        assert seat is not None
        if any(round_.known_absent(s) for s in range(round_.num_players) if s != seat):
            found.append(round_.observation(seat))
        if len(found) == count:
            break
    assert len(found) == count
    return found


def test_d19_the_experts_worlds_keep_the_block_passes_and_the_seats_view() -> None:
    """The expert's sampled worlds (``sample_hidden_masks``, ``Dealer``, ``determinize``)
    keep the seat's hand, every hand size and the sleeping count, and give no passer a
    tile of a number it passed on (D19); ``determinize`` gives a Block round that the seat
    sees as it saw the real one, and ``Dealer.root`` a playout with nothing to draw."""
    rng = random.Random(3)
    for obs in observations_after_passes(150):
        n, me = obs.num_players, obs.seat
        absent = obs.known_absent
        for _ in range(4):
            hands, sleeping = sample_hidden_masks(obs, rng)
            assert hands[me] == mask_of(obs.hand)
            assert [h.bit_count() for h in hands] == list(obs.hand_sizes)
            assert len(sleeping) == obs.stock_size
            for s in range(n):
                for tile in tiles_of(hands[s]):
                    assert s == me or not any(tile.has(v) for v in absent[s]), (s, tile)
            world = determinize(obs, rng)
            assert world.block and DRAW not in world.legal_actions()
            seen = world.observation(me)
            assert (seen.hand, seen.line, seen.hand_sizes, seen.stock_size) == (
                obs.hand,
                obs.line,
                obs.hand_sizes,
                obs.stock_size,
            )
            assert seen.known_absent == obs.known_absent and seen.legal == obs.legal
            dealer = Dealer(obs)
            root = dealer.root(rng)
            assert root.stock == []
            for s in range(n):
                if s != me:
                    dealt = [ORDER[r] for r in range(28) if root.hands[s] >> r & 1]
                    for tile in (*world.hand(s), *dealt):
                        assert not any(tile.has(v) for v in absent[s]), (s, tile)


def test_d18_d19_the_expert_beats_random_in_duplicate_block_deals() -> None:
    """Sensible play, not only legal: the tree search at a small budget beats random at
    Block, seats exchanged on each deal."""
    margins = []
    for deal in range(40):
        total = 0
        for seat in (0, 1):
            bots = [SeededBot(RandomBot(), deal)] * 2
            bots[seat] = SeededBot(DrawISMCTS(budget=60), 7919 * deal)
            points = play_round(Round.deal(2, seed=deal, leader=deal % 2, block=True), bots)
            total += points[seat] - points[1 - seat]
        margins.append(total / 2)
    mean = statistics.mean(margins)
    half_width = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    assert mean - half_width > 0, (mean, half_width)


def test_d18_the_beginner_holds_its_heaviest_tiles_first_at_block() -> None:
    """The beginner at Block lays the heaviest tile that fits the end it looks at, but one
    decision in four (``BLOCK_FORGETS``) it forgets and lays the first as held in Draw,
    lightest first; in Draw it never lays [3|6] before [0|3] (the order it holds them)."""
    hands = [tiles("0-3 3-6 1-1"), tiles("2-2 5-5")]
    line = line_of(("3-4", None))
    chosen = {True: Counter[str](), False: Counter[str]()}
    for block in (True, False):
        round_ = Round.from_position(hands, tiles("0-0 0-1 0-2"), line=line, block=block)
        observation = round_.observation(0)
        for seed in range(800):
            action = BeginnerBot().choose(observation, random.Random(seed))
            chosen[block][str(action)] += 1
    heavy = chosen[True]["3-6@3-4L"] / 800
    assert set(chosen[True]) == {"3-6@3-4L", "0-3@3-4L"}
    assert abs(heavy - (1 - BLOCK_FORGETS)) < 0.05, heavy
    assert "3-6@3-4L" not in chosen[False]
