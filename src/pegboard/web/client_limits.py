"""What each client may do at once or per minute, counted in this process: tables made and
seats joined per address (``LobbyError`` 429 past the rate), its sockets and spectators at
once, the messages of each socket (docs/web.md, "Limits"). A part of the table service
(``TableService.clients``), which the lobby and the WebSocket endpoint ask."""

from __future__ import annotations

from collections import Counter

from pegboard.i18n import Translator
from pegboard.web.limits import Limits, RateCounter
from pegboard.web.tables import LobbyError


class ClientLimits:
    """The per-client counters of one server process."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.tables_rate = RateCounter(limits.tables_rate, "table")
        self.joins_rate = RateCounter(limits.joins_rate, "join")
        self.analyses_rate = RateCounter(limits.analyses_rate, "analysis")
        self.messages_rate = RateCounter(limits.messages_rate, "message")
        """Per socket (keyed by its id): the WebSocket endpoint counts each message."""
        self._sockets_of: Counter[str] = Counter()
        self._spectators_of: Counter[str] = Counter()

    def within(self, counter: RateCounter, client: str, _: Translator) -> None:
        """Count one request of ``client``; ``LobbyError`` 429 past the counter's rate."""
        if not counter.allow(client):
            wait = counter.retry_after(client)
            raise LobbyError(
                429,
                _.ngettext(
                    "Too many requests: try again in {n} second.",
                    "Too many requests: try again in {n} seconds.",
                    wait,
                ).format(n=wait),
                wait,
            )

    def within_tables(self, client: str, _: Translator) -> None:
        """Count one new table of ``client`` (``LobbyError`` 429 past its rate)."""
        self.within(self.tables_rate, client, _)

    def within_joins(self, client: str, _: Translator) -> None:
        """Count one request of ``client`` against the joins' rate (``LobbyError`` 429)."""
        self.within(self.joins_rate, client, _)

    def within_analyses(self, client: str, _: Translator) -> None:
        """Count one analysis asked by ``client`` (``LobbyError`` 429 past its rate)."""
        self.within(self.analyses_rate, client, _)

    def open_socket(self, client: str) -> bool:
        """Count a new socket of ``client``: False (and not counted) past the cap."""
        return _take(self._sockets_of, client, self.limits.sockets_per_client)

    def close_socket(self, client: str) -> None:
        _release(self._sockets_of, client)

    def open_spectator(self, client: str) -> bool:
        """Count a new spectator of ``client`` (within its sockets): False (and not
        counted) past ``Limits.spectators_per_client``."""
        return _take(self._spectators_of, client, self.limits.spectators_per_client)

    def close_spectator(self, client: str) -> None:
        _release(self._spectators_of, client)


def _take(counts: Counter[str], client: str, cap: int) -> bool:
    """Count one more of ``client``'s, unless it holds ``cap`` already (then False)."""
    if counts[client] >= cap:
        return False
    counts[client] += 1
    return True


def _release(counts: Counter[str], client: str) -> None:
    counts[client] -= 1
    if counts[client] <= 0:
        del counts[client]
