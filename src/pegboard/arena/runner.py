"""Where the arena's work runs: a small interface, and a runner on this machine.

A runner maps a picklable, module-level function over tasks and yields the results as
they finish, in any order: the arena sorts them, so that the result of a run never
depends on the runner or on the number of workers. Another backend (a Ray or Dask
cluster) needs only ``map``.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Protocol, TypeVar

T = TypeVar("T")
R = TypeVar("R")


class Runner(Protocol):
    """Runs ``fn`` on every task and yields the results as they complete."""

    @property
    def workers(self) -> int: ...

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]: ...


class LocalRunner:
    """Tasks on this machine: in this process with one worker, else a process pool.

    The pool starts its workers with ``spawn``: forking a process that runs threads (the
    progress bar has one) can deadlock, and spawned workers share nothing by accident.
    At most ``2 * workers`` tasks are in flight at a time, so that a long run does not
    queue everything at once.
    """

    def __init__(self, workers: int = 1) -> None:
        if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
            raise ValueError(f"workers is a whole number of at least 1, not {workers!r}")
        self._workers = workers

    @property
    def workers(self) -> int:
        return self._workers

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        if self._workers == 1 or len(tasks) <= 1:
            for task in tasks:
                yield fn(task)
            return
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=self._workers, mp_context=context) as pool:
            pending: set[Future[R]] = set()
            queue = iter(tasks)
            for task in queue:
                pending.add(pool.submit(fn, task))
                if len(pending) >= 2 * self._workers:
                    break
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
                    following = next(queue, None)
                    if following is not None:
                        pending.add(pool.submit(fn, following))

    def __repr__(self) -> str:
        return f"LocalRunner(workers={self._workers})"
