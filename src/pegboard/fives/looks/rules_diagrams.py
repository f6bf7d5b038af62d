"""The Fives family's rules diagrams (docs/rules.md F5-F7), for the pages of
``pegboard.fives.looks.rules_page``.

Each diagram is a layout built by playing its tiles (``Diagram``, ``build_layout``: every
play checked by the engine), drawn by the engine (``pegboard.fives.svg.render_layout_svg``)
with the engine's title and structured description (B1-B5, the spinner's arms included),
and captioned with its ends total worked out as the engine's narration writes it (F6) and
scored by the engine (``all_fives_points``, ``fives_and_threes_points``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from markupsafe import Markup

from pegboard.core import N_
from pegboard.fives import End, Layout, Tile
from pegboard.fives.narration import terms
from pegboard.fives.scoring import all_fives_points, fives_and_threes_points
from pegboard.fives.svg import render_layout_svg
from pegboard.web.rules.page import Body, RulesContext, element, join, lead_figure, paragraph

Play = tuple[str, str | None]
"""A tile and the end it joins (``("2-5", "5-5A")``), None for the lead."""

CAPTION: Final = N_("Markers show the available joining points.")


@dataclass(frozen=True)
class Diagram:
    """One diagram: its id, the plays that build its layout, whether the layout has All
    Fives' spinner, the sentence that leads into it (``N_``), and the hand its "try it"
    offers (none: not tryable; ``pegboard.fives.looks.rules_try``)."""

    ident: str
    plays: tuple[Play, ...]
    spinner: bool
    lead: str
    hand: tuple[str, ...] = ()


ALL_FIVES_DIAGRAMS: Final = (
    Diagram(
        "f-spinner-12",
        (("5-5", None), ("2-5", "5-5A")),
        True,
        N_(
            "[5|5] leads and is the spinner. With a tile on only one of its sides, the "
            "spinner still counts both its halves."
        ),
        # [3|5] on the spinner scores 5, [0|2] on the 2 scores 10, [1|2] nothing, and
        # [4|6] fits no end (F5).
        ("3-5", "0-2", "1-2", "4-6"),
    ),
    Diagram(
        "f-spinner-5",
        (("5-5", None), ("2-5", "5-5A"), ("3-5", "5-5B")),
        True,
        N_(
            "[3|5] joins the spinner's other side. Both sides now hold a tile: the spinner "
            "counts nothing itself, and its two ends open."
        ),
    ),
    Diagram(
        "f-spinner-9",
        (("5-5", None), ("2-5", "5-5A"), ("3-5", "5-5B"), ("4-5", "5-5C")),
        True,
        N_("[4|5] starts an arm on one end of the spinner: its open 4 counts too."),
    ),
    Diagram(
        "f-spinner-15",
        (("5-5", None), ("2-5", "5-5A"), ("3-5", "5-5B"), ("4-5", "5-5C"), ("5-6", "5-5D")),
        True,
        N_("[5|6] starts the fourth arm on the spinner's last end: four open ends are counted."),
    ),
)
FIVES_AND_THREES_DIAGRAMS: Final = (
    Diagram(
        "f-threes-15",
        (("6-6", None), ("3-6", "6-6A")),
        False,
        N_(
            "[6|6] leads, counting 12: 4 points. [3|6] joins one of its sides; the double, "
            "still at the end of the line, counts both its halves."
        ),
        # [3|3] on the 3 makes 18 (6 points), [0|6] on the 6 makes 3 (1 point), [1|3]
        # makes 13 (nothing), and [2|5] fits no end (F5).
        ("3-3", "0-6", "1-3", "2-5"),
    ),
)


def build_layout(item: Diagram) -> Layout:
    """The layout the diagram's plays make, each checked by the engine."""
    layout = Layout(spinner=item.spinner)
    for tile, end in item.plays:
        layout.play(Tile.parse(tile), None if end is None else End.parse(end))
    return layout


def ends_sum(layout: Layout) -> str:
    """The ends total as the engine's narration writes it (F6): its terms, one per open
    arm (``Layout.end_counts``), and their sum, ``2 + 3 + 4 = 9`` (one term: ``10``)."""
    counts = layout.end_counts()
    if len(counts) == 1:
        return str(counts[0])
    return f"{terms(counts)} = {sum(counts)}"


def _points(ctx: RulesContext, points: int) -> str:
    return ctx._.ngettext("{points} point", "{points} points", points).format(points=points)


def all_fives_score(ctx: RulesContext, layout: Layout) -> str:
    """The ends total of ``layout`` and what it scores in All Fives (F6, F7)."""
    total = layout.ends_total()
    points = all_fives_points(total)
    if points:
        return ctx._("Ends total: {sum}, a multiple of five: {points}.").format(
            sum=ends_sum(layout), points=_points(ctx, points)
        )
    return ctx._("Ends total: {sum}, not a multiple of five: no points.").format(
        sum=ends_sum(layout)
    )


def fives_and_threes_score(ctx: RulesContext, total: int, arithmetic: str | None = None) -> str:
    """What an ends total scores in Fives and Threes, and why (F7)."""
    _ = ctx._
    fives = total // 5 if total % 5 == 0 else 0  # how many fives make the total
    threes = total // 3 if total % 3 == 0 else 0  # how many threes
    points = fives_and_threes_points(total)
    said = arithmetic or str(total)
    if fives and threes:
        return _(
            "Ends total: {sum}, divisible by five and by three: {fives} fives and {threes} "
            "threes, {fives} + {threes} = {points}."
        ).format(sum=said, fives=fives, threes=threes, points=_points(ctx, points))
    if fives:
        return _("Ends total: {sum}, divisible by five: {points}.").format(
            sum=said, points=_points(ctx, points)
        )
    if threes:
        return _("Ends total: {sum}, divisible by three: {points}.").format(
            sum=said, points=_points(ctx, points)
        )
    return _("Ends total: {sum}, divisible by neither five nor three: no points.").format(sum=said)


def diagram(ctx: RulesContext, item: Diagram, score: Callable[[Layout], str]) -> Markup:
    """The diagram ``item`` as a figure, after its lead sentence; its caption says the
    ends total and its score."""
    layout = build_layout(item)
    attributes: dict[str, str] = {}
    if item.hand:
        attributes["data_try"] = f"/api/rules/{ctx.game.name}/try"
    return lead_figure(
        ctx._(item.lead),
        item.ident,
        render_layout_svg(layout, markers=True, lang=ctx.lang),
        title=layout.title(ctx.lang),
        caption=f"{score(layout)} {ctx._(CAPTION)}",
        description=layout.describe(ctx.lang),
        extra=try_box(ctx, item) if item.hand else None,
        **attributes,
    )


def try_box(ctx: RulesContext, item: Diagram) -> Markup:
    """The controls of the diagram's "try it", hidden until ``rules_fives.js`` fills and
    shows them: the page reads completely without them. Their words are the page's, in its
    language (the module has none of its own)."""
    _ = ctx._
    return element(
        "div",
        paragraph(
            _(
                "Try it: choose a tile from the hand, then the end it goes on; the engine "
                "counts the ends and scores them."
            ),
            class_="try-help",
        ),
        element("div", role="group", aria_label=_("Tiles to place"), class_="tray"),
        element("div", role="group", aria_label=_("Joining points"), class_="ends"),
        element("button", _("Reset the diagram"), type="button", class_="reset"),
        paragraph(
            role="status", aria_live="polite", class_="try-status", id=f"{item.ident}-status"
        ),
        class_="try",
        data_tray=" ".join(item.hand),
        hidden=True,
    )


Score = Callable[[RulesContext, Layout], str]
"""What a diagram's caption says of its layout's ends total, in the reader's language."""


def threes_layout_score(ctx: RulesContext, layout: Layout) -> str:
    """The ends total of ``layout`` worked out (F6) and what it scores in Fives and Threes
    (F7)."""
    return fives_and_threes_score(ctx, layout.ends_total(), ends_sum(layout))


def diagrams(items: Sequence[Diagram], score: Score) -> Body:
    """A section's body of the diagrams ``items``, each captioned by ``score``."""

    def body(ctx: RulesContext) -> Markup:
        return join(*(diagram(ctx, item, lambda layout: score(ctx, layout)) for item in items))

    return body
