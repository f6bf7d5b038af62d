"""The research interfaces know no game by name (issue 11): outside the modules that are a
game's own look on them (``Game.looks["envs"]``, ``Game.looks["openspiel"]``, found
through the registry), no module of ``pegboard.envs`` or ``pegboard.openspiel`` compares a
string with a game's name or keys a table by one. The modules are read with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

from pegboard import games

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "pegboard"
SURFACES = ("envs", "openspiel")


def named_games(source: str, names: set[str]) -> list[int]:
    """The lines of ``source`` that compare with a game's name or key a dict by one."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            constants = [
                e
                for part in parts
                for e in (
                    [part] if not isinstance(part, ast.Tuple | ast.List | ast.Set) else part.elts
                )
            ]
        elif isinstance(node, ast.Dict):
            constants = [key for key in node.keys if key is not None]
        else:
            continue
        if any(isinstance(c, ast.Constant) and c.value in names for c in constants):
            found.append(node.lineno)
    return found


def own_modules() -> set[Path]:
    """The modules that are a game's look on a research surface (named by the registry)."""
    modules = set()
    for name in games.names():
        for surface in SURFACES:
            reference = games.get(name).looks.get(surface)
            if reference is not None:
                module = reference.partition(":")[0]
                modules.add(PACKAGE.parent.joinpath(*module.split(".")).with_suffix(".py"))
    return modules


def test_the_research_surfaces_compare_no_game_name() -> None:
    names = set(games.names())
    skipped = own_modules()
    assert skipped  # Draw's and cribbage's own modules are found through the registry
    offences = [
        f"{path.relative_to(PACKAGE.parent)}:{line}"
        for surface in SURFACES
        for path in sorted((PACKAGE / surface).rglob("*.py"))
        if path not in skipped
        for line in named_games(path.read_text(encoding="utf-8"), names)
    ]
    assert not offences, "\n".join(offences)


def test_the_check_sees_a_comparison_a_membership_and_a_table() -> None:
    names = {"draw", "cribbage"}
    assert named_games('if name == "draw":\n    pass\n', names) == [1]
    assert named_games('ok = game not in ("draw", "cribbage")\n', names) == [1]
    assert named_games('SIZES = {"cribbage": 2}\n', names) == [1]
    assert named_games('if name == game.name:\n    pass\nx = "draw"\n', names) == []
