"""End to end: the table itself (issue 35): the opponents' hands as backs with their counts
and nothing more, the last move marked, motion that respects prefers-reduced-motion, the
optional sound, tap targets on a phone, and a card dragged where a click would play it."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from tests.web.test_e2e import (
    READY,
    create_table,
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    no_error_shown,
    overflow,
    play_draw_move,
    shot,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]

ROUND_OVER = "dialog#round-end[open]"

# A card's or a tile's code anywhere in markup: what an opponent's backs must never hold.
CARD_CODE = re.compile(r"\b(10|[2-9AJQK])[SHDC]\b")
TILE_CODE = re.compile(r"\b[0-6]-[0-6]\b")

# Counts every animation the page runs, frame by frame, from now on (a played card's lasts
# a third of a second; a new state may replace its element before a test looks).
WATCH_ANIMATIONS = """() => {
  window.animationsSeen = 0;
  const tick = () => {
    window.animationsSeen = Math.max(window.animationsSeen, document.getAnimations().length);
    requestAnimationFrame(tick);
  };
  tick();
}"""


def size_of(text: str) -> int:
    """The number in a count beside a name ("Cards in hand: 5")."""
    found = re.search(r"(\d+)\s*$", text)
    assert found is not None, text
    return int(found.group(1))


def opponent_backs(page: Page, code: re.Pattern[str]) -> list[tuple[int, int]]:
    """Each other seat's (backs drawn, count written); and its backs reveal nothing."""
    found = []
    for player in page.locator("#players .player:not(.me)").all():
        backs = player.locator(".hand-backs")
        assert backs.count() == 1, player.inner_html()
        html = backs.inner_html()
        assert not code.search(html), html
        assert "data-card" not in html and "data-tile" not in html
        written = size_of(player.locator(".size").inner_text())
        found.append((backs.locator(".back").count(), written))
    return found


def pegging_turn(page: Page) -> None:
    """Lays the first two cards away, then waits for a turn with a card to play."""
    wait_for(page, READY)
    first, second = (page.locator(".card-button").nth(i).get_attribute("data-card") for i in (0, 1))
    page.click(f'.card-button[data-card="{first}"]')
    page.click(f'.card-button[data-card="{second}"]')
    page.click("#discard-button")
    wait_for(page, f"({READY}) && !document.querySelector('#discard-button')")
    turn_with_a_card(page)


def test_a_cribbage_table_hides_the_bots_cards_marks_the_last_card_moves_it_and_sounds(
    e2e_open: Callable[..., Page],
) -> None:
    """One cribbage table, in the order a hand goes: the opponent's hand as backs with its
    count, revealing nothing, and the crib as a pile of backs by its owner; sound off by
    default and silent through the turns; the toggle remembered over a reload; then a
    played card sounds, moves (motion allowed) and is marked and named as the last one."""
    page = e2e_open("/", seed=11)
    create_table(page, game="cribbage")
    toggle = page.locator("#sound-toggle")
    assert toggle.get_attribute("aria-pressed") == "false"
    wait_for(page, READY)
    ((drawn, written),) = opponent_backs(page, CARD_CODE)
    assert drawn == written in (4, 6)  # the bot may have laid its two away already
    # The crib lies by its owner, as a pile of backs that grows as cards are laid away.
    crib = page.locator("#players .player:has(.badge) #crib-pile")
    assert crib.count() == 1 and crib.locator(".back").count() in (0, 2)  # the bot's two
    pegging_turn(page)  # turns came round and points were pegged: silence
    assert page.evaluate("document.body.dataset.sounds") is None
    assert crib.locator(".back").count() == 4
    ((drawn, written),) = opponent_backs(page, CARD_CODE)
    assert drawn == written in (3, 4)
    shot(page, "table-cribbage-backs")

    toggle.click()
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('pegboard.sound')") == "on"
    page.reload()
    page.wait_for_selector("#sound-toggle")
    assert page.locator("#sound-toggle").get_attribute("aria-pressed") == "true"
    wait_for(page, READY)
    page.evaluate(WATCH_ANIMATIONS)
    card = page.locator(".card-button[aria-disabled=false]").first.get_attribute("data-card")
    page.click(f'.card-button[data-card="{card}"]')
    wait_for(page, "Number(document.body.dataset.sounds) > 0")
    wait_for(page, "window.animationsSeen > 0")  # the played card moves
    wait_for(page, READY)
    last = page.locator("#pile .card-chip.last-move")
    assert last.count() == 1
    assert last.get_attribute("data-card") == page.locator("#pile .card-chip").last.get_attribute(
        "data-card"
    )
    assert "the last card played, by" in (last.get_attribute("aria-label") or "")


def test_a_draw_table_hides_the_bots_tiles_and_marks_the_last_tile(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", seed=14)
    create_table(page, game="draw")
    wait_for(page, READY)
    ((drawn, written),) = opponent_backs(page, TILE_CODE)
    assert drawn == written >= 6
    no_error_shown(page)
    for _ in range(3):
        wait_for(page, READY)
        play_draw_move(page)
    wait_for(page, READY)
    orders = page.eval_on_selector_all(
        ".line svg [data-tile][data-order]", "tiles => tiles.map(t => Number(t.dataset.order))"
    )
    marked = page.locator(".line svg .last-move")
    assert marked.count() == 1
    assert int(marked.get_attribute("data-order") or -1) == max(orders)
    low, high = (marked.get_attribute("data-tile") or "").split("-")
    assert page.inner_text("#last-move") == f"Last tile played: [{low}|{high}]"


def test_cards_dragged_play_as_clicks_do_and_nothing_moves_under_reduced_motion(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", seed=18)
    page.emulate_media(reduced_motion="reduce")
    create_table(page, game="cribbage")
    wait_for(page, READY)
    # Laid away by dragging: the first card is picked, the second lays both in the crib.
    first, second = (page.locator(".card-button").nth(i).get_attribute("data-card") for i in (0, 1))
    page.drag_and_drop(f'.card-button[data-card="{first}"]', "#crib")
    assert page.get_attribute(f'.card-button[data-card="{first}"]', "aria-pressed") == "true"
    page.drag_and_drop(f'.card-button[data-card="{second}"]', "#crib")
    wait_for(page, f"({READY}) && !document.querySelector('#discard-button')")
    turn_with_a_card(page)
    # Under reduced motion a card played by a click moves not at all.
    page.evaluate(WATCH_ANIMATIONS)
    card = page.locator(".card-button[aria-disabled=false]").first.get_attribute("data-card")
    page.click(f'.card-button[data-card="{card}"]')
    wait_for(page, READY)
    assert page.evaluate("window.animationsSeen") == 0
    turn_with_a_card(page)
    card = page.locator(".card-button[aria-disabled=false]").first.get_attribute("data-card")
    page.drag_and_drop(f'.card-button[data-card="{card}"]', "#count-box")
    wait_for(page, f"!document.querySelector('.card-button[data-card=\"{card}\"]')")
    # The log says it as it says a clicked card: "You play ...", that card.
    assert page.locator(f'#log li:has-text("You play") [data-card="{card}"]').count() == 1
    no_error_shown(page)


def turn_with_a_card(page: Page) -> None:
    """Says go until the person's turn has a card to play."""
    while not page.locator(".card-button[aria-disabled=false]").count():
        before = page.evaluate("document.body.dataset.seq")
        page.click("#go-button")
        wait_for(page, f"document.body.dataset.seq !== {before!r} && ({READY})")


def test_a_phone_sized_screen_needs_no_horizontal_scrolling_and_every_control_is_44_px(
    e2e_open: Callable[..., Page],
) -> None:
    """On a small phone (360 x 740): the lobby and each game's table need no horizontal
    scrolling, Draw's after a few moves too (its line's box fits the screen: a long line
    scrolls inside it, its markers kept tappable, WCAG 2.5.8, test_e2e_newcomer2.py); and
    every control of the table is a 44 px tap target."""
    for game in ("cribbage", "draw"):
        page = e2e_open("/", width=360, height=740, seed=17)
        assert overflow(page) == 0
        create_table(page, game=game)
        wait_for(page, READY)
        small = page.eval_on_selector_all(
            "main button, main .playable, main a, main summary",
            """els => els.filter(e => e.getClientRects().length).map(e => {
                const box = e.getBoundingClientRect();
                return [e.id || e.className || e.textContent.trim(), box.width, box.height];
            }).filter(([, w, h]) => w < 44 || h < 44)""",
        )
        assert small == [], f"{game}: {small}"
        assert overflow(page) == 0
        shot(page, f"table-{game}-phone")
        if game == "draw":
            for _ in range(5):  # a few moves, so that the line has tiles to draw
                wait_for(page, f"{READY} || document.querySelector('{ROUND_OVER}')")
                if (
                    page.locator(ROUND_OVER).count()
                    or page.evaluate("document.body.dataset.turn") == "over"
                ):
                    break
                play_draw_move(page)
            wait_for(page, f"{READY} || document.querySelector('{ROUND_OVER}')")
            assert overflow(page) == 0
            line = page.locator(".line").bounding_box()
            assert line is not None and line["width"] <= 360
            shot(page, "draw-phone")
