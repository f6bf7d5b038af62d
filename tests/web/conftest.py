"""Fixtures and helpers of the web server's tests: databases (SQLite, and PostgreSQL when
``PEGBOARD_TEST_POSTGRES_URL`` names a server), apps on them, and players that speak the
WebSocket protocol through Starlette's TestClient."""

from __future__ import annotations

import itertools
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

import pytest

pytest.importorskip("fastapi", reason="the web tests need the web extra")

# Starlette's TestClient says it would rather use httpx2; httpx is what the web extra has.
warnings.filterwarnings("ignore", message=".*httpx2.*")

import httpx  # noqa: E402
from fastapi.testclient import TestClient  # noqa: E402

import pegboard.games  # noqa: E402
from pegboard.cribbage.cards import DECK, SUIT_SYMBOLS  # noqa: E402
from pegboard.draw import DOUBLE_SIX, Match  # noqa: E402
from pegboard.web import games  # noqa: E402
from pegboard.web.app import create_app  # noqa: E402
from pegboard.web.db import throwaway_database  # noqa: E402
from pegboard.web.limits import Limits  # noqa: E402
from pegboard.web.service import TableService  # noqa: E402
from pegboard.web.updates import apply_update  # noqa: E402
from tests.web.processes import GONE_WITHIN, descendants, kill_all, pool_workers, wait_gone  # noqa: E402

POSTGRES_ENV = "PEGBOARD_TEST_POSTGRES_URL"

PLAY_LIMITS = Limits(
    tables_rate="1000/minute",
    open_tables_per_client=1000,
    public_tables_per_player=1000,
    joins_rate="1000/minute",
    requests_rate="100000/minute",
    pages_rate="100000/minute",
    messages_rate="10000/second",
    chat_rate="10000/second",
    rated_after=0,
    rated_shared_addresses=True,
    refusals_rate="100000/minute",
)
"""The rates and caps of the tests that play: a test client plays far faster than a person,
and one address (``testclient``) makes every table, whose players are new identities (the
fair-play rules of rated tables are ``tests/web/test_fair_play_rated.py``'s), and the
fuzzers send one socket hundreds of malformed messages. The tests of
the limits themselves use the defaults, or their own."""
PLAY_LIMIT_OPTIONS = [
    "--tables-rate=1000/minute",
    "--open-tables-per-client=1000",
    "--public-tables-per-player=1000",
    "--joins-rate=1000/minute",
    "--requests-rate=100000/minute",
    "--pages-rate=100000/minute",
    "--messages-rate=10000/second",
    "--chat-rate=10000/second",
    "--rated-after=0",
    "--rated-shared-addresses",
    "--refusals-rate=100000/minute",
]
"""``PLAY_LIMITS`` as ``pegboard serve`` options, for the tests that run the real server."""


# -- databases -----------------------------------------------------------------------------


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for this test run (dropped after it)."""
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV} (make test starts a server and sets it)")
    with throwaway_database(base, "pegboard_test") as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'pegboard.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(params=["sqlite", "postgresql"])
def fresh_db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Like ``db_url``, but a PostgreSQL database of the test's own (``db_url``'s is shared
    by the run), for the tests that count every row of a table."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'pegboard.db'}"
        return
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV} (make test starts a server and sets it)")
    with throwaway_database(base, "pegboard_test") as url:
        yield url


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database migrated to the head once per test process, the installation's
    secrets taken out of it (each copy makes its own at its first start, as a new
    installation does). ``sqlite_url`` hands each test a copy: the 19 migrations cost a
    tenth of a second, once for every app a test starts, and most tests start one."""
    from pegboard.web.db import make_engine, upgrade

    path = tmp_path_factory.mktemp("migrated") / "pegboard.db"
    engine = make_engine(f"sqlite:///{path}")
    try:
        upgrade(engine)
        with engine.begin() as connection:
            connection.exec_driver_sql("DELETE FROM installation")
    finally:
        engine.dispose()
    return path


@pytest.fixture
def sqlite_url(tmp_path: Path, migrated_sqlite: Path) -> str:
    """A new SQLite database of the test's own, at the migrations' head (a copy of
    ``migrated_sqlite``)."""
    target = tmp_path / "pegboard.db"
    shutil.copyfile(migrated_sqlite, target)
    return f"sqlite:///{target}"


def seeds(*values: int) -> Callable[[], int]:
    """A seed source that deals ``values`` in turn (then goes on counting)."""
    source = itertools.chain(values, itertools.count(1000))
    return lambda: next(source)


@pytest.fixture
def client_on() -> Iterator[Callable[..., TestClient]]:
    """``client_on(url, seed=..., limits=...)``: a running app (bots without delay, and
    ``PLAY_LIMITS`` unless told other limits) and its client."""
    clients: list[TestClient] = []

    def start(
        url: str, *, seed: Callable[[], int] | None = None, limits: Limits = PLAY_LIMITS
    ) -> TestClient:
        client = TestClient(create_app(url, bot_delay=0, seed_source=seed, limits=limits))
        client.__enter__()
        clients.append(client)
        return client

    yield start
    while OPEN_PLAYERS:  # a test that failed half-way leaves its sockets open
        OPEN_PLAYERS[-1].close()
    for client in reversed(clients):
        client.__exit__(None, None, None)
    # A closed app's bot pool left no worker running (its fork server and resource tracker
    # are this process's, shared by every app, and end with it).
    assert pool_workers(os.getpid()) == []


@pytest.fixture
def client(client_on: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    return client_on(sqlite_url, seed=seeds(11, 12, 13))


def service_of(client: TestClient) -> TableService:
    service: TableService = client.app.state.service  # type: ignore[attr-defined]
    return service


class FakeTime:
    """A service's clocks in a test, moved by hand: seconds since the epoch, which serve as
    the players' clocks (``TableService.wall``) and the away times (``TableService.clock``)
    alike. No test waits for a bank or a grace time to pass."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def toy_app(
    toy_game: Any, monkeypatch: pytest.MonkeyPatch, sqlite_url: str
) -> Iterator[Callable[..., tuple[TestClient, FakeTime]]]:
    """``toy_app(limits=PLAY_LIMITS, url=SQLite)``: a running app (bots in threads, without
    delay) that plays the toy game ``tricks`` (tests/games/toy/) too, its clocks one
    ``FakeTime``: the same for every app the test starts, so several servers on one
    database agree on the time."""
    import pegboard.games

    monkeypatch.setenv(pegboard.games.ENVIRONMENT, "tests.games.toy:plug_in")
    started: list[TestClient] = []
    now = FakeTime()

    def start(limits: Limits = PLAY_LIMITS, url: str = sqlite_url) -> tuple[TestClient, FakeTime]:
        app = create_app(url, bot_delay=0, seed_source=seeds(5, 6, 7), limits=limits, bot_workers=0)
        client = TestClient(app)
        client.__enter__()
        started.append(client)
        service_of(client).clock = service_of(client).wall = now
        return client, now

    yield start
    while OPEN_PLAYERS:
        OPEN_PLAYERS[-1].close()
    for client in reversed(started):
        client.__exit__(None, None, None)


def served_limits(monkeypatch: pytest.MonkeyPatch, *options: str) -> Limits:
    """The limits ``pegboard serve --db sqlite:// OPTIONS`` hands the app (nothing is
    served: ``create_app`` and uvicorn are stood in for); the command must succeed."""
    from typer.testing import CliRunner

    from pegboard.cli.main import app

    made: dict[str, Any] = {}
    monkeypatch.setattr("pegboard.web.app.create_app", lambda url, **given: made.update(given))
    monkeypatch.setattr("uvicorn.run", lambda *args, **given: None)
    monkeypatch.setattr("pegboard.web.app.prepare_server_process", lambda: None)
    result = CliRunner().invoke(
        app, ["serve", "--db", "sqlite://", *options], env={"LANGUAGE": "en"}
    )
    assert result.exit_code == 0, result.output
    limits: Limits = made["limits"]
    return limits


# -- a real server ---------------------------------------------------------------------------


HANG_GUARD = 60.0
"""Seconds before a silent server fails the test (a guard against hanging, not a measure)."""


def port_in(ports: range) -> int:
    """The first free loopback port of ``ports`` (a test module's own range, so that
    modules run side by side never take one another's); fails the test if none is."""
    for port in ports:
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    pytest.fail(f"no free port in {ports.start}-{ports.stop - 1}", pytrace=False)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Server:
    """``pegboard serve`` in a subprocess, on a free loopback port."""

    def __init__(
        self,
        db_url: str,
        home: Path,
        options: Sequence[str] | None = None,
        env: dict[str, str] | None = None,
        preexec_fn: Callable[[], object] | None = None,
    ) -> None:
        """``options``: more ``pegboard serve`` options (``PLAY_LIMIT_OPTIONS`` unless
        given); ``env``: more environment variables (``PEGBOARD_GAMES``...);
        ``preexec_fn``: run in the server's process before it starts (its resource limits)."""
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-c", "from pegboard.cli.main import main; main()", "serve"]
        command += ["--port", str(self.port), "--db", db_url, "--bot-delay", "0"]
        command += PLAY_LIMIT_OPTIONS if options is None else options
        self.log = (home / f"server-{self.port}.log").open("w")
        environment = {**os.environ, "XDG_DATA_HOME": str(home), **(env or {})}
        self.process = subprocess.Popen(
            command,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            env=environment,
            preexec_fn=preexec_fn,
        )
        try:
            self._wait_ready()
        except BaseException:
            self.kill()  # not left serving when the test gives up on it
            raise

    def _wait_ready(self) -> None:
        deadline = time.monotonic() + HANG_GUARD
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.process.returncode}")
            try:
                if httpx.get(f"{self.base}/api/tables", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        raise AssertionError("the server did not start")

    def kill(self) -> None:
        """SIGKILL: no shutdown, no flush, nothing finished; and none of the processes the
        server started outlives it (its bot pool's: issue 33)."""
        started = descendants(self.process.pid)
        self.process.kill()
        self.process.wait()
        self.log.close()
        left = wait_gone(started, GONE_WITHIN)
        kill_all(left)
        assert left == [], f"the killed server left processes running: {left}"


@contextmanager
def mounted_tmpfs(path: Path, size: str) -> Iterator[Path]:
    """A file system of its own at ``path`` (a tmpfs of ``size``: ``1m``), for the tests of
    a full or read-only disk; skipped where the tests may not mount one (root's right)."""
    path.mkdir(parents=True, exist_ok=True)
    try:
        mounted = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)],
            capture_output=True,
            text=True,
        )
    except FileNotFoundError:
        pytest.skip("no mount command")
    if mounted.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {mounted.stderr.strip()}")
    try:
        yield path
    finally:
        subprocess.run(["umount", "--lazy", str(path)], check=True)


def remount_read_only(path: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(path)], check=True)


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[list[Server]]:
    started: list[Server] = []
    yield started
    for server in started:
        if server.process.poll() is None:
            server.kill()


def database_rows(client: TestClient, leaving_out: Collection[str] = ()) -> list[tuple[Any, ...]]:
    """Every row of every table of the app's database, in a fixed order: equal lists mean
    that nothing was written in between. Rows of the tables in ``leaving_out`` are left out
    (tables whose bots are moving write on their own)."""
    from sqlalchemy import select

    from pegboard.web.db import ActionRow, CorrectionRow, MatchRow, SeatRow, TableRow

    rows: list[tuple[Any, ...]] = []
    with service_of(client).store.session() as session:
        for model in (TableRow, SeatRow, MatchRow, ActionRow, CorrectionRow):
            columns = [c.key for c in model.__table__.columns]
            for row in session.scalars(select(model)):
                # A report of a correction belongs to no table: it is always compared.
                table_id = getattr(row, "id" if isinstance(row, TableRow) else "table_id", None)
                if table_id not in leaving_out:
                    rows.append((model.__tablename__, *(repr(getattr(row, c)) for c in columns)))
    return sorted(rows)


def tables_on_the_clock(client: TestClient) -> set[str]:
    """The ids of the tables whose match in play runs on a clock: the server's own sweep may
    flag one between two reads (an earlier test's table, in a shared database)."""
    from sqlalchemy import select

    from pegboard.web.db import MatchRow

    with service_of(client).store.session() as session:
        return {
            row.table_id
            for row in session.scalars(select(MatchRow))
            if row.clock is not None and row.finished_at is None
        }


def tables_with_bots_moving(client: TestClient) -> set[str]:
    """The ids of the tables whose bots are moving now, in the background."""
    service = service_of(client)
    return {
        table_id
        for table_id, table in service._tables.items()
        if table.bot_task is not None and not table.bot_task.done()
    }


# -- the lobby -----------------------------------------------------------------------------


_CLIENT_OF: dict[str, TestClient] = {}
"""The client each table of ``new_table`` was made with: ``token_of`` claims its invitations."""


def new_table(
    client: TestClient, game: str, seats: list[dict[str, Any]], **options: Any
) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": game, "seats": seats, **options})
    assert answer.status_code == 201, answer.text
    table: dict[str, Any] = answer.json()
    _CLIENT_OF[table["table"]] = client
    return table


def invite_of(table: dict[str, Any], seat: int) -> str:
    """The code of a seat's one-time invitation (its link's ``#invite=CODE``)."""
    link: str = table["seats"][seat]["invite"]
    return link.split("#invite=", 1)[1]


def claim(client: TestClient, table_id: str, invite: str, **body: Any) -> httpx.Response:
    return client.post(f"/api/tables/{table_id}/claim", json={"invite": invite, **body})


def another_browser(client: TestClient, /, **options: Any) -> TestClient:
    """Another person's browser: the same app, none of ``client``'s cookies, on the app's
    own event loop. A second TestClient not entered would run each request on an event
    loop of its own, where the table's lock, held by a bot's move on the app's loop, cannot
    be waited for ("bound to a different event loop"). ``options`` are TestClient's (its
    ``client`` address among them)."""
    browser = TestClient(client.app, **options)
    browser.portal = client.portal
    return browser


def token_of(table: dict[str, Any], seat: int) -> str:
    """The seat's token: the creator's, or (the first time it is asked for) the token its
    invitation makes when claimed, as another person's browser claims it."""
    entry = table["seats"][seat]
    if "token" not in entry:
        client = _CLIENT_OF[table["table"]]
        answer = claim(another_browser(client), table["table"], invite_of(table, seat))
        assert answer.status_code == 200, answer.text
        assert answer.json()["seat"] == seat
        entry["token"] = answer.json()["token"]
    token: str = entry["token"]
    return token


# -- players -------------------------------------------------------------------------------


OPEN_PLAYERS: list[Player] = []


class Player:
    """One WebSocket client: it keeps every message it gets, and the last state.

    With ``updates`` it asks for updates (``pegboard.web.updates``), as the browser's page
    does, and makes each into the state it stands for: ``messages`` then holds those
    states, ``updates`` the updates as they came."""

    def __init__(
        self,
        client: TestClient,
        table_id: str,
        seat: int | None,
        token: str | None,
        lang: str = "en",
        updates: bool = False,
        chat: bool = False,
    ) -> None:
        self._context = client.websocket_connect(f"/ws/{table_id}")
        self.socket = self._context.__enter__()
        OPEN_PLAYERS.append(self)
        self.seat = seat
        self.token = token
        self.messages: list[dict[str, Any]] = []
        self.updates: list[dict[str, Any]] = []
        hello: dict[str, Any] = {"type": "hello", "since": 0, "lang": lang}
        if updates:
            hello["updates"] = True
        if chat:
            hello["chat"] = True  # the table's chat: its history comes after the state
        if seat is not None:
            hello.update(seat=seat, token=token)
        self.socket.send_json(hello)
        self.state = self.receive()
        assert self.state["type"] == "state", self.state

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = self.socket.receive_json()
        if message["type"] == "update":
            self.updates.append(message)
            message = apply_update(self.state, message)
        self.messages.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send_json(message)

    def sync(self) -> list[dict[str, Any]]:
        """Every message sent to this client before the server read a ping from it."""
        self.send({"type": "ping"})
        got = []
        while (message := self.receive())["type"] != "pong":
            got.append(message)
        return got

    def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send ``message``; the one message it was answered with (before a ping's pong)."""
        self.send(message)
        got = self.sync()
        assert len(got) == 1, got
        return got[0]

    def settle(self, bots: set[int]) -> dict[str, Any]:
        """The state once no bot is to move (bots move in the server's own time)."""
        while True:
            self.sync()
            view = self.state["view"]
            if view["is_over"] or view["current"] not in bots:
                return self.state

    def act(self, action: str) -> None:
        """Play ``action``; its own messages say the server took it (each client's messages
        are answered in order, so the ping after it is read once it is done)."""
        seq = self.state["seq"]
        self.send({"type": "act", "action": action, "seq": seq})
        got = self.sync()
        assert [m["type"] for m in got if m["type"] != "state"] == [], got
        assert self.state["seq"] > seq

    def close(self) -> None:
        if self in OPEN_PLAYERS:
            OPEN_PLAYERS.remove(self)
            self._context.__exit__(None, None, None)


# -- hidden information --------------------------------------------------------------------


def tile_pattern(tile: Any) -> re.Pattern[str]:
    """A tile as any message could write it: ``2-5``, ``5-2``, ``[2|5]``, ``[5|2]``."""
    low, high = tile.low, tile.high
    forms = [f"(?<![0-9]){a}-{b}(?![0-9])" for a, b in ((low, high), (high, low))]
    forms += [re.escape(f"[{a}|{b}]") for a, b in ((low, high), (high, low))]
    return re.compile("|".join(forms))


def card_pattern(card: Any) -> re.Pattern[str]:
    """A card as a message could write it: ``10H`` or ``10♥``."""
    text = str(card)
    rank, suit = text[:-1], text[-1]
    return re.compile(rf"(?<![A-Za-z0-9]){rank}(?:{suit}|{SUIT_SYMBOLS[suit]})(?![A-Za-z0-9])")


PATTERNS: dict[str, re.Pattern[str]] = {
    **{str(t): tile_pattern(t) for t in DOUBLE_SIX},
    **{str(c): card_pattern(c) for c in DECK},
}


class Truth:
    """The engine's full position of a table's match after each seq, and what each seat may
    not know then: the tiles or cards it may not have seen in this match so far.

    "Seen so far" is an over-approximation that keeps the check free of false alarms: every
    tile or card dealt (or cut, or drawn for the lead) in an earlier deal of the match counts
    as seen, since the rules reveal most of them (Draw's round end, D12; the show, C6).
    """

    def __init__(
        self, game: str, config: dict[str, Any], seed: int, log: list[tuple[int, str]]
    ) -> None:
        self.game = game
        self.positions: list[games.AnyMatch] = []
        self.seen_before: list[set[str]] = []
        match = pegboard.games.get(game).new_match(config, seed)
        if isinstance(match, Match):
            seen = {str(t) for lot in match.lot for t in lot.tiles.values()}
        else:
            seen = {str(c) for cut in match.cuts for c in cut.cards}
        self._record(config, seed, [], seen)
        for n in range(1, len(log) + 1):
            before = self.positions[-1]
            deal = self._deal(before)
            dealt = self._dealt(before)
            after = pegboard.games.get(game).replay(config, seed, log[:n])
            if self._deal(after) != deal:
                seen = seen | dealt
            self.positions.append(after)
            self.seen_before.append(seen)

    def _record(
        self, config: dict[str, Any], seed: int, log: list[tuple[int, str]], seen: set[str]
    ) -> None:
        self.positions.append(pegboard.games.get(self.game).replay(config, seed, log))
        self.seen_before.append(seen)

    @staticmethod
    def _deal(match: games.AnyMatch) -> tuple[int, int]:
        if isinstance(match, Match):
            return (len(match.rounds), 0)
        return (len(match.games), match.game.hand_number)

    @staticmethod
    def _dealt(match: games.AnyMatch) -> set[str]:
        """Everything of the deal in play but its undealt stock (the starter counts as
        dealt)."""
        if isinstance(match, Match):
            stock = set(match.round.stock)
            return {str(t) for t in DOUBLE_SIX if t not in stock}
        game = match.game
        stock = set(game.stock) - {game.starter}
        return {str(c) for c in DECK if c not in stock}

    def hidden(self, seq: int, seat: int | None) -> set[str]:
        """What ``seat`` (None: a spectator) may not know after ``seq`` actions."""
        match = self.positions[seq]
        if isinstance(match, Match):
            round_ = match.round
            secret = set(round_.stock)
            if round_.result is None:  # a settled round's hands are shown (D12)
                secret |= {t for s, hand in enumerate(round_.hands) if s != seat for t in hand}
            names = {str(t) for t in secret}
        else:
            game = match.game
            secret_cards = set(game.stock) - {game.starter}
            if not game.is_over:
                own = set(game.observation(seat).discards) if seat is not None else set()
                secret_cards |= {c for s, hand in enumerate(game.hands) if s != seat for c in hand}
                showing = game.observation(0).showing
                if showing is None or showing.what != "crib":  # turned up to be claimed (C18)
                    secret_cards |= set(game.crib) - own
            names = {str(c) for c in secret_cards}
        return names - self.seen_before[seq]


ADDRESS = re.compile(r"/(?:m|t|p|api/matches|api/tables)/[\w-]+")
"""A page's own addresses: a table's random id followed by a match's number reads like a
tile (``/m/xq1-1`` holds ``1-1``), so they are blanked before a scan."""


def leaks(message: dict[str, Any], hidden: set[str]) -> list[str]:
    """The hidden tiles or cards that ``message`` names anywhere but in its SVG pictures
    (their coordinates read like tiles; the views' own tests check the pictures) and its
    addresses (``ADDRESS``)."""
    text = ADDRESS.sub("/ADDRESS", repr(strip_svg(message)))
    return sorted(name for name in hidden if PATTERNS[name].search(text))


def strip_svg(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: strip_svg(v) for k, v in value.items() if not k.endswith("_svg")}
    if isinstance(value, list):
        return [strip_svg(v) for v in value]
    return value


def truth_of(client: TestClient, table_id: str, match_number: int = 1) -> Truth:
    """The engine's positions of a table's match, rebuilt from what the database holds."""
    store = service_of(client).store
    record = store.load_table(table_id)
    assert record is not None
    seed = record.seed
    if match_number != record.match_number:
        from sqlalchemy import select

        from pegboard.web.db import MatchRow

        with store.session() as session:
            seed = session.scalars(
                select(MatchRow.seed).where(
                    MatchRow.table_id == table_id, MatchRow.number == match_number
                )
            ).one()
    log = [(seat, action) for _, seat, action in store.log(table_id, match_number)]
    return Truth(record.game, record.config, seed, log)


def check_states(player: Player, truth: Truth, names: list[str], match_number: int = 1) -> int:
    """Every state ``player`` got in match ``match_number``: its view is exactly the view of
    the engine's position at its seq for its seat (or the public view), no seq was skipped,
    and no message names a tile or card the seat may not know. The number of states."""
    from pegboard.web import views

    states = [m for m in player.messages if m["type"] == "state" and m["match"] == match_number]
    seqs = [m["seq"] for m in states]
    assert seqs == sorted(seqs)
    assert sorted(set(seqs)) == list(range(seqs[0], seqs[-1] + 1)), "a state was skipped"
    for message in player.messages:
        if message["type"] == "state" and message["match"] != match_number:
            continue
        seq = message.get("seq", seqs[-1])
        assert leaks(message, truth.hidden(seq, player.seat)) == [], message
    for state in states:
        expected = views.view(truth.positions[state["seq"]], truth.game, player.seat, "en", names)
        assert state["you"] == player.seat
        assert state["view"] == expected
    return len(states)


class Seated(Protocol):
    """A seat's client, in-process (``Player``) or over a real socket (``RealClient``)."""

    state: dict[str, Any]

    def sync(self) -> object: ...

    def act(self, action: str) -> None: ...


MOST_MOVES = 2000
"""More moves than any match of these tests takes."""


def play_out(seats: Sequence[Seated], rng: random.Random, moves: int | None = None) -> None:
    """Random legal moves by the seat to move (``seats`` in seat order) until the match is
    over, or ``moves`` of them."""
    for _move in range(MOST_MOVES if moves is None else moves):
        for seat in seats:
            seat.sync()
        view = seats[0].state["view"]
        if view["is_over"]:
            return
        mover = seats[view["current"]]
        mover.act(rng.choice(mover.state["view"]["legal"])["action"])
    if moves is None:
        raise AssertionError(f"a match cannot take {MOST_MOVES} moves")
