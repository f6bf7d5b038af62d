"""The engine's errors in the user's language.

The rules word their refusals in English, as a template marked with ``N_`` and the fields
that fill it (``pegboard.core.errors``), and keep no locale. Here, at the surface, the
template is looked up in the catalogs and filled with the same fields: a tile, a card or a
number reads the same in every language, a list is joined with the language's "and"/"or",
and an error inside an error (a record whose move is illegal) is translated in turn.

``describe_error(error, lang)`` is what every surface shows: the plain client and the
full-screen one (through ``rule_reason``/``unreadable_reason`` in ``pegboard.i18n``),
``replay``, ``hint`` and the web app.
"""

from __future__ import annotations

from typing import Any

from pegboard.core import AllOf, AnyOf, IllegalActionError, WordedError
from pegboard.i18n.catalogs import (
    TranslatedIllegalActionError,
    TranslatedValueError,
    Translator,
    translator,
)


def describe_error(error: BaseException, lang: str | Translator) -> str:
    """``error`` as the user should read it in ``lang`` (a language key or a translator),
    the rule it cites at the end: ``"6-6 não está na sua mão (D5)"``.

    In English this is ``str(error)``. An error the engine did not word by a template (a
    notation it could not read, say) keeps its English words inside a translated frame.
    """
    _ = translator(lang) if isinstance(lang, str) else lang
    if isinstance(error, TranslatedIllegalActionError) and error.rule:
        # Worded by the client, already in the language; the rule cited as the language
        # writes it (zh's full-width brackets), never the English frame.
        return _("{reason} ({rule})").format(reason=error.reason, rule=error.rule)
    if isinstance(error, TranslatedIllegalActionError | TranslatedValueError):
        return str(error)  # worded by the client, already in the language
    if not isinstance(error, WordedError):
        return str(error)
    reason = _fill(error, _)
    if not isinstance(error, IllegalActionError) or not error.rule:
        return reason
    if _.lang != "en" and _(error.template) == error.template:
        # A refusal the catalogs do not know (a new message not yet translated): the
        # gist of its rule, in the language, says more than English would.
        reason = rule_gist(error.rule, _) or reason
    return _("{reason} ({rule})").format(reason=reason, rule=error.rule)


def _fill(error: WordedError, _: Translator) -> str:
    template = _(error.template)
    if not error.fields:
        return template
    fields = {name: _field(value, _) for name, value in error.fields.items()}
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):  # a translation with a broken placeholder
        return error.template.format(**fields)


def _field(value: Any, _: Translator) -> Any:
    if isinstance(value, BaseException):
        return describe_error(value, _)
    if isinstance(value, AllOf | AnyOf):
        joint = _("{first} and {second}") if isinstance(value, AllOf) else _("{first} or {second}")
        if not value:
            return ""
        text = value[0]
        for item in value[1:]:
            text = joint.format(first=text, second=item)
        return text
    in_words = getattr(value, "in_words", None)
    if in_words is not None:  # a value said in the rules' own words (a tile's side, B5)
        return in_words(_.lang)
    return value


def rule_gist(rule: str, _: Translator) -> str | None:
    """The gist of a rule a move can break, translated: the game's own words for it
    (``Game.rule_gists``; a rule's number names its game, D for Draw, C for cribbage...)."""
    from pegboard import games  # the registry loads the games, which word their refusals

    for name in games.names():
        gist = games.get(name).rule_gists.get(rule)
        if gist is not None:
            return _(gist)
    return None
