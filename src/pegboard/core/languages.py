"""The languages pegboard speaks, defined once (B5): every other module reads them here.

Each language has its key (``en``, ``pt``, ``zh``, ``hi``: what ``--lang`` and the board
descriptions use), the locale of its gettext catalog (``pt_BR``; also the web app's code),
its BCP 47 tag for ``<html lang>`` (``pt-BR``), the other spellings accepted for it, and its
own name as shown (the web app's and rules pages' switch, and a shorter one for the
terminal app's list).

This module imports nothing of pegboard, so that the rules (the board descriptions of
``pegboard.dominoes.line``, the counting words of ``pegboard.cribbage.words``) can read it
as well as the surfaces; their per-language tables are built with ``per_language``, which
refuses a table that misses a language or names one there is not.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, TypeVar

T = TypeVar("T")


@dataclass(frozen=True)
class Language:
    """One language: its key, catalog locale, BCP 47 tag, aliases and names as shown."""

    key: str
    """The language key (B5): ``--lang``, the board descriptions, the rules pages' ``?lang=``."""
    locale: str
    """The gettext locale of its catalog, also the web app's code for it."""
    tag: str
    """Its BCP 47 tag (``<html lang>``, ``hreflang``): screen readers pick a voice by it."""
    name: str
    """Its own name, in full (the web app's and the rules pages' language switch)."""
    short_name: str
    """Its own name, short (the terminal app's list of languages)."""
    aliases: tuple[str, ...] = ()
    """Other spellings accepted for it (lower case), besides its key and locale."""


ALL: Final[tuple[Language, ...]] = (
    Language("en", "en", "en", "English", "English", ("en_us", "en-us")),
    Language("pt", "pt_BR", "pt-BR", "Português (Brasil)", "Português", ("pt-br",)),
    Language("zh", "zh_Hans", "zh-Hans", "简体中文", "中文", ("zh-hans", "zh_cn", "zh-cn")),
    Language("hi", "hi", "hi", "हिन्दी", "हिन्दी", ("hi_in", "hi-in")),
)
"""Every language, English first (the fallback) and then in the order they are offered."""

LANGUAGES: Final[tuple[str, ...]] = tuple(language.key for language in ALL)
"""The language keys, in ``ALL``'s order."""
LOCALES: Final[dict[str, str]] = {language.key: language.locale for language in ALL}
"""Language key -> the gettext locale of its catalog."""
HTML_LANG: Final[dict[str, str]] = {language.key: language.tag for language in ALL}
"""Language key -> its BCP 47 tag."""
BY_KEY: Final[dict[str, Language]] = {language.key: language for language in ALL}

_SPELLINGS: Final[dict[str, str]] = {
    spelling.lower(): language.key
    for language in ALL
    for spelling in (language.key, language.locale, *language.aliases)
}


def language(lang: str) -> str:
    """The language key for ``lang`` (``"pt_BR"`` -> ``"pt"``), or ``ValueError``."""
    key = _SPELLINGS.get(lang.lower())
    if key is None:
        raise ValueError(f"no board description in {lang!r}; choose one of {', '.join(LANGUAGES)}")
    return key


def per_language(**tables: T) -> dict[str, T]:
    """``tables`` (one per language key), in ``LANGUAGES``' order; ``ValueError`` if a
    language is missing or a key is not a language, so that a table cannot fall behind."""
    missing = [key for key in LANGUAGES if key not in tables]
    unknown = [key for key in tables if key not in BY_KEY]
    if missing or unknown:
        raise ValueError(
            f"a per-language table needs exactly {', '.join(LANGUAGES)}: "
            f"missing {', '.join(missing) or 'none'}, unknown {', '.join(unknown) or 'none'}"
        )
    return {key: tables[key] for key in LANGUAGES}
