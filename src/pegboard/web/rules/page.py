"""What a game's rules page is (``RulesPage``), and the pieces its sections are made of.

A game's rules page is its look ``rules`` (``Looks(rules=...)``, in its package's ``looks``),
a ``RulesPage``: a title, an introduction and sections, each section a function of the
reader's language (``RulesContext``) that returns its HTML as ``markupsafe.Markup``. The
helpers here (``paragraph``, ``items``, ``table``, ``figure``...) escape every text they
are given, so a section written with them cannot inject markup; ``Markup`` values passed
to them (another helper's output) are kept as they are.

The route (``pegboard.web.rules``) renders the page from the Jinja2 template
``templates/rules.html``: ``<html lang>``, one ``<h1>`` (the title), a table of contents
of the sections' anchors, a heading per section and subsection, then the "report a
correction" form; the introduction and the sections' bodies made here are handed to it as
Markup. A page's ``anchors`` map a moment of the game (``"round_end"``) to the section the
table links to at that moment.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from markupsafe import Markup, escape

from pegboard.games import Game
from pegboard.i18n import Translator

Content = str | Markup
"""Text (escaped when rendered) or markup made by the helpers below."""


@dataclass(frozen=True)
class RulesContext:
    """The reader's language (``lang``, a key: en, pt, zh, hi), its translator, the game."""

    lang: str
    _: Translator
    game: Game


Body = Callable[[RulesContext], Markup]
TryAnswer = Callable[[Any, Translator], tuple[int, dict[str, Any]]]
"""A rules page's answer to its "try it": ``(body, gettext)`` -> status and JSON answer."""


@dataclass(frozen=True)
class Section:
    """A section of a rules page: its ``anchor`` (the element id, ``"scoring"``), its
    ``title`` (English, ``N_``-marked: the page translates it), its ``body`` (HTML in the
    context's language) and its subsections (rendered after the body, one level down)."""

    anchor: str
    title: str
    body: Body
    sections: tuple[Section, ...] = ()


@dataclass(frozen=True)
class RulesPage:
    """A game's rules page. ``title`` is ``N_``-marked (``"How to play {game}"``, the
    registry's name filled in); ``intro``
    the text before the table of contents (or None); ``scripts`` the static JavaScript
    modules the page loads (``"games/rules_draw.js"``, under ``/static/``) for what works only
    with JavaScript ("try it"); ``anchors`` the moment -> anchor the table links to."""

    title: str
    intro: Body | None
    sections: tuple[Section, ...]
    scripts: tuple[str, ...] = ()
    anchors: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    try_answer: TryAnswer | None = None
    """What the page's "try it" asks the server (``POST /api/rules/GAME/try``): ``(body,
    gettext)`` -> the status and the JSON answer; None when the page asks nothing."""

    def all_sections(self) -> tuple[Section, ...]:
        """Every section and subsection, depth first (the page's anchors, in order)."""
        found: list[Section] = []

        def walk(sections: Sequence[Section]) -> None:
            for section in sections:
                found.append(section)
                walk(section.sections)

        walk(self.sections)
        return tuple(found)


# -- Helpers: each returns Markup, its text escaped --------------------------------------


def _attrs(attributes: Mapping[str, Any]) -> Markup:
    """``name="value"`` pairs, escaped; a False or None value leaves the attribute out,
    True writes it bare; a trailing ``_`` is dropped (``class_``) and ``_`` -> ``-``."""
    parts: list[Markup] = []
    for name, value in attributes.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        if not re.fullmatch(r"[a-z][a-z0-9-]*", key):
            raise ValueError(f"not an attribute name: {name!r}")
        if value is True:
            parts.append(Markup(" {}").format(Markup(key)))
        else:
            parts.append(Markup(' {}="{}"').format(Markup(key), value))
    return Markup("").join(parts)


_VOID = frozenset({"br", "hr", "img", "input", "link", "meta"})


def element(tag: str, *content: Content, **attributes: Any) -> Markup:
    """``<tag attributes>content</tag>``, the content escaped unless it is Markup."""
    if not re.fullmatch(r"[a-z][a-z0-9]*", tag):
        raise ValueError(f"not a tag: {tag!r}")
    if tag in _VOID:
        if content:
            raise ValueError(f"<{tag}> holds nothing")
        return Markup("<{}{}>").format(Markup(tag), _attrs(attributes))
    inner = Markup("").join(escape(c) for c in content)
    return Markup("<{}{}>{}</{}>").format(Markup(tag), _attrs(attributes), inner, Markup(tag))


def join(*parts: Content) -> Markup:
    """The parts one after another (text escaped)."""
    return Markup("").join(escape(p) for p in parts)


def paragraph(*content: Content, **attributes: Any) -> Markup:
    """A ``<p>``."""
    return element("p", *content, **attributes)


def paragraphs(ctx: RulesContext, *messages: str, **fields: Any) -> Markup:
    """One paragraph per message (``N_``-marked English), each translated into the
    reader's language and filled with ``fields``."""
    return join(*(paragraph(ctx._(m).format(**fields)) for m in messages))


def prose(*messages: str, **fields: Any) -> Body:
    """A section's body made of ``paragraphs(ctx, *messages, **fields)`` alone."""

    def body(ctx: RulesContext) -> Markup:
        return paragraphs(ctx, *messages, **fields)

    return body


def combined(*bodies: Body) -> Body:
    """A section's body made of other bodies, one after another."""

    def body(ctx: RulesContext) -> Markup:
        return join(*(part(ctx) for part in bodies))

    return body


def items(entries: Iterable[Content], *, ordered: bool = False, **attributes: Any) -> Markup:
    """A list (``<ol>`` when ``ordered``) of the entries, each an ``<li>``."""
    inner = Markup("").join(element("li", entry) for entry in entries)
    return element("ol" if ordered else "ul", inner, **attributes)


def table(
    head: Sequence[Content],
    rows: Iterable[Sequence[Content]],
    *,
    caption: Content | None = None,
    **attributes: Any,
) -> Markup:
    """A ``<table>`` with a header row (``<th scope="col">``) and the rows, each row's first
    cell a row header (``<th scope="row">``), in a scrolling wrapper (narrow screens)."""
    parts: list[Markup] = []
    if caption is not None:
        parts.append(element("caption", caption))
    parts.append(
        element(
            "thead",
            element("tr", join(*(element("th", cell, scope="col") for cell in head))),
        )
    )
    body_rows = [
        element(
            "tr",
            join(
                element("th", row[0], scope="row"),
                *(element("td", cell) for cell in row[1:]),
            ),
        )
        for row in rows
    ]
    parts.append(element("tbody", join(*body_rows)))
    return element("div", element("table", join(*parts), **attributes), class_="table-wrap")


_IDENT = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")
_SVG_OPEN = re.compile(r"<svg\b([^>]*)>")


def figure(
    ident: str,
    svg: str,
    *,
    title: str,
    caption: str,
    description: str,
    extra: Markup | None = None,
    **attributes: Any,
) -> Markup:
    """A diagram: the engine's SVG (``svg``, a ``role="img"`` drawing, trusted markup)
    whose accessible name is ``title`` and accessible description ``description``, both
    shown beside it, and its ``caption``: ``<figure>`` > ``<figcaption>`` (the title
    ``#{ident}-title`` and the caption ``#{ident}-caption``), the drawing, the description
    (``p#{ident}-desc``), then ``extra``.

    The ``<svg>``'s own ``aria-labelledby`` is replaced by ``aria-labelledby`` to the
    visible title and ``aria-describedby`` to the visible description (Chromium then gives
    the image exactly that name and that description, tests/web/test_e2e_rules.py), and
    the ids inside the drawing are dropped so that two drawings of one line on a page do
    not share an id. ``ident`` is the figure's id (``d-1-4``): its parts' ids derive from
    it. ``extra`` is markup after the description (a "try it" container)."""
    if not _IDENT.fullmatch(ident):
        raise ValueError(f"not an id: {ident!r}")
    match = _SVG_OPEN.search(svg)
    if match is None:
        raise ValueError("not an SVG drawing")
    attrs = re.sub(r'\s(aria-labelledby|aria-describedby|id)="[^"]*"', "", match.group(1))
    if 'role="img"' not in attrs:
        attrs += ' role="img"'
    opening = (
        f'<svg{attrs} aria-labelledby="{ident}-title" aria-describedby="{ident}-desc"'
        ' focusable="false">'
    )
    rest = re.sub(r'(<(?:title|desc))\s+id="[^"]*"', r"\1", svg[match.end() :])
    drawing = Markup(opening + rest)  # the engine's SVG: its texts are escaped there
    return element(
        "figure",
        element(
            "figcaption",
            element("span", title, id=f"{ident}-title", class_="diagram-title"),
            " ",
            element("span", caption, id=f"{ident}-caption", class_="diagram-caption"),
        ),
        element("div", drawing, class_="diagram-drawing"),
        element("p", description, id=f"{ident}-desc", class_="diagram-desc"),
        extra or Markup(""),
        id=ident,
        class_="diagram",
        **attributes,
    )


def lead_figure(lead: Content, ident: str, svg: str, **figure_parts: Any) -> Markup:
    """A diagram after the sentence that leads into it (``p.lead``): ``lead``, then
    ``figure(ident, svg, **figure_parts)``."""
    return join(paragraph(lead, class_="lead"), figure(ident, svg, **figure_parts))


__all__ = [
    "Body",
    "Content",
    "RulesContext",
    "RulesPage",
    "Section",
    "combined",
    "element",
    "figure",
    "items",
    "join",
    "lead_figure",
    "paragraph",
    "paragraphs",
    "prose",
    "table",
]
