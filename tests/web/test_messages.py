"""The page's own strings: marked for extraction, in the catalogs, translated in every
language, and served by ``catalog(lang)`` with the English text as the key."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from pegboard.web import messages
from pegboard.web.messages import CONTEXT_SEPARATOR, MESSAGES, ROLES, catalog

LANGS = ("pt_BR", "zh_Hans", "hi")


def test_every_message_is_extracted_with_n_() -> None:
    extracted = {m[1] for m in extract_from_file("python", messages.__file__)}
    assert set(MESSAGES) <= extracted
    assert len(set(MESSAGES)) == len(MESSAGES)


def test_english_catalog_is_the_messages_themselves() -> None:
    roles = {f"{context}{CONTEXT_SEPARATOR}{m}": m for context, m in ROLES}
    assert catalog("en") == {m: m for m in MESSAGES} | roles


def test_a_word_with_several_roles_is_a_message_per_role() -> None:
    """ "Count" in the table is the running count (累计), not the counter's verb (计分)."""
    extracted = {
        (m[3], m[1]) for m in extract_from_file("python", messages.__file__, {"NC_": ((1, "c"), 2)})
    }
    assert set(ROLES) <= extracted and "Count" not in MESSAGES
    assert catalog("zh")[f"running count{CONTEXT_SEPARATOR}Count"] == "累计"
    assert catalog("pt")[f"running count{CONTEXT_SEPARATOR}Count"] == "Contagem"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated(lang: str) -> None:
    translated = catalog(lang)
    assert list(translated)[: len(MESSAGES)] == list(MESSAGES)
    # A template with no word of its own ("{label}: {value}") may read the same.
    same = [
        m
        for m, t in translated.items()
        if m == t and re.search(r"[^\W\d_]", re.sub(r"\{\w+\}", "", m))
    ]
    # Only names that stay as they are may be left alone ("Go" is said so in Chinese, "Lobby"
    # in Brazilian Portuguese).
    assert set(same) <= {"Go", "Cribbage", "Crib", "Skunk", "Lobby"}
    for message, text in translated.items():
        fields = {f for _, f, _, _ in string.Formatter().parse(message) if f}
        assert {f for _, f, _, _ in string.Formatter().parse(text) if f} == fields


def test_short_language_names_and_unknown_languages() -> None:
    assert catalog("pt") == catalog("pt_BR")
    assert catalog("zh")["Your turn"] == "轮到你了"
    assert catalog("hi")["New table"] == "नई मेज़"
    with pytest.raises(ValueError, match="choose one of"):
        catalog("xx")


def test_the_game_and_the_move_are_different_messages() -> None:
    """ "Draw" is the move (as in the terminal); the game is "Draw dominoes"."""
    pt = catalog("pt_BR")
    assert pt["Draw"] == "Comprar" and pt["Draw dominoes"] != pt["Draw"]


def test_docs_list_every_message_of_the_page() -> None:
    """docs/web.md is what the page is written against: its table lists the messages."""
    docs = (Path(__file__).resolve().parents[2] / "docs" / "web.md").read_text(encoding="utf-8")
    section = docs.split("## The page's strings")[1].split("\n## ")[0]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| ")][1:]
    listed = [
        m.strip() for area, row in rows if area.strip() != ROLES_ROW for m in row.split(" · ")
    ]
    assert listed == list(MESSAGES)
    roles = [m.strip() for area, row in rows if area.strip() == ROLES_ROW for m in row.split(" · ")]
    assert roles == [f"{message} ({context})" for context, message in ROLES]


ROLES_ROW = "a word in one of its roles (message (context))"
