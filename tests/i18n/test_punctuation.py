"""Chinese is written with full-width punctuation (：，（）。), as the seed pages write it:
the catalog says it, and no English colon or bracket is put beside Chinese words by the
code (issue 41's review: ``": "`` and ``" ({})"`` literals of the rules page).

Three places keep ASCII on purpose: the board description of B5 (docs/rules.md: "with ASCII
colons, full stops, commas and semicolons in every language"), a sentence the seed page
writes so (the site's rules pages say each seed sentence as it is: "摸牌多米诺 (Draw) 是…",
tests/web/test_seed_pages.py), and text that is code (an address, an option), typed as it is.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from pegboard.dominoes import Tile
from pegboard.draw import Line
from pegboard.draw.text import open_ends_text
from pegboard.i18n import LOCALE_DIR, TranslatedIllegalActionError, describe_error, translator
from pegboard.tui.generic import scores_line

SEED = (Path(__file__).resolve().parents[1] / "fixtures" / "seed_pages" / "draw-zh.txt").read_text(
    encoding="utf-8"
)
"""The Chinese seed page, whose sentences the catalog says as they are."""

HAN = r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]"
ASCII_BESIDE_HAN = re.compile(rf"{HAN} ?[:;!?()]|[:;!?()] ?{HAN}")
"""An ASCII colon, semicolon, mark or bracket touching a Chinese character (a space between
counts as touching)."""
CODE = re.compile(r"\S*(?:://|mailto:|\?from=|--)\S*")
"""Words that are code: addresses, the digest's form of an address, options."""


def ascii_beside_han(text: str) -> list[str]:
    if text in SEED:
        return []
    return ASCII_BESIDE_HAN.findall(CODE.sub("", text))


def test_the_chinese_catalog_puts_no_ascii_punctuation_beside_chinese() -> None:
    with (LOCALE_DIR / "zh_Hans" / "LC_MESSAGES" / "pegboard.po").open("rb") as file:
        catalog = read_po(file)
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [
            f"{text!r}: {ascii_beside_han(text)}" for text in strings if ascii_beside_han(text)
        ]
    assert found == []


@pytest.mark.parametrize("planted", ["1号座位 (你)", "不是 3 张 (C2)", "得分: 1"])
def test_the_check_finds_ascii_punctuation_planted_beside_chinese(planted: str) -> None:
    assert ascii_beside_han(planted)


def test_addresses_and_options_are_code_not_prose() -> None:
    assert ascii_beside_han("联系方式是 mailto: 或 https:// 地址。") == []


def test_the_code_s_lines_take_their_punctuation_from_the_catalog() -> None:
    """The lines the terminals assemble: each seat's score, the open ends, a hint's value and
    a refusal's rule: full-width in Chinese, as English has its own."""
    _ = translator("zh")
    line = Line()
    line.play(Tile(3, 4))
    lines = {
        "scores": scores_line([2, 1], _),
        "open ends": open_ends_text(line, _),
        "hint": _("{choice} ({value})").format(choice="出 [3|4]", value="+0.52"),
        "rule": describe_error(TranslatedIllegalActionError("弃牌必须恰好两张", "C2"), _),
    }
    assert lines["scores"] == "1号座位：2 · 2号座位：1"
    assert lines["rule"] == "弃牌必须恰好两张（C2）"
    for name, text in lines.items():
        assert not re.search(r"[:()]", text), f"{name}: {text}"
    english = translator("en")
    assert scores_line([2, 1], english) == "seat 1: 2 · seat 2: 1"
    assert (
        open_ends_text(line, english) == "4 (3-4H: [3|4] high end), 3 (3-4L: [3|4] low end)"
    )  # B4: high end first
