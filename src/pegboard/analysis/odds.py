"""The chance of winning a match (issue 37): ``win_probability(game, state, seat)``, and the
making of the tables it reads.

    >>> import pegboard.games
    >>> from pegboard.analysis import win_probability
    >>> cribbage = pegboard.games.get("cribbage")
    >>> match = cribbage.new_match(cribbage.check_options({}), 7)
    >>> round(win_probability(cribbage, match, 0, samples=0), 2)  # doctest: +SKIP
    0.52

Each game that has them gives its tables as a ``pegboard.games.WinProbabilities``: the
outcomes of deals of its expert against itself, sampled from standard starts (the deal's
seeds derived from one master seed, so that anyone can draw them again), then a dynamic
programme over the match's scores. ``generate`` draws the samples (on any ``Runner``: this
machine's processes or a Ray cluster) and builds the tables; ``check`` draws the first
samples again and rebuilds the tables from the stored samples, and says where either
differs from the data file: the test that the file is what its generator makes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from pegboard.analysis.errors import AnalysisError
from pegboard.arena.deals import derive_seed
from pegboard.arena.runner import LocalRunner, Runner
from pegboard.core import N_
from pegboard.games import Game, WinProbabilities
from pegboard.games import get as get_game
from pegboard.games.tables import FORMAT, TablesError, read_tables

DEFAULT_SAMPLES: Final = 32
"""Worlds played out to estimate a seat's chances within a deal."""
REPORT_SAMPLES: Final = 8
"""Worlds played out for the chance at each decision of a game report: a chart's line, an
estimate within some 0.05 (a report values a hundred decisions)."""
MAX_SAMPLES: Final = 1024
"""The most worlds one estimate plays out (a caller's request is bounded work)."""
DEFAULT_SEED: Final = 37
"""The master seed of the tables' samples (issue 37)."""


def tables_of(game: Game) -> WinProbabilities:
    """``game``'s win-probability tables; ``AnalysisError`` when it has none."""
    if game.win_probabilities is None:
        raise AnalysisError(N_("{game} has no table of the chances of winning"), game=game.name)
    return game.win_probabilities()


def win_probability(
    game: Game, state: Any, seat: int, *, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> float:
    """The chance that ``seat`` wins the match, from 0 to 1.

    ``state`` is a match of ``game`` or one seat's observation. A match is seen by ``seat``
    only (its observation: the chance never peeks at another seat's hand); with
    ``samples=0`` it is the table's chance from the state the deal in play began in,
    knowing nothing of the cards or tiles dealt. Otherwise ``samples`` worlds consistent
    with the observation are played out to the deal's end, each end read from the table
    (``seed`` draws them: the same seed, the same estimate).
    """
    tables = tables_of(game)
    if game.owns(state):
        # The table's chances (a lookup) say how many seats there are, before any playout.
        between = tables.between_deals(state)
        _check_seat(seat, len(between))
        if samples == 0 or state.current_player is None:
            return float(between[seat])
        state = state.observation(seat)
    _check_samples(samples)
    chances = tables.within_deal(state, samples, random.Random(seed))
    _check_seat(seat, len(chances))
    return float(chances[seat])


def public_win_probabilities(
    game: Game, match: Any, *, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> tuple[float, ...]:
    """Every seat's chance of winning ``match`` from its public facts alone: what a
    spectator may be shown (issue 37). No seat's hand, nor the stock, is read: ``samples``
    worlds dealt at random consistently with what every seat sees are played out to the
    deal's end, each end read from the tables (``seed`` draws them: the same seed, the same
    estimate). With ``samples=0``, the table's chances from the state the deal in play began
    in; 1 and 0 once the match is over."""
    tables = tables_of(game)
    if not isinstance(match, game.match_type) or not game.owns(match):
        raise AnalysisError(N_("not a match of {game}"), game=game.name)
    between = tables.between_deals(match)
    if samples == 0 or match.current_player is None:
        return tuple(float(chance) for chance in between)
    _check_samples(samples)
    return tuple(
        float(chance) for chance in tables.within_public(match, samples, random.Random(seed))
    )


def _check_samples(samples: int) -> None:
    if not 1 <= samples <= MAX_SAMPLES:
        raise AnalysisError(
            N_("an estimate plays out from 1 to {most} worlds, not {samples}"),
            most=MAX_SAMPLES,
            samples=samples,
        )


def _check_seat(seat: int, seats: int) -> None:
    if not 0 <= seat < seats:
        raise AnalysisError(N_("no seat {seat} in this match"), seat=seat)


def known_win_probability(
    game: Game, state: Any, seat: int, *, samples: int = DEFAULT_SAMPLES, seed: int = 0
) -> float | None:
    """``win_probability``, or None where there is none to give: a game without tables, or
    a state its tables do not read (a Draw round alone has no match to win). What the
    surfaces that show a chance beside something else call (hints, reports, the command
    line)."""
    if game.win_probabilities is None:
        return None
    try:
        return win_probability(game, state, seat, samples=samples, seed=seed)
    except TablesError:
        return None


# -- the data files -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Task:
    game: str
    configuration: str
    index: int
    seed: int


def _sample(task: _Task) -> tuple[str, int, Any]:
    """One deal sampled (module-level: a runner maps it over processes)."""
    tables = tables_of(get_game(task.game))
    return task.configuration, task.index, tables.sample_deal(task.configuration, task.seed)


def deal_seed(seed: int, configuration: str, index: int) -> int:
    """The seed of the ``index``-th sampled deal of ``configuration``."""
    return derive_seed(seed, "odds", configuration, index)


def draw_samples(
    game: Game,
    deals: int,
    seed: int = DEFAULT_SEED,
    runner: Runner | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, list[Any]]:
    """``deals`` sampled deals of each of ``game``'s configurations, in order."""
    chosen = tables_of(game).configurations
    tasks = [
        _Task(game.name, configuration, index, deal_seed(seed, configuration, index))
        for configuration in chosen
        for index in range(deals)
    ]
    found: dict[str, list[Any]] = {configuration: [None] * deals for configuration in chosen}
    results = (runner or LocalRunner()).map(_sample, tasks)
    for done, (configuration, index, sample) in enumerate(results, start=1):
        found[configuration][index] = sample
        if progress is not None:
            progress(done, len(tasks))
    return found


def generate(
    game: Game,
    deals: int,
    seed: int = DEFAULT_SEED,
    runner: Runner | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The data file's contents: ``deals`` samples of each configuration and the tables
    built from them."""
    samples = draw_samples(game, deals, seed, runner, progress)
    return {
        "format": FORMAT,
        "game": game.name,
        "seed": seed,
        "deals": deals,
        "samples": samples,
        "tables": tables_of(game).build(samples),
    }


def check(game: Game, deals: int, runner: Runner | None = None) -> list[str]:
    """Where ``game``'s data file is not what its generator makes: its first ``deals``
    samples of each configuration drawn again from its seed, and its tables rebuilt from
    its samples. An empty list when both agree."""
    tables = tables_of(game)
    data = read_tables(tables.path)
    problems: list[str] = []
    if data.get("format") != FORMAT or data.get("game") != game.name:
        return [f"{tables.path.name}: not a format-{FORMAT} data file of {game.name}"]
    again = draw_samples(game, min(deals, int(data["deals"])), int(data["seed"]), runner)
    for configuration, samples in again.items():
        stored = data["samples"].get(configuration, [])
        for index, sample in enumerate(samples):
            if index >= len(stored) or _plain(sample) != stored[index]:
                problems.append(f"{configuration}: deal {index} is not the one stored")
    rebuilt = _plain(tables.build(data["samples"]))
    for name in sorted(set(rebuilt) | set(data["tables"])):
        if rebuilt.get(name) != data["tables"].get(name):
            problems.append(f"table {name!r} is not what the samples build")
    return problems


def _plain(value: Any) -> Any:
    """``value`` as JSON reads it back (tuples as lists)."""
    return json.loads(json.dumps(value))
