"""End to end, the rules pages in Debian's Chromium (Playwright, headless, the browser
tests' own set-up in tests/web/test_e2e.py): each page in each language readable at 360 px
without scrolling sideways and without a missing glyph, the Draw page's diagrams named and
described by Chromium's accessibility tree exactly as the seed pages say, "try it" placing a
tile (and refusing one that does not fit, naming D5), and axe-core (axe-playwright-python,
which ships axe.min.js: nothing is downloaded) finding no violation, each page in two
languages. The cribbage page's are tests/web/test_e2e_rules_cribbage.py's.

The app is served by uvicorn on a loopback port of 18200-18249, a temporary database.
Screenshots go to build/e2e/ (rules-draw-hi.png...).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from typing import Any

import pytest

if os.environ.get("PEGBOARD_SKIP_E2E") == "1":
    pytest.skip("PEGBOARD_SKIP_E2E=1: the browser tests are skipped", allow_module_level=True)

from playwright.sync_api import Browser, Page, expect

import pegboard.games
from pegboard.draw.looks.rules_page import BY_ID, build_line
from pegboard.web.app import create_app
from tests.draw.test_seed_descriptions import DIAGRAMS, SEEDS
from tests.web.conftest import PLAY_LIMITS, port_in
from tests.web.fives_pages import PAGES as FIVES_PAGES
from tests.web.fives_pages import fives_registered
from tests.web.page_checks import axe_violations, horizontal_overflow, missing_glyphs
from tests.web.test_e2e import (
    READY,
    SHOTS,
    WAIT_MS,
    Errors,
    create_table,
    e2e_browser,
    open_setup,
    play_draw_move,
    served_in_thread,
    shot,
    wait_for,
)
from tests.web.test_rules_pages import SEED_CAPTIONS, SEED_TITLES

__all__ = ["e2e_browser"]  # a fixture this module uses

PORTS = range(18200, 18250)
LANGS = ("en", "pt", "zh", "hi")
PAGES = ("/rules/draw", "/rules")
"""The pages read here: the cribbage page's every check of this module (read at 360 px in
each language, every glyph, one heading; axe at 1000 px) is made by
``tests/web/test_e2e_rules_cribbage.py``, on the page with its counter's answer shown too."""
AXE_LANGS = {
    "/rules/draw": ("en", "zh"),
    "/rules": ("pt", "hi"),
    "generic": ("en", "hi"),
    "all-fives": ("pt", "zh"),
    "fives-and-threes": ("en", "hi"),
}
"""The languages axe checks each page in: its structure is the same in every language (a
catalog changes words, never elements, roles or colours), so two, one written in the Latin
script and one not, the pages taking different pairs so that every language is checked (the
glyphs, which are the words, are checked in every language)."""


@pytest.fixture(scope="module")
def rules_base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    database = tmp_path_factory.mktemp("e2e-rules") / "pegboard.db"
    # Every match dealt from seed 5 (as test_e2e's match to one point): the same games each run.
    app = create_app(
        f"sqlite:///{database}",
        bot_delay=0,
        bot_workers=0,
        seed_source=lambda: 5,
        limits=PLAY_LIMITS,  # a browser test reads the pages faster than a person
    )
    yield from served_in_thread(app, port_in(PORTS))


@pytest.fixture
def open_page(e2e_browser: Browser, rules_base: str) -> Iterator[Any]:
    contexts = []
    errors = Errors()

    def open_(path: str, width: int = 1000, height: int = 900) -> Page:
        context = e2e_browser.new_context(viewport={"width": width, "height": height})
        context.set_default_timeout(WAIT_MS)
        contexts.append(context)
        page = context.new_page()
        errors.watch(page)
        page.goto(rules_base + path)
        return page

    open_.refusals = []  # type: ignore[attr-defined]
    yield open_
    for context in contexts:
        context.close()
    # A refusal the test asked for is a 422 the browser logs; nothing else may be.
    expected = "the server responded with a status of 422"
    allowed = len(open_.refusals)  # type: ignore[attr-defined]
    refused = [e for e in errors.items if expected in e]
    assert [e for e in errors.items if expected not in e] == []
    assert len(refused) == allowed


# -- Glyphs: every character drawn by a font that has it --------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("path", PAGES)
def test_every_page_reads_at_360_px_with_every_glyph(open_page: Any, path: str, lang: str) -> None:
    page = open_page(f"{path}?lang={lang}", width=360, height=740)
    expect(page.locator("h1")).to_have_count(1)
    assert horizontal_overflow(page) <= 0
    assert missing_glyphs(page) == []
    if path == "/rules/draw":
        shot(page, f"rules-draw-{lang}-360")


def test_the_glyph_and_overflow_checks_catch_a_fault(open_page: Any) -> None:
    page = open_page("/rules/draw?lang=hi", width=360, height=740)
    page.evaluate(
        "() => { const p = document.createElement('p'); p.textContent = 'அ \\ue000';"
        " document.querySelector('main').append(p); }"
    )
    assert {m[0] for m in missing_glyphs(page)} >= {"அ", "\ue000"}
    page.evaluate(
        "() => { const d = document.createElement('div'); d.style.width = '600px';"
        " d.textContent = 'x'; document.querySelector('main').append(d); }"
    )
    assert horizontal_overflow(page) > 0


# -- The diagrams in the accessibility tree ---------------------------------------------------


def images(page: Page) -> list[tuple[str, str]]:
    """Each image of Chromium's accessibility tree: (name, description)."""
    session = page.context.new_cdp_session(page)
    tree = session.send("Accessibility.getFullAXTree")["nodes"]
    session.detach()
    found = []
    for node in tree:
        if node.get("ignored") or node.get("role", {}).get("value") not in ("image", "img"):
            continue
        name = node.get("name", {}).get("value", "")
        description = node.get("description", {}).get("value", "")
        found.append((name, description))
    return found


def drawn_image(ident: str, tile: str, lang: str) -> tuple[str, str]:
    """A diagram no seed describes as Chromium names and describes it: ``tile`` placed
    last, the engine's description of the line the page's ``ident`` builds."""
    line = build_line(BY_ID[ident].plays)
    return SEED_TITLES[lang].format(tile=tile), line.describe(lang)


def block_image(lang: str) -> tuple[str, str]:
    """The Block game's diagram (D18-D20): [3|4] placed last."""
    return drawn_image("d-block", "[3|4]", lang)


def nine_image(lang: str) -> tuple[str, str]:
    """The double-nine set's diagram (D25): [8|9] placed last on [9|9]."""
    return drawn_image("d-nine", "[8|9]", lang)


def seed_images(page: Page, lang: str) -> list[tuple[str, str]]:
    """The images of the seeds' diagrams, in the tree's order: all but the Block game's and
    the double-nine set's (Chromium's full tree does not list them in the page's order)."""
    return [image for image in images(page) if image not in (block_image(lang), nine_image(lang))]


@pytest.mark.parametrize("lang", LANGS)
def test_chromium_names_and_describes_each_diagram_as_the_seeds_say(
    open_page: Any, lang: str
) -> None:
    """And, in two of the languages (``AXE_LANGS``), axe finds no violation on the page."""
    page = open_page(f"/rules/draw?lang={lang}")
    expected = [
        (SEED_TITLES[lang].format(tile="[{}|{}]".format(*key.split("-"))), SEEDS[lang][key])
        for key in DIAGRAMS
    ]
    # The seeds' seven in order, then the Block game's (D18-D20) and the double-nine set's
    # (D25), which no seed describes.
    found = images(page)
    assert block_image(lang) in found and nine_image(lang) in found
    assert seed_images(page, lang) == expected
    expected += [block_image(lang), nine_image(lang)]
    for (title, _description), figure in zip(
        expected, page.locator("figure.diagram").all(), strict=True
    ):
        expect(figure.locator("figcaption")).to_contain_text(title)
        expect(figure.locator("figcaption")).to_contain_text(SEED_CAPTIONS[lang])
    if lang == "hi":
        shot(page, "rules-draw-hi")
    if lang in AXE_LANGS["/rules/draw"]:
        expect(page.locator("#d-1-4 .try")).to_be_visible()  # with try it's controls shown
        assert axe_violations(page) == []


# -- Try it -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["hi", "en"])
def test_try_it_places_1_1_on_the_1_of_1_4(open_page: Any, lang: str) -> None:
    page = open_page(f"/rules/draw?lang={lang}")
    figure = page.locator("#d-1-4")
    expect(figure.locator(".try")).to_be_visible()
    figure.locator(".tray button", has_text="[1|1]").click()
    expect(figure.locator(".tray button", has_text="[1|1]")).to_have_attribute(
        "aria-pressed", "true"
    )
    figure.locator('.ends button[data-end="1-4L"]').click()
    expect(figure.locator(".diagram-desc")).to_have_text(SEEDS[lang]["1-1"])
    expect(figure.locator(".diagram-title")).to_have_text(SEED_TITLES[lang].format(tile="[1|1]"))
    assert seed_images(page, lang)[0] == (
        SEED_TITLES[lang].format(tile="[1|1]"),
        SEEDS[lang]["1-1"],
    )
    assert figure.locator('svg .marker[data-end="1-1B"]').count() == 1
    shot(page, f"rules-try-{lang}")
    figure.locator(".reset").click()
    expect(figure.locator(".diagram-desc")).to_have_text(SEEDS[lang]["1-4"])
    assert seed_images(page, lang)[0] == (
        SEED_TITLES[lang].format(tile="[1|4]"),
        SEEDS[lang]["1-4"],
    )


@pytest.mark.parametrize("lang", ["pt", "zh"])
def test_try_it_refuses_a_tile_that_does_not_fit_naming_d5(open_page: Any, lang: str) -> None:
    page = open_page(f"/rules/draw?lang={lang}")
    open_page.refusals.append("[5|5]")
    figure = page.locator("#d-1-4")
    figure.locator(".tray button", has_text="[5|5]").click()
    figure.locator("svg .marker").first.click()  # the marker in the drawing itself
    status = figure.locator(".try-status")
    expect(status).to_contain_text("D5")
    assert "does not fit" not in status.inner_text()
    expect(figure.locator(".diagram-desc")).to_have_text(SEEDS[lang]["1-4"])  # unchanged


def test_try_it_is_keyboard_usable(open_page: Any) -> None:
    page = open_page("/rules/draw?lang=zh")
    open_page.refusals.append("[1|1]")
    figure = page.locator("#d-2-2")
    figure.locator(".tray button", has_text="[1|1]").focus()
    page.keyboard.press("Enter")
    figure.locator(".ends button").first.focus()
    page.keyboard.press("Enter")
    expect(figure.locator(".try-status")).to_contain_text("D5")  # [1|1] has no 2
    # A refused tile stays chosen: the visitor may try another joining point.
    expect(figure.locator(".tray button", has_text="[1|1]")).to_have_attribute(
        "aria-pressed", "true"
    )


def test_without_javascript_the_page_reads_and_try_it_stays_hidden(
    e2e_browser: Browser, rules_base: str
) -> None:
    context = e2e_browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(rules_base + "/rules/draw?lang=pt")
        expect(page.locator("h1")).to_have_text("Como jogar Dominó Draw")
        assert page.locator(".try").first.is_hidden()
        assert seed_images(page, "pt")[1] == (
            SEED_TITLES["pt"].format(tile="[1|1]"),
            SEEDS["pt"]["1-1"],
        )
    finally:
        context.close()


# -- axe-core ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", AXE_LANGS["/rules"])
def test_axe_finds_no_violation(open_page: Any, lang: str) -> None:
    """The list of the rules pages (the Draw page's axe is checked with its diagrams)."""
    page = open_page(f"/rules?lang={lang}")
    assert axe_violations(page) == []


@pytest.mark.parametrize("lang", LANGS)
def test_the_generic_page_reads_at_360_px_and_passes_axe(
    open_page: Any, plain_toy_game: Any, lang: str
) -> None:
    """A game with no rules page of its own (the test-only toy, without its looks): the
    generic page (axe in two of the languages, ``AXE_LANGS``)."""
    page = open_page(f"/rules/{plain_toy_game.name}?lang={lang}", width=360, height=740)
    expect(page.locator("h1")).to_contain_text("Tricks")
    assert horizontal_overflow(page) <= 0
    assert missing_glyphs(page) == []
    if lang in AXE_LANGS["generic"]:
        assert axe_violations(page) == []
    if lang == "hi":
        shot(page, "rules-generic-hi-360")


@pytest.fixture
def fives_games() -> Iterator[None]:
    """All Fives and Fives and Threes registered (stand-ins until the registry has them)."""
    with fives_registered():
        yield


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", FIVES_PAGES)
def test_the_fives_pages_read_at_360_px_with_every_glyph_and_pass_axe(
    open_page: Any, fives_games: None, name: str, lang: str
) -> None:
    """The pages of All Fives and Fives and Threes: read on a phone, every glyph drawn,
    no axe violation (in two of the languages, ``AXE_LANGS``), each diagram named and
    described by Chromium as by the engine."""
    from pegboard.fives.looks import rules_page as fives

    page = open_page(f"/rules/{name}?lang={lang}", width=360, height=740)
    expect(page.locator("figure.diagram").first).to_be_visible()
    assert horizontal_overflow(page) <= 0
    assert missing_glyphs(page) == []
    if lang in AXE_LANGS[name]:
        assert axe_violations(page) == []
    diagrams = fives.ALL_FIVES_DIAGRAMS if name == "all-fives" else fives.FIVES_AND_THREES_DIAGRAMS
    layouts = [fives.build_layout(item) for item in diagrams]
    assert images(page) == [(lay.title(lang), lay.describe(lang)) for lay in layouts]
    if lang == "hi":
        shot(page, f"rules-{name}-hi-360")


def test_axe_catches_a_planted_fault(open_page: Any) -> None:
    page = open_page("/rules/draw?lang=en")
    page.evaluate("() => document.querySelector('#d-1-4 svg').removeAttribute('aria-labelledby')")
    page.evaluate("() => document.querySelector('#d-1-4 svg title').remove()")
    assert any(v.startswith("svg-img-alt") for v in axe_violations(page))


def test_the_lobby_and_a_table_link_to_the_rules(open_page: Any) -> None:
    page = open_page("/")
    page.wait_for_selector("body[data-ready=true]")
    # Each game's Play now links its rules (the full set-up's choice of game does too).
    link = page.locator('#quick-play a.rules-link[href^="/rules/draw"]')
    expect(link).to_have_count(1)
    href = link.get_attribute("href") or ""
    assert re.fullmatch(r"/rules/draw\?lang=en", href), href
    # A table's heading links to the part of the rules that matters now: a turn.
    create_table(page, game="cribbage")
    table_link = page.locator(".table-head a.rules-link")
    expect(table_link).to_have_attribute("href", re.compile(r"^/rules/cribbage\?lang=en(#|$)"))
    page.goto(page.url.split("/t/")[0] + "/")
    page.wait_for_selector("body[data-ready=true]")
    create_table(page, game="draw")
    expect(page.locator(".table-head a.rules-link")).to_have_attribute(
        "href", "/rules/draw?lang=en#turn"
    )
    page.locator(".table-head a.rules-link").click()
    expect(page.locator("h1")).to_have_text("How to play Draw dominoes")
    assert page.url.endswith("#turn")
    page.goto(page.url.split("/rules/")[0] + "/")
    page.wait_for_selector("body[data-ready=true]")
    page.locator('#quick-play a.rules-link[href^="/rules/draw"]').click()
    expect(page.locator("h1")).to_have_text("How to play Draw dominoes")
    assert SHOTS.is_dir()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_each_rules_page_names_its_game_as_the_lobby_does(open_page: Any, lang: str) -> None:
    # Issue 35, defect 13: the lobby said "How to play Draw dominoes" and the page's
    # heading "How to play Draw": one name per game, the registry's, on both.
    page = open_page("/")
    page.wait_for_selector("body[data-ready=true]")
    if lang != "en":
        page.select_option("#lang-select", "zh_Hans")
        expect(page.locator(f'#quick-play a.rules-link[href*="lang={lang}"]')).to_have_count(
            len(pegboard.games.names())
        )
        # The links' words follow once the games' names in the language are in (a link's
        # address changes first): no English name left in them.
        english = [str(pegboard.games.get(n).display_name) for n in pegboard.games.names()]
        for i in range(len(english)):
            expect(page.locator("#quick-play a.rules-link").nth(i)).not_to_have_text(
                re.compile("|".join(re.escape(name) for name in english))
            )
    # The lobby's links in view: each game's under its Play (the set-up is folded away).
    links = page.locator("#quick-play a.rules-link")
    expect(links).to_have_count(len(pegboard.games.names()))
    said = {
        links.nth(i).get_attribute("href") or "": links.nth(i).inner_text()
        for i in range(links.count())
    }
    base = "/".join(page.url.split("/", 3)[:3])
    for href, text in said.items():
        page.goto(base + href)
        expect(page.locator("h1")).to_have_text(text)


def test_at_a_rounds_end_the_table_links_to_the_scoring(open_page: Any) -> None:
    page = open_page("/")
    page.wait_for_selector("body[data-ready=true]")
    open_setup(page)
    page.fill("#target", "1")
    create_table(page, game="draw")
    link = page.locator(".table-head a.rules-link")
    expect(link).to_have_attribute("href", "/rules/draw?lang=en#turn")
    while not page.locator("dialog#round-end[open]").count():
        wait_for(page, f"{READY} || document.querySelector('dialog#round-end[open]')")
        if page.locator("dialog#round-end[open]").count():
            break
        play_draw_move(page)
    expect(link).to_have_attribute("href", "/rules/draw?lang=en#scoring")
    page.click("#continue-button")
    page.wait_for_selector("#match-over")  # seed 5's round is won with points: match over
    expect(link).to_have_attribute("href", "/rules/draw?lang=en#match")


HEADER_STYLE = """() => {
  const top = document.querySelector("header.top");
  const brand = top.querySelector(".brand");
  const bar = getComputedStyle(top);
  const name = getComputedStyle(brand);
  return [bar.backgroundColor, bar.color, bar.paddingTop, bar.paddingLeft,
          brand.textContent.trim(), name.color, name.fontSize, name.fontWeight];
}"""


def test_the_rules_header_is_the_apps(open_page: Any) -> None:
    # Issue 35, defect 13: the rules pages had a header of their own (a light bar) where
    # the lobby and the table have the site's (the dark one with its white name).
    app = open_page("/")
    app.wait_for_selector("body[data-ready=true]")
    expected = app.evaluate(HEADER_STYLE)
    for path in ("/rules/draw?lang=en", "/rules/all-fives?lang=zh", "/rules?lang=en"):
        page = open_page(path)
        assert page.evaluate(HEADER_STYLE) == expected, path
        assert page.locator("header.top .lang").count() == 1, path  # its language switch
