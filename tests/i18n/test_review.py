"""New strings stay good (issue 41): every message whose English or any of its three
translations is new or changed since it was last read has to be read again against the
glossary and recorded (``python -m tests.i18n.review``; see ``tests/i18n/review.py``)."""

from __future__ import annotations

from pathlib import Path

from tests.i18n.review import LEDGER, Entry, describe, entries, record, unreviewed
from tests.i18n.test_glossary import TERMS


def test_every_message_and_its_translations_were_reviewed() -> None:
    found = entries()
    assert len(found) > 1000  # the ledger covers the whole catalog, not a part
    waiting = [e.ids[0] for e in unreviewed(found)]
    assert waiting == [], (
        f"{len(waiting)} message(s) new or changed since their review: read them with "
        "`python -m tests.i18n.review`, then record them with --accept"
    )
    gone = len(set(LEDGER.read_text(encoding="utf-8").split()) - {e.key for e in found})
    assert gone == 0, "the ledger keeps messages no longer in the catalog: --accept again"


def test_a_changed_translation_or_a_new_message_waits_for_its_review(tmp_path: Path) -> None:
    found = entries()[:50]
    ledger = tmp_path / "REVIEWED"
    record(found, ledger)
    assert unreviewed(found, ledger) == []
    changed = Entry(found[3].context, found[3].ids, {**found[3].translations, "hi": ("कुछ और",)})
    new = Entry(None, ("A brand new message",), {"pt_BR": ("x",), "zh_Hans": ("y",), "hi": ("z",)})
    assert unreviewed([*found[:3], changed, *found[4:], new], ledger) == [changed, new]


def test_the_review_shows_the_glossary_s_words_for_the_message() -> None:
    (boneyard,) = [e for e in entries() if e.ids[0] == "Stock"]
    shown = describe(boneyard, TERMS)
    assert "en: Stock" in shown and "glossary hi: stock = भंडार" in shown
    assert all(f"{lang}: " in shown for lang in ("pt_BR", "zh_Hans", "hi"))
