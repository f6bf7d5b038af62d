"""The rules pages: ``GET /rules`` (the games' pages) and ``GET /rules/{game}`` (how to play
it), rendered by the server as plain HTML that reads completely without JavaScript.

A game's page is its look ``"web.rules"`` (a ``RulesPage``, see ``page.py``); a game with
none gets the generic page built from its description (``generic.py``). The language is
``?lang=`` (en, pt, zh, hi, or the app's long forms pt_BR, zh_Hans), else the first of the
visitor's Accept-Language we have, else English. A page may load static modules for what
needs JavaScript ("try it"); its module may answer ``POST /api/rules/{game}/try`` with a
function ``try_answer(body, _)`` -> ``(status, json)``.
"""

from __future__ import annotations

import re
from typing import Any, Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from markupsafe import Markup

import pegboard.games
from pegboard.core import N_
from pegboard.games import Game
from pegboard.i18n import ALL, HTML_LANG, LOCALES, Translator, translator
from pegboard.web import wire
from pegboard.web.rules.generic import page_for
from pegboard.web.rules.page import (
    RulesContext,
    RulesPage,
    Section,
    TryAnswer,
    element,
    items,
    join,
)

router = APIRouter()

LANGUAGE_NAMES: Final = tuple((language.key, language.tag, language.name) for language in ALL)
"""Each language (``pegboard.core.languages``): its key, its BCP 47 tag (``<html lang>``)
and its own name."""
SCRIPT_PATH: Final = re.compile(r"(games/)?[A-Za-z0-9_]+\.js")
"""A page's script, under ``/static/``: the web's own, or a game's (``/static/games/``)."""
MAX_TRY_BYTES: Final = 4096
"""The longest "try it" request a page's module reads (the app's body limit is larger)."""
TRY_DEPTH: Final = 8
"""How deep a "try it" body may nest (a list of plays of a few fields needs three)."""


def _known(tag: str) -> str | None:
    tag = tag.strip().lower().replace("-", "_")[:32]
    for candidate in (tag, tag.split("_")[0]):
        if not candidate:
            continue
        try:
            return translator(candidate).lang
        except ValueError:
            continue
    return None


def request_lang(request: Request) -> str:
    """The page's language: ``?lang=``, else Accept-Language (by its weights), else en."""
    asked = request.query_params.get("lang")
    if asked:
        key = _known(asked[:32])
        if key is not None:
            return key
    weighted: list[tuple[float, int, str]] = []
    header = request.headers.get("accept-language", "")[:512]
    for order, part in enumerate(header.split(",")[:16]):
        tag, _sep, params = part.partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        weighted.append((-weight, order, tag))
    for negative, _order, tag in sorted(weighted):
        key = _known(tag) if negative < 0 else None
        if key is not None:
            return key
    return "en"


def page_of(game: Game) -> RulesPage:
    """``game``'s rules page: its own (``Game.looks.rules``), else the generic one."""
    return page_for(game) if game.looks.rules is None else game.looks.rules()


def rules_url(game: Game, lang: str | None = None, anchor: str | None = None) -> str:
    """The address of ``game``'s rules page (in ``lang``, at ``anchor``)."""
    url = f"/rules/{game.name}"
    if lang is not None:
        url += f"?lang={lang}"
    return url + (f"#{anchor}" if anchor else "")


# -- The shell ------------------------------------------------------------------------------


def _switch(lang: str, path: str, _: Translator) -> Markup:
    links = []
    for key, tag, name in LANGUAGE_NAMES:
        attributes: dict[str, Any] = {"lang": tag, "hreflang": tag}
        if key == lang:
            attributes["aria_current"] = "true"
        links.append(element("a", name, href=f"{path}?lang={key}", **attributes))
    return element(
        "nav",
        element("span", _("Language"), id="lang-label", class_="lang-label"),
        " ",
        items(links, class_="lang-list"),
        class_="lang",
        aria_labelledby="lang-label",
    )


def shell(
    lang: str,
    title: str,
    body: Markup,
    *,
    path: str,
    scripts: tuple[str, ...] = (),
) -> str:
    """A whole page: ``<html lang>``, the header (the lobby's link, the language switch),
    ``body`` inside ``<main>``, the stylesheets and the page's static modules."""
    _ = translator(lang)
    head = join(
        Markup('<meta charset="utf-8">'),
        Markup('<meta name="viewport" content="width=device-width, initial-scale=1">'),
        element("title", f"{title} · pegboard"),
        Markup('<link rel="icon" href="data:,">'),
        Markup('<link rel="stylesheet" href="/static/rules.css">'),
        *(
            element("script", type="module", src=f"/static/{script}")
            for script in scripts
            if SCRIPT_PATH.fullmatch(script)
        ),
    )
    header = element(
        "header",
        element("a", "pegboard", href="/", class_="brand"),
        " ",
        element("a", _("How to play"), href=f"/rules?lang={lang}", class_="all-rules"),
        " ",
        _switch(lang, path, _),
        class_="top",
    )
    document = join(
        Markup("<!doctype html>\n"),
        Markup('<html lang="{}" dir="ltr" data-lang="{}">').format(HTML_LANG[lang], lang),
        element("head", head),
        element("body", header, element("main", body, id="main")),
        Markup("</html>\n"),
    )
    return str(document)


def _toc(sections: tuple[Section, ...], _: Translator) -> Markup:
    def entries(level: tuple[Section, ...]) -> Markup:
        return items(
            [
                join(
                    element("a", _(s.title), href=f"#{s.anchor}"),
                    entries(s.sections) if s.sections else Markup(""),
                )
                for s in level
            ]
        )

    return element(
        "nav",
        element("h2", _("Contents"), id="contents-title"),
        entries(sections),
        class_="toc",
        aria_labelledby="contents-title",
    )


def _section(section: Section, ctx: RulesContext, level: int) -> Markup:
    heading = element(f"h{level}", ctx._(section.title), id=section.anchor)
    return element(
        "section",
        heading,
        section.body(ctx),
        *(_section(sub, ctx, level + 1) for sub in section.sections),
        aria_labelledby=section.anchor,
    )


CORRECTIONS: Final = Section(
    "corrections",
    N_("Found something out of date? Report a correction"),
    lambda ctx: _corrections(ctx),
)


def _corrections(ctx: RulesContext) -> Markup:
    _ = ctx._
    return join(
        element(
            "p",
            _(
                "Tell us what is wrong on this page. Reports are read by the site's maintainers "
                "and never shown publicly."
            ),
        ),
        element(
            "form",
            element("input", type="hidden", name="lang", value=ctx.lang),
            element(
                "p",
                element("label", _("What is wrong"), for_="correction-text"),
                element(
                    "textarea",
                    id="correction-text",
                    name="text",
                    required=True,
                    maxlength=2000,
                    rows=4,
                ),
            ),
            element(
                "p",
                element("label", _("How to reach you (optional)"), for_="correction-contact"),
                element(
                    "input",
                    id="correction-contact",
                    name="contact",
                    type="text",
                    maxlength=200,
                    autocomplete="email",
                ),
            ),
            element("p", element("button", _("Send the report"), type="submit")),
            method="post",
            action=f"/rules/{ctx.game.name}/corrections",
            class_="corrections",
        ),
    )


_RENDERED: dict[tuple[str, str], tuple[Game, str]] = {}
"""The pages rendered so far: (game, language) -> (the game described, its HTML). A page is
the same until the game is registered anew, and only registered games are kept: at most
four pages a game."""


def cached_page(game: Game, lang: str) -> str:
    """``render_page``, rendered once per game and language (seven drawings a Draw page)."""
    kept = _RENDERED.get((game.name, lang))
    if kept is not None and kept[0] is game:
        return kept[1]
    html = render_page(game, lang)
    _RENDERED[(game.name, lang)] = (game, html)
    return html


def render_page(game: Game, lang: str) -> str:
    """``game``'s rules page in ``lang``, as HTML."""
    _ = translator(lang)
    page = page_of(game)
    ctx = RulesContext(lang=lang, _=_, game=game)
    title = _(page.title).format(game=_(game.display_name))
    sections = (*page.sections, CORRECTIONS)
    body = join(
        element("h1", title),
        page.intro(ctx) if page.intro is not None else Markup(""),
        _toc(sections, _),
        *(_section(s, ctx, 2) for s in sections),
    )
    return shell(lang, title, body, path=f"/rules/{game.name}", scripts=page.scripts)


def render_index(lang: str) -> str:
    _ = translator(lang)
    title = _("How to play")
    links = []
    for name in pegboard.games.names():
        game = pegboard.games.get(name)
        page = page_of(game)
        links.append(
            element(
                "a", _(page.title).format(game=_(game.display_name)), href=rules_url(game, lang)
            )
        )
    body = join(
        element("h1", title),
        element("p", _("The rules of every game on this site, in your language.")),
        items(links, class_="games"),
    )
    return shell(lang, title, body, path="/rules")


def render_missing(name: str, lang: str) -> str:
    _ = translator(lang)
    title = _("No such rules page")
    games = [pegboard.games.get(n) for n in pegboard.games.names()]
    body = join(
        element("h1", title),
        element(
            "p",
            _("There is no game called {name}. The games are: {games}.").format(
                name=name[:64], games=", ".join(_(g.display_name) for g in games)
            ),
        ),
        items([element("a", _(g.display_name), href=rules_url(g, lang)) for g in games]),
    )
    return shell(lang, title, body, path="/rules")


# -- Routes ---------------------------------------------------------------------------------


@router.get("/rules", response_class=HTMLResponse, include_in_schema=False)
async def rules_index(request: Request) -> HTMLResponse:
    return HTMLResponse(render_index(request_lang(request)))


@router.get("/rules/{game}", response_class=HTMLResponse, include_in_schema=False)
async def rules_page(game: str, request: Request) -> HTMLResponse:
    lang = request_lang(request)
    if game not in pegboard.games.names():
        return HTMLResponse(render_missing(game, lang), status_code=404)
    return HTMLResponse(cached_page(pegboard.games.get(game), lang))


def _answerer(game: Game) -> TryAnswer | None:
    return page_of(game).try_answer


@router.post("/api/rules/{game}/try", include_in_schema=False)
async def rules_try(game: str, request: Request) -> JSONResponse:
    """A "try it" of ``game``'s page: the body (JSON, at most ``MAX_TRY_BYTES``) goes to its
    page module's ``try_answer``; a translated error otherwise, never a 500."""
    lang = request_lang(request)
    _ = translator(lang)
    answer = _answerer(pegboard.games.get(game)) if game in pegboard.games.names() else None
    if answer is None:
        return JSONResponse({"error": _("This page has nothing to try.")}, status_code=404)
    raw = bytearray()
    async for chunk in request.stream():
        raw.extend(chunk)
        if len(raw) > MAX_TRY_BYTES:
            message = _("A request's body is at most {n} bytes.").format(n=MAX_TRY_BYTES)
            return JSONResponse({"error": message}, status_code=413)
    try:
        # The app's own reading of JSON: bounded depth (no RecursionError), Unicode only.
        body = wire.loads(bytes(raw), TRY_DEPTH)
    except wire.WireError:
        return JSONResponse({"error": _("That request is not valid here.")}, status_code=422)
    status, content = answer(body, _)
    return JSONResponse(content, status_code=status)


__all__ = ["LOCALES", "page_of", "render_page", "request_lang", "router", "rules_url"]
