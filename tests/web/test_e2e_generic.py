"""End to end, a game the page has never heard of: a real ``pegboard serve`` subprocess
that finds the test-only toy ``tricks`` as a plug-in (``PEGBOARD_GAMES``), and a person in
Debian's Chromium who picks it in the lobby, built from ``GET /api/games``, and plays it to
the end on the generic page (the observation as text, the moves as buttons) with the toy's
own page module over it (tests/games/toy/looks/static/tricks.js), by keyboard first,
against the toy's bot, never shown a card of the bot's hand or of the stock."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

import pegboard.games
from pegboard.games import ENVIRONMENT, Game
from pegboard.web.db import make_engine
from pegboard.web.store import Store
from tests.games import toy
from tests.web.conftest import Server
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    WAIT_MS,
    Errors,
    create_table,
    e2e_browser,
    no_error_shown,
    open_setup,
    shot,
    tab_to,
    wait_for,
)

__all__ = ["e2e_browser"]  # a fixture this module uses

ROOT = Path(__file__).resolve().parents[2]
CARD = re.compile(r"(?<![A-Za-z0-9_-])C[1-9](?![0-9])")


@pytest.fixture
def tricks_server(toy_game: Game, tmp_path: Path) -> Iterator[tuple[Server, Store]]:
    """The real server with the toy as a plug-in, and its database (read by this test)."""
    url = f"sqlite:///{tmp_path / 'pegboard.db'}"
    path = os.pathsep.join(
        filter(None, [str(ROOT / "src"), str(ROOT), os.environ.get("PYTHONPATH")])
    )
    server = Server(url, tmp_path, env={ENVIRONMENT: "tests.games.toy:plug_in", "PYTHONPATH": path})
    engine = make_engine(url)
    try:
        yield server, Store(engine)
    finally:
        server.kill()
        engine.dispose()


def position(store: Store, page: Page) -> tuple[int, toy.TricksMatch]:
    """The toy's full position the page shows (its seq), replayed from the server's log."""
    table_id = page.url.split("/t/")[1].split("#")[0]
    record = store.load_table(table_id)
    assert record is not None
    seq = int(page.evaluate("document.body.dataset.seq").split(":")[1])
    log = [(seat, action) for _n, seat, action in store.log(table_id, record.match_number)]
    return seq, pegboard.games.get("tricks").replay(record.config, record.seed, log[:seq])


def test_t4_a_person_plays_tricks_on_the_generic_page_of_a_real_server(
    e2e_browser: Browser, tricks_server: tuple[Server, Store]
) -> None:
    server, store = tricks_server
    errors = Errors()
    context = e2e_browser.new_context(viewport={"width": 1100, "height": 900}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    try:
        page = context.new_page()
        errors.watch(page)
        page.goto(server.base + "/")
        page.wait_for_selector("body[data-ready=true]")
        # The lobby offers the plug-in game by its display name, with its own option.
        open_setup(page)
        expect(page.locator("label:has(#game-tricks)")).to_have_text("Tricks")
        page.check("#game-tricks")
        assert page.locator("#players").count() == 0  # two seats, no choice (T1)
        hand_choices = page.locator("#hand option").all_inner_texts()
        assert hand_choices == ["1", "2", "3", "4"]
        levels = [o.get_attribute("value") for o in page.locator("#seat-1-level option").all()]
        assert levels == ["random", "high"]
        page.select_option("#hand", "4")
        create_table(page, game="tricks")
        moves = 0
        while True:
            wait_for(page, READY)
            no_error_shown(page)
            seq, match = position(store, page)
            shown = set(CARD.findall(page.inner_text("main")))
            assert not shown & toy.hidden_from(match, 0), (seq, shown)
            if page.evaluate("document.body.dataset.turn") == "over":
                break
            expect(page.locator("#observation")).to_contain_text("hand")
            before = page.evaluate("document.body.dataset.seq")
            if moves == 0:  # the keyboard alone plays the first card
                tab_to(page, ".action-button")
                page.keyboard.press("Enter")
            else:
                page.locator(".action-button").first.click()
            wait_for(page, f"document.body.dataset.seq !== {before!r}")
            moves += 1
        shot(page, "tricks-match-over")
        assert moves == 4
        assert "Match over" in page.inner_text("#turn")
        log = page.inner_text("#log")
        assert log.count("Ana lays C") == 4 and log.count("takes the trick") == 4
        scores = [
            int(t.rsplit(": ", 1)[1]) for t in page.locator("#players .score").all_inner_texts()
        ]
        assert sum(scores) == 4  # a point a trick (T4)
        # The toy's own page module (tests/games/toy/looks/static/tricks.js) draws a star
        # per trick beside each player: the generic page with a game's own part over it.
        stars = page.locator("#players .tricks-won").all_inner_texts()
        assert len(stars) == 2 and "".join(stars) == "★" * 4
        assert page.locator("#again-button").count() == 1
        assert "Tricks" in page.title()
    finally:
        context.close()
    assert errors.items == []
