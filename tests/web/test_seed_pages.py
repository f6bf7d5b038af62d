"""The rules pages say what the seed pages say, with the seeds' own punctuation.

The seed pages are the site's rules pages this project restates (docs/rules.md, "Sources"):
Draw in Hindi, Chinese and Portuguese and cribbage in Hindi, their text copied line by line
into ``tests/fixtures/seed_pages/`` (headings, paragraphs, captions, and each diagram's lead
followed by its description). Each sentence of each line must appear in the text of our
page in that language, whitespace normalised and nothing else: full-width punctuation
where the seed has it (``，``, ``。``, ``：``), ASCII where it has ASCII. A Markdown table
row of a seed is its cells, each of which must appear.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Final

import pytest
from fastapi.testclient import TestClient

from pegboard.draw import settle
from tests.web.test_rules_pages import app_client

__all__ = ["app_client"]  # a fixture this module uses

SEEDS: Final = Path(__file__).parent.parent / "fixtures" / "seed_pages"
PAGES: Final = {
    "draw-hi.txt": "/rules/draw?lang=hi",
    "draw-zh.txt": "/rules/draw?lang=zh",
    "draw-pt.txt": "/rules/draw?lang=pt",
    "cribbage-hi.txt": "/rules/cribbage?lang=hi",
}
SENTENCE_END: Final = re.compile(r"(?<=[。！？])|(?<=[.!?।])\s+")
"""Where a sentence ends: after full-width end punctuation, or ASCII (or the danda) and a
space. A structured description's "Tiles: [1|4]." is a sentence too, and is on the page."""


class PageText(HTMLParser):
    """The text a reader sees: every text node but scripts, styles and drawings (whose
    texts the page also writes beside them), a space at every tag."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.hidden += tag in ("script", "style", "svg")
        self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        self.hidden -= tag in ("script", "style", "svg")
        self.parts.append(" ")

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def normalised(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def page_text(html: str) -> str:
    parser = PageText()
    parser.feed(html)
    return normalised("".join(parser.parts))


def seed_sentences(name: str) -> list[str]:
    """The sentences of the seed ``name``, in order (table rows as their cells)."""
    found: list[str] = []
    for line in (SEEDS / name).read_text(encoding="utf-8").splitlines():
        line = normalised(line)
        if line.startswith("|"):
            found += [c.strip() for c in line.strip("|").split("|") if c.strip("- ")]
        elif line:
            found += [s.strip() for s in SENTENCE_END.split(line) if s.strip()]
    return found


def test_the_sentence_split_keeps_each_seeds_punctuation() -> None:
    assert seed_sentences("draw-zh.txt")[:2] == [
        "摸牌多米诺 (Draw) 是供两至四人个人对战的附加游戏，不属于 Fives 家族。",
        "出牌不加分；即使手中已有可出的骨牌，也可以摸牌，但摸牌堆的最后两张不能摸。",
    ]
    assert "एक जोड़ी" in seed_sentences("cribbage-hi.txt")


@pytest.mark.parametrize(
    "name",
    [
        *sorted(set(PAGES) - {"cribbage-hi.txt"}),
        # Still worded otherwise than its seed: 17 of its 46 sentences (issue 35, 13).
        # Not yet: 17 of the seed's 46 sentences are laid out otherwise on the page (its
        # paragraphs differ from the English page's, not only their words); strict, so the
        # day the page says them all this mark must go.
        pytest.param(
            "cribbage-hi.txt",
            marks=pytest.mark.xfail(strict=True, reason="17 of 46 seed sentences differ"),
        ),
    ],
)
def test_every_sentence_of_the_seed_is_on_the_page(app_client: TestClient, name: str) -> None:
    answer = app_client.get(PAGES[name])
    assert answer.status_code == 200
    text = page_text(answer.text)
    missing = [s for s in seed_sentences(name) if s not in text]
    assert missing == []


def test_d13_the_domino_example_is_the_engines_settlement() -> None:
    """Draw's page states, as the seeds do, that with opponents at zero and eight the
    player who dominoed scores 8 (D13): the engine settles it so."""
    assert settle((0, 0, 8), domino_by=0)[0] == 8
