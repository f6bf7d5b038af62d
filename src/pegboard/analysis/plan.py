"""A match's analysis: ``plan_log`` replays the log once and lists the decisions to search,
each with the observation of the seat that made it (all that goes to a worker process, as
for a hint); each is searched by ``analyse_decision`` (``Plan.search_arguments``);
``Plan.report`` puts the searches together into the ``Report``. ``analyse_log`` does the
three in one process; a server searches the decisions one at a time in its worker
processes (``pegboard.web.analyses``) and makes the same report of the same log, seed,
level and budget. ``analyse`` reads a match record first (``match_start``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.analysis.errors import AnalysisError
from pegboard.analysis.grades import grade, in_points
from pegboard.analysis.odds import REPORT_SAMPLES
from pegboard.analysis.report import Decision, Report
from pegboard.analysis.search import (
    MAX_SEARCHES,
    MIN_SEARCHES,
    TOLERANCE_SHARE,
    Progress,
    Searched,
    analyse_decision,
    analysis_level,
)
from pegboard.core import N_, RecordError, WordedError, check_record
from pegboard.games import Game
from pegboard.hints import analyser_for


@dataclass(frozen=True, slots=True)
class Ask:
    """One decision to search: its place in the log (``index``), the seat, that seat's
    observation then (no reference to the position) and the action taken, in notation."""

    index: int
    seat: int
    observation: Any
    taken: str


@dataclass(frozen=True, slots=True)
class Plan:
    """A match's decisions to search and its board points after each action, with how
    each decision is searched (level, budget, seed, tolerance, most searches)."""

    game: Game
    players: int
    actions: tuple[str, ...]
    asks: tuple[Ask, ...]
    scores: tuple[tuple[float, ...], ...]
    level: str
    budget: int | None
    seed: int
    tolerance: float
    max_searches: int
    chances: int = REPORT_SAMPLES
    """Worlds played out for the deciding seat's chance of winning at each decision."""

    def search_arguments(self, ask: Ask) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """``analyse_decision``'s arguments for ``ask``, as ``analyse_log`` gives them."""
        return (self.game.name, ask.observation, ask.taken), {
            "level": self.level,
            "budget": self.budget,
            "seed": self.seed,
            "index": ask.index,
            "tolerance": self.tolerance,
            "max_searches": self.max_searches,
            "chances": self.chances,
        }

    def report(self, searched: Sequence[Searched]) -> Report:
        """The report, given each decision's search in the order of ``asks``."""
        if len(searched) != len(self.asks):
            raise ValueError(f"{len(self.asks)} decisions, {len(searched)} searches")
        grading = self.game.grading

        def graded(done: Searched) -> str | None:
            rate = grading.chance_per_point
            loss = in_points(done.loss, done.unit, rate)
            return grade(loss, grading, in_points(done.error, done.unit, rate))

        decisions = tuple(
            Decision(
                index=ask.index,
                seat=ask.seat,
                taken=ask.taken,
                values=done.values,
                unit=done.unit,
                loss=done.loss,
                error=done.error,
                searches=done.searches,
                grade=graded(done),
                chance=done.chance,
            )
            for ask, done in zip(self.asks, searched, strict=True)
        )
        return Report(
            game=self.game.name,
            players=self.players,
            level=self.level,
            budget=self.budget,
            tolerance=self.tolerance,
            seed=self.seed,
            actions=self.actions,
            decisions=decisions,
            scores=self.scores,
            scale=grading.mistake,
            chance_per_point=grading.chance_per_point,
        )


def default_budget(game: Game, level: str) -> int | None:
    """The budget per search ``level``'s analyser of ``game`` has of its own (None: it
    does not search)."""
    budget = getattr(analyser_for(game.name, level), "budget", None)
    return budget if isinstance(budget, int) and not isinstance(budget, bool) else None


def plan_log(
    game: Game,
    options: Mapping[str, Any],
    match_seed: int,
    actions: Sequence[str],
    *,
    level: str | None = None,
    budget: int | None = None,
    seed: int = 0,
    tolerance: float | None = None,
    max_searches: int = MAX_SEARCHES,
    chances: int = REPORT_SAMPLES,
) -> Plan:
    """The plan of ``analyse_log`` with the same arguments (``AnalysisError`` for a log
    that does not replay)."""
    if max_searches < MIN_SEARCHES:
        raise ValueError(f"max_searches is at least {MIN_SEARCHES}, not {max_searches}")
    level = analysis_level(game) if level is None else level
    analyser_for(game.name, level, budget)  # an unknown level or a bad budget: said now
    tolerance = game.grading.inaccuracy * TOLERANCE_SHARE if tolerance is None else tolerance
    points = game.points or game.scores
    match = game.new_match(options, match_seed)
    asks: list[Ask] = []
    scores: list[tuple[float, ...]] = [tuple(float(x) for x in points(match))]
    for index, text in enumerate(actions):
        seat = match.current_player
        if seat is None:
            raise AnalysisError(
                N_("action {number} ({text!r}) comes after the match ended"),
                number=index + 1,
                text=text,
            )
        try:
            action = match.parse_action(text)
            observation = match.observation(seat)
            if len(observation.legal_actions()) > 1:
                asks.append(Ask(index, seat, observation, str(action)))
            game.play(match, seat, action)
        except (ValueError, WordedError) as error:  # IllegalActionError: its rule named
            raise AnalysisError(
                N_("action {number} ({text!r}) cannot be played: {reason}"),
                number=index + 1,
                text=text,
                reason=error,
            ) from None
        scores.append(tuple(float(x) for x in points(match)))
    return Plan(
        game=game,
        players=int(match.num_players),
        actions=tuple(actions),
        asks=tuple(asks),
        scores=tuple(scores),
        level=level,
        budget=budget,
        seed=seed,
        tolerance=tolerance,
        max_searches=max_searches,
        chances=chances,
    )


def analyse_log(
    game: Game,
    options: Mapping[str, Any],
    match_seed: int,
    actions: Sequence[str],
    *,
    level: str | None = None,
    budget: int | None = None,
    seed: int = 0,
    tolerance: float | None = None,
    max_searches: int = MAX_SEARCHES,
    chances: int = REPORT_SAMPLES,
    progress: Progress | None = None,
) -> Report:
    """``analyse`` of a match given as its options, seed and log of actions (what a server
    keeps of a table's match)."""
    plan = plan_log(
        game,
        options,
        match_seed,
        actions,
        level=level,
        budget=budget,
        seed=seed,
        tolerance=tolerance,
        max_searches=max_searches,
        chances=chances,
    )
    searched: list[Searched] = []
    for ask in plan.asks:
        args, keywords = plan.search_arguments(ask)
        searched.append(analyse_decision(*args, **keywords))
        if progress is not None:
            progress(len(searched), len(plan.asks))
    return plan.report(searched)


def analyse(
    game: Game,
    record: Any,
    *,
    level: str | None = None,
    budget: int | None = None,
    seed: int = 0,
    tolerance: float | None = None,
    max_searches: int = MAX_SEARCHES,
    chances: int = REPORT_SAMPLES,
    progress: Progress | None = None,
) -> Report:
    """The report of the match ``record`` (a match record of ``game``, finished or not):
    every decision of every seat valued by ``level`` (the strongest analyser of the game by
    default) at ``budget`` per search (the bot's own by default), re-searched until its
    loss's error is within ``tolerance`` (a quarter of the game's inaccuracy threshold by
    default), each with the deciding seat's chance of winning from ``chances`` worlds
    (none: 0). The same seed gives the same report."""
    options, match_seed, actions = match_start(game, record)
    return analyse_log(
        game,
        options,
        match_seed,
        actions,
        level=level,
        budget=budget,
        seed=seed,
        tolerance=tolerance,
        max_searches=max_searches,
        chances=chances,
        progress=progress,
    )


def match_start(game: Game, record: Any) -> tuple[dict[str, Any], int, list[str]]:
    """A match record's checked options, seed and actions (``AnalysisError`` otherwise)."""
    if game.record_start is None:
        raise AnalysisError(N_("a record of {game} cannot be read move by move"), game=game.name)
    try:
        options, seed, actions = game.record_start(check_record(record, game.name, "match"))
        return game.check_options(options), seed, list(actions)
    except (RecordError, WordedError) as error:
        raise AnalysisError(error.template, **error.fields) from None
