"""End to end, the table's chat (issue 39, acceptance: "chatting in two languages, each
reads the quick phrases in their own"): Ana (English, a desktop) and Bo (Portuguese, a
phone) sit at a private Draw table; Ana's "Good luck" reaches Bo as "Boa sorte"; Bo's free
text reaches Ana as text (markup shown, never applied); Ana reports it and mutes Bo; a
spectator's page has a room of its own, which the players' lines never reach; axe-core
finds nothing on either player's page. Debian's Chromium, as in ``test_e2e``."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page
from sqlalchemy import func, select

from pegboard.web.app import create_app
from pegboard.web.db import ChatReportRow, make_engine
from pegboard.web.store import Store
from tests.web.conftest import PLAY_LIMITS
from tests.web.page_checks import axe_violations
from tests.web.test_e2e import (  # the browser tests' own set-up
    WAIT_MS,
    Errors,
    _free_port,
    e2e_browser,
    open_setup,
    served_in_thread,
    shot,
    wait_for,
)

__all__ = ["e2e_browser"]  # a fixture this module uses


@pytest.fixture(scope="module")
def e2e_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("e2e-chat") / "pegboard.db"


@pytest.fixture(scope="module")
def base_url(e2e_database: Path) -> Iterator[str]:
    app = create_app(f"sqlite:///{e2e_database}", bot_delay=0, limits=PLAY_LIMITS)
    yield from served_in_thread(app, _free_port())


@pytest.fixture
def person(e2e_browser: Browser, base_url: str) -> Iterator[Callable[..., Page]]:
    """person(path, locale, width, height): a new page of its own browser context."""
    contexts: list[BrowserContext] = []
    errors = Errors()

    def open_page(path: str, locale: str = "en-US", width: int = 1100, height: int = 900) -> Page:
        context = e2e_browser.new_context(
            viewport={"width": width, "height": height}, locale=locale, reduced_motion="reduce"
        )
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        errors.watch(page)
        page.goto(base_url + path)
        page.wait_for_selector("body[data-ready=true]")
        return page

    yield open_page
    for context in contexts:
        context.close()
    assert errors.unexpected() == []


def draw_for_two(
    open_page: Callable[..., Page], bo_locale: str = "pt-BR", bo_size: tuple[int, int] = (390, 844)
) -> tuple[Page, Page, str]:
    """Ana (English, a desktop) makes a private Draw table of two people in the lobby and
    takes her seat; Bo (``bo_locale``, ``bo_size``) claims the other by its invitation.
    Their pages once both are seated, and the table's path."""
    ana = open_page("/")
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
    table_path = "/" + link.split("127.0.0.1:")[1].split("/", 1)[1]
    bo = open_page(table_path, bo_locale, *bo_size)
    bo.wait_for_selector("#claim-form")
    bo.fill("#claim-name", "Bo")
    bo.click("#claim-button")
    bo.wait_for_selector("#turn")
    return ana, bo, table_path


def leader_first(ana: Page, bo: Page) -> tuple[Page, Page]:
    """The page of the round's leader (its turn come), then the other's."""
    wait_for(ana, "['yours', 'other'].includes(document.body.dataset.turn)")
    leader, other = (
        (ana, bo) if ana.evaluate("document.body.dataset.turn") == "yours" else (bo, ana)
    )
    wait_for(leader, "document.body.dataset.turn === 'yours'")
    return leader, other


def lines(page: Page) -> list[str]:
    return [text.strip() for text in page.locator("#chat-lines li .chat-said").all_inner_texts()]


def reports(database: Path) -> int:
    store = Store(make_engine(f"sqlite:///{database}"))
    try:
        with store.session() as session:
            return int(session.scalar(select(func.count()).select_from(ChatReportRow)) or 0)
    finally:
        store.engine.dispose()


def test_two_players_chat_each_in_their_own_language_report_mute_and_take_a_move_back(
    person: object, e2e_database: Path
) -> None:
    ana, bo, table_path = draw_for_two(person)
    ana.wait_for_selector("#chat")
    bo.wait_for_selector("#chat")
    assert bo.inner_text("#chat-title") == "Bate-papo"
    assert bo.locator('button[data-phrase="good_luck"]').inner_text() == "Boa sorte"

    # A quick phrase: each reads it in their own language, under Ana's name.
    ana.click('button[data-phrase="good_luck"]')
    bo.wait_for_selector("#chat-lines li")
    assert lines(bo) == ["Boa sorte"]
    assert bo.inner_text("#chat-lines li .chat-who").strip() == "Ana:"
    ana.wait_for_selector("#chat-lines li")
    assert lines(ana) == ["Good luck"]

    # Free text: as typed, markup shown and never applied.
    bo.fill("#chat-text", "<b>oi</b> & tchau")
    bo.click("#chat-send")
    wait_for(ana, "document.querySelectorAll('#chat-lines li').length === 2")
    assert lines(ana) == ["Good luck", "<b>oi</b> & tchau"]
    assert ana.locator("#chat-lines b").count() == 0
    assert bo.input_value("#chat-text") == ""

    # A spectator has a room of their own: the players' lines never reach it.
    watcher = person(table_path.split("#")[0])
    watcher.wait_for_selector("#chat")
    assert watcher.inner_text("#chat-title") == "Spectators' chat"
    watcher.click('button[data-phrase="thanks"]')
    watcher.wait_for_selector("#chat-lines li")
    assert lines(watcher) == ["Thanks"]
    assert len(lines(ana)) == 2 and len(lines(bo)) == 2

    assert axe_violations(ana) == []
    assert axe_violations(bo) == []
    shot(ana, "chat-en-desktop")
    shot(bo, "chat-pt-phone")

    # Ana reports Bo's line (stored once), then mutes Bo: his lines leave her page.
    bo_line = ana.locator("#chat-lines li").nth(1)
    bo_line.get_by_role("button", name="Report this line of Bo").click()
    ana.wait_for_selector("#chat-lines .chat-reported")
    assert reports(e2e_database) == 1
    ana.locator("#chat-lines li").nth(1).get_by_role("button", name="Mute Bo").click()
    assert lines(ana) == ["Good luck"]
    assert ana.locator("#chat-unmute").is_visible()
    # Free text turned off: only the phrases, and no text box.
    bo.check("#chat-text-off")
    assert lines(bo) == ["Boa sorte"] and not bo.locator("#chat-text").is_visible()
    ana.click("#chat-unmute")
    assert lines(ana) == ["Good luck", "<b>oi</b> & tchau"]

    a_takeback_is_asked_and_accepted(ana, bo)


def a_takeback_is_asked_and_accepted(ana: Page, bo: Page) -> None:
    """Issue 39's acceptance: "a takeback asked and accepted" (the leader's opening tile;
    the other, reading Portuguese, accepts; the leader plays again from the position before).
    At the chat's table: the same two people's table, which needs no second making."""
    from tests.web.test_e2e import play_draw_move

    leader, other = leader_first(ana, bo)
    hand = leader.locator(".tile-button").count()
    play_draw_move(leader)  # the round's opening tile: nothing hidden shown
    wait_for(leader, "document.body.dataset.seq.endsWith(':1')")
    leader.click("#takeback-button")
    leader.wait_for_selector("#takeback-asked")
    other.wait_for_selector("#takeback-question")
    assert other.locator("#takeback-accept").is_visible()
    assert axe_violations(other) == []
    shot(other, "takeback-question")
    other.click("#takeback-accept")
    wait_for(leader, "document.body.dataset.seq.endsWith(':0')")
    wait_for(leader, "document.body.dataset.turn === 'yours'")
    assert leader.locator(".tile-button").count() == hand
    assert leader.locator("#takeback-asked").count() == 0
    wait_for(other, "document.body.dataset.seq.endsWith(':0')")
    assert other.locator("#takeback-question").count() == 0


def test_two_people_paired_by_quick_pairing_chat_and_take_a_move_back(
    person: Callable[..., Page],
) -> None:
    """Issue 39's acceptance whole: Ana (English, a desktop) and Bo (Portuguese, a phone)
    press "Play a person" in the lobby and land at one table; Ana's "Good luck" reaches Bo
    as "Boa sorte"; the leader's opening tile is taken back, the other accepting."""
    from tests.web.test_e2e import play_draw_move

    ana = person("/")
    ana.fill("#me-name", "Ana")
    ana.select_option("#pairing-game", "draw")
    ana.click("#pairing-start")
    ana.wait_for_selector("#pairing-status")
    assert ana.inner_text("#pairing-status").startswith("Looking for an opponent")
    assert axe_violations(ana) == []
    bo = person("/", "pt-BR", 390, 844)
    bo.fill("#me-name", "Bo")
    bo.select_option("#pairing-game", "draw")
    bo.click("#pairing-start")
    bo.wait_for_url("**/t/*")
    ana.wait_for_url("**/t/*")
    assert ana.url.split("/t/")[1] == bo.url.split("/t/")[1]
    ana.wait_for_selector("#chat")
    bo.wait_for_selector("#chat")
    assert ana.inner_text("#players").count("(you)") == 1

    ana.click('button[data-phrase="good_luck"]')
    bo.wait_for_selector("#chat-lines li")
    assert lines(bo) == ["Boa sorte"]
    ana.wait_for_selector("#chat-lines li")
    assert lines(ana) == ["Good luck"]

    leader, other = leader_first(ana, bo)
    play_draw_move(leader)
    wait_for(leader, "document.body.dataset.seq.endsWith(':1')")
    leader.click("#takeback-button")
    other.wait_for_selector("#takeback-accept")
    other.click("#takeback-accept")
    wait_for(leader, "document.body.dataset.seq.endsWith(':0')")
    wait_for(leader, "document.body.dataset.turn === 'yours'")
    shot(bo, "paired-pt-phone")


def test_a_page_closed_while_it_waits_gives_its_place_up(person: Callable[..., Page]) -> None:
    """Closing the lobby while "Looking for an opponent" gives the place up at once: the
    next player waits, and is not paired with a page nobody is at."""
    gone = person("/")
    gone.select_option("#pairing-game", "cribbage")
    gone.click("#pairing-start")
    gone.wait_for_selector("#pairing-status")
    gone.close(run_before_unload=True)
    later = person("/", "zh-CN")
    later.select_option("#pairing-game", "cribbage")
    later.click("#pairing-start")
    later.wait_for_selector("#pairing-status")
    later.wait_for_timeout(2500)  # one more ask of the server
    assert "/t/" not in later.url
    later.click("#pairing-stop")
    later.wait_for_selector("#pairing-start")
