"""The server's limits: how much any one client may ask of it (docs/web.md, "Limits").

Every figure here is a server option (``pegboard serve --help``); the defaults suit a
site where people play, not one where a script creates tables. Rates are counted per
client address (the peer's address, or the one a trusted proxy forwards) with the
``limits`` library's moving windows, in memory: one process counts its own clients.
This module imports that library only when counting starts, so that ``pegboard serve``'s
options (and their defaults, from here) are read without the web extra installed.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from limits import RateLimitItem
    from limits.storage import MemoryStorage


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client may do. A rate is written as the ``limits`` library reads it:
    ``"10/minute"``, ``"20/second"``, ``"5 per 10 seconds"``."""

    tables_rate: str = "10/minute"
    """Tables one address may create."""
    chat_rate: str = "5 per 10 seconds"
    """Chat lines one address may say at one table (a person talks slower; a flood does not
    reach the others)."""
    open_tables_per_client: int = 20
    """Tables not yet over that one address may have created."""
    public_tables_per_player: int = 3
    """Public tables waiting for people that one player identity may have created; the
    open list shows at most as many of one creator (identity or address)."""
    joins_rate: str = "30/minute"
    """Seats one address may join or leave (REST)."""
    requests_rate: str = "600/minute"
    """Any other request of the REST API from one address."""
    pages_rate: str = "120/minute"
    """Pages that read the database for anyone (``/m/``, ``/p/``, ``/leaderboard/``,
    ``/rules/``) one address may ask for: a person reading asks far fewer."""
    messages_rate: str = "20/second"
    """Messages one socket may send; more are answered with an error and ignored."""
    spectators_per_table: int = 32
    """Spectators' sockets on one table. A seat's own sockets never count here: however
    many watch, the players always get in (``sockets_per_seat`` bounds theirs)."""
    sockets_per_seat: int = 8
    """Sockets of one seat (its player's tabs and devices): one more closes the seat's
    oldest, so that the player's newest tab always gets in."""
    refusals_rate: str = "60/minute"
    """Messages of one socket refused as too many, malformed or too large; past this rate
    the socket is told and closed (1008)."""
    sockets_per_client: int = 64
    """Open sockets from one address, all tables together."""
    spectators_per_client: int = 16
    """Spectators' sockets from one address, all tables together (within
    ``sockets_per_client``): one address cannot crowd out the watchers of a table, nor
    its own players' room."""
    spectator_idle_seconds: float = 90.0
    """A spectator's socket that sends nothing (the page pings every 25 s) for this long
    is closed."""
    hints_per_client: int = 4
    """Hints one address may have waiting for the bot pool (a table has one at a time);
    one more is refused. The bots' moves go first, and the addresses' hints in turn."""
    analyses_rate: str = "10/minute"
    """Analyses of finished matches one address may ask for (``POST .../analysis``)."""
    reports_waiting: int = 8
    """Reports of finished matches queued or being made at once, by everyone (each takes
    the pool's free slots for tens of seconds); one more is refused (503) until one ends."""
    hello_seconds: float = 5.0
    """Time a new socket has to say hello before it is closed."""
    max_body_bytes: int = 16384
    """Largest request body; a longer one is refused (413) before it is read."""
    max_json_depth: int = 16
    """Deepest nesting of JSON arrays and objects in a body or a message."""
    corrections_rate: str = "5 per 10 minutes"
    """Reports of a correction (the rules pages' form) one address may send."""
    rated_after: int = 3
    """Finished matches (at unrated tables) an identity needs before its first seat at a
    rated table (``pegboard.web.fair_play``)."""
    rated_shared_addresses: bool = False
    """Whether players who played from one address may be rated against each other (a
    club whose players share one); devices shared by two identities never may."""
    rated_text_off: bool = False
    """Whether the players of a rated table have the quick phrases only (no free text)
    while its match is played."""
    vacation_days: int = 14
    """The longest vacation a player may take (``pegboard.web.vacations``): while it lasts,
    no move of theirs at a correspondence table falls due."""
    vacation_every_days: int = 30
    """Days from one vacation's start before another may begin: a player cannot hold their
    opponents' tables forever by taking one after another."""
    max_header_bytes: int = 16384
    """A request's line and headers (``pegboard.web.front_door``): longer ones, complete or
    still coming, are answered 431 and their connection closed. 16 KiB as h11's and
    Node's default: a browser sends 1-2 KiB to this site, and the room left is for cookies
    that other sites of the same domain may set."""
    header_seconds: float = 10.0
    """Time a connection has to send a request's line and headers (from its opening, or
    from the first byte of a later request), and then as long again for its body; it is
    closed after. A phone on a poor link sends a few KiB in well under a second."""
    connections_per_client: int = 128
    """Connections one address holds open, WebSockets included (the next is closed at
    once): ``sockets_per_client`` and ``PAGE_CONNECTIONS`` more. ``pegboard serve`` given
    more sockets per client and no figure here raises it to match."""
    db_timeout: float = 5.0
    """Seconds a move, or a new table, waits for the database before its player is told
    the server is busy (``pegboard.web.store``: PostgreSQL's ``lock_timeout``, and the
    time to connect or to wait for a connection of the pool)."""


PAGE_CONNECTIONS: Final = 64
"""Connections one address may hold besides its WebSockets, by default: a browser opens up
to 6 at once to a site (HTTP/1.1), so room for a household or an office behind one address."""
BROWSER_CONNECTIONS: Final = 6
"""The least room for page requests ``connections_per_client`` must leave above
``sockets_per_client``: one browser's connections to one site."""

DEFAULT: Final = Limits()

INVITE_LENGTH: Final = 64
"""An invitation's code is read only up to this length (the server makes 32 characters)."""
CODE_LENGTH: Final = 64
"""A device code or an identity's secret is read only up to this length (the server makes
43 characters)."""
DEVICE_CODE_HOURS: Final = 24
"""A "use on another device" code works once, within this many hours."""
PLAYER_MATCHES: Final = 50
"""A player page lists at most this many matches, the newest."""
MATCH_ID_LENGTH: Final = 32
"""A match's address (``TABLE-NUMBER``) is read only up to this length."""
REPLAY_PAGES: Final = 256
"""Replay pages of finished matches kept made (``replays.ReplayCache``), the least recently
asked for going first."""
REPLAY_MATCHES: Final = 64
"""Finished matches kept read from the database for their replay pages (the same way)."""
REPLAY_BATCH: Final = 24
"""A replay's viewer asks for at most this many positions at once (each carries the
board's drawings: some tens of kilobytes in all)."""
REPLAY_LINKS: Final = 20
"""A table's summary links at most this many of its finished matches, the latest."""
CORRECTION_TEXT_LENGTH: Final = 2000
"""A report of a correction says what is wrong in 1 to 2000 characters (once its line
breaks are one character each and the white space around it is gone)."""
CHAT_TEXT_LENGTH: Final = 200
"""A chat line's free text: 1 to 200 characters (the white space around it gone)."""
CHAT_HISTORY: Final = 50
"""A new reader of a table's room gets its last 50 lines."""
CORRECTION_CONTACT_LENGTH: Final = 200
"""The optional way to reply to a report: at most 200 characters."""


def rate(text: str) -> RateLimitItem:
    """``"10/minute"`` as the ``limits`` library's rate; ``ValueError`` if unreadable."""
    from limits import parse

    return parse(text)


SWEEP_SECONDS: Final = 1.0
"""How often a counter's storage drops the requests that have left every window."""


def _storage() -> MemoryStorage:
    """The ``limits`` library's in-memory storage, swept every ``SWEEP_SECONDS`` rather than
    every 10 ms. The library starts a new thread for each sweep, and each walks every key:
    under load (``python -m benchmarks web``, 200 sockets) that was 4% of the server's CPU,
    and a thread waiting for the GIL. Sweeping frees memory only: each count checks its
    window's times itself, so a later sweep never lets a request through early (the tests
    of the rates pass as before)."""
    from limits.storage import MemoryStorage

    class Swept(MemoryStorage):
        # The library schedules its sweeps through this (name-mangled) method.
        def _MemoryStorage__schedule_expiry(self) -> None:  # noqa: N802 (the library's name)
            if not self.timer.is_alive():
                sweep = self._MemoryStorage__expire_events  # type: ignore[attr-defined]
                self.timer = threading.Timer(SWEEP_SECONDS, sweep)
                self.timer.daemon = True
                self.timer.start()

    return Swept()


class RateCounter:
    """Moving-window counters of one kind of request, per key (a client address or a
    socket): ``allow(key)`` counts one request and says whether it is within the rate."""

    def __init__(self, text: str, kind: str) -> None:
        from limits.strategies import MovingWindowRateLimiter

        self.item = rate(text)
        self.kind = kind
        self.storage = _storage()
        self._limiter = MovingWindowRateLimiter(self.storage)

    def allow(self, key: str) -> bool:
        return self._limiter.hit(self.item, self.kind, key)

    def retry_after(self, key: str) -> int:
        """Whole seconds until one more request of ``key`` would be allowed (at least 1)."""
        stats = self._limiter.get_window_stats(self.item, self.kind, key)
        return max(1, int(stats.reset_time - time.time() + 0.999))
