"""End to end, ratings (issue 13, "Ratings"): two people play rated Draw matches in their
browsers and a rated cribbage game (driven over the WebSocket, a game to 121 is long), and
both players' ratings are what ``openskill`` computes from the matches' records; the
leaderboard and the player pages show them, provisional players marked and left off the
leaderboard; axe-core finds nothing on the leaderboard and the player page (in two
languages), and every glyph is drawn (in the four). Debian's Chromium, as in ``test_e2e``."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

import httpx
from openskill.models import PlackettLuce
from playwright.sync_api import Page

import pegboard.games
from pegboard.web import games
from pegboard.web.rating_scale import shown
from tests.web.conftest import play_out
from tests.web.page_checks import axe_violations, missing_glyphs
from tests.web.real_socket import RealClient
from tests.web.test_e2e import (  # the browser tests' own set-up
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    open_setup,
    play_draw_move,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here

OPENSKILL = PlackettLuce()
DIALOG = "dialog#round-end[open]"
MY_TURN = "document.body.dataset.turn === 'yours' && document.body.dataset.pending === 'false'"
LANGS = ("en", "pt", "zh", "hi")
AXE_LANGS = ("pt", "hi")
"""The languages axe checks a page in: its structure is the same in every language (a
catalog changes words, never elements, roles or colours), so two, one written in the Latin
script and one not; every glyph is checked in each of ``LANGS``."""


def rated_table_of_two(ana: Page, game: str, **choices: str) -> tuple[str, str]:
    """Ana makes a rated table of two people in the lobby (the checkbox): the table's id and
    the invitation's path."""
    ana.fill("#me-name", "Ana")
    open_setup(ana)
    ana.check(f"#game-{game}")
    ana.select_option("#seat-1-kind", "human")
    for selector, value in choices.items():
        if ana.locator(f"select#{selector}").count():
            ana.select_option(f"#{selector}", value)
        else:
            ana.fill(f"#{selector}", value)
    ana.check("#table-rated")
    ana.click("#create")
    ana.wait_for_selector("#invite-1")
    link = ana.input_value("#invite-1")
    ana.click("#take-seat")
    ana.wait_for_selector("#turn")
    assert "Rated table" in ana.inner_text("#visibility")
    table = ana.url.split("#")[0].split("/t/")[1]
    return table, "/" + link.split("://", 1)[1].split("/", 1)[1]


def claim_as(page: Page, name: str) -> None:
    page.wait_for_selector("#claim-form")
    page.fill("#claim-name", name)
    page.click("#claim-button")
    page.wait_for_selector("#turn")


def play_draw_in_browsers(pages: list[Page]) -> None:
    """Each page plays its turns by clicking, round ends closed, until both show the
    match over."""
    for _step in range(2000):
        moved = False
        for page in pages:
            if page.locator(DIALOG).count():
                page.click("#continue-button")
                moved = True
            elif page.evaluate(f"Boolean({MY_TURN})"):
                play_draw_move(page)
                moved = True
        if not moved:
            if all(
                page.evaluate("document.body.dataset.turn") == "over"
                and not page.locator(DIALOG).count()
                for page in pages
            ):
                return
            pages[0].wait_for_timeout(25)
    raise AssertionError("a Draw match to one point cannot take this long")


def me(page: Page, base: str) -> str:
    player: str = page.context.request.get(f"{base}/api/me").json()["id"]
    return player


def standings_of(base: str, table: str, number: int, game: str) -> list[float]:
    """The final standings of a match, from its record (what ``pegboard replay`` reads)."""
    record = httpx.get(f"{base}/api/matches/{table}-{number}/record", timeout=30).json()
    return games.standings(pegboard.games.get(game).from_record(record), pegboard.games.get(game))


def openskill_after(
    rating: list[tuple[float, float]], scores: list[float]
) -> list[tuple[float, float]]:
    """openskill's Plackett-Luce after one match, ranked by ``scores`` (higher is better)."""
    teams = [[OPENSKILL.rating(mu=mu, sigma=sigma)] for mu, sigma in rating]
    return [(t[0].mu, t[0].sigma) for t in OPENSKILL.rate(teams, scores=scores)]


def ratings_api(base: str, player: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{base}/api/players/{player}/ratings", timeout=30).json()
    return answer


def rating_at(base: str, player: str, game: str) -> tuple[float, float, int, bool]:
    (found,) = [r for r in ratings_api(base, player)["ratings"] if r["game"] == game]
    return found["mu"], found["sigma"], found["matches"], found["provisional"]


def readable(text: str, mu: float, sigma: float) -> None:
    """A rating as people read it (issue 35, defect 11): the 1500-based number with its
    ± band, never OpenSkill's raw mu or sigma, never a negative number."""
    rating = shown(mu, sigma)
    text = text.replace("\xa0", " ")  # the page keeps "1500 ± 500" on one line
    assert f"{rating.rating} ± {rating.band}" in text, text
    assert 1000 < rating.rating < 2000 and rating.band > 0
    assert "μ" not in text and "σ" not in text, text
    assert f"{mu:.1f}" not in text and f"{sigma:.1f}" not in text, text
    assert not re.search(r"[-\u2212]\d", text), text


def check_page(page: Page, base: str, path: str) -> None:
    for lang in LANGS:
        page.goto(f"{base}{path}?lang={lang}")
        page.wait_for_selector("main")
        assert page.get_attribute("html", "data-lang") == lang
        if lang in AXE_LANGS:
            assert axe_violations(page) == [], (path, lang)
        assert missing_glyphs(page) == [], (path, lang)


def test_r2_rated_draw_matches_in_the_browser_rate_both_players_as_openskill_does(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    base = e2e_base_url
    ana = e2e_open("/")
    table, invite = rated_table_of_two(ana, "draw", target="1")
    bo = e2e_open(invite)
    claim_as(bo, "Bo")
    players = [me(ana, base), me(bo, base)]
    assert len(set(players)) == 2
    summary = httpx.get(f"{base}/api/tables/{table}", timeout=30).json()
    assert summary["rated"] is True and summary["hints"] is False

    want = [(OPENSKILL.mu, OPENSKILL.sigma)] * 2
    matches = 5  # enough for the leaderboard (PROVISIONAL_MATCHES)
    for number in (1, 2):  # played in the browsers, the second started from the page
        if number > 1:
            if ana.locator(DIALOG).count():  # the page reopened at the match's end
                ana.click("#continue-button")
            ana.click("#again-button")
            for page in (ana, bo):
                wait_for(page, f"document.body.dataset.seq.startsWith('{number}:')")
        play_draw_in_browsers([ana, bo])
        want = openskill_after(want, standings_of(base, table, number, "draw"))
        for player, (mu, sigma) in zip(players, want, strict=True):
            assert rating_at(base, player, "draw")[:3] == (mu, sigma, number)
        if number == 1:
            # After one match both are provisional: the player page says so, the
            # leaderboard leaves them out.
            ana.goto(f"{base}/p/{players[0]}")
            row = ana.inner_text('#ratings tr[data-game="draw"]')
            assert "Provisional" in row
            readable(row, *want[0])
            assert "μ" not in ana.inner_text("#ratings") and "σ" not in ana.inner_text("#ratings")
            ana.goto(f"{base}/leaderboard/draw")
            assert ana.locator("tr.leader").count() == 0
            ana.goto(f"{base}/t/{table}")
            ana.wait_for_selector("#again-button", state="attached")
    # The other matches over the same seats' sockets (the browsers' part is done: a
    # rated match is rated whatever its moves came through).
    with ExitStack() as sockets:
        seats = {}
        for page in (ana, bo):
            seat, token = key_of(page, table)
            seats[seat] = RealClient(sockets, base, table, seat, token)
        rng = random.Random(11)
        for number in range(3, matches + 1):
            seats[0].socket.send(json.dumps({"type": "again"}))
            for socket in seats.values():
                socket.until(lambda state, number=number: state["match"] == number)
            play_out([seats[0], seats[1]], rng)
            want = openskill_after(want, standings_of(base, table, number, "draw"))
            for player, (mu, sigma) in zip(players, want, strict=True):
                assert rating_at(base, player, "draw")[:3] == (mu, sigma, number)

    # The leaderboard lists both, best first by mu - 3 sigma, with their ratings.
    ana.goto(f"{base}/leaderboard/draw?lang=en")
    order = sorted(range(2), key=lambda seat: -(want[seat][0] - 3 * want[seat][1]))
    rows = ana.locator("tr.leader")
    assert rows.count() == 2
    for place, seat in enumerate(order):
        row = rows.nth(place)
        assert row.get_attribute("data-player") == players[seat]
        text = row.inner_text()
        assert ["Ana", "Bo"][seat] in text
        readable(text, *want[seat])
        assert str(shown(*want[seat]).cautious) in text  # the order, on the same scale
    # The caption says what the order is; no column is OpenSkill's raw mu or sigma.
    caption = ana.inner_text("#leaderboard caption")
    assert "Ranked by the cautious rating" in caption, caption
    assert "μ" not in ana.inner_text("#leaderboard thead")
    board = httpx.get(f"{base}/api/leaderboard/draw", timeout=30).json()
    assert [(e["player"], e["mu"], e["sigma"]) for e in board["players"]] == [
        (players[seat], *want[seat]) for seat in order
    ]
    # Each player page: the rating (not provisional now) and the five rated matches.
    for seat, player in enumerate(players):
        bo.goto(f"{base}/p/{player}?lang=en")
        row = bo.inner_text('#ratings tr[data-game="draw"]')
        readable(row, *want[seat])
        assert "On the leaderboard" in row and "Provisional" not in row
        assert bo.locator("#rating-changes tr.rating-change").count() == matches
    check_page(ana, base, "/leaderboard/draw")
    check_page(bo, base, f"/p/{players[1]}")


def key_of(page: Page, table: str) -> tuple[int, str]:
    key = page.evaluate(f"JSON.parse(localStorage.getItem('pegboard.seat.{table}'))")
    return int(key["seat"]), str(key["token"])


def test_r2_a_rated_cribbage_game_rates_both_players_as_openskill_does(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    base = e2e_base_url
    ana = e2e_open("/")
    table, invite = rated_table_of_two(ana, "cribbage", **{"best-of": "1"})
    bo = e2e_open(invite)
    claim_as(bo, "Bo")
    players = [me(ana, base), me(bo, base)]
    with ExitStack() as sockets:
        seats = {}
        for page in (ana, bo):
            seat, token = key_of(page, table)
            seats[seat] = RealClient(sockets, base, table, seat, token)
        play_out([seats[0], seats[1]], random.Random(13))
    # The end's state came after its commit and its rating: both are saved by now.

    scores = standings_of(base, table, 1, "cribbage")
    assert sorted(scores) == [0.0, 1.0]  # a win, skunk or not
    want = openskill_after([(OPENSKILL.mu, OPENSKILL.sigma)] * 2, scores)
    winner = scores.index(1.0)
    assert want[winner][0] > OPENSKILL.mu > want[1 - winner][0]
    for seat, player in enumerate(players):
        assert rating_at(base, player, "cribbage") == (*want[seat], 1, True)
        ana.goto(f"{base}/p/{player}?lang=en")
        row = ana.inner_text('#ratings tr[data-game="cribbage"]')
        assert "Provisional" in row
        readable(row, *want[seat])
        change = ana.locator(f'#rating-changes tr[data-match="{table}-1"]')
        assert change.count() == 1
    # One rated game: both provisional, so the cribbage leaderboard lists neither.
    ana.goto(f"{base}/leaderboard/cribbage?lang=en")
    assert ana.locator("tr.leader").count() == 0
    assert "No player has finished 5 rated matches" in ana.inner_text("#leaderboard")
    check_page(ana, base, "/leaderboard/cribbage")
