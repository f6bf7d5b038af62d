"""The glossary (src/pegboard/locale/GLOSSARY.md) holds in the catalogs: no translation uses
a word the glossary rejects for a term, and each decision is a translator comment.

The glossary gives, per language, each game term with its English patterns (which messages
speak of it), the word decided on (the seed pages' word where a seed has one) and the
rejected variants. A catalog that goes back to a rejected word, or a merge that drops a
decision's comment from a ``.po`` file, fails here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pegboard.i18n import LOCALE_DIR

GLOSSARY = LOCALE_DIR / "GLOSSARY.md"
TRANSLATED = ("pt_BR", "zh_Hans", "hi")
_CELL = re.compile(r"(?<!\\)\|")
_CODE = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class Term:
    locale: str
    term: str
    english: tuple[re.Pattern[str], ...]
    word: str
    wrong: tuple[re.Pattern[str], ...]
    anchor: str
    decision: str


def _codes(cell: str) -> list[str]:
    return [code.replace("\\|", "|") for code in _CODE.findall(cell)]


def parse_glossary(text: str) -> list[Term]:
    """The rows of the glossary's per-language tables (``## <locale>`` sections)."""
    terms: list[Term] = []
    locale: str | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            name = line[3:].strip()
            locale = name if name in TRANSLATED else None
            continue
        if locale is None or not line.startswith("| "):
            continue
        cells = [cell.strip() for cell in _CELL.split(line.strip().strip("|"))]
        if len(cells) != 6 or cells[0] in ("term", "---") or set(cells[0]) <= {"-"}:
            continue
        term, english, word, wrong, anchor, decision = cells
        anchors = _codes(anchor)
        terms.append(
            Term(
                locale,
                term,
                tuple(re.compile(p) for p in _codes(english)),
                word,
                # Case-insensitive: a rejected word is rejected at a sentence's start too
                # ("Pedras na mão" passed a case-sensitive \bpedras?\b, issue 41's review).
                tuple(re.compile(p, re.IGNORECASE) for p in _codes(wrong)),
                anchors[0].replace("\\n", "\n") if anchors else "",
                decision,
            )
        )
    return terms


def _catalog(locale: str) -> Catalog:
    with (LOCALE_DIR / locale / "LC_MESSAGES" / "pegboard.po").open("rb") as file:
        return read_po(file, locale=locale)


def _forms(value: str | tuple[str, ...] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return value if isinstance(value, tuple) else (value,)


def wrong_variants(terms: list[Term], catalog: Catalog) -> list[tuple[str, str, str]]:
    """(term, msgid, translation) for each translation that uses a rejected word."""
    found = []
    for term in terms:
        for message in catalog:
            if not message.id:
                continue
            ids = _forms(message.id)
            if term.english and not any(p.search(i) for p in term.english for i in ids):
                continue
            for form in _forms(message.string):
                if any(p.search(form) for p in term.wrong):
                    found.append((term.term, ids[0], form))
    return found


def missing_decisions(terms: list[Term], catalog: Catalog) -> list[str]:
    """The terms whose anchor message lacks its ``# glossary: <term>`` translator comment."""
    missing = []
    for term in terms:
        # The anchor is a msgid: singular or plural, with or without a context (a word in
        # one of its roles), its comment on any one of them.
        anchored = [
            m
            for m in catalog
            if m.id and (m.id if isinstance(m.id, str) else m.id[0]) == term.anchor
        ]
        comments = [c for m in anchored for c in m.user_comments]
        if not any(c.startswith(f"glossary: {term.term} ") for c in comments):
            missing.append(term.term)
    return missing


TERMS = parse_glossary(GLOSSARY.read_text(encoding="utf-8"))


def _of(locale: str) -> list[Term]:
    return [term for term in TERMS if term.locale == locale]


@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_glossary_decides_the_game_terms_of_each_language(locale: str) -> None:
    terms = _of(locale)
    names = {term.term for term in terms}
    # The English words kept or replaced are decided, with a reason, in every language.
    assert {"crib", "skunk", "flush"} <= names, names
    assert {"go", "Go"} & names and ({"the game's name, Draw", "Draw"} & names)
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in _catalog(locale) if m.id}
    for term in terms:
        assert term.word and term.decision, term
        assert term.anchor in ids, f"{term.term}: no message {term.anchor!r}"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_no_catalog_uses_a_word_the_glossary_rejects(locale: str) -> None:
    assert wrong_variants(_of(locale), _catalog(locale)) == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_each_decision_is_a_translator_comment_of_the_catalog(locale: str) -> None:
    assert missing_decisions(_of(locale), _catalog(locale)) == []


def test_the_check_finds_a_rejected_word_planted_in_a_catalog() -> None:
    """The faults the review found, planted back: each is caught, the fix is not."""
    planted = {
        "hi": ("Stock", "ढेर", "You pass.", "आप पास करते हैं।"),
        "zh_Hans": ("Leader", "首家", "Line of play", "接龙"),
        "pt_BR": (
            "Skunk",
            "Skunk",
            "No open end of the line shows a number of this tile (D5).",
            "Nenhuma extremidade livre da linha mostra um número desta peça (D5).",
        ),
    }
    for locale, (first, wrong_first, second, wrong_second) in planted.items():
        catalog = _catalog(locale)
        assert wrong_variants(_of(locale), catalog) == []
        catalog[first].string = wrong_first
        catalog[second].string = wrong_second
        found = {(msgid, text) for _term, msgid, text in wrong_variants(_of(locale), catalog)}
        assert found == {(first, wrong_first), (second, wrong_second)}, locale
    # "के पास" (holds) is not the rejected "पास" (pass).
    catalog = _catalog("hi")
    catalog["you may pass only when you can neither play nor draw"].string = "आपके पास"
    assert wrong_variants(_of("hi"), catalog) == []


def test_the_check_finds_a_dropped_decision() -> None:
    catalog = _catalog("hi")
    assert "stock" not in missing_decisions(_of("hi"), catalog)
    catalog["Stock"].user_comments = []
    assert missing_decisions(_of("hi"), catalog) == ["stock"]


def test_the_glossary_table_reads_escaped_bars_and_several_patterns() -> None:
    text = (
        "## hi\n"
        "| term | English | word | wrong | anchor | decision |\n"
        "|---|---|---|---|---|---|\n"
        "| pass | `a\\|b` `c` | X | `y` `z` | `Pass` | why |\n"
        "## en\n"
        "| pass | `a` | X | `y` | `Pass` | not a translated language |\n"
    )
    (term,) = parse_glossary(text)
    assert [p.pattern for p in term.english] == ["a|b", "c"]
    assert [p.pattern for p in term.wrong] == ["y", "z"]
    assert (term.locale, term.anchor, term.decision) == ("hi", "Pass", "why")


def test_the_glossary_is_where_the_catalogs_are() -> None:
    assert GLOSSARY.parent == Path(LOCALE_DIR)
