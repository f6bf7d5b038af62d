"""No surface knows a game by name (issue 11): what is particular to a game is found through
the registry (``pegboard.games``), in the game's own modules.

A game's own modules are its package (``src/pegboard/<package>/``, the one its matches'
class is defined in: its rules, its description, its bots and its looks), and any module
its description names as a look or its research encoding (``Game.looks``,
``Game.encoding``), with the page modules of the web (``static/games/<game>.js``). Every other module of ``src/pegboard``,
Python or the page's JavaScript, is checked for a comparison with a game's name
(``game == "draw"``, ``"cribbage" in (...)``, ``case "draw":``, ``view.game === "draw"``)
and for a table keyed by games' names (``{"draw": ..., "cribbage": ...}``).

The modules are read, not imported (``ast`` for Python; for the JavaScript, which has no
parser here, any string literal that is a game's name, comments left out). The last tests
show the checkers catching each form.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

import pegboard.games

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "pegboard"
STATIC = PACKAGE / "web" / "static"


def game_names() -> frozenset[str]:
    return frozenset(pegboard.games.names())


def own_modules() -> set[Path]:
    """The files that belong to a game: its package (its rules, description, bots and
    looks, its page's modules among them), and the web files its look serves (for the
    domino games, the parts of their page modules they share)."""
    own: set[Path] = set()
    for name in game_names():
        game = pegboard.games.get(name)
        parts = game.match_type.__module__.split(".")
        if parts[0] == "pegboard":
            own.update((PACKAGE / parts[1]).rglob("*.py"))
            own.update((PACKAGE / parts[1]).rglob("*.js"))
        for folder in game.looks.assets:
            own.update(folder.rglob("*.js"))
    return own


def _is_name(node: ast.AST, names: frozenset[str]) -> bool:
    return isinstance(node, ast.Constant) and node.value in names


def _holds_name(node: ast.AST, names: frozenset[str]) -> bool:
    if _is_name(node, names):
        return True
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return any(_is_name(element, names) for element in node.elts)
    return False


def python_offences(source: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """Each comparison with a game's name, ``case`` on one, and table keyed by two or more
    names, in a module's source: ``(line, what)``."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            if any(_holds_name(part, names) for part in (node.left, *node.comparators)):
                found.append((node.lineno, "compares a game's name"))
        elif isinstance(node, ast.match_case):
            patterns = [node.pattern]
            while patterns:
                pattern = patterns.pop()
                if isinstance(pattern, ast.MatchValue) and _is_name(pattern.value, names):
                    found.append((pattern.lineno, "matches a game's name"))
                elif isinstance(pattern, ast.MatchOr):
                    patterns.extend(pattern.patterns)
        elif isinstance(node, ast.Dict):
            # Two names as keys, or a name in a key of several parts: one key alone may be
            # a word ("draw" is also a tie, and a move).
            keys = [key for key in node.keys if key is not None]
            if sum(_is_name(key, names) for key in keys) >= 2 or any(
                isinstance(key, ast.Tuple) and _holds_name(key, names) for key in keys
            ):
                found.append((node.lineno, "keeps a table keyed by games' names"))
        elif isinstance(node, ast.Tuple | ast.List | ast.Set) and (
            sum(_is_name(element, names) for element in node.elts) >= 2
        ):
            found.append((node.lineno, "lists games by name"))
    return found


_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)


def javascript_offences(source: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """The same for the page's JavaScript, stricter since it has no parser here: any
    string literal that is a game's name (``view.game === "draw"``, ``case 'draw':``,
    ``{ game: "draw" }``) or an object keyed by one (``{ draw: ..., }``), comments left
    out."""
    code = _COMMENTS.sub(lambda m: "\n" * m.group().count("\n"), source)
    found: list[tuple[int, str]] = []
    for hit in re.finditer(r"""(["'`])([A-Za-z0-9_-]+)\1""", code):
        if hit.group(2) in names:
            found.append((code.count("\n", 0, hit.start()) + 1, "names a game"))
    quoted = "|".join(re.escape(name) for name in sorted(names))
    for hit in re.finditer(rf"[{{,]\s*(?:{quoted})\s*:", code):
        found.append((code.count("\n", 0, hit.start()) + 1, "keeps a table keyed by games' names"))
    return sorted(found)


def checked_files() -> list[Path]:
    own = own_modules()
    files = [*PACKAGE.rglob("*.py"), *PACKAGE.rglob("*.js")]
    return sorted(path for path in files if path not in own)


def test_the_games_own_modules_are_found() -> None:
    own = own_modules()
    assert PACKAGE / "draw" / "round.py" in own
    assert PACKAGE / "cribbage" / "description.py" in own
    assert PACKAGE / "fives" / "looks" / "web.py" in own
    assert PACKAGE / "draw" / "looks" / "static" / "draw.js" in own
    assert PACKAGE / "dominoes" / "static" / "dominoes.js" in own


def test_no_module_outside_a_game_s_own_compares_its_name() -> None:
    names = game_names()
    offences = []
    for path in checked_files():
        source = path.read_text(encoding="utf-8")
        check = javascript_offences if path.suffix == ".js" else python_offences
        offences.extend(
            f"{path.relative_to(PACKAGE.parent)}:{line} {what}"
            for line, what in check(source, names)
        )
    assert not offences, "\n".join(offences)


NAMES = frozenset({"draw", "cribbage"})


@pytest.mark.parametrize(
    "source",
    [
        'if game == "draw":\n    pass',
        'ok = "cribbage" != view.game',
        'ok = game in ("draw", "cribbage")',
        'match game:\n    case "draw" | "x":\n        pass',
        'TABLES = {"draw": 1, "cribbage": 2}',
        'READERS = {("draw", "round"): 1, ("cribbage", "game"): 2}',
        'GAMES = ("draw", "cribbage")',
    ],
)
def test_the_python_check_catches_each_form(source: str) -> None:
    assert python_offences(source, NAMES)


@pytest.mark.parametrize(
    "source",
    [
        'if (view.game === "draw") x();',
        "const c = 'cribbage' == g;",
        'switch (g) { case "draw": }',
        "const pages = { draw: a, cribbage: b };",
        'if (["draw", "cribbage"].includes(g)) {}',
    ],
)
def test_the_javascript_check_catches_each_form(source: str) -> None:
    assert javascript_offences(source, NAMES)


@pytest.mark.parametrize(
    "source",
    [
        '// view.game === "draw"',
        'querySelector("#draw-button")',
        'import("./games/" + name + ".js")',
        "const t = { game: name, players: 2 };",
    ],
)
def test_the_javascript_check_lets_generic_code_be(source: str) -> None:
    assert not javascript_offences(source, NAMES)


def test_the_python_check_lets_generic_code_be() -> None:
    source = 'game = games.get(name)\nif game.name == name:\n    pass\nslot = {"win": 0, "draw": 1}'
    assert not python_offences(source, NAMES)
