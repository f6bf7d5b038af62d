"""Plain line-by-line terminal input and output, shared by the interactive commands, and
what both terminal clients do when their terminal goes away.

A terminal goes away when its window is closed, its tmux session killed or its SSH
connection dropped. The kernel then hangs the terminal up: its input reads as end of
file at once and for ever, writing to it fails (EIO), and SIGHUP goes to the session's
leader only, which is not ``pegboard`` when it runs under ``make`` or a shell that waits.
A client that counts on SIGHUP never hears of it there, and one that takes end of file
for "no key yet" (Textual's input thread does) spins for ever; the clients here notice the
hang-up itself, save the match and leave.
"""

from __future__ import annotations

import contextlib
import errno
import os
import select
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType

import typer

LEAVING_SIGNALS = (signal.SIGHUP, signal.SIGTERM)
"""The signals on which a client saves the match and leaves: the terminal hung up, or the
system (a logout, a shutdown, ``kill``) asks it to end."""


def signal_status(signum: int) -> int:
    """The exit status of a program ended by ``signum``, as a shell reports one killed by
    it (129 for SIGHUP, 143 for SIGTERM): whoever waits for it sees why it ended."""
    return 128 + signum


def terminal_gone(*fds: int) -> bool:
    """Whether one of ``fds`` is a terminal that hung up (or a closed pipe or file).

    Polled for no event at all, a descriptor reports only the conditions poll always
    reports, hang-up and error: a live terminal reports nothing, whether keys wait or not.
    """
    poller = select.poll()
    for fd in fds:
        poller.register(fd, 0)
    gone = select.POLLHUP | select.POLLERR | select.POLLNVAL
    return any(events & gone for _fd, events in poller.poll(0))


def detach_from_terminal() -> None:
    """Point those of standard input, output and error that went with the terminal at
    ``/dev/null`` (a file or a pipe that is still there stays as it is).

    What is still written on the way out (the app restoring the screen, Python flushing
    its buffers) then goes nowhere instead of failing with EIO, or blocking a writer thread
    that died of it, and nothing prints a traceback that nobody can read."""
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        for fd in (0, 1, 2):
            if terminal_gone(fd):
                os.dup2(devnull, fd)
    finally:
        os.close(devnull)


class HangupWatcher:
    """Calls ``on_hangup`` once, from a thread of its own, when the terminal on ``fd``
    hangs up; ``stop`` ends the watch.

    For the full-screen client, whose input Textual reads: Textual takes the end of file of
    a hung-up terminal for "no key" and polls it again at once, for ever. The watcher
    sleeps in ``poll`` until the hang-up itself (or ``stop``), so it neither competes with
    Textual for the keys nor wakes for them."""

    def __init__(self, fd: int, on_hangup: Callable[[], object]) -> None:
        self.fd = fd
        self.on_hangup = on_hangup
        self._stop_read, self._stop_write = os.pipe()
        self._thread = threading.Thread(target=self._watch, name="pegboard-hangup", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        if self._stop_write < 0:
            return
        os.write(self._stop_write, b"x")
        if self._thread.ident is not None:  # started
            self._thread.join()
        os.close(self._stop_write)
        os.close(self._stop_read)
        self._stop_write = self._stop_read = -1

    def _watch(self) -> None:
        poller = select.poll()
        poller.register(self.fd, 0)  # hang-up and error only: see terminal_gone
        poller.register(self._stop_read, select.POLLIN)
        while True:
            events = dict(poller.poll())
            if events.get(self._stop_read):
                return
            if events.get(self.fd):
                self.on_hangup()
                return


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
