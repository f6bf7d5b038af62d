"""Translations of everything the surfaces say (not the board descriptions, B5).

The board descriptions are part of the rules (``Line.describe``) and the counting words of
cribbage live with the scoring (``pegboard.cribbage.words``); everything else goes through
a ``Translator``: ``_("...")`` and ``_.ngettext(...)``, read from the gettext catalogs in
``pegboard/locale/<locale>/LC_MESSAGES/pegboard.mo``.

The ``.po`` files are the source; the ``.mo`` files beside them are compiled from them by
the install (setup.py's ``build_py``, Babel being a build requirement) and by ``make``, never
kept in git, so that running needs only the standard library's ``gettext``.
``tests/i18n/test_catalogs.py`` fails when a ``.mo`` is stale, a message lacks a
translation, or the template misses a message of the source.

This is the presentation layer (docs/architecture.md): the command line, the terminal app and
the web server all translate through it, so that none of them imports another.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping, Sequence
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Final

from pegboard.core import N_, IllegalActionError, WordedError
from pegboard.core.languages import (
    LOCALES,  # re-exported: the catalogs' locales
    language,
)

LOCALE_DIR: Final = Path(__file__).parent.parent / "locale"
"""``pegboard/locale``: the catalogs stay at the package's top, beside ``pegboard/i18n``."""
DOMAIN: Final = "pegboard"
ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the locale comes from when ``--lang`` is not given, in gettext's order."""


LABELLED: Final = N_("{label}: {value}")
"""A label and its value (``Translator.labelled``; the page's ``labelled`` in i18n.js)."""


class Translator:
    """``_("text")``, ``_.ngettext("one", "many", n)`` and ``_.pgettext("role", "text")`` in
    one language (``.lang``).

    ``pgettext`` is for one English word with several roles ("Count": the running count of
    the pegging, a button that counts a hand): each role is a message of its own, told apart
    by its context (gettext's ``msgctxt``), so that each language may say each role its way.
    """

    def __init__(self, lang: str, catalog: gettext.NullTranslations) -> None:
        self.lang = lang
        self._catalog = catalog

    def __call__(self, message: str) -> str:
        return self._catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._catalog.pgettext(context, message)

    def labelled(self, label: object, value: object) -> str:
        """A label and its value as the language punctuates them: ``Score: 5``, zh
        ``得分：5`` (the catalog's ``LABELLED``, as the page's ``labelled``), so that no
        colon is written by the code and no figure runs into the name before it."""
        return self(LABELLED).format(label=label, value=value)


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


invocation_language: ContextVar[str | None] = ContextVar("pegboard_language", default=None)
"""The language of the running ``pegboard`` command, chosen before its arguments are parsed
(``pegboard.cli.commands``): a ``--lang`` given to ``pegboard`` itself reaches here."""


def resolve_language(lang: str | None) -> str:
    """``--lang`` if given (``ValueError`` if unknown), else the language of the running
    command (``pegboard --lang``), else the environment's."""
    if lang is not None:
        return language(lang)
    return invocation_language.get() or environment_language()


def language_of(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str:
    """The language a command line asks for: its last ``--lang X`` (or ``--lang=X``) that
    names one we have, else the environment's. This is read before the arguments are
    parsed, so that ``--help`` and usage errors come in the language too."""
    chosen = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        value = None
        if word == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--lang="):
            value = word.removeprefix("--lang=")
        if value is not None:
            try:
                chosen = language(value)
            except ValueError:
                continue  # the command itself says that the language is unknown
    return chosen or environment_language(environ)


class TranslatedIllegalActionError(IllegalActionError):
    """A refusal the client words itself, already in the user's language."""


class TranslatedValueError(ValueError):
    """An answer the client could not read, worded in the user's language."""


def unreadable_reason(error: ValueError, answer: str, _: Translator) -> str:
    """Why an answer is not a move, in the user's language. The engine words its notation
    errors by template (``describe_error`` translates them); any other reason, in English,
    becomes a translated pointer to ``help`` in other languages."""
    from pegboard.i18n.errors import describe_error  # it builds on this module

    if _.lang == "en" or isinstance(error, TranslatedValueError | WordedError):
        return describe_error(error, _)
    return _("{answer!r} is not a move here; type help to see how moves are written").format(
        answer=answer
    )


def rule_reason(error: IllegalActionError, _: Translator) -> str:
    """A refused move in the user's language, its rule cited: ``"... (D8)"``.

    The engine words its refusals by a template and fields (``pegboard.core.errors``);
    ``describe_error`` translates the template and fills it in, so the tile or card it
    names is kept. A refusal the catalogs do not know gets the gist of its rule.
    """
    from pegboard.i18n.errors import describe_error  # it builds on this module

    return describe_error(error, _)
