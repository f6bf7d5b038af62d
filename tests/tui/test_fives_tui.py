"""All Fives and Fives and Threes full screen (``pegboard.fives.looks.tui.FivesScreen``, the
games' "tui" look found through the registry), driven headless by Textual's pilot: a whole
hand of each game against bots, always the first choice, each turn showing the layout laid
out, the viewer's own hand and the scores by side, and never a tile of another hand or of
the boneyard while the hand is on."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from typing import Any

import pytest
from textual.widgets import OptionList, Static

from pegboard.bots import RandomBot
from pegboard.fives.looks.tui import FivesScreen
from pegboard.games import bot_levels, register_bot, unregister_bots
from pegboard.tui.app import PegboardApp
from pegboard.tui.generic import GenericSummaryScreen
from pegboard.tui.setup import Setup
from tests.tui.test_generic_tui import everything

GAMES = ("all-fives", "fives-and-threes")
SIZE = (100, 40)


@pytest.fixture(autouse=True)
def fives_bots() -> Iterator[None]:
    """Random bots for both games while the bots registry has none of its own."""
    added = [name for name in GAMES if not bot_levels(name)]
    for name in added:
        register_bot(name, "random", RandomBot)
    yield
    for name in added:
        unregister_bots(name)


def tile_texts(tiles: Any) -> set[str]:
    """Every way a tile is written on screen: ``[2|5]`` and, turned, ``[5|2]``."""
    return {f"[{t.low}|{t.high}]" for t in tiles} | {f"[{t.high}|{t.low}]" for t in tiles}


async def play_a_hand(app: PegboardApp) -> tuple[int, Any]:
    """Play the first hand on ``app`` (the first choice each turn), checking each turn's
    screen; the turns played and the match."""
    turns = 0
    async with app.run_test(size=SIZE) as pilot:
        for _step in range(400):
            await pilot.pause()
            screen = app.screen
            if isinstance(screen, GenericSummaryScreen):
                return turns, screen.match
            assert isinstance(screen, FivesScreen)
            match = screen.match
            if match.hands:  # the first hand is over
                await pilot.press("q")
                return turns, match
            hand = match.hand
            players = match.num_players
            text = everything(app)
            hidden = [t for s in range(players) if s != screen.viewer for t in hand.hand(s)]
            hidden += list(hand.boneyard)
            shown = {t for t in tile_texts(hidden) if t in text}
            assert not shown, f"seat {screen.viewer} is shown {shown}"
            view = str(screen.query_one("#observation", Static).render())
            for tile in hand.hand(screen.viewer):
                assert str(tile) in view
            assert "Scores (game to" in view and "Line:" in view
            turns += 1
            await pilot.press("1", "enter")
        pytest.fail("the hand did not end")
    raise AssertionError("unreachable")


@pytest.mark.parametrize(("name", "players"), [("all-fives", 2), ("fives-and-threes", 4)])
def test_f8_a_whole_hand_full_screen_shows_no_other_seats_tile(name: str, players: int) -> None:
    level = bot_levels(name)[0]
    setup = Setup(players, name, [level] * (players - 1), lang="en", seed=4)
    app = PegboardApp(setup, skip_setup=True)
    assert app is not None
    turns, match = asyncio.run(play_a_hand(app))
    assert turns >= 3
    assert match.hands, "the first hand did not end"


@pytest.mark.parametrize("game", GAMES)
def test_the_choices_say_each_move_in_words_with_its_points(game: str) -> None:
    # Issue 35, defect 14: the list showed the notation (0-2@2-2A) and no points.
    async def run() -> None:
        setup = Setup(game=game, players=2, levels=["random"], lang="en", seed=5)
        app = PegboardApp(setup, skip_setup=True)
        async with app.run_test(size=SIZE) as pilot:
            for _ in range(40):
                await pilot.pause()
                screen = app.screen
                if isinstance(screen, FivesScreen) and screen.your_turn() and screen.choices:
                    break
            screen = app.screen
            assert isinstance(screen, FivesScreen)
            moves = screen.query_one("#moves", OptionList)
            texts = [str(moves.get_option_at_index(i).prompt) for i in range(moves.option_count)]
            plays = [text for text in texts if "draw" not in text and "pass" not in text]
            assert plays, texts
            words = re.compile(
                r"^\d+\. (lead \[\d\|\d\]|\[\d\|\d\] on \[\d\|\d\] \(.+\)): "
                r"ends [\d +=]+, \d+ points?$"
            )
            for text in plays:
                assert "@" not in text and words.search(text), text
            await pilot.press("q")

    asyncio.run(run())
