"""End to end, invitations (issue 13, "Tables"): a private table is not listed and its
one-time invitation works once; a second browser with the spent invitation cannot act; the
seats show bots by their level and who is connected or away. Debian's Chromium, as in
``test_e2e``."""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Page

from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    no_error_shown,
    open_setup,
    play_draw_move,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here


def private_table_with_an_invitation(ana: Page) -> tuple[str, str]:
    """Ana makes a private Draw table of three: her, a person she invites, an expert bot.
    The table's id and the invitation's link."""
    ana.fill("#me-name", "Ana")
    open_setup(ana)
    ana.check("#game-draw")
    ana.select_option("#players", "3")
    ana.select_option("#seat-1-kind", "human")
    ana.select_option("#seat-2-level", "expert")
    assert ana.is_checked("#table-private")  # the form's default
    ana.click("#create")
    ana.wait_for_selector("#invite-1")
    link = ana.input_value("#invite-1")
    assert re.search(r"/t/[\w-]+#invite=[\w-]+$", link) and "token" not in link
    ana.click("#take-seat")
    ana.wait_for_selector("#turn")
    table = ana.url.split("#")[0].split("/t/")[1]
    return table, link


def claim(page: Page, name: str) -> None:
    page.wait_for_selector("#claim-form")
    page.fill("#claim-name", name)
    page.click("#claim-button")


def test_t2_a_private_table_is_not_listed_and_its_invitation_works_once(
    e2e_open: Callable[..., Page],
) -> None:
    ana = e2e_open("/", seed=7)
    table, link = private_table_with_an_invitation(ana)
    assert "Private table" in ana.inner_text("#visibility")
    players = ana.inner_text("#players")
    assert "Expert bot" in players and "Free seat" in players

    stranger = e2e_open("/")
    stranger.click("#refresh")
    stranger.wait_for_selector("#open-tables")
    assert stranger.locator(f'.table-item[data-table="{table}"]').count() == 0

    bo = e2e_open("/" + link.split("127.0.0.1:")[1].split("/", 1)[1])
    claim(bo, "Bo")
    bo.wait_for_selector("#turn")
    assert bo.url.endswith(f"/t/{table}")  # the spent invitation is gone from the address
    assert "Bo (you)" in bo.inner_text("#players")
    wait_for(ana, "document.querySelector('#players [data-seat=\"1\"] .presence.here')")
    assert "Bo" in ana.inner_text("#players")

    # Bo comes back to the table's address: the key kept in his browser seats him again.
    bo.goto(bo.url)
    bo.wait_for_selector("#turn")
    assert "Bo (you)" in bo.inner_text("#players")

    # Bo's browser closes: Ana sees him away.
    bo.context.close()
    wait_for(ana, "document.querySelector('#players [data-seat=\"1\"] .presence.away')")


def test_t2_a_second_browser_cannot_act_with_a_spent_invitation(
    e2e_open: Callable[..., Page],
) -> None:
    # The refused claim is a 410 the browser's console reports: expected here.
    e2e_open.errors.expected.append("status of 410")  # type: ignore[attr-defined]
    ana = e2e_open("/", seed=7)
    _table, link = private_table_with_an_invitation(ana)
    path = "/" + link.split("127.0.0.1:")[1].split("/", 1)[1]
    bo = e2e_open(path)
    claim(bo, "Bo")
    bo.wait_for_selector("#turn")

    cy = e2e_open(path)  # the same link, another browser
    # Issue 35, defect 12: the invitation is checked first: said once, and no name asked.
    cy.wait_for_selector("#claim-refused")
    refusal = cy.inner_text("#claim-refused")
    assert "an invitation works once" in refusal
    assert cy.locator("#claim-form, #claim-name").count() == 0
    assert cy.inner_text("#errors").strip() == ""
    assert cy.inner_text("body").count(refusal) == 1
    cy.click("#watch-button")
    cy.wait_for_selector("#turn")
    assert "You are watching this table." in cy.inner_text(".table-head")
    assert "Cy" not in cy.inner_text("#players")

    # Whenever it is Bo's turn, Cy's page offers no move; the move is Bo's alone.
    for _ in range(30):
        wait_for(
            ana,
            "['0', '1'].includes(document.querySelector('#players .current')?.dataset.seat)"
            " || document.body.dataset.turn === 'over'"
            " || document.querySelector('dialog#round-end[open]')",
        )
        if ana.locator("dialog#round-end[open]").count():
            break
        seat = ana.get_attribute("#players .current", "data-seat")
        if seat == "1":
            seq = bo.evaluate("document.body.dataset.seq")
            wait_for(cy, f"document.body.dataset.seq === {seq!r}")
            assert cy.evaluate("document.body.dataset.turn") == "other"
            assert cy.locator(".tile-button[aria-disabled=false]").count() == 0
            assert cy.locator("#draw-button:enabled, #pass-button:enabled").count() == 0
            break
        wait_for(ana, READY)
        play_draw_move(ana)
        wait_for(ana, "document.body.dataset.pending === 'false'")
    else:
        raise AssertionError("Bo never got the turn")
    no_error_shown(bo)


def test_p1_a_person_comes_back_the_next_day_as_the_same_player(
    e2e_open: Callable[..., Page],
) -> None:
    """A new browser context holding only the first one's cookies (as a browser is the next
    day, its tab and session long gone): the same player, seated again at their table, with
    their name; and their page lists the match."""
    ana = e2e_open("/", seed=7)
    ana.fill("#me-name", "Ana")
    open_setup(ana)
    ana.check("#game-draw")
    ana.click("#create")  # against a bot: the table at once
    ana.wait_for_selector("#turn")
    table = ana.url.split("#")[0].split("/t/")[1]
    cookies = ana.context.cookies()
    (identity,) = [c for c in cookies if c["name"] == "pegboard_player"]
    assert identity["httpOnly"] and identity["sameSite"] == "Lax"
    assert ana.evaluate("document.cookie") == ""  # the page's script cannot read it
    ana.context.close()

    later = e2e_open("/")  # fresh storage: no seat key, nothing but the cookie
    later.context.add_cookies(cookies)
    later.goto(later.url.rstrip("/") + f"/t/{table}")
    later.wait_for_selector("#turn")
    assert "Ana (you)" in later.inner_text("#players")
    assert later.locator("#leave-button").count() == 1

    later.goto(later.url.split("/t/")[0] + "/")
    later.wait_for_selector("#me-panel")
    wait_for(later, "document.getElementById('me-name').value === 'Ana'")
    later.click("#my-page")
    later.wait_for_selector("#matches")
    assert "Draw dominoes" in later.inner_text("#matches")
    assert "Expert bot" in later.inner_text("#matches")
    assert later.inner_text("h1") == "Ana"


def test_p1_a_code_moves_the_player_to_another_browser(e2e_open: Callable[..., Page]) -> None:
    e2e_open.errors.expected.append("status of 410")  # type: ignore[attr-defined]
    phone = e2e_open("/")
    phone.fill("#me-name", "Bo")
    phone.click("#me-save")
    phone.wait_for_selector("#my-page")
    phone.click("#make-code")
    code = phone.input_value("#device-code")
    assert len(code) >= 40

    laptop = e2e_open("/")
    laptop.fill("#device-input", code)
    laptop.click("#device-use")
    laptop.wait_for_selector("#me-note")
    assert "Bo" in laptop.inner_text("#me-note")
    assert laptop.input_value("#me-name") == "Bo"
    assert laptop.get_attribute("#my-page", "href") == phone.get_attribute("#my-page", "href")

    # A code works once; a revoked one not at all.
    third = e2e_open("/")
    third.fill("#device-input", code)
    third.click("#device-use")
    wait_for(third, "document.getElementById('errors').textContent.includes('works once')")
    phone.click("#revoke-code")
    phone.wait_for_selector("#make-code")
    assert "revoked" in phone.inner_text("#me-note")


def test_t2_a_seat_given_up_at_a_private_table_gets_a_new_invitation_from_the_table(
    e2e_open: Callable[..., Page],
) -> None:
    """Bo gives his seat up; nobody could come back to it at a private table, so Ana's
    table offers "New invitation: Seat 2", and Cy takes the seat by its link."""
    ana = e2e_open("/", seed=7)
    _table, link = private_table_with_an_invitation(ana)
    path = "/" + link.split("127.0.0.1:")[1].split("/", 1)[1]
    bo = e2e_open(path)
    claim(bo, "Bo")
    bo.wait_for_selector("#turn")
    bo.click("#leave-button")
    bo.click("#leave-confirm-button")  # Leave asks first
    bo.wait_for_url(re.compile(r"/$"))
    ana.wait_for_selector("#new-invite-1")
    assert "New invitation: Seat 2" in ana.inner_text("#new-invite-1")
    ana.click("#new-invite-1")
    ana.wait_for_selector("#invite-1")
    fresh = ana.input_value("#invite-1")
    assert fresh != link and re.search(r"#invite=[\w-]+$", fresh)
    cy = e2e_open("/" + fresh.split("127.0.0.1:")[1].split("/", 1)[1])
    claim(cy, "Cy")
    cy.wait_for_selector("#turn")
    assert "Cy (you)" in cy.inner_text("#players")
    wait_for(ana, "document.querySelector('#players [data-seat=\"1\"] .presence.here')")
    assert "Cy" in ana.inner_text("#players")
    no_error_shown(ana)
