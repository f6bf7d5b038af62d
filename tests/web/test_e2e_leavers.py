"""End to end, leavers (issue 13, acceptance: "an away player's seat is handed to a bot and
taken back"): Ana and Bo play Draw at a private table; Bo's browser closes; Ana's page
counts his grace time down, then offers "Hand to a bot", which she presses by keyboard; a
bot plays Bo's seat; Bo comes back (a new browser context with his storage: the seat's key)
and takes his seat back, and the next move of his seat is his own. Debian's Chromium, as
in ``test_e2e``, on a server whose grace time is short (``create_app(grace=...)``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from pegboard.web.app import create_app
from pegboard.web.db import make_engine
from pegboard.web.store import Store
from tests.web.conftest import PLAY_LIMITS, port_in
from tests.web.page_checks import axe_violations
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    WAIT_MS,
    Seeds,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    open_setup,
    play_draw_move,
    served_in_thread,
    wait_for,
)

__all__ = ["e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

GRACE = 4.0
"""Seconds: the grace time of this module's server (a real server's is 120)."""
PORTS = range(8621, 8630)
"""The loopback ports this module's server may take (the first one free)."""


@pytest.fixture(scope="module")
def e2e_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("e2e-leavers") / "pegboard.db"


@pytest.fixture(scope="module")
def e2e_base_url(e2e_database: Path, e2e_seeds: Seeds) -> Iterator[str]:
    """This module's server: as ``test_e2e``'s, with a grace time of ``GRACE`` seconds."""
    app = create_app(
        f"sqlite:///{e2e_database}",
        bot_delay=0,
        seed_source=e2e_seeds,
        limits=PLAY_LIMITS,
        grace=GRACE,
    )
    yield from served_in_thread(app, port_in(PORTS))


def seat_moves(database: Path, table_id: str, seat: int) -> list[int]:
    """The seqs of the moves of ``seat`` in the table's first match, as committed."""
    store = Store(make_engine(f"sqlite:///{database}"))
    try:
        return [seq for seq, by, _action in store.log(table_id, 1) if by == seat]
    finally:
        store.engine.dispose()


def test_l5_an_away_player_s_seat_is_handed_to_a_bot_and_taken_back(
    e2e_open: Callable[..., Page], e2e_browser: Browser, e2e_base_url: str, e2e_database: Path
) -> None:
    ana = e2e_open("/", seed=7)
    ana.fill("#me-name", "Ana")
    open_setup(ana)
    ana.check("#game-draw")
    ana.select_option("#players", "2")
    ana.select_option("#seat-1-kind", "human")
    ana.click("#create")
    ana.wait_for_selector("#invite-1")
    link = ana.input_value("#invite-1")
    ana.click("#take-seat")
    ana.wait_for_selector("#turn")
    table_id = ana.url.split("#")[0].split("/t/")[1]

    bo = e2e_open("/" + link.split("127.0.0.1:")[1].split("/", 1)[1])
    bo.wait_for_selector("#claim-form")
    bo.fill("#claim-name", "Bo")
    bo.click("#claim-button")
    bo.wait_for_selector("#turn")
    kept = bo.context.storage_state()  # Bo's browser: the seat's key in its storage
    bo.context.close()

    # Ana sees Bo away, and how long before she may act; then the button.
    away = '#players [data-seat="1"] .presence.away'
    ana.wait_for_selector(away)
    assert re.fullmatch(r"Away, 0:0[0-4] left", ana.inner_text(away)), ana.inner_text(away)
    button = ana.get_by_role("button", name="Hand to a bot: Bo")
    button.wait_for()
    assert re.fullmatch(r"Away for \d+:\d\d", ana.inner_text(away))
    assert axe_violations(ana) == []
    before = len(seat_moves(e2e_database, table_id, 1))
    button.focus()  # by keyboard
    ana.keyboard.press("Enter")
    stand_in = '#players [data-seat="1"] .presence.stand-in'
    ana.wait_for_selector(stand_in)
    assert ana.inner_text(stand_in) == "Away: Expert bot plays for them"
    assert ana.locator("#leaver-1").count() == 0

    # The bot plays Bo's seat: Ana plays on until it has moved for him.
    while len(seat_moves(e2e_database, table_id, 1)) == before:
        wait_for(ana, READY + " || document.querySelector('dialog#round-end[open]')")
        if ana.locator("dialog#round-end[open]").count():
            break
        if ana.evaluate("document.body.dataset.turn") == "yours":
            play_draw_move(ana)
            wait_for(ana, "document.body.dataset.pending === 'false'")
        else:
            ana.wait_for_timeout(50)
    assert len(seat_moves(e2e_database, table_id, 1)) > before

    # Bo comes back the next day: a new browser context with his storage.
    context = e2e_browser.new_context(
        viewport={"width": 1100, "height": 900}, locale="en-US", storage_state=kept
    )
    context.set_default_timeout(WAIT_MS)
    try:
        back = context.new_page()
        e2e_open.errors.watch(back)  # type: ignore[attr-defined]
        back.goto(f"{e2e_base_url}/t/{table_id}")
        back.wait_for_selector("#turn")
        assert "Bo (you)" in back.inner_text("#players")
        ana.wait_for_selector('#players [data-seat="1"] .presence.here')
        assert ana.locator(stand_in).count() == 0
        taken_back = len(seat_moves(e2e_database, table_id, 1))
        # The next move of Bo's seat is Bo's own: the bot plays no more.
        for _ in range(40):
            wait_for(
                back,
                "['yours', 'other', 'over'].includes(document.body.dataset.turn)"
                " && document.body.dataset.pending === 'false'",
            )
            if back.locator("dialog#round-end[open]").count():
                break
            if back.evaluate("document.body.dataset.turn") == "yours":
                assert len(seat_moves(e2e_database, table_id, 1)) == taken_back
                seq = back.evaluate("document.body.dataset.seq")
                play_draw_move(back)
                wait_for(back, f"document.body.dataset.seq !== {seq!r}")
                assert len(seat_moves(e2e_database, table_id, 1)) == taken_back + 1
                break
            if ana.evaluate("document.body.dataset.turn") == "yours":
                play_draw_move(ana)
                wait_for(ana, "document.body.dataset.pending === 'false'")
            else:
                back.wait_for_timeout(50)
        else:
            pytest.fail("Bo's seat never came to move")
    finally:
        context.close()
