"""The web server names no game (issue 11): no module under src/pegboard/web but a game's
own look (the modules its ``looks`` name) holds a game's name as a string, so none compares
a game's name or keys a table by it. What a game needs of the web is found through the
registry. (The page's JavaScript is checked in test_e2e_static.py.)"""

from __future__ import annotations

import ast
from pathlib import Path

import pegboard.games

WEB = Path(__file__).resolve().parents[2] / "src" / "pegboard" / "web"


def own_modules() -> set[str]:
    """The modules of the games' own looks on the web (``pegboard.web.views_draw``...)."""
    modules = set()
    for name in pegboard.games.names():
        for surface, reference in pegboard.games.get(name).looks.items():
            if surface.split(".")[0] == "web":
                modules.add(reference.partition(":")[0])
    return modules


def named_games(source: str, names: set[str]) -> list[tuple[int, str]]:
    """(line, name) of every string constant of ``source`` that is a game's name (docstrings
    and comments are no strings a program compares)."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in names
        and id(node) not in docstrings
    ]


def test_no_module_of_the_server_names_a_game_but_the_games_own_looks() -> None:
    names = set(pegboard.games.names())
    own = own_modules()
    assert own >= {"pegboard.web.views_draw", "pegboard.web.views_cribbage"}
    found = {}
    for path in sorted(WEB.rglob("*.py")):
        module = ".".join(("pegboard", "web", *path.relative_to(WEB).with_suffix("").parts))
        if module in own:
            continue
        hits = named_games(path.read_text(encoding="utf-8"), names)
        if hits:
            found[module] = hits
    assert found == {}


def test_the_check_sees_a_comparison_and_a_table_keyed_by_game() -> None:
    names = {"draw", "cribbage"}
    source = 'if game == "cribbage":\n    pass\nVIEWS = {"draw": 1}\n'
    assert named_games(source, names) == [(1, "cribbage"), (3, "draw")]
    assert named_games('"""A docstring may say draw."""\nx = "drawn"\n', names) == []
