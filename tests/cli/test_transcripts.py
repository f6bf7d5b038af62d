"""The command line prints, byte for byte, what it printed before Draw and cribbage moved
onto the generic ``pegboard play`` and ``pegboard replay`` (issue 34): every seeded session
of ``tests/cli/transcripts.py`` (bots, every language, whole matches, bad input, help,
quitting, end of input, save then replay or hint, refused options and records) against
the transcript recorded on the code before the change."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tests.cli.transcripts import FOLDER, SESSIONS, transcript


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Every session's transcript today, the sessions run in order in one directory (a
    later one replays what an earlier one saved)."""
    folder = tmp_path_factory.mktemp("sessions")
    return {session.name: transcript(session, folder) for session in SESSIONS}


def test_every_recorded_transcript_has_its_session() -> None:
    recorded = {path.stem for path in FOLDER.glob("*.txt")}
    assert recorded == {session.name for session in SESSIONS}


@pytest.mark.parametrize("name", [session.name for session in SESSIONS])
def test_the_session_prints_what_it_printed_before(name: str, printed: dict[str, str]) -> None:
    expected = (FOLDER / f"{name}.txt").read_text(encoding="utf-8")
    if printed[name] != expected:
        diff = difflib.unified_diff(
            expected.splitlines(keepends=True),
            printed[name].splitlines(keepends=True),
            fromfile=str(Path("recorded") / f"{name}.txt"),
            tofile="printed now",
            n=2,
        )
        pytest.fail("".join(list(diff)[:60]), pytrace=False)
