"""Names of people are never given an article (issue 41's review: "o Ana marca
10"): a display name is whatever its player chose, and a Portuguese article before it
gives it a gender ("o Ana", "a João"). Every message of the Portuguese catalog that takes a
person's name, rendered with a masculine and a feminine name, says the name bare."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from pegboard.i18n import LOCALE_DIR

NAMES = ("player", "partner", "name", "winner", "loser", "leader", "dealer", "pone", "mover")
"""The fields that hold a person's display name."""
FIELD = re.compile(r"\{(\w+)\}")
ARTICLE = re.compile(
    r"(?i)(?<![\w-])(o|a|os|as|do|da|dos|das|no|na|nos|nas|ao|à|aos|às|pelo|pela)\s+(João|Ana)\b"
)
"""Portuguese articles, bare or joined to a preposition, before a name."""


def named_messages(code: str) -> list[tuple[str, str]]:
    """Each (msgid, translation) of ``code``'s catalog whose msgid takes a person's name."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "pegboard.po").open("rb") as po:
        catalog = read_po(po)
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not any(set(FIELD.findall(i)) & set(NAMES) for i in ids if i):
            continue
        found += [(ids[0], s) for s in strings if s]
    return found


def rendered(text: str, person: str) -> str:
    """The message with each name field given ``person`` and every other field a mark."""
    fields: dict[str, Any] = {f: (person if f in NAMES else "·") for f in FIELD.findall(text)}
    return FIELD.sub(lambda m: str(fields[m.group(1)]), text)


def articles(code: str) -> list[str]:
    problems = []
    for msgid, text in named_messages(code):
        for person in ("João", "Ana"):
            said = rendered(text, person)
            if ARTICLE.search(said):
                problems.append(f"{msgid!r}: {said}")
                break
    return problems


def test_the_portuguese_catalog_gives_no_name_an_article() -> None:
    assert len(named_messages("pt_BR")) > 50  # the check reads the messages it is about
    assert articles("pt_BR") == []


@pytest.mark.parametrize(
    "planted", ["O {player} compra uma peça.", "Você e o {partner} vencem.", "Vez da {name}."]
)
def test_the_check_finds_an_article_planted_before_a_name(planted: str) -> None:
    for person in ("João", "Ana"):
        if ARTICLE.search(rendered(planted, person)):
            break
    else:
        pytest.fail(f"not found: {planted}")
