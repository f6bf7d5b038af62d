"""End to end, the lobby (issue 35, defects 3 and 4): play starts in one click, the full
set-up is one step away with its options in words, choices that cannot go together cannot
be chosen, one name field, and only the levels for people. Debian's Chromium, as in
``test_e2e``; one page per test, small seeded deals."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
from playwright.sync_api import Page

from pegboard import games
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    open_setup,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

RESEARCH = ("random", "greedy", "pimc", "ismcts")


def test_play_opens_the_table_at_once_against_the_expert(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    page = e2e_open("/", seed=5)
    assert page.locator("#site-lead").inner_text().strip()  # says what the site is
    page.click("#play-draw")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))
    page.wait_for_selector("#turn")
    wait_for(page, READY)
    # The table itself, the player seated: no invitation panel, no seat to take.
    assert page.locator("#take-seat, #created-title, #claim").count() == 0
    table = page.url.split("#")[0].split("/t/")[1]
    summary = httpx.get(f"{e2e_base_url}/api/tables/{table}").json()
    assert [seat.get("level") for seat in summary["seats"]] == [None, "expert"]
    assert page.evaluate("document.body.dataset.turn") in ("yours", "theirs", "over")


def test_one_click_chooses_another_level(e2e_open: Callable[..., Page], e2e_base_url: str) -> None:
    page = e2e_open("/", seed=6)
    offered = page.eval_on_selector_all(
        "input[name=quick-level]", "inputs => inputs.map((i) => i.value)"
    )
    assert offered == list(games.PEOPLE_LEVELS)  # no research level
    assert page.is_checked("#level-expert")
    page.click("#level-beginner")
    page.click("#play-cribbage")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))
    page.wait_for_selector("#turn")
    table = page.url.split("#")[0].split("/t/")[1]
    summary = httpx.get(f"{e2e_base_url}/api/tables/{table}").json()
    assert [seat.get("level") for seat in summary["seats"]] == [None, "beginner"]


def test_the_full_set_up_is_one_step_away_in_words(e2e_open: Callable[..., Page]) -> None:
    page = e2e_open("/")
    assert not page.is_visible("#create")  # one step away: the disclosure
    # One name field in the whole lobby.
    names = page.locator("input[autocomplete=nickname]")
    assert names.count() == 1
    open_setup(page)
    page.check("#game-all-fives")
    form = page.locator("#create-form")
    text = form.inner_text()
    assert not re.search(r"\([A-Z]\d+\)", text), text  # no rule codes
    for select in ("#partnerships", "#reserve", "#by-fives"):
        labels = page.eval_on_selector_all(
            f"{select} option", "options => options.map((o) => o.textContent.trim())"
        )
        assert labels and not any(re.fullmatch(r"\d+", label) for label in labels), labels
    assert "61 points" in form.inner_text()
    # A bot seat's levels are the levels for people only.
    levels = page.eval_on_selector_all(
        "#seat-1-level option", "options => options.map((o) => o.value)"
    )
    assert levels == list(games.PEOPLE_LEVELS)
    assert not set(levels) & set(RESEARCH)


def test_rated_cannot_go_with_a_bot_or_hints(e2e_open: Callable[..., Page]) -> None:
    page = e2e_open("/")
    open_setup(page)
    page.check("#game-draw")
    # You and a bot: rated is disabled, and says why.
    assert page.is_disabled("#table-rated")
    assert "bot" in page.inner_text(".choices.rated").lower()
    # Two people: rated may be chosen; then hints may not (and the other way round).
    page.select_option("#seat-1-kind", "human")
    assert page.is_enabled("#table-rated")
    page.check("#allow-hints")
    assert page.is_disabled("#table-rated")
    assert "hints" in page.inner_text(".choices.rated").lower()
    page.uncheck("#allow-hints")
    page.check("#table-rated")
    assert page.is_disabled("#allow-hints")
    # Checkboxes sit beside their labels: the box and its words on one line.
    box = page.locator("#table-rated").bounding_box()
    words = page.locator(".choices.rated label").bounding_box()
    assert box is not None and words is not None
    assert box["height"] < 40 and abs(box["y"] - words["y"]) < 20
