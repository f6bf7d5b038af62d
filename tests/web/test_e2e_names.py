"""End to end, one name per player (issue 35, defect 1): every seat has one display name,
and the card, the log, the end-of-round dialog, the match's end, the lobby's list and the
replay all say it; bots at one table have names of their own (a name per seat, the level
beside it), and a partner's card says so. Debian's Chromium, as in ``test_e2e``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pegboard.bots import RandomBot
from pegboard.games import bot_levels, register_bot, unregister_bots
from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    WAIT_MS,
    Errors,
    _free_port,
    e2e_browser,
    play_draw_move,
    served_in_thread,
    shot,
    wait_for,
)
from tests.web.test_e2e_fives import HAND_OVER, play_one

__all__ = ["e2e_browser"]  # a fixture this module uses

SEAT_NUMBER = re.compile(r"\bSeat \d")
"""How a seat was named before it had a name of its own ("Seat 2"): no text says it now."""


@pytest.fixture(scope="module")
def names_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with random bots that move at once in the server's own process, and fixed
    seeds, so that each table deals the same hands."""
    added = [game for game in ("all-fives",) if "random" not in bot_levels(game)]
    for game in added:
        register_bot(game, "random", RandomBot)
    database = tmp_path_factory.mktemp("e2e-names") / "pegboard.db"
    app = create_app(
        f"sqlite:///{database}",
        bot_delay=0,
        limits=PLAY_LIMITS,
        bot_workers=0,
        seed_source=iter(range(700, 10_000)).__next__,
    )
    try:
        yield from served_in_thread(app, _free_port())
    finally:
        for game in added:
            unregister_bots(game)


def seated_page(browser: Browser, base: str, body: dict[str, Any]) -> tuple[Page, Errors]:
    """A new browser (390 px wide: a phone) that makes the table ``body`` asks for through
    the API and opens its seat 0."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors = Errors()
    errors.watch(page)
    made = page.request.post(f"{base}/api/tables", data=body)
    assert made.status == 201, made.text()
    page.goto(base + made.json()["seats"][0]["link"])
    page.wait_for_selector("#turn")
    return page, errors


def card_names(page: Page) -> list[str]:
    """The name on each seat's card, without the viewer's "(you)"."""
    texts = page.locator("#players li .name").all_inner_texts()
    return [text.removesuffix(" (you)") for text in texts]


def test_defect_1_a_partnership_of_bots_has_three_names_used_by_every_text(
    e2e_browser: Browser, names_base_url: str
) -> None:
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": "random"}] * 3
    body = {"game": "all-fives", "players": 4, "partnerships": 1, "seats": seats}
    page, errors = seated_page(e2e_browser, names_base_url, body)
    for _move in range(80):  # a hand of four has far fewer moves
        wait_for(page, f"{READY} || {HAND_OVER}")
        if page.locator("dialog#round-end[open]").count():
            break
        before = page.evaluate("document.body.dataset.seq")
        play_one(page, "all-fives", keyboard=False)
        wait_for(page, f"document.body.dataset.seq !== {before!r} || {HAND_OVER}")
    dialog = page.inner_text("dialog#round-end[open]")
    shot(page, "names-all-fives-partners-hand-end")

    names = card_names(page)
    assert names[0] == "Ana"
    bots = names[1:]
    assert len(set(bots)) == 3, f"three bots, three names: {names}"
    log = page.inner_text("#log")
    players = page.inner_text("#players")
    for text in (log, dialog, players):
        assert not SEAT_NUMBER.search(text), text
    for name in bots:  # each bot moved, and the log calls it by its card's name
        assert name in log, (name, log)
    # The dialog names the sides by their players: Ana's partner and the two opponents.
    assert names[2] in dialog and names[1] in dialog and names[3] in dialog, dialog
    # Seats 0 and 2 are partners (F1): the partner's card says so, the opponents' do not.
    cards = page.locator("#players li")
    assert "Your partner" in cards.nth(2).inner_text()
    assert "Your partner" not in cards.nth(1).inner_text()
    assert "Your partner" not in cards.nth(3).inner_text()
    # The peg legend names the sides as the sides box does, not a seat of each.
    legend = [text.strip() for text in page.locator("#peg-legend li").all_inner_texts()]
    sides = [text.strip() for text in page.locator(".side-name").all_inner_texts()]
    assert legend == sides and legend[0].startswith("You and ") and names[2] in legend[0], legend
    assert names[1] in legend[1] and names[3] in legend[1], legend
    assert errors.unexpected() == []
    page.context.close()


def test_defect_1_a_bot_at_draw_is_called_by_its_cards_name_in_the_log_lobby_and_replay(
    e2e_browser: Browser, names_base_url: str
) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]
    body = {"game": "draw", "players": 2, "target": 1, "seats": seats, "public": True}
    page, errors = seated_page(e2e_browser, names_base_url, body)
    table = page.url.split("/t/", 1)[1].split("#", 1)[0]
    bot = card_names(page)[1]
    assert not SEAT_NUMBER.search(bot) and bot != "Ana"
    for _move in range(200):  # a round of two has far fewer moves
        wait_for(page, f"{READY} || {HAND_OVER}")
        if page.locator("dialog#round-end[open]").count():
            break
        play_draw_move(page)
    log = page.inner_text("#log")
    assert bot in log, log
    dialog = page.inner_text("dialog#round-end[open]")
    assert not SEAT_NUMBER.search(log + dialog), log + dialog
    page.keyboard.press("Escape")
    page.wait_for_selector("#match-over")
    assert not SEAT_NUMBER.search(page.inner_text("#match-over"))

    # The replay of the match says the same name, where it said "Seat 2".
    page.goto(f"{names_base_url}/m/{table}-1")
    page.wait_for_selector("#replay-at")
    replay = page.inner_text("main")
    assert bot in replay, replay
    assert not SEAT_NUMBER.search(replay), replay
    assert errors.unexpected() == []
    page.context.close()


def test_defect_1_the_lobby_lists_a_bot_by_its_tables_name(
    e2e_browser: Browser, names_base_url: str
) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}]
    body = {"game": "draw", "players": 3, "seats": seats, "public": True}  # a seat free
    page, errors = seated_page(e2e_browser, names_base_url, body)
    table = page.url.split("/t/", 1)[1].split("#", 1)[0]
    bot = card_names(page)[2]
    page.goto(names_base_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    listed = page.inner_text(f'#open-tables li[data-table="{table}"]')
    assert bot in listed, (bot, listed)
    assert errors.unexpected() == []
    page.context.close()
