"""Every document the code, the tests and the docs refer to is in the repository (issue 17).

Someone who clones the repository must find what a docstring or the README points at: a
reference that leaves the repository (``../shared/RULES.md``, an absolute path on one
machine) or names a document that is not there (``RULES.md`` at the root) fails here.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TEXT = (".py", ".md", ".js", ".html", ".css", ".toml", ".cfg", ".txt", ".sh", "")

RELATIVE = re.compile(r"(?<![\w./])(?:\.\./)+[\w.-]+(?:/[\w.-]+)*")
"""A path relative to the file that names it (``../dom.js``); outside if it resolves there."""
MACHINE = re.compile(r"(?<![\w:/.])/(?:work|home|check|root)/[\w.-]+")
"""An absolute path of one machine's files (``/work/shared``)."""
DOCUMENT = re.compile(r"(?<![\w/.:\"'-])((?:[\w.-]+/)*[\w-]+\.md)\b")
"""A document named by its path (``docs/rules.md``, ``README.md``)."""
URL = re.compile(r"\w+://\S+")
GAME_FILES = ROOT / "src" / "pegboard" / "web" / "static" / "games"
"""Where a game's web files are served from (``/static/games/``): their references to the
page's own modules (``../dom.js``) resolve from there, wherever their package lies."""


def served_from(where: Path) -> Path:
    """The folder a file's relative references resolve from: its own, or, for a game's web
    file (``<game>/looks/static/``, the domino games' ``dominoes/static/``), the one its
    server serves it from."""
    folder = where.parent
    if folder.name == "static" and (
        folder.parent.name == "looks" or folder.parent.name == "dominoes"
    ):
        return GAME_FILES
    return folder


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return [
        ROOT / name
        for name in listed
        if Path(name).suffix in TEXT and not name.startswith("src/pegboard/locale/")
    ]


def problems(text: str, where: Path) -> list[str]:
    """The references in ``text`` (of the file ``where``) that point outside the repository
    or at a document that is not in it."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        line = URL.sub("", line)
        for hit in MACHINE.finditer(line):
            found.append(f"{number}: {hit.group()} is outside the repository")
        for hit in RELATIVE.finditer(line):
            target = (served_from(where) / hit.group()).resolve()
            if not target.is_relative_to(ROOT):
                found.append(f"{number}: {hit.group()} is outside the repository")
            elif not target.exists():
                found.append(f"{number}: {hit.group()} is not in the repository")
        for hit in DOCUMENT.finditer(line):
            name = hit.group(1)
            if not ((ROOT / name).exists() or (where.parent / name).exists()):
                found.append(f"{number}: {name} is not in the repository")
    return found


def test_every_reference_points_inside_the_repository() -> None:
    files = tracked_files()
    assert len(files) > 100, "git ls-files listed too few files to be reading the repository"
    offences = [
        f"{path.relative_to(ROOT)}:{problem}"
        for path in files
        if path.is_file() and path != Path(__file__).resolve()
        for problem in problems(path.read_text(encoding="utf-8", errors="replace"), path)
    ]
    assert not offences, "\n".join(offences)


@pytest.mark.parametrize(
    "text",
    [
        "as ../shared/RULES.md states it",
        "SEEDS = Path('/work/shared/seeds')",
        "exactly as ``RULES.md`` states it",
        "see ARCHITECTURE.md, layer 8",
    ],
)
def test_the_check_catches_a_reference_outside(text: str) -> None:
    assert problems(text, ROOT / "src" / "pegboard" / "x.py")


@pytest.mark.parametrize(
    "text",
    [
        "exactly as ``docs/rules.md`` states it",
        "the README.md's quick start",
        "[rules](rules.md)",  # beside docs/games.md: docs/rules.md
        "https://example.org/../x/README.md",
        "a ratio 2.46x and ./x and x/../y and ../README.md",
        'Path(__file__).parents[2] / "docs" / "web.md"',
        "the server's socket in /tmp/pegboard-postgres-UID",
    ],
)
def test_the_check_lets_references_inside_be(text: str) -> None:
    assert not problems(text, ROOT / "docs" / "games.md")
