"""docs/architecture.md, "The way of an action", stays true to the code: each file its
table names exists and defines the function named beside it, and the way takes at most
twelve files (issue 34: a newcomer follows a move from the click to the log and back)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MOST_FILES = 12


def steps() -> list[tuple[str, str]]:
    """(file, function) of each row of the section's table, in order."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = text.split("## The way of an action", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| \d+ \| `([^`]+)` \| `([^`]+)` \|", section, re.MULTILINE)


def defines(path: Path, name: str) -> bool:
    """Whether ``path`` defines a function or method ``name`` (Python through its syntax
    tree; JavaScript by a ``function name(`` or a method ``name(...) {``)."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return any(
            isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == name
            for node in ast.walk(ast.parse(source))
        )
    escaped = re.escape(name)
    return bool(
        re.search(rf"\bfunction {escaped}\(", source)
        or re.search(rf"^\s+{escaped}\([^)]*\) \{{", source, re.MULTILINE)
    )


def test_the_way_of_an_action_names_files_and_functions_that_exist() -> None:
    found = steps()
    assert len(found) >= 8, "the section lists the way as a table of files and functions"
    missing = [
        f"{file}: {function}"
        for file, function in found
        if not (ROOT / file).is_file() or not defines(ROOT / file, function)
    ]
    assert missing == []


def test_the_way_of_an_action_takes_at_most_twelve_files() -> None:
    assert 0 < len({file for file, _function in steps()}) <= MOST_FILES
