"""Which screen plays a match: the game's own look in the terminal app, or the generic one.

A game names its look in its description (``Looks(tui=...)``, a function that imports it):
a screen class, or any callable ``(setup, saved) -> Screen``, that plays a match of it from a
``Setup`` (and a saved state for ``--resume``, or None). A game without one is played on
``GenericScreen``, which needs nothing but the game's description.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen

from pegboard.tui.generic import GenericScreen
from pegboard.tui.setup import Setup

PlayScreen = Callable[[Setup, dict[str, Any] | None], Screen[None]]


def play_screen(setup: Setup, saved: dict[str, Any] | None = None) -> Screen[None]:
    """The screen that plays the match ``setup`` describes (``saved``: resumed)."""
    own = setup.description.looks.tui
    return (GenericScreen if own is None else own())(setup, saved)
