"""Screens every game's play shares, and the shared keyboard of hot-seat play."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Log, Static

from pegboard.i18n import Translator


@runtime_checkable
class SavesMatch(Protocol):
    """A match screen, which saves its match for ``pegboard play --resume``."""

    def save(self) -> None: ...


@runtime_checkable
class PlaysFirstChoice(Protocol):
    """A match screen that can say how its keyboard plays the viewer's first legal choice
    (for captures of the app, played headless)."""

    def first_choice_keys(self) -> tuple[str, ...]: ...


class ContinueScreen(Screen[None]):
    """A moment of the match worth a screen: the end of a Draw round; the cut for the deal,
    the end of a hand (the show), the end of a game of cribbage. Enter, space or the button
    goes on."""

    BINDINGS = [  # noqa: RUF012
        Binding("enter,space,c", "close", show=False),
        Binding("q", "app.quit", show=False),
    ]

    def __init__(self, body: RenderableType, _: Translator) -> None:
        super().__init__()
        self.body = body
        self._ = _

    def compose(self) -> ComposeResult:
        yield Static(self.body, id="moment")
        # One row: the end of a game has much to say in 24 rows.
        yield Button(self._("Continue"), id="continue", variant="primary", compact=True)

    def on_mount(self) -> None:
        self.query_one("#continue", Button).focus()

    def action_close(self) -> None:
        self.dismiss()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss()


class RoundOverScreen(ContinueScreen):
    """The end of a round or a hand (a Draw round's settlement, a cribbage hand's show and
    the game's end if it came): what the game's look says of it (``PlayScreen.play_move``);
    closing it starts the next one (``PlayScreen.next_round``)."""


def pass_keyboard(seat: int, _: Translator) -> str:
    """The privacy screen's words when the turn goes from one person to another."""
    return _("Pass the keyboard to {name}: press Enter when only they can see the screen.").format(
        name=_("seat {seat}").format(seat=seat + 1)  # counted from 1, as people count
    )


def log_line(log: Log, public: list[str], line: str, private: bool, limit: int) -> None:
    """Write ``line`` in the log; keep it in ``public`` (the last ``limit`` lines) unless it
    is ``private`` (a hint, a refusal naming the viewer's own tile or card), which leaves
    the log when the turn passes."""
    log.write_line(line)
    if not private:
        public.append(line)
        del public[:-limit]


def privacy_screen(
    screen: Screen[None],
    public: Sequence[str],
    seat: int,
    _: Translator,
    then: Callable[[], None],
) -> None:
    """Another person's turn at one keyboard: the log keeps only its public lines (no hint
    nor refusal of the last person), then the privacy screen; ``then`` shows the new
    viewer's side once it is closed. The caller blanks its hand first."""
    log = screen.query_one("#log", Log)
    log.clear()
    log.write_lines(public)
    screen.app.push_screen(ContinueScreen(pass_keyboard(seat, _), _), lambda _result: then())
