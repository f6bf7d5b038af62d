"""The previous Draw expert (the ``pimc`` level, flat determinized search): legal, seeded,
ranks every action, and plays better than random; and the hints' expert.

Its strength against greedy is measured in benchmarks/bench_draw_expert.py (not a test).
"""

from __future__ import annotations

import random
import statistics

import pytest

from pegboard.bots import RandomBot, SeededBot
from pegboard.bots.base import Bot
from pegboard.dominoes.ranks import pips, to_playout
from pegboard.dominoes.tiles import mask_of
from pegboard.draw import DRAW, PASS, Play, Round, Tile
from pegboard.draw.bots.basic import GreedyBot
from pegboard.draw.bots.expert import DrawExpert
from pegboard.draw.bots.levels import ExpertBot
from pegboard.draw.bots.playout import Playout
from pegboard.draw.determinize import trailing_passes
from pegboard.fives.bots.expert import FivesExpert
from pegboard.games import bot_levels, make_bot
from tests.draw.helpers import line_of, tiles

SMALL = 120  # playouts per decision: enough to rank, quick enough for tests


def play_round(round_: Round, bots: list[SeededBot]) -> tuple[int, ...]:
    while not round_.is_over:
        seat = round_.current_player
        assert seat is not None
        observation = round_.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions()
        round_.apply(action)
    assert round_.result is not None
    return round_.result.points


def test_expert_is_registered_for_draw() -> None:
    assert "expert" in bot_levels("draw")
    bot = make_bot("draw", "expert", seed=3)
    assert bot.name == "expert"
    assert isinstance(bot.bot, Bot)
    previous = make_bot("draw", "pimc", seed=3)
    assert previous.name == "pimc" and isinstance(previous.bot, DrawExpert)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_expert_plays_only_legal_actions_to_the_end(players: int) -> None:
    for seed in range(3):
        bots = [SeededBot(DrawExpert(budget=60), seed * 10 + s) for s in range(players)]
        points = play_round(Round.deal(players, seed=seed), bots)
        assert sum(1 for p in points if p) <= 1  # at most one seat scores (D13, D14)


def test_expert_is_deterministic_for_a_seed_and_budget() -> None:
    def game(seed: int) -> list[str]:
        round_ = Round.deal(3, seed=42)
        bots = [SeededBot(DrawExpert(budget=SMALL), seed + s) for s in range(3)]
        play_round(round_, bots)
        return [str(m) for m in round_.history]

    assert game(1) == game(1)
    assert len({tuple(game(seed)) for seed in (1, 2, 3, 4)}) > 1


def test_analyse_ranks_every_legal_action_best_first() -> None:
    round_ = Round.deal(2, seed=8)
    observation = round_.observation(round_.current_player or 0)
    evaluations = DrawExpert(budget=400).analyse(observation, random.Random(0))
    assert sorted(str(e.action) for e in evaluations) == sorted(
        str(a) for a in observation.legal_actions()
    )
    values = [e.value for e in evaluations]
    assert values == sorted(values, reverse=True)
    assert all(e.unit == "expected point margin" for e in evaluations)
    # choose() is the first of analyse() for the same seed.
    choice = DrawExpert(budget=400).choose(observation, random.Random(0))
    assert choice == evaluations[0].action


def test_forced_action_is_returned_without_search() -> None:
    # The stock is down to two and nothing fits: the only action is the pass (D8).
    round_ = Round.from_position(
        [tiles("1-1 2-2"), tiles("3-4 2-5")], tiles("4-4 5-5"), line=line_of(("0-6", None))
    )
    observation = round_.observation(0)
    assert observation.legal_actions() == (PASS,)
    rng = random.Random(5)
    state = rng.getstate()
    assert DrawExpert().choose(observation, rng) is PASS
    assert rng.getstate() == state


def test_d13_plays_its_last_tile_rather_than_drawing() -> None:
    # [3|6] fits and empties the hand, scoring the opponent's whole count (D13) in every
    # determinization; a draw only delays.
    round_ = Round.from_position(
        [tiles("3-6"), tiles("5-5 6-6 4-4")],
        tiles("0-1 0-2 1-2 2-3 0-0"),
        line=line_of(("1-6", None)),
    )
    observation = round_.observation(0)
    assert DRAW in observation.legal_actions()
    best = DrawExpert(budget=SMALL).analyse(observation, random.Random(1))
    six = next(end for end in observation.line.open_ends() if end.value == 6)
    assert best[0].action == Play(Tile(3, 6), six)
    assert best[0].value > 0
    assert best[0].details["expected points"] == best[0].value  # a domino every time
    assert best[-1].action is DRAW


def test_playouts_follow_the_rules_of_round() -> None:
    """The fast playout reaches the same settlement as ``Round`` after the same action and
    the same policy: heaviest playable tile (double first), draw only when nothing fits."""
    for seed in range(300):
        rng = random.Random(seed)
        round_ = Round.deal(rng.choice([2, 3, 4]), seed=seed, leader=0)
        for _ in range(rng.randrange(0, 40)):
            legal = round_.legal_actions()
            round_.apply(legal[rng.randrange(len(legal))])
            if round_.is_over:
                break
        if round_.is_over:
            continue
        playout = Playout(
            [to_playout(mask_of(hand)) for hand in round_.hands],
            [to_playout(tile.bit) for tile in round_.stock],
            round_.line.open_values(),
            round_.current_player or 0,
            trailing_passes(round_.history),
        )
        # One action of any kind through ``apply`` (as the search tries root actions),
        # then the policy to the end through ``run``.
        legal = round_.legal_actions()
        action = legal[rng.randrange(len(legal))]
        round_.apply(action)
        end = playout.apply(action)
        assert (end == -1) == (not round_.is_over)
        if end == -1:
            end = playout.run()
        while not round_.is_over:
            round_.apply(_policy(round_))
        assert round_.result is not None
        assert tuple(playout.points(end)) == round_.result.points
        assert [pips(h) for h in playout.hands] == list(round_.result.pip_counts)


def _policy(round_: Round) -> object:
    """The playout policy, written plainly on ``Round``."""
    legal = round_.legal_actions()
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]  # the forced draw (D7), else the pass (D8)
    tile = max((p.tile for p in plays), key=lambda t: (t.pips, t.is_double, t.index))
    options = [p for p in plays if p.tile is tile]
    if len(options) == 2 and options[0].end and options[1].end:
        a, b = options[0].end.value, options[1].end.value
        if a != b:
            seat = round_.current_player or 0
            rest = [t for t in round_.hand(seat) if t is not tile]
            held_a = sum(1 for t in rest if t.has(a))
            held_b = sum(1 for t in rest if t.has(b))
            # Keep open the number held more of (the higher on a tie): play on the other.
            return options[1] if (held_a, a) > (held_b, b) else options[0]
    return options[0]


def duplicate_margins(first: Bot, second: Bot, pairs: int, budget_seed: int) -> list[float]:
    """Per deal, ``first``'s mean point margin over ``second`` with seats exchanged."""
    margins = []
    for deal in range(pairs):
        total = 0
        for seat in (0, 1):
            bots = [SeededBot(second, budget_seed + deal)] * 2
            bots[seat] = SeededBot(first, budget_seed + 7919 * deal)
            points = play_round(Round.deal(2, seed=deal, leader=deal % 2), bots)
            total += points[seat] - points[1 - seat]
        margins.append(total / 2)
    return margins


def test_expert_beats_random_in_duplicate_deals() -> None:
    margins = duplicate_margins(DrawExpert(budget=SMALL), RandomBot(), pairs=60, budget_seed=1)
    mean = statistics.mean(margins)
    half_width = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    # Measured on these seeds: +16.5 points a deal, 95% interval +12.8 to +20.2.
    assert mean - half_width > 0, (mean, half_width)


def test_expert_beats_greedy_in_duplicate_deals() -> None:
    margins = duplicate_margins(DrawExpert(budget=SMALL), GreedyBot(), pairs=60, budget_seed=2)
    mean = statistics.mean(margins)
    half_width = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    # Measured on these seeds: +7.8 points a deal, 95% interval +4.3 to +11.3.
    assert mean - half_width > 0, (mean, half_width)


def test_hints_for_draw_rank_every_action_with_the_expert() -> None:
    from pegboard.hints import hint

    round_ = Round.deal(2, seed=21)
    seat = round_.current_player
    assert seat is not None
    evaluations = hint(round_, seat, seed=3, budget=200)
    legal = round_.legal_actions()
    assert sorted(str(e.action) for e in evaluations) == sorted(str(a) for a in legal)
    assert {e.unit for e in evaluations} == {"expected point margin"}
    # The same seed and budget, the same hint; and it is the expert's own analysis (the
    # tree search, draw_ismcts).
    # The hint ranks by value; the expert plays its most visited action.
    again = ExpertBot(budget=200).analyse(round_.observation(seat), random.Random(3))
    assert {e.action: e.value for e in evaluations} == {e.action: e.value for e in again}
    assert [e.value for e in evaluations] == sorted((e.value for e in again), reverse=True)


def test_time_budget_and_bad_budgets() -> None:
    observation = Round.deal(2, seed=4).observation(0)
    action = DrawExpert(time_limit=0.01).choose(observation, random.Random(0))
    assert action in observation.legal_actions()
    for expert in (DrawExpert, FivesExpert):  # one check of the settings serves both
        for bad in (0, -5, 1.5, True):
            with pytest.raises(ValueError, match="budget"):
                expert(budget=bad)  # type: ignore[arg-type]
        for limit in (0, -1.0, "1", True):
            with pytest.raises(ValueError, match="time limit"):
                expert(time_limit=limit)  # type: ignore[arg-type]


def test_expert_reads_a_match_observation_as_its_round() -> None:
    """In a match the expert searches the round in play: same ranking as for the round."""
    from pegboard.draw import Match

    match = Match(2, seed=5)
    rng = random.Random(0)
    while len(match.legal_actions()) < 2:
        match.apply(rng.choice(match.legal_actions()))
    seat = match.current_player
    assert seat is not None
    expert = DrawExpert(budget=60)
    from_match = expert.analyse(match.observation(seat), random.Random(3))
    from_round = expert.analyse(match.round.observation(seat), random.Random(3))
    assert [e.action for e in from_match] == [e.action for e in from_round]
    assert {e.action for e in from_match} == set(match.legal_actions())


def test_hint_on_a_draw_match_record() -> None:
    from pegboard.draw import Match
    from pegboard.hints import hint

    match = Match(3, seed=8)
    rng = random.Random(1)
    for _ in range(5):
        match.apply(rng.choice(match.legal_actions()))
    seat = match.current_player
    assert seat is not None
    ranked = hint(match.to_record(), seat, budget=40)
    assert {e.action for e in ranked} == set(match.legal_actions())
