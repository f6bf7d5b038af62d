"""``pegboard --help`` and every command's: the games from the registry, whole sentences,
and placeholders in words (issue 35, defect 14).

Typer (0.2x) showed Python's type names (``<bool>`` beside a flag that takes no value,
``<str>``, ``<list[str]>``) and kept the line breaks of the docstrings, so that a
sentence stopped in the middle of a line; the top help named "Draw and Cribbage" only.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from pegboard import games
from pegboard.cli.main import app
from pegboard.i18n import translator

runner = CliRunner()


def commands(command: Any, path: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    """Every command under ``command`` (itself included), with the arguments naming it."""
    found = [(path, command)]
    for name, sub in getattr(command, "commands", {}).items():
        if not sub.hidden:
            found += commands(sub, (*path, name))
    return found


ALL = commands(typer.main.get_command(app))


def help_of(path: tuple[str, ...], lang: str = "en", width: int = 80) -> str:
    result = runner.invoke(
        app, ["--lang", lang, *path, "--help"], env={"COLUMNS": str(width), "NO_COLOR": "1"}
    )
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_top_help_names_every_game_of_the_registry(lang: str) -> None:
    _ = translator(lang)
    text = re.sub(r"\s+", "", help_of((), lang, width=300))
    for name in games.names():
        assert re.sub(r"\s+", "", _(games.get(name).display_name)) in text, name


@pytest.mark.parametrize("path", [path for path, _ in ALL], ids=" ".join)
def test_no_help_shows_a_python_type(path: tuple[str, ...]) -> None:
    text = help_of(path)
    assert not re.search(r"<(bool|str|int|float|path|list\[)", text), text


@pytest.mark.parametrize("path", [path for path, _ in ALL], ids=" ".join)
def test_a_help_paragraph_is_not_cut_mid_sentence(path: tuple[str, ...]) -> None:
    # Wide enough that no paragraph needs folding: each one must then be a line of its
    # own, not broken where its docstring was wrapped in the source.
    lines = [line.strip(" │") for line in help_of(path, width=400).splitlines()]
    command = dict(ALL)[path]
    for paragraph in (command.help or "").split("\n\n"):
        if "{" not in paragraph:  # the top one names the games: see above
            whole = " ".join(paragraph.split())
            assert any(whole in line for line in lines), (whole, lines)


def test_the_game_arguments_list_the_registry() -> None:
    for path in (("play",), ("arena",)):
        text = " ".join(help_of(path, width=300).split())
        assert ", ".join(games.names()) in text
        assert "<str>" not in text
