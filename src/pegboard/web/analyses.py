"""The reports of finished matches, computed in the background (issue 36): ``Analyses``
plans a match's report (its log replayed once, ``pegboard.analysis.plan``), searches its
decisions one at a time in the bot pool (each from the seat's observation alone, after
every bot's move and hint, the matches in turn: ``ThinkingQueue.report``), keeps each
report's progress in memory while it runs and stores the report once made
(``match_reports``), so that a match is analysed once per level and budget.

The analysing level is the game's strongest analyser (the expert), at its own budget per
search unless the server is given one (``create_app(analysis_budget=...)``, small in the
tests); the tolerance and the most searches are the library's. The seed comes from the
match's address, so a report computed again is the same report.

Only a finished match is analysed (the routes ask ``replays.finished_match``): nothing of
a match in play is searched or said. At most ``Limits.reports_waiting`` reports are queued
or running at once; one more is refused (``AnalysesFullError``) and changes nothing.
"""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass
from typing import Final, Literal

import pegboard.games
from pegboard.analysis import Searched, analysis_level
from pegboard.analysis.plan import Plan, default_budget, plan_log
from pegboard.web.bot_pool import BotPool, WorkerCrashError
from pegboard.web.limits import Limits
from pegboard.web.replays import FinishedMatch, match_id
from pegboard.web.report_store import StoredReport, load_report, save_report
from pegboard.web.store import Store

log = logging.getLogger(__name__)

State = Literal["none", "queued", "running", "done", "failed"]
FAILED_KEPT: Final = 64
"""Failed reports remembered (their state said) until asked again, the oldest forgotten."""


ENDED_KEPT: Final = 256
"""Reports stored by this process remembered as done (``Analyses.start``)."""


class AnalysesFullError(Exception):
    """As many reports as the server queues are waiting or running: ask again later."""


@dataclass(frozen=True, slots=True)
class ReportKey:
    """A report: its match, the analysing level and the budget per search (0: none)."""

    table_id: str
    number: int
    level: str
    budget: int

    @property
    def match(self) -> str:
        return match_id(self.table_id, self.number)


@dataclass(slots=True)
class Progress:
    """A report's state: decisions searched of the match's ``total``."""

    state: State
    done: int = 0
    total: int = 0

    def to_json(self) -> dict[str, object]:
        return {"state": self.state, "done": self.done, "total": self.total}


def analysis_seed(table_id: str, number: int) -> int:
    """The seed of a match's analysis: from its address, the same every time."""
    return random.Random(f"pegboard-report/{table_id}/{number}").getrandbits(63)


class Analyses:
    """The reports of one server process: those running, their progress, the stored."""

    def __init__(
        self, store: Store, pool: BotPool, limits: Limits, budget: int | None = None
    ) -> None:
        self.store = store
        self.pool = pool
        self.limits = limits
        self.budget = budget
        """The budget per search (None: the analysing level's own)."""
        self._running: dict[ReportKey, Progress] = {}
        self._tasks: dict[ReportKey, asyncio.Task[None]] = {}
        self._failed: dict[ReportKey, Progress] = {}
        self._ended: dict[ReportKey, Progress] = {}
        """The reports this process stored lately: an asker who read the database just
        before one was stored is told it is done, and does not start it again."""
        self._levels: dict[str, tuple[str, int]] = {}
        """Per game, its analysing level and budget (``key``)."""

    def key(self, found: FinishedMatch) -> ReportKey:
        """The report a finished match is given here (``AnalysisError``: its game has no
        analyser)."""
        known = self._levels.get(found.game)
        if known is None:  # asked once per game: it builds the game's analysers
            game = pegboard.games.get(found.game)
            level = analysis_level(game)
            budget = self.budget if self.budget is not None else default_budget(game, level)
            known = self._levels[found.game] = level, budget or 0
        return ReportKey(found.table_id, found.number, *known)

    def waiting(self) -> int:
        """Reports queued or running in this process."""
        return len(self._running)

    async def stored(self, key: ReportKey) -> StoredReport | None:
        return await self.store.within(
            load_report, self.store, key.table_id, key.number, key.level, key.budget
        )

    def progress(self, key: ReportKey) -> Progress | None:
        """The state of a report here: running or queued, just stored, failed, or None."""
        return self._running.get(key) or self._ended.get(key) or self._failed.get(key)

    async def start(self, found: FinishedMatch) -> Progress:
        """The report of ``found`` (a finished match): stored (state ``done``), or asked
        for (the one running joined, else a new one queued). ``AnalysesFullError`` when the
        queue is full: nothing is started then.

        The report running here is looked for before the database is read, and again
        after: one that ends meanwhile is stored by then, and is never started again."""
        key = self.key(found)
        running = self._running.get(key)
        if running is not None:
            return running
        stored = await self.stored(key)
        if stored is not None:
            total = len(stored.report.get("decisions", []))
            return Progress("done", total, total)
        running = self._running.get(key) or self._ended.get(key)
        if running is not None:  # started by another asker meanwhile (or even ended)
            return running
        if self.waiting() >= self.limits.reports_waiting:
            raise AnalysesFullError(key.match)
        plan = await asyncio.to_thread(self._plan, found, key)
        running = self._running.get(key) or self._ended.get(key)
        if running is not None:  # another asker planned it meanwhile: join it
            return running
        if self.waiting() >= self.limits.reports_waiting:
            raise AnalysesFullError(key.match)
        self._failed.pop(key, None)
        progress = self._running[key] = Progress("queued", 0, len(plan.asks))
        task = asyncio.get_running_loop().create_task(self._analyse(key, plan, progress))
        self._tasks[key] = task
        task.add_done_callback(lambda _done: self._tasks.pop(key, None))
        return progress

    def _plan(self, found: FinishedMatch, key: ReportKey) -> Plan:
        game = pegboard.games.get(found.game)
        return plan_log(
            game,
            game.check_options(found.config),
            found.seed,
            [action for _seat, action in found.actions],
            level=key.level,
            budget=key.budget or None,
            seed=analysis_seed(found.table_id, found.number),
        )

    async def _analyse(self, key: ReportKey, plan: Plan, progress: Progress) -> None:
        searched: list[Searched] = []
        seconds = 0.0

        def running() -> None:
            progress.state = "running"

        try:
            for ask in plan.asks:
                args, options = plan.search_arguments(ask)
                try:
                    done, spent = await self.pool.search_decision(
                        key.match, *args, on_slot=running, **options
                    )
                except WorkerCrashError:  # most likely another call's worker: once more
                    done, spent = await self.pool.search_decision(
                        key.match, *args, on_slot=running, **options
                    )
                searched.append(done)
                seconds += spent
                progress.done += 1
            running()
            report = plan.report(searched).to_json()
            await self.store.within(
                save_report,
                self.store,
                key.table_id,
                key.number,
                key.level,
                key.budget,
                report,
                seconds,
            )
            progress.state = "done"
            self._ended[key] = progress
            while len(self._ended) > ENDED_KEPT:
                del self._ended[next(iter(self._ended))]
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the report of %s could not be made", key.match)
            progress.state = "failed"
            self._failed[key] = progress
            while len(self._failed) > FAILED_KEPT:
                del self._failed[next(iter(self._failed))]
        finally:
            self._running.pop(key, None)

    async def close(self) -> None:
        """Stop every report in progress (before the pool stops)."""
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
