"""Text captures of the full-screen client, as a terminal would show it.

``screen_text(app)`` is the current screen in plain text (every row, every widget, the
way Textual composes it): what the tests read and what the README shows. ``python -m
pegboard.tui.capture draw|cribbage`` plays a few moves of a seeded match headless at 80×24
against greedy bots and prints the screen; ``show`` prints the end of a hand of cribbage.
"""

from __future__ import annotations

import asyncio
import io
import sys
from typing import Any

from rich.console import Console
from textual.app import App

SIZE = (80, 24)


def screen_text(app: App[Any]) -> str:
    """The current screen as text, row by row, trailing spaces removed."""
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
    return "\n".join(row.rstrip() for row in console.export_text().splitlines())


async def capture(
    game: str, lang: str = "en", seed: int = 4, moves: int = 3, show: bool = False
) -> str:
    """A match of ``game`` after a few of the human's moves (first legal choices); with
    ``show``, the end of the first hand of cribbage (its show) instead."""
    from pegboard.tui.cribbage_app import CribbageScreen
    from pegboard.tui.draw_app import DrawApp, DrawSetup, MatchScreen
    from pegboard.tui.screens import ContinueScreen

    setup = DrawSetup(players=3 if game == "draw" else 2, game=game, lang=lang, seed=seed)
    if game == "cribbage":
        setup.best_of = 3
    app = DrawApp(setup, skip_setup=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        played = 0
        while show or played < moves:
            screen = app.screen
            if isinstance(screen, ContinueScreen):
                if show and played:
                    break
                await pilot.press("enter")
            elif isinstance(screen, CribbageScreen):
                if screen.game_view.phase == "discard":
                    await pilot.press("1", "2", "enter")
                else:
                    playable = [n for n, c in enumerate(screen.hand, 1) if screen.playable(c)]
                    await pilot.press(str(playable[0]) if playable else "g")
                played += 1
            elif isinstance(screen, MatchScreen):
                await pilot.press("1" if screen.plays else "d" if screen.can_draw else "p")
                played += 1
            else:
                break
            await pilot.pause()
        text = screen_text(app)
        await pilot.press("q")
    return text


def main() -> None:
    """``python -m pegboard.tui.capture draw|cribbage|show [lang]``."""
    game = sys.argv[1] if len(sys.argv) > 1 else "draw"
    lang = sys.argv[2] if len(sys.argv) > 2 else "en"
    if game == "show":
        print(asyncio.run(capture("cribbage", lang, show=True)))
    else:
        print(asyncio.run(capture(game, lang, moves=2 if game == "cribbage" else 3)))


if __name__ == "__main__":
    main()
