"""What both terminal clients (``pegboard play --plain`` and the full-screen app) do when
their terminal goes away.

A terminal goes away when its window is closed, its tmux session killed or its SSH
connection dropped. The kernel then hangs the terminal up: its input reads as end of
file at once and for ever, writing to it fails (EIO), and SIGHUP goes to the session's
leader only, which is not ``pegboard`` when it runs under ``make`` or a shell that waits.
A client that counts on SIGHUP never hears of it there, and one that takes end of file
for "no key yet" (Textual's input thread does) spins for ever; the clients here notice the
hang-up itself, save the match and leave.

This module is no surface (docs/architecture.md): the command line and the terminal app both
use it, and neither imports the other.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from collections.abc import Callable

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
