"""End to end, cribbage for three (C8) and four in partnerships (C9) in the browser
(Debian's Chromium, driven by Playwright): a person sets up cribbage for 3 or 4 in the
lobby, lays one card away and plays a whole hand against bots by clicking, on a
phone-sized screen (360 x 740) and on a desktop, until the show; every seat is round the
board, the board has three streets among three and one peg a side among four, the
partner's card says "Your partner" and every card its side; the show counts the hands from
the dealer's left, the dealer's last, then the crib (C11); axe-core finds no violation and
the page never scrolls sideways.

The levels for people do not play three or four yet (another branch brings them): this
module's server stands the greedy bot in for the beginner, whom the lobby seats."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from pegboard.cribbage.bots.basic import GreedyBot
from pegboard.cribbage.bots.levels import BeginnerBot
from pegboard.cribbage.scoring import score_hand
from pegboard.games import register_bot
from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    WAIT_MS,
    Errors,
    _free_port,
    cards_of,
    e2e_browser,
    no_error_shown,
    open_setup,
    served_in_thread,
    shot,
    wait_for,
)

__all__ = ["e2e_browser"]  # a fixture this module uses

SHOWN = "document.querySelector('#shows')"


@pytest.fixture(scope="module")
def tables_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with bots that move at once in the server's own process, the beginner
    played by the greedy bot (which plays three and four, C8, C9)."""
    register_bot("cribbage", "beginner", GreedyBot)
    database = tmp_path_factory.mktemp("e2e-crib-tables") / "pegboard.db"
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
        register_bot("cribbage", "beginner", BeginnerBot)


def open_table(
    browser: Browser, base: str, players: int, width: int, height: int
) -> tuple[Page, Errors]:
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors = Errors()
    errors.watch(page)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.fill("#me-name", "Ana")
    open_setup(page)
    page.check("#game-cribbage")
    page.select_option("#players", str(players))
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}-kind", "bot")
        page.select_option(f"#seat-{seat}-level", "beginner")
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))
    page.wait_for_selector("#turn")
    return page, errors


def play_one(page: Page) -> str:
    """One move by clicking: the first card laid away (one, C8, C9), else the first card
    that can be played, else Go."""
    if page.locator("#discard-button").count():
        hand = page.locator(".card-button")
        assert hand.count() == 5  # five cards each among three or four (C8, C9)
        assert page.inner_text(".hand-box .prompt") == "Choose a card for the crib."
        card = hand.first.get_attribute("data-card")
        assert page.is_disabled("#discard-button")
        page.click(f'.card-button[data-card="{card}"]')
        page.click("#discard-button")
        return f"discard {card}"
    playable = page.locator(".card-button[aria-disabled=false]")
    if playable.count():
        card = playable.first.get_attribute("data-card")
        playable.first.click()
        return f"play {card}"
    if not page.locator("#go-button:not([disabled])").count():
        return "looked again"  # a state came in between the looks
    page.click("#go-button")
    return "go"


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize(("width", "height"), [(360, 740), (1100, 900)])
def test_c8_c9_a_person_plays_a_hand_of_cribbage_for_three_or_four_by_clicking(
    e2e_browser: Browser, tables_base_url: str, players: int, width: int, height: int
) -> None:
    page, errors = open_table(e2e_browser, tables_base_url, players, width, height)
    try:
        wait_for(page, f"{READY} || {SHOWN}")
        assert page.locator("#players .player").count() == players
        # The board: a street a player among three, a peg a side among four (C9); its
        # accessible name says each street's score and back peg.
        label = page.locator("svg[aria-label^='Cribbage board']").first.get_attribute("aria-label")
        assert label is not None
        assert label.count("(back peg") == (2 if players == 4 else 3)
        if players == 4:
            assert label.count(" and ") == 2  # "You and Tara ...: 0 ...; Leo ... and Nico ..."
            partners = page.locator(".partner-badge")
            assert partners.count() == 1 and partners.inner_text() == "Your partner"
            assert page.locator(".side-badge").count() == 4
        else:
            assert page.locator(".partner-badge").count() == 0
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, f"cribbage-{players}-{width}")
        moves = 0
        while not page.locator("#shows").count():
            if page.evaluate("document.body.dataset.turn") == "over":
                break
            no_error_shown(page)
            assert 0 <= int(page.inner_text("#count")) <= 31  # C4, C10
            before = page.evaluate("document.body.dataset.seq")
            move = play_one(page)
            if move != "looked again":
                moves += 1
                wait_for(page, f"document.body.dataset.seq !== {before!r} || {SHOWN}")
            wait_for(page, f"{READY} || {SHOWN}")
            if moves == 3:
                shot(page, f"cribbage-{players}-{width}-pegging")
            assert moves < 20, "one hand cannot take a player this many moves"
        wait_for(page, SHOWN)
        # C11: the hands from the dealer's left, the dealer's last, then the dealer's crib;
        # each four cards and the starter, its points as the rules count them.
        shows = page.locator("#shows .show")
        order = [
            (
                int(shows.nth(i).get_attribute("data-seat") or -1),
                shows.nth(i).get_attribute("data-what"),
            )
            for i in range(shows.count())
        ]
        if len(order) == players + 1:  # the game did not end during the show
            seats = [seat for seat, _ in order]
            dealer = seats[-1]
            assert [what for _, what in order] == ["hand"] * players + ["crib"]
            assert seats[:-1] == [(dealer + k) % players for k in range(1, players + 1)]
        for i in range(shows.count()):
            show = shows.nth(i)
            cards = cards_of(show.locator(".show-head > .cards .card-chip"))
            (starter,) = cards_of(show.locator(".with-starter .card-chip"))
            assert len(cards) == 4
            points = re.search(r"(\d+)\s*$", show.locator(".points").inner_text())
            assert points is not None
            assert int(points.group(1)) == score_hand(cards, starter, is_crib=order[i][1] == "crib")
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, f"cribbage-{players}-{width}-show")
    finally:
        page.context.close()
    assert errors.items == []
