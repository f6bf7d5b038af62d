"""The toy's look: its own page module and rules page (everything else is drawn by the
surfaces' generic looks), given to the registry as any game gives its own."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pegboard.games import Looks

if TYPE_CHECKING:
    from pegboard.web.rules.page import RulesPage


def rules_look() -> RulesPage:
    from tests.games.toy.looks.rules_page import PAGE

    return PAGE


LOOKS = Looks(page="tricks", assets=(Path(__file__).parent / "static",), rules=rules_look)
