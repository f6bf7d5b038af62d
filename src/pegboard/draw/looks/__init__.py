"""Draw's look on each surface, as the registry's ``Looks``: each piece is imported only
when its surface asks for it, so that describing the game loads no surface (and none of
their optional dependencies)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pegboard import dominoes
from pegboard.games import Looks

DOMINO_ASSETS = Path(dominoes.__file__).parent / "static"
"""The page modules' parts that every domino game shares (``dominoes.js``)."""

if TYPE_CHECKING:
    from pegboard.arena.deals import DealLook
    from pegboard.cli.look import CliLook
    from pegboard.envs.game import OwnEnvironment
    from pegboard.openspiel import Look as OpenSpielLook
    from pegboard.tui.looks import PlayScreen
    from pegboard.web.rules.page import RulesPage
    from pegboard.web.views import GameView


def cli_look() -> CliLook:
    from pegboard.draw.looks.cli import LOOK

    return LOOK


def tui_look() -> PlayScreen:
    from pegboard.draw.looks.tui import MatchScreen

    return MatchScreen


def web_look() -> GameView:
    from pegboard.draw.looks.web import draw_view

    return draw_view


def rules_look() -> RulesPage:
    from pegboard.draw.looks.rules_page import PAGE

    return PAGE


def arena_look() -> DealLook:
    from pegboard.draw.deals import DEALS

    return DEALS


def envs_look() -> OwnEnvironment:
    from pegboard.draw.looks.envs import from_options

    return from_options


def openspiel_look() -> OpenSpielLook:
    from pegboard.draw.looks.openspiel import LOOK

    return LOOK


LOOKS = Looks(
    cli=cli_look,
    tui=tui_look,
    web=web_look,
    page="draw",
    assets=(Path(__file__).parent / "static", DOMINO_ASSETS),
    rules=rules_look,
    arena=arena_look,
    envs=envs_look,
    openspiel=openspiel_look,
)
