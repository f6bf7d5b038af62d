"""The match analysis (``pegboard.analysis``, issue 36): its grades' thresholds measured,
the bot levels' accuracy, and the time a whole cribbage match takes to analyse.

    python -m benchmarks analysis                       # = speed (what `make bench` runs)
    python -m benchmarks analysis speed [--matches=N]
    python -m benchmarks analysis thresholds --game=G [--deals=N] [--factor=16] [--seed=S]
    python -m benchmarks analysis levels --game=G [--deals=N] [--budget=N] [--seed=S]
    python -m benchmarks analysis table --from=benchmarks/results/analysis-levels-G-....json

(``--game=all-fives``, with ``=``: a bare game name that is also a benchmark's, ``draw``
or ``cribbage``, would select that benchmark.)

**speed**: cribbage matches to 121 (best of 1) played by two experts, each analysed whole
by ``pegboard.analysis.analyse`` at its defaults (the expert's budget, the tolerance, up to
``MAX_SEARCHES`` searches of a decision); CPU seconds of this process (one core,
``time.process_time``), the median over the matches, beside a baseline measured in the same
run: the expert deciding the same match's decisions once. The ratio says how many of the
expert's own decisions one analysed decision costs.

**thresholds**: arena deals (``Game.looks.arena``: a Draw round, a cribbage hand, a Fives
hand) played by two experts at their default budget; at each decision, the expert's choice
is valued by a reference analysis at ``factor`` times the budget (two searches), and by the
analysis a report makes (defaults). Printed: the percentiles of the expert's losses against
the reference (what the expert really gives away), of its losses as the report sees them
(the noise a report grades), and of the reference's own error. docs/analysis.md says how the
thresholds in each game's ``Grading`` were chosen from them.

**levels**: duplicate deals (each deal seed played twice, the seats swapped, as the arena's
``duplicate`` mode plays them) of each bot level against the expert; only the level's own
decisions are analysed, at ``--budget`` (the expert's by default) and two searches each. Per
level: decisions, mean loss and accuracy (``pegboard.analysis.accuracy``, the game's mistake
threshold as the scale), each with a 95% interval over the deal seeds (a ratio estimate:
the deals are the independent units, their decisions are not). Seeds are derived from
``--seed`` (``pegboard.arena.derive_seed``), so another seed gives deals never tuned on.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks import quick, save_results, table

Z95 = 1.959963984540054


def _option(name: str, default: str) -> str:
    for arg in sys.argv[1:]:
        if arg.startswith(f"--{name}="):
            return arg.split("=", 1)[1]
    return default


def default_budget(game: str) -> int:
    """The expert's own budget (what a report searches with by default)."""
    from pegboard.hints import analyser_for

    budget = getattr(analyser_for(game, "expert"), "budget", None)
    if not isinstance(budget, int):
        raise SystemExit(f"the {game} expert has no budget to multiply")
    return budget


@dataclass(frozen=True, slots=True)
class Seen:
    """One decision of one seat in a deal: its observation and the action taken."""

    seat: int
    observation: Any
    action: Any


def deal_decisions(game: str, levels: Sequence[str], seed: int, bot_seed: int) -> Iterator[Seen]:
    """Play the arena deal ``seed`` of ``game`` with ``levels[seat]`` at each seat, yielding
    every decision (a seat with more than one legal action) as it is made."""
    import pegboard.games
    from pegboard.arena import derive_seed
    from pegboard.games import make_bot

    look = pegboard.games.get(game).looks.arena
    if look is None:
        raise SystemExit(f"{game} has no arena deals")
    deals = look()
    position = deals.start(False, seed, len(levels), {})  # the game's default options
    bots = [
        make_bot(game, level, seed=derive_seed(bot_seed, seat)) for seat, level in enumerate(levels)
    ]
    while not deals.finished(position, False):
        seat = position.current_player
        observation = position.observation(seat)
        action = bots[seat].act(observation)
        if len(observation.legal_actions()) > 1:
            yield Seen(seat, observation, action)
        deals.apply(position, seat, action)


def percentiles(values: Sequence[float], points: Sequence[float]) -> list[float]:
    """The ``points`` percentiles of ``values`` (the nearest rank at or above)."""
    ordered = sorted(values)
    return [ordered[min(len(ordered) - 1, math.ceil(p / 100 * len(ordered)) - 1)] for p in points]


# --- thresholds -------------------------------------------------------------------------

PERCENTILES = (50, 75, 90, 95, 99, 99.5)


def thresholds(game: str) -> None:
    import pegboard.games
    from pegboard.analysis import analyse_decision
    from pegboard.analysis.search import TOLERANCE_SHARE
    from pegboard.arena import derive_seed

    described = pegboard.games.get(game)
    deals = int(_option("deals", "10" if quick() else "60"))
    factor = int(_option("factor", "16"))
    master = int(_option("seed", "36"))
    budget = default_budget(game)
    tolerance = described.grading.inaccuracy * TOLERANCE_SHARE
    true_losses: list[float] = []
    report_losses: list[float] = []
    errors: list[float] = []
    start = time.process_time()
    for deal in range(deals):
        seed = derive_seed(master, "thresholds", deal)
        for n, seen in enumerate(deal_decisions(game, ("expert", "expert"), seed, seed + 1)):
            reference = analyse_decision(
                game,
                seen.observation,
                seen.action,
                level="expert",
                budget=factor * budget,
                seed=seed,
                index=n,
                tolerance=math.inf,
                max_searches=2,
            )
            report = analyse_decision(
                game,
                seen.observation,
                seen.action,
                level="expert",
                seed=seed + 7,
                index=n,
                tolerance=tolerance,
            )
            true_losses.append(reference.loss)
            errors.append(reference.error)
            report_losses.append(report.loss)
    seconds = time.process_time() - start
    rows = [
        [name, *(f"{x:.3f}" for x in percentiles(values, PERCENTILES)), f"{_mean(values):.3f}"]
        for name, values in (
            (f"expert's loss vs {factor}x", true_losses),
            ("expert's loss as graded", report_losses),
            (f"|graded - {factor}x|", _differences(report_losses, true_losses)),
            (f"{factor}x loss's error", errors),
        )
    ]
    print(
        f"{game}: {deals} deals, {len(true_losses)} decisions of the expert (budget {budget}), "
        f"reference {factor}x = {factor * budget}, {seconds:.0f} CPU s; "
        f"unit: {_unit(game)}; grading now {described.grading}"
    )
    print(table(["", *(f"p{p:g}" for p in PERCENTILES), "mean"], rows))
    for cut in (0.5, 1, 2, 3, 5, 10):
        print(
            f"  loss >= {cut:>4}: vs {factor}x {_share(true_losses, cut):6.2%}, "
            f"as graded {_share(report_losses, cut):6.2%}"
        )
    save_results(
        f"analysis-thresholds-{game}",
        {
            "game": game,
            "deals": deals,
            "factor": factor,
            "budget": budget,
            "seed": master,
            "true_losses": true_losses,
            "report_losses": report_losses,
            "reference_errors": errors,
        },
    )


def _differences(one: Sequence[float], other: Sequence[float]) -> list[float]:
    """How far a report's loss is from the reference's, decision by decision: its noise
    (what the rule of docs/analysis.md rounds up into an inaccuracy)."""
    return [abs(a - b) for a, b in zip(one, other, strict=True)]


def _unit(game: str) -> str:
    from pegboard.hints import rank

    for seen in deal_decisions(game, ("random", "random"), 1, 2):
        return rank(game, seen.observation, "expert", 0, 1)[0].unit
    return "?"


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else math.nan


def _share(values: Sequence[float], cut: float) -> float:
    return sum(1 for v in values if v >= cut) / len(values) if values else math.nan


# --- levels -----------------------------------------------------------------------------

LEVELS = ("random", "greedy", "beginner", "casual", "strong", "expert")
"""The levels the issue orders (a game may offer more: research bots such as Draw's pimc)."""


def _residuals(per_deal: Sequence[Sequence[float]], score: Any) -> tuple[float, list[float]]:
    """The ratio ``Σ score(losses) / Σ count`` over the deals, and each deal's linearised
    residual (``(sum − ratio · count) / mean count``, the delta method), whose spread is the
    ratio's error: the deals are the independent units, their decisions are not."""
    sums = [math.fsum(score(x) for x in losses) for losses in per_deal]
    counts = [len(losses) for losses in per_deal]
    ratio = math.fsum(sums) / sum(counts)
    mean_count = sum(counts) / len(counts)
    return ratio, [(s - ratio * c) / mean_count for s, c in zip(sums, counts, strict=True)]


def _half_width(residuals: Sequence[float]) -> float:
    k = len(residuals)
    return Z95 * statistics.stdev(residuals) / math.sqrt(k) if k > 1 else math.inf


def levels(game: str) -> None:
    import pegboard.games
    from pegboard.analysis import analyse_decision
    from pegboard.arena import derive_seed

    described = pegboard.games.get(game)
    deals = int(_option("deals", "4" if quick() else "100"))
    master = int(_option("seed", "3600"))
    budget = int(_option("budget", str(default_budget(game))))
    chosen = [lv for lv in _option("levels", ",".join(LEVELS)).split(",") if lv]
    per_level: dict[str, list[list[float]]] = {}
    seconds: dict[str, float] = {}
    for level in chosen:
        start = time.process_time()
        per_deal: list[list[float]] = []  # per deal seed: the losses of the level's decisions
        for deal in range(deals):
            seed = derive_seed(master, "levels", deal)
            losses: list[float] = []
            for seat in (0, 1):  # the level at seat 0, then at seat 1: a duplicate deal
                seats = (level, "expert") if seat == 0 else ("expert", level)
                bot_seed = derive_seed(master, "bots", deal, seat)
                for n, seen in enumerate(deal_decisions(game, seats, seed, bot_seed)):
                    if seen.seat == seat:
                        searched = analyse_decision(
                            game,
                            seen.observation,
                            seen.action,
                            level="expert",
                            budget=budget,
                            seed=bot_seed,
                            index=n,
                            tolerance=math.inf,
                            max_searches=2,
                        )
                        losses.append(searched.loss)
            per_deal.append(losses)
        per_level[level] = per_deal
        seconds[level] = time.process_time() - start
        print(f"  {level}: {sum(map(len, per_deal))} decisions, {seconds[level]:.0f} s", flush=True)
        # Kept after each level, so that a run cut short still says what it measured.
        partial = {"game": game, "deals": deals, "budget": budget, "seed": master}
        _keep(f"analysis-levels-{game}-partial.json", {**partial, "losses": per_level})
    print(
        f"{game}: {deals} duplicate deals per level against the expert (seed {master}), "
        f"analysed at budget {budget}, 2 searches a decision; accuracy's scale "
        f"{described.grading.mistake}"
    )
    print(level_table(per_level, described.grading.mistake, seconds))
    save_results(
        f"analysis-levels-{game}",
        {"game": game, "deals": deals, "budget": budget, "seed": master, "losses": per_level},
    )


def _keep(name: str, data: dict[str, Any]) -> None:
    import json

    from benchmarks import RESULTS

    RESULTS.mkdir(exist_ok=True)
    (RESULTS / name).write_text(json.dumps(data) + "\n", encoding="utf-8")


def level_table(
    per_level: dict[str, list[list[float]]], scale: float, seconds: dict[str, float]
) -> str:
    """Each level's decisions, mean loss and accuracy with 95% intervals, and the accuracy
    it gains over the level before it (paired by deal: the same deal seeds) with its own."""
    rows = []
    previous: list[float] | None = None
    for level, per_deal in per_level.items():
        mean, mean_res = _residuals(per_deal, lambda x: x)
        acc, acc_res = _residuals(per_deal, lambda x: 100 * math.exp(-x / scale))
        if previous is None:
            gain = ""
        else:
            paired = [a - b for a, b in zip(acc_res, previous[1:], strict=True)]
            gain = f"{acc - previous[0]:+.1f} ± {_half_width(paired):.1f}"
        previous = [acc, *acc_res]
        rows.append(
            [
                level,
                str(sum(map(len, per_deal))),
                f"{mean:.3f} ± {_half_width(mean_res):.3f}",
                f"{acc:.1f} ± {_half_width(acc_res):.1f}",
                gain,
                f"{seconds.get(level, math.nan):.0f}",
            ]
        )
    headers = ["level", "decisions", "mean loss (95%)", "accuracy (95%)", "over the last", "CPU s"]
    return table(headers, rows)


def saved_table(path: str) -> None:
    """The levels' table again from a saved run, with the game's accuracy scale now."""
    import json

    import pegboard.games

    saved = json.loads(Path(path).read_text(encoding="utf-8"))
    scale = pegboard.games.get(saved["game"]).grading.mistake
    print(
        f"{saved['game']}: {saved['deals']} duplicate deals (seed {saved['seed']}), "
        f"budget {saved['budget']}; accuracy's scale {scale}"
    )
    print(level_table(saved["losses"], scale, {}))


# --- speed ------------------------------------------------------------------------------


def speed() -> None:
    import pegboard.games
    from pegboard.analysis import analyse
    from pegboard.games import make_bot

    cribbage = pegboard.games.get("cribbage")
    matches = int(_option("matches", "1" if quick() else "3"))
    rows = []
    analysed: list[float] = []
    played: list[float] = []
    for k in range(matches):
        seed = 121 + k
        match = cribbage.new_match(cribbage.check_options({"best_of": 1}), seed)
        bots = [make_bot("cribbage", "expert", seed=seed + seat) for seat in range(2)]
        seen: list[Any] = []
        while not match.is_over:
            seat = match.current_player
            observation = match.observation(seat)
            action = bots[seat].act(observation)
            if len(observation.legal_actions()) > 1:
                seen.append((seat, observation))
            cribbage.play(match, seat, action)
        record = match.to_record()
        # The baseline: the expert deciding each of the match's decisions once, again.
        start = time.process_time()
        for seat, observation in seen:
            bots[seat].act(observation)
        baseline = time.process_time() - start
        start = time.process_time()
        report = analyse(cribbage, record, seed=k)
        seconds = time.process_time() - start
        analysed.append(seconds)
        played.append(baseline)
        searches = sum(d.searches for d in report.decisions)
        rows.append(
            [
                f"match {k + 1} (seed {seed})",
                str(len(record["actions"]) if "actions" in record else len(report.actions)),
                str(len(report.decisions)),
                f"{searches / len(report.decisions):.2f}",
                f"{seconds:.1f}",
                f"{baseline:.2f}",
                f"{seconds / baseline:.0f}x",
            ]
        )
    print(
        "A cribbage match to 121 analysed at the expert's budget "
        f"({default_budget('cribbage')}), CPU seconds on one core:"
    )
    headers = ["", "actions", "decisions", "searches/dec", "analysis s", "expert s", "ratio"]
    print(table(headers, rows))
    median = statistics.median(analysed)
    print(
        f"median: {median:.1f} s analysed, {statistics.median(played):.2f} s the expert's own "
        f"decisions ({median / statistics.median(played):.0f}x); the issue's goal: under 60 s"
    )
    save_results("analysis-speed", {"analysed_s": analysed, "expert_s": played})


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    command = args[0] if args else "speed"
    game = _option("game", "cribbage")
    if command == "speed":
        speed()
    elif command == "thresholds":
        thresholds(game)
    elif command == "levels":
        levels(game)
    elif command == "table":
        saved_table(_option("from", ""))
    else:
        raise SystemExit(f"unknown command {command!r}: speed, thresholds or levels")


if __name__ == "__main__":
    main()
