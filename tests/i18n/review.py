"""The translators' review of new and changed messages (issue 41: "new strings stay good").

Every message of the catalogs, with its three translations, is recorded in
``src/pegboard/locale/REVIEWED`` once a person has read it against the glossary: one line
per message, a short hash of its context, its msgid and its translations in pt_BR, zh_Hans
and hi. A message added, or whose English or any translation changed, has no line, and
``tests/i18n/test_review.py`` fails until it is read and recorded here:

    .venv/bin/python -m tests.i18n.review            # each unreviewed message, in the three
                                                     # languages, beside the glossary rows
                                                     # its English names
    .venv/bin/python -m tests.i18n.review --accept   # record them as read (after reading)

The listing shows, for each message, the glossary's terms whose English patterns match it
with each language's decided word, so that the reviewer checks the word used is the one
decided (the automatic checks only find the words the glossary rejects, the names' gender,
the punctuation and the roles).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pegboard.i18n import LOCALE_DIR
from tests.i18n.test_glossary import GLOSSARY, Term, parse_glossary

LEDGER = LOCALE_DIR / "REVIEWED"
LANGUAGES = ("pt_BR", "zh_Hans", "hi")


@dataclass(frozen=True)
class Entry:
    """One message and its translations, as the review reads them."""

    context: str | None
    ids: tuple[str, ...]
    translations: dict[str, tuple[str, ...]]

    @property
    def key(self) -> str:
        """The ledger's line: a hash of everything a reviewer read."""
        parts = [self.context or "", *self.ids]
        for lang in LANGUAGES:
            parts += [lang, *self.translations.get(lang, ())]
        return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()[:16]


def _catalog(lang: str, locale_dir: Path) -> Catalog:
    with (locale_dir / lang / "LC_MESSAGES" / "pegboard.po").open("rb") as po:
        return read_po(po, locale=lang)


def _forms(value: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    return (value,) if isinstance(value, str) else tuple(value)


def entries(locale_dir: Path = LOCALE_DIR) -> list[Entry]:
    """Every message of the template's languages, with its three translations."""
    catalogs = {lang: _catalog(lang, locale_dir) for lang in LANGUAGES}
    found = []
    for message in catalogs[LANGUAGES[0]]:
        if not message.id:
            continue
        translations = {}
        for lang, catalog in catalogs.items():
            same = catalog.get(message.id, context=message.context)
            translations[lang] = _forms(same.string) if same is not None else ()
        found.append(Entry(message.context, _forms(message.id), translations))
    return found


def recorded(ledger: Path = LEDGER) -> set[str]:
    if not ledger.exists():
        return set()
    return {line.strip() for line in ledger.read_text(encoding="utf-8").splitlines() if line}


def unreviewed(found: list[Entry] | None = None, ledger: Path = LEDGER) -> list[Entry]:
    """The messages no reviewer has recorded as read in their present form."""
    done = recorded(ledger)
    return [entry for entry in (entries() if found is None else found) if entry.key not in done]


def record(found: list[Entry], ledger: Path = LEDGER) -> None:
    """The ledger of ``found`` (sorted, one key a line; keys of gone messages dropped)."""
    ledger.write_text("".join(f"{key}\n" for key in sorted({e.key for e in found})), "utf-8")


def terms_named(entry: Entry, terms: list[Term]) -> Iterator[Term]:
    """The glossary's rows whose English patterns match the message."""
    for term in terms:
        if term.english and any(p.search(i) for p in term.english for i in entry.ids):
            yield term


def describe(entry: Entry, terms: list[Term]) -> str:
    lines = [f"msgctxt {entry.context!r}" if entry.context else "", f"en: {entry.ids[0]}"]
    for lang in LANGUAGES:
        for form in entry.translations[lang]:
            lines.append(f"{lang}: {form}")
    for term in terms_named(entry, terms):
        lines.append(f"  glossary {term.locale}: {term.term} = {term.word}")
    return "\n".join(line for line in lines if line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accept", action="store_true", help="record the messages as read")
    options = parser.parse_args(argv)
    found = entries()
    waiting = unreviewed(found)
    terms = parse_glossary(GLOSSARY.read_text(encoding="utf-8"))
    if options.accept:
        record(found)
        print(f"{len(waiting)} message(s) recorded as reviewed; {len(found)} in the ledger.")
        return 0
    for entry in waiting:
        print(describe(entry, terms), end="\n\n")
    print(f"{len(waiting)} message(s) to review; --accept records them once read.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
