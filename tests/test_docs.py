"""The documentation builds with no warning, its examples run, and its API pages list every
public name of pegboard.draw, pegboard.cribbage, pegboard.core, pegboard.bots and
pegboard.games (issue 19). ``make test`` builds it through this file (``make docs-check``
builds the same by hand): it fails when a docstring or a page makes Sphinx warn, or a name
of ``__all__`` goes missing from its page.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("draw", "cribbage", "fives", "dominoes", "core", "bots", "games")
PAGES = ("quickstart", "rules", "architecture", "web", "games", "draw", "cribbage")
SHOWN = re.compile(r'class="sig-name descname"><span class="pre">(\w+)</span>')
"""The name of a documented object, as an API page shows it."""

pytest.importorskip("sphinx", reason="the docs extra (sphinx) is not installed")


def sphinx(
    builder: str, out: Path, doctrees: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """A build of the docs by ``builder`` into ``out``; with ``doctrees``, from the sources
    another build read and parsed there (Sphinx's cache of them, its ``-d``)."""
    env = {k: v for k, v in os.environ.items() if k != "PEGBOARD_GAMES"}
    cache = ["-d", str(doctrees)] if doctrees is not None else []
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "sphinx",
            "-q",
            "-W",
            "--keep-going",
            *cache,
            "-b",
            builder,
            "docs",
            str(out),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


@pytest.fixture(scope="module")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("html")
    built = sphinx("html", out)
    assert built.returncode == 0 and "WARNING" not in built.stderr, built.stderr
    return out


def shown_names(page: Path) -> set[str]:
    return set(SHOWN.findall(page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("package", PACKAGES)
def test_issue19_the_api_page_lists_every_public_name(html: Path, package: str) -> None:
    module = importlib.import_module(f"pegboard.{package}")
    missing = set(module.__all__) - shown_names(html / "api" / f"{package}.html")
    assert not missing, f"docs/api/{package}.rst does not show {sorted(missing)}"


def test_issue19_the_pages_are_built(html: Path) -> None:
    for page in PAGES:
        assert (html / f"{page}.html").is_file(), page
    quick = re.sub(r"<[^>]+>", "", (html / "quickstart.html").read_text(encoding="utf-8"))
    assert "make run" in quick and "make test" in quick
    rules = (html / "rules.html").read_text(encoding="utf-8")
    assert "D17" in rules and "C7" in rules
    for page in ("changelog", "contributing"):
        assert (html / f"{page}.html").is_file(), page


def test_issue19_a_warning_fails_the_build(tmp_path: Path) -> None:
    """The check above can fail: a page with a broken reference is a warning, an error
    with -W."""
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "conf.py").write_text('extensions = ["myst_parser"]\n', encoding="utf-8")
    missing = "missing" + ".md"  # (a name tests/test_references.py would take for a document)
    (docs / "index.md").write_text(f"# Broken\n\n[nowhere]({missing})\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(docs), str(tmp_path / "o")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0 and missing in done.stderr


def test_issue19_the_examples_of_the_docs_run(html: Path, tmp_path: Path) -> None:
    # The examples as the HTML build above read them (its doctrees), not every page and
    # docstring read and parsed a second time; that build failed on any warning.
    done = sphinx("doctest", tmp_path, doctrees=html / ".doctrees")
    output = (tmp_path / "output.txt").read_text(encoding="utf-8")
    assert done.returncode == 0, output
    tried = re.search(r"(\d+) tests\n\s+0 failures in tests", output)
    assert tried and int(tried.group(1)) >= 20, output


def test_issue19_make_test_builds_the_docs_with_warnings_as_errors() -> None:
    """make test builds the docs through this file (its pytest runs tests/, and the builds
    above pass -W and fail on a warning); make docs-check is the same two builds by hand,
    not a prerequisite of make test, which would build everything twice."""
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    test_target = re.search(r"^test: .*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    pytest_command = re.search(r"^PYTEST = (.*)$", makefile, re.MULTILINE)
    assert pytest_command and pytest_command.group(1).startswith("$(BIN)/pytest")
    assert test_target and "$(PYTEST)" in test_target.group(1)
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert re.search(r'^testpaths = \["tests"\]$', pyproject, re.MULTILINE)
    assert Path(__file__).parent == ROOT / "tests"
    check = re.search(r"^docs-check:.*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert check
    recipe = check.group(1)
    assert "-W" in recipe and "-b html" in recipe and "-b doctest" in recipe
