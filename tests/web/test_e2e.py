"""End to end: a person plays pegboard in the browser (Debian's Chromium, driven by
Playwright's sync API), against the real app served by uvicorn on a loopback port with a
temporary SQLite database and bots that move at once.

Chromium is Debian's (``apt-get install chromium``), never a browser Playwright downloads.
Without it these tests fail with a message saying so; ``PEGBOARD_SKIP_E2E=1`` skips them.
Screenshots of each run go to ``build/e2e/`` (ignored by git).
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

if os.environ.get("PEGBOARD_SKIP_E2E") == "1":
    pytest.skip("PEGBOARD_SKIP_E2E=1: the browser tests are skipped", allow_module_level=True)

import uvicorn
from playwright.sync_api import (
    Browser,
    BrowserContext,
    Page,
    Route,
    WebSocketRoute,
    expect,
    sync_playwright,
)

from pegboard.cribbage.cards import Card
from pegboard.cribbage.scoring import score_hand
from pegboard.dominoes.line import WORDS
from pegboard.web.app import create_app
from pegboard.web.messages import catalog
from tests.web.conftest import PLAY_LIMITS

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
]
SHOTS = Path(__file__).resolve().parents[2] / "build" / "e2e"
# Playwright's waits: long enough for a loaded 2-core machine, never a measure of speed.
WAIT_MS = 30_000
# Waits until the page may act: its turn with no move on its way, or the thing looked for.
READY = (
    "(document.body.dataset.turn === 'yours' && document.body.dataset.pending === 'false')"
    " || document.body.dataset.turn === 'over'"
)


# -- the app and the browser ---------------------------------------------------------------


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Seeds:
    """The seed of each new match: the one a test asked for, else 1000, 1001, ...; so that
    each test deals the same games whatever ran before it."""

    def __init__(self) -> None:
        self.wanted: list[int] = []
        self.counter = itertools.count(1000)

    def __call__(self) -> int:
        return self.wanted.pop(0) if self.wanted else next(self.counter)


@pytest.fixture(scope="module")
def e2e_seeds() -> Seeds:
    return Seeds()


def served_in_thread(app: Any, port: int) -> Iterator[str]:
    """Serve ``app`` on loopback ``port`` (uvicorn in a thread) while the caller holds the
    generator open: a fixture's body, yielding the base URL."""
    server = uvicorn.Server(
        uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    ready = threading.Event()
    while thread.is_alive() and not server.started:
        ready.wait(0.05)
    if not server.started:
        pytest.fail("the web app did not start (see the log above)", pytrace=False)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join()


@pytest.fixture(scope="module")
def e2e_base_url(tmp_path_factory: pytest.TempPathFactory, e2e_seeds: Seeds) -> Iterator[str]:
    """The app on a free loopback port (uvicorn in a thread), bots with no delay, and the
    tests' match seeds."""
    database = tmp_path_factory.mktemp("e2e") / "pegboard.db"
    app = create_app(
        f"sqlite:///{database}", bot_delay=0, seed_source=e2e_seeds, limits=PLAY_LIMITS
    )
    yield from served_in_thread(app, _free_port())


@pytest.fixture(scope="module")
def e2e_browser() -> Iterator[Browser]:
    chromium = shutil.which("chromium")
    if chromium is None:
        pytest.fail(
            "The browser tests need Debian's Chromium on PATH: "
            "apt-get install chromium fonts-lohit-deva fonts-wqy-microhei "
            "(or set PEGBOARD_SKIP_E2E=1 to skip them).",
            pytrace=False,
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Errors:
    """JavaScript errors and failed requests of one page: a test ends with none."""

    def __init__(self) -> None:
        self.items: list[str] = []
        self.expected: list[str] = []
        """Texts of console errors a test brings about on purpose (a refused request)."""

    def unexpected(self) -> list[str]:
        return [item for item in self.items if not any(e in item for e in self.expected)]

    def watch(self, page: Page) -> None:
        page.on("pageerror", lambda error: self.items.append(f"page error: {error}"))
        page.on(
            "console",
            lambda message: (
                self.items.append(f"console: {message.text}") if message.type == "error" else None
            ),
        )


@pytest.fixture
def e2e_open(
    e2e_browser: Browser, e2e_base_url: str, e2e_seeds: Seeds
) -> Iterator[Callable[..., Page]]:
    """open(path, width=1100, height=900, seed=None): a new page (fresh storage) at
    ``path``; ``seed`` is the seed of the next match the server makes."""
    contexts: list[BrowserContext] = []
    errors = Errors()
    e2e_seeds.wanted.clear()

    def open_page(
        path: str = "/", width: int = 1100, height: int = 900, seed: int | None = None
    ) -> Page:
        if seed is not None:
            e2e_seeds.wanted.append(seed)
        context = e2e_browser.new_context(
            viewport={"width": width, "height": height}, locale="en-US"
        )
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        errors.watch(page)
        page.goto(e2e_base_url + path)
        page.wait_for_selector("body[data-ready=true]")
        return page

    open_page.errors = errors  # type: ignore[attr-defined]
    yield open_page
    for context in contexts:
        context.close()
    assert errors.unexpected() == []


def shot(page: Page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


def open_setup(page: Page) -> None:
    """In the lobby: open the full set-up (a disclosure under the Play buttons)."""
    if not page.eval_on_selector("#setup-more", "details => details.open"):
        page.click("#setup-summary")
    page.wait_for_selector("#create", state="visible")


def create_table(page: Page, game: str = "draw", name: str = "Ana", public: bool = False) -> None:
    """In the lobby: a name, the full set-up, the game, the seats as they are (by default
    you and an expert bot), private unless ``public`` (listed in the open tables), create:
    with no one to invite, the table opens at once, the player seated; else take the seat
    from the invitations' panel."""
    page.fill("#me-name", name)
    open_setup(page)
    page.check(f"#game-{game}")
    if public:
        page.check("#table-public")
    page.click("#create")
    page.wait_for_selector("#take-seat, #turn")
    if page.locator("#take-seat").count():
        page.click("#take-seat")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))  # the seat's key read, kept, then left out
    page.wait_for_selector("#turn")


def wait_for(page: Page, expression: str, timeout_ms: int = WAIT_MS) -> None:
    """Wait until the page's JavaScript ``expression`` is true (at most ``timeout_ms``).
    Playwright's own
    ``wait_for_function`` compiles its predicate with ``eval`` inside the page, which the
    site's Content-Security-Policy forbids (no script but the site's files); evaluating
    from outside, as here, is not the page's script and keeps the policy in force."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(f"Boolean({expression})"):
        if time.monotonic() > deadline:
            raise AssertionError(f"still not true after {timeout_ms} ms: {expression}")
        page.wait_for_timeout(25)


def no_error_shown(page: Page) -> None:
    assert page.inner_text("#errors").strip() == ""


# -- Draw ------------------------------------------------------------------------------------


def play_draw_move(page: Page, picked: Callable[[Page], None] | None = None) -> str:
    """One move by clicking: the last tile that fits two ends (played on a marker of the
    drawing), else the last playable tile, else Draw, else Pass. Returns what it did."""
    tiles = page.locator('.tile-button[data-ends="2"]')  # a choice of ends, when there is one
    if not tiles.count():
        tiles = page.locator(".tile-button[aria-disabled=false]")
    if tiles.count():
        tile = tiles.last.get_attribute("data-tile")
        tiles.last.click()
        ends = page.locator(".ends button.end")
        if ends.count():
            if picked is not None:
                picked(page)  # a tile picked, its fitting ends lit
            end = ends.first.get_attribute("data-end")
            # Fitting ends light up in the line's drawing: click the marker itself.
            page.click(f'.line .marker.fits[data-end="{end}"]')
            return f"{tile}@{end}"
        return f"{tile}"
    if page.is_enabled("#draw-button"):
        page.click("#draw-button")
        return "draw"
    assert page.is_enabled("#pass-button"), "no tile fits, no draw, and yet no pass (D8)"
    page.click("#pass-button")
    return "pass"


def pips(tile: str) -> int:
    low, high = (int(n) for n in tile.split("-"))
    return low + high


def test_d11_d17_a_person_creates_a_draw_table_and_plays_a_round_to_its_settlement_and_match(
    e2e_open: Callable[..., Page],
) -> None:
    """A match of Draw to 1 point: its round to its settlement (D11-D15), which ends the
    match with its summary, and Play again starts the next (D17)."""
    page = e2e_open("/", seed=5)
    page.fill("#me-name", "Ana")
    open_setup(page)
    page.check("#game-draw")
    page.fill("#target", "1")
    page.click("#create")
    # Nobody to invite against a bot: the table at once, the creator seated (issue 35, 3).
    page.wait_for_selector("#turn")
    assert page.locator("#take-seat").count() == 0
    assert "Ana" in page.inner_text("#players")

    moves: list[str] = []
    shots: list[Path] = []  # one screenshot, the first time a tile fits two ends
    tried_unfit = False
    while not page.locator("dialog#round-end[open]").count():
        wait_for(page, f"{READY} || document.querySelector('dialog#round-end[open]')")
        if page.locator("dialog#round-end[open]").count():
            break
        no_error_shown(page)
        unfit = page.locator(".tile-button[aria-disabled=true]")
        if not tried_unfit and unfit.count():
            # A tile that fits no end: clicking it says so (aria-live) and changes nothing.
            before = page.evaluate("document.body.dataset.seq")
            unfit.first.click(force=True)  # aria-disabled: Playwright would wait
            assert (
                page.inner_text("#errors")
                .strip()
                .endswith("No open end of the line shows a number of this tile (D5).")
            )
            assert page.evaluate("document.body.dataset.seq") == before
            tried_unfit = True
        moves.append(
            play_draw_move(
                page, picked=lambda p: None if shots else shots.append(shot(p, "draw-in-progress"))
            )
        )
        assert len(moves) < 200, "a round of Draw cannot last this long"
    assert moves, "the round ended before the person played"
    assert shots, "seed 5 deals a tile that fits both ends"
    assert tried_unfit, "seed 5 deals a tile that fits no end on the person's turn"
    shot(page, "draw-round-end")

    # D12: every hand revealed, each count the sum of both halves of its tiles.
    rows = page.locator("#revealed tbody tr")
    players = rows.count()
    assert players == 2
    counts, points = [], []
    for row in range(players):
        cells = rows.nth(row)
        tiles = [
            chip.get_attribute("data-tile") or "" for chip in cells.locator(".tile-chip").all()
        ]
        count = int(cells.locator("td.pips").inner_text())
        assert count == sum(pips(tile) for tile in tiles)
        counts.append(count)
        points.append(int(cells.locator("td.points").inner_text()))
    # D13/D14: who scores what follows from the counts alone.
    empty = [seat for seat in range(players) if rows.nth(seat).locator(".tile-chip").count() == 0]
    if empty:  # a domino
        (winner,) = empty
        expected = [0] * players
        expected[winner] = sum(counts)
    else:  # blocked: the single lowest count scores the others' counts less its own
        low = min(counts)
        expected = [0] * players
        if counts.count(low) == 1:
            seat = counts.index(low)
            expected[seat] = sum(counts) - 2 * low
    assert points == expected
    settled = page.inner_text("#settlement")  # in words: who won the round, what they scored
    assert str(max(points)) in settled and "the round" in settled
    # The match scores after the round are its points (D15: exact, nothing reduced).
    page.click("#continue-button")
    scores = page.locator("#rounds tbody tr").first.inner_text()
    assert all(f"+{p} → {p}" in scores for p in points)
    # The seed-5 round is won with points (not a blocked tie), so it ends the match (D17).
    page.wait_for_selector("#match-over")
    assert page.evaluate("document.body.dataset.turn") == "over"
    winner = page.inner_text("#match-over .winner")
    assert winner in ("You win the match.", "Leo (Expert bot) wins the match.")
    shot(page, "draw-match-over")
    page.click("#again-button")
    wait_for(page, "document.body.dataset.seq.startsWith('2:')")
    assert not page.locator("#match-over").count()
    assert page.locator("#rounds").count() == 0  # a new match: no finished rounds yet


# -- Cribbage ----------------------------------------------------------------------------------


def cards_of(locator: Any) -> list[Card]:
    return [Card.parse(chip.get_attribute("data-card")) for chip in locator.all()]


def test_c2_c6_a_person_plays_a_hand_of_cribbage_until_the_show(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/")
    create_table(page, game="cribbage")
    moves = 0
    while True:
        wait_for(page, f"{READY} || document.querySelector('#shows')")
        if page.locator("#shows").count():
            break
        no_error_shown(page)
        # C4: the count shown never passes 31.
        assert 0 <= int(page.inner_text("#count")) <= 31
        if page.locator("#discard-button").count():
            # C2: two cards of the six go to the crib; Discard waits for exactly two.
            hand = page.locator(".card-button")
            assert hand.count() == 6
            for i in range(6):  # each card's accessible name is in words: "King of hearts"
                card = Card.parse(hand.nth(i).get_attribute("data-card") or "")
                assert hand.nth(i).get_attribute("aria-label") == card_words(card)
            first, second = (hand.nth(i).get_attribute("data-card") for i in (0, 1))
            page.click(f'.card-button[data-card="{first}"]')
            assert page.is_disabled("#discard-button")
            page.click(f'.card-button[data-card="{second}"]')
            page.click("#discard-button")
        else:
            playable = page.locator(".card-button[aria-disabled=false]")
            if playable.count():
                playable.first.click()
            else:
                assert page.is_enabled("#go-button"), "no card to play and yet no go (C5)"
                page.click("#go-button")
        moves += 1
        if moves == 3:
            shot(page, "cribbage-in-progress")
        assert moves < 30, "one hand of cribbage cannot take this many moves"
    shot(page, "cribbage-show")

    # C6: the non-dealer's hand, then the dealer's hand, then the dealer's crib; each is
    # four cards and the starter, its points as the rules count them, explained in words.
    shows = page.locator("#shows .show")
    order = [
        (
            int(shows.nth(i).get_attribute("data-seat") or -1),
            shows.nth(i).get_attribute("data-what"),
        )
        for i in range(shows.count())
    ]
    if len(order) == 3:  # the game did not end during the show
        (pone, first), (dealer, second), (owner, third) = order
        assert (first, second, third) == ("hand", "hand", "crib")
        assert pone != dealer and owner == dealer
        # The next hand is dealt by the other seat (the deal alternates).
        badge = page.locator("#players .player:has(.badge)").first.get_attribute("data-seat")
        assert badge == str(pone)
    for i in range(shows.count()):
        show = shows.nth(i)
        cards = cards_of(show.locator(".show-head > .cards .card-chip"))
        (starter,) = cards_of(show.locator(".with-starter .card-chip"))
        assert len(cards) == 4
        points = re.search(r"(\d+)\s*$", show.locator(".points").inner_text())
        assert points is not None
        shown = int(points.group(1))
        assert shown == score_hand(cards, starter, is_crib=order[i][1] == "crib")
        assert show.locator(".saying").inner_text().strip() or shown == 0


# -- Languages -------------------------------------------------------------------------------


def test_b5_the_language_switch_translates_the_page_and_the_line_description(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/")
    pt = catalog("pt_BR")
    page.select_option("#lang-select", "pt_BR")
    wait_for(page, "document.documentElement.lang === 'pt-BR'")
    assert page.text_content("#create") == pt["Create table"] != "Create table"
    create_table(page)
    wait_for(page, READY)
    assert page.inner_text("#hand-title") == pt["Your tiles"]
    assert page.inner_text("#log-title") == pt["Log"]
    desc = page.locator(".line svg desc")
    assert desc.text_content().startswith(WORDS["pt"]["tiles"])  # type: ignore[union-attr]
    for _ in range(3):  # a few moves: a line with tiles and connections to describe
        wait_for(page, READY)
        play_draw_move(page)
    wait_for(page, READY)

    for lang, key, tag in (("zh_Hans", "zh", "zh-Hans"), ("hi", "hi", "hi")):
        strings = catalog(lang)
        page.select_option("#lang-select", lang)
        # The game's own texts come from the server in the new language.
        wait_for(
            page,
            f"document.querySelector('.line svg') && "
            f"document.querySelector('.line svg').getAttribute('lang') === '{key}'",
        )
        assert page.evaluate("document.documentElement.lang") == tag
        assert desc.text_content().startswith(WORDS[key]["tiles"])  # type: ignore[union-attr]
        assert WORDS[key]["connections"] in (desc.text_content() or "")
        # The drawing is an image named by its title and description (aria-labelledby).
        line = page.locator(".line svg")
        assert line.get_attribute("role") == "img"
        expect(line).to_have_accessible_name(re.compile(re.escape(WORDS[key]["tiles"])))
        assert WORDS[key]["points"] in (desc.text_content() or "")
        assert page.inner_text("#hand-title") == strings["Your tiles"]
        assert page.inner_text("#draw-button") == strings["Draw a tile"]
        assert page.inner_text("#log-title") == strings["Log"]
    shot(page, "draw-in-hindi")
    # The choice is remembered: the lobby opens in Hindi.
    page.goto(page.url.split("/t/")[0] + "/")
    page.wait_for_selector("body[data-ready=true]")
    assert page.text_content("#create") == catalog("hi")["Create table"]


# -- Keyboard --------------------------------------------------------------------------------


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab until the focused element matches ``selector`` (fails after ``limit``)."""
    for _ in range(limit):
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


def focus_is_visible(page: Page) -> bool:
    style = page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, s.outlineWidth]; })()"
    )
    return style[0] != "none" and style[1] != "0px"


def test_b4_keyboard_alone_creates_a_table_and_plays_moves_with_the_ends_as_buttons(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", seed=5)
    tab_to(page, "#me-name")
    page.keyboard.type("Kim")
    tab_to(page, "#setup-summary")
    page.keyboard.press("Enter")  # the full set-up opens
    tab_to(page, "#create")
    assert focus_is_visible(page)
    page.keyboard.press("Enter")
    page.wait_for_selector("#turn")

    # The ends are named by their number and place, as a player says them (issue 35, 6).
    end_words = {"on the left", "on the right"}
    moves = 0
    ends_chosen = 0
    # Play by keyboard until a tile fitting two ends has been placed through its end buttons
    # (seed 5 deals one early), and at least three moves.
    while moves < 3 or not ends_chosen:
        wait_for(page, READY)
        assert page.evaluate("document.body.dataset.turn") != "over"
        assert not page.locator("dialog#round-end[open]").count(), "the round ended first"
        no_error_shown(page)
        before = page.evaluate("document.body.dataset.seq")
        two_ends = '.tile-button[data-ends="2"]'
        if page.locator(two_ends).count():
            tab_to(page, two_ends)
            tile = page.evaluate("document.activeElement.dataset.tile")
            low, high = tile.split("-")
            # A tile button is named as the line's description names tiles (B1).
            expect(page.locator(":focus")).to_have_accessible_name(f"[{low}|{high}]")
        else:
            tab_to(
                page,
                ".tile-button[aria-disabled=false], #draw-button:not([disabled]), #pass-button:not([disabled])",
            )
        assert focus_is_visible(page)
        page.keyboard.press("Enter")
        if page.locator(".ends button.end").count():
            # Focus went to the first fitting end, a button named in words (B4).
            assert page.evaluate("document.activeElement.classList.contains('end')")
            label = page.evaluate("document.activeElement.textContent")
            assert any(word in label for word in end_words), label
            page.keyboard.press("Tab")  # the second end
            assert page.evaluate("document.activeElement.classList.contains('end')")
            assert focus_is_visible(page)
            page.keyboard.press("Enter")
            ends_chosen += 1
        wait_for(page, f"document.body.dataset.seq !== {before!r}")
        moves += 1
        assert moves < 40
        wait_for(page, READY)
        if page.evaluate("document.body.dataset.turn") == "yours":
            # A screen reader hears what happened since, then that it is their turn again.
            said = page.text_content("#announce") or ""
            assert said.endswith("Your turn")
            assert page.locator("#log li").last.inner_text() in said
    no_error_shown(page)


# -- Phones ----------------------------------------------------------------------------------


def overflow(page: Page) -> int:
    """How far the page is wider than the screen (0: no horizontal scrolling)."""
    result: int = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return result


# -- Reconnection ----------------------------------------------------------------------------


def test_a_dropped_connection_reconnects_and_resyncs(
    e2e_browser: Browser, e2e_open: Callable[..., Page]
) -> None:
    page = e2e_open("/")
    sockets: list[WebSocketRoute] = []

    def through(ws: WebSocketRoute) -> None:
        ws.connect_to_server()
        sockets.append(ws)

    page.route_web_socket(re.compile(r"/ws/"), through)
    create_table(page)
    wait_for(page, READY)
    assert len(sockets) == 1
    before = page.evaluate("document.body.dataset.seq")
    sockets[0].close()  # the network drops the page's connection
    wait_for(
        page,
        "document.body.dataset.reconnects === '1'"
        " && document.getElementById('connection').dataset.status === 'connected'",
    )
    assert len(sockets) == 2  # a new connection, by itself
    assert page.evaluate("document.body.dataset.seq") == before
    # The resynced page plays on.
    play_draw_move(page)
    wait_for(page, f"document.body.dataset.seq !== {before!r}")
    no_error_shown(page)


# -- Hints, the end of a match, spectators -----------------------------------------------------


class HintAnswers:
    """The page's sockets routed through the test: the ``hint`` answers the server sends are
    counted, and held back from the page while ``holding`` (released by ``release``), so a
    test can make an answer late."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.count = 0
        self.holding = False
        self.held: list[tuple[WebSocketRoute, str | bytes]] = []
        page.route_web_socket(re.compile(r"/ws/"), self.route)

    def route(self, socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()

        def from_server(payload: str | bytes) -> None:
            message = json.loads(payload) if isinstance(payload, str) else None
            if isinstance(message, dict) and message.get("type") == "hint":
                self.count += 1
                if self.holding:
                    self.held.append((socket, payload))
                    return
            socket.send(payload)

        server.on_message(from_server)

    def wait(self, count: int, seconds: float = 30) -> None:
        """Let the page run until the server has sent ``count`` hint answers."""
        deadline = time.monotonic() + seconds
        while self.count < count:
            assert time.monotonic() < deadline, f"{self.count} of {count} after {seconds} s"
            self.page.wait_for_timeout(50)

    def release(self) -> None:
        self.holding = False
        for route, payload in self.held:
            route.send(payload)
        self.held.clear()


def test_the_hint_button_shows_the_servers_ranked_moves(e2e_open: Callable[..., Page]) -> None:
    page = e2e_open("/")
    answers = HintAnswers(page)
    create_table(page)
    wait_for(page, READY)
    page.click("#hint-button")
    page.wait_for_selector("#hints li")
    # Each hint is one of the moves the page offers now, labelled in words.
    offered = set(
        page.evaluate(
            "[...document.querySelectorAll('.tile-button[aria-disabled=false]')]"
            ".map((b) => b.dataset.tile)"
        )
    )
    if page.is_enabled("#draw-button"):
        offered.add("draw")
    hints = page.locator("#hints li")
    assert hints.count() >= 1
    for i in range(hints.count()):
        action = hints.nth(i).get_attribute("data-action") or ""
        assert action.split("@")[0] in offered, action
        assert hints.nth(i).locator("strong").inner_text().strip()
    # Switching the language asks again: the hints come back in Portuguese.
    english = page.locator("#hints li strong").first.inner_text()
    page.select_option("#lang-select", "pt_BR")
    dicas = catalog("pt_BR")["Hints"]
    # Both come: the panel's title and the moves' words (the order of a busy page's renders
    # is not the test's to fix, make test once read the title a render too early).
    wait_for(
        page,
        f"document.querySelector('#hints li strong')?.textContent !== {english!r}"
        f" && document.querySelector('#hints-title')?.textContent === {dicas!r}",
    )
    answers.wait(2)
    page.click("#hints-close")
    assert not page.locator("#hints").count()
    # An answer that comes after the panel was closed (the expert thinks a while; a language
    # switch asked again) is dropped: the panel stays closed (make test once saw it reopen).
    page.click("#hint-button")
    page.wait_for_selector("#hints li")
    answers.holding = True
    page.select_option("#lang-select", "en")
    answers.wait(4)
    page.click("#hints-close")
    answers.release()
    page.wait_for_timeout(300)  # the answer's render, were it not dropped
    assert not page.locator("#hints").count()
    # Asked again, the hints come.
    page.click("#hint-button")
    page.wait_for_selector("#hints li")


def test_a_spectator_sees_the_line_and_the_scores_but_no_hand(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/")
    create_table(page)
    wait_for(page, READY)
    play_draw_move(page)
    wait_for(page, READY)
    table = page.url.split("#")[0].split("/t/")[1]
    watcher = e2e_open(f"/t/{table}")
    watcher.wait_for_selector("#turn")
    assert "You are watching this table." in watcher.inner_text("main")
    assert watcher.locator(".tile-button").count() == 0
    assert watcher.locator("#hand-title").count() == 0
    # The same line as the player's, described the same way.
    assert watcher.text_content(".line svg desc") == page.text_content(".line svg desc")


def test_a_second_person_joins_from_the_open_tables_and_both_see_each_move(
    e2e_open: Callable[..., Page],
) -> None:
    ana = e2e_open("/")
    open_setup(ana)
    ana.select_option("#players", "3")
    ana.select_option("#seat-1-kind", "human")
    ana.select_option("#seat-2-level", "beginner")
    create_table(ana, public=True)
    table = ana.url.split("#")[0].split("/t/")[1]

    bo = e2e_open("/")
    bo.fill("#me-name", "Bo")
    bo.click("#refresh")
    listed = bo.locator(f'.table-item[data-table="{table}"]')
    listed.wait_for()
    # Only the free human seat has a Join button: Ana's is taken and seat 3 is a bot.
    assert listed.locator("button.join").count() == 1
    listed.locator("button.join").click()
    # The table's page asks for the name (the one given in the lobby is there), then seats.
    bo.wait_for_selector("#claim-form")
    assert bo.input_value("#claim-name") == "Bo"
    bo.click("#claim-button")
    bo.wait_for_url(re.compile(rf"/t/{re.escape(table)}$"))  # no key left in the address
    bo.wait_for_selector("#turn")
    assert "Bo (you)" in bo.inner_text("#players")
    wait_for(ana, "document.querySelector('#players').textContent.includes('Bo')")

    # Whoever's turn it is moves; the other page shows the same position after it.
    pages = {0: ana, 1: bo}
    moved: set[int] = set()
    for _ in range(12):
        # Wait (on Ana's page) until a person is to move: the bot at seat 3 moves by itself.
        wait_for(
            ana,
            "['0', '1'].includes(document.querySelector('#players .current')?.dataset.seat)"
            " || document.querySelector('dialog#round-end[open]')",
        )
        if ana.locator("dialog#round-end[open]").count():
            break
        seat = int(ana.get_attribute("#players .current", "data-seat") or -1)
        mover, other = pages[seat], pages[1 - seat]
        wait_for(mover, READY)
        play_draw_move(mover)
        moved.add(seat)
        wait_for(mover, "document.body.dataset.pending === 'false'")  # answered
        seq = mover.evaluate("Number(document.body.dataset.seq.split(':')[1])")
        wait_for(other, f"Number(document.body.dataset.seq.split(':')[1]) >= {seq}")
        if moved == {0, 1}:
            break
    assert moved == {0, 1}
    # Once a person is to move, the table waits: both pages show the same line.
    wait_for(
        ana,
        "['0', '1'].includes(document.querySelector('#players .current')?.dataset.seat)"
        " && document.body.dataset.pending === 'false'",
    )
    seq = ana.evaluate("document.body.dataset.seq")
    wait_for(bo, f"document.body.dataset.seq === {seq!r}")
    assert ana.text_content(".line svg desc") == bo.text_content(".line svg desc")


def test_leaving_a_seat_frees_it_in_the_lobby_and_the_old_link_stops_working(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/")
    create_table(page, public=True)
    table = page.evaluate("location.pathname").split("/t/")[1]
    key = page.evaluate(f"JSON.parse(localStorage.getItem('pegboard.seat.{table}'))")
    old_link = f"t/{table}#seat={key['seat']}&token={key['token']}"
    page.click("#leave-button")
    page.click("#leave-confirm-button")  # Leave asks first
    page.wait_for_url(re.compile(r"/$"))
    listed = page.locator(f'.table-item[data-table="{table}"]')
    listed.wait_for()
    assert listed.locator("button.join").count() == 1  # the seat is free again

    stale = e2e_open("/" + old_link)
    wait_for(stale, "document.getElementById('connection').dataset.status === 'closed'")
    assert stale.inner_text("#errors").strip()  # said, in the aria-live region
    assert stale.evaluate("document.body.dataset.reconnects") is None  # no retrying
    assert stale.locator(".tile-button").count() == 0


def play_cribbage_move(page: Page) -> str:
    """One move by clicking: the first two cards to the crib, else the first card that can
    be played, else Go."""
    if page.locator("#discard-button").count():
        first, second = (
            page.locator(".card-button").nth(i).get_attribute("data-card") for i in (0, 1)
        )
        page.click(f'.card-button[data-card="{first}"]')
        page.click(f'.card-button[data-card="{second}"]')
        page.click("#discard-button")
        return f"discard {first} {second}"
    playable = page.locator(".card-button[aria-disabled=false]")
    if playable.count():
        card = playable.first.get_attribute("data-card")
        playable.first.click()
        return f"play {card}"
    if not page.locator("#go-button").count():
        # The page changed between the looks (a state came in: the show's dialog, the
        # language asked for): the caller waits for it and looks again.
        return "looked again"
    page.click("#go-button")
    return "go"


def test_c2_keyboard_alone_lays_two_cards_in_the_crib_and_plays_a_card(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/")
    tab_to(page, "#setup-summary")
    page.keyboard.press("Enter")  # the full set-up opens
    tab_to(page, "#game-draw")  # the game's radio group: arrows choose within it
    page.keyboard.press("ArrowRight")
    assert page.is_checked("#game-cribbage")
    tab_to(page, "#create")
    page.keyboard.press("Enter")
    page.wait_for_selector("#discard-button")
    wait_for(page, READY)
    for _ in range(2):  # two cards picked, each with the keyboard (aria-pressed)
        tab_to(page, '.card-button[aria-pressed="false"]')
        assert focus_is_visible(page)
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.getAttribute('aria-pressed')") == "true"
    tab_to(page, "#discard-button:not([disabled])")
    before = page.evaluate("document.body.dataset.seq")
    page.keyboard.press("Enter")
    wait_for(page, f"document.body.dataset.seq !== {before!r}")
    assert page.locator("#discard-button").count() == 0
    wait_for(page, READY)
    if page.locator(".card-button[aria-disabled=false]").count():
        tab_to(page, ".card-button[aria-disabled=false]")
        before = page.evaluate("document.body.dataset.seq")
        page.keyboard.press("Enter")
        wait_for(page, f"document.body.dataset.seq !== {before!r}")
    no_error_shown(page)
    assert "You lay" in page.inner_text("#log")


def card_words(card: Card) -> str:
    """A card named in English words, as a screen reader should hear it."""
    ranks = {1: "Ace", 11: "Jack", 12: "Queen", 13: "King"}
    suits = {"H": "hearts", "D": "diamonds", "C": "clubs", "S": "spades"}
    rank = str(card)[:-1]
    return f"{ranks.get(card.rank, rank)} of {suits[str(card)[-1]]}"


def test_a_render_keeps_the_set_up_open_as_the_player_just_opened_it(
    e2e_open: Callable[..., Page],
) -> None:
    """The set-up opened a moment ago has not told its "toggle" yet (a queued event): a
    render in between (a choice in the form, the player's name loaded) kept it open, not
    closed under the player's keyboard (``make test`` once saw Tab never reach #create)."""
    page = e2e_open("/")
    still_open = page.evaluate(
        """() => {
          const setup = document.getElementById("setup-more");
          setup.open = true;  // as Enter on its summary does; "toggle" comes later
          const choice = setup.querySelector("select");
          choice.dispatchEvent(new Event("change"));  // a render, at once
          return document.getElementById("setup-more").open;
        }"""
    )
    assert still_open


def test_a_table_whose_language_is_switched_at_once_draws_its_game_with_its_own_module(
    e2e_open: Callable[..., Page],
) -> None:
    """The games' list asked in English is overtaken by the switch to Portuguese and comes
    first: the table still draws cribbage with cribbage's page module (CI saw a day's deal
    drawn by the generic module, every discard a button, after the switch at once)."""
    page = e2e_open("/")
    create_table(page, game="cribbage")
    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)  # every list waits for the test

    page.route(re.compile(r"/api/games\?"), hold)
    page.reload()
    page.wait_for_selector("body[data-ready=true]")
    wait_for_count = time.monotonic() + WAIT_MS / 1000
    while not held and time.monotonic() < wait_for_count:
        page.wait_for_timeout(20)
    page.select_option("#lang-select", "pt_BR")
    while len(held) < 2 and time.monotonic() < wait_for_count:
        page.wait_for_timeout(20)
    assert [("lang=en" in r.request.url, "lang=pt" in r.request.url) for r in held] == [
        (True, False),
        (False, True),
    ]
    for route in held:  # the English list first, then the Portuguese
        route.continue_()
        page.wait_for_timeout(100)
    page.unroute(re.compile(r"/api/games\?"))
    page.wait_for_selector("#discard-button")  # cribbage's own lay-away, not a button a pair
    wait_for(page, "document.documentElement.lang.startsWith('pt')")
    assert page.locator(".card-button").count() == 6
