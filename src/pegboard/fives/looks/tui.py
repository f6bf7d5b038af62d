"""The Fives family's look in the full-screen client (``Game.looks.tui`` of All Fives
and of Fives and Threes): the generic play screen (``pegboard.tui.generic``), its view of
the seat's turn drawn as the command line's is (``pegboard.fives.text``): the layout
described (B5) and laid out, a spinner's arms across the line, the seat's own hand, every
hand's size, the boneyard, the scores by side against the target and the last play's
points with their arithmetic. The play, the log of the rules' events (every score's
arithmetic, every hand's end), hints, hot-seat privacy and the summary are the generic
screen's; what is shown comes from ``match.observation(viewer)`` alone.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from pegboard.bots import Evaluation
from pegboard.fives.text import choice_line, move_words, view_lines
from pegboard.tui.generic import GenericScreen, seat_text


class FivesScreen(GenericScreen):
    """A match of All Fives or Fives and Threes, as the viewer sees it."""

    def choices_of(self, observation: Any) -> list[Any]:
        """The viewer's legal moves, as actions: each said in words (``choice_text``)."""
        return list(observation.legal_actions())

    def choice_text(self, choice: Any) -> str:
        """A move in words with the points it scores, as the log says a move (not the
        notation, ``0-2@2-2A``, which the typed move takes)."""
        _ = self._
        view = self.match.observation(self.viewer).hand
        return choice_line(view, choice, _, lambda seat: seat_text(seat, _), self.viewer)

    def hint_text(self, evaluation: Evaluation) -> str:
        """A hint's line: the move in words, as the choices say it, and its value."""
        _ = self._
        view = self.match.observation(self.viewer).hand
        move = move_words(view, evaluation.action, _, lambda seat: seat_text(seat, _), self.viewer)
        return _("{choice} ({value})").format(choice=move, value=f"{evaluation.value:+.2f}")

    def show(self) -> None:
        super().show()
        _ = self._
        observation = self.match.observation(self.viewer)
        lines = view_lines(observation, self.setup.lang, _, lambda seat: seat_text(seat, _))
        # the layout as it lies first; its full description (B5, long) after the rest
        lines = [*lines[1:], lines[0]]
        # as text, not markup: a tile's brackets, [2|5], are no style
        self.query_one("#observation", Static).update(Text("\n".join(lines)))
