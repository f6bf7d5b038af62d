"""Translations of everything the clients say (not the board descriptions, B5).

The board descriptions are part of the rules (``Line.describe``) and the counting words of
cribbage live with the scoring (``pegboard.cribbage.words``); everything else goes through
a ``Translator``: ``_("...")`` and ``_.ngettext(...)``, read from the gettext catalogs in
``pegboard/locale/<locale>/LC_MESSAGES/pegboard.mo``.

The ``.po`` files are the source; the ``.mo`` files beside them are compiled from them by
``make translations`` and committed, so that running needs only the standard library's
``gettext`` (Babel is a development tool). ``tests/cli/test_i18n.py`` fails when a ``.mo``
is stale, a message lacks a translation, or the template misses a message of the source.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Final

from pegboard.core import IllegalActionError
from pegboard.draw.line import language

LOCALES: Final[dict[str, str]] = {"en": "en", "pt": "pt_BR", "zh": "zh_Hans", "hi": "hi"}
"""Language key (B5) -> the gettext locale of its catalog."""
LOCALE_DIR: Final = Path(__file__).parent.parent / "locale"
DOMAIN: Final = "pegboard"
ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the locale comes from when ``--lang`` is not given, in gettext's order."""


class Translator:
    """``_("text")`` and ``_.ngettext("one", "many", n)`` in one language (``.lang``)."""

    def __init__(self, lang: str, catalog: gettext.NullTranslations) -> None:
        self.lang = lang
        self._catalog = catalog

    def __call__(self, message: str) -> str:
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)


@cache
def translator(lang: str) -> Translator:
    """The translator for ``lang`` (``en``, ``pt``, ``zh``, ``hi`` or an alias such as
    ``pt_BR``); ``ValueError`` for a language there is none of."""
    key = language(lang)
    catalog = gettext.translation(
        DOMAIN, localedir=LOCALE_DIR, languages=[LOCALES[key]], fallback=True
    )
    return Translator(key, catalog)


def locale_language(value: str) -> str | None:
    """The language key of a POSIX locale name (``pt_BR.UTF-8`` -> ``pt``), or None."""
    code = value.split(".")[0].split("@")[0].strip()
    if not code:
        return None
    if code in ("C", "POSIX"):
        return "en"
    for candidate in (code, code.split("_")[0].split("-")[0]):
        try:
            return language(candidate)
        except ValueError:
            continue
    return None


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for: the first of ``LANGUAGE`` (a colon-separated
    list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that names one we have; else English."""
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT:
        value = environ.get(variable, "")
        for item in value.split(":") if variable == "LANGUAGE" else [value]:
            key = locale_language(item)
            if key is not None:
                return key
    return "en"


def resolve_language(lang: str | None) -> str:
    """``--lang`` if given (``ValueError`` if unknown), else the environment's language."""
    return environment_language() if lang is None else language(lang)


class TranslatedIllegalActionError(IllegalActionError):
    """A refusal the client words itself, already in the user's language."""


class TranslatedValueError(ValueError):
    """An answer the client could not read, worded in the user's language."""


def unreadable_reason(error: ValueError, answer: str, _: Translator) -> str:
    """Why an answer is not a move, in the user's language: the engine's notation errors
    are in English, so other languages get a translated pointer to ``help`` instead."""
    if _.lang == "en" or isinstance(error, TranslatedValueError):
        return str(error)
    return _("{answer!r} is not a move here; type help to see how moves are written").format(
        answer=answer
    )


def rule_reason(error: IllegalActionError, _: Translator) -> str:
    """A refused move in the user's language, its rule cited: ``"... (D8)"``.

    The engine words its reasons in English (they belong to the rules' code, not to a
    client), so in another language the client gives the gist of the rule it cites; the
    engine's own words, which may name a tile or a card, are shown only in English.
    """
    gist = None
    if _.lang != "en" and not isinstance(error, TranslatedIllegalActionError) and error.rule:
        gist = rule_gist(error.rule, _)
    if gist is None:
        return str(error)
    return _("{reason} ({rule})").format(reason=gist, rule=error.rule)


def rule_gist(rule: str, _: Translator) -> str | None:
    """One sentence per rule a move can break (RULES.md), translated."""
    gists = {
        "D1": _("each tile of the set is played once"),
        "D4": _("a turn is draws, then a play or a pass"),
        "D5": _("a tile is played from your hand onto an open end showing the same number"),
        "D8": _("you may pass only when you can neither play nor draw"),
        "D9": _("the line has exactly two open ends"),
        "D11": _("the round is over"),
        "D17": _("the match is over"),
        "C2": _("each player lays exactly two different cards from the hand in the crib"),
        "C4": _("play one card from your hand, and the count may not pass 31"),
        "C5": _("you may say go only when no card fits under 31"),
        "C7": _("the game is over"),
    }
    return gists.get(rule)
