"""Screens both games share."""

from __future__ import annotations

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Static

from pegboard.cli.i18n import Translator


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
