"""The rules pages: ``GET /rules`` (the games' pages) and ``GET /rules/{game}`` (how to play
it), rendered by the server as plain HTML that reads completely without JavaScript, from the
Jinja2 templates ``rules.html`` (a game's page), ``rules_index.html`` and ``rules_missing.html``
(``pegboard.web.pages``, autoescape on). A page's introduction and its sections' bodies are
the game's ``RulesPage``'s, each handed to the template as Markup.

A game's page is its look ``rules`` (a ``RulesPage``, see ``page.py``); a game with
none gets the generic page built from its description (``generic.py``). The language is
``?lang=`` (en, pt, zh, hi, or the app's long forms pt_BR, zh_Hans), else the first of the
visitor's Accept-Language we have, else English. A page may load static modules for what
needs JavaScript ("try it"); its module may answer ``POST /api/rules/{game}/try`` with a
function ``try_answer(body, _)`` -> ``(status, json)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from markupsafe import Markup

import pegboard.games
from pegboard.games import Game
from pegboard.i18n import LOCALES, translator
from pegboard.web import pages, wire
from pegboard.web.limits import CORRECTION_CONTACT_LENGTH, CORRECTION_TEXT_LENGTH
from pegboard.web.rules.generic import page_for
from pegboard.web.rules.page import RulesContext, RulesPage, Section, TryAnswer

router = APIRouter()

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


# -- The pages ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ShownSection:
    """A section as ``rules.html`` writes it: its anchor, its title in the reader's language,
    its body (the game's ``Section.body``, Markup) and its subsections, shown alike."""

    anchor: str
    title: str
    body: Markup
    sections: tuple[ShownSection, ...]


def _shown(section: Section, ctx: RulesContext) -> ShownSection:
    return ShownSection(
        section.anchor,
        ctx._(section.title),
        section.body(ctx),
        tuple(_shown(sub, ctx) for sub in section.sections),
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
    """``game``'s rules page in ``lang``, as HTML (``templates/rules.html``)."""
    _ = translator(lang)
    page = page_of(game)
    ctx = RulesContext(lang=lang, _=_, game=game)
    return pages.render(
        "rules.html",
        lang,
        path=f"/rules/{game.name}",
        # A page names its own modules: one that is not a plain static path is left out.
        scripts=[script for script in page.scripts if pages.SCRIPT_NAME.fullmatch(script)],
        title=_(page.title).format(game=_(game.display_name)),
        intro=page.intro(ctx) if page.intro is not None else None,
        sections=[_shown(section, ctx) for section in page.sections],
        action=f"/rules/{game.name}/corrections",
        text="",
        contact="",
        text_length=CORRECTION_TEXT_LENGTH,
        contact_length=CORRECTION_CONTACT_LENGTH,
    )


def render_index(lang: str) -> str:
    """The index of the rules pages in ``lang`` (``templates/rules_index.html``)."""
    _ = translator(lang)
    games = [pegboard.games.get(name) for name in pegboard.games.names()]
    return pages.render(
        "rules_index.html",
        lang,
        path="/rules",
        games=[
            (_(page_of(game).title).format(game=_(game.display_name)), rules_url(game, lang))
            for game in games
        ],
    )


def render_missing(name: str, lang: str) -> str:
    """The 404 page of ``/rules/NAME`` for a game that is not registered, in ``lang``
    (``templates/rules_missing.html``): ``name`` (its first 64 characters) is text."""
    _ = translator(lang)
    games = [pegboard.games.get(n) for n in pegboard.games.names()]
    return pages.render(
        "rules_missing.html",
        lang,
        path="/rules",
        name=name[:64],
        games=[(_(game.display_name), rules_url(game, lang)) for game in games],
    )


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
