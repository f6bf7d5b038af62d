"""The real ``pegboard`` command in a pseudo-terminal, for the tests of a terminal that goes
away (a window closed, a tmux session killed, an SSH connection dropped).

Closing the master side of the pseudo-terminal is the terminal going away: the kernel hangs
the terminal up, so that its input reads as end of file and writing to it fails, and it
sends SIGHUP to the session's leader only. ``leader`` chooses who that is:

- ``"pegboard"``: the command itself (``tmux new 'pegboard play'``), which gets SIGHUP;
- ``"make"``: a parent that catches SIGHUP and waits for its child, as ``make play`` does in
  tmux; the command gets no signal at all and must notice the hang-up itself.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from types import TracebackType
from typing import IO

from pegboard.i18n import ENVIRONMENT

ROWS, COLUMNS = 24, 80
ESCAPES = re.compile(
    r"\x1b(\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78MDE])"
)

# The session's leader: takes the pseudo-terminal as its controlling terminal, then either
# becomes the command (``pegboard``) or, like make, runs it with SIGHUP caught and waits for
# it, exiting with its status (``make``).
LAUNCHER = """
import fcntl, os, signal, subprocess, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
if sys.argv[1] == "pegboard":
    os.execv(sys.argv[2], sys.argv[2:])
signal.signal(signal.SIGHUP, lambda signum, frame: None)
sys.exit(subprocess.call(sys.argv[2:]))
"""


def pegboard_command() -> list[str]:
    """The installed console script (what ``make play`` runs), or the same entry point
    through this Python when the script is not installed next to it."""
    script = Path(sys.executable).parent / "pegboard"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from pegboard.cli.main import main; main()"]


class PtySession:
    """``pegboard ARGS`` on a fresh 80×24 pseudo-terminal, with its own ``XDG_STATE_HOME``."""

    def __init__(
        self, args: list[str], state_home: Path, leader: str, stderr: IO[bytes] | None = None
    ) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ENVIRONMENT}
        env.update(XDG_STATE_HOME=str(state_home), TERM="xterm-256color")
        self.process = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER, leader, *pegboard_command(), *args],
            stdin=slave,
            stdout=slave,
            stderr=slave if stderr is None else stderr,
            env=env,
            start_new_session=True,  # a session of its own, as in a new terminal window
        )
        os.close(slave)
        self.master: int | None = master
        self.output = b""
        """Everything the command wrote."""
        self.screen = ""
        """The same, escape sequences removed."""
        self._seen = 0

    def __enter__(self) -> PtySession:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        if self.master is not None:
            os.close(self.master)
            self.master = None
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    def expect(self, text: str | re.Pattern[str], timeout: float = 60) -> None:
        """Read the output until ``text`` (or a match of the pattern) appears in what came
        since the last ``expect``."""
        assert self.master is not None
        pattern = text if isinstance(text, re.Pattern) else re.compile(re.escape(text))
        deadline = time.monotonic() + timeout
        while (found := pattern.search(self.screen, self._seen)) is None:
            left = deadline - time.monotonic()
            assert left > 0, f"no {text!r} within {timeout} s; the screen:\n{self.screen}"
            ready, _, _ = select.select([self.master], [], [], min(left, 0.1))
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # EIO: the command has closed the terminal
                    data = b""
                assert data, f"the command ended before {text!r}:\n{self.screen}"
                self.output += data
                # All of it each time: a character or an escape may straddle two reads.
                self.screen = ESCAPES.sub("", self.output.decode("utf-8", "replace"))
        self._seen = found.end()

    def send(self, keys: str) -> None:
        assert self.master is not None
        os.write(self.master, keys.encode())

    def end(self, timeout: float = 30) -> int:
        """Read what the command still writes until it ends; its status."""
        assert self.master is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:  # EIO: nobody has the terminal open any more
                    break
                if not data:
                    break
                self.output += data
        return self.process.wait(max(deadline - time.monotonic(), 0.1))

    def hang_up(self, timeout: float = 30) -> float:
        """Close the terminal; the seconds until the command (and its leader) ended."""
        assert self.master is not None
        closed = time.monotonic()
        os.close(self.master)
        self.master = None
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            raise AssertionError(
                f"still running {timeout} s after its terminal went away"
            ) from None
        return time.monotonic() - closed
