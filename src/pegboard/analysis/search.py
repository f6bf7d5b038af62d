"""The analysis of a match, decision by decision (``analyse``), and of one decision
(``analyse_decision``: what a server hands to a worker process, with the seat's
observation alone).

Each decision is searched by the analysing bot (``pegboard.hints.rank``) from the
observation of the seat that made it, never from the position: the analysis peeks no more
than the bots do. A searching bot's values are estimates, so a decision is searched again,
each time with fresh random numbers, until the standard error of its loss is within the
tolerance or ``max_searches`` searches are made (two at least: one search says nothing of
its own error). The values of the searches are averaged per action; the best is the action
of the highest mean, and the loss of the action taken is that mean less its own, an
estimate whose error is the standard error of the per-search differences.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pegboard.analysis.errors import AnalysisError
from pegboard.analysis.grades import in_points
from pegboard.analysis.odds import known_win_probability
from pegboard.analysis.report import ActionValue
from pegboard.bots import Evaluation
from pegboard.core import N_
from pegboard.games import Game
from pegboard.games import get as get_game
from pegboard.hints import HintError, rank, strongest_analyser

MIN_SEARCHES: Final = 2
"""Searches made of every decision: the fewest that say their own error."""
MAX_SEARCHES: Final = 8
"""Searches made of a decision at most, unless told (the budget's end)."""
TOLERANCE_SHARE: Final = 0.25
"""The default tolerance on a loss's standard error, as a share of the game's inaccuracy
threshold: the error of a loss is then well below the smallest loss that is graded."""

Progress = Callable[[int, int], None]
"""Told ``(decisions done, decisions in all)`` after each decision."""


@dataclass(frozen=True, slots=True)
class Searched:
    """One decision searched: its actions valued (means, best first), the loss of the
    action taken, the loss's standard error and how many searches were made."""

    values: tuple[ActionValue, ...]
    unit: str
    loss: float
    error: float
    searches: int
    chance: float | None = None
    """The deciding seat's chance of winning, from its observation (``chances`` > 0)."""


def analysis_level(game: Game) -> str:
    """The bot level that analyses ``game``'s matches: the game's own choice
    (``Game.analyser``), else its strongest level that can rank actions; ``AnalysisError``
    when none can."""
    if game.analyser is not None:
        return game.analyser
    try:
        return strongest_analyser(game)
    except HintError:
        raise AnalysisError(N_("no bot of {game} can analyse a match"), game=game.name) from None


def search_seed(seed: int, index: int, search: int) -> int:
    """The seed of one search of the decision at ``index``: the same analysis seed gives
    the same searches, and different decisions and searches independent ones."""
    return random.Random(f"pegboard-analysis/{seed}/{index}/{search}").getrandbits(63)


def analyse_decision(
    game: str,
    observation: Any,
    taken: Any,
    *,
    level: str,
    budget: int | None = None,
    seed: int = 0,
    index: int = 0,
    tolerance: float = 0.0,
    max_searches: int = MAX_SEARCHES,
    chances: int = 0,
) -> Searched:
    """One decision: ``taken`` (an action, or its notation) of the seat whose
    ``observation`` it is, searched by ``level`` until the loss's error is within
    ``tolerance`` (in the game's points: ``pegboard.analysis.grades.in_points``) or
    ``max_searches`` searches are made; with ``chances``, the seat's
    chance of winning estimated from that many worlds (``pegboard.analysis.odds``)."""
    taken_text = str(taken)
    rate = get_game(game).grading.chance_per_point
    runs: list[dict[str, Evaluation]] = []
    order: list[str] = []
    while True:
        evaluations = rank(game, observation, level, search_seed(seed, index, len(runs)), budget)
        run = {str(e.action): e for e in evaluations}
        if taken_text not in run:
            raise AnalysisError(
                N_("the action {action!r} was not legal for the seat that played it"),
                action=taken_text,
            )
        if not order:
            order = list(run)
        runs.append(run)
        if len(runs) < MIN_SEARCHES:
            continue
        means = _means(runs, order)
        best = max(order, key=lambda a: (means[a], -order.index(a)))
        differences = [run[best].value - run[taken_text].value for run in runs]
        error = statistics.stdev(differences) / math.sqrt(len(runs))
        unit = runs[0][order[0]].unit
        if in_points(error, unit, rate) <= tolerance or len(runs) >= max_searches:
            break
    loss = max(0.0, means[best] - means[taken_text])
    ranked = sorted(order, key=lambda a: (-means[a], order.index(a)))
    values = tuple(ActionValue(a, means[a], _mean_details(runs, a)) for a in ranked)
    chance = None
    if chances > 0:
        chance = known_win_probability(
            get_game(game),
            observation,
            observation.seat,
            samples=chances,
            seed=search_seed(seed, index, -1),
        )
    return Searched(values, unit, loss, error if loss > 0 else 0.0, len(runs), chance)


def _means(runs: Sequence[Mapping[str, Evaluation]], order: Sequence[str]) -> dict[str, float]:
    return {a: math.fsum(run[a].value for run in runs) / len(runs) for a in order}


def _mean_details(runs: Sequence[Mapping[str, Evaluation]], action: str) -> dict[str, float]:
    keys = set.intersection(*(set(run[action].details) for run in runs))
    return {
        key: math.fsum(float(run[action].details[key]) for run in runs) / len(runs)
        for key in sorted(keys)
    }
