"""Where the server's bots and hints think: a bounded pool of worker processes.

Bots and the expert's hints are CPU-bound Python. In a thread of the server's process they
hold the GIL, and the event loop, which answers every other table's requests, waits for
them (ten tables of ISMCTS bots made plain requests wait 167 ms at the median). In a worker
process they hold a GIL of their own.

What crosses to a worker is what the bot itself sees: the game, the bot level, the seed and
one seat's observation (which holds no reference to the position, so no other hand goes
with it); what comes back is the action's notation, or the hint's evaluations. The same
seed gives the same move as in the server's own process. A table's chances of winning
(``chances``, for its spectators) take a copy of the match, since they are every seat's:
``public_win_probabilities`` reads its public facts only (two matches that differ only in
their hidden hands give the same estimate, seed for seed: tests/analysis), and only the
numbers come back.

At most ``workers`` moves, hints or reports' decisions think at once: the others wait
their turn in a ``ThinkingQueue`` (``pegboard.web.thinking_queue``), the bots' moves before
any hint, the reports' decisions after both (``search_decision``), the hints in turn per
address (a table has at most one bot move in flight, so the moves' wait is
bounded by the tables). A table has at most one hint asked at a time: the same question
again (the same position: a double click, a second tab, a language switch) waits for the
same answer, and a hint at another position while one is thought out is refused
(``HintBusyError``); an address has a bounded number of hints waiting.

Worker processes are started with ``forkserver`` (``spawn`` where there is none): the
server runs threads, which ``fork`` would copy in an unknown state. They start in a thread,
never on the event loop, and run at a lower priority, so that the server's own process wins
a busy CPU.

The pool's processes end with the server, however it dies (``kill -9`` included). Python's
fork server and resource tracker end when every process that holds their pipe has: the
server and the workers. A worker waits for work on a queue whose pipe it holds both ends of,
so, left alone, it outlived a killed server for ever, and kept the other two alive with it
(3 processes, 65 MB). So each worker watches the server (``watch_server``: a thread that
waits on a pidfd of it) and exits the moment it dies; then the fork server and the tracker
see their pipes close and exit too. ``PR_SET_PDEATHSIG`` would not do: it follows the direct
parent, which for a worker is the fork server.

A worker that dies (killed, out of memory, a crash in native code) breaks the whole pool:
the call raises ``WorkerCrashError``, the broken pool is replaced by a fresh one on the next
call, and the caller tries again later.

A quick level (a bot class that says ``quick``: random, greedy, the beginner and casual
levels) moves on the event loop instead: its decision takes microseconds, and the trip to a
worker (pickling the observation there and the move back, two threads' wake-ups) 10 to 300
times as long; with 40 tables of greedy bots that trip was a fifth of a busy server's
CPU. A table whose bots are all quick starts no worker.

``workers=0`` thinks in threads of the server's own process (``asyncio.to_thread``), as the
server did before the pool, with no queue (all at once): for comparison
(``benchmarks/bench_web_bots.py``) and tests. A table's hints are one at a time there too.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import select
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final, NamedTuple, TypeVar

import pegboard.games
from pegboard.analysis import Searched, analyse_decision
from pegboard.analysis.odds import known_win_probability, public_win_probabilities
from pegboard.bots import Evaluation, ismcts
from pegboard.games import make_bot, quick_level
from pegboard.games.tables import TablesError
from pegboard.hints import HintError, rank
from pegboard.web.limits import DEFAULT
from pegboard.web.thinking_queue import HintsWaitingError, ThinkingQueue

__all__ = ["BotPool", "HintBusyError", "HintsWaitingError", "ThinkingError", "WorkerCrashError"]

log = logging.getLogger(__name__)

T = TypeVar("T")

ORPHAN_EXIT: Final = 75
"""The exit status of a worker that ends because its server died."""
WATCH_SECONDS: Final = 1.0
"""Where there is no pidfd (not Linux): how often a worker looks whether its server runs."""
WORKER_NICENESS: Final = 5
"""How much lower than the server a worker runs (``os.nice``): requests come first."""
HINT_LEVEL: Final = "expert"
HINT_CHANCE_SAMPLES: Final = 16
"""Worlds a hint's chance of winning plays out: within some 0.05, at a cribbage hint's
cost of a quarter of a second."""
"""The level whose analysis the hints show, for a game that has it (else its strongest)."""


def default_workers() -> int:
    """One worker per CPU but one, which the server's own process keeps (at least one)."""
    return max(1, (os.cpu_count() or 1) - 1)


class WorkerCrashError(Exception):
    """A worker process died while thinking (or could not start): try again later."""


class HintBusyError(Exception):
    """The table has a hint at another position waiting or being thought out: ask again
    once it is done."""


class ThinkingError(Exception):
    """An error raised while a bot or a hint thought, brought back as text: the error's own
    class may not survive pickling, and a result that cannot be unpickled would break the
    whole pool. ``kind`` is the error's class name."""

    def __init__(self, kind: str, message: str, trace: str) -> None:
        super().__init__(kind, message, trace)
        self.kind = kind
        self.message = message
        self.trace = trace

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}\n{self.trace}"


# -- what runs in a worker (module-level functions: they are pickled by name) -----------------


def _guarded(function: Callable[..., T], *args: Any) -> T:
    try:
        return function(*args)
    except Exception as error:
        raise ThinkingError(type(error).__name__, str(error), traceback.format_exc()) from None


def bot_move(game: str, level: str, seed: int, observation: Any) -> str:
    """The notation of the move ``level``'s bot, seeded with ``seed``, makes from
    ``observation``: what ``make_bot(game, level, seed).act(observation)`` gives."""
    return str(make_bot(game, level, seed=seed).act(observation))


def hint_level(game: str) -> str:
    """The bot level whose analysis is a hint in ``game``: the expert where the game has
    one, else its strongest level (``Game.bot_levels``, weakest first)."""
    levels = pegboard.games.get(game).bot_levels()
    return HINT_LEVEL if HINT_LEVEL in levels or not levels else levels[-1]


def hint_ranking(game: str, seed: int, observation: Any) -> list[Evaluation]:
    """The hint level's ranking of the seat's legal actions (``pegboard.hints.rank``)."""
    return rank(game, observation, hint_level(game), seed)


class Hint(NamedTuple):
    """A hint: the ranking of the seat's legal actions, best first, and the seat's chance of
    winning the match from its own view (None when the game has no tables of its chances)."""

    ranking: list[Evaluation]
    chance: float | None


def hint_of(game: str, seed: int, observation: Any) -> Hint:
    """``hint_ranking``, and the seat's chance from ``HINT_CHANCE_SAMPLES`` worlds played
    out from the same observation (``pegboard.analysis.odds``)."""
    ranking = hint_ranking(game, seed, observation)
    chance = known_win_probability(
        pegboard.games.get(game),
        observation,
        observation.seat,
        samples=HINT_CHANCE_SAMPLES,
        seed=seed,
    )
    return Hint(ranking, chance)


def public_chances(game: str, seed: int, match: Any, samples: int) -> list[float] | None:
    """Every seat's chance of winning ``match`` from its public facts alone, from
    ``samples`` worlds (``pegboard.analysis.public_win_probabilities``: it reads no hand);
    None for a game without tables of its chances, or a match they do not read."""
    description = pegboard.games.get(game)
    if description.win_probabilities is None:
        return None
    try:
        return list(public_win_probabilities(description, match, samples=samples, seed=seed))
    except TablesError:
        return None


def _search_decision(args: tuple[Any, ...], options: dict[str, Any]) -> tuple[Searched, float]:
    """``analyse_decision`` and the CPU seconds its thread spent on it (in a worker, or in
    a thread of the server's process with no workers)."""
    began = time.thread_time()
    searched = analyse_decision(*args, **options)
    return searched, time.thread_time() - began


def watch_server(server: int) -> None:
    """End this process (``os._exit``) the moment the process ``server`` ends, from a
    daemon thread: a pidfd of it becomes readable when it exits, whatever killed it.
    Where there is no pidfd, the thread looks every ``WATCH_SECONDS`` instead.

    The server waits for its workers to start, so it runs when they open the pidfd; one
    that died in between is no longer there (``ProcessLookupError``: exit now). Its pid
    could only have been given to another process meanwhile if the system went through
    every other pid in those milliseconds."""
    try:
        pidfd = os.pidfd_open(server)
    except ProcessLookupError:
        os._exit(ORPHAN_EXIT)
    except (AttributeError, OSError):  # no pidfd here (not Linux, or Linux before 5.3)
        pidfd = None

    def wait_for_the_end() -> None:
        if pidfd is not None:
            poll = select.poll()
            poll.register(pidfd, select.POLLIN)
            poll.poll()  # returns when the server has exited
        else:
            while True:
                time.sleep(WATCH_SECONDS)
                try:
                    os.kill(server, 0)
                except (ProcessLookupError, PermissionError):  # gone (its pid another's)
                    break
        os._exit(ORPHAN_EXIT)  # at once: nothing of a worker needs finishing

    threading.Thread(target=wait_for_the_end, name="pegboard-watch-server", daemon=True).start()


def worker_start(plug_ins: str = "", server: int | None = None) -> None:
    """Each worker, once: end with the ``server`` process (``watch_server``), learn the
    server's plug-in games (``PEGBOARD_GAMES`` as the server had it when the pool
    started: a fork server started earlier may not have it), step back for the server,
    and import what bots think with, so that the first move does not wait for it."""
    if server is not None:
        watch_server(server)
    if plug_ins:
        os.environ[pegboard.games.ENVIRONMENT] = plug_ins
    pegboard.games.names()  # the registry, plug-ins included, before the first move
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):  # not allowed: run at the server's priority
            os.nice(WORKER_NICENESS)
    # The bots (the experts and their tables) were imported with this module.
    if ismcts.available():
        importlib.import_module("pegboard.openspiel.bots")


def _ready() -> int:
    return os.getpid()


def _context() -> multiprocessing.context.BaseContext:
    if "forkserver" in multiprocessing.get_all_start_methods():
        context = multiprocessing.get_context("forkserver")
        # The fork server imports the engine once; every worker forked from it has it.
        context.set_forkserver_preload(["pegboard.web.bot_pool"])
        return context
    return multiprocessing.get_context("spawn")


# -- the pool, in the server ----------------------------------------------------------------


class BotPool:
    """``workers`` worker processes (0: threads of this process), used from one event loop."""

    def __init__(self, workers: int) -> None:
        if workers < 0:
            raise ValueError(f"a number of bot workers is 0 or more, not {workers}")
        self.workers = workers
        self.started_in: float | None = None
        """Seconds the last start of the pool took, until every worker was ready."""
        self._queue = ThinkingQueue(workers or None)
        self._hints: dict[str, tuple[int, asyncio.Task[Hint]]] = {}
        """Per table, the hint asked there (its seed, which names the position) until it
        is answered."""
        self._executor: ProcessPoolExecutor | None = None
        self._starting: asyncio.Future[ProcessPoolExecutor] | None = None

    @property
    def started(self) -> bool:
        """Whether the workers were started (or are starting): not before the first move
        or hint that needs them."""
        return self._starting is not None

    def start(self) -> None:
        """Start the workers now, in the background (else they start on first use); once
        started (or starting), nothing."""
        if self.workers > 0:
            self._start()

    async def bot_move(self, game: str, level: str, seed: int, observation: Any) -> str:
        """``bot_move`` in a worker; a quick level's (``quick_level``) here, on the event
        loop: its decision takes microseconds, sending the observation to a worker and the
        move back 10 to 300 times as long (``python -m benchmarks quick_bots``)."""
        if quick_level(game, level):
            return _guarded(bot_move, game, level, seed, observation)
        async with self._queue.move():
            return await self._run(bot_move, game, level, seed, observation)

    async def hint(
        self,
        game: str,
        seed: int,
        observation: Any,
        *,
        table: str,
        address: str,
        most_waiting: int = DEFAULT.hints_per_client,
    ) -> Hint:
        """The expert's ranking and the seat's chance (``hint_of``), for a seat of ``table``
        that asked from ``address``; raises ``HintError`` (with the worker's message) if it
        has none to give.

        ``seed`` names the position (the service draws it from the table's seed and seq):
        the same question while the table's hint is thought out waits for the same answer,
        and another is refused (``HintBusyError``), so that a table never has two; past
        ``most_waiting`` hints of ``address`` waiting, ``HintsWaitingError``."""
        asked = self._hints.get(table)
        if asked is None:
            thinking = asyncio.ensure_future(
                self._hint(address, most_waiting, game, seed, observation)
            )
            asked = self._hints[table] = seed, thinking
            thinking.add_done_callback(lambda done: self._answered(table, done))
        elif asked[0] != seed:
            raise HintBusyError(table)
        # Shielded: one asker that goes (its socket closed) takes the answer from no other.
        return await asyncio.shield(asked[1])

    async def _hint(
        self, address: str, most_waiting: int, game: str, seed: int, observation: Any
    ) -> Hint:
        try:
            async with self._queue.hint(address, most_waiting):
                return await self._run(hint_of, game, seed, observation)
        except ThinkingError as error:
            if error.kind == HintError.__name__:
                raise HintError(error.message) from None
            raise

    async def search_decision(
        self,
        match: str,
        *args: Any,
        on_slot: Callable[[], None] | None = None,
        **options: Any,
    ) -> tuple[Searched, float]:
        """One decision of ``match``'s report searched in a worker
        (``pegboard.analysis.analyse_decision(*args, **options)``: the seat's observation
        goes there, as for a hint), and the CPU seconds it took; once every move and hint
        waiting has a slot and the other matches' decisions have had their turn
        (``ThinkingQueue.report``). ``on_slot`` is called once it has its slot."""
        async with self._queue.report(match):
            if on_slot is not None:
                on_slot()
            return await self._run(_search_decision, args, options)

    async def chances(
        self, game: str, seed: int, match: Any, samples: int, *, table: str
    ) -> list[float] | None:
        """``public_chances`` of a copy of ``table``'s match, in a worker: with the hints,
        after the bots' moves, as an address of its own (the table's), so that one table's
        chances take their turn among the hints. The caller asks one at a time per table
        (``pegboard.web.table_chances``)."""
        async with self._queue.hint(f"chances {table}", 1):
            return await self._run(public_chances, game, seed, match, samples)

    def _answered(self, table: str, done: asyncio.Task[Hint]) -> None:
        if self._hints.get(table, (0, None))[1] is done:
            del self._hints[table]
        if not done.cancelled():
            done.exception()  # retrieved: its askers have it, or all of them went

    async def _run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker (or a thread), once the caller has a slot."""
        if self.workers == 0:
            return await asyncio.to_thread(_guarded, function, *args)
        executor = await self._ready()
        try:
            future = executor.submit(_guarded, function, *args)
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            self._broken(executor)
            raise WorkerCrashError("a bot worker process died") from None

    def _start(self) -> asyncio.Future[ProcessPoolExecutor]:
        if self._starting is None:
            self._starting = asyncio.ensure_future(asyncio.to_thread(self._new_executor))
        return self._starting

    async def _ready(self) -> ProcessPoolExecutor:
        starting = self._start()
        try:
            executor = await asyncio.shield(starting)
        except Exception as error:  # a worker died at once, or no process could start
            if self._starting is starting:
                self._starting = None  # the next call tries again
            log.error("bot pool: the worker processes could not start: %r", error)
            raise WorkerCrashError("the bot worker processes could not start") from error
        self._executor = executor
        return executor

    def _new_executor(self) -> ProcessPoolExecutor:
        """A pool whose workers are all up and idle (run in a thread: starting a process
        waits for the fork server, which must not stop the event loop)."""
        began = time.perf_counter()
        executor = ProcessPoolExecutor(
            self.workers,
            _context(),
            initializer=worker_start,
            initargs=(os.environ.get(pegboard.games.ENVIRONMENT, ""), os.getpid()),
        )
        try:
            # One call per worker: each submit that finds no idle worker starts one.
            for future in [executor.submit(_ready) for _ in range(self.workers)]:
                future.result()
        except BaseException:
            executor.shutdown(wait=False, cancel_futures=True)
            raise
        self.started_in = time.perf_counter() - began
        log.info("bot pool: %d worker processes ready in %.2f s", self.workers, self.started_in)
        return executor

    def _broken(self, executor: ProcessPoolExecutor) -> None:
        """Replace a broken pool (once, however many of its calls failed)."""
        if self._executor is not executor:
            return
        log.error("bot pool: a worker process died; starting a new pool")
        executor.shutdown(wait=False, cancel_futures=True)
        self._executor = None
        self._starting = None

    async def close(self) -> None:
        """Stop the workers (after the calls in progress, which the callers have given up)."""
        for _seed, thinking in list(self._hints.values()):
            thinking.cancel()  # a hint still waiting for a slot is asked by nobody now
        starting, self._starting = self._starting, None
        if starting is None:
            return
        try:
            executor = await starting
        except Exception:  # it never started: nothing to stop
            return
        self._executor = None
        await asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
