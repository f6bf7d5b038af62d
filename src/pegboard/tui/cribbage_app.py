"""Cribbage in the full-screen client: the plain client's table, shown in panes.

A first version: the table of ``pegboard play cribbage`` (``CribbageTable``) words every
event (the discard, the cut, each peg with its reason, the show counted part by part) and
its text goes to the log; the human's view goes to its own pane, and the board shows a
front and a back peg per player with the skunk lines (C7). Moves are typed as in the plain
client (a number, two numbers for the discard, or the cards).
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Input, Log, Static

from pegboard.cli.cribbage_play import BOT, HUMAN, CribbageTable
from pegboard.cli.i18n import Translator, rule_reason, translator, unreadable_reason
from pegboard.cli.terminal import Terminal
from pegboard.core import IllegalActionError

GAME = 121
"""A game of cribbage is won at 121 (C7)."""
SKUNK, DOUBLE_SKUNK = 91, 61
"""A loser short of these lines is skunked (C7)."""
BOARD_CELLS = 60


class PaneTerminal(Terminal):
    """The plain client's terminal, writing into a list instead of stdout."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def say(self, text: str = "") -> None:
        self.lines.append(text)

    def ask(self, prompt: str) -> str | None:  # pragma: no cover - the screen asks
        raise RuntimeError("the full-screen client reads moves from its input field")

    def take(self) -> list[str]:
        lines, self.lines = self.lines, []
        return lines


def peg_board(fronts: tuple[int, ...], backs: tuple[int, ...], _: Translator) -> list[str]:
    """One row of holes per player to 121: the front peg ``●`` at the score, the back peg
    ``○`` where the last score started; ``┊`` marks the double-skunk (61) and skunk (91)
    lines."""
    rows = []
    for seat, (front, back) in enumerate(zip(fronts, backs, strict=True)):
        name = _("You") if seat == HUMAN else _("the bot")
        holes = ["·"] * BOARD_CELLS
        for line in (DOUBLE_SKUNK, SKUNK):
            holes[line * BOARD_CELLS // GAME] = "┊"
        if back > 0:
            holes[min(BOARD_CELLS - 1, back * BOARD_CELLS // GAME)] = "○"
        if front > 0:
            holes[min(BOARD_CELLS - 1, front * BOARD_CELLS // GAME)] = "●"
        rows.append(f"{name[:10]:<10}|{''.join(holes)}| {front}/{GAME}")
    return rows


class CribbageScreen(Screen[None]):
    """A game of cribbage against one bot, as the human at seat 0 sees it."""

    BINDINGS = [Binding("escape", "app.quit", show=False)]  # noqa: RUF012 (Textual's API)

    def __init__(self, level: str, lang: str, seed: int) -> None:
        super().__init__()
        self._ = translator(lang)
        self.terminal = PaneTerminal()
        self.table = CribbageTable.new(2, level, seed, lang, self.terminal, self._)
        self.fronts = (0, 0)
        self.backs = (0, 0)
        self.legal: list[object] = []

    def compose(self) -> ComposeResult:
        _ = self._
        yield Static(id="board")
        yield Static(id="view")
        yield Input(placeholder=_("Type a move, its number, or help."), id="move")
        yield Static(_("Enter: play · Esc: quit"), id="keys")
        yield Log(id="log", max_lines=300)

    def on_mount(self) -> None:
        self.advance()

    def flush(self) -> None:
        log = self.query_one("#log", Log)
        log.write_lines(self.terminal.take())
        scores = self.table.game.scores
        if scores != self.fronts:
            self.backs = tuple(  # type: ignore[assignment]
                front if new != front else back
                for front, back, new in zip(self.fronts, self.backs, scores, strict=True)
            )
            self.fronts = scores
        self.query_one("#board", Static).update(
            "\n".join(peg_board(self.fronts, self.backs, self._))
        )

    def advance(self) -> None:
        table = self.table
        while not table.is_over and not table.human_to_move:
            table.bot_move()
        self.flush()
        if table.is_over:
            table.finish()
            self.app.switch_screen(TextSummaryScreen(self.terminal.take(), self._))
            return
        self.legal = list(table.show())
        self.query_one("#view", Static).update("\n".join(self.terminal.take()).strip())
        self.query_one("#move", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        _ = self._
        text = event.value.strip()
        event.input.value = ""
        log = self.query_one("#log", Log)
        if not text:
            return
        if text.lower() in ("help", "?"):
            log.write_lines(self.table.help().splitlines())
            return
        try:
            if text.isdigit():
                number = int(text)
                if not 1 <= number <= len(self.legal):
                    log.write_line(
                        _("There is no move {number}: choose 1 to {last}.").format(
                            number=number, last=len(self.legal)
                        )
                    )
                    return
                action = self.legal[number - 1]
            else:
                action = self.table.parse(text)
            self.table.apply(action)  # type: ignore[arg-type]
        except IllegalActionError as error:
            log.write_line(_("Not allowed: {reason}").format(reason=rule_reason(error, _)))
            return
        except ValueError as error:
            log.write_line(
                _("Not understood: {reason}").format(reason=unreadable_reason(error, text, _))
            )
            return
        self.advance()


class TextSummaryScreen(Screen[None]):
    """The end of a game: the lines the table wrote, and a button to leave."""

    BINDINGS = [Binding("q,enter", "app.quit", show=False)]  # noqa: RUF012

    def __init__(self, lines: list[str], _: Translator) -> None:
        super().__init__()
        self.lines = lines
        self._ = _

    def compose(self) -> ComposeResult:
        yield Static("\n".join(self.lines).strip(), id="summary")
        yield Button(self._("Quit"), id="quit", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#quit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.exit()


__all__ = ["BOT", "CribbageScreen", "PaneTerminal", "peg_board"]
