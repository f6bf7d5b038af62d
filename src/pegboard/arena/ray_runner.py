"""The arena on a Ray cluster: the same plays as on this machine, on as many as you have.

``RayRunner`` implements the arena's ``Runner``: each batch of deals becomes one Ray task,
and the results come back as the tasks finish (``ray.wait``); the arena sorts them, so a
run gives the same plays with Ray as with ``LocalRunner``, for any cluster.

Ray is an optional extra (``pip install 'pegboard[cluster]'``): it is imported only when a
``RayRunner`` is made, and its absence is a one-line ``MissingRayError``. Every node of a
cluster needs pegboard installed: the tasks import it there.

Without an address the runner starts a private local Ray with ``workers`` CPUs and stops
it on ``close``; with one (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``) it joins
that cluster and leaves it running. A process that is already connected to Ray keeps its
connection: the runner neither starts another nor shuts it down.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType, TracebackType
from typing import Any, TypeVar

from pegboard.arena.deals import BotError

T = TypeVar("T")
R = TypeVar("R")

INSTALL_HINT = (
    "the Ray backend needs ray: install pegboard[cluster] (pip install 'pegboard[cluster]')"
)


class MissingRayError(ImportError):
    """Ray is not installed."""


class ClusterError(RuntimeError):
    """The cluster could not be reached, or lost a task: the message says which."""


def import_ray() -> ModuleType:
    """The ``ray`` module, or a ``MissingRayError`` that says how to install it."""
    try:
        import ray
    except ImportError as error:
        raise MissingRayError(INSTALL_HINT) from error
    return ray


class RayRunner:
    """Batches of deals as Ray tasks, gathered as they finish.

    ``workers`` is the CPU count of the local Ray started when there is no ``address``; on
    a cluster, the runner's ``workers`` is the cluster's CPU count (it sizes the batches:
    about four per CPU). At most ``2 * workers`` tasks are in flight at a time, so that a
    long run does not queue everything at once.
    """

    def __init__(self, workers: int = 1, address: str | None = None) -> None:
        if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
            raise ValueError(f"workers is a whole number of at least 1, not {workers!r}")
        if address is not None and not address.strip():
            raise ValueError("a Ray address is 'auto', HOST:PORT or ray://HOST:PORT, not ''")
        self._ray = import_ray()
        self._local_workers = workers
        self._address = address
        self._started = False  # whether this runner started Ray (and so stops it)

    def connect(self) -> None:
        """Join the cluster, or start the local Ray; nothing when already connected."""
        ray = self._ray
        if ray.is_initialized():
            return
        options: dict[str, Any] = {"logging_level": logging.WARNING}
        if self._address is None:
            # "local" always starts a new Ray, even when `ray start` left one running.
            options.update(address="local", num_cpus=self._local_workers)
            options["include_dashboard"] = False
        else:
            options["address"] = self._address
            _check_reachable(self._address)
        try:
            ray.init(**options)
        except Exception as error:  # Ray raises ConnectionError, RuntimeError, ValueError...
            where = f"the Ray cluster at {self._address}" if self._address else "a local Ray"
            raise ClusterError(f"cannot start or reach {where}: {_short(error)}") from error
        self._started = True

    @property
    def workers(self) -> int:
        self.connect()
        cpus = self._ray.cluster_resources().get("CPU", 1)
        return max(1, int(cpus))

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        self.connect()
        ray = self._ray
        remote = ray.remote(fn)
        limit = 2 * self.workers
        queue = iter(tasks)
        pending: list[Any] = []
        try:
            for task in queue:
                pending.append(remote.remote(task))
                if len(pending) >= limit:
                    break
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for ref in done:
                    yield self._result(ref)
                    following = next(queue, None)
                    if following is not None:
                        pending.append(remote.remote(following))
        finally:
            # Stopped early (an error, or the caller gave up): drop what is still queued.
            for ref in pending:
                ray.cancel(ref)

    def _result(self, ref: Any) -> Any:
        """A task's value; a bot's error comes back as it is raised on this machine."""
        exceptions = self._ray.exceptions
        try:
            return self._ray.get(ref)
        except exceptions.RayTaskError as error:
            cause = getattr(error, "cause", None)
            if isinstance(cause, BotError):
                raise cause from None
            detail = _short(cause) if isinstance(cause, BaseException) else _short(error)
            hint = " (is pegboard installed on every node?)" if "pegboard" in detail else ""
            raise ClusterError(f"a Ray task failed: {detail}{hint}") from error
        except exceptions.RayError as error:
            raise ClusterError(f"the Ray cluster lost a task: {_short(error)}") from error

    def close(self) -> None:
        """Stop the Ray this runner started; a cluster it only joined keeps running."""
        if self._started:
            self._ray.shutdown()
            self._started = False

    def __enter__(self) -> RayRunner:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        where = self._address if self._address else f"local, {self._local_workers} CPUs"
        return f"RayRunner({where})"


def _check_reachable(address: str) -> None:
    """Fail at once when a HOST:PORT address does not answer: Ray itself retries for
    minutes before it gives up."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # "auto", or a form Ray resolves itself
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=10):
            pass
    except OSError as error:
        reason = error.strerror or str(error) or type(error).__name__
        raise ClusterError(
            f"cannot reach the Ray cluster at {address}: {reason} "
            "(is `ray start --head` running there, and is the port open?)"
        ) from None


def _short(error: BaseException, limit: int = 240) -> str:
    """An error's first line (Ray's carry whole tracebacks), cut to a readable length."""
    lines = [line.strip() for line in str(error).splitlines() if line.strip()]
    text = f"{type(error).__name__}: {lines[-1] if lines else ''}".rstrip(": ")
    return text if len(text) <= limit else text[: limit - 1] + "…"
