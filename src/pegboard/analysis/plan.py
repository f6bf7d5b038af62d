"""A match's analysis in pieces, for a server that searches its decisions one at a time in
worker processes (``pegboard.web.analyses``): ``plan_log`` replays the log once and lists
the decisions to search, each with the observation of the seat that made it (all that
goes to a worker, as for a hint); each is searched by ``analyse_decision`` with the same
arguments as ``analyse_log`` gives it (``Plan.search_arguments``); ``Plan.report`` puts
the searches together into the ``Report`` that ``analyse_log`` makes of the same log, seed,
level and budget (the tests compare the two).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.analysis.grades import grade
from pegboard.analysis.report import Decision, Report
from pegboard.analysis.search import (
    MAX_SEARCHES,
    TOLERANCE_SHARE,
    AnalysisError,
    Searched,
    strongest_level,
)
from pegboard.core import N_, WordedError
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

    def search_arguments(self, ask: Ask) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """``analyse_decision``'s arguments for ``ask``, as ``analyse_log`` gives them."""
        return (self.game.name, ask.observation, ask.taken), {
            "level": self.level,
            "budget": self.budget,
            "seed": self.seed,
            "index": ask.index,
            "tolerance": self.tolerance,
            "max_searches": self.max_searches,
        }

    def report(self, searched: Sequence[Searched]) -> Report:
        """The report, given each decision's search in the order of ``asks``."""
        if len(searched) != len(self.asks):
            raise ValueError(f"{len(self.asks)} decisions, {len(searched)} searches")
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
                grade=grade(done.loss, self.game.grading),
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
            scale=self.game.grading.mistake,
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
) -> Plan:
    """The plan of ``analyse_log`` with the same arguments (``AnalysisError`` for a log
    that does not replay, as there)."""
    level = strongest_level(game) if level is None else level
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
    )
