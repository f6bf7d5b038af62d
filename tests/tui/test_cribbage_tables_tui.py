"""The full-screen client's cribbage among three (C8) and four in partnerships (C9): you at
seat 1 against greedy bots (the levels for people do not play three or four yet): one card
laid away, a row of the board a player or a side, the other seats' cards held by number,
your partner named, the show from the dealer's left; it fits an 80 x 24 terminal."""

from __future__ import annotations

import asyncio

import pytest
from rich.cells import cell_len

from pegboard.cribbage.looks.tui import CribbageScreen
from pegboard.tui.app import PegboardApp
from pegboard.tui.capture import SIZE, screen_text
from pegboard.tui.screens import ContinueScreen
from pegboard.tui.setup import Setup


async def _run(players: int, moves: int, show: bool = False) -> tuple[str, str]:
    """The screen after ``moves`` of yours (the first choices), or at the first show; and
    the match's opening line."""
    setup = Setup(players, "cribbage", levels=["greedy"] * (players - 1), lang="en", seed=4)
    app = PegboardApp(setup, skip_setup=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        played, opening = 0, ""
        while True:
            screen = app.screen
            if isinstance(screen, ContinueScreen):
                if show and played:
                    break
                await pilot.press("enter")
            elif isinstance(screen, CribbageScreen):
                opening = opening or screen.introduction()
                if not show and played >= moves:
                    break
                await pilot.press(*screen.first_choice_keys())
                played += 1
            else:
                break
            await pilot.pause()
        text = screen_text(app)
        await pilot.press("q")
    return text, opening


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_table_fits_80x24_with_a_row_a_player_or_side(players: int) -> None:
    text, opening = asyncio.run(_run(players, 0))
    rows = text.splitlines()
    assert len(rows) <= 24 and all(cell_len(row) <= 80 for row in rows)
    # Five cards each, one to lay (C8, C9), with the rule named.
    assert "Lay a card in " in text
    assert f"({'C8' if players == 3 else 'C9'}): choose it, then Enter." in text
    assert text.count("┌") + text.count("╒") >= 5 + 1  # your five cards and the starter
    board = [row for row in rows if row.endswith("/121")]
    if players == 4:
        assert [row.split("|")[0].strip() for row in board] == ["seats 1+3", "seats 2+4"]
        assert "your partner is seat 3, opposite (C9)" in opening
    else:
        assert [row.split("|")[0].strip() for row in board] == ["You", "seat 2", "seat 3"]
        assert "Cribbage for three" in opening
    assert "Cards held: 2: " in text and "┊" not in text  # no skunk lines (C12)


@pytest.mark.parametrize("players", [3, 4])
def test_c11_the_show_counts_the_hands_from_the_dealers_left(players: int) -> None:
    text, _ = asyncio.run(_run(players, 0, show=True))
    hands = [row.strip() for row in text.splitlines() if "hand (" in row]
    assert len(hands) == players
    assert "(dealer)" in hands[-1]  # the dealer's hand last, then the crib (C11)
    assert "crib:" in text.split(hands[-1])[1]
    if players == 4:
        assert "(you and seat 3: " in text and "seat 2 and seat 4: " in text
