"""The languages are defined once, in the translation layer (``pegboard.core.languages``):
their keys, gettext locales, BCP 47 tags, aliases and names as shown. Every other module
reads that definition, so that adding a language is one line there (and its catalogs and
per-language words, which ``per_language`` refuses to leave incomplete).

The scan reads ``src`` with ``ast``: a tuple, list or set literal, or a dict literal's keys
and values, naming at least three of the languages by a code (``"pt"``, ``"pt_BR"``,
``"pt-BR"``...) outside the definition is a second list of the languages and fails here.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from pegboard.core import languages as definition
from pegboard.i18n import LOCALES

PACKAGE = Path(__file__).resolve().parents[2] / "src" / "pegboard"
DEFINITION = PACKAGE / "core" / "languages.py"
LITERALS = (ast.Tuple, ast.List, ast.Set, ast.Dict)


def _norm(code: str) -> str:
    return code.lower().replace("-", "_")


def language_codes() -> dict[str, str]:
    """Every spelling of a language's code (normalised) -> its key."""
    codes = {_norm(key): key for key in LOCALES}
    codes.update({_norm(locale): key for key, locale in LOCALES.items()})
    for language in definition.ALL:
        for spelling in (language.tag, *language.aliases):
            codes[_norm(spelling)] = language.key
    return codes


def languages_named(node: ast.AST, codes: dict[str, str]) -> set[str]:
    """The languages a literal names by code, in its elements or nested literals."""
    return {
        codes[_norm(child.value)]
        for child in ast.walk(node)
        if isinstance(child, ast.Constant)
        and isinstance(child.value, str)
        and _norm(child.value) in codes
    }


def language_lists(source: str, filename: str, codes: dict[str, str]) -> list[str]:
    """``filename:line`` of each outermost literal naming three languages or more."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, LITERALS) and len(languages_named(node, codes)) >= 3:
            found.append(f"{filename}:{node.lineno}")
            return
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(source, filename=filename))
    return found


def test_b5_the_languages_are_listed_once_in_the_core() -> None:
    codes = language_codes()
    modules = sorted(PACKAGE.rglob("*.py"))
    assert DEFINITION in modules
    offences = [
        place
        for path in modules
        if path != DEFINITION
        for place in language_lists(
            path.read_text(encoding="utf-8"), str(path.relative_to(PACKAGE.parent)), codes
        )
    ]
    assert not offences, "a second list of the languages (read pegboard.core.languages):\n" + (
        "\n".join(offences)
    )


@pytest.mark.parametrize(
    "source",
    [
        'NAMES = {"en": "English", "pt": "Português", "zh": "中文", "hi": "हिन्दी"}',
        'LANGUAGES = ["en", "pt_BR", "zh_Hans", "hi"]',
        'ALIASES = {"pt-br": "pt", "zh_cn": "zh", "hi_in": "hi"}',
        'ROWS = (("en", "en", "English"), ("pt", "pt-BR", "P"), ("zh", "zh-Hans", "Z"))',
        'def f():\n    return {"en", "zh", "hi"}',
    ],
)
def test_b5_the_scan_finds_a_second_list(source: str) -> None:
    assert len(language_lists(source, "probe.py", language_codes())) == 1


def test_b5_the_scan_passes_per_language_data_and_single_codes() -> None:
    source = (
        'WORDS = per_language(en={"a": "b"}, pt={"a": "c"}, zh={"a": "d"}, hi={"a": "e"})\n'
        'BEFORE = {"pt": {1: "uma"}, "zh": {2: "两"}}\n'
        'TAG = ("hi", "high", "low")\n'
    )
    assert language_lists(source, "probe.py", language_codes()) == []


def test_b5_per_language_refuses_a_missing_or_unknown_language() -> None:
    tables = {key: key.upper() for key in definition.LANGUAGES}
    assert definition.per_language(**tables) == tables
    missing = dict(tables)
    del missing["hi"]
    with pytest.raises(ValueError, match="hi"):
        definition.per_language(**missing)
    with pytest.raises(ValueError, match="xx"):
        definition.per_language(**tables, xx="?")


def test_b5_every_language_resolves_by_each_of_its_codes() -> None:
    for language in definition.ALL:
        for spelling in (language.key, language.locale, language.tag, *language.aliases):
            assert definition.language(spelling) == language.key
            assert definition.language(spelling.upper()) == language.key
    with pytest.raises(ValueError, match="no board description in 'xx'; choose one of en"):
        definition.language("xx")
