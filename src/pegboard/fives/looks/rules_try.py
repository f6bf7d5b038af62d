""" "Try it" on the Fives family's rules pages: a small hand placed on a diagram's layout.

A tryable diagram (``rules_diagrams.Diagram`` with a ``hand``) is shown with the hand's
tiles and the layout's open ends as buttons (``try_box``, filled by ``rules_fives.js``).
Each placement asks ``POST /api/rules/GAME/try`` (``pegboard.web.rules``) with every
placement so far, at most the hand's four::

    {"plays": [{"tile": "3-5", "end": "5-5B"}]}

and is answered by the engine: the layout rebuilt from the diagram's plays and these, its
drawing, title and structured description (B1-B5), and its caption saying the ends total
and what it scores under the page's game (F6, F7); or 422 and a translated refusal naming
the problem and its rule (F5). The body is read with Pydantic, so a body of any other
shape is refused before any tile is read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field, StrictStr, ValidationError

from pegboard.core import N_
from pegboard.fives import End, Layout, Tile
from pegboard.fives.looks.rules_diagrams import CAPTION, Diagram, build_layout
from pegboard.fives.svg import render_layout_svg
from pegboard.games import Game
from pegboard.i18n import Translator, describe_error
from pegboard.web.rules.page import RulesContext

MAX_PLAYS: Final = 4
"""The most placements a try holds: a hand to try is four tiles."""

SHAPE: Final = N_(
    'Each placement is a tile of the hand and an end of the layout, like {{"tile": "3-5", '
    '"end": "5-5B"}}, at most {n} of them.'
)
NOT_IN_HAND: Final = N_("{tile} is not in the hand to try: choose one of {hand}.")
NOT_OPEN: Final = N_("{end} is not an open end of the layout: choose a marker (F5).")
NO_MATCH: Final = N_(
    "{tile} does not fit the {value} of {end}: the touching halves must show the same number (F5)."
)

SPINNER_ENDS: Final = ("C", "D")
"""The spinner's ends across its sides (F5): the engine says when they are not yet open."""

Score = Callable[[RulesContext, Layout], str]


class Placement(BaseModel):
    """A tile of the hand and the end of the layout it joins (``"3-5"``, ``"5-5B"``)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    tile: StrictStr = Field(max_length=8)
    end: StrictStr = Field(max_length=8)


class TryRequest(BaseModel):
    """The body of a try: every placement so far, in order."""

    model_config = ConfigDict(strict=True, extra="ignore")  # "lang" and the like are let be

    plays: list[Placement] = Field(max_length=MAX_PLAYS)


class PlacementError(Exception):
    """A placement refused, in the reader's words."""


def _tile(text: str, hand: list[Tile], _: Translator) -> Tile:
    """The hand's tile ``text`` names (taken from ``hand``), else ``PlacementError``."""
    try:
        tile = Tile.parse(text)
    except ValueError:
        tile = None
    if tile is None or tile not in hand:
        shown = ", ".join(str(t) for t in hand) or "-"
        raise PlacementError(_(NOT_IN_HAND).format(tile=tile or text, hand=shown))
    hand.remove(tile)
    return tile


def _place(layout: Layout, tile: Tile, text: str, _: Translator) -> None:
    """``tile`` played on the end ``text`` names, checked by the engine, else ``PlacementError``
    naming the rule of the Fives family (F5) that refuses it."""
    try:
        end = End.parse(text)
    except ValueError:
        raise PlacementError(_(NOT_OPEN).format(end=text)) from None
    spinner = layout.spinner
    across = spinner is not None and end.tile == spinner and end.side in SPINNER_ENDS
    if end not in layout.open_ends() and not across:
        raise PlacementError(_(NOT_OPEN).format(end=end.tile))
    if end in layout.open_ends() and not tile.has(end.value):
        raise PlacementError(_(NO_MATCH).format(tile=tile, value=end.value, end=end.tile))
    try:
        layout.play(tile, end)
    except ValueError as error:  # the spinner's ends before both its sides hold a tile
        raise PlacementError(describe_error(error, _)) from None


def answer(
    diagram: Diagram, score: Score, game: Game, body: Any, _: Translator
) -> tuple[int, dict[str, Any]]:
    """The try of ``diagram`` on ``game``'s page: 200 and the layout's drawing and texts,
    its caption scored by ``score``; 422 and the refusal otherwise."""
    try:
        request = TryRequest.model_validate(body)
    except ValidationError:
        return 422, {"error": _(SHAPE).format(n=MAX_PLAYS)}
    layout = build_layout(diagram)
    hand = [Tile.parse(text) for text in diagram.hand]
    try:
        for play in request.plays:
            _place(layout, _tile(play.tile, hand, _), play.end, _)
    except PlacementError as refused:
        return 422, {"error": str(refused)}
    ctx = RulesContext(lang=_.lang, _=_, game=game)
    return 200, {
        "svg": render_layout_svg(layout, markers=True, lang=_.lang),
        "title": layout.title(_.lang),
        "caption": f"{score(ctx, layout)} {_(CAPTION)}",
        "score": score(ctx, layout),
        "total": layout.ends_total(),
        "description": layout.describe(_.lang),
    }
