"""End to end, a finished match's report beside its replay (issue 36): for each game, a
short match played out (seat 0's random legal moves against a bot, seeded) is analysed
from its replay page with a small search budget; the report's progress and then its
figures show, the first graded decision's button takes the viewer to the position before
that move, where every legal action is valued, in words as the table's hints say it (never
the engine's notation), and the one played marked; the move shown
next is marked with its grade (a symbol and its name, not colour alone). Each game is
read in another language (the headings and a grade's name from the catalogs, never
English), two of them on a phone (390×844, nothing wider than the screen), and axe finds
no violation. Draw's report is asked from the finished table's "Analyse" link."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from pegboard.analysis import GRADE_NAMES
from pegboard.i18n import translator
from pegboard.web.app import create_app
from pegboard.web.messages import catalog
from tests.web.conftest import PLAY_LIMITS
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import (  # the browser tests' own set-up
    SHOTS,
    Seeds,
    _free_port,
    e2e_browser,
    e2e_open,
    served_in_thread,
    shot,
    wait_for,
)
from tests.web.test_e2e_replay_viewer import finished_match

__all__ = ["e2e_browser", "e2e_open"]  # fixtures used here

ANALYSIS_BUDGET = 2
"""Iterations per search of a decision: enough to value and rank every action, little enough
for a test. This test checks the report's page, never the analysis' strength (the
analysis' own tests and ``python -m benchmarks analysis`` do): 8 cost a random game of
cribbage's analysis 17 s of CPU against 7.5 s at 2 (measured on a loaded machine)."""

REPORT_WAIT_MS = 180_000
"""How long the page may show the analysis' progress: a cribbage game's end is valued by the
chance of winning, some seconds of a worker's CPU, and tens of them on a loaded machine (this
test checks the page's flow; the analysis' speed is ``python -m benchmarks analysis speed``'s)."""

GAMES: dict[str, tuple[dict[str, Any], int, str, tuple[int, int]]] = {
    # game: (the table's options, the match's seed, the page's language, the window)
    "draw": ({"game": "draw", "players": 2, "target": 30}, 1, "en", (1280, 900)),
    "cribbage": ({"game": "cribbage", "best_of": 1}, 2, "zh", (390, 844)),
    "all-fives": ({"game": "all-fives", "players": 2}, 3, "hi", (1280, 900)),
    "fives-and-threes": ({"game": "fives-and-threes", "players": 2}, 4, "pt", (390, 844)),
}


@pytest.fixture(scope="module")
def e2e_seeds() -> Seeds:
    return Seeds()


@pytest.fixture(scope="module")
def e2e_base_url(tmp_path_factory: pytest.TempPathFactory, e2e_seeds: Seeds) -> Iterator[str]:
    """The browser tests' app (bots with no delay), its reports searched with a small budget."""
    database = tmp_path_factory.mktemp("e2e-reports") / "pegboard.db"
    app = create_app(
        f"sqlite:///{database}",
        bot_delay=0,
        seed_source=e2e_seeds,
        limits=PLAY_LIMITS,
        analysis_budget=ANALYSIS_BUDGET,
    )
    yield from served_in_thread(app, _free_port())


def words(lang: str) -> Callable[[str], str]:
    """The page's strings in ``lang`` (the catalog the page reads)."""
    messages = catalog(lang)
    return lambda msgid: messages.get(msgid) or msgid


@pytest.mark.parametrize("game", list(GAMES))
def test_a_finished_match_is_analysed_and_its_mistakes_lead_to_their_positions(
    e2e_open: Callable[..., Page], e2e_base_url: str, e2e_seeds: Seeds, game: str
) -> None:
    options, seed, lang, (width, height) = GAMES[game]
    e2e_seeds.wanted.append(seed)
    match = finished_match(e2e_base_url, options, seed)
    table = match.rsplit("-", 1)[0]
    say = words(lang)
    grade_names = {translator(lang)(name) for name in GRADE_NAMES.values()}
    if lang != "en":  # the catalogs say them in their own words
        assert not grade_names & set(GRADE_NAMES.values())

    if game == "draw":
        # The finished table offers "Analyse": its replay opens and asks for the report.
        page = e2e_open(f"/t/{table}", width=width, height=height)
        page.click("#analyse-link")
        page.wait_for_url(re.compile(rf"/m/{match}\?.*analyse=1"))
        page.wait_for_selector("body[data-ready=true]")
    else:
        page = e2e_open(f"/m/{match}?lang={lang}", width=width, height=height)
        assert page.inner_text("#report-title") == say("Game report")
        page.click("#analyse-button")
    # Its progress, then the report (a few seconds at this budget).
    wait_for(
        page,
        "document.querySelector('#report-progress') !== null"
        " || document.querySelector('#report-body').dataset.ready === 'true'",
    )
    wait_for(
        page, "document.querySelector('#report-body').dataset.ready === 'true'", REPORT_WAIT_MS
    )
    assert page.inner_text("#report-title") == say("Game report")
    assert page.inner_text("#report-graded-title") == say("Graded moves")
    heads = page.locator("#report-players thead th").all_inner_texts()
    assert heads[:2] == [say("Player"), say("Accuracy")]
    # A grade's column: its mark, its word for screen readers, and the word in the legend.
    assert heads[2].split() == ["?!", say("Inaccuracies")]
    assert page.locator("#report-players thead th .grade-mark").first.get_attribute("title") == say(
        "Inaccuracies"
    )
    assert f"?? {say('Blunders')}" in page.inner_text(".report-legend")
    # No column cut off: the players' table needs no scrolling in its box.
    assert page.evaluate(
        "(() => { const box = document.querySelector('#report-players').parentElement;"
        " return box.scrollWidth <= box.clientWidth + 1; })()"
    )
    accuracies = page.locator("#report-players td.accuracy").all_inner_texts()
    assert len(accuracies) == 2
    assert all(0 <= float(text.replace(",", ".")) <= 100 for text in accuracies)
    assert all(len(text.split(",")[-1].split(".")[-1]) == 1 for text in accuracies)

    # The first graded decision: its button shows the position before that move.
    first = page.locator("#report-graded .report-move").first
    index = int(first.get_attribute("data-index") or -1)
    mark = first.locator(".grade-mark")
    assert mark.get_attribute("aria-label") in grade_names
    assert mark.inner_text() in ("?!", "?", "??")
    first.click()
    wait_for(page, f"document.querySelector('#replay-at').dataset.at === '{index}'")
    assert page.evaluate("location.hash") == f"#{index}"
    assert first.get_attribute("aria-current") == "true"
    # Every legal action valued there, best first, the one played marked.
    values = page.locator("#report-values")
    assert values.get_attribute("data-index") == str(index)
    assert page.locator("#report-values tbody tr").count() >= 2
    assert page.locator("#report-values tr.taken").count() == 1
    assert say("Move {move}: {name} to play").split("{")[0] in page.inner_text(
        "#report-decision-title"
    )
    assert str(index + 1) in page.inner_text("#report-decision-title")
    # The actions in words, as the table's hints say them, never the engine's notation
    # (2-3@1-2H, discard 7D 3C, play 5H, draw, pass): in the values and the graded moves.
    for selector in ("#report-values tbody", "#report-graded"):
        text = page.inner_text(selector)
        assert "@" not in text and not re.search(r"\d-\d", text), text
        if lang in ("zh", "hi"):
            assert not re.search(r"\b(discard|play|draw|pass)\b", text), text
    # The move itself, one step on, is marked in the viewer's move list with its grade.
    page.locator("#report-title").focus()
    page.keyboard.press("ArrowRight")
    wait_for(page, f"document.querySelector('#replay-at').dataset.at === '{index + 1}'")
    played = page.locator("#replay-move .grade-mark")
    assert played.count() == 1 and played.get_attribute("aria-label") in grade_names
    # The chart: the server's SVG, its data as a table.
    wait_for(page, "document.querySelector('#report-chart img').complete")
    assert page.evaluate("document.querySelector('#report-chart img').naturalWidth") > 0
    assert page.locator("#report-chart-table tbody tr").count() >= 2

    # Each action's parts in reading order (issue 36): a cribbage discard's hand, crib,
    # pegging and net (the first decision of the match), a domino play's points now, tiles
    # left and blocking; in the page's language.
    if game == "cribbage":
        page.evaluate("location.hash = '#0'")
        wait_for(page, "document.querySelector('#report-values')?.dataset.index === '0'")
        parts = ("hand", "crib", "pegging", "net")
    else:  # the graded decision again: the viewer stepped past it above
        page.evaluate(f"location.hash = '#{index}'")
        wait_for(page, f"document.querySelector('#report-values')?.dataset.index === '{index}'")
        parts = ("points now", "tiles left", "blocking (%)")
    named = [translator(lang)(part) for part in parts]
    # Each part labelled as the language punctuates a label (zh 手牌：9.7).
    colon = translator(lang)("{label}: {value}").split("{label}")[1].split("{value}")[0].rstrip()
    for line in page.locator("#report-values .details").all_inner_texts():
        at = [line.find(name + colon) for name in named if name + colon in line]
        assert at == sorted(at) and len(at) >= (4 if game == "cribbage" else 1), line
    assert page.locator("#report-values .details").count() >= 2

    shot(page, f"report-{game}-{lang}-{width}")
    page.locator("#report-decision").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"report-{game}-{lang}-{width}-decision.png"))
    if width < 600:
        assert horizontal_overflow(page) <= 0
    assert axe_violations(page) == []
