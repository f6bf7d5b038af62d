"""One socket's refusals (``pegboard.web.ws``): each counted, few logged, and a socket that
keeps breaking the limits closed.

A socket that floods the server with messages it refuses once wrote a log line per refusal
(1.7 MB in 5.6 s from one socket) and was never closed. Here every refusal still counts in
``pegboard_refusals_total`` (the metric is how an operator sees a flood), but a socket's
log has its first refusal, then at most one line per ``LOG_SECONDS`` that sums up the ones
in between, and one such line when the socket ends. A socket whose messages are refused
as ``too_many``, ``malformed`` or ``too_large`` more often than ``Limits.refusals_rate``
(none of them is a mistake a person's page makes: the page sends well-formed messages, a
few a second at most) is told and closed (1008): a page reconnects, with its backoff,
while a script that floods has to open a new socket, and say hello, each time.
"""

from __future__ import annotations

import logging
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import Final

from pegboard.web.limits import rate
from pegboard.web.observability import Metrics

log = logging.getLogger(__name__)

LOG_SECONDS: Final = 60.0
"""A socket's refusals after its first are summed up in one log line at most this often."""
BREAKING: Final = frozenset({"too_many", "malformed", "too_large"})
"""The refusals of messages that break the limits (not of a move: ``illegal``, ``stale``...)."""


class SocketRefusals:
    """The refusals of one socket on ``table_id``: ``refused`` counts one and says whether
    the socket has now broken the limits too often (then close it)."""

    def __init__(
        self,
        metrics: Metrics,
        table_id: str,
        refusals_rate: str,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.metrics = metrics
        self.table_id = table_id
        limit = rate(refusals_rate)
        self.most = limit.amount
        self.window = float(limit.get_expiry())
        self.clock = clock
        self._breaking: deque[float] = deque(maxlen=self.most + 1)
        """When the last refusals that break the limits came (at most one more than allowed)."""
        self._unlogged: Counter[str] = Counter()
        self._logged_at: float | None = None

    def refused(self, kind: str, rule: str | None = None) -> bool:
        """Count a refusal of ``kind``; True when the socket's refusals that break the limits
        are now more than ``refusals_rate`` allows within its window."""
        self.metrics.refused(kind, table=self.table_id, rule=rule, logged=False)
        now = self.clock()
        if self._logged_at is None:
            self._logged_at = now
            log.info("refused", extra={"kind": kind, "table": self.table_id, "rule": rule})
        else:
            self._unlogged[kind] += 1
            if now - self._logged_at >= LOG_SECONDS:
                self._logged_at = now
                self.summarize()
        if kind not in BREAKING:
            return False
        self._breaking.append(now)
        return len(self._breaking) > self.most and now - self._breaking[0] < self.window

    def summarize(self) -> None:
        """One log line for the refusals not logged yet (none: no line)."""
        if not self._unlogged:
            return
        count = sum(self._unlogged.values())
        kinds = ", ".join(f"{kind} {n}" for kind, n in sorted(self._unlogged.items()))
        log.info(
            "refused %d more messages of one socket (%s)",
            count,
            kinds,
            extra={"kind": "summary", "table": self.table_id, "count": count, "kinds": kinds},
        )
        self._unlogged.clear()
