"""The Draw expert's search in C (``_fastsearch.c``) grows the very tree of its reference
(``ismcts.search`` in Python): the same root statistics, to the last bit of every float, the
generator left in the same state and the dealer's pool in the same order, for positions of
every table the expert plays (2-4 players, partnerships, the Block game, the double-nine set,
a root with and without the voluntary draw, budgets below and above the root's moves), before
a pass (the deal a shuffle of the unseen tiles) and after one (counted deals,
``sampler.CountedDeals``); and whole rounds of the expert play the same moves on either.

Without the compiled core (``SEARCH_CORE == "python"``) there is only one search: skipped.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pegboard.dominoes.ranks import ranks_of
from pegboard.draw import DrawTile, Pass, Play, Round
from pegboard.draw.bots import ismcts
from pegboard.draw.bots.expert import Dealer
from pegboard.draw.bots.ismcts import SEARCH_CORE, Node, code_of, search
from pegboard.draw.bots.levels import ExpertBot
from pegboard.draw.bots.playout import DRAW
from pegboard.draw.observation import DrawObservation

pytestmark = pytest.mark.skipif(
    SEARCH_CORE != "c", reason="the C search is not in use: there is only one search"
)

# (players, block, partnerships, tile set): every kind of table the expert sits at.
TABLES = [
    (2, False, False, 6),
    (3, False, False, 6),
    (4, False, False, 6),
    (4, False, True, 6),
    (2, True, False, 6),
    (4, True, True, 6),
    (2, False, False, 9),
    (3, False, False, 9),
    (4, False, True, 9),
    (4, True, False, 9),
]


def table_round(table: tuple[int, bool, bool, int], seed: int) -> Round:
    players, block, partnerships, tile_set = table
    return Round.deal(
        players,
        seed=seed,
        leader=seed % players,
        block=block,
        partnerships=partnerships,
        tile_set=tile_set,
    )


def choices(seed: int) -> Iterator[DrawObservation]:
    """Observations with a choice, from seeded random rounds at every table in turn."""
    rng = random.Random(seed)
    deal = 0
    while True:
        round_ = table_round(TABLES[deal % len(TABLES)], seed * 1000 + deal)
        deal += 1
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            if len(observation.legal) > 1 and rng.random() < 0.25:
                yield observation
            legal = round_.legal_actions()
            round_.apply(legal[rng.randrange(len(legal))])


def root_moves(observation: DrawObservation, voluntary_draws: bool) -> list[int]:
    """The root's moves as ``DrawISMCTS`` gives them to ``search``."""
    ranks = ranks_of(observation.tile_set)
    unique = list(dict.fromkeys(code_of(action, ranks) for action in observation.legal))
    if not voluntary_draws and len(unique) > 1 and DRAW in unique:
        unique.remove(DRAW)
    return unique


def statistics(root: Node) -> tuple[object, ...]:
    return (
        root.visits,
        [(move, c.visits, c.total, c.available) for move, c in root.children.items()],
    )


def both_searches(
    observation: DrawObservation, moves: list[int], seed: int, budget: int
) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """The root, the generator's state and the pool's order after each search."""
    found = []
    for in_c in (True, False):
        dealer = Dealer(observation)
        rng = random.Random(seed)
        with pytest.MonkeyPatch.context() as patch:
            if not in_c:
                patch.setattr(ismcts, "_search_in_c", None)
            root = search(dealer, list(moves), rng, budget, None, ismcts.EXPLORATION)
        found.append((statistics(root), rng.getstate(), dealer.pool))
    return found[0], found[1]


def test_d13_d14_d22_d23_the_c_search_grows_the_reference_tree_at_every_table() -> None:
    """Over 400 positions of every table, each searched from one seed by both: equal roots
    (visits, every child's visits, total and availability), equal generator states after,
    the pool shuffled to the same order."""
    rng = random.Random(2026)
    kinds: set[tuple[int, bool, bool, int, bool]] = set()
    constrained = 0
    for compared, observation in enumerate(choices(7), start=1):
        constrained += Dealer(observation).counted is not None
        voluntary = rng.random() < 0.5
        moves = root_moves(observation, voluntary)
        budget = rng.choice([1, 2, len(moves), 50, 200, 400])
        in_c, in_python = both_searches(observation, moves, rng.getrandbits(32), budget)
        assert in_c == in_python, (observation, moves, budget)
        kinds.add(
            (
                observation.num_players,
                observation.block,
                observation.partnerships,
                observation.tile_set,
                DRAW in moves,
            )
        )
        if compared == 400:
            break
    assert len(kinds) >= 14  # every table, with and without a draw at the root
    assert constrained >= 30  # after a pass (D8): counted deals, made in C


def test_after_a_pass_the_c_search_deals_what_it_can_count() -> None:
    """Once a pass constrains the deal (D8) the C search deals from the counted plan
    (``sampler.CountedDeals.plan``), in 128 bits: a plan with more deals than
    ``WEIGHT_LIMIT`` searches in Python, and the C core is not called."""
    observation = next(o for o in choices(11) if Dealer(o).counted is not None)
    moves = root_moves(observation, True)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ismcts, "_search_in_c", _refuse)
        patch.setattr(ismcts, "WEIGHT_LIMIT", 1)
        root = search(Dealer(observation), moves, random.Random(1), 41, None, 0.7)
    assert root.visits == 41
    root = search(Dealer(observation), moves, random.Random(1), 10**9, 0.01, 0.7)
    assert len(moves) <= root.visits < 10**9  # and the C search keeps to a time limit


def _refuse(*args: object) -> object:
    raise AssertionError("the C search was called")


@pytest.mark.parametrize("table", TABLES, ids=str)
def test_the_expert_plays_the_same_rounds_on_either_search(
    table: tuple[int, bool, bool, int],
) -> None:
    """Whole rounds of the expert in every seat (at a small budget): every
    move the same whether the search runs in C or in Python."""
    for seed in range(2):
        played = []
        for in_c in (True, False):
            round_ = table_round(table, seed)
            bots = [ExpertBot(budget=60) for _ in range(table[0])]
            rng = random.Random(seed)
            moves = []
            with pytest.MonkeyPatch.context() as patch:
                if not in_c:
                    patch.setattr(ismcts, "_search_in_c", None)
                while not round_.is_over:
                    seat = round_.current_player
                    assert seat is not None
                    action = bots[seat].choose(round_.observation(seat), rng)
                    assert isinstance(action, Play | DrawTile | Pass)
                    moves.append(action)
                    round_.apply(action)
            played.append(moves)
        assert played[0] == played[1]


def test_the_c_search_keeps_to_a_time_limit() -> None:
    """With a time limit rather than a budget, the C search stops on time and has tried
    every root move at least once."""
    observation = next(o for o in choices(3) if Dealer(o).pool is not None)
    moves = root_moves(observation, True)
    root = search(Dealer(observation), moves, random.Random(0), 10**9, 0.02, ismcts.EXPLORATION)
    assert root.visits >= len(moves)
    assert set(root.children) == set(moves)
    assert root.visits < 10**9


def test_the_c_search_refuses_a_wrong_plan_of_deals() -> None:
    """A plan of counted deals the C search cannot follow (no state, weights that are not
    cumulative, a make-up leading to no state of the next seat) is refused with a
    ``ValueError``, never read out of bounds."""
    observation = next(
        o for o in choices(13) if Dealer(o).counted is not None and o.num_players >= 3
    )
    counted = Dealer(observation).counted
    assert counted is not None
    groups, seats, tiles, stock_size, states = counted.plan()
    moves = root_moves(observation, True)

    def run(plan_states: list[list[tuple[tuple[int, ...], int, int]]]) -> object:
        dealer = Dealer(observation)
        assert dealer.counted is not None
        with pytest.MonkeyPatch.context() as patch:  # the C search reads the plan given
            patch.setattr(
                dealer.counted, "plan", lambda: (groups, seats, tiles, stock_size, plan_states)
            )
            return search(dealer, moves, random.Random(0), 20, None, ismcts.EXPLORATION)

    run(states)  # the plan as made: searched
    nowhere = [[(take, -1, weight) for take, _, weight in states[0]], *states[1:]]
    shuffled = [list(reversed(states[0])), *states[1:]]
    for wrong in ([], nowhere, shuffled):
        with pytest.raises(ValueError):
            run(wrong)
