"""Plain line-by-line terminal input and output, shared by the interactive commands.

A terminal that goes away (``pegboard.hangup``) is ``TerminalLost`` here: end of input from
a hung-up terminal, failing output, or a leaving signal.
"""

from __future__ import annotations

import contextlib
import errno
import json
import signal
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import typer

from pegboard.hangup import (  # the hang-up helpers lived here: kept importable from here
    LEAVING_SIGNALS,
    HangupWatcher,
    detach_from_terminal,
    signal_status,
    terminal_gone,
)

__all__ = [
    "LEAVING_SIGNALS",
    "HangupWatcher",
    "Terminal",
    "TerminalLost",
    "detach_from_terminal",
    "fail",
    "signal_status",
    "terminal_gone",
]


class TerminalLost(Exception):  # noqa: N818 (an event, not an error of the program)
    """The terminal went away (or a leaving signal came): save the match and leave."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


class Terminal:
    """Writes lines and reads answers; end of input is ``None``, never an exception.

    When input does not come from a keyboard (a script, a pipe, a test), each answer is
    echoed after its prompt so that the transcript reads like a session. A terminal that
    went away is ``TerminalLost`` (SIGHUP): end of input from a hung-up terminal, failing
    output, or, inside ``leaving_signals()``, SIGHUP or SIGTERM.
    """

    def __init__(self) -> None:
        self.tty = sys.stdin.isatty()
        self._reading = False
        self._signalled: int | None = None

    def say(self, text: str = "", nl: bool = True) -> None:
        try:
            typer.echo(text, nl=nl)
        except OSError as error:
            if error.errno != errno.EIO:  # a closed pipe, say: not a terminal's hang-up
                raise
            raise TerminalLost(signal.SIGHUP) from None  # nobody reads this any more

    def ask(self, prompt: str) -> str | None:
        self._check_signals()
        self.say(prompt, nl=False)
        try:
            self._reading = True  # a leaving signal now interrupts the wait
            answer = sys.stdin.readline()
        except KeyboardInterrupt:
            self.say()
            return None
        except OSError as error:
            if error.errno != errno.EIO:
                raise
            raise TerminalLost(signal.SIGHUP) from None  # it hung up while we waited
        finally:
            self._reading = False
        if not answer:  # end of input: the keyboard's (Ctrl-D), a pipe's, or a hang-up
            if self.tty and terminal_gone(sys.stdin.fileno()):
                raise TerminalLost(signal.SIGHUP)
            self.say()
            return None
        answer = answer.rstrip("\r\n")
        if not self.tty:
            self.say(answer)
        return answer

    @contextlib.contextmanager
    def leaving_signals(self) -> Iterator[None]:
        """SIGHUP and SIGTERM become ``TerminalLost``: at once while waiting for an answer,
        else at the next question (a move being played is never cut in two)."""

        def on_signal(signum: int, _frame: FrameType | None) -> None:
            self._signalled = signum
            if self._reading:
                raise TerminalLost(signum)

        previous = {signum: signal.signal(signum, on_signal) for signum in LEAVING_SIGNALS}
        try:
            yield
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)

    def _check_signals(self) -> None:
        if self._signalled is not None:
            raise TerminalLost(self._signalled)


def fail(message: str, _: Callable[[str], str] | None = None) -> typer.Exit:
    """Print a one-line error to stderr; the caller raises the returned exit (code 1).

    ``_`` translates the label (``message`` comes translated, or from the engine)."""
    label = "pegboard: error: {message}" if _ is None else _("pegboard: error: {message}")
    typer.echo(label.format(message=message), err=True)
    return typer.Exit(code=1)


def read_record_file(path: Path, _: Callable[[str], str]) -> Any:
    """The JSON record in ``path`` (``pegboard hint``, ``pegboard analyse``); a translated
    error (exit 1) when it cannot be read or parsed."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise fail(
            _("cannot read {path}: {reason}").format(path=path, reason=error.strerror), _
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise fail(
            _("{path} is not a JSON record: {reason}").format(path=path, reason=error), _
        ) from None
