"""Draw's look at the command line (``Game.looks["cli"]``): its table, its replayer, and
how ``pegboard hint`` reads its records (a match or a single round)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pegboard.cli.look import CliLook
from pegboard.cli.terminal import Terminal
from pegboard.i18n import Translator

PLAYERS = 2
"""Seats at the table when ``--players`` is not given: you and one bot."""


def table(
    requested: Mapping[str, int | None],
    level: str,
    seed: int,
    lang: str,
    terminal: Terminal,
    gettext: Translator,
) -> Any:
    from pegboard.cli.draw_play import DrawTable

    players = requested.get("players")
    return DrawTable.new(
        PLAYERS if players is None else players,
        level,
        seed,
        lang,
        terminal,
        gettext,
        target=requested.get("target"),
    )


def replay(record: dict[str, Any], lang: str, terminal: Terminal, gettext: Translator) -> None:
    from pegboard.cli.draw_replay import replay_draw

    replay_draw(record, lang, terminal, gettext)


def name(_: Translator) -> str:
    # "Draw" is the name of the game, the same in every language (and _("Draw") is the verb).
    return "Draw"


LOOK = CliLook(name=name, bots="greedy", table=table, replay=replay)
