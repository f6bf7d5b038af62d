"""Cribbage's look at the command line (``Game.looks.cli``): its table (one game, or
a match with ``--best-of``), its replayer, and how ``pegboard hint`` reads a game or a
match record."""

from __future__ import annotations

from pegboard.cli.look import CliLook, replayer_of, table_of
from pegboard.cribbage.looks.cli_commands import cribbage_app
from pegboard.i18n import Translator

PLAYERS = 2

table = table_of("pegboard.cribbage.looks.cli_play:CribbageTable", "best_of", PLAYERS)
"""A ``CribbageTable``: one game, or a match of ``--best-of`` games."""
replay = replayer_of("pegboard.cribbage.looks.cli_replay:replay_cribbage")


def name(_: Translator) -> str:
    return _("cribbage")


LOOK = CliLook(
    name=name,
    bots="greedy",
    table=table,
    replay=replay,
    commands=cribbage_app,
)
