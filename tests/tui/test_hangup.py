"""The full-screen client when its terminal goes away in the middle of a match (issue 14):
it saves the match, as ``--resume`` reads it, and ends by itself, for both games, whether
SIGHUP reaches it or not (under ``make play`` only make gets it). It ends on the hang-up
itself (``pegboard.hangup`` sleeps in ``poll`` until it), with a hang-up's exit status; how
soon is not asserted in seconds (the machines are shared: a full run under load once took
2.5 s), only that it ends within the session's bound (``PtySession.hang_up``)."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

import pytest

from pegboard.cribbage import CribbageMatch
from pegboard.draw import Match
from pegboard.draw.looks.tui import MatchScreen
from pegboard.hangup import HangupWatcher
from pegboard.tui.app import PegboardApp
from pegboard.tui.setup import Setup, load_saved, save_file
from tests.cli.pty_session import PtySession

LEADERS = ["make", "pegboard"]
HUNG_UP = 129
"""128 + SIGHUP, as a shell reports a program ended by it."""


@pytest.mark.parametrize("leader", LEADERS)
def test_draw_saves_and_ends_when_its_terminal_goes_away(tmp_path: Path, leader: str) -> None:
    args = ["play", "draw", "--seed", "5", "--lang", "en"]
    with PtySession(args, tmp_path, leader) as session:
        session.expect("Start")
        session.send("\r")  # the set-up screen's Start
        session.expect("Your hand")
        session.send("1")  # seat 0 leads in this deal: the first tile listed opens
        session.send("\r")  # (a number chooses, Enter plays)
        session.expect("You open the line with")
        session.hang_up()  # an AssertionError if it were still running at the bound
        status = session.process.returncode
    assert status == HUNG_UP
    setup, state = load_saved(save_file(tmp_path / "pegboard", "draw"))  # it resumes
    match = Match.from_record(state["match"])
    assert setup.seed == 5
    assert any(move.seat == 0 for move in match.observation(0).round.history)


@pytest.mark.parametrize("leader", LEADERS)
def test_cribbage_saves_and_ends_when_its_terminal_goes_away(tmp_path: Path, leader: str) -> None:
    args = ["play", "cribbage", "--seed", "5", "--lang", "en"]
    with PtySession(args, tmp_path, leader) as session:
        session.expect("Start")
        session.send("\r")
        session.expect("Continue")  # the cut for the deal
        session.send("\r")
        session.expect("Lay in the crib")
        session.send("12")  # two cards for the crib
        # Enter is a priority binding, handled as it arrives, maybe before number keys
        # still on their way: it goes once both cards show as chosen.
        session.expect(re.compile(r"Chosen: \S+ \S+"))
        session.send("\r")  # laid
        session.expect("You lay")
        session.hang_up()  # an AssertionError if it were still running at the bound
        status = session.process.returncode
    assert status == HUNG_UP
    _setup, state = load_saved(save_file(tmp_path / "pegboard", "cribbage"))
    match = CribbageMatch.from_record(state["match"])
    assert any(move.seat == 0 for move in match.game.observation(0).history)


def test_sigterm_saves_the_match_and_gives_the_terminal_back(tmp_path: Path) -> None:
    """A logout or ``kill`` with the terminal still there: the match saved, the terminal
    restored (the main screen back), the status of SIGTERM."""
    args = ["play", "draw", "--seed", "5", "--lang", "en"]
    with PtySession(args, tmp_path, "pegboard") as session:
        session.expect("Start")
        session.send("\r")
        session.expect("Your hand")
        session.send("1")
        session.send("\r")
        session.expect("You open the line with")
        session.process.send_signal(signal.SIGTERM)
        status = session.end()
        assert b"\x1b[?1049l" in session.output  # the alternate screen left
    assert status == 128 + signal.SIGTERM
    _setup, state = load_saved(save_file(tmp_path / "pegboard", "draw"))
    assert any(
        move.seat == 0 for move in Match.from_record(state["match"]).observation(0).round.history
    )


def test_textual_dying_of_the_hang_up_is_a_lost_terminal_not_a_crash(tmp_path: Path) -> None:
    """Textual's input thread dies of EIO if it reads in the instant the terminal hangs up,
    and panics the app: with the terminal gone, that is leaving on SIGHUP, the match saved."""
    master, slave = os.openpty()
    os.close(master)  # the terminal this app reads, gone

    async def run() -> PegboardApp:
        app = PegboardApp(Setup(seed=5, lang="en", save_dir=tmp_path), skip_setup=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, MatchScreen)
            await pilot.press("1", "enter")
            await pilot.pause()
            app._watcher = HangupWatcher(slave, lambda: None)
            app.panic("OSError: [Errno 5] Input/output error")
            await pilot.pause()
        return app

    try:
        app = asyncio.run(run())
    finally:
        os.close(slave)
    assert app.left_by == signal.SIGHUP and app.return_code == HUNG_UP
    _setup, state = load_saved(save_file(tmp_path, "draw"))
    history = Match.from_record(state["match"]).observation(0).round.history
    assert any(move.seat == 0 for move in history)
