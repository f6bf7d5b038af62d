"""A game is one folder (issue 34): ``scripts/footprint`` prints each game's files outside
its package, and prints nothing for the tree; on a copy with one file of a game put
outside its package, it names that file."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "scripts" / "footprint"


def footprint(package: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(package)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_every_game_is_one_folder() -> None:
    done = footprint(ROOT / "src" / "pegboard")
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")


PLANTED = [
    # a game's web view back in the web's folder
    ("web/views_draw.py", '"""Draw\'s view."""\n', "draw: web/views_draw.py is named for it"),
    # a surface that reaches into a game's package
    (
        "tui/screens_extra.py",
        "from pegboard.cribbage.cards import Card\n",
        "cribbage: tui/screens_extra.py imports pegboard.cribbage",
    ),
    # a game's page module among the web's
    ("web/static/games/fives.js", "export const x = 1;\n", "fives: web/static/games/fives.js"),
]


def test_each_file_of_a_game_outside_its_package_is_named(tmp_path: Path) -> None:
    # One copy of the tree (the copy and the script's reading of it take seconds) with
    # every planted file at once: each is named, in a line of its own.
    copy = tmp_path / "pegboard"
    shutil.copytree(
        ROOT / "src" / "pegboard", copy, ignore=shutil.ignore_patterns("__pycache__", "locale")
    )
    for path, text, _ in PLANTED:
        (copy / path).write_text(text, encoding="utf-8")
    done = footprint(copy)
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    for _, _, shown in PLANTED:
        assert [line for line in lines if shown in line], (shown, done.stdout)
