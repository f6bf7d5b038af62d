"""End to end, whole matches: a person plays a match of each game against bots in the
browser (Debian's Chromium, driven by Playwright), from the table's first move to the
"Match over" summary, clicking as a player does.

What is covered, 8 matches (each game in two languages, one at each screen size):

=================  ===========  ===========  ===========  ===========
game               en           pt (pt-BR)   zh (zh-CN)   hi (hi-IN)
=================  ===========  ===========  ===========  ===========
Draw               1280 x 900                390 x 844
All Fives                       1280 x 900                390 x 844
Fives and Threes   390 x 844                 1280 x 900
Cribbage                        390 x 844                 1280 x 900
=================  ===========  ===========  ===========  ===========

so each game is played at both sizes, and each language at both sizes, in two games. (It
was every game in every language, 16 matches, the slowest file of the suite: the pages'
words in every language are the rules pages', the catalogs' and the axe tests' business
too, and a whole match in a language finds what those do not only where a game's own
messages appear, which two languages of each game reach.) The language is the browser's
(the context's locale), as a new player's would be. The matches are the shortest the games allow: Draw to 1 point with 4 players,
All Fives by fives (to 61) and Fives and Threes (to 61) with 4 players in partnerships
(the person plays a quarter of the moves), and cribbage the best of 1 game to 121 (it has
no shorter match: C7), each against the beginner bots (the people's levels; they move at
once). Each match's seed is fixed, so a run plays the same deals each time.

At three points of each match (the table after the person's second move, the first
round-end dialog, the match over) the page is checked: axe-core finds no violation (mid-round
on each game's desktop match only: the slowest check, on a page built alike in every
language), the page
needs no horizontal scrolling, and no text on a pt/zh/hi page is an English message of the
catalogs left untranslated. At the end, the final scores the page shows (the "Match over"
list, and the pegs of the score board) equal those of the server's record of the match
(``GET /api/matches/TABLE-1/record``, replayed by the game's own rules); for cribbage the
game-over dialog says the skunk as C7 has it, in the page's language (the whole game once
played for that alone by ``test_e2e``).

The moves are found as a player finds them: the tiles and cards that are enabled, the
Draw/Pass/Go/Discard buttons, the ends lit on the board, the dialog's button.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page

import pegboard.games
from pegboard.i18n import translator
from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    WAIT_MS,
    Errors,
    _free_port,
    e2e_browser,
    served_in_thread,
    shot,
    wait_for,
)

__all__ = ["e2e_browser"]  # a fixture this module uses

LOCALE = Path(pegboard.__file__).parent / "locale"
DIALOG = "dialog[open]"
SETTLED = f"{READY} || document.querySelector('{DIALOG}')"
BOT = "beginner"
DESKTOP = (1280, 900)
PHONE = (390, 844)


@dataclass(frozen=True)
class Language:
    code: str  # the catalog's (pt_BR)
    locale: str  # the browser's (pt-BR)
    tag: str  # the page's <html lang>


LANGUAGES = {
    "en": Language("en", "en-US", "en"),
    "pt": Language("pt_BR", "pt-BR", "pt-BR"),
    "zh": Language("zh_Hans", "zh-CN", "zh-Hans"),
    "hi": Language("hi", "hi-IN", "hi"),
}


@dataclass(frozen=True)
class Setting:
    """A game's shortest match: its table's options and the seed of its deals."""

    options: dict[str, Any]
    seats: int
    seed: int


SETTINGS = {
    "draw": Setting({"players": 4, "target": 1}, 4, 20),
    "all-fives": Setting({"players": 4, "partnerships": 1, "by_fives": 1}, 4, 33),
    "fives-and-threes": Setting({"players": 4, "partnerships": 1}, 4, 20),
    "cribbage": Setting({"players": 2, "best_of": 1}, 2, 27),
}
GAMES = tuple(SETTINGS)


GRID = {
    "draw": (("en", DESKTOP), ("zh", PHONE)),
    "all-fives": (("pt", DESKTOP), ("hi", PHONE)),
    "fives-and-threes": (("zh", DESKTOP), ("en", PHONE)),
    "cribbage": (("hi", DESKTOP), ("pt", PHONE)),
}
"""The module's table: each game's two languages and their screen sizes."""


def grid() -> Iterator[Any]:
    """Each game in its two languages, one on a desktop and one on a phone."""
    for game in GAMES:
        for lang, (width, height) in GRID[game]:
            yield pytest.param(game, lang, width, height, id=f"{game}-{lang}-{width}")


# -- the app ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def matches_base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with bots that move at once, thinking in the server's own process; each
    match's seed is the one its test asks for (``SEEDS``)."""
    database = tmp_path_factory.mktemp("e2e-matches") / "pegboard.db"
    app = create_app(
        f"sqlite:///{database}",
        bot_delay=0,
        limits=PLAY_LIMITS,
        bot_workers=0,
        seed_source=lambda: SEEDS.pop(0) if SEEDS else 1,
    )
    yield from served_in_thread(app, _free_port())


SEEDS: list[int] = []
"""The seed of the next match the server makes (a test puts it here before creating)."""


def open_match(
    browser: Browser, base: str, game: str, lang: str, size: tuple[int, int]
) -> tuple[Page, Errors]:
    """A browser in ``lang`` at ``size``, at a new table of ``game`` made through the API
    (the lobby's own choices are other tests'), in the creator's seat against bots."""
    width, height = size
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale=LANGUAGES[lang].locale,
        reduced_motion="reduce",
    )
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors = Errors()
    errors.watch(page)
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    setting = SETTINGS[game]
    seats = [{"kind": "human", "name": "Ana"}] + [
        {"kind": "bot", "level": BOT} for _ in range(setting.seats - 1)
    ]
    SEEDS[:] = [setting.seed]
    answer = page.request.post(
        base + "/api/tables",
        data={
            "game": game,
            "seats": seats,
            "public": False,
            "lang": LANGUAGES[lang].code,
            **setting.options,
        },
    )
    assert answer.ok, answer.text()
    created = answer.json()
    (mine,) = [seat for seat in created["seats"] if seat.get("link")]
    page.goto(base + mine["link"])
    page.wait_for_selector("body[data-ready=true]")
    wait_for(page, "document.body.dataset.seq !== undefined")
    assert page.evaluate("document.documentElement.lang") == LANGUAGES[lang].tag
    return page, errors


# -- moves -------------------------------------------------------------------------------------


def moved(page: Page, before: str) -> bool:
    return bool(
        page.evaluate(
            f"document.body.dataset.pending === 'true' || document.body.dataset.seq !== {before!r}"
        )
    )


def choose_end(page: Page) -> None:
    """The tile picked fits several ends: click the first end lit on the board (or its
    button beside the board, where the page has one)."""
    for selector in (".marker.fits", "button.end"):
        ends = page.locator(selector)
        if ends.count():
            ends.first.click()
            return
    raise AssertionError("a tile was picked, nothing moved and no end is offered")


def play_one(page: Page) -> None:
    """One move as a player makes it: a tile or card that can be played (cribbage's discard:
    the first two cards, then Discard), else the one button there is (Draw, Pass, Go)."""
    before = str(page.evaluate("document.body.dataset.seq"))
    discard = page.locator("#discard-button")
    if discard.count():
        cards = page.locator(".card-button")
        cards.nth(0).click()
        cards.nth(1).click()
        discard.click()
        return
    playable = page.locator(".tile-button[aria-disabled=false], .card-button[aria-disabled=false]")
    if playable.count():
        playable.first.click()
        if not moved(page, before):
            choose_end(page)
        return
    for button in ("#draw-button", "#pass-button", "#go-button"):
        found = page.locator(f"{button}:not([disabled])")
        if found.count():
            found.click()
            return
    raise AssertionError("the person's turn, and no move to make on the page")


# -- checks ------------------------------------------------------------------------------------


@functools.cache
def english_patterns(code: str) -> tuple[re.Pattern[str], ...]:
    """The messages of the catalogs that ``code`` translates to something else, as
    patterns of their English text (a field, ``{name}`` or ``%(name)s``, matches any
    text). Only messages with an English word of 3 letters or more outside their fields."""
    with (LOCALE / code / "LC_MESSAGES" / "pegboard.po").open("rb") as po:
        catalog = read_po(po)
    field = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]")
    patterns = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if not english or english in strings:
                continue
            words = field.split(english)
            if not any(re.search(r"[A-Za-z]{3}", word) for word in words):
                continue
            body = r".+?".join(
                re.escape(word.strip()) if i in (0, len(words) - 1) else re.escape(word)
                for i, word in enumerate(words)
            )
            patterns.append(re.compile(rf"\s*{body}\s*", re.DOTALL))
    return tuple(patterns)


VISIBLE_TEXTS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const parent = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !parent || parent.closest('script, style, noscript, #lang-select')) continue;
    if (!parent.checkVisibility()) continue;
    found.push(text);
  }
  for (const element of document.querySelectorAll('[aria-label]')) {
    if (element.checkVisibility()) found.push(element.getAttribute('aria-label'));
  }
  return found;
}"""


def untranslated(page: Page, lang: str) -> list[str]:
    """The texts shown on a page in ``lang`` that are an English message of the catalogs,
    left in English."""
    if lang == "en":
        return []
    patterns = english_patterns(LANGUAGES[lang].code)
    texts: list[str] = page.evaluate(VISIBLE_TEXTS)
    return sorted({text for text in texts if any(p.fullmatch(text) for p in patterns)})


def check_page(page: Page, lang: str, name: str, problems: list[str], *, axe: bool = True) -> None:
    """axe (unless told not), the page's width and its words, at one point of a match;
    what fails is kept in ``problems`` (every point is checked, then the test fails with
    all of them)."""
    shot(page, name)
    for rule in axe_violations(page) if axe else ():
        problems.append(f"{name}: axe {rule}")
    if (extra := horizontal_overflow(page)) > 0:
        problems.append(f"{name}: {extra} px of horizontal scrolling")
    for text in untranslated(page, lang):
        problems.append(f"{name}: untranslated {text!r}")


def final_numbers(page: Page) -> list[int]:
    """Each seat's number in the "Match over" list: the last number of its line."""
    lines = page.locator("#match-over li").all_inner_texts()
    return [int(re.findall(r"\d+", line)[-1]) for line in lines]


def pegged(page: Page) -> list[int]:
    """The front pegs of the score board, lane by lane (a seat's, or a side's)."""
    pegs = page.locator("#track circle.peg.front")
    lanes = {
        int(pegs.nth(i).get_attribute("data-seat") or -1): int(
            pegs.nth(i).get_attribute("data-score") or -1
        )
        for i in range(pegs.count())
    }
    return [lanes[lane] for lane in sorted(lanes)]


def recorded(page: Page, base: str) -> Any:
    """The server's record of the table's first match, replayed by the game's rules."""
    table = page.url.split("#")[0].split("/t/")[1]
    answer = page.request.get(f"{base}/api/matches/{table}-1/record")
    assert answer.ok, answer.text()
    record = answer.json()
    return pegboard.games.get(record["game"]).from_record(record)


# -- the matches -------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "lang", "width", "height"), list(grid()))
def test_a_person_plays_a_whole_match_against_bots_to_its_summary(
    e2e_browser: Browser, matches_base_url: str, game: str, lang: str, width: int, height: int
) -> None:
    page, errors = open_match(e2e_browser, matches_base_url, game, lang, (width, height))
    name = f"match-{game}-{lang}-{width}"
    problems: list[str] = []
    moves = 0
    dialogs = 0
    _ = translator(LANGUAGES[lang].code)
    game_end = ""  # cribbage: the game-over dialog's words (C7's skunk said there)
    try:
        while True:
            wait_for(page, SETTLED)
            if page.locator(DIALOG).count():
                if not dialogs:
                    check_page(page, lang, f"{name}-round-end", problems)
                dialogs += 1
                said = page.inner_text(DIALOG)
                if said.startswith(_("Game over")):
                    game_end = said
                page.locator(f"{DIALOG} button").last.click()
                wait_for(page, f"!document.querySelector('{DIALOG}')")
                continue
            if page.evaluate("document.body.dataset.turn") == "over":
                break
            play_one(page)
            moves += 1
            if moves == 2:
                wait_for(page, SETTLED)
                if not page.locator(DIALOG).count():
                    # axe mid-round once per game (on its desktop match): the page's
                    # structure is the same in every language, and axe is the slowest of
                    # the checks.
                    desktop = (width, height) == DESKTOP
                    check_page(page, lang, f"{name}-mid-round", problems, axe=desktop)
                    if lang == "en":  # the check of the words can fail: English is found
                        assert untranslated(page, "pt"), "no English message found in English"
            assert moves < 400, "a match this short cannot take this many moves"
        assert dialogs, "the match ended with no round-end dialog"
        page.wait_for_selector("#match-over")
        check_page(page, lang, f"{name}-over", problems)
        # The final scores on the page are the server's record's.
        match = recorded(page, matches_base_url)
        assert match.is_over
        if game == "cribbage":  # won by game points; the board shows the last game
            assert final_numbers(page) == list(match.points)
            final = list(match.games[-1].result.scores)
            assert pegged(page) == final
            # C7: the winner reached 121; a loser below 91 is skunked, below 61 double
            # skunked, and the game-over dialog says so in the page's language.
            assert game_end, "the game ended with no game-over dialog"
            assert max(final) >= 121 > min(final)
            if min(final) < 61:
                assert _("Double skunk") in game_end
            elif min(final) < 91:
                assert _("Skunk") in game_end and _("Double skunk") not in game_end
            else:
                assert _("Skunk") not in game_end
        else:  # the board pegs a side's score (the Fives games in partnerships)
            assert final_numbers(page) == list(match.scores)
            sides = getattr(match, "side_scores", match.scores)
            assert pegged(page) == list(sides)
        assert problems == []
    finally:
        page.context.close()
    assert errors.items == []
