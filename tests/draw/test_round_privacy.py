"""No module outside ``pegboard.draw`` reaches into a ``Round``'s private attributes.

A ``Round``'s underscore attributes (the core's compact state and its accessors:
``_hand_masks``, ``_line``, ``_set_hidden``, ...) change with the core; other packages use
its public methods and properties (``hand_sizes``, ``line``, ``draw_tile``, ``observation``,
``sample_hidden``, ...). The modules are read with ``ast``: every module of ``src/pegboard``
outside ``pegboard/draw`` that imports from ``pegboard.draw`` is searched for an attribute
with one of those names read on anything but ``self`` or ``cls``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pegboard.core import IllegalActionError
from pegboard.draw import Tile
from pegboard.draw._purecore import PureCore
from pegboard.draw.round import PureRound, Round

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "pegboard"
DRAW = PACKAGE / "draw"


def private_names() -> frozenset[str]:
    """The underscore (not dunder) attributes of a Round, on either core."""
    names: set[str] = set()
    for cls in (Round, PureRound, PureCore):
        names.update(dir(cls))
        for klass in cls.__mro__:
            names.update(getattr(klass, "__slots__", ()))
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


def imports_draw(tree: ast.Module) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("pegboard.draw"):
            return True
        if (
            isinstance(node, ast.ImportFrom)
            and node.module == "pegboard"
            and any(alias.name == "draw" for alias in node.names)
        ):
            return True
        if isinstance(node, ast.Import) and any(
            alias.name.startswith("pegboard.draw") for alias in node.names
        ):
            return True
    return False


def private_reads(source: str, names: frozenset[str]) -> list[tuple[int, str]]:
    """Every ``x._name`` of ``source`` with ``_name`` a Round private and ``x`` not self/cls."""
    tree = ast.parse(source)
    if not imports_draw(tree):
        return []
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in names:
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            found.append((node.lineno, node.attr))
    return found


def test_round_privates_are_not_read_outside_the_draw_package() -> None:
    names = private_names()
    assert {"_hand_masks", "_line", "_set_hidden", "_stock_tiles"} <= names
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if DRAW in path.parents:
            continue
        for line, name in private_reads(path.read_text(encoding="utf-8"), names):
            offenders.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {name}")
    assert not offenders, "private Round attributes read outside pegboard.draw:\n" + "\n".join(
        offenders
    )


def test_the_scan_finds_a_private_read() -> None:
    """The scan itself: the old adapter's way of drawing a chosen tile is caught."""
    old = (
        "from pegboard.draw.round import Round\n"
        "def draw(round_, stock):\n"
        "    round_._set_hidden(list(round_._hand_masks()), stock)\n"
        "    return self_line(round_._line())\n"
    )
    found = sorted(name for _, name in private_reads(old, private_names()))
    assert found == ["_hand_masks", "_line", "_set_hidden"]
    assert private_reads("import random\nrandom._inst\n", private_names()) == []


def test_d6_draw_tile_draws_the_chosen_tile_and_refuses_otherwise() -> None:
    """The public way to draw a tile chance chose (OpenSpiel's chance nodes), D6."""
    t = Tile.parse
    round_ = Round.from_position(
        [[t("0-0"), t("1-1")], [t("2-2")]],
        [t("3-3"), t("4-4"), t("5-5"), t("6-6")],
        line=None,
    )
    round_.apply(round_.parse_action("0-0"))
    # seat 1 holds 2-2, nothing fits 0: it may draw; the chosen tile, not the top, comes.
    round_.draw_tile(t("5-5"))
    assert t("5-5") in round_.hand(1)
    assert round_.stock == (t("3-3"), t("4-4"), t("6-6"))
    with pytest.raises(ValueError, match="D6"):
        round_.draw_tile(t("5-5"))
    assert round_.stock == (t("3-3"), t("4-4"), t("6-6"))
    round_.apply(round_.parse_action("draw"))  # 3-3: the stock is down to its reserve
    with pytest.raises(IllegalActionError, match="D8"):
        round_.draw_tile(t("6-6"))
    assert round_.stock == (t("4-4"), t("6-6"))
