"""Draw's look at the command line (``Game.looks.cli``): its table, its replayer, and
how ``pegboard hint`` reads its records (a match or a single round)."""

from __future__ import annotations

from pegboard.cli.look import CliLook, replayer_of, table_of
from pegboard.i18n import Translator

PLAYERS = 2
"""Seats at the table when ``--players`` is not given: you and one bot."""

table = table_of("pegboard.draw.looks.cli_play:DrawTable", "target", PLAYERS)
"""A ``DrawTable`` of the players asked (else ``PLAYERS``), to the ``--target`` asked."""
replay = replayer_of("pegboard.draw.looks.cli_replay:replay_draw")


def name(_: Translator) -> str:
    # "Draw" is the name of the game, the same in every language (and _("Draw") is the verb).
    return "Draw"


LOOK = CliLook(name=name, bots="greedy", table=table, replay=replay)
