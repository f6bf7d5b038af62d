"""Every screen a player sees in a few seeded matches of the terminal app, as text.

``record(scenario)`` plays a match headless at 80×24, the person always taking the first
legal choice (``PlaysFirstChoice``) and closing every moment's screen with Enter, and
writes down the screen (``tui.capture.screen_text``): before each of the first moves, a
hint on the first turn, every moment's screen (the cut, a round's end, the show, a
game's end, the privacy screen) and the match's summary. The fixtures in
``screens/`` were recorded before Draw and cribbage became specialisations of the generic
screen; ``test_screens_unchanged`` plays them again and compares.

``python -m tests.tui.screen_record`` writes the fixtures anew (only when a change of
the screens is meant: say why in the commit). ``python -m tests.tui.screen_record
--styled DIR`` writes the same screens with their colours and styles (ANSI) in ``DIR``
instead, to compare two checkouts byte for byte (too large, and too tied to Textual's
theme, to be fixtures).
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.app import App

from pegboard.tui.app import PegboardApp
from pegboard.tui.capture import SIZE, screen_text
from pegboard.tui.screens import ContinueScreen, PlaysFirstChoice
from pegboard.tui.setup import Setup

FIXTURES = Path(__file__).parent / "screens"
STEPS = 3000
"""Enough key presses for the longest scenario's whole match."""
MOVES_SHOWN = 12
"""The person's first moves whose screens are recorded (every moment's screen is)."""


@dataclass(frozen=True)
class Scenario:
    name: str
    game: str
    lang: str
    players: int = 2
    levels: tuple[str, ...] = ("greedy",)
    seed: int = 3
    options: dict[str, Any] = field(default_factory=dict)
    screens: int = STEPS
    """The screens recorded (fewer than a whole match: a long one, cut short)."""

    @property
    def path(self) -> Path:
        return FIXTURES / f"{self.name}.txt"

    def setup(self) -> Setup:
        return Setup(
            self.players,
            self.game,
            levels=list(self.levels),
            lang=self.lang,
            seed=self.seed,
            hint_budget=4,
            options=self.options,
        )


SCENARIOS = (
    Scenario("draw-en", "draw", "en", options={"target": 20}),
    Scenario("draw-pt", "draw", "pt", seed=5, options={"target": 20}),
    Scenario("draw-hot-seat-en", "draw", "en", 3, ("human", "greedy"), options={"target": 12}),
    Scenario("cribbage-en", "cribbage", "en", options={"best_of": 1}),
    # Its first game (to the 11th moment, the game's end): the second game's screens, the
    # same kinds as the first's, doubled this scenario's time (the fixture keeps the
    # screens recorded before the change, cut after that moment).
    Scenario("cribbage-pt", "cribbage", "pt", seed=8, options={"best_of": 3}, screens=24),
    Scenario(
        "cribbage-hot-seat-zh",
        "cribbage",
        "zh",
        levels=("human",),
        options={"best_of": 1},
        # To the first privacy screen after the first hand's end: the second hand's
        # screens (privacy screens, a hand's end) are the same kinds as the first's, and
        # doubled this scenario's time (the fixture keeps the screens recorded before the
        # change, cut after that screen; it held 40).
        screens=27,
    ),
    Scenario("all-fives-en", "all-fives", "en", 3, ("greedy", "greedy")),
    # The score counted by the players, with muggins (C18-C20), in Hindi: to the first
    # hand's end, the show's claims and muggins the person answers among its screens.
    Scenario(
        "cribbage-muggins-hi",
        "cribbage",
        "hi",
        seed=5,
        options={"best_of": 1, "muggins": 1},
        screens=16,
    ),
)


async def play(
    scenario: Scenario, text: Callable[[App[Any]], str] = screen_text
) -> list[tuple[str, str]]:
    """The scenario's screens: (what was shown, the screen's ``text``)."""
    app = PegboardApp(scenario.setup(), skip_setup=True)
    shown: list[tuple[str, str]] = []
    moments = 0
    played = 0
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _step in range(STEPS):
            if len(shown) >= scenario.screens:
                break
            screen = app.screen
            if isinstance(screen, ContinueScreen):
                moments += 1
                shown.append((f"moment {moments}", text(app)))
                await pilot.press("enter")
            elif isinstance(screen, PlaysFirstChoice):
                if played < MOVES_SHOWN:
                    shown.append((f"move {played}", text(app)))
                if played == 0:
                    await pilot.press("h")
                    await pilot.pause()
                    shown.append(("hint", text(app)))
                await pilot.press(*screen.first_choice_keys())
                played += 1
            else:
                shown.append(("summary", text(app)))
                break
            await pilot.pause()
        else:
            raise AssertionError(f"{scenario.name}: the match did not end")
        await pilot.press("q")
    return shown


def as_text(shown: list[tuple[str, str]]) -> str:
    return "".join(f"=== {what}\n{text}\n" for what, text in shown)


def styled_text(app: App[Any]) -> str:
    """The current screen with its colours and styles, as ANSI text."""
    return screen_text(app, styles=True)


def main() -> None:
    styled = sys.argv[1:2] == ["--styled"]
    directory = Path(sys.argv[2]) if styled else FIXTURES
    directory.mkdir(exist_ok=True)
    for scenario in SCENARIOS:
        started = time.perf_counter()
        shown = asyncio.run(play(scenario, styled_text if styled else screen_text))
        path = directory / f"{scenario.name}.{'ansi' if styled else 'txt'}"
        path.write_text(as_text(shown), encoding="utf-8")
        print(path, f"{time.perf_counter() - started:.1f}s")


if __name__ == "__main__":
    main()
