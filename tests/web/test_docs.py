"""docs/web.md's module table lists every module of ``pegboard.web`` (issue 17): a module
added without a line there fails here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "src" / "pegboard" / "web"


def table_rows() -> list[str]:
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    table = text.split("| module | what it does |", 1)[1].split("\n\n", 1)[0]
    return [line for line in table.splitlines() if line.startswith("| `")]


def listed(rows: list[str]) -> set[str]:
    return {name for row in rows for name in re.findall(r"`([\w./]+)`", row)}


def modules() -> list[str]:
    found = [p.name for p in WEB.glob("*.py") if p.name != "__init__.py"]
    found += [p.name for p in (WEB / "rules").glob("*.py") if p.name != "__init__.py"]
    return sorted(found)


def test_every_module_of_web_is_in_the_module_table() -> None:
    names = listed(table_rows())
    assert len(names) > 20, "the table was not found, or not read"
    assert {"rules/", "migrations/", "static/"} <= names
    missing = [module for module in modules() if module not in names]
    assert missing == [], f"not in docs/web.md's module table: {missing}"


def test_the_check_sees_a_module_left_out() -> None:
    rows = [row for row in table_rows() if "`store.py`" not in row]
    assert "store.py" not in listed(rows)
