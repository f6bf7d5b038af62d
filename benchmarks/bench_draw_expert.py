"""Draw's bots: each level's decision time, and (with options) their strength in the arena.

Run: ``.venv/bin/python -m benchmarks draw_expert`` (``--quick``: 40 positions, a smoke
test) for

* the decision time of every level for people (beginner, casual, strong, expert) and of
  the previous expert (``pimc``): median and 95th percentile over fixed positions with a
  real choice (more than one legal action) from seeded greedy self-play, 2 to 4 players;
  a person should not notice them (median under 0.5 s, 95th percentile under 2 s);
* the expert's iterations per second, and the previous expert's playouts per second;
* the sampler of hidden tiles where a pass constrains a hand (with no pass the searches
  deal by one shuffle): median microseconds per determinization, one at a time
  (``sample_hidden_masks``) and as a search makes them (``sampler.CountedDeals``);
* ``--cores``: the expert's decisions on the same positions with its search in C and in
  Python (``ismcts.SEARCH_CORE``; the same tree either way), CPU time per decision, at
  2-4 players on the double-six set and at four on the double-nine set in partnerships,
  with and without a pass behind the decision.

Strength, in the duplicate arena (``pegboard.arena``: every deal played once per seating,
margins per deal with 95% intervals), each with ``--workers N`` processes (default 2):

* ``--versus DEALS [--players N]``: the expert against the previous expert (``pimc``), one
  expert and N-1 previous experts at the table (the issue's acceptance);
* ``--curve DEALS``: the expert at 4 and 16 times its budget against itself (2 players);
  ``--curve-16 DEALS`` sets the (expensive) 16 times run's deals apart (0: not run),
  ``--curve-base N`` the budget that counts as 1 (default: the expert's);
* ``--ladder DEALS``: Elo of random, greedy and the four levels, from two 4-player
  duplicate runs (random, greedy, beginner, casual; casual, greedy, strong, expert) put
  into one table of pairwise results;
* ``--against-the-field JSON...``: from ``pegboard arena --json`` files of one pairing
  (distinct seeds pooled), the first entrant's points less the mean of the others' per
  deal, with a 95% interval over the deals;
* ``--elo-up JSON...``: Elo up a ladder from ``pegboard arena --json`` files of two
  entrants, one per rung, lowest first (random at 1000), from the plays each level won;
* ``--strength PAIRS``: the old matches of this file (2 players, seats exchanged): expert
  against greedy and greedy against random.

The figures are saved under ``benchmarks/results/``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Final

from benchmarks import quick, save_results
from pegboard.arena import ArenaConfig, LocalRunner, elo, pairwise_scores, run_arena, summarize
from pegboard.arena.stats import mean_ci
from pegboard.bots import RandomBot, SeededBot
from pegboard.bots.base import Bot
from pegboard.draw import DrawObservation, Round
from pegboard.draw.bots.basic import GreedyBot
from pegboard.draw.bots.expert import DEFAULT_BUDGET, Dealer, DrawExpert
from pegboard.draw.bots.ismcts import DEFAULT_BUDGET as EXPERT_BUDGET
from pegboard.draw.bots.ismcts import DrawISMCTS
from pegboard.draw.determinize import forbidden_masks, sample_hidden_masks, unseen_mask
from pegboard.games import make_bot

POSITIONS: Final = 300
SEED: Final = 2026


class OwnTreeExpert(DrawISMCTS):
    """The expert whose tree holds its own decisions only (the others by the playout
    policy), for measuring only."""

    opponents_in_tree = False


class NarrowExpert(DrawISMCTS):
    """The expert exploring half as much (UCB1's constant halved), for measuring only."""

    exploration = 0.35


class CommonDealsExpert(DrawISMCTS):
    """The expert trying every root action on each deal, for measuring only."""

    common_deals = True


class ShapedExpert(DrawISMCTS):
    """The expert whose playouts play by ``Playout.run_shaped``, for measuring only."""

    shaped_playouts = True


class ShapedCommonExpert(ShapedExpert):
    """Shaped playouts and every root action on each deal, for measuring only."""

    common_deals = True


VARIANTS: Final[dict[str, Callable[[], Bot]]] = {
    "expert-shaped": ShapedExpert,
    "expert-shaped-common": ShapedCommonExpert,
    "expert-own": OwnTreeExpert,
    "expert-narrow": NarrowExpert,
    "expert-common": CommonDealsExpert,
}


def arena_levels() -> Any:
    """A plug-in for the arena (``PEGBOARD_GAMES=benchmarks.bench_draw_expert:
    arena_levels``): registers the variants above as Draw levels in every process of the
    run, for measurement only (the lobby never sees them), and returns Draw."""
    from pegboard.draw import description as draw
    from pegboard.games import register_bot

    for level, factory in VARIANTS.items():
        register_bot("draw", level, factory)
    return draw.GAME


def positions(count: int = POSITIONS, seed: int = SEED) -> list[DrawObservation]:
    """Observations with a real choice, from seeded greedy self-play (2 to 4 players)."""
    rng = random.Random(seed)
    greedy = GreedyBot()
    found: list[DrawObservation] = []
    deal = 0
    while len(found) < count:
        round_ = Round.deal(2 + deal % 3, seed=seed + deal)
        deal += 1
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            if len(observation.legal) > 1:
                found.append(observation)
            round_.apply(greedy.choose(observation, rng))
    return found[:count]


LEVELS: Final = ("beginner", "casual", "strong", "expert", "pimc")


def decisions() -> dict[str, dict[str, float]]:
    """Each level's decision time over the same positions (``choose``, from its seed)."""
    observations = positions(40 if quick() else POSITIONS)
    figures: dict[str, dict[str, float]] = {}
    mode = " (quick mode)" if quick() else ""
    print(f"positions: {len(observations)} (2-4 players, more than one legal action){mode}")
    for level in LEVELS:
        bot = make_bot("draw", level, seed=1)
        times = []
        for observation in observations:
            start = time.perf_counter()
            bot.act(observation)
            times.append(time.perf_counter() - start)
        times.sort()
        figures[level] = {
            "median_decision_ms": 1000 * statistics.median(times),
            "p95_decision_ms": 1000 * times[int(0.95 * len(times))],
            "max_decision_ms": 1000 * times[-1],
        }
        print(
            f"{level:>8}: median {figures[level]['median_decision_ms']:7.1f} ms, "
            f"95th percentile {figures[level]['p95_decision_ms']:7.1f} ms, "
            f"slowest {figures[level]['max_decision_ms']:7.1f} ms"
        )
    return figures


def speed(budget: int) -> dict[str, float]:
    """The previous expert's playouts per second and the expert's iterations per second."""
    observations = positions(40 if quick() else POSITIONS)
    rng = random.Random(1)
    playouts = 0
    total = 0.0
    for observation in observations:
        start = time.perf_counter()
        evaluations = DrawExpert(budget=budget).analyse(observation, rng)
        total += time.perf_counter() - start
        playouts += int(evaluations[0].details["deals"]) * len(evaluations)
    iterations = 0
    tree = 0.0
    for observation in observations:
        start = time.perf_counter()
        ranked = DrawISMCTS(budget=EXPERT_BUDGET).analyse(observation, rng)
        tree += time.perf_counter() - start
        iterations += int(ranked[0].details["iterations"])
    figures = {
        "pimc_budget": float(budget),
        "playouts_per_second": playouts / total,
        "expert_budget": float(EXPERT_BUDGET),
        "iterations_per_second": iterations / tree,
    }
    print(
        f"pimc ({budget} playouts a decision): {figures['playouts_per_second']:,.0f} playouts "
        f"per second; expert ({EXPERT_BUDGET} iterations): "
        f"{figures['iterations_per_second']:,.0f} iterations per second"
    )
    return figures


def proven(observation: DrawObservation) -> bool:
    """Whether a pass proved something about a tile the seat cannot see (D8)."""
    unseen = unseen_mask(observation)
    return any(mask & unseen for mask in forbidden_masks(observation))


def self_play_positions(
    count: int,
    deal: Callable[[int], Round],
    keep: Callable[[DrawObservation], bool],
    tries: int,
    seed: int = SEED,
) -> list[DrawObservation]:
    """The first ``count`` observations that ``keep`` keeps, from seeded greedy self-play
    of the rounds ``deal(seed)`` deals (at most ``tries`` times ``count`` rounds)."""
    rng = random.Random(seed)
    greedy = GreedyBot()
    found: list[DrawObservation] = []
    number = 0
    while len(found) < count and number < tries * count:
        round_ = deal(number)
        number += 1
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            if keep(observation):
                found.append(observation)
            round_.apply(greedy.choose(observation, rng))
    return found[:count]


def constrained_positions(count: int, seed: int = SEED) -> list[DrawObservation]:
    """Observations where a pass proved something about a tile the seat cannot see."""
    return self_play_positions(
        count, lambda n: Round.deal(2 + n % 3, seed=seed + n), proven, 20, seed
    )


def sampling() -> dict[str, float]:
    observations = constrained_positions(30 if quick() else 200)
    rng = random.Random(3)
    repeats = 20 if quick() else 200
    per_sample = []
    per_search_sample = []
    for observation in observations:
        start = time.perf_counter()
        for _ in range(repeats):
            sample_hidden_masks(observation, rng)
        per_sample.append((time.perf_counter() - start) / repeats)
        start = time.perf_counter()
        dealer = Dealer(observation)  # counted once, as a search does
        for _ in range(repeats):
            dealer.sample(rng)
        per_search_sample.append((time.perf_counter() - start) / repeats)
    per_sample.sort()
    per_search_sample.sort()
    figures = {
        "constrained_positions": float(len(observations)),
        "median_sample_us": 1e6 * statistics.median(per_sample),
        "p90_sample_us": 1e6 * per_sample[int(0.9 * len(per_sample))],
        "median_search_sample_us": 1e6 * statistics.median(per_search_sample),
        "p90_search_sample_us": 1e6 * per_search_sample[int(0.9 * len(per_search_sample))],
    }
    print(
        f"sampler where a pass constrains a hand: {len(observations)} positions, "
        f"median {figures['median_sample_us']:.1f} us, "
        f"90th percentile {figures['p90_sample_us']:.1f} us per determinization; "
        f"a search's (counted once): median {figures['median_search_sample_us']:.1f} us, "
        f"90th percentile {figures['p90_search_sample_us']:.1f} us"
    )
    return figures


def table_positions(
    count: int, players: int, partnerships: bool, tile_set: int, passed: bool, seed: int = SEED
) -> list[DrawObservation]:
    """Observations with a real choice from seeded greedy self-play at one kind of table,
    with a pass behind them that proves something about the unseen tiles (``passed``) or
    none."""
    return self_play_positions(
        count,
        lambda n: Round.deal(players, seed=seed + n, partnerships=partnerships, tile_set=tile_set),
        lambda o: len(o.legal) > 1 and proven(o) == passed,
        50,
        seed,
    )


def cores() -> dict[str, dict[str, float]]:
    """The expert's decision (``choose``, CPU time) on the same positions with the search in
    C and in Python: medians, 95th percentiles, and the median of the per-position ratio."""
    from pegboard.draw.bots import ismcts
    from pegboard.draw.bots.levels import ExpertBot

    if ismcts.SEARCH_CORE != "c":
        print("the C search is not compiled (or PEGBOARD_PURE_PYTHON is set): nothing to compare")
        return {}
    count = 10 if quick() else 60
    tables = {f"{players} players, double-six": (players, False, 6) for players in (2, 3, 4)} | {
        "4 in partnerships, double-nine": (4, True, 9)
    }
    figures: dict[str, dict[str, float]] = {}
    reference = ismcts._search_in_c
    for name, (players, partnerships, tile_set) in tables.items():
        for passed in (False, True):
            observations = table_positions(count, players, partnerships, tile_set, passed)
            times: dict[str, list[float]] = {"c": [], "python": []}
            for observation in observations:
                for core in ("c", "python"):
                    ismcts._search_in_c = reference if core == "c" else None
                    bot = ExpertBot()
                    start = time.process_time()
                    bot.choose(observation, random.Random(5))
                    times[core].append(time.process_time() - start)
            ismcts._search_in_c = reference
            ratios = sorted(p / c for p, c in zip(times["python"], times["c"], strict=True) if c)
            label = f"{name}, {'after a pass' if passed else 'no pass'}"
            figures[label] = {
                "positions": float(len(observations)),
                "c_median_ms": 1000 * statistics.median(times["c"]),
                "c_p95_ms": 1000 * sorted(times["c"])[int(0.95 * len(observations))],
                "python_median_ms": 1000 * statistics.median(times["python"]),
                "python_p95_ms": 1000 * sorted(times["python"])[int(0.95 * len(observations))],
                "median_ratio": statistics.median(ratios),
            }
            row = figures[label]
            print(
                f"{label}: {len(observations)} positions; C median {row['c_median_ms']:.1f} ms, "
                f"p95 {row['c_p95_ms']:.1f} ms; Python median {row['python_median_ms']:.1f} ms, "
                f"p95 {row['python_p95_ms']:.1f} ms; Python/C per position, median "
                f"{row['median_ratio']:.1f}x"
            )
    return figures


def _bot(level: str, budget: int) -> Bot:
    if level == "pimc":
        return DrawExpert(budget=budget)
    if level == "expert":
        return DrawISMCTS()
    return GreedyBot() if level == "greedy" else RandomBot()


def duplicate_pair(args: tuple[str, str, int, int]) -> float:
    """Deal ``deal`` played twice, seats exchanged: ``first``'s mean margin over ``second``."""
    first, second, deal, budget = args
    total = 0
    for seat in (0, 1):
        bots = [SeededBot(_bot(second, budget), 2 * deal + 1)] * 2
        bots[seat] = SeededBot(_bot(first, budget), 2 * deal)
        round_ = Round.deal(2, seed=deal, leader=deal % 2)
        while not round_.is_over:
            turn = round_.current_player
            assert turn is not None
            round_.apply(bots[turn].act(round_.observation(turn)))
        assert round_.result is not None
        points = round_.result.points
        total += points[seat] - points[1 - seat]
    return total / 2


def strength(pairs: int, budget: int, jobs: int) -> dict[str, list[float]]:
    figures = {}
    for first, second in (("expert", "greedy"), ("greedy", "random")):
        start = time.perf_counter()
        tasks = [(first, second, deal, budget) for deal in range(pairs)]
        with ProcessPoolExecutor(jobs) as pool:
            margins = list(pool.map(duplicate_pair, tasks, chunksize=8))
        mean = statistics.mean(margins)
        half = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
        wins = sum(1 for m in margins if m > 0)
        losses = sum(1 for m in margins if m < 0)
        print(
            f"{first} vs {second}: {pairs} deals x 2 seats, mean margin {mean:+.2f} points "
            f"per deal, 95% CI [{mean - half:+.2f}, {mean + half:+.2f}]; deals won {wins}, "
            f"lost {losses}, even {pairs - wins - losses} "
            f"({time.perf_counter() - start:.0f} s)"
        )
        figures[f"{first}_vs_{second}"] = [mean, mean - half, mean + half, float(pairs)]
    return figures


def arena(bots: tuple[str, ...], deals: int, seed: int, workers: int) -> dict[str, object]:
    """One duplicate arena run: its margins (first entrant less each other) and the plays."""
    config = ArenaConfig("draw", bots, deals=deals, duplicate=True, seed=seed)
    start = time.perf_counter()
    results = run_arena(config, LocalRunner(workers))
    summary = summarize(config, results)
    seconds = time.perf_counter() - start
    first = summary.margins[: len(bots) - 1]
    for margin in first:
        e = margin.estimate
        print(
            f"{margin.first} - {margin.second} ({len(bots)} players): {e.mean:+.2f} points "
            f"a deal, 95% CI [{e.low:+.2f}, {e.high:+.2f}] over {e.n} deals ({seconds:.0f} s)",
            flush=True,
        )
    data = summary.to_dict(results)
    data["seconds"] = seconds
    return data


def versus(deals: int, players: int, workers: int) -> dict[str, object]:
    """The acceptance: the expert against N-1 previous experts (``pimc``)."""
    return arena(("expert", *["pimc"] * (players - 1)), deals, 2000 + players, workers)


def curve(deals_4: int, deals_16: int, workers: int, base: int) -> dict[str, object]:
    """The expert at 4 and 16 times ``base`` iterations against itself at ``base``."""
    return {
        f"x{k}": arena((f"expert@{k * base}", f"expert@{base}"), n, 300 + k, workers)
        for k, n in ((4, deals_4), (16, deals_16))
        if n
    }


LADDER: Final = (
    ("random", "greedy", "beginner", "casual"),
    ("casual", "greedy", "strong", "expert"),
)


def ladder(deals: int, workers: int) -> dict[str, object]:
    """Elo of every level from two 4-player duplicate runs in one table of pairwise
    results (a play counts for each pair at the table: more points wins, as many draws)."""
    names = ["random", "greedy", "beginner", "casual", "strong", "expert"]
    table = [[0.0] * len(names) for _ in names]
    runs = []
    for k, bots in enumerate(LADDER):
        config = ArenaConfig("draw", bots, deals=deals, duplicate=True, seed=500 + k)
        results = run_arena(config, LocalRunner(workers))
        summary = summarize(config, results)
        runs.append(summary.to_dict())
        scores = pairwise_scores([r.points for r in results], len(bots))
        for i, a in enumerate(bots):
            for j, b in enumerate(bots):
                table[names.index(a)][names.index(b)] += scores[i][j]
        for margin in summary.margins:
            e = margin.estimate
            print(
                f"{margin.first} - {margin.second}: {e.mean:+.2f} [{e.low:+.2f}, {e.high:+.2f}]",
                flush=True,
            )
    ratings = elo(table)
    # Anchored: random at 1000.
    shift = 1000 - ratings[0]
    print(
        "Elo (random = 1000): "
        + ", ".join(f"{n} {r + shift:.0f}" for n, r in zip(names, ratings, strict=True))
    )
    return {"elo": {n: r + shift for n, r in zip(names, ratings, strict=True)}, "runs": runs}


def against_the_field(paths: list[str]) -> dict[str, float]:
    """The first entrant's points less the mean of the others' per deal, over the plays of
    every seating of the deal, from the arena's ``--json`` files (runs with distinct seeds
    pooled): its mean with a 95% interval over the deals, and the deals won, lost, even."""
    import json

    per_deal: dict[tuple[int, int], list[float]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        for play in data["results"]:
            mine, *others = play["points"]  # by entrant, whatever the seating
            key = (data["config"]["seed"], play["deal"])
            per_deal.setdefault(key, []).append(mine - sum(others) / len(others))
    margins = [statistics.mean(values) for values in per_deal.values()]
    e = mean_ci(margins)
    won = sum(1 for m in margins if m > 0)
    lost = sum(1 for m in margins if m < 0)
    print(
        f"{e.n} deals: {e.mean:+.2f} points a deal against the field's mean, 95% CI "
        f"[{e.low:+.2f}, {e.high:+.2f}]; deals won {won}, lost {lost}, even {e.n - won - lost}"
    )
    return {"deals": float(e.n), "mean": e.mean, "low": e.low, "high": e.high}


def elo_up(paths: list[str]) -> dict[str, float]:
    """Elo up a ladder from ``pegboard arena --json`` files of two entrants, one file per
    rung, lowest first (each the level above against the one below; the first file's lower
    level at 1000): each rung from the share of the plays the upper level won, a drawn play
    a half (``benchmarks.fives_strength.elo_gap``)."""
    import json

    from benchmarks.fives_strength import elo_gap

    ratings: dict[str, float] = {}
    for path in paths:
        with open(path, encoding="utf-8") as file:
            upper, lower = json.load(file)["bots"]
        ratings.setdefault(lower["label"], 1000.0)
        gap = elo_gap(upper["wins"], upper["draws"], upper["losses"])
        ratings[upper["label"]] = ratings[lower["label"]] + gap
        print(
            f"{upper['label']} - {lower['label']}: {upper['wins']} / {upper['draws']} / "
            f"{upper['losses']} plays, {gap:+.0f} Elo"
        )
    print(", ".join(f"{label} {rating:.0f}" for label, rating in ratings.items()))
    return ratings


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--budget", type=int, default=DEFAULT_BUDGET)
    parser.add_argument("--strength", type=int, default=0, metavar="PAIRS")
    parser.add_argument("--versus", type=int, default=0, metavar="DEALS")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--curve", type=int, default=0, metavar="DEALS")
    parser.add_argument("--curve-16", type=int, default=None, metavar="DEALS")
    parser.add_argument("--curve-base", type=int, default=EXPERT_BUDGET, metavar="ITERATIONS")
    parser.add_argument("--ladder", type=int, default=0, metavar="DEALS")
    parser.add_argument("--workers", "--jobs", type=int, default=2)
    parser.add_argument("--no-speed", action="store_true", help="only the arena runs")
    parser.add_argument("--cores", action="store_true", help="the search in C against Python")
    parser.add_argument(
        "--against-the-field",
        nargs="+",
        metavar="JSON",
        help="the first entrant less the others' mean per deal, from arena --json files",
    )
    parser.add_argument(
        "--elo-up",
        nargs="+",
        metavar="JSON",
        help="Elo up a ladder from arena --json files of two entrants, lowest rung first",
    )
    args = parser.parse_args(argv)
    if args.against_the_field:
        against_the_field(args.against_the_field)
        return
    if args.elo_up:
        elo_up(args.elo_up)
        return
    data: dict[str, object] = {}
    if not args.no_speed:
        data.update(decisions=decisions(), speed=speed(args.budget), sampling=sampling())
    if args.cores:
        data["cores"] = cores()
    if args.strength:
        data["strength"] = strength(args.strength, args.budget, args.workers)
    if args.versus:
        data["versus"] = versus(args.versus, args.players, args.workers)
    if args.curve or args.curve_16:
        deals_16 = args.curve if args.curve_16 is None else args.curve_16
        data["curve"] = curve(args.curve, deals_16, args.workers, args.curve_base)
    if args.ladder:
        data["ladder"] = ladder(args.ladder, args.workers)
    print(f"saved: {save_results('draw_expert', data)}")


if __name__ == "__main__":
    main()
