"""Line-by-line play when its terminal goes away (issue 14): the match record is written
(``--save``), nothing is printed, no traceback, and the command ends within 2 s with the
status of SIGHUP; an end of input typed at the keyboard still just ends the match."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from pegboard.cribbage import Game
from pegboard.draw import Match
from pegboard.hangup import HangupWatcher, terminal_gone
from tests.cli.pty_session import PtySession

HUNG_UP = 129
"""128 + SIGHUP, as a shell reports a program ended by it."""
FIRST_MOVE = {"draw": "1\n", "cribbage": "1 2\n"}
"""The first move listed (Draw), two cards for the crib (cribbage)."""


def seat_0_moved(record: dict[str, Any]) -> bool:
    """Whether the record holds a move of seat 0 (a Draw match, a game of cribbage)."""
    if record["game"] == "draw":
        history = Match.from_record(record).observation(0).round.history
        return any(move.seat == 0 for move in history)
    return any(move.seat == 0 for move in Game.from_record(record).observation(0).history)


@pytest.mark.parametrize("game", ["draw", "cribbage"])
@pytest.mark.parametrize("leader", ["make", "pegboard"])
def test_plain_play_saves_and_ends_when_its_terminal_goes_away(
    tmp_path: Path, leader: str, game: str
) -> None:
    record = tmp_path / "match.json"
    args = ["play", game, "--plain", "--seed", "5", "--lang", "en", "--save", str(record)]
    with (
        (tmp_path / "stderr").open("wb") as stderr,  # a traceback would be kept here
        PtySession(args, tmp_path, leader, stderr=stderr) as session,
    ):
        session.expect("> ")
        session.send(FIRST_MOVE[game])
        session.expect("> ")  # the bot has answered: the next question
        elapsed = session.hang_up()
        status = session.process.returncode
    assert elapsed <= 2, f"{elapsed:.2f} s after its terminal went away"
    assert status == HUNG_UP
    assert (tmp_path / "stderr").read_text() == ""
    assert seat_0_moved(json.loads(record.read_text()))


def test_end_of_input_at_the_keyboard_is_not_a_lost_terminal(tmp_path: Path) -> None:
    """Ctrl-D at a live terminal ends the match as before, status 0: only a hang-up is
    a lost terminal."""
    record = tmp_path / "match.json"
    args = ["play", "--plain", "--seed", "5", "--lang", "en", "--save", str(record)]
    with PtySession(args, tmp_path, "pegboard") as session:
        session.expect("> ")
        session.send("\x04")  # the terminal's end of file
        session.expect("End of input: leaving the match.")
        session.expect("Match record written to")
        assert session.process.wait(60) == 0
    assert record.exists()


def test_the_watcher_sees_a_hang_up_and_nothing_else() -> None:
    master, slave = os.openpty()
    hung_up = threading.Event()
    watcher = HangupWatcher(slave, hung_up.set)
    watcher.start()
    try:
        os.write(master, b"keys\n")  # input waiting is no hang-up
        assert not hung_up.wait(0.2) and not terminal_gone(slave)
        os.close(master)
        assert hung_up.wait(5) and terminal_gone(slave)
    finally:
        watcher.stop()
        os.close(slave)


def test_a_stopped_watcher_calls_nobody() -> None:
    master, slave = os.openpty()
    hung_up = threading.Event()
    watcher = HangupWatcher(slave, hung_up.set)
    watcher.start()
    watcher.stop()
    os.close(master)
    os.close(slave)
    assert not hung_up.is_set()
