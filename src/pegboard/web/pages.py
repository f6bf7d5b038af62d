"""The server's HTML pages, made from the Jinja2 templates of ``templates/``.

One ``jinja2.Environment`` renders them all, with autoescape on: whatever a page is given
(a player's name, a game's, a narration) is written as text, never as markup. The one
exception is ``markupsafe.Markup``, handed over only for the engine's SVG drawings, whose
texts the engine escapes where it draws them (``replays.render_position``), and for the
bodies of a rules page's sections, made by the rules pages' helpers that escape every text
they are given (``pegboard.web.rules.page``) around the engine's drawings.

Every page is rendered in the reader's language (``render``): the templates get ``lang``
(the language key, ``data-lang``), ``html_lang`` (its BCP 47 tag, ``<html lang>``),
``languages`` and ``path`` (the language switch links ``path?lang=KEY``), ``scripts`` (the
static modules the page loads) and the catalog as ``_("msgid", **fields)`` and
``ngettext(singular, plural, n, **fields)``. Those are the Python code's own calls
(``_("Move {at} of {n}").format(...)``): the msgid is translated, then its ``{name}``
placeholders filled with ``str.format``. Jinja's i18n extension is not used because its
new-style gettext fills ``%(name)s`` placeholders, and the catalogs' (shared with the
command line, the terminal app and the page's script) are ``{name}``. Babel extracts the
templates' messages too (``babel.cfg``).

``base.html`` is the layout (the head, the header with the language switch, ``<main>``);
every page extends it (the rules pages: ``rules.html``, ``rules_index.html``,
``rules_missing.html``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Final

import jinja2

from pegboard.i18n import ALL, HTML_LANG, Translator, translator

SCRIPT_NAME: Final = re.compile(r"[a-z0-9_]+(/[a-z0-9_]+)*\.js")
"""A static module a page may load (``replay.js``): a plain path under ``/static/``."""


def environment(*, autoescape: bool = True) -> jinja2.Environment:
    """The templates' environment (``autoescape`` is a parameter only for the test that
    shows what it prevents: every page is rendered with it on)."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("pegboard.web", "templates"),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,  # a misspelt value fails, not an empty text
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )


ENVIRONMENT: jinja2.Environment = environment()


class Words:
    """A translator as the templates call it: ``_("Replay of {game}", game=name)``."""

    def __init__(self, translate: Translator) -> None:
        self.translate = translate

    def __call__(self, message: str, /, **fields: Any) -> str:
        text = self.translate(message)
        return text.format(**fields) if fields else text

    def ngettext(self, singular: str, plural: str, n: int, /, **fields: Any) -> str:
        # The count is ``{n}`` unless told otherwise, as in every plural msgid of ours.
        return self.translate.ngettext(singular, plural, n).format(**{"n": n, **fields})


def render(
    template: str, lang: str, *, path: str, scripts: Sequence[str] = (), **values: Any
) -> str:
    """The page ``template`` in ``lang`` (a language key), given ``values``; ``path`` is
    the page's own address (its language switch), ``scripts`` its static modules."""
    for script in scripts:
        if not SCRIPT_NAME.fullmatch(script):
            raise ValueError(f"not a static module: {script!r}")
    words = Words(translator(lang))
    return ENVIRONMENT.get_template(template).render(
        lang=lang,
        html_lang=HTML_LANG[lang],
        languages=ALL,
        path=path,
        scripts=tuple(scripts),
        _=words,
        ngettext=words.ngettext,
        **values,
    )


def message_page(lang: str, message: str, *, path: str) -> str:
    """A page that says ``message`` alone (as its title and heading): a 404, a 409, a 429."""
    return render("message.html", lang, path=path, message=message)


__all__ = ["ENVIRONMENT", "Words", "environment", "message_page", "render"]
