"""End to end: a person plays a whole match of five-card cribbage (C13-C17) against a bot in
the browser on a phone-sized screen: the table deals five, lays two away, plays one count to
31 and shows hands of three; the board runs to 61 with its lurch line; axe finds nothing at
the table; the page's final scores are the server's record's."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Browser

from pegboard.i18n import translator
from tests.web.test_e2e import WAIT_MS, Errors, e2e_browser, wait_for
from tests.web.test_e2e_matches import (
    DIALOG,
    LANGUAGES,
    PHONE,
    SEEDS,
    SETTLED,
    check_page,
    final_numbers,
    matches_base_url,
    pegged,
    play_one,
    recorded,
)

__all__ = ["e2e_browser", "matches_base_url"]  # fixtures this module uses


def test_c13_c17_a_person_plays_five_card_cribbage_on_a_phone(
    e2e_browser: Browser, matches_base_url: str
) -> None:
    lang = "en"
    width, height = PHONE
    context = e2e_browser.new_context(
        viewport={"width": width, "height": height},
        locale=LANGUAGES[lang].locale,
        reduced_motion="reduce",
    )
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    errors = Errors()
    errors.watch(page)
    base = matches_base_url
    page.goto(base + "/")
    page.wait_for_selector("body[data-ready=true]")
    SEEDS[:] = [40]
    seats: list[dict[str, Any]] = [
        {"kind": "human", "name": "Ana"},
        {"kind": "bot", "level": "expert"},
    ]
    answer = page.request.post(
        base + "/api/tables",
        data={
            "game": "cribbage",
            "seats": seats,
            "public": False,
            "lang": "en",
            "best_of": 1,
            "cards": 5,
        },
    )
    assert answer.ok, answer.text()
    (mine,) = [seat for seat in answer.json()["seats"] if seat.get("link")]
    page.goto(base + mine["link"])
    page.wait_for_selector("body[data-ready=true]")
    wait_for(page, "document.body.dataset.seq !== undefined")
    problems: list[str] = []
    _ = translator("en")
    moves = 0
    try:
        assert "Cribbage board to 61" in page.inner_html("#track")
        assert page.locator(".card-button").count() == 5  # five dealt (C13)
        while True:
            wait_for(page, SETTLED)
            if page.locator(DIALOG).count():
                page.locator(f"{DIALOG} button").last.click()
                wait_for(page, f"!document.querySelector('{DIALOG}')")
                continue
            if page.evaluate("document.body.dataset.turn") == "over":
                break
            play_one(page)
            moves += 1
            if moves == 3:
                wait_for(page, SETTLED)
                if not page.locator(DIALOG).count():
                    check_page(page, lang, "five-card-mid-hand", problems)
            assert moves < 200
        page.wait_for_selector("#match-over")
        told = page.inner_text("body")
        # The log: three for last before the first deal (C14), every hand to 61 (C17).
        assert "three for last: " in told.lower() and "(to 61)" in told and "(to 121)" not in told
        check_page(page, lang, "five-card-over", problems, axe=False)
        match = recorded(page, base)
        assert match.is_over and match.cards == 5
        final = list(match.games[-1].result.scores)
        assert final_numbers(page) == list(match.points)
        assert pegged(page) == final and max(final) >= 61 > min(final)  # C17
        assert problems == []
    finally:
        context.close()
    assert errors.items == []
