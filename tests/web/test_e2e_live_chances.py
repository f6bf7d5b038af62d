"""End to end, every seat's chance of winning on a live table (issue 37): a spectator of an
unrated Draw table switches "Chances of winning" on and sees each seat's chance, in words,
change with the moves; axe finds nothing; a rated table offers no switch. Debian's
Chromium, as in ``test_e2e``; the player moves over the WebSocket against a bot."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from contextlib import ExitStack

import httpx
from playwright.sync_api import Page

from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.real_socket import RealClient
from tests.web.test_e2e import (  # the browser tests' own set-up
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

SHOWN = "document.querySelector('#live-chances')"


def move(ana: RealClient, rng: random.Random) -> None:
    """Seat 0's next move (random, legal), once it is its turn (the bot answers at once)."""
    ana.until(lambda state: state["view"]["is_over"] or state["view"]["your_turn"])
    seq = ana.state["seq"]
    action = rng.choice(ana.state["view"]["legal"])["action"]
    ana.socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))
    ana.until(lambda state: state["seq"] > seq)


def test_a_spectator_switches_the_chances_on_and_sees_them_change_with_the_moves(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]
    body = {"game": "draw", "players": 2, "target": 30, "seats": seats}
    made = httpx.post(f"{e2e_base_url}/api/tables", json=body, timeout=30).json()
    with ExitStack() as sockets:
        ana = RealClient(sockets, e2e_base_url, made["table"], 0, made["seats"][0]["token"])
        page = e2e_open(f"/t/{made['table']}")
        page.wait_for_selector("#chances-toggle")
        assert page.get_attribute("#chances-toggle", "aria-pressed") == "false"
        assert page.locator("#live-chances").count() == 0
        page.click("#chances-toggle")
        assert page.get_attribute("#chances-toggle", "aria-pressed") == "true"
        wait_for(page, f"{SHOWN} && {SHOWN}.dataset.current === 'true'")
        first = page.inner_text("#live-chances")
        assert first.startswith("Chances of winning, from what everyone sees:")
        assert "Ana" in first and "%" in first
        assert page.get_attribute("#live-chances", "aria-live") == "polite"
        seen = {first}
        rng = random.Random(3)
        for _ in range(8):
            move(ana, rng)
            seq = ana.state["seq"]
            wait_for(
                page,
                f"Number({SHOWN}.dataset.seq) >= {seq} && {SHOWN}.dataset.current === 'true'",
            )
            seen.add(page.inner_text("#live-chances"))
        assert len(seen) > 2  # the chances moved with the moves
        assert axe_violations(page) == []
        page.screenshot(path="/tmp/live-chances-desktop.png", full_page=True)
        phone = e2e_open(f"/t/{made['table']}", width=390, height=844)
        phone.click("#chances-toggle")
        wait_for(phone, f"{SHOWN} && {SHOWN}.dataset.current === 'true'")
        assert horizontal_overflow(phone) <= 0
        phone.screenshot(path="/tmp/live-chances-phone.png", full_page=True)
        assert axe_violations(phone) == []
        # Off: the line goes.
        page.click("#chances-toggle")
        assert page.locator("#live-chances").count() == 0


def test_a_rated_table_offers_no_chances_switch(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]
    body = {"game": "draw", "players": 2, "seats": seats, "rated": True}
    made = httpx.post(f"{e2e_base_url}/api/tables", json=body, timeout=30).json()
    page = e2e_open(f"/t/{made['table']}")
    page.wait_for_selector("#sound-toggle")
    assert page.locator("#chances-toggle").count() == 0
