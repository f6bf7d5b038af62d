"""The translator, moved to ``pegboard.i18n`` (issue 11): this module is kept for
compatibility, so that code written against ``pegboard.cli.i18n`` keeps working. New code
imports ``pegboard.i18n``.
"""

from pegboard.i18n.catalogs import (
    DOMAIN,
    ENVIRONMENT,
    LOCALE_DIR,
    LOCALES,
    TranslatedIllegalActionError,
    TranslatedValueError,
    Translator,
    environment_language,
    invocation_language,
    language_of,
    locale_language,
    resolve_language,
    rule_gist,
    rule_reason,
    translator,
    unreadable_reason,
)

__all__ = [
    "DOMAIN",
    "ENVIRONMENT",
    "LOCALES",
    "LOCALE_DIR",
    "TranslatedIllegalActionError",
    "TranslatedValueError",
    "Translator",
    "environment_language",
    "invocation_language",
    "language_of",
    "locale_language",
    "resolve_language",
    "rule_gist",
    "rule_reason",
    "translator",
    "unreadable_reason",
]
