"""The surfaces never import one another (docs/architecture.md, layer 8).

What the terminal app and the web server share with the command line (the catalogs, the
worded errors, the words of moves and scores, the bots' seeds) lives below the surfaces,
in ``pegboard.i18n`` and the layers above it; a surface that imported another would pull
in its dependencies (typer for the web server, Textual for the command line) and tie
their changes together. The modules are read with ``ast``, not imported, so that a
surface whose optional extra is missing is checked too, and an import inside a function
counts as much as one at the top.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pegboard"
SURFACES = ("cli", "tui", "web")
CHECKED = ("tui", "web")
"""The surfaces whose imports are checked: the command line may start the others (``pegboard
serve``, ``pegboard play`` full screen), which is what a command line is for."""


def package_of(path: Path) -> str:
    """The package a module of ``src`` is in: ``pegboard.web`` for ``pegboard/web/app.py``."""
    return ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])


def imported_modules(path: Path, package: str) -> list[tuple[int, str]]:
    """Every module that ``path`` (a module of ``package``) imports, absolute, with its
    line: ``from . import x`` in ``pegboard.web`` is ``pegboard.web.x``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            if module.count(".") == 0:
                # ``from pegboard import cli`` imports a surface as ``import pegboard.cli``
                found.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
    return found


def foreign_surface(module: str, own: str) -> str | None:
    """The other surface ``module`` belongs to, or None."""
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "pegboard" and parts[1] in SURFACES and parts[1] != own:
        return parts[1]
    return None


def surface_modules(surface: str) -> list[Path]:
    return sorted((PACKAGE / surface).rglob("*.py"))


@pytest.mark.parametrize("surface", CHECKED)
def test_a_surface_imports_no_other_surface(surface: str) -> None:
    modules = surface_modules(surface)
    assert modules, f"no modules under {PACKAGE / surface}"
    offences = [
        f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}"
        for path in modules
        for line, module in imported_modules(path, package_of(path))
        if foreign_surface(module, surface)
    ]
    assert not offences, "\n".join(offences)


def test_the_check_sees_every_form_of_import(tmp_path: Path) -> None:
    """The checker itself: absolute, ``from``, relative and nested imports all count."""
    source = tmp_path / "probe.py"
    source.write_text(
        "import pegboard.cli.i18n\n"
        "from pegboard import tui\n"
        "from ..cli import errors\n"
        "def f():\n"
        "    from pegboard.tui.screens import log_line\n"
        "from pegboard.web import app\n"
        "from pegboard.i18n import translator\n",
        encoding="utf-8",
    )
    modules = imported_modules(source, "pegboard.web")
    found = [m for _line, m in modules if foreign_surface(m, "web")]
    # one each: the absolute, the package's, the relative and the nested import
    assert found == ["pegboard.cli.i18n", "pegboard.tui", "pegboard.cli", "pegboard.tui.screens"]
