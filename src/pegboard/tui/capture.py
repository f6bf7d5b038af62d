"""Text captures of the full-screen client, as a terminal would show it.

``screen_text(app)`` is the current screen in plain text (every row, every widget, the
way Textual composes it): what the tests read and what docs/terminal.md shows. ``python -m
pegboard.tui.capture GAME [LANG [MOVES|show]]`` plays a few moves of a seeded match of any
registered game headless at 80×24 against bots (each time the first legal choice) and
prints the screen; ``show`` prints the first moment after a move that has a screen of its
own instead (the end of a hand of cribbage: its show).
"""

from __future__ import annotations

import asyncio
import io
import sys
from typing import Any

from rich.console import Console
from textual.app import App

from pegboard import games

SIZE = (80, 24)
TABLE = 3
"""The players of a capture, when the game seats that many: enough to show the others."""


def screen_text(app: App[Any], styles: bool = False) -> str:
    """The current screen as text, row by row, trailing spaces removed; with ``styles``,
    its colours and styles too, as ANSI codes (every cell kept)."""
    width, height = app.size
    console = Console(
        width=width,
        height=height,
        file=io.StringIO(),
        record=True,
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
        safe_box=False,
    )
    # Textual's own export_screenshot renders this way (to SVG); this keeps the text.
    update = app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    console.print(update)
    if styles:
        return console.export_text(styles=True)
    return "\n".join(row.rstrip() for row in console.export_text().splitlines())


async def capture(
    game: str,
    lang: str = "en",
    seed: int = 4,
    moves: int = 3,
    show: bool = False,
    players: int | None = None,
) -> str:
    """A match of ``game`` (its options at their defaults) after a few of the human's
    moves (first legal choices); with ``show``, the first moment after a move that has a
    screen of its own instead (for cribbage, the end of the first hand: its show).
    ``players``: the seats (``TABLE``, fitted to the game's range, by default)."""
    from pegboard.tui.app import PegboardApp
    from pegboard.tui.screens import ContinueScreen, PlaysFirstChoice
    from pegboard.tui.setup import Setup

    description = games.get(game)
    wanted = TABLE if players is None else players
    players = min(max(wanted, description.min_players), description.max_players)
    app = PegboardApp(Setup(players, game, lang=lang, seed=seed), skip_setup=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        played = 0
        while show or played < moves:
            screen = app.screen
            if isinstance(screen, ContinueScreen):
                if show and played:
                    break
                await pilot.press("enter")
            elif isinstance(screen, PlaysFirstChoice):
                await pilot.press(*screen.first_choice_keys())
                played += 1
            else:
                break
            await pilot.pause()
        text = screen_text(app)
        await pilot.press("q")
    return text


def main() -> None:
    """``python -m pegboard.tui.capture GAME [LANG [MOVES|show]]``."""
    game = sys.argv[1] if len(sys.argv) > 1 else games.names()[0]
    lang = sys.argv[2] if len(sys.argv) > 2 else "en"
    last = sys.argv[3] if len(sys.argv) > 3 else "3"
    if last == "show":
        print(asyncio.run(capture(game, lang, show=True)))
    else:
        print(asyncio.run(capture(game, lang, moves=int(last))))


if __name__ == "__main__":
    main()
