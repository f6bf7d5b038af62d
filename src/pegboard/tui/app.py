"""The full-screen client: the set-up screen, then a match of any registered game.

``PegboardApp(setup)`` opens on the set-up screen (``skip_setup``: on the match itself;
``saved``: a saved match, resumed). The match is played on the game's own look in this
surface when it has one (``game.looks.tui``), else on the generic play screen
(``pegboard.tui.looks``). Either saves the match after every move, and the app leaves with
its terminal: on SIGHUP or SIGTERM, or a terminal that went away, the match is saved and
the app ends within ``EXIT_GRACE`` seconds.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
from typing import Any

from rich.console import RenderableType
from textual.app import App

from pegboard.hangup import (
    LEAVING_SIGNALS,
    HangupWatcher,
    detach_from_terminal,
    signal_status,
    terminal_gone,
)
from pegboard.tui.looks import play_screen
from pegboard.tui.screens import SavesMatch
from pegboard.tui.setup import Setup
from pegboard.tui.setup_screen import SetupScreen


class PegboardApp(App[None]):
    """``pegboard play``, full screen: the set-up screen, then a match of the chosen game
    against bots or people at the same terminal (or a saved match, resumed)."""

    CSS = """
    Screen { overflow-y: auto; }
    #title { text-style: bold; }
    SetupScreen Select { width: 50; }
    SetupScreen Input { width: 50; }
    #refusal { height: auto; color: $error; }
    #status { height: 2; }
    #track { height: auto; color: $success; }
    #line { height: auto; max-height: 6; }
    #hand { height: auto; text-style: bold; }
    #controls { height: 5; }
    #moves { width: 1fr; height: 5; }
    #keys { height: 1; color: $text-muted; }
    #log { height: 1fr; min-height: 4; }
    #moment { height: auto; }
    """

    def __init__(
        self, setup: Setup, skip_setup: bool = False, saved: dict[str, Any] | None = None
    ) -> None:
        super().__init__()
        self.setup = setup
        self.skip_setup = skip_setup or saved is not None
        self.saved = saved
        self.record: dict[str, Any] | None = None
        """The record of the match played, as last saved (for ``--save FILE``)."""
        self.left_by: int | None = None
        """The signal the app left on, the match saved (SIGHUP for a terminal that went
        away); None when the person left."""
        self._watcher: HangupWatcher | None = None
        self._signals: tuple[signal.Signals, ...] = ()

    def on_mount(self) -> None:
        self.title = "pegboard"
        if not self.is_headless:
            self._leave_with_the_terminal()
        if self.skip_setup:
            self.push_screen(play_screen(self.setup, self.saved))
        else:
            self.push_screen(SetupScreen(self.setup))

    def _leave_with_the_terminal(self) -> None:
        """Leave, the match saved, when the terminal goes away or SIGHUP or SIGTERM comes.

        The event loop runs the handlers between two messages, so a move being played is
        never cut in two. The hang-up itself needs a watcher: SIGHUP goes to the session's
        leader only (``make``, a waiting shell), and Textual's input thread reads the end of
        file of a hung-up terminal as "no key", again and again, at full speed."""
        loop = asyncio.get_running_loop()
        for signum in LEAVING_SIGNALS:
            loop.add_signal_handler(signum, self.leave, signum)
        self._signals = LEAVING_SIGNALS
        stdin = sys.__stdin__
        if stdin is not None and stdin.isatty():

            def hung_up() -> None:
                end_soon(signal_status(signal.SIGHUP))  # even if the loop is stuck
                loop.call_soon_threadsafe(self.leave, signal.SIGHUP)

            self._watcher = HangupWatcher(stdin.fileno(), hung_up)
            self._watcher.start()

    def on_unmount(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
        loop = asyncio.get_running_loop()
        for signum in self._signals:
            loop.remove_signal_handler(signum)

    def leave(self, signum: int) -> None:
        """Save the match (as after every move, for ``--resume``) and end the app, its
        status naming ``signum``."""
        if self.left_by is not None:
            return
        self.left_by = signum
        for screen in self.screen_stack:  # the match's screen may be under a round's end
            if isinstance(screen, SavesMatch):
                screen.save()
        detach_from_terminal()  # if it is gone, Textual's goodbye to the screen goes nowhere
        if not self.is_headless:  # a real terminal's app (never a test's, in pytest itself)
            end_soon(signal_status(signum))
        self.exit(return_code=signal_status(signum))

    def panic(self, *renderables: RenderableType) -> None:
        # Textual's input thread dies of EIO if it reads the terminal in the instant the
        # kernel hangs it up (reads end of file only once the hang-up is done), and panics
        # the app: that is the terminal lost, not an error of the program.
        if self._watcher is not None and terminal_gone(self._watcher.fd):
            self.leave(signal.SIGHUP)
            return
        super().panic(*renderables)


EXIT_GRACE = 1.2
"""Seconds the app has to end by itself once it leaves with its terminal."""
_ending: list[threading.Timer] = []


def end_soon(status: int) -> None:
    """End the process with ``status`` in ``EXIT_GRACE`` seconds unless it has ended by
    then. Seen under load: Textual's shutdown can stall on a terminal that hung up, and a
    client whose terminal is gone must not linger. Nothing is lost: the match is saved
    after every move, and ``leave`` saves it again before it asks the app to end."""
    if _ending:
        return
    timer = threading.Timer(EXIT_GRACE, os._exit, args=(status,))
    timer.daemon = True  # a normal end does not wait for it
    _ending.append(timer)
    timer.start()
