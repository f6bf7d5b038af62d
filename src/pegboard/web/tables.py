"""The web's live tables and what the table service answers with: ``LiveTable`` (a
table's record, its game, match, lock, connections and bot task), a client's
``Connection``, the refusals (``ClientError``, ``LobbyError``, ``UnusableTableError``),
``TableHost`` (what the table service's parts ask of the service) and the small functions
the service and the lobby share (seat tokens, names, summaries, bots' seeds).
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import string
import time
import unicodedata
from collections.abc import Coroutine, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

import pegboard.games
from pegboard.core import Event
from pegboard.games import Game
from pegboard.i18n import Translator, translator
from pegboard.web import games
from pegboard.web.db import NAME_LENGTH
from pegboard.web.records import SeatInfo, TableRecord
from pegboard.web.seat_names import seat_name
from pegboard.web.store import Store
from pegboard.web.table_rows import TableTransaction
from pegboard.web.views_common import LOG_LIMIT

TOKEN_BYTES: Final = 24
TABLE_ID_LENGTH: Final = 10
"""Letters and digits of a table's id (``new_id``): 59.5 bits."""


class Connection(Protocol):
    """A client of a table (a WebSocket): its seat (None: spectator) and language.

    ``send`` queues a message without waiting, so that a slow client never holds a table's
    lock; ``close`` ends the connection (a seat given up, a table that must be rebuilt).
    """

    seat: int | None
    lang: str
    address: str
    """The client's address (as the limits count it): the limits, and the hints' shares,
    count per address."""
    opened: int
    """Its number among the server's connections, in the order they opened."""
    token_hash: str | None
    """The hash of the token the connection said hello with (None: a spectator): every
    action checks it against the seat's, so a seat given up or taken is not played."""

    def send(self, message: dict[str, Any]) -> None: ...

    def close(self, code: int) -> None: ...


class ClientError(Exception):
    """A refusal for one client: ``code`` as in docs/web.md, a translated message, a rule."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_message(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, "rule": self.rule}


class LobbyError(Exception):
    """A refused REST request: its HTTP status, a translated message, and for a limit
    (429) the seconds after which to try again."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.retry_after = retry_after


class UnusableTableError(Exception):
    """A stored table this server will not open: a setting out of range (stored by an
    older version, or written by hand) or a log that does not replay. It is refused at
    once, before any match is built, so it can never hang or break the server."""

    def __init__(self, table_id: str, problem: games.ConfigError | None) -> None:
        super().__init__(f"table {table_id} cannot be opened: {problem or 'its log'}")
        self.table_id = table_id
        self.problem = problem
        """The setting out of range, or None for a log that does not replay."""

    def message(self, _: Translator) -> str:
        if self.problem is None:
            problem = _("its log of moves does not replay.")
        else:
            problem = config_problem(self.problem, _)
        return _("Table {table} cannot be opened: {problem}").format(
            table=self.table_id, problem=problem
        )


def check_stored(table_id: str, game: str, config: dict[str, Any], seats: int) -> Game:
    """The game of a stored table; ``UnusableTableError`` unless its game, settings and
    number of seats are ones a new table could have today (the same checks as at
    creation)."""
    try:
        description, checked = games.check_config(game, config)
        if seats != description.players(checked):
            raise games.players_problem(description)
    except games.ConfigError as error:
        raise UnusableTableError(table_id, error) from None
    return description


def match_over(game: str, match: games.AnyMatch, deal_limit: int | None) -> bool:
    """Whether a table's match is over: by its rules, or, at a table with a ``deal_limit``
    (a daily deal's, ``pegboard.web.daily``), once that many deals are played out."""
    if match.is_over:
        return True
    if deal_limit is None:
        return False
    deals_over = pegboard.games.get(game).deals_over
    return deals_over is not None and deals_over(match) >= deal_limit


def table_status(seats: list[SeatInfo], over: bool) -> str:
    """A table's status as the lobby lists it: ``over`` (its match is: ``match_over``),
    ``open`` (a human seat nobody took yet) or ``playing``."""
    if over:
        return "over"
    if any(s.kind == "human" and not s.claimed for s in seats):
        return "open"
    return "playing"


@dataclass(eq=False)
class LiveTable:
    record: TableRecord
    game: Game
    """The table's game (``record.game`` is its name): every move, new match and replay of
    the table is asked of it."""
    match: games.AnyMatch
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    connections: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    elsewhere: dict[str, tuple[frozenset[int], float]] = field(default_factory=dict)
    """Several processes: the seats each other process (by its origin) said it has a
    connection of, and until when that holds (``time.monotonic``) unless it says again."""
    bots_lead: bool = True
    """Whether this process moves the table's bots at once (``TableBots.kick``)."""
    broken: bool = False
    """Set when a commit failed: the live match is ahead of the log and is dropped."""
    touched: float = field(default_factory=time.monotonic)
    """When the table was last fetched: idle tables leave memory (their log stays)."""
    narration: list[Event] = field(default_factory=list)
    """The last events of the match in play (``Game.play``), oldest first: the log
    of a game that has no web look of its own (at most ``LOG_LIMIT``)."""
    noticed: tuple[int, int, str] | None = None
    """The match, log length and status the notices were last decided at
    (``pegboard.web.notices``); a table rebuilt from its log starts at its own."""
    away_since: dict[int, float] = field(default_factory=dict)
    """When each claimed seat whose player has no connection went away (``time.monotonic``;
    since the table was rebuilt, for a seat nobody connected to since): ``pegboard.web.leavers``."""

    def narrate(self, events: Sequence[Event]) -> None:
        self.narration.extend(events)
        del self.narration[:-LOG_LIMIT]

    def present_elsewhere(self) -> set[int]:
        now = time.monotonic()
        return {s for seats, until in self.elsewhere.values() if until > now for s in seats}

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def seq(self) -> int:
        return len(self.record.actions)

    @property
    def over(self) -> bool:
        """Whether the match in play is over (``match_over``: a daily deal's at its deal's
        end), forfeits aside (``pegboard.web.leavers.is_forfeited``)."""
        return match_over(self.record.game, self.match, self.record.deal_limit)

    @property
    def current(self) -> int | None:
        """The seat to act, or None once the match is over (``over``)."""
        return None if self.over else self.match.current_player


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


ID_ALPHABET: Final = string.digits + string.ascii_uppercase + string.ascii_lowercase


def new_id(length: int) -> str:
    """A fresh random id for a table or a player, of letters and digits only (59.5 bits for
    10 of them): ids stand in addresses and on pages, where a ``-`` or ``_`` would stop a
    double-click from selecting the whole id, and where ``3-1`` inside one reads like a
    domino."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(length))


def new_token() -> tuple[str, str]:
    """A fresh seat token and its hash (only the hash is stored)."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    return token, hash_token(token)


def lang_key(lang: object) -> str:
    """The language key of ``lang``; English for anything we have no catalog for."""
    if isinstance(lang, str):
        try:
            return translator(lang).lang
        except ValueError:
            pass
    return "en"


BLANK_LOOKALIKES: Final = frozenset("\u115f\u1160\u3164\uffa0\u2800\u034f\u17b4\u17b5")
"""Characters that show nothing though they are not format characters (Cf): the Hangul
fillers (U+3164 and its halfwidth form become U+1160 in NFKC), the blank Braille pattern,
the combining grapheme joiner, the Khmer inherent vowels."""
JOINERS: Final = frozenset("\u200c\u200d")
"""ZWNJ and ZWJ: format characters, but a Devanagari (or Persian) name needs them to choose
between a conjunct, a half form and a visible virama, and an emoji sequence its ZWJ."""
JOINING_SCRIPTS: Final = (
    "DEVANAGARI", "BENGALI", "GURMUKHI", "GUJARATI", "ORIYA", "TAMIL", "TELUGU", "KANNADA",
    "MALAYALAM", "SINHALA", "ARABIC", "SYRIAC", "NKO", "MONGOLIAN", "KHMER", "MYANMAR",
    "TIBETAN", "THAANA", "VARIATION SELECTOR",
)  # fmt: skip
"""The scripts whose shaping ZWJ and ZWNJ change (as Unicode names their characters), and
the variation selectors of emoji: between two Latin letters a joiner changes nothing a
reader sees, and would make ``A`` U+200D ``na`` a second "Ana"."""


def joinable(char: str) -> bool:
    """Whether a ZWJ or ZWNJ next to ``char`` can change what is seen: a character of a
    ``JOINING_SCRIPTS`` script, or a symbol of an emoji sequence (a person, a skin tone)."""
    if unicodedata.category(char) in ("So", "Sk"):
        return True
    return unicodedata.name(char, "").startswith(JOINING_SCRIPTS)


def shows(char: str) -> bool:
    """Whether ``char`` is seen on its own: a letter, digit, punctuation or symbol (a mark
    shows only on another character, a space or a format character not at all)."""
    return unicodedata.category(char)[0] in "LNPS" and char not in BLANK_LOOKALIKES


def visible_name(text: str) -> str:
    """``text`` in NFKC without what cannot be seen (format characters, category Cf: zero
    width spaces, the BOM, soft hyphens, the bidirectional controls, the tags; and
    ``BLANK_LOOKALIKES``), its spaces one each: what compares and what is stored. A ZWJ or
    ZWNJ stays between two ``joinable`` characters, one at a time."""
    text = unicodedata.normalize("NFKC", text)
    kept: list[str] = []
    for place, char in enumerate(text):
        if char in JOINERS:
            after = text[place + 1 : place + 2]
            if kept and joinable(kept[-1]) and after and joinable(after):
                kept.append(char)
            continue
        if unicodedata.category(char) == "Cf" or char in BLANK_LOOKALIKES:
            continue
        kept.append(char)
    # Again: a character taken out may have stood between a letter and its mark.
    return " ".join(unicodedata.normalize("NFKC", "".join(kept)).split())


def clean_name(name: str | None, _: Translator) -> str | None:
    """A seat's or a player's name as stored (``visible_name``), None for no name (absent,
    or only spaces); ``LobbyError`` 422 for a name that is too long, holds control
    characters, or is made only of characters that do not show (that it is text, the
    body's model says: ``pegboard.web.bodies``).

    Invisible characters are taken out rather than refused: they are most often pasted
    with a name by accident (a zero width space, a BOM, a soft hyphen from a web page),
    and taking them out keeps exactly what a reader sees. A name of nothing else is
    refused, never taken for a name, nor for no name: whoever sent it meant one."""
    if name is None:
        return None
    if len(name) > 4 * NAME_LENGTH:  # before any work on it
        raise LobbyError(422, _("A name has at most {n} characters.").format(n=NAME_LENGTH))
    if any(unicodedata.category(c) in ("Cc", "Cs") for c in name):
        raise LobbyError(422, _("A name may not hold control characters."))
    if not name.strip():
        return None
    cleaned = visible_name(name)
    if len(cleaned) > NAME_LENGTH:
        raise LobbyError(422, _("A name has at most {n} characters.").format(n=NAME_LENGTH))
    if not any(shows(char) for char in cleaned):
        raise LobbyError(
            422, _("A name needs a letter, a digit or a sign that shows: this one is invisible.")
        )
    return cleaned


def summary_of(
    table_id: str,
    game: str,
    seats: list[SeatInfo],
    status: str,
    match_number: int,
    public: bool = False,
    present: set[int] | None = None,
    lang: str = "en",
) -> dict[str, Any]:
    """A table's public summary: no token or invitation hash, nothing of the match but its
    number; with ``present`` (the seats whose players are connected), each claimed human
    seat says whether it is ``connected`` (else null: a bot, a free seat, or not known).
    Each seat's ``display_name`` is the one every text of the table calls it by
    (``seat_names``), in ``lang``."""
    _ = translator(lang)
    return {
        "table": table_id,
        "game": game,
        "public": public,
        "players": len(seats),
        "seats": [
            {
                "seat": s.seat,
                "kind": s.kind,
                "level": s.level,
                "name": s.name,
                "display_name": seat_name(game, s, _),
                "claimed": s.claimed,
                "invited": s.kind == "human" and not s.claimed and s.invite_hash is not None,
                "connected": (
                    s.seat in present
                    if present is not None and s.kind == "human" and s.claimed
                    else None
                ),
            }
            for s in seats
        ],
        "status": status,
        "match": match_number,
    }


def config_problem(problem: games.ConfigError, _: Translator) -> str:
    """What is wrong with a table's setting, in the user's language: the game's own worded
    refusal (its rule cited), or the games there are."""
    if problem.error is not None:
        return _(problem.error.template).format(**problem.error.fields)
    return _("Choose a game: {games}.").format(games=", ".join(games.game_names()))


def _gone(_: Translator) -> str:
    return _("This seat was given up: its link no longer works.")


Writer = TableTransaction | Store
"""Where a change of a table that is no move is written (``TableHost.writing``)."""


class TableHost(Protocol):
    """What the table service's parts (``Seats``, ``Leavers``, ``Clocks``, ``TableBots``,
    ``Hints``, ``TableSync``) ask of the service that holds them together
    (``pegboard.web.service.TableService``): each part is given the host in its
    constructor and reaches the others only through these methods. Every method but
    ``get`` and ``spawn`` is called with the table's lock held."""

    async def get(self, table_id: str) -> LiveTable | None: ...

    def holds(self, table_id: str) -> bool: ...

    def writing(self, table: LiveTable) -> AbstractAsyncContextManager[Writer]:
        """Where to write one change of the table (``TableSync.writing``)."""
        ...

    def state(self, table: LiveTable, connection: Connection) -> dict[str, Any]: ...

    def broadcast(self, table: LiveTable) -> None:
        """Each connection of the table its state."""
        ...

    def acting_seat(self, table: LiveTable, connection: Connection, _: Translator) -> int:
        """The seat a connection plays, checked again (``ClientError`` otherwise)."""
        ...

    async def play_seat(self, table: LiveTable, seat: int, action: str, _: Translator) -> None:
        """Apply ``action`` for ``seat``, commit it, tell everyone."""
        ...

    def drop(self, table: LiveTable) -> None:
        """Forget a table whose copy cannot be trusted; its clients reconnect."""
        ...

    async def save_seat(self, table: LiveTable, info: SeatInfo, writer: Writer) -> None:
        """Store a changed seat, the table's status and clocks after it; tell everyone."""
        ...

    def kick_bots(self, table: LiveTable, *, lead: bool = True) -> None:
        """Start the table's bot loop if a bot is to move (``TableBots.kick``)."""
        ...

    async def reclock(self, table: LiveTable, writer: Writer, *, reset: int | None = None) -> None:
        """The clocks after a change that is no move (``Clocks.reclock``)."""
        ...

    def arm(self, table: LiveTable) -> None:
        """Set the table's alarm at its running clock's deadline (``Clocks.arm``)."""
        ...

    async def end_by_forfeit(
        self, table: LiveTable, seat: int, ending: str, writer: Writer
    ) -> bool:
        """End the match in play by ``seat``'s forfeit (``Leavers.end_by_forfeit``);
        whether it ended it."""
        ...

    def mark_presence(self, table: LiveTable) -> None:
        """Bring the away times up to who is here (``Leavers.mark_presence``)."""
        ...

    async def take_back(self, table: LiveTable, seat: int) -> bool:
        """A seat's person is back: its stand-in stops (``Leavers.take_back``)."""
        ...

    async def read_fresh(self, table: LiveTable) -> None:
        """On a shared database, the copy brought up to the log (``TableSync.read_fresh``)."""
        ...

    def announce(self, table: LiveTable) -> None:
        """Tell the other processes which seats have a player here (``TableSync``)."""
        ...

    def tell_later(self, table: LiveTable) -> None:
        """Every connection its state, under the lock, in a task of its own."""
        ...

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` in a task the service waits for (or cancels) when it closes."""
        ...
