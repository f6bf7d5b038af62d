"""The Fives family's look at the command line (``Game.looks.cli`` of All Fives and of
Fives and Threes): the plain-mode table, which shows a seat's turn as the layout described
(B5, with a spinner's arms) and laid out as text, the seat's own hand, every seat's hand
size, the boneyard, the scores by side against the target and the last play's points with
their arithmetic (``pegboard.fives.text``). Moves are played and said as at the
generic table (``pegboard.cli.generic``): through ``Game.play``, worded from the
rules' own events, the end of a hand's arithmetic with them. The replay and the hint are
the generic ones (the game's ``record_start``, its bots' analysis).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pegboard import games
from pegboard.cli.generic import HUMAN, GenericTable, say_moves
from pegboard.cli.look import CliLook
from pegboard.cli.terminal import Terminal
from pegboard.core import Event
from pegboard.fives.text import scores_line, view_lines
from pegboard.i18n import Translator, say

PLAYERS = 2
"""Seats at the table when ``--players`` is not given: you and one bot."""


class FivesTable(GenericTable):
    """A match of All Fives or Fives and Threes, the human at seat 0."""

    def view(self) -> list[Any]:
        _ = self._
        say = self.terminal.say
        observation = self.match.observation(HUMAN)
        say()
        for line in view_lines(observation, _.lang, _, self._name, reader=HUMAN):
            say(f"  {line}")
        legal = list(observation.legal_actions())
        say_moves(say, legal, _)
        return legal

    def finish(self) -> None:
        """The final scores by side (F1) and the side that won (F9)."""
        _ = self._
        say = self.terminal.say
        observation = self.match.observation(HUMAN)
        say()
        say(scores_line(observation, _, self._name))
        winner = self.match.winner
        if winner is not None:
            seats = " & ".join(self._name(seat) for seat in observation.rules.sides[winner])
            say(_("{seats} won the match.").format(seats=seats))

    def narrate(self, seat: int, action: Any, events: Sequence[Event], before: Any) -> None:
        for event in events:  # the human's own moves and scores in the second person
            self.terminal.say(say(event, self._, self._name, reader=HUMAN))

    def help(self) -> str:
        return self._(
            "Answer with the number of a move, or write it: 5-5 leads [5|5], 2-5@5-5C plays "
            "[2|5] on the spinner's arm C, draw, pass (knock).\n"
            "  show  show your view again;  help  this text;  quit  leave the match"
        )


def table_for(name: str) -> Any:
    """The table factory of the game registered as ``name`` (``CliLook.table``)."""

    def table(
        requested: Mapping[str, int | None],
        level: str,
        seed: int,
        lang: str,
        terminal: Terminal,
        gettext: Translator,
    ) -> FivesTable:
        game = games.get(name)
        request = dict(requested)
        if request.get(game.players_option) is None:
            request[game.players_option] = PLAYERS
        options = game.check_options(request)  # OptionError names the rule
        return FivesTable.new(game, options, level, seed, terminal, gettext)

    return table


ALL_FIVES = CliLook(table=table_for("all-fives"))
FIVES_AND_THREES = CliLook(table=table_for("fives-and-threes"))
