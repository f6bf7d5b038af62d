"""The layers of docs/architecture.md hold, checked by import-linter (issue 34).

The contracts are in pyproject.toml (``[tool.importlinter]``): the generic packages form one
stack (protocol, agents, registry, presentation, orchestration, surfaces; no surface
imports another), each game's package another (its rules at the bottom, its looks at the
top), and no game imports another. ``make lint`` runs ``lint-imports``; these tests run it
too, on the tree and on copies of it with one forbidden import added, to show that each
kind of fault is caught.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "pegboard"
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(source: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with the repository's contracts, on the package found in ``source``."""
    environment = {**os.environ, "PYTHONPATH": str(source)}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", str(ROOT / "pyproject.toml")],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment,
        timeout=300,
        check=False,
    )


def test_every_contract_is_kept() -> None:
    result = lint_imports(ROOT / "src", ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.fixture(scope="module")
def copy_of_the_package(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package's Python modules, copied: each test adds one import to its own copy."""
    base = tmp_path_factory.mktemp("pristine")
    shutil.copytree(
        PACKAGE, base / "pegboard", ignore=shutil.ignore_patterns("*.so", "locale", "static")
    )
    return base


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # a rule that reads its look (the rules are the bottom of their game's column)
        ("draw/round.py", "import pegboard.draw.looks.web", "Draw:"),
        # a rule that reads the bots' registry
        ("cribbage/scoring.py", "import pegboard.games", "Cribbage:"),
        # a surface that imports another
        ("tui/screens.py", "import pegboard.web.views", "The generic layers"),
        # the registry reaching up into the orchestration layer
        ("games/base.py", "import pegboard.hints", "The generic layers"),
        # a game built on another game instead of on pegboard.dominoes
        ("fives/bots/expert.py", "import pegboard.draw.bots.playout", "No game imports another"),
    ],
)
def test_a_forbidden_import_breaks_its_contract(
    copy_of_the_package: Path, tmp_path: Path, module: str, line: str, broken: str
) -> None:
    shutil.copytree(copy_of_the_package, tmp_path, dirs_exist_ok=True)
    target = tmp_path / "pegboard" / module
    target.write_text(target.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    result = lint_imports(tmp_path, tmp_path)
    assert result.returncode != 0, result.stdout
    broken_section = result.stdout.partition("Broken contracts")[2]
    assert broken in broken_section, result.stdout
