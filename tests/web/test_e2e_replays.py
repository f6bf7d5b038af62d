"""End to end, replays (issue 13, "Finished matches"): a person plays a Draw match to its
end in the browser, then its replay page goes to the first and the last move by keyboard
and shows every seat's hand there, as the match's own record has them. Debian's Chromium,
as in ``test_e2e``."""

from __future__ import annotations

from collections.abc import Callable

import httpx
from playwright.sync_api import Page

import pegboard.games
from tests.web.test_e2e import (  # the browser tests' own set-up
    READY,
    e2e_base_url,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    play_draw_move,
    wait_for,
)

__all__ = ["e2e_base_url", "e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here


def test_m1_a_finished_match_replays_to_its_last_move_with_every_hand(
    e2e_open: Callable[..., Page], e2e_base_url: str
) -> None:
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]
    body = {"game": "draw", "players": 2, "target": 1, "seats": seats}  # one round (D17)
    made = httpx.post(f"{e2e_base_url}/api/tables", json=body, timeout=30).json()
    table = made["table"]
    ana = e2e_open(made["seats"][0]["link"])
    ana.wait_for_selector("#turn")
    for _move in range(200):  # a round of two has far fewer moves
        wait_for(ana, READY)
        if ana.evaluate("document.body.dataset.turn") == "over":
            break
        play_draw_move(ana)
    assert ana.evaluate("document.body.dataset.turn") == "over"

    record = httpx.get(f"{e2e_base_url}/api/matches/{table}-1/record", timeout=30).json()
    final = pegboard.games.get("draw").from_record(record)
    moves = len(record["actions"]) if "actions" in record else None

    # The table links its finished match's replay (under the round's end, once closed).
    if ana.locator("dialog#round-end[open]").count():
        ana.keyboard.press("Escape")
        ana.wait_for_selector("dialog#round-end:not([open])", state="attached")
    ana.click(f'#replays a[href="/m/{table}-1"]')
    ana.wait_for_url(f"**/m/{table}-1**")
    ana.wait_for_selector("body[data-ready=true]")  # the viewer's keys are bound
    last = int(ana.get_attribute("#replay-at", "data-at") or -1)
    assert last == int(ana.get_attribute("#replay-at", "data-moves") or -2) > 0
    if moves is not None:
        assert last == moves
    ana.keyboard.press("Home")
    ana.wait_for_selector('#replay-at[data-at="0"]')
    ana.keyboard.press("ArrowRight")
    ana.wait_for_selector('#replay-at[data-at="1"]')
    ana.keyboard.press("End")
    ana.wait_for_selector(f'#replay-at[data-at="{last}"]')
    for seat, hand in enumerate(final.round.hands):
        # Each tile drawn as the table draws it (issue 35, 7), named by its numbers.
        tiles = ana.locator(f'#replay-hands dd[data-seat="{seat}"] .tile-chip')
        shown = tiles.evaluate_all("chips => chips.map((chip) => chip.dataset.tile)")
        assert shown == [f"{t.low}-{t.high}" for t in hand]
    assert "Ana" in ana.inner_text("#replay-hands")
    assert ana.inner_text("#replay-move").strip()  # what the last move did, said
