"""What every game's play screen in the terminal app does the same way, whatever it draws.

A play screen shows ``match.observation(viewer)``, the viewer being the person whose turn
it is. This base starts the match (new, or resumed from a save, with the bots' random
streams), keeps the log (public lines, and private ones that leave with the turn),
the flow after the moves (save, the summary at the end, the privacy screen between two
people at one keyboard, else the position), the refusal of a move with its rule, the
person's move with its undo point (against bots only), the undo itself, the end of a
round or hand on a screen of its own (``RoundOverScreen``, then a fresh log for the next
one), a hint's lines, the save, and the buttons. ``generic.GenericScreen`` draws any game
from its description; a game's look in this surface (``Game.looks["tui"]``: Draw's,
cribbage's, the Fives family's) specialises it where the game needs more.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rich.console import RenderableType
from textual.screen import Screen
from textual.widgets import Button, Log

from pegboard.bots import SeededBot, bot_seed
from pegboard.core import IllegalActionError
from pegboard.games import make_bot
from pegboard.i18n import Translator, describe_error, rule_reason, translator
from pegboard.tui.screens import RoundOverScreen, log_line, privacy_screen
from pegboard.tui.setup import HUMAN, restore_bots

HINTS_SHOWN = 3
"""The best moves a hint lists."""


@dataclass
class UndoPoint:
    """The position before the person's last move (the bots' random streams and the log
    too)."""

    match: Any
    bots: dict[int, SeededBot]
    lines: list[str]


class PlayScreen(Screen[None]):
    """The shared flow of a match screen; subclasses call ``start(setup, saved)`` in their
    ``__init__`` (the match, the translator, the bots) and draw the position in ``show``."""

    LOG_LINES: ClassVar[int] = 200
    BUTTONS: ClassVar[Mapping[str, str]] = {}
    """A button's id -> the name of the method it calls."""

    setup: Any
    _: Translator
    match: Any
    viewer: int
    """The person whose side the screen shows."""
    resumed: bool
    """The match was read from a save."""
    public: list[str]
    """The log without the private lines (what every person at the table may read)."""
    undo_point: UndoPoint | None = None

    # -- what a game's screen says -------------------------------------------------------

    def show(self) -> None:
        """Draw the viewer's position."""
        raise NotImplementedError

    def summary(self) -> Screen[None]:
        """The screen of the match's end."""
        raise NotImplementedError

    def blank(self) -> None:
        """Take the viewer's private side off the screen (the turn passes to another
        person)."""

    def play_move(self, seat: int, action: Any) -> RenderableType | None:
        """Apply ``seat``'s move and log it; ``IllegalActionError`` and no change when
        illegal. When the move ended a round (or a hand), what its screen shows."""
        raise NotImplementedError

    def round_header(self) -> str | None:
        """The first line of a round's fresh log (who leads, the scores), if any."""
        return None

    def advance(self) -> None:
        """Let the bots play until a person has a choice; then ``after_moves``."""
        raise NotImplementedError

    def saved_bots(self) -> Mapping[int, SeededBot]:
        """The bots whose random streams the save keeps."""
        return {}

    def copy_match(self) -> Any:
        """An independent copy of the match, for the undo point."""
        return copy.deepcopy(self.match)

    def restore_bots(self, bots: dict[int, SeededBot]) -> None:
        """Put back the bots of an undo point."""

    @property
    def can_undo(self) -> bool:
        """Undo only against bots: it would take back another person's choice."""
        return False

    def log_text(self, text: str) -> str:
        """A line as the log shows it."""
        return text

    # -- the shared flow -----------------------------------------------------------------

    def start(self, setup: Any, saved: dict[str, Any] | None) -> dict[int, SeededBot]:
        """Set up the screen from ``setup`` (a ``tui.setup.Setup``): its translator, the
        match (a new one from its options and seed, or the ``saved`` one of ``pegboard play
        --resume``), seat 0 the first viewer, an empty log; the bots of the seats people do
        not play (each seeded from the match's seed, their random streams as saved)."""
        self.setup = setup
        self._ = translator(setup.lang)
        game = setup.description
        bots = {
            seat: make_bot(game.name, setup.kind(seat), bot_seed(setup.seed, seat))
            for seat in range(setup.players)
            if seat not in setup.humans
        }
        if saved is None:
            self.match = game.new_match(setup.match_options(), setup.seed)
        else:
            self.match = game.from_record(saved["match"])
            restore_bots(bots, saved["bots"])
        self.resumed = saved is not None
        self.viewer = HUMAN
        self.public = []
        return bots

    def say(self, text: str, private: bool = False) -> None:
        """Write a line in the log; a ``private`` one (a hint, a refusal naming the viewer's
        own tile or card) is for the viewer only: in hot-seat it leaves the log when the
        turn passes."""
        log_line(
            self.query_one("#log", Log), self.public, self.log_text(text), private, self.LOG_LINES
        )

    def your_turn(self) -> bool:
        """The match goes on and the viewer is to move."""
        return not self.match.is_over and self.match.current_player == self.viewer

    def after_moves(self) -> None:
        """Save; then the summary when the match is over, the privacy screen when the turn
        is another person's, else the viewer's position."""
        self.save()
        match = self.match
        if match.is_over:
            self.app.switch_screen(self.summary())
            return
        seat = match.current_player
        if seat is not None and seat != self.viewer:
            self.hand_over_to(seat)
            return
        self.show()

    def hand_over_to(self, seat: int) -> None:
        """Another person's turn: blank the viewer's side, then the privacy screen; the new
        viewer's side is shown only once it is closed."""
        self.viewer = seat
        self.blank()
        privacy_screen(self, self.public, seat, self._, self.show)

    def refuse(self, error: IllegalActionError) -> None:
        """A move the rules refuse, named with its rule, for the viewer only."""
        _ = self._
        self.say(_("Not allowed: {reason}").format(reason=rule_reason(error, _)), private=True)

    def moved(self) -> None:
        """After the viewer's move was applied (a screen clears its choices here)."""

    def apply(self, seat: int, action: Any) -> bool:
        """Apply ``seat``'s move and log it (``play_move``); True when it ended a round,
        whose screen is then shown: closing it goes on to the next round. No undo across
        the end of a round (its screen was seen), and the match is saved first: leaving on
        that screen loses nothing. ``IllegalActionError`` and no change when illegal."""
        moment = self.play_move(seat, action)
        if moment is None:
            return False
        self.undo_point = None
        self.save()
        self.app.push_screen(RoundOverScreen(moment, self._), lambda _result: self.next_round())
        return True

    def next_round(self) -> None:
        """A fresh log for the next round (the last one's moves were shown with its end),
        opened by ``round_header``; then play on."""
        self.restore_log([])
        if not self.match.is_over:
            header = self.round_header()
            if header is not None:
                self.say(header)
        self.advance()

    def human_move(self, action: Any) -> None:
        """Play the viewer's move; a move the rules refuse is named with its rule, and a
        move typed that is none is said so, and nothing changes. Against bots the position
        before it is kept for undo."""
        if not self.your_turn():
            return
        before = None
        if self.can_undo:
            lines = list(self.query_one("#log", Log).lines)
            before = UndoPoint(self.copy_match(), dict(self.copied_bots()), lines)
        try:
            ended = self.apply(self.viewer, action)
        except IllegalActionError as error:
            # The buttons offer only legal moves; a key may still ask for another one:
            # the rule says no, nothing changes.
            self.refuse(error)
            return
        except ValueError as error:  # a move typed in the game's notation that is none
            _ = self._
            self.say(
                _("Not a move: {reason}").format(reason=describe_error(error, _)), private=True
            )
            return
        self.moved()
        if not ended:
            self.undo_point = before
            self.advance()

    def copied_bots(self) -> Mapping[int, SeededBot]:
        """Independent copies of the bots (their random streams included)."""
        return copy.deepcopy(dict(self.saved_bots()))

    def action_undo(self) -> None:
        """Take back the viewer's last move and the bots' replies (only bots play against
        them, so nobody else's choice is undone); not across the end of a round."""
        point = self.undo_point
        if point is None or self.match.current_player != self.viewer:
            return
        self.undo_point = None
        self.match = point.match
        self.restore_bots(point.bots)
        self.moved()
        self.restore_log(point.lines)
        self.say(self._("Your last move is taken back."))
        self.save()
        self.show()

    def restore_log(self, lines: Iterable[str]) -> None:
        """The log as it was: ``lines``, all of them public."""
        log = self.query_one("#log", Log)
        log.clear()
        self.public = list(lines)
        log.write_lines(self.public)

    def say_hints(self, ranked: Iterable[Any], text: Callable[[Any], str]) -> None:
        """The best ``HINTS_SHOWN`` of ``ranked`` (evaluations, best first), each worded by
        ``text``, for the viewer only."""
        self.say(self._("Hint, best first:"), private=True)
        for rank, evaluation in enumerate(list(ranked)[:HINTS_SHOWN], 1):
            self.say(f"  {rank}. {text(evaluation)}", private=True)

    def save(self) -> None:
        """Save the match (and the bots' random streams) for ``pegboard play --resume``."""
        self.app.record = self.setup.save(self.match, self.saved_bots())  # type: ignore[attr-defined]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        name = self.BUTTONS.get(event.button.id or "")
        if name is not None:
            getattr(self, name)()
