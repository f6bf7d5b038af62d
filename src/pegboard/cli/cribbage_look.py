"""Cribbage's look at the command line (``Game.looks["cli"]``): its table (one game, or
a match with ``--best-of``), its replayer, and how ``pegboard hint`` reads a game or a
match record."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pegboard.cli.cribbage import cribbage_app
from pegboard.cli.look import CliLook
from pegboard.cli.terminal import Terminal
from pegboard.i18n import Translator

PLAYERS = 2


def table(
    requested: Mapping[str, int | None],
    level: str,
    seed: int,
    lang: str,
    terminal: Terminal,
    gettext: Translator,
) -> Any:
    from pegboard.cli.cribbage_play import CribbageTable

    players = requested.get("players")
    return CribbageTable.new(
        PLAYERS if players is None else players,
        level,
        seed,
        lang,
        terminal,
        gettext,
        requested.get("best_of"),
    )


def replay(record: dict[str, Any], lang: str, terminal: Terminal, gettext: Translator) -> None:
    from pegboard.cli.cribbage_replay import replay_cribbage

    replay_cribbage(record, lang, terminal, gettext)


def name(_: Translator) -> str:
    return _("cribbage")


LOOK = CliLook(
    name=name,
    bots="greedy",
    table=table,
    replay=replay,
    commands=cribbage_app,
)
