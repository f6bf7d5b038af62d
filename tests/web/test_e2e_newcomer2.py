"""End to end, the rest of what a newcomer hit at the tables (issue 13, "What a newcomer hit"),
in Debian's Chromium (the set-up of tests/web/test_e2e.py): the cribbage show waits in a
dialog until Continue (C6), the log draws cards as the table does and names them in words,
the score pegs are big enough to see, a long Draw line on a phone keeps its markers and
tiles tappable (WCAG 2.5.8), a player named "you" is not read as the viewer, hints are
allowed or not from the lobby (and no Hint button where they are not), and axe-core finds
nothing at set-up, at the show, at a match's end, on a replay and on a player page, in
two languages.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable

import pytest

if os.environ.get("PEGBOARD_SKIP_E2E") == "1":
    pytest.skip("PEGBOARD_SKIP_E2E=1: the browser tests are skipped", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect

from tests.web.page_checks import axe_violations
from tests.web.test_e2e import (
    READY,
    WAIT_MS,
    Seeds,
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

DIALOG = "dialog#round-end[open]"
SETTLED = f"{READY} || document.querySelector('{DIALOG}')"
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])[SHDC](?![A-Za-z0-9])")
AXE_LANGS = (("pt_BR", "pt-BR"), ("hi", "hi"))
"""The languages axe checks each page in: its structure is the same in every language (a
catalog changes words, never elements, roles or colours), so two, one written in the Latin
script and one not; Hindi, whose font has no bold face, for its headings' weight too."""


def settle(page: Page) -> bool:
    """Wait for the page's turn, the match's end or a dialog; True on its turn."""
    wait_for(page, SETTLED)
    return (
        not page.locator(DIALOG).count() and page.evaluate("document.body.dataset.turn") == "yours"
    )


def in_language(page: Page, lang: str, tag: str) -> None:
    page.select_option("#lang-select", lang)
    wait_for(page, f"document.documentElement.lang === {tag!r}")


def box_of(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).first.bounding_box()
    assert box is not None, selector
    return box


def play_to_the_show(page: Page) -> None:
    for _ in range(60):
        if page.locator(DIALOG).count():
            return
        if settle(page):
            play_cribbage_move(page)
    pytest.fail("a hand of cribbage reaches its show in fewer moves")


def test_c6_the_show_waits_in_a_dialog_until_continue_and_the_log_draws_its_cards(
    e2e_open: Callable[..., Page],
) -> None:
    """The newcomer saw the show flash past: the next hand was dealt at once and the show
    landed below the fold. And the log wrote cards as codes ("QC") in every language."""
    page = e2e_open("/", seed=5)
    create_table(page, game="cribbage")
    wait_for(page, READY)
    page.locator(".card-button").first.focus()
    play_to_the_show(page)
    dialog = page.locator(DIALOG)
    title = dialog.locator("h2").inner_text()
    assert title.startswith("The show · Hand 1"), title
    # The focus is in the dialog (on Continue); the rest of the page is inert meanwhile.
    assert page.evaluate("document.activeElement.id") == "continue-button"
    assert page.inner_text("#continue-button") == "Continue"
    starter = dialog.locator(".show-starter .card-chip")
    assert starter.count() == 1
    shown = dialog.locator("li.shown")
    assert [shown.nth(i).get_attribute("data-what") for i in range(shown.count())] == [
        "hand",
        "hand",
        "crib",
    ]
    for i in range(shown.count()):
        show = shown.nth(i)
        assert show.locator(".shown-cards > .cards .card-chip").count() == 4
        points = int(show.locator(".points").inner_text().rsplit(" ", 1)[1])
        # Each count said with its cards and points: they add up to the hand's points.
        items = show.locator(".count-item")
        said = [int(items.nth(k).inner_text().rsplit("→ ", 1)[1]) for k in range(items.count())]
        assert sum(said) == points
        kinds = {items.nth(k).get_attribute("data-kind") for k in range(items.count())}
        assert kinds <= {"fifteen", "pair", "run", "flush", "nobs"}
        assert show.locator(".saying").inner_text().strip()
    assert page.locator(".count-item").count() >= 1  # seed 5's first show scores something
    shot(page, "cribbage-show-dialog")
    # The bots went on meanwhile (the next hand is dealt): the dialog stays until closed.
    page.wait_for_timeout(300)
    assert page.locator(DIALOG).count() == 1
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#round-end:not([open])", state="attached")
    # Focus comes back to the table as the dialog's close handler runs, a moment after the
    # dialog closes (under load the assertion ran before it once): waited for, not assumed.
    page.wait_for_function("document.getElementById('main').contains(document.activeElement)")

    # The log: every card drawn as the table draws it, named in words, no code left.
    log = page.locator("#log")
    chips = log.locator(".card-text")
    assert chips.count() >= 8
    for i in range(chips.count()):
        chip = chips.nth(i)
        code = chip.get_attribute("data-card") or ""
        text = chip.inner_text()
        assert text[-1] in "♠♥♦♣" and text[:-1] == code[:-1]
        assert ("red" in (chip.get_attribute("class") or "")) == (code[-1] in "HD")
        assert chip.get_attribute("role") == "img"
        assert re.fullmatch(
            r"(Ace|King|Queen|Jack|\d+) of (hearts|diamonds|clubs|spades)",
            chip.get_attribute("aria-label") or "",
        )
    assert not CARD_CODE.search(log.inner_text())
    in_language(page, "pt_BR", "pt-BR")
    # The log is drawn again in the new language after the switch: wait for it (a read at
    # once failed once in CI, finding the English label still there).
    expect(chips.first).to_have_attribute(
        "aria-label", re.compile(r"^\S+ de (copas|ouros|paus|espadas)$")
    )


def test_the_score_pegs_are_big_and_a_name_that_reads_you_is_quoted(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    """The Draw pegs were about 9 px across; a player named "you" read as "you opens the
    line" to everyone else."""
    page = e2e_open("/", seed=5)
    open_setup(page)
    page.fill("#target", "200")
    create_table(page, name="you")
    wait_for(page, READY)
    for seat in ("0", "1"):
        peg = box_of(page, f'#track circle.peg.front[data-seat="{seat}"]')
        assert peg["width"] >= 11 and peg["height"] >= 11, peg
    for _ in range(4):
        if settle(page):
            play_draw_move(page)
    spectator = e2e_open(page.url.split("#")[0].removeprefix(e2e_base_url))
    spectator.wait_for_selector("#log li")
    lines = [line.strip() for line in spectator.locator("#log li").all_inner_texts()]
    mine = [line for line in lines if "“you”" in line]
    assert mine, lines
    assert not [line for line in lines if re.match(r"you (leads|opens|plays|draws|passes)", line)]
    assert spectator.inner_text('#players li[data-seat="0"] .name') == "“you”"
    # Its own page still says its moves in the second person.
    assert "You open the line" in page.inner_text("#log")


def big_end_buttons(page: Page) -> None:
    """The ends a picked tile fits are buttons of at least 24 px (WCAG 2.5.8)."""
    ends = page.locator(".line .ends button.end")
    for i in range(ends.count()):
        box = ends.nth(i).bounding_box()
        assert box is not None and box["width"] >= 24 and box["height"] >= 24, box


def test_wcag_2_5_8_a_long_draw_line_on_a_phone_keeps_its_tap_targets(
    e2e_browser: Browser, e2e_base_url: str, e2e_seeds: Seeds
) -> None:
    """On a phone a long line shrank its markers to 13 px; it scrolled sideways after that,
    hiding an open end. Now the line turns at the board's edge and never scrolls, and the
    ends a picked tile fits are tapped as 44 px buttons over their markers (issue 35)."""
    e2e_seeds.wanted[:] = [5]
    phone = e2e_browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, locale="en-US"
    )
    phone.set_default_timeout(WAIT_MS)
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(e2e_base_url + "/")
    page.wait_for_selector("body[data-ready=true]")
    open_setup(page)
    page.fill("#target", "200")
    create_table(page)
    checked = 0
    for _ in range(80):
        if not settle(page):
            if page.locator(DIALOG).count():
                break
            continue
        long = page.locator(".line svg .tile").count() >= 8
        if long:
            tiles = page.locator(".tile-button")
            for i in range(tiles.count()):
                box = tiles.nth(i).bounding_box()
                assert box is not None and box["width"] >= 24 and box["height"] >= 24, box
            assert page.evaluate("document.documentElement.scrollWidth") <= 390  # not the page
            assert page.evaluate(
                "(() => { const l = document.querySelector('.line'); return l.scrollWidth <= l.clientWidth; })()"
            )
            checked += 1
            if checked == 1:
                shot(page, "draw-phone-long-line")
            if checked == 3:
                break
        play_draw_move(page, picked=big_end_buttons)
    assert checked == 3, "seed 5's first round grows a line wider than the phone"
    assert errors == []
    phone.close()


def test_fair_play_hints_allowed_from_the_lobby_and_no_hint_button_where_they_are_not(
    e2e_open: Callable[..., Page],
) -> None:
    page = e2e_open("/", seed=5)
    open_setup(page)
    page.check("#game-cribbage")
    allow = page.locator("#allow-hints")
    # Alone with a bot: hints are always there, the box says why it is not to be ticked.
    assert allow.is_disabled()
    why = page.inner_text(f"#{allow.get_attribute('aria-describedby')}")
    assert "two or more people" in why
    page.select_option("#seat-1-kind", "human")
    assert allow.is_enabled() and not allow.is_checked()
    create_table(page, game="cribbage")
    page.wait_for_selector("#players")
    assert page.locator("#hint-button").count() == 0  # no button to be refused
    page.goto(page.url.split("/t/")[0] + "/")
    page.wait_for_selector("body[data-ready=true]")
    open_setup(page)
    page.check("#game-cribbage")
    page.select_option("#seat-1-kind", "human")
    page.check("#allow-hints")
    create_table(page, game="cribbage")
    page.wait_for_selector("#hint-button")


def axe_in_both_languages(page: Page, where: str) -> None:
    """axe-core on the page as it is, in each of ``AXE_LANGS`` (the page switches without a
    reload), and the page back in English."""
    for lang, tag in AXE_LANGS:
        in_language(page, lang, tag)
        assert axe_violations(page) == [], f"{where} ({lang})"
        if lang == "hi":
            headings_keep_their_weight(page)
    in_language(page, "en", "en")


INK = """(el) => {
  const s = getComputedStyle(el);
  const ink = (weight) => {
    const canvas = document.createElement("canvas");
    canvas.width = 800;
    canvas.height = 100;
    const pen = canvas.getContext("2d");
    pen.font = `${weight} ${s.fontSize} ${s.fontFamily}`;
    pen.fillText(el.textContent.slice(0, 24), 4, 60);
    let sum = 0;
    const data = pen.getImageData(0, 0, 800, 100).data;
    for (let i = 3; i < data.length; i += 4) sum += data[i];
    return sum;
  };
  return [s.fontWeight, s.fontSynthesisWeight || s.fontSynthesis, ink(s.fontWeight), ink(400)];
}"""


def headings_keep_their_weight(page: Page) -> None:
    """Lohit Devanagari has no bold face: the headings are drawn bold all the same (weight
    700, the browser's synthetic bold allowed, and more ink than the text at weight 400)."""
    for heading in page.locator("h1, h2").all()[:3]:
        weight, synthesis, bold, normal = heading.evaluate(INK)
        assert int(weight) >= 700 and "none" not in synthesis, (weight, synthesis)
        assert bold > 1.1 * normal, (heading.inner_text(), bold, normal)


def test_axe_finds_nothing_at_set_up_at_the_show_at_match_over_on_a_replay_and_a_player_page(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    for game in ("draw", "cribbage"):
        page = e2e_open("/", seed=5)
        page.fill("#me-name", "Ana")
        open_setup(page)
        page.check(f"#game-{game}")
        page.select_option("#seat-1-kind", "human")
        page.click("#create")
        page.wait_for_selector("#take-seat")
        axe_in_both_languages(page, f"{game}: the invitation links")
        page.click("#take-seat")
        page.wait_for_selector("#turn")
        page.wait_for_selector('#players .presence[data-presence="free"]')
        axe_in_both_languages(page, f"{game}: waiting for players")

    page = e2e_open("/", seed=5)
    open_setup(page)
    page.check("#game-cribbage")
    page.select_option("#seat-1-level", "beginner")  # a quick opponent: the game is long
    page.select_option("#best-of", "1")
    create_table(page, game="cribbage")
    play_to_the_show(page)
    axe_in_both_languages(page, "cribbage: the show")

    # The match's end, its replay and the player's page: a match of Draw to 1 point among
    # four (the shortest any game has: a cribbage game to 121 is a few hundred clicks, and
    # its end is checked with axe in test_e2e_matches, in two languages).
    base = "/".join(page.url.split("/")[:3])
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": "beginner"}] * 3
    made = page.request.post(
        f"{base}/api/tables", data={"game": "draw", "players": 4, "target": 1, "seats": seats}
    )
    assert made.ok, made.text()
    (mine,) = [seat for seat in made.json()["seats"] if seat.get("link")]
    page.goto(base + mine["link"])
    for _ in range(200):
        wait_for(page, SETTLED)
        if page.locator(DIALOG).count():
            page.click("#continue-button")
            continue
        if page.evaluate("document.body.dataset.turn") == "over":
            break
        play_draw_move(page)
    page.wait_for_selector("#match-over")
    axe_in_both_languages(page, "draw: match over")

    table = page.url.split("/t/")[1].split("#")[0]
    me = page.evaluate("fetch('/api/me').then((r) => r.json())")
    for address in (f"/m/{table}-1", str(me["page"])):
        for lang, tag in AXE_LANGS:
            page.goto(f"{e2e_base_url}{address}?lang={lang}")
            wait_for(page, f"document.documentElement.lang === {tag!r}")
            assert axe_violations(page) == [], f"{address} ({lang})"
            if lang == "hi":
                headings_keep_their_weight(page)
