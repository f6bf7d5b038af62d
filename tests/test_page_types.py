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
import re
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


def check(tmp_path: Path, sources: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """tsc over the project's page with more modules (each ``NAME.js`` of ``sources``),
    written in the domino games' shared folder's place (so they import the page's modules as
    a game's module does). One run checks them all: tsc names the file of each error."""
    folder = tmp_path / "src" / "pegboard" / "dominoes" / "static"
    folder.mkdir(parents=True)
    for name, source in sources.items():
        (folder / f"{name}.js").write_text(source.replace("{PAGE}", PAGE), encoding="utf-8")
    config = json.loads((ROOT / "tsconfig.json").read_text(encoding="utf-8"))
    options = config["compilerOptions"]
    # The same virtual layout, with the extra modules' folders beside the real ones.
    options["rootDirs"] = [str(ROOT / d) for d in options["rootDirs"]] + [
        str(folder.parent),
        str(folder),
    ]
    config["include"] = [str(ROOT / pattern) for pattern in config["include"]] + [
        str(folder / f"{name}.js") for name in sources
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


GOOD = (
    'import { h } from "{PAGE}dom.js";\nimport { t } from "{PAGE}i18n.js";\n'
    'export const greeting = h("p", {}, t("Log"));\n'
)
"""A module importing the page's modules as a game's module does, as it is served."""

FAULTS = {
    # A misspelt DOM method.
    "misspelt": ('export const x = document.getElementByID("main");\n', "TS2551"),
    # A page function called with arguments it does not take (dom.js: clearError()).
    "arguments": ('import { clearError } from "{PAGE}dom.js";\nclearError(1, 2);\n', "TS2554"),
    # A name the page's module does not export.
    "unexported": ('import { nothingSuch } from "{PAGE}dom.js";\nnothingSuch();\n', "TS2305"),
    # A JSDoc type contradicted by the code.
    "contradicted": (
        '/** @param {number} n */\nexport function twice(n) { return n * 2; }\ntwice("2");\n',
        "TS2345",
    ),
}


def errors_by_module(output: str) -> dict[str, set[str]]:
    """The error codes tsc reports, per extra module's name (``misspelt.js(1,27): error
    TS2551: ...`` is ``misspelt``'s)."""
    found: dict[str, set[str]] = {}
    for match in re.finditer(r"(\w+)\.js\(\d+,\d+\): error (TS\d+)", output):
        found.setdefault(match[1], set()).add(match[2])
    return found


def test_a_good_module_passes_and_each_fault_is_caught_in_its_module(tmp_path: Path) -> None:
    # One run of tsc (some seconds) over the good module and every faulty one: each fault is
    # named in its own module, by its own code, and the good module beside them has none
    # (its imports resolve as the page is served).
    sources = {"good": GOOD, **{name: source for name, (source, _) in FAULTS.items()}}
    done = check(tmp_path, sources)
    assert done.returncode != 0
    found = errors_by_module(done.stdout)
    assert found == {name: {code} for name, (_, code) in FAULTS.items()}, done.stdout


def test_make_typecheck_runs_it() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = makefile.split("\ntypecheck:", 1)[1].split("\n\n", 1)[0]
    assert "node_modules/.bin/tsc -p tsconfig.json" in recipe
