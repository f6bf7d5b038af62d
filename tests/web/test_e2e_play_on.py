"""End to end, play on from a replay's position (issue 36, ``static/play_on.js``): at a
middle position of a finished Draw match, "What would the expert do?" shows the expert's
best few for the seat to act, each a legal move of that seat drawn as the table's hints
draw it, in the page's language (never the engine's notation); "Play on from here" makes
a new table from that position and takes the person to it, seated: the same hand and the
same scores as the replay showed, and the person moves. A Chinese page on a phone and an
English one on a desktop; axe finds no violation. One finished match, one new table."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Page

from pegboard.web.messages import catalog
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    play_draw_move,
    wait_for,
)
from tests.web.test_e2e_replay_viewer import finished_match

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

SHOTS = Path("/tmp/reports-labels-shots")
NOTATION = re.compile(r"\d-\d|@|\bdraw\b|\bpass\b")
"""The engine's notation of a Draw move (``2-3@1-2H``, ``draw``, ``pass``)."""


def middle_position(base: str, match: str) -> tuple[int, dict[str, Any]]:
    """A position near the middle of ``match`` where seat 0 is to act (the match not over
    there, seat 0 holding tiles), and that position as the replay gives it."""
    moves = httpx.get(f"{base}/api/matches/{match}/positions?count=1").json()["moves"]
    for start in range(moves // 2, moves, 24):
        batch = httpx.get(f"{base}/api/matches/{match}/positions?from={start}").json()
        for position in batch["positions"]:
            view = position["view"]
            if view["current"] == 0 and not view["is_over"] and position["hands"][0]:
                return int(position["at"]), position
    raise AssertionError("no position with seat 0 to act after the middle")


def scores_shown(page: Page, selector: str) -> list[int]:
    return [int(re.findall(r"\d+", text)[-1]) for text in page.locator(selector).all_inner_texts()]


def test_the_expert_answers_and_play_on_continues_from_the_replays_position(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    match = finished_match(e2e_base_url, {"game": "draw", "players": 2, "target": 30}, 1)
    at, position = middle_position(e2e_base_url, match)
    hand = position["hands"][0]
    SHOTS.mkdir(parents=True, exist_ok=True)

    for lang, (width, height) in (("en", (1280, 900)), ("zh", (390, 844))):
        say = catalog(lang)
        page = e2e_open(f"/m/{match}?lang={lang}#{at}", width=width, height=height)
        wait_for(page, f"document.querySelector('#replay-at').dataset.at === '{at}'")
        assert page.inner_text("#play-on-button") == say.get(
            "Play on from here", "Play on from here"
        )
        assert page.input_value("#play-on-seat") == "0"  # the seat to act, by default
        page.focus("#expert-button")
        page.keyboard.press("Enter")  # the keyboard alone asks
        wait_for(page, "document.querySelectorAll('#expert-hints li').length > 0")
        hints = page.locator("#expert-hints li")
        assert 1 <= hints.count() <= 3
        for item in hints.all():
            action = item.get_attribute("data-action") or ""
            # A legal move of seat 0 there: a tile of its hand, or draw or pass.
            assert action.split("@")[0] in hand or action in ("draw", "pass"), action
            move = item.locator(".hint-move")
            if action not in ("draw", "pass"):  # the tile drawn, named for screen readers
                assert move.locator(f'.tile-chip[data-tile="{action.split("@")[0]}"]').count()
            if lang != "en":
                assert not NOTATION.search(move.inner_text()), move.inner_text()
        assert page.evaluate("document.activeElement.id") == "expert-title"
        page.locator("#play-on").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"expert-{lang}-{width}.png"))
        if width < 600:
            assert horizontal_overflow(page) <= 0
        assert axe_violations(page) == []

    # Play on: a new table from that position, the person at seat 0 and to move.
    page.click("#play-on-button")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))
    page.wait_for_selector("#turn")
    wait_for(page, "document.querySelectorAll('.hand .tile-button').length > 0")
    tiles = page.locator(".hand .tile-button").evaluate_all("bs => bs.map(b => b.dataset.tile)")
    assert sorted(tiles) == sorted(hand)
    assert scores_shown(page, ".players .player .score") == position["view"]["scores"]
    logged = page.locator("#log li").count()
    play_draw_move(page)
    # The move is taken: the log says it (and the bot's answer, at once).
    wait_for(page, f"document.querySelectorAll('#log li').length > {logged}")
    page.screenshot(path=str(SHOTS / "played-on-zh-390.png"))
