"""Cribbage's look on each surface, as the registry's ``Looks``: each piece is imported only
when its surface asks for it, so that describing the game loads no surface (and none of
their optional dependencies)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pegboard.games import Looks

if TYPE_CHECKING:
    from pegboard.arena.deals import DealLook
    from pegboard.cli.look import CliLook
    from pegboard.envs.game import OwnEnvironment
    from pegboard.openspiel import Look as OpenSpielLook
    from pegboard.tui.looks import PlayScreen
    from pegboard.web.rules.page import RulesPage
    from pegboard.web.views import GameView


def cli_look() -> CliLook:
    from pegboard.cribbage.looks.cli import LOOK

    return LOOK


def tui_look() -> PlayScreen:
    from pegboard.cribbage.looks.tui import CribbageScreen

    return CribbageScreen


def web_look() -> GameView:
    from pegboard.cribbage.looks.web import cribbage_view

    return cribbage_view


def rules_look() -> RulesPage:
    from pegboard.cribbage.looks.rules_page import PAGE

    return PAGE


def arena_look() -> DealLook:
    from pegboard.cribbage.deals import DEALS

    return DEALS


def envs_look() -> OwnEnvironment:
    from pegboard.cribbage.looks.envs import from_options

    return from_options


def openspiel_look() -> OpenSpielLook:
    from pegboard.cribbage.looks.openspiel import LOOK

    return LOOK


LOOKS = Looks(
    cli=cli_look,
    tui=tui_look,
    web=web_look,
    page="cribbage",
    assets=(Path(__file__).parent / "static",),
    rules=rules_look,
    arena=arena_look,
    envs=envs_look,
    openspiel=openspiel_look,
)
