"""End to end, whole matches: a person plays a match of each game against bots in the
browser (Debian's Chromium, driven by Playwright), from the table's first move to the
"Match over" summary, clicking as a player does.

What is covered, 9 matches (each game in two languages, one at each screen size, and
cribbage a third time, five-card), the settings chosen per match so that each is a table
the suite has nowhere else as a whole match:

=================  =====  ===========  ==================================================
game               lang   screen       table (its options)
=================  =====  ===========  ==================================================
Draw               en     1280 x 900   4 players, to 1 point
Draw               zh     390 x 844    partnerships on the double-nine set, to 1 (D21-D27),
                                       set up in the lobby
All Fives          pt     1280 x 900   4 in partnerships, by fives (to 61)
All Fives          hi     390 x 844    the same
Fives and Threes   zh     1280 x 900   4 in partnerships (to 61)
Fives and Threes   en     390 x 844    the same
Cribbage           hi     1280 x 900   2 players, the best of 1 game to 121 (C7)
Cribbage           pt     390 x 844    3 players, the best of 1 (C8, C12; issue 40)
Cribbage           en     390 x 844    five-card, the best of 1 game to 61 (C13-C17)
=================  =====  ===========  ==================================================

so each game is played at both sizes, and each language at both sizes. (It was every game
in every language, 16 matches, the slowest file of the suite: the pages' words in every
language are the rules pages', the catalogs' and the axe tests' business too, and a whole
match in a language finds what those do not only where a game's own messages appear, which
two languages of each game reach.) The language is the browser's (the context's locale),
as a new player's would be. The matches are the shortest the games allow, each against the
beginner bots (the people's levels; they move at once). Each match's seed is fixed, so a
run plays the same deals each time.

At three points of each match (the table after the person's second move, the first
round-end dialog, the match over) the page is checked: axe-core finds no violation (mid-round
once per table, on its desktop match where it has one: the slowest check, on a page built
alike in every language), the page needs no horizontal scrolling, and no text on a pt/zh/hi
page is an English message of the catalogs left untranslated. At the end, the final scores the page shows (the "Match
over" list, and the pegs of the score board) equal those of the server's record of the
match (``GET /api/matches/TABLE-1/record``, replayed by the game's own rules); for cribbage
between two the game-over dialog says the skunk as C7 has it, in the page's language.

Each table's own checks, at the phase where they hold (``Looks``, in
``tests/web/match_checks.py``):

- partnership Draw on double-nine: the sides' list ("You and ..."), "Your partner" on the
  partner's card and every card's side (D21), seven tiles each at four (D26), every tile of
  the hand drawn with as many pips as its number at each of the person's turns, a tile of 7,
  8 or 9 seen (D25), and each round's end naming both partners (D22, D23);
- All Fives and Fives and Threes at four: the sides' names (F1) and the layout drawn, Draw
  and Pass/Knock exactly when no tile fits at each of the person's turns (F4), the last play
  marked, and each hand's end with every hand revealed, its pip count, the summary and (the
  first hand's) arithmetic (F8);
- cribbage: every seat round the table, the board's streets (a back peg each) and its
  target, the cards dealt and laid away (two between two, one among three: "Choose a card
  for the crib.", C8; two of five at five-card, C13), the count within 31 at each turn (C4,
  C10), and each hand's show in its order (the hands from the dealer's left, the dealer's
  last, then the crib, C11, C16) with each hand's points as the rules count them
  (``score_hand``, ``show_points3``); at five-card, three for last (C14) and every hand to 61
  in the log (C17).

Cribbage for four in partnerships (C9) is not a match here (the longest of all): one hand of
it is played to its show, set up in the lobby, on a phone, by
``test_c9_a_person_plays_a_hand_of_cribbage_for_four_in_partnerships``.
Cribbage with muggins (C18-C20) is one hand too, set up in the lobby on a phone, to the end
of its show, where the person claims and answers with the number fields
(``test_c18_c19_a_person_claims_and_answers_at_a_muggins_show``).

The moves are found as a player finds them: the tiles and cards that are enabled, the
Draw/Pass/Go/Discard buttons, the ends lit on the board, the dialog's button.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from pegboard.cribbage.cards import Card
from pegboard.cribbage.scoring import score_breakdown
from pegboard.i18n import translator
from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS
from tests.web.match_checks import (
    DESKTOP,
    DIALOG,
    LANGUAGES,
    PHONE,
    Looks,
    Setting,
    check_page,
    final_numbers,
    pegged,
    recorded,
    untranslated,
)
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
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

SETTLED = f"{READY} || document.querySelector('{DIALOG}')"
BOT = "beginner"
FIVES = {"players": 4, "partnerships": 1}
GRID = (
    Setting("draw", "en", DESKTOP, {"players": 4, "target": 1}, 20),
    Setting(
        "draw",
        "zh",
        PHONE,
        {"players": 4, "partnerships": 1, "set": 9, "target": 1},
        19,
        "nine-partners",
        lobby=True,
    ),
    Setting("all-fives", "pt", DESKTOP, {**FIVES, "by_fives": 1}, 33),
    Setting("all-fives", "hi", PHONE, {**FIVES, "by_fives": 1}, 33),
    Setting("fives-and-threes", "zh", DESKTOP, FIVES, 20),
    Setting("fives-and-threes", "en", PHONE, FIVES, 20),
    Setting("cribbage", "hi", DESKTOP, {"players": 2, "best_of": 1}, 55),
    Setting("cribbage", "pt", PHONE, {"players": 3, "best_of": 1}, 50, "three"),
    Setting("cribbage", "en", PHONE, {"cards": 5, "best_of": 1}, 46, "five-card"),
)
"""The module's table: each game's matches, their languages, screens and tables."""


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


def open_browser(
    browser: Browser, base: str, lang: str, size: tuple[int, int]
) -> tuple[Page, Errors]:
    """A browser in ``lang`` at ``size``, in the lobby."""
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
    return page, errors


def set_up_in_the_lobby(page: Page, game: str, options: dict[str, Any]) -> None:
    """The lobby's full set-up: the game, each option in its control (a list or a number
    field), every other seat a bot; create, and the table opens at once."""
    page.fill("#me-name", "Ana")
    open_setup(page)
    page.check(f"#game-{game}")
    for option, value in options.items():
        control = page.locator("#" + option.replace("_", "-"))
        if control.evaluate("element => element.tagName") == "SELECT":
            control.select_option(str(value))
        else:
            control.fill(str(value))
    for seat in range(1, int(options.get("players", 2))):
        page.select_option(f"#seat-{seat}-kind", "bot")
        page.select_option(f"#seat-{seat}-level", BOT)
    page.click("#create")
    page.wait_for_url(re.compile(r"/t/[^/#]+"))


def open_match(browser: Browser, base: str, setting: Setting) -> tuple[Page, Errors]:
    """A browser in the setting's language and size, at a new table of its game made
    through the API (or the lobby, where the setting says), in the creator's seat against
    bots."""
    page, errors = open_browser(browser, base, setting.lang, setting.size)
    SEEDS[:] = [setting.seed]
    if setting.lobby:
        set_up_in_the_lobby(page, setting.game, setting.options)
    else:
        seats = [{"kind": "human", "name": "Ana"}] + [
            {"kind": "bot", "level": BOT} for _ in range(setting.seats - 1)
        ]
        answer = page.request.post(
            base + "/api/tables",
            data={
                "game": setting.game,
                "seats": seats,
                "public": False,
                "lang": LANGUAGES[setting.lang].code,
                **setting.options,
            },
        )
        assert answer.ok, answer.text()
        created = answer.json()
        (mine,) = [seat for seat in created["seats"] if seat.get("link")]
        page.goto(base + mine["link"])
    page.wait_for_selector("body[data-ready=true]")
    wait_for(page, "document.body.dataset.seq !== undefined")
    assert page.evaluate("document.documentElement.lang") == LANGUAGES[setting.lang].tag
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


def play_one(page: Page) -> int:
    """One move as a player makes it: a tile or card that can be played, else the one
    button there is (Draw, Pass, Go); cribbage's discard: the first cards one by one until
    Discard is enabled, then Discard. Returns the cards laid away (0 for any other move)."""
    before = str(page.evaluate("document.body.dataset.seq"))
    discard = page.locator("#discard-button")
    if discard.count():
        cards = page.locator(".card-button")
        laid = 0
        while discard.is_disabled():
            assert laid < 2, "two cards picked and Discard not enabled (C2, C8, C13)"
            cards.nth(laid).click()
            laid += 1
        discard.click()
        return laid
    playable = page.locator(".tile-button[aria-disabled=false], .card-button[aria-disabled=false]")
    if playable.count():
        playable.first.click()
        if not moved(page, before):
            choose_end(page)
        return 0
    for button in ("#draw-button", "#pass-button", "#go-button"):
        found = page.locator(f"{button}:not([disabled])")
        if found.count():
            found.click()
            return 0
    raise AssertionError("the person's turn, and no move to make on the page")


# -- the matches -------------------------------------------------------------------------------


@pytest.mark.parametrize("setting", [pytest.param(s, id=s.id) for s in GRID])
def test_a_person_plays_a_whole_match_against_bots_to_its_summary(
    e2e_browser: Browser, matches_base_url: str, setting: Setting
) -> None:
    page, errors = open_match(e2e_browser, matches_base_url, setting)
    game, lang = setting.game, setting.lang
    name = f"match-{setting.id}"
    problems: list[str] = []
    moves = 0
    dialogs = 0
    _ = translator(LANGUAGES[lang].code)
    looks = Looks(setting, _)
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
                looks.dialog(page)
                page.locator(f"{DIALOG} button").last.click()
                wait_for(page, f"!document.querySelector('{DIALOG}')")
                continue
            if page.evaluate("document.body.dataset.turn") == "over":
                break
            if not moves:
                looks.start(page)
            looks.turn(page)
            if laid := play_one(page):
                looks.laid(laid)
            moves += 1
            if moves == 2:
                wait_for(page, SETTLED)
                if not page.locator(DIALOG).count():
                    # axe mid-round once per table (on its desktop match, or its only
                    # one): the page's structure is the same in every language, and axe
                    # is the slowest of the checks.
                    desktop = setting.size == DESKTOP or not any(
                        other.size == DESKTOP
                        and (other.game, other.options) == (game, setting.options)
                        for other in GRID
                    )
                    check_page(page, lang, f"{name}-mid-round", problems, axe=desktop)
                    if looks.fives:  # the last play marked, with its points
                        assert page.locator("#last-play").count() == 1
                    if lang == "en":  # the check of the words can fail: English is found
                        assert untranslated(page, "pt"), "no English message found in English"
            assert moves < 400, "a match this short cannot take this many moves"
        assert dialogs, "the match ended with no round-end dialog"
        page.wait_for_selector("#match-over")
        check_page(page, lang, f"{name}-over", problems)
        # The final scores on the page are the server's record's.
        match = recorded(page, matches_base_url)
        assert match.is_over
        looks.end(page, match)
        if game == "cribbage":  # won by game points; the board shows the last game
            assert final_numbers(page) == list(match.points)
            final = list(match.games[-1].result.scores)
            assert pegged(page) == final
            assert game_end, "the game ended with no game-over dialog"
            assert max(final) >= looks.target > min(final)  # C7, C12, C17
            if setting.seats == 3:  # a win among three is one game point, never more (C12)
                assert _("Skunk") not in game_end
            elif not looks.five_card:
                # C7: a loser below 91 is skunked, below 61 double skunked, and the
                # game-over dialog says so in the page's language.
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


def test_c9_a_person_plays_a_hand_of_cribbage_for_four_in_partnerships(
    e2e_browser: Browser, matches_base_url: str
) -> None:
    """Cribbage for four (C9), set up in the lobby, one hand on a small phone to its show:
    one peg a side on the board, "Your partner" and every card's side, one card laid away
    of five, the count within 31, the show's order and points (C11); axe-core and the
    page's width at the first turn and at the show."""
    setting = Setting("cribbage", "en", (360, 740), {"players": 4}, 700, "four", lobby=True)
    page, errors = open_match(e2e_browser, matches_base_url, setting)
    looks = Looks(setting, translator("en"))
    try:
        wait_for(page, SETTLED)
        assert not page.locator(DIALOG).count()
        looks.start(page)
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, "cribbage-4-360")
        moves = 0
        while not page.locator(DIALOG).count():
            looks.turn(page)
            if laid := play_one(page):
                looks.laid(laid)
            moves += 1
            wait_for(page, SETTLED)
            if moves == 3:
                shot(page, "cribbage-4-360-pegging")
            assert moves < 20, "one hand cannot take a player this many moves"
        looks.dialog(page)
        assert looks.discards == [1] and looks.shows == 1
        assert axe_violations(page) == []
        assert horizontal_overflow(page) <= 0
        shot(page, "cribbage-4-360-show")
    finally:
        page.context.close()
    assert errors.items == []


def test_c18_c19_a_person_claims_and_answers_at_a_muggins_show(
    e2e_browser: Browser, matches_base_url: str
) -> None:
    """Cribbage with muggins (C18-C20), set up in the lobby's "Counting the score", one
    hand on a phone in Portuguese to its show: the bot's claim answered (muggins for what
    it missed, or let stand), a claim of 30 refused in words under its field and nothing
    played, the person's claim of one point less than the hand holds, and the beginner
    bot's muggins for exactly that point (C19); then the show's dialog says what was
    claimed and mugged. axe-core, the page's width and its words at the claim. What a hand
    holds is counted by the rules' own scoring from the cards the page turns up."""
    setting = Setting("cribbage", "pt", (360, 740), {"muggins": 1, "best_of": 1}, 7, "muggins")
    page, errors = open_browser(e2e_browser, matches_base_url, "pt", setting.size)
    _ = translator("pt")
    try:
        SEEDS[:] = [setting.seed]
        open_setup(page)
        page.check("#game-cribbage")
        label = page.eval_on_selector("#muggins", "select => select.labels[0].innerText")
        label = label.splitlines()[0]  # the label holds the list
        choices = page.locator("#muggins option").all_inner_texts()
        assert (label, choices) == (
            _("Counting the score"),
            [_("Counted for you"), _("You count, with muggins")],
        )
        set_up_in_the_lobby(page, "cribbage", setting.options)
        page.wait_for_selector("body[data-ready=true]")
        wait_for(page, SETTLED)
        assert _("Counted by the players, with muggins") in page.inner_text(".table-head")
        moves = 0
        while not page.locator("#claiming").count():
            play_one(page)
            moves += 1
            wait_for(page, SETTLED)
            assert moves < 20, "one hand cannot take a player this many moves"
        problems: list[str] = []
        asked: list[str] = []
        short = 0  # the point the person's claim left out
        while not page.locator(DIALOG).count():
            cards = page.locator("#claiming .shown-cards > .cards [data-card]").evaluate_all(
                "chips => chips.map((chip) => chip.dataset.card)"
            )
            starter = page.locator("#claiming .with-starter [data-card]").get_attribute("data-card")
            crib = page.locator("#claiming").get_attribute("data-what") == "crib"
            held = score_breakdown(
                [Card.parse(c) for c in cards], Card.parse(starter or ""), crib
            ).total
            before = str(page.evaluate("document.body.dataset.seq"))
            # One number field, never a button a number (thirty legal claims or calls).
            assert page.locator("#claiming button").count() <= 4
            assert page.locator("#claiming input[type=number]").count() == 1
            if page.locator("#claim-points").count():
                if "claim" not in asked:
                    check_page(page, "pt", "cribbage-muggins-claim", problems)
                    page.fill("#claim-points", "30")
                    page.click("#claim-points-button")
                    refusal = _(
                        "a claim is from 0 to 29 points, the most a hand can hold, not {points}"
                    )
                    wait_for(
                        page, "document.querySelector('#claim-points-error')?.textContent !== ''"
                    )
                    said = page.inner_text("#claim-points-error")
                    assert said.startswith(refusal.format(points=30)) and "C18" in said, said
                    assert page.evaluate("document.body.dataset.seq") == before  # nothing played
                    short = 1 if held else 0
                asked.append("claim")
                page.fill("#claim-points", str(held - short))
                page.click("#claim-points-button")
            else:
                said_claim = page.inner_text("#claim-said")
                claimed = int(re.findall(r"\d+", said_claim)[-1])
                asked.append("answer")
                if claimed < held:
                    page.fill("#muggins-points", str(held - claimed))
                    page.click("#muggins-points-button")
                else:
                    page.click("#no-muggins-button")
            wait_for(page, SETTLED)
            wait_for(page, f"document.body.dataset.seq !== {before!r}")
            assert len(asked) < 6
        assert "claim" in asked and "answer" in asked and short == 1
        mugged = page.locator(f"{DIALOG} .shown .claimed").all_inner_texts()
        wanted = _("Muggins by {name}").format(name="")
        assert any(wanted.strip() in line and line.endswith(": 1") for line in mugged), mugged
        log = page.inner_text("#log")
        assert _("{who} calls muggins for {points}.").format(who="", points=1).strip() in log
        assert problems == []
        shot(page, "cribbage-muggins-show")
    finally:
        page.context.close()
    assert errors.items == []
