"""The page's JavaScript is type-checked (issue 35, "The table itself"): ``make typecheck``
runs TypeScript over it with ``checkJs`` (tsconfig.json), so that the JSDoc types and the
DOM's own types are checked without a build step. These tests show the check catching the
faults it is for, in the page's real modules, and the served layout resolving as TypeScript
sees it (a game's page module imports the page's ``dom.js`` from the folder above the one it
is served from, which is not where the file lies in the repository: tsconfig.json's
``rootDirs`` say so)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TSC = ROOT / "node_modules" / ".bin" / "tsc"
PAGE = "../"
"""Where a game's module finds the page's own modules, as the server serves them (a URL's
path, not the repository's: tests/test_references.py reads repository paths)."""

pytestmark = pytest.mark.skipif(
    not TSC.exists() and os.environ.get("CI") is None,
    reason="TypeScript comes from npm (make test installs it with npm ci)",
)


def check(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """tsc over the project's page with one more module, written in the domino games' shared
    folder's place (so it imports the page's modules as a game's module does)."""
    folder = tmp_path / "src" / "pegboard" / "dominoes" / "static"
    folder.mkdir(parents=True)
    (folder / "extra.js").write_text(source.replace("{PAGE}", PAGE), encoding="utf-8")
    config = json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))
    options = config["compilerOptions"]
    # The same virtual layout, with the extra module's folders beside the real ones.
    options["rootDirs"] = [str(ROOT / d) for d in options["rootDirs"]] + [
        str(folder.parent),
        str(folder),
    ]
    config["include"] = [str(ROOT / pattern) for pattern in config["include"]] + [
        str(folder / "extra.js")
    ]
    (tmp_path / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return subprocess.run(
        [str(TSC), "-p", str(tmp_path / "tsconfig.json")],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_page_as_it_is_passes() -> None:
    done = subprocess.run(
        [str(TSC), "-p", str(ROOT / "tsconfig.json")], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_good_module_importing_the_page_as_served_passes(tmp_path: Path) -> None:
    done = check(
        tmp_path,
        'import { h } from "{PAGE}dom.js";\nimport { t } from "{PAGE}i18n.js";\n'
        'export const greeting = h("p", {}, t("Log"));\n',
    )
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("source", "code"),
    [
        # A misspelt DOM method.
        ('export const x = document.getElementByID("main");\n', "TS2551"),
        # A page function called with arguments it does not take (dom.js: clearError()).
        ('import { clearError } from "{PAGE}dom.js";\nclearError(1, 2);\n', "TS2554"),
        # A name the page's module does not export.
        ('import { nothingSuch } from "{PAGE}dom.js";\nnothingSuch();\n', "TS2305"),
        # A JSDoc type contradicted by the code.
        (
            '/** @param {number} n */\nexport function twice(n) { return n * 2; }\ntwice("2");\n',
            "TS2345",
        ),
    ],
)
def test_the_check_catches(tmp_path: Path, source: str, code: str) -> None:
    done = check(tmp_path, source)
    assert done.returncode != 0
    assert f"error {code}" in done.stdout, done.stdout


def test_make_typecheck_runs_it() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ntypecheck:", 1)[1].split("\n\n", 1)[0]
    assert "node_modules/.bin/tsc -p tsconfig.json" in recipe
