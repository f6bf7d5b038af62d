"""The Fives bots' measured strength in duplicate deals: expert − greedy and greedy − random,
and the people's levels, each against the one below (beginner − random, casual − beginner,
strong − casual, expert − strong); and the expert as issue 42 made it (playouts in C, the
sampler's work kept) against today's expert (before issue 42) at equal time per decision
(``equal-time``, below).

Run: ``nice python -m benchmarks.fives_strength [DEALS] [ladder|baselines]`` (default 1,000
deals per pairing, every pairing; one process, about 20 minutes of one core for the
baselines with the expert's default budget). Not a ``bench_*`` module: ``make bench`` does
not run it.

For each game (All Fives, Fives and Threes), with 2 players (alone) and with 4 (two
partnerships seated opposite, F1), and each pairing, the arena plays every deal once per
seating (the entrants rotated through every seat: with 4, each pair of partners plays the
deal from both sides). A deal is one hand from 0-0; the margin is the first bot's side's
points minus the other side's, per deal, averaged over the seatings of its seed, with a
95% interval over the deals (``pegboard.arena.summarize``). Hands are counted won, drawn
or lost by the first bot's side, per play. The table is printed in docs/bots.md's format.

``nice python -m benchmarks.fives_strength DEALS equal-time [--seed=S] [--budgets=A,F]``
(issue 42): for each game with 2 players, today's expert (``FivesExpert(reference=True)``:
playouts in Python, the exact sampler's work redone at every deal; the default 200
playouts a decision) against the new one (playouts in C, one ``Sampler`` per decision),
given the playouts per decision that take the same CPU time: found first by ``calibrate``
(the new expert's budget whose decision times, on the same positions and seeds as
today's, match today's: its median and its mean, whichever is further above today's), or
given with ``--budgets`` (All Fives, Fives and Threes) to play the same run again. Both are
deterministic for a seed: the equal time is a number of playouts, measured once, not a clock
read during the game. The deals are planned as the arena plans them (``--seed``, default
``EQUAL_TIME_SEED``), each played twice, seats swapped. Every decision with a choice is
timed (``time.process_time``, both bots in the same run), so the table gives both bots'
medians, 95th percentiles and means beside the margin (new − today, per deal) and its 95%
interval.

``nice python -m benchmarks.fives_strength N decisions [--budgets=A,F]``: the decisions'
times alone, today's expert against the new one at the same 200 playouts (and at the
budgets given), on the same N decisions with a choice per game and the same seeds, from
seeded matches at every table size (``python -m benchmarks bot_decisions``' positions).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Sequence

from benchmarks import decision_times, save_results
from pegboard.arena import ArenaConfig, run_arena, summarize
from pegboard.arena.deals import DealResult, derive_seed, plan
from pegboard.bots import SeededBot
from pegboard.dominoes.actions import DrawTile, Pass, Play
from pegboard.fives import FivesHand, FivesRules
from pegboard.fives.bots.expert import DEFAULT_BUDGET, FivesExpert
from pegboard.fives.hand import CORE, FivesObservation

SEED = 2026
EQUAL_TIME_SEED = 4242
"""The equal-time run's deals and bots: a seed no other run of the expert was measured or
tuned on (the pairings above use ``SEED``; the calibration its own)."""
CALIBRATION_SEED = 4200
"""The positions on which the equal time is measured, apart from the run's deals."""
CALIBRATION_DECISIONS = 400
"""Decisions with a choice timed per budget tried (about 5 s of CPU each for today's)."""
GAMES = (("all-fives", "All Fives"), ("fives-and-threes", "Fives and Threes"))
BASELINES = (("expert", "greedy"), ("greedy", "random"))
LADDER = (
    ("beginner", "random"),
    ("casual", "beginner"),
    ("strong", "casual"),
    ("expert", "strong"),
)
PAIRINGS = {"baselines": BASELINES, "ladder": LADDER, "all": BASELINES + LADDER}


def measure(
    game: str, players: int, first: str, second: str, deals: int
) -> tuple[str, tuple[int, int, int]]:
    bots = (first, second) if players == 2 else (first, second, first, second)
    config = ArenaConfig(game, bots, deals=deals, duplicate=True, seed=SEED)
    start = time.process_time()
    results = run_arena(config)
    seconds = time.process_time() - start
    margin = summarize(config, results).margins[0].estimate  # entrant 0 - entrant 1
    won = sum(1 for r in results if r.points[0] > r.points[1])
    lost = sum(1 for r in results if r.points[0] < r.points[1])
    drawn = len(results) - won - lost
    seats = "2 alone" if players == 2 else "4, partnerships"
    row = (
        f"| {dict(GAMES)[game]} | {seats} | {first} − {second} | **{margin.mean:+.2f}** "
        f"| [{margin.low:+.2f}, {margin.high:+.2f}] | {won} / {drawn} / {lost} "
        f"| {seconds:.0f} s |"
    )
    return row, (won, drawn, lost)


def elo_gap(won: int, drawn: int, lost: int) -> float:
    """The Elo difference that a share of hands won (a drawn hand a half) stands for."""
    share = (won + drawn / 2) / (won + drawn + lost)
    return 400 * math.log10(share / (1 - share))


def calibration_positions(game: str, wanted: int) -> list[FivesObservation]:
    """``wanted`` observations of a seat with a choice (two legal actions or more), from
    hands of 2 players played by the expert at its default budget (its decisions are the
    same on either loop), seeded from ``CALIBRATION_SEED``."""
    rules = FivesRules(game, 2)  # type: ignore[arg-type]  # a name of the family
    found: list[FivesObservation] = []
    deal = 0
    while len(found) < wanted:
        seed = derive_seed(CALIBRATION_SEED, "calibration", game, deal)
        hand = FivesHand.deal(rules, seed=seed, leader=seed % 2)
        bot = SeededBot(FivesExpert(), seed)
        while not hand.is_over and len(found) < wanted:
            seat = hand.current_player
            assert seat is not None
            observation = hand.observation(seat)
            if len(observation.legal_actions()) > 1:
                found.append(observation)
            action = bot.act(observation)
            assert isinstance(action, Play | DrawTile | Pass)
            hand.apply(action)
        deal += 1
    return found


def timed_medians(
    positions: Sequence[FivesObservation], budget: int
) -> tuple[list[float], list[float]]:
    """The CPU time of each decision of today's expert and of the new one at ``budget``,
    interleaved position by position (so that the machine's load hurts both alike), each
    decision from the same seed for both."""
    today = FivesExpert(DEFAULT_BUDGET, reference=True)
    new = FivesExpert(budget)
    times_today: list[float] = []
    times_new: list[float] = []
    for k, observation in enumerate(positions):
        for bot, times in ((today, times_today), (new, times_new)):
            began = time.process_time()
            bot.choose(observation, random.Random(k))
            times.append(time.process_time() - began)
    return times_today, times_new


def calibrate(game: str) -> tuple[int, list[dict[str, float]]]:
    """The new expert's budget whose decision time matches today's expert's (the
    reference search at the default budget): of its median and its mean, the one further
    above today's matched, so that neither exceeds today's by more than the 3% tolerance
    (``step``); by the secant method on the budget (the time is nearly affine in it: a
    fixed cost per decision plus one per deal), rounded to 10 playouts. With every step's
    figures; the first step is the new expert at today's budget: both at the same
    iterations."""
    positions = calibration_positions(game, CALIBRATION_DECISIONS)
    steps: list[dict[str, float]] = []

    def step(budget: int) -> float:
        times_today, times_new = timed_medians(positions, budget)
        today = decision_times(times_today, 95)
        new = decision_times(times_new, 95)
        steps.append(
            {
                "budget": budget,
                "today_median_ms": today["median_ms"],
                "today_p95_ms": today["p95_ms"],
                "new_median_ms": new["median_ms"],
                "new_p95_ms": new["p95_ms"],
                "today_mean_ms": 1000 * statistics.fmean(times_today),
                "new_mean_ms": 1000 * statistics.fmean(times_new),
            }
        )
        print(
            f"  {game} calibration, new expert at {budget}: median {new['median_ms']:.2f} ms, "
            f"p95 {new['p95_ms']:.2f} ms, mean {steps[-1]['new_mean_ms']:.2f} ms; today's "
            f"({DEFAULT_BUDGET}): median {today['median_ms']:.2f} ms, p95 "
            f"{today['p95_ms']:.2f} ms, mean {steps[-1]['today_mean_ms']:.2f} ms",
            file=sys.stderr,
            flush=True,
        )
        # The new expert's time as a share of today's, measured side by side, so that a
        # change of load between steps moves both: the larger of the medians' and the
        # means' shares, so that the new expert spends no more than today's by either (its
        # slow decisions, the sampler's, are a larger part of its time: matched on the
        # median alone, its mean was 8-14% above today's).
        return max(
            new["median_ms"] / today["median_ms"],
            statistics.fmean(times_new) / statistics.fmean(times_today),
        )

    low, low_share = DEFAULT_BUDGET, step(DEFAULT_BUDGET)
    high = max(low + 10, round(low / low_share / 10) * 10)
    high_share = step(high)
    for _ in range(2):
        if abs(high_share - 1) < 0.03 or high_share == low_share:
            break
        guess = high + (1 - high_share) * (high - low) / (high_share - low_share)
        guess_budget = max(DEFAULT_BUDGET, round(guess / 10) * 10)
        if guess_budget == high:
            break
        low, low_share = high, high_share
        high, high_share = guess_budget, step(guess_budget)
    return high, steps


def play_timed(
    game: str, budget: int, deals: int, seed: int
) -> tuple[ArenaConfig, list[DealResult], list[list[float]]]:
    """The duplicate deals of the new expert at ``budget`` (entrant 0) against today's expert
    (entrant 1), 2 players, each deal once per seating, as the arena plans them
    (``pegboard.arena.deals.plan``: the same deal and bot seeds as ``pegboard arena``);
    with the CPU time of every decision with a choice, per entrant."""
    config = ArenaConfig(
        game, (f"expert@{budget}", f"expert@{DEFAULT_BUDGET}"), deals, duplicate=True, seed=seed
    )
    rules = FivesRules(game, 2)  # type: ignore[arg-type]  # a name of the family
    results: list[DealResult] = []
    times: list[list[float]] = [[], []]
    for task in plan(config):
        hand = FivesHand.deal(rules, seed=task.seed, leader=task.seed % 2)
        bots = [
            SeededBot(
                FivesExpert(budget)
                if entrant == 0
                else FivesExpert(DEFAULT_BUDGET, reference=True),
                task.bot_seeds[seat],
            )
            for seat, entrant in enumerate(task.seating)
        ]
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            observation = hand.observation(seat)
            choice = len(observation.legal_actions()) > 1
            began = time.process_time()
            action = bots[seat].act(observation)
            if choice:
                times[task.seating[seat]].append(time.process_time() - began)
            assert isinstance(action, Play | DrawTile | Pass)
            hand.apply(action)
        points = [0, 0]
        for seat, entrant in enumerate(task.seating):
            points[entrant] = hand.scores[rules.side_of(seat)]
        results.append(DealResult(task.deal, task.rotation, task.seed, task.seating, tuple(points)))
        if task.rotation == 1 and (task.deal + 1) % 250 == 0 and task.deal + 1 < deals:
            margin = summarize(config, results).margins[0].estimate
            print(
                f"  {game}: {task.deal + 1} deals, new − today {margin.mean:+.2f} "
                f"[{margin.low:+.2f}, {margin.high:+.2f}]",
                file=sys.stderr,
                flush=True,
            )
    return config, results, times


def equal_time(deals: int, options: Sequence[str]) -> None:
    """The ``equal-time`` mode (the module docstring): calibrate (or take ``--budgets``),
    play, print a table in docs/speed.md's format and save the figures."""
    given = dict(option.removeprefix("--").partition("=")[::2] for option in options)
    seed = int(given.get("seed", EQUAL_TIME_SEED))
    budgets = [int(b) for b in given["budgets"].split(",")] if "budgets" in given else None
    if CORE != "c":
        raise SystemExit("the C core is not built: nothing to compare today's expert with")
    print(
        f"The new expert against today's (the reference search, {DEFAULT_BUDGET} playouts) "
        f"at equal CPU time per decision: {deals} duplicate deals, 2 players, seed {seed}"
    )
    print(
        "| game | new expert's playouts | margin new − today per deal | 95% CI "
        "| hands won / drawn / lost | decision median, today → new | p95, today → new "
        "| mean, today → new | CPU |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    saved: dict[str, object] = {"seed": seed, "deals": deals, "today_budget": DEFAULT_BUDGET}
    for index, (game, name) in enumerate(GAMES):
        steps: list[dict[str, float]] = []
        if budgets is None:
            budget, steps = calibrate(game)
        else:
            budget = budgets[index]
        start = time.process_time()
        config, results, times = play_timed(game, budget, deals, seed)
        seconds = time.process_time() - start
        margin = summarize(config, results).margins[0].estimate
        won = sum(1 for r in results if r.points[0] > r.points[1])
        lost = sum(1 for r in results if r.points[0] < r.points[1])
        new, today = decision_times(times[0], 95), decision_times(times[1], 95)
        new_mean, today_mean = 1000 * statistics.fmean(times[0]), 1000 * statistics.fmean(times[1])
        print(
            f"| {name} | {budget} | **{margin.mean:+.2f}** "
            f"| [{margin.low:+.2f}, {margin.high:+.2f}] "
            f"| {won} / {len(results) - won - lost} / {lost} "
            f"| {today['median_ms']:.2f} → {new['median_ms']:.2f} ms "
            f"| {today['p95_ms']:.1f} → {new['p95_ms']:.1f} ms "
            f"| {today_mean:.2f} → {new_mean:.2f} ms | {seconds:.0f} s |",
            flush=True,
        )
        saved[game] = {
            "budget": budget,
            "calibration": steps,
            "margin": margin.mean,
            "ci95": [margin.low, margin.high],
            "won_drawn_lost": [won, len(results) - won - lost, lost],
            "today": {**today, "mean_ms": today_mean},
            "new": {**new, "mean_ms": new_mean},
            "cpu_seconds": seconds,
        }
    print(f"results: {save_results('fives_equal_time', saved)}")


def decisions(wanted: int, options: Sequence[str]) -> None:
    """The ``decisions`` mode (the module docstring): today's expert and the new one at
    today's budget (and at ``--budgets``, one per game), timed on the same decisions."""
    import pegboard.games
    from benchmarks import seeded_match

    given = dict(option.removeprefix("--").partition("=")[::2] for option in options)
    budgets = [int(b) for b in given["budgets"].split(",")] if "budgets" in given else []
    print(
        f"Decision CPU times, {wanted} decisions with a choice per game (seeded matches at "
        "every table size, as python -m benchmarks bot_decisions), interleaved:"
    )
    print("| game | expert | median | p95 | mean |")
    print("|---|---|---|---|---|")
    saved: dict[str, object] = {"decisions": wanted}
    for index, (game, name) in enumerate(GAMES):
        contenders = [
            (f"today's ({DEFAULT_BUDGET} playouts)", FivesExpert(DEFAULT_BUDGET, reference=True)),
            (f"new ({DEFAULT_BUDGET} playouts)", FivesExpert(DEFAULT_BUDGET)),
        ]
        if budgets:
            contenders.append((f"new ({budgets[index]} playouts)", FivesExpert(budgets[index])))
        times: list[list[float]] = [[] for _ in contenders]
        registry = pegboard.games.get(game)
        player = FivesExpert(DEFAULT_BUDGET)  # plays the matches: its moves are today's
        seed = 0
        while len(times[0]) < wanted:
            match = seeded_match(game, seed)
            rng = random.Random(seed)
            while match.current_player is not None and len(times[0]) < wanted:
                seat = match.current_player
                observation = match.observation(seat)
                if len(observation.legal_actions()) > 1:
                    k = len(times[0])
                    for (_, bot), found in zip(contenders, times, strict=True):
                        began = time.process_time()
                        bot.choose(observation, random.Random(k))
                        found.append(time.process_time() - began)
                registry.apply(match, seat, player.choose(observation, rng))
            seed += 1
        figures = {}
        for (label, _), found in zip(contenders, times, strict=True):
            shown = decision_times(found, 95)
            mean = 1000 * statistics.fmean(found)
            figures[label] = {**shown, "mean_ms": mean}
            print(
                f"| {name} | {label} | {shown['median_ms']:.2f} ms | {shown['p95_ms']:.1f} ms "
                f"| {mean:.2f} ms |",
                flush=True,
            )
        saved[game] = figures
    print(f"results: {save_results('fives_expert_decisions', saved)}")


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    if len(sys.argv) > 2 and sys.argv[2] == "equal-time":
        equal_time(deals, sys.argv[3:])
        return
    if len(sys.argv) > 2 and sys.argv[2] == "decisions":
        decisions(deals, sys.argv[3:])
        return
    pairings = PAIRINGS[sys.argv[2] if len(sys.argv) > 2 else "all"]
    print(
        "| game | players | pairing | margin per deal | 95% CI | hands won / drawn / lost | CPU |"
    )
    print("|---|---|---|---|---|---|---|")
    for game, _name in GAMES:
        for players in (2, 4):
            elo = {"random": 1000.0}
            for first, second in pairings:
                row, hands = measure(game, players, first, second, deals)
                print(row, flush=True)
                if second in elo and (first, second) in LADDER:
                    elo[first] = elo[second] + elo_gap(*hands)
            if len(elo) > 1:
                ratings = ", ".join(f"{name} {rating:.0f}" for name, rating in elo.items())
                print(f"<!-- {game}, {players} players: Elo up the ladder: {ratings} -->")


if __name__ == "__main__":
    main()
