"""Cribbage in the full-screen client, driven headless at 80×24 (a first version)."""

from __future__ import annotations

import asyncio
import re

from textual.widgets import Select, Static

from pegboard.cli.i18n import translator
from pegboard.tui.cribbage_app import CribbageScreen, TextSummaryScreen, peg_board
from pegboard.tui.draw_app import DrawApp, DrawSetup, SetupScreen

SIZE = (80, 24)


async def play_game(lang: str, seed: int) -> tuple[list[str], list[str]]:
    """A whole game against a greedy bot: the first card (or the first two for the crib)
    each time. Returns every view shown, and the summary."""
    app = DrawApp(DrawSetup(game="cribbage", lang=lang, seed=seed))
    views: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        assert setup.query_one("#players", Select).disabled  # cribbage: you and one bot
        await pilot.press("enter")
        await pilot.pause()
        for _step in range(3000):
            screen = app.screen
            if isinstance(screen, TextSummaryScreen):
                summary = screen.lines
                break
            assert isinstance(screen, CribbageScreen)
            game = screen.table.game
            view = str(screen.query_one("#view", Static).render())
            views.append(view)
            # The bot's cards are never in the human's view during play (C2-C5).
            if not game.is_over:
                for card in game.observation(1).hand:
                    assert not re.search(rf"(?<!\w){card}(?!\w)", view), f"bot card {card}"
            observation = game.observation(0)
            await pilot.press(*("1 2" if observation.phase == "discard" else "1"), "enter")
            await pilot.pause()
        else:
            raise AssertionError("the game did not end")
        await pilot.press("q")
    return views, summary


def test_c7_whole_game_english() -> None:
    views, summary = asyncio.run(play_game("en", seed=4))
    assert any("Your hand:" in view for view in views)
    assert any("Final scores:" in line for line in summary)


def test_c7_whole_game_portuguese() -> None:
    _ = translator("pt")
    views, summary = asyncio.run(play_game("pt", seed=6))
    hand = _("Your hand: {cards}").split("{")[0]
    assert hand != "Your hand: " and any(hand in view for view in views)
    final = _("Final scores: {scores}").split("{")[0]
    assert any(final in line for line in summary)


def test_c7_board_front_and_back_pegs_and_skunk_lines() -> None:
    _ = translator("en")
    you, bot = peg_board((30, 0), (12, 0), _)
    assert you.count("●") == 1 and you.count("○") == 1 and you.count("┊") == 2
    assert you.index("○") < you.index("●") < you.index("┊")  # 12 < 30 < 61 < 91
    assert you.endswith("30/121") and "●" not in bot
