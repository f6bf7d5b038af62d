"""End to end, the table's dialogs, hints and leaving (issue 35, defects 8, 9 and 10), in
Debian's Chromium as in ``test_e2e``: the round and show dialogs are wide enough to read on
a desktop and never cut their own top; Draw's settlement says who scored in words; a
spectator of a finished match sees the match's end, not a stale round dialog, and no away
timer; the log's numbers from 100 on are whole; hints show the best few, with the cards as
the table draws them, each with a button that plays it; Leave asks first; the address keeps
no seat token."""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from playwright.sync_api import Page, WebSocketRoute

from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    create_table,
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    open_setup,
    play_cribbage_move,
    play_draw_move,
    shot,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

DESKTOP = {"width": 1280, "height": 900}
DIALOG = "dialog#round-end[open]"


def dialog_box(page: Page) -> dict[str, float]:
    """The open round dialog's box, and the viewport's height."""
    box: dict[str, float] = page.evaluate(
        "(() => { const r = document.querySelector('dialog#round-end').getBoundingClientRect();"
        " const title = document.getElementById('round-end-title').getBoundingClientRect();"
        " return {width: r.width, top: r.top, bottom: r.bottom, height: innerHeight,"
        " title: title.top - r.top}; })()"
    )
    return box


def assert_readable(box: dict[str, float]) -> None:
    """Wide enough to read at 1280 px, its top and bottom on screen (tall content scrolls
    inside it), and opened at its top: its title in view."""
    assert box["width"] >= 480, box
    assert box["top"] >= 0 and box["bottom"] <= box["height"], box
    assert box["title"] >= 0, box  # its title in view, not scrolled away


def test_the_cribbage_show_dialog_is_wide_and_whole_on_a_desktop(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", seed=1, **DESKTOP)  # a show of short sayings: 471 px wide before
    create_table(page, game="cribbage")
    for _ in range(30):
        wait_for(page, f"{READY} || document.querySelector({DIALOG!r})")
        if page.locator(DIALOG).count():
            break
        play_cribbage_move(page)
    else:
        raise AssertionError("no show within 30 moves")
    shot(page, "dialogs-cribbage-show-1280")
    assert_readable(dialog_box(page))


def test_a_draw_round_says_who_scored_and_a_finished_match_shows_its_end_without_timers(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", seed=5, **DESKTOP)
    open_setup(page)
    page.fill("#target", "1")
    create_table(page)
    while not page.locator(DIALOG).count():
        wait_for(page, f"{READY} || document.querySelector({DIALOG!r})")
        if page.locator(DIALOG).count():
            break
        play_draw_move(page)
    assert_readable(dialog_box(page))
    # The settlement says in words who won the round and what they scored (seed 5: a
    # round won with points), not a bare "48 = 48".
    settled = page.inner_text("#settlement")
    points = max(int(cell) for cell in page.locator("#revealed td.points").all_inner_texts())
    assert re.search(r"\bwins? the round\b", settled) and str(points) in settled, settled
    page.click("#continue-button")
    page.wait_for_selector("#match-over")
    table = page.evaluate("location.pathname").split("/t/")[1]

    # A spectator who arrives after the match sees its end, not the last round's dialog.
    watcher = e2e_open(f"/t/{table}", **DESKTOP)
    watcher.wait_for_selector("#match-over")
    assert watcher.locator(DIALOG).count() == 0
    # The player goes: their seat is away, but a finished match counts no time.
    page.context.close()
    away = '#players [data-seat="0"] .presence.away'
    watcher.wait_for_selector(away)
    assert watcher.inner_text(away) == "Away", watcher.inner_text(away)
    shot(watcher, "dialogs-draw-finished-spectator")


def test_the_log_numbers_from_100_on_are_whole(e2e_open: Callable[..., Page]) -> None:
    """A match's log of 120 entries (the server's states, lengthened on their way: a
    whole match of that many moves would take minutes to play)."""
    page = e2e_open("/", **DESKTOP)

    def lengthened(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def relay(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "state":
                log = data["view"].get("log") or []
                data["view"]["log"] = [f"Earlier event {n}" for n in range(1, 121 - len(log))] + log
            ws.send(json.dumps(data))

        server.on_message(relay)

    page.route_web_socket(re.compile(r"/ws/"), lengthened)
    create_table(page)
    wait_for(page, "document.querySelectorAll('#log li').length >= 120")
    # The 100th entry's number ("100. ") fits in the list's margin, where the list draws it.
    room = page.evaluate(
        """(() => {
        const list = document.getElementById('log');
        const item = list.children[99];
        const style = getComputedStyle(item);
        const pen = document.createElement('canvas').getContext('2d');
        pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {need: pen.measureText('100. ').width,
                have: item.getBoundingClientRect().left - list.getBoundingClientRect().left};
    })()"""
    )
    assert room["have"] >= room["need"], room


def test_hints_show_the_best_few_as_cards_and_each_plays_its_move(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", seed=3, **DESKTOP)
    create_table(page, game="cribbage")
    wait_for(page, READY)
    page.click("#hint-button")
    page.wait_for_selector("#hints li")
    hints = page.locator("#hints li")
    assert hints.count() == 3, hints.count()  # the best three of the 15 discards
    text = page.inner_text("#hints")
    assert not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", text), text  # never "4D 8D"
    assert re.search("[♠♥♦♣]", text), text
    shot(page, "dialogs-hints-1280")
    page.click("#hints-all")
    assert hints.count() == 15
    first = hints.first.get_attribute("data-action") or ""
    assert first.startswith("discard ")
    page.click("#hints li:first-child button.hint-play")
    wait_for(page, "document.querySelectorAll('.card-button').length === 4")
    kept = set(page.locator(".card-button").evaluate_all("(bs) => bs.map((b) => b.dataset.card)"))
    assert not kept & set(first.split()[1:])  # the hinted cards went to the crib


def test_the_address_keeps_no_seat_token_a_reload_keeps_the_seat_and_leave_asks_first(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/")
    create_table(page)
    wait_for(page, READY)
    assert "token" not in page.url, page.url
    page.reload()
    page.wait_for_selector("#hand-title")
    assert "(you)" in page.inner_text("#players")
    wait_for(page, READY)
    # Leave asks first, and Escape keeps the seat.
    page.click("#leave-button")
    confirm = page.locator("dialog#leave-confirm[open]")
    confirm.wait_for()
    assert "free" in confirm.inner_text()  # what leaving means at this (unrated) table
    page.keyboard.press("Escape")
    confirm.wait_for(state="detached")
    assert page.locator("dialog#leave-confirm[open]").count() == 0
    assert "(you)" in page.inner_text("#players")
    assert "/t/" in page.url
    page.click("#leave-button")
    page.click("#leave-confirm-button")
    page.wait_for_url(re.compile(r"/$"))
