"""End to end, "your turn" elsewhere (issue 39, "Notifications"): Ana plays Bo at a private
Draw table; while it is her turn there, her lobby (another tab of her browser) lists the
table first, its title counts it and its icon is marked, and the browser's notification
says "Your turn" (Ana pressed "Notify me" and granted it; the tab is out of sight). The
notification is recorded by a script the test puts in the page before its own (the page
itself is unchanged). Debian's Chromium, as in ``test_e2e``."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import Page

from tests.web.page_checks import axe_violations
from tests.web.test_e2e import e2e_browser, play_draw_move, shot, wait_for
from tests.web.test_e2e_chat import base_url, draw_for_two, e2e_database, person

__all__ = ["base_url", "e2e_browser", "e2e_database", "person"]  # fixtures used here

RECORD_NOTIFICATIONS = """
window.__notifications = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.__notifications.push([title, options && options.body]); }
};
document.hasFocus = () => false;
"""


def test_the_lobby_lists_the_table_where_it_is_your_turn_and_notifies(
    person: Callable[..., Page],
) -> None:
    ana, bo, _path = draw_for_two(person)
    table_id = ana.url.split("#")[0].split("/t/")[1]
    # Bo moves first if he leads: then it is Ana's turn.
    wait_for(ana, "document.body.dataset.turn !== undefined")
    if ana.evaluate("document.body.dataset.turn") != "yours":
        wait_for(bo, "document.body.dataset.turn === 'yours'")
        play_draw_move(bo)
        wait_for(ana, "document.body.dataset.turn === 'yours'")
    # The table's own tab: its title and icon say it.
    assert ana.title().startswith("Your turn · ")
    wait_for(ana, "document.body.dataset.iconTurn === 'true'")

    # Ana's lobby, another tab of her browser, out of sight, notifications on.
    ana.context.add_init_script(
        RECORD_NOTIFICATIONS + "localStorage.setItem('pegboard.notify', 'on');"
    )
    lobby: Page = ana.context.new_page()
    lobby.goto(ana.url.split("/t/")[0] + "/")
    lobby.wait_for_selector("#your-turns")
    links = lobby.locator("#your-turns a")
    assert links.count() == 1 and links.first.get_attribute("href") == f"/t/{table_id}"
    assert links.first.inner_text() == f"Draw dominoes: table {table_id}"
    assert lobby.title().startswith("(1) Your turn · pegboard")
    assert lobby.get_attribute('link[rel="icon"]', "href") == "/static/icon-turn.svg"
    assert lobby.evaluate("window.__notifications") == [["Your turn", "Draw dominoes"]]
    assert axe_violations(lobby) == []
    shot(lobby, "turns-lobby-en")
    # Bo's lobby lists nothing: it is not his turn.
    bo_lobby = bo.context.new_page()
    bo_lobby.goto(ana.url.split("/t/")[0] + "/")
    bo_lobby.wait_for_selector("#lobby-title, h1")
    bo_lobby.wait_for_timeout(500)
    assert bo_lobby.locator("#your-turns").count() == 0
