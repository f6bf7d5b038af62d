"""The command line and the arena know no game by name (issue 11): outside a game's own
modules (named after it: ``cli/draw_play.py``, ``cli/cribbage.py``,
``arena/cribbage_deals.py``), no module compares a value with a game's name or keeps a
table keyed by games' names; they ask the registry (``cli/tui.py`` too, which starts
the terminal app)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pegboard import games

SRC = Path(__file__).resolve().parents[2] / "src" / "pegboard"
EXEMPT: set[str] = set()


def _own_module(path: Path, names: tuple[str, ...]) -> bool:
    return any(path.stem == name or path.stem.startswith(f"{name}_") for name in names)


def _generic_modules() -> list[Path]:
    names = games.names()
    return [
        path
        for folder in ("cli", "arena")
        for path in sorted((SRC / folder).glob("*.py"))
        if path.name not in EXEMPT and not _own_module(path, names)
    ]


def _is_name(node: ast.AST, names: tuple[str, ...]) -> bool:
    if isinstance(node, ast.Constant):
        return node.value in names
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_name(element, names) for element in node.elts)
    return False


def game_name_uses(source: str, names: tuple[str, ...]) -> list[str]:
    """Where ``source`` compares with a game's name, matches a case on one, or writes a
    dict whose keys are all games' names."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare) and any(
            _is_name(part, names) for part in (node.left, *node.comparators)
        ):
            found.append(f"line {node.lineno}: a comparison with a game's name")
        elif isinstance(node, ast.MatchValue) and _is_name(node.value, names):
            found.append(f"line {node.lineno}: a case on a game's name")
        elif (
            isinstance(node, ast.Dict)
            and node.keys
            and all(key is not None and _is_name(key, names) for key in node.keys)
        ):
            found.append(f"line {node.lineno}: a dict keyed by games' names")
    return found


def test_the_check_finds_what_it_looks_for() -> None:
    names = ("draw", "cribbage")
    planted = [
        'if game == "draw": pass',
        'x = game in ("draw", "cribbage")',
        'TABLES = {"draw": 1, "cribbage": 2}',
        'match game:\n    case "cribbage": pass',
    ]
    for source in planted:
        assert game_name_uses(source, names), source
    innocent = ['slot = {"win": 0, "draw": 1, "loss": 2}', 'if kind == "match": pass']
    for source in innocent:
        assert not game_name_uses(source, names), source


@pytest.mark.parametrize("path", _generic_modules(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_generic_module_names_a_game(path: Path) -> None:
    assert not game_name_uses(path.read_text(encoding="utf-8"), games.names())


def test_the_generic_modules_are_the_ones_expected() -> None:
    shown = {f"{p.parent.name}/{p.name}" for p in _generic_modules()}
    assert {"cli/play.py", "cli/replay.py", "cli/hint.py", "cli/arena.py", "cli/generic.py"} <= (
        shown
    )
    assert {"arena/deals.py", "arena/run.py"} <= shown
    assert not shown & {"cli/draw_play.py", "cli/cribbage.py", "arena/draw_deals.py"}
