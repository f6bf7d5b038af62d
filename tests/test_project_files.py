"""The files that make pegboard a project others can take up (issue 19): the changelog,
the contributor's guide, both linked from the README, and the pre-commit hooks, which run
the same checks as ``make lint`` and ``make typecheck``.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from pegboard import __version__

ROOT = Path(__file__).resolve().parents[1]
VERSION_HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\](?: - (?P<date>\d{4}-\d\d-\d\d))?$")
KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")
"""The kinds of change of Keep a Changelog."""


def read(name: str) -> str:
    return (ROOT / name).read_text(encoding="utf-8")


def test_issue19_the_changelog_keeps_a_changelog_by_version() -> None:
    lines = read("CHANGELOG.md").splitlines()
    assert lines[0] == "# Changelog"
    versions = [m for line in lines if (m := VERSION_HEADING.match(line))]
    assert versions and versions[0]["version"] == "Unreleased"
    released = [m["version"] for m in versions[1:]]
    assert all(m["date"] for m in versions[1:]), "a released version has its date"
    assert __version__ in released, f"the version {__version__} has no section"
    kinds = [line[4:] for line in lines if line.startswith("### ")]
    assert kinds and set(kinds) <= set(KINDS), kinds
    unknown = [line for line in lines if line.startswith("## ") and not VERSION_HEADING.match(line)]
    assert not unknown, unknown


def test_issue19_contributing_says_how_to_set_up_test_translate_and_add_a_game() -> None:
    text = read("CONTRIBUTING.md")
    sections = re.findall(r"^## (.+)$", text, re.MULTILINE)
    for section in ("Set up", "Test", "Add a translation", "Add a game"):
        assert section in sections, section
    assert "make run" in text and "make test" in text
    assert "make translations" in text and "docs/games.md" in text
    makefile = read("Makefile")
    for target in re.findall(r"`make ([\w-]+)", text):
        assert re.search(rf"^{re.escape(target)}:", makefile, re.MULTILINE), target


def test_issue19_the_readme_links_the_changelog_contributing_and_license() -> None:
    readme = read("README.md")
    for name in ("CHANGELOG.md", "CONTRIBUTING.md", "LICENSE"):
        assert f"]({name})" in readme, name


HOOKS = {
    "ruff": ".venv/bin/ruff check",
    "ruff-format": ".venv/bin/ruff format",
    "mypy": ".venv/bin/mypy",
    "eslint": "node_modules/.bin/eslint",
    "tsc": "node_modules/.bin/tsc -p tsconfig.json",
}


def hooks() -> dict[str, str]:
    config = yaml.safe_load(read(".pre-commit-config.yaml"))
    return {hook["id"]: hook["entry"] for repo in config["repos"] for hook in repo["hooks"]}


def test_issue19_pre_commit_runs_ruff_ruff_format_mypy_and_eslint() -> None:
    assert {k: v.split(" --")[0] for k, v in hooks().items()} == HOOKS
    validated = subprocess.run(
        [sys.executable, "-m", "pre_commit", "validate-config", ".pre-commit-config.yaml"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert validated.returncode == 0, validated.stdout + validated.stderr
    # The same tools as make lint and make typecheck.
    makefile = read("Makefile")
    for tool in (
        "ruff check",
        "ruff format",
        "mypy",
        "node_modules/.bin/eslint",
        "node_modules/.bin/tsc",
    ):
        assert tool in makefile, tool


def test_issue19_the_ruff_hook_fails_on_a_lint_error(tmp_path: Path) -> None:
    """The hook really runs ruff: a repository with this configuration and one bad file."""
    if shutil.which("git") is None:
        pytest.skip("no git")
    repo = tmp_path / "repo"
    (repo / "src").mkdir(parents=True)
    shutil.copy(ROOT / ".pre-commit-config.yaml", repo)
    (repo / ".venv").symlink_to(Path(sys.prefix))
    (repo / "src" / "good.py").write_text('"""Fine."""\n\nANSWER = 42\n', encoding="utf-8")
    (repo / "src" / "bad.py").write_text("import os\n", encoding="utf-8")  # F401
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")}
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run([*git, "add", "."], cwd=repo, check=True)

    def run(name: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "pre_commit", "run", "ruff", "--files", f"src/{name}"],
            cwd=repo,
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
        )

    good, bad = run("good.py"), run("bad.py")
    assert good.returncode == 0, good.stdout + good.stderr
    assert bad.returncode != 0 and "F401" in bad.stdout, bad.stdout + bad.stderr


def test_make_run_takes_another_port() -> None:
    """``make run PORT=8123`` serves the app on that port (and ``make run`` on the default)."""
    import os
    import subprocess

    # Run under make test too: the outer make's variables would reach this one.
    outer = ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "PORT")
    environment = {key: value for key, value in os.environ.items() if key not in outer}

    def recipe(*words: str) -> str:
        done = subprocess.run(
            ["make", "-n", "--always-make", "--no-print-directory", "run", *words],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
            env=environment,
        )
        serve = [line for line in done.stdout.splitlines() if "pegboard serve" in line]
        assert len(serve) == 1, done.stdout
        return serve[0].strip()

    assert recipe("PORT=8123").endswith("pegboard serve --port 8123")
    assert recipe().endswith("pegboard serve")
