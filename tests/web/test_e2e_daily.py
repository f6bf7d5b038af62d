"""End to end, a whole day's cribbage deals on a phone (issue 38): from the lobby's link to
the day's page, each deal played at its table by clicking, "Deal over" and "Next deal" to
the next, a deal in each language in turn (the table's language switch), then the results;
every page axe-clean, none wider than the phone, and its texts in the page's language."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import urlparse

import pytest
from playwright.sync_api import Page

from pegboard.daily import Day
from pegboard.i18n import translator
from pegboard.web.app import create_app
from pegboard.web.messages import catalog
from tests.web.conftest import PLAY_LIMITS
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    _free_port,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    play_cribbage_move,
    served_in_thread,
    shot,
    wait_for,
)

__all__ = ["e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

TODAY = Day.parse("2026-12-05")
PHONE = {"width": 390, "height": 844}
LANGS = ("en", "pt", "zh", "hi", "en", "pt")  # the table's language, deal by deal
WORDS = {"en": "en", "pt": "pt_BR", "zh": "zh_Hans", "hi": "hi"}


@pytest.fixture(scope="module")
def e2e_base_url(tmp_path_factory: pytest.TempPathFactory, e2e_seeds: object) -> Iterator[str]:
    """The browser tests' app, its day fixed (a test about midnight stays on one day)."""
    database = tmp_path_factory.mktemp("e2e-daily") / "pegboard.db"
    app = create_app(
        f"sqlite:///{database}", bot_delay=0, seed_source=e2e_seeds, limits=PLAY_LIMITS
    )
    app.state.daily_today = lambda: TODAY
    yield from served_in_thread(app, _free_port())


def checked(page: Page, name: str, axe: bool = True) -> None:
    """The page as a player meets it: axe finds nothing (unless not ``axe``), nothing wider
    than the phone."""
    if axe:
        assert axe_violations(page) == [], name
    assert horizontal_overflow(page) <= 0, name
    shot(page, f"daily-{name}")


def play_the_deal(page: Page, lang: str) -> None:
    """Click moves until the deal is over (the show's dialog closed on the way)."""
    ready = (
        "(document.body.dataset.turn === 'yours' && document.body.dataset.pending === 'false')"
        " || document.body.dataset.turn === 'over'"
    )
    moves = 0
    for _look in range(300):  # a look finds a move, the show's dialog, or a page changing
        wait_for(page, f"({ready}) || document.querySelector('dialog#round-end[open]')")
        if page.locator("dialog#round-end[open]").count():
            page.click("#continue-button")
            continue
        if page.evaluate("document.body.dataset.turn") == "over":
            return
        if play_cribbage_move(page) == "looked again":
            page.wait_for_timeout(50)  # a state is on its way: let it come
            continue
        moves += 1
        assert moves <= 60, "a hand of cribbage cannot take this many moves"
    # Seen twice in whole runs (never alone): say what the page showed, so that the next
    # time tells whether a state never came or the page offered no move at its turn.
    shot(page, f"daily-never-settled-{lang}")
    raise AssertionError(f"the deal's page never settled after {moves} moves: {page_state(page)}")


def page_state(page: Page) -> str:
    """What a stuck page shows: its body's data, its enabled buttons, its log's last lines."""
    return str(
        page.evaluate(
            """() => ({
                data: {...document.body.dataset},
                buttons: [...document.querySelectorAll('button:not([disabled])')]
                    .filter(b => b.offsetParent !== null).map(b => b.id || b.textContent.trim())
                    .slice(0, 20),
                log: [...document.querySelectorAll('#log li')].slice(-5)
                    .map(li => li.textContent.trim()),
            })"""
        )
    )


def test_a_whole_days_cribbage_deals_on_a_phone_in_four_languages(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", **PHONE)
    page.click("#daily-link")  # the lobby's way in
    page.wait_for_selector("#daily-games")
    checked(page, "index")
    page.click('tr[data-game="cribbage"] a')
    page.wait_for_selector("#daily-form")
    checked(page, "day")
    page.fill("#daily-name", "Ana")
    page.click("#daily-start")
    page.wait_for_url(lambda url: "/t/" in url)
    for deal, lang in enumerate(LANGS):
        page.wait_for_selector("body[data-ready=true]")
        say = catalog(WORDS[lang])
        if page.input_value("#lang-select") != WORDS[lang]:
            page.select_option("#lang-select", WORDS[lang])
        wait_for(page, f"document.documentElement.lang.startsWith({lang!r})")
        play_the_deal(page, lang)
        title = page.inner_text("#match-over-title")
        assert title == say["Deal over"], (lang, title)
        assert page.inner_text("#next-deal-button") == say["Next deal"]
        assert page.locator("#again-button").count() == 0  # one deal, never a second match
        assert page.locator("#hint-button").count() == 0  # no hints at a daily deal
        if deal in (0, 3):
            checked(page, f"deal-over-{lang}")
        left = urlparse(page.url).path
        page.click("#next-deal-button")
        page.wait_for_url(lambda url, left=left: urlparse(url).path != left)
    page.wait_for_selector("#daily-results")
    _ = translator(WORDS[LANGS[-1]])
    assert page.locator("#daily-ranking tbody tr").count() == 1
    assert "Ana" in page.inner_text("#daily-ranking")
    assert page.locator("#daily-deals tbody tr").count() == len(LANGS)
    assert _("Results") in page.inner_text("#daily-results-title")
    checked(page, "results")
    # The results in every language: each page in its words (no English left in the
    # headings), no wider than the phone; axe-clean in Chinese too (the results in the last
    # deal's language, Portuguese, are checked just above: axe checks the structure, which a
    # catalog does not change, so one Latin-script language and one not).
    for lang in ("en", "pt", "zh", "hi"):
        _ = translator(WORDS[lang])
        page.goto(page.url.split("?")[0] + f"?lang={lang}")
        page.wait_for_selector("#daily-results")
        assert page.inner_text("h1") == _("Daily deals of {game}: {day}").format(
            game=_("Cribbage"), day=TODAY
        )
        headings = page.locator("#daily-deals thead th").all_inner_texts()
        assert headings == ["#", *(_(w) for w in ("You", "Par", "Against par", "Matchpoints"))]
        assert page.get_attribute("#daily-deals thead abbr", "title") == _("Deal")
        if lang != "en":
            assert headings[2] != "Par"
        checked(page, f"results-{lang}", axe=lang == "zh")
