"""The Fives family's look on each surface, as the registry's ``Looks`` of each of its two
games: each piece is imported only when its surface asks for it, so that describing a game
loads no surface (and none of their optional dependencies)."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from pegboard import dominoes
from pegboard.games import Looks

DOMINO_ASSETS = Path(dominoes.__file__).parent / "static"
"""The page modules' parts that every domino game shares (``dominoes.js``)."""

if TYPE_CHECKING:
    from pegboard.arena.deals import DealLook
    from pegboard.cli.look import CliLook
    from pegboard.tui.looks import PlayScreen
    from pegboard.web.rules.page import RulesPage
    from pegboard.web.views import GameView


def cli_look(constant: str) -> CliLook:
    from pegboard.fives.looks import cli as look

    found: CliLook = getattr(look, constant)
    return found


def tui_look() -> PlayScreen:
    from pegboard.fives.looks.tui import FivesScreen

    return FivesScreen


def web_look() -> GameView:
    from pegboard.fives.looks.web import fives_view

    return fives_view


def rules_look(constant: str) -> RulesPage:
    from pegboard.fives.looks import rules_page

    found: RulesPage = getattr(rules_page, f"{constant}_PAGE")
    return found


def arena_look(constant: str) -> DealLook:
    from pegboard.fives import deals

    found: DealLook = getattr(deals, f"{constant}_DEALS")
    return found


def looks_of(constant: str) -> Looks:
    """The looks of the game whose constants are named ``constant`` (``ALL_FIVES``,
    ``FIVES_AND_THREES``) in the look modules."""
    return Looks(
        cli=partial(cli_look, constant),
        tui=tui_look,
        web=web_look,
        page="fives",
        assets=(Path(__file__).parent / "static", DOMINO_ASSETS),
        rules=partial(rules_look, constant),
        arena=partial(arena_look, constant),
    )
