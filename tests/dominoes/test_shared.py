"""``pegboard.dominoes`` holds what the domino games share; Draw keeps every name."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import pegboard.dominoes.line
import pegboard.dominoes.svg
import pegboard.dominoes.tiles
import pegboard.draw
from pegboard import dominoes
from pegboard.dominoes import End, Tile, draw_lot
from pegboard.draw.match import draw_lot as draws_lot

PACKAGE = Path(dominoes.__file__).parent


@pytest.mark.parametrize(
    ("old", "name"),
    [
        (pegboard.draw, "Tile"),
        (pegboard.draw, "End"),
        (pegboard.draw, "Line"),
        (pegboard.draw, "DOUBLE_SIX"),
        (pegboard.draw, "LotDraw"),
        (pegboard.draw, "render_svg"),
        (pegboard.dominoes.tiles, "MASK_WITH"),
        (pegboard.dominoes.tiles, "tiles_of"),
        (pegboard.dominoes.line, "WORDS"),
        (pegboard.dominoes.line, "language"),
        (pegboard.dominoes.svg, "chain_order"),
    ],
)
def test_draw_keeps_the_shared_names(old: object, name: str) -> None:
    shared = [getattr(module, name, None) for module in vars(dominoes).values() if ismodule(module)]
    assert any(getattr(old, name) is value for value in shared)


def ismodule(value: object) -> bool:
    return type(value).__name__ == "module"


def test_the_shared_package_imports_no_game() -> None:
    """The shared layer sits below the games: none of its modules imports one."""
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith(("pegboard.draw", "pegboard.fives")), path
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith(("pegboard.draw", "pegboard.fives")), path


def test_f5_spinner_ends_belong_to_doubles_only() -> None:
    assert End(Tile(5, 5), "C").value == 5
    assert End.parse("5-5D") is End(Tile(5, 5), "D")
    with pytest.raises(ValueError, match="B1"):
        End(Tile(2, 5), "C")


def test_d3_a_draw_lot_is_the_shared_lot() -> None:
    assert draws_lot(3, random.Random(5)) == draw_lot(3, random.Random(5))
    with pytest.raises(ValueError):
        draws_lot(5, random.Random(5))  # Draw is for 2 to 4 players (D1)
