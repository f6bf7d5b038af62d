"""End to end, the replay page as a viewer (issue 35, defect 7): a finished match's replay
steps without reloading the page, by its buttons and keys, keeps the position in the
address (``#N`` opens position N), plays itself and stops at the end, jumps to a round,
draws cribbage's cards as the table does (5♥, never ``8S``), keeps the line's
description for screen readers only, and fits a phone. Debian's Chromium, as in
``test_e2e``; the matches are played over the WebSocket against a bot (no browser)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import httpx
import pytest
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

CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9AJQK])[SHDC](?![A-Za-z0-9])")


def finished_match(base: str, body: dict[str, Any], seed: int) -> str:
    """A match of ``body`` played to its end by seat 0 (random legal moves) against a
    random bot over the WebSocket: its address ``TABLE-1``."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]
    made = httpx.post(f"{base}/api/tables", json={**body, "seats": seats}, timeout=30).json()
    rng = random.Random(seed)
    with ExitStack() as sockets:
        ana = RealClient(sockets, base, made["table"], 0, made["seats"][0]["token"])
        while True:
            ana.until(lambda state: state["view"]["is_over"] or state["view"]["your_turn"])
            view = ana.state["view"]
            if view["is_over"]:
                break
            seq = ana.state["seq"]
            action = rng.choice(view["legal"])["action"]
            ana.socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))
            ana.until(lambda state, seq=seq: state["seq"] > seq)
    return f"{made['table']}-1"


@pytest.fixture(scope="module")
def matches(e2e_base_url: str) -> dict[str, str]:
    """A Draw match of a few rounds and a game of cribbage, finished."""
    return {
        "draw": finished_match(e2e_base_url, {"game": "draw", "players": 2, "target": 30}, 1),
        "cribbage": finished_match(e2e_base_url, {"game": "cribbage", "best_of": 1}, 2),
    }


def at_of(page: Page) -> int:
    return int(page.get_attribute("#replay-at", "data-at") or -1)


def wait_at(page: Page, at: int) -> None:
    """Until the viewer shows position ``at`` (drawn: its counter says so)."""
    wait_for(page, f"document.querySelector('#replay-at').dataset.at === '{at}'")


def test_the_replay_steps_without_reloading_by_keys_address_autoplay_and_rounds(
    e2e_open: Callable[..., Page], matches: dict[str, str]
) -> None:
    page = e2e_open(f"/m/{matches['draw']}#5")
    wait_at(page, 5)  # the address's position, not the last
    moves = int(page.get_attribute("#replay-at", "data-moves") or 0)
    assert moves > 20
    # Stepping never reloads the page: a mark left on the window survives ten steps.
    page.evaluate("window.replayMark = 'still here'")
    for step in range(10):
        page.keyboard.press("ArrowRight")
        wait_at(page, 6 + step)
    assert page.evaluate("window.replayMark") == "still here"
    assert page.evaluate("location.hash") == "#15"  # the address follows the viewer
    page.keyboard.press("ArrowLeft")
    wait_at(page, 14)
    page.click("#replay-forward")
    wait_at(page, 15)
    page.keyboard.press("End")
    wait_at(page, moves)
    page.keyboard.press("Home")
    wait_at(page, 0)
    assert page.evaluate("window.replayMark") == "still here"

    # The board is the table's: the line drawn, every hand's tiles drawn and named.
    page.keyboard.press("End")
    wait_at(page, moves)
    assert page.locator("#replay-board #line svg").count() == 1
    chips = page.locator("#replay-hands .tile-chip")
    assert chips.count() > 0
    assert re.fullmatch(r"\[\d\|\d\]", chips.first.get_attribute("aria-label") or "")
    # The line's description is for screen readers: in the accessibility tree, not shown.
    description = page.locator("#replay-description")
    box = description.bounding_box()
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    words = description.inner_text().split(".")[0]
    assert words and words in page.locator("#replay").aria_snapshot()

    # A round to jump to: the list's third round opens where that round starts.
    rounds = page.locator("#replay-parts a")
    assert rounds.count() >= 3
    third = rounds.nth(2)
    start = int(third.get_attribute("data-at") or -1)
    third.click()
    wait_at(page, start)
    assert third.get_attribute("aria-current") == "true"
    assert page.evaluate("location.hash") == f"#{start}"
    assert page.evaluate("window.replayMark") == "still here"

    # Autoplay goes on by itself and stops at the last move.
    page.select_option("#replay-speed", label="4×")
    page.evaluate(f"location.hash = '#{moves - 3}'")
    wait_at(page, moves - 3)
    page.locator("h1").click()  # the space is the page's, not a button's
    page.keyboard.press(" ")
    wait_for(page, "document.querySelector('#replay').dataset.playing === 'true'")
    wait_at(page, moves)
    wait_for(page, "document.querySelector('#replay').dataset.playing === 'false'")
    assert page.get_attribute("#replay-play", "aria-pressed") == "false"
    assert page.evaluate("window.replayMark") == "still here"
    assert axe_violations(page) == []


def test_the_replay_draws_cards_as_the_table_and_fits_a_phone(
    e2e_open: Callable[..., Page], matches: dict[str, str]
) -> None:
    # Move 3: the crib laid, the first card played: most of both hands still held.
    page = e2e_open(f"/m/{matches['cribbage']}#3", width=390, height=844)
    wait_at(page, 3)
    hands = page.locator("#replay-hands .card-chip")
    assert hands.count() >= 6
    shown = page.inner_text("#replay")
    assert CARD_CODE.findall(shown) == []  # never 8S: cards as the table draws them
    red = page.locator("#replay-hands .card-face.red")
    assert red.count() > 0 and re.search("[♥♦]", red.first.inner_text())
    label = hands.first.get_attribute("aria-label") or ""
    assert " of " in label  # named in words for screen readers ("King of hearts")
    assert horizontal_overflow(page) <= 0
    page.keyboard.press("End")
    wait_at(page, int(page.get_attribute("#replay-at", "data-moves") or 0))
    assert CARD_CODE.findall(page.inner_text("#replay")) == []
    assert horizontal_overflow(page) <= 0
    assert axe_violations(page) == []
    # Draw's long line at the end of a match fits the phone too (its box scrolls, not the page).
    page.goto(page.url.replace(matches["cribbage"], matches["draw"]).split("#")[0] + "#9999")
    page.wait_for_selector("body[data-ready=true]")
    wait_at(page, int(page.get_attribute("#replay-at", "data-moves") or 0))
    assert horizontal_overflow(page) <= 0
