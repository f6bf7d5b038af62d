"""Presentation: the gettext catalogs, the translator and the engine's errors in words.

Every surface (the command line, the terminal app, the web server) translates through
this package, and none imports another for it (docs/architecture.md, layers 6 and 8). What a
surface says about a game beyond that lives in submodules imported by name:
``pegboard.draw.text`` and ``pegboard.cribbage.text`` (moves, scores and
narration), ``pegboard.i18n.words`` (the bots' units and details). The languages themselves
are defined once, in ``pegboard.core.languages``, which every layer reads.
"""

from pegboard.core.languages import (
    ALL,
    HTML_LANG,
    LANGUAGES,
    LOCALES,
    Language,
    language,
    per_language,
)
from pegboard.i18n.catalogs import (
    DOMAIN,
    ENVIRONMENT,
    LOCALE_DIR,
    TranslatedIllegalActionError,
    TranslatedValueError,
    Translator,
    environment_language,
    invocation_language,
    language_of,
    locale_language,
    resolve_language,
    rule_reason,
    translator,
    unreadable_reason,
)
from pegboard.i18n.errors import describe_error, rule_gist
from pegboard.i18n.narration import say, say_all, seat_words
from pegboard.i18n.words import known_words

__all__ = [
    "ALL",
    "DOMAIN",
    "ENVIRONMENT",
    "HTML_LANG",
    "LANGUAGES",
    "LOCALES",
    "LOCALE_DIR",
    "Language",
    "TranslatedIllegalActionError",
    "TranslatedValueError",
    "Translator",
    "describe_error",
    "environment_language",
    "invocation_language",
    "known_words",
    "language",
    "language_of",
    "locale_language",
    "per_language",
    "resolve_language",
    "rule_gist",
    "rule_reason",
    "say",
    "say_all",
    "seat_words",
    "translator",
    "unreadable_reason",
]
