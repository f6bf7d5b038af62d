"""The Draw expert's tree search (``draw_ismcts``): its moves are the rules' moves, it uses
its budget, it is seeded, and it decides from the observation alone.

Its strength (against the previous expert, and against itself at larger budgets) is
measured in the arena and in benchmarks/bench_draw_expert.py, not here.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from pegboard.bots import SeededBot
from pegboard.dominoes.ranks import ORDER, to_playout
from pegboard.dominoes.tiles import mask_of
from pegboard.draw import Play, Round
from pegboard.draw.bots.ismcts import (
    DRAW,
    DrawISMCTS,
    apply,
    code_of,
    margins,
    moves,
    policy_move,
)
from pegboard.draw.bots.levels import ExpertBot
from pegboard.draw.bots.playout import CODE, OPEN, SHAPED_DOUBLE, SHAPED_FOLLOW, Playout
from pegboard.draw.determinize import trailing_passes
from pegboard.draw.observation import DrawObservation
from pegboard.draw.round import RESERVE
from pegboard.games import make_bot
from tests.draw.bots.test_expert import play_round


def playout_of(round_: Round) -> Playout:
    """The whole position (every hand, the stock) as the search's integer state."""
    return Playout(
        [to_playout(mask_of(hand)) for hand in round_.hands],
        [to_playout(tile.bit) for tile in round_.stock],
        round_.line.open_values(),
        round_.current_player or 0,
        trailing_passes(round_.history),
    )


def positions(count: int, seed: int = 11) -> list[DrawObservation]:
    """Observations with a real choice (two actions or more), from seeded random play."""
    found: list[DrawObservation] = []
    deal = 0
    rng = random.Random(seed)
    while len(found) < count:
        round_ = Round.deal(2 + deal % 3, seed=seed + deal)
        deal += 1
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            if len(observation.legal) > 1 and rng.random() < 0.3:
                found.append(observation)
            legal = round_.legal_actions()
            round_.apply(legal[rng.randrange(len(legal))])
    return found[:count]


def test_d4_d9_the_search_moves_are_the_legal_actions_of_round() -> None:
    """In every position of seeded random rounds, the tree's moves (with the voluntary draw,
    D6) are exactly the codes of ``Round.legal_actions()``, and making the same move in
    both keeps the same ends, hands and seat to play, to the end of the round."""
    checked = 0
    for seed in range(150):
        rng = random.Random(seed)
        round_ = Round.deal(rng.choice([2, 3, 4]), seed=seed, leader=seed % 2)
        state = playout_of(round_)
        while not round_.is_over:
            legal = round_.legal_actions()
            assert sorted(set(moves(state, True))) == sorted({code_of(a) for a in legal})
            if not any(isinstance(a, Play) for a in legal):  # D7, D8: no voluntary choice
                assert moves(state, False) == moves(state, True)
            action = legal[rng.randrange(len(legal))]
            end = apply(state, code_of(action))
            round_.apply(action)
            checked += 1
            assert (end != -1) == round_.is_over
            if not round_.is_over:
                ends = [v for v in (state.a, state.b) if v >= 0]  # none before the first tile
                assert sorted(ends) == sorted(round_.line.open_values())
                assert state.current == round_.current_player
                assert state.hands == [to_playout(mask_of(h)) for h in round_.hands]
        assert round_.result is not None
        assert tuple(state.points(end)) == round_.result.points
    assert checked > 3000


def shaped_step(state: Playout) -> int:
    """``run_shaped``'s rule as its docstring says it, one move at a time: of the plays
    (each tile on each end it fits), the most of pips + a double's bonus + the bonus for
    a hand that can follow on the new ends; heaviest first on a tie; else draw, else pass."""
    legal = moves(state, False)
    if not any(move >= 0 for move in legal):
        return legal[0]
    hand = state.hands[state.current]
    best, chosen = -1, legal[0]
    for move in legal:
        rank, value = divmod(move, CODE)
        tile = ORDER[rank]
        if value == OPEN:  # the opening tile
            ends = (tile.low, tile.high)
        else:
            other = tile.high if tile.low == value else tile.low
            ends = (other, state.b) if state.a == value else (state.a, other)
        rest = [ORDER[r] for r in range(28) if hand >> r & 1 and r != rank]
        follows = any(t.has(ends[0]) or t.has(ends[1]) for t in rest)
        score = tile.pips + SHAPED_DOUBLE * tile.is_double + SHAPED_FOLLOW * follows
        if score > best:
            best, chosen = score, move
    return chosen


def assert_steps_play_the_playout(step: Callable[[Playout], int], run: str, rounds: int) -> None:
    """``step`` made move by move, each move legal, plays the round the playout method
    ``run`` plays at once: the same end (the seat dominoing, or the block) and the same hands
    at the end (the tiles drawn included)."""
    for seed in range(rounds):
        round_ = Round.deal(2 + seed % 3, seed=seed, leader=seed % 2)
        stepped, whole = playout_of(round_), playout_of(round_)
        end = -1
        while end == -1:
            move = step(stepped)
            assert move in moves(stepped, True)
            end = apply(stepped, move)
        assert end == getattr(whole, run)()
        assert stepped.hands == whole.hands


def test_d7_d14_the_shaped_playout_plays_its_rule_and_beats_the_greedy_one() -> None:
    """``run_shaped`` plays the round its rule plays, move by move; and that policy in one
    seat against the greedy playout in the others gains points (4 players, every seat in
    turn, 600 seeded deals: measured +1.6 a deal)."""
    assert_steps_play_the_playout(shaped_step, "run_shaped", 300)
    gained = 0.0
    for deal in range(600):
        round_ = Round.deal(4, seed=deal, leader=deal % 4)
        for seat in range(4):
            state = playout_of(round_)
            end = -1
            while end == -1:
                move = shaped_step(state) if state.current == seat else policy_move(state)
                end = apply(state, move)
            gained += margins(state, end)[seat]
    assert gained / 600 / 4 > 0.5


def test_d7_d8_the_policy_move_is_the_playouts_step_and_a_legal_action() -> None:
    """``policy_move`` made step by step plays the round ``Playout.run`` plays (the same
    hands at the end, the same seat dominoing or the same block), each step legal."""
    assert_steps_play_the_playout(policy_move, "run", 200)


class OwnTree(DrawISMCTS):
    opponents_in_tree = False


class CommonDeals(DrawISMCTS):
    common_deals = True


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", [OwnTree, CommonDeals])
def test_the_searchs_variants_play_legal_actions(players: int, variant: type[DrawISMCTS]) -> None:
    for seed in range(3):
        round_ = Round.deal(players, seed=seed)
        bots = [SeededBot(variant(budget=60), seed * 10 + s) for s in range(players)]
        play_round(round_, bots)


def test_with_common_deals_every_action_is_tried_on_every_deal() -> None:
    for observation in positions(20, seed=4):
        ranked = CommonDeals(budget=120).analyse(observation, random.Random(1))
        visits = {e.details["visits"] for e in ranked}
        moves_ = len({code_of(e.action) for e in ranked})
        assert len(visits) == 1 and visits.pop() * moves_ == ranked[0].details["iterations"]
        values = [e.value for e in ranked]
        assert values == sorted(values, reverse=True)  # equal visits: the best value first


def test_d6_below_the_root_a_draw_is_searched_only_when_nothing_fits() -> None:
    round_ = Round.deal(2, seed=3)
    state = playout_of(round_)
    assert len(round_.stock) > RESERVE
    assert DRAW in moves(state, True)
    assert DRAW not in moves(state, False)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_expert_plays_only_legal_actions_to_the_end(players: int) -> None:
    for seed in range(3):
        round_ = Round.deal(players, seed=seed)
        play_round(
            round_, [SeededBot(DrawISMCTS(budget=80), seed * 10 + s) for s in range(players)]
        )


def test_the_search_uses_its_whole_budget_and_more_budget_changes_choices() -> None:
    """Every iteration of the budget is made (no fewer), and on some seeded positions a
    budget of 1,500 iterations picks another action than a budget of 30: the search's
    choices depend on how long it searches, so more budget can buy strength."""
    observations = positions(40)
    changed = 0
    for k, observation in enumerate(observations):
        small = DrawISMCTS(budget=30).analyse(observation, random.Random(k))
        large = DrawISMCTS(budget=1500).analyse(observation, random.Random(k))
        assert large[0].details["iterations"] == 1500
        by_move = {code_of(e.action): e.details["visits"] for e in large}
        assert sum(by_move.values()) == 1500  # plays on two ends showing one number: one move
        assert small[0].details["iterations"] >= 30  # and each root action once at least
        changed += small[0].action != large[0].action
    assert changed >= 3, changed


def test_every_legal_action_is_ranked_most_visited_first() -> None:
    observation = positions(1, seed=5)[0]
    evaluations = DrawISMCTS(budget=300).analyse(observation, random.Random(2))
    assert sorted(str(e.action) for e in evaluations) == sorted(
        str(a) for a in observation.legal_actions()
    )
    visits = [e.details["visits"] for e in evaluations]
    assert visits == sorted(visits, reverse=True)
    assert all(e.unit == "expected point margin" for e in evaluations)
    assert DrawISMCTS(budget=300).choose(observation, random.Random(2)) == evaluations[0].action


def test_the_same_seed_and_budget_give_the_same_choices() -> None:
    observations = positions(12, seed=8)
    first = [DrawISMCTS(budget=200).choose(o, random.Random(k)) for k, o in enumerate(observations)]
    again = [DrawISMCTS(budget=200).choose(o, random.Random(k)) for k, o in enumerate(observations)]
    assert first == again
    values = [
        DrawISMCTS(budget=200).analyse(o, random.Random(k + 100))[0].value
        for k, o in enumerate(observations)
    ]
    assert values != [
        DrawISMCTS(budget=200).analyse(o, random.Random(k))[0].value
        for k, o in enumerate(observations)
    ]


def test_a_time_limit_searches_and_bad_budgets_are_refused() -> None:
    observation = positions(1)[0]
    assert DrawISMCTS(time_limit=0.01).choose(observation, random.Random(0)) in observation.legal
    for bad in (0, -3, 2.5, True):
        with pytest.raises(ValueError, match="budget"):
            DrawISMCTS(budget=bad)  # type: ignore[arg-type]


def test_the_expert_level_is_the_tree_search() -> None:
    bot = make_bot("draw", "expert", seed=1)
    assert isinstance(bot.bot, ExpertBot) and isinstance(bot.bot, DrawISMCTS)
    assert bot.name == "expert"


def test_the_expert_searches_four_times_its_budget_at_a_table_of_four() -> None:
    """At four players the expert's 600 iterations were no stronger than the flat search;
    2,400 were (docs/bots.md): its decisions there search four times its budget, at the
    other tables its budget, whatever the budget it was given."""
    by_players: dict[int, set[float]] = {2: set(), 3: set(), 4: set()}
    for observation in positions(30, seed=7):
        for budget in (None, 50):
            bot = ExpertBot(budget=budget)
            iterations = bot.analyse(observation, random.Random(2))[0].details["iterations"]
            expected = (600 if budget is None else budget) * (
                4 if observation.num_players == 4 else 1
            )
            assert iterations == max(expected, len(observation.legal))
            by_players[observation.num_players].add(iterations)
    assert all(by_players.values())  # every table size was seen
    four = next(o for o in positions(30, seed=7) if o.num_players == 4)
    plain = DrawISMCTS(budget=50).analyse(four, random.Random(1))  # the search itself: 1 time
    assert plain[0].details["iterations"] == 50
