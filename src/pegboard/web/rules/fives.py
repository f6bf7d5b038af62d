"""How to play All Fives and Fives and Threes (docs/rules.md F1-F9): one page per game.

Both pages state the Fives family's rules for players, in every language of the catalogs,
and show diagrams drawn by the engine (``pegboard.fives.svg.render_layout_svg``) from
layouts built by playing their tiles (``Diagram``), each with the engine's title and
structured description (B1-B5, the spinner's arms included) and its ends total worked out
as the engine's narration writes it (F6) and scored by the engine (``all_fives_points``,
``fives_and_threes_points``). The rounding examples of F8 are ``round_to_five``'s.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from markupsafe import Markup

from pegboard.core import N_
from pegboard.fives import End, Layout, Tile
from pegboard.fives.narration import terms
from pegboard.fives.scoring import all_fives_points, fives_and_threes_points, round_to_five
from pegboard.fives.svg import render_layout_svg
from pegboard.web.rules.page import (
    RulesContext,
    RulesPage,
    Section,
    figure,
    join,
    paragraph,
    table,
)

Play = tuple[str, str | None]
"""A tile and the end it joins (``("2-5", "5-5A")``), None for the lead."""

CAPTION: Final = N_("Markers show the available joining points.")
ALL_FIVES_TARGETS: Final = (250, 200)
"""F9: All Fives is won at 250 points with 2 players, 200 with 3 or 4."""
BY_FIVES_TARGET: Final = 61
FIVES_AND_THREES_TARGET: Final = 61
FIVES_AND_THREES_TOTALS: Final = (3, 5, 6, 9, 10, 12, 15, 18, 20)
"""The totals F7 gives as examples for Fives and Threes, scored on the page by the engine."""
ROUNDING: Final = (7, 8, 2)
"""F8's rounding examples: 7 -> 5, 8 -> 10, [1|1] 2 -> 0."""


@dataclass(frozen=True)
class Diagram:
    """One diagram: its id, the plays that build its layout, whether the layout has All
    Fives' spinner, and the sentence that leads into it (``N_``)."""

    ident: str
    plays: tuple[Play, ...]
    spinner: bool
    lead: str


ALL_FIVES_DIAGRAMS: Final = (
    Diagram(
        "f-spinner-12",
        (("5-5", None), ("2-5", "5-5A")),
        True,
        N_(
            "[5|5] leads and is the spinner. With a tile on only one of its sides, the "
            "spinner still counts both its halves."
        ),
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
    return join(
        paragraph(ctx._(item.lead), class_="lead"),
        figure(
            item.ident,
            render_layout_svg(layout, markers=True, lang=ctx.lang),
            title=layout.title(ctx.lang),
            caption=f"{score(layout)} {ctx._(CAPTION)}",
            description=layout.describe(ctx.lang),
        ),
    )


def _p(ctx: RulesContext, *messages: str, **fields: object) -> Markup:
    return join(*(paragraph(ctx._(m).format(**fields)) for m in messages))


# -- Shared by both pages -----------------------------------------------------------------------


def players(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "Play with the 28 tiles of a double-six set, [0|0] to [6|6], by two, three or "
            "four players. With two or three, everyone plays alone. With four, the usual "
            "game is two partnerships, partners sitting opposite each other and sharing one "
            "score; four may also play each alone (F1)."
        ),
    )


def matching(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "On your turn, place one tile so that the touching halves show the same number, "
            "as in every domino game; a blank half matches only a blank half. Doubles are "
            "laid crosswise (F5)."
        ),
    )


def ends_total(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "After every tile placed, the lead included, add up the pips at the open end of "
            "every arm of the layout. A non-double counts its free number. A double lying "
            "crosswise at the end of an arm, nothing yet against its far side, counts both "
            "halves. A lone lead counts both its halves: [4|1] counts 5 and [5|5] counts 10 "
            "(F6)."
        ),
    )


# -- All Fives ------------------------------------------------------------------------------


def all_fives_intro(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "All Fives is a game of dominoes in which you score during play: whenever the "
            "open ends of the layout add up to a multiple of five, the player who placed the "
            "tile scores that many points. The first double played is the spinner, from "
            "which the layout may grow in four directions."
        ),
    )


def all_fives_deal(ctx: RulesContext) -> Markup:
    return join(
        players(ctx),
        _p(
            ctx,
            N_(
                "Shuffle the tiles face down and deal nine to each of two players, seven to "
                "each of three, five to each of four. The rest is the boneyard, to draw from "
                "(F2)."
            ),
            N_(
                "A fair lot decides who leads the first hand. After that, the player who "
                "dominoed leads the next hand; after a blocked hand, a new lot decides. Any "
                "tile may lead, and turns go clockwise (F3)."
            ),
        ),
    )


def all_fives_turn(ctx: RulesContext) -> Markup:
    return join(
        matching(ctx),
        _p(
            ctx,
            N_(
                "If you can play, you must: you may not draw while you hold a tile that "
                "fits. If you cannot play, draw one tile at a time from the boneyard until a "
                "drawn tile fits, then play it. With the boneyard empty, pass (F4)."
            ),
            N_(
                "An option: the last two tiles of the boneyard are never drawn; with only "
                "two left, a player who cannot play passes."
            ),
        ),
    )


def all_fives_spinner(ctx: RulesContext) -> Markup:
    return join(
        _p(
            ctx,
            N_(
                "The first double played, as the lead or later, and only that one, is the "
                "spinner. The line runs through its two sides; once both sides hold a tile, "
                "its two ends may be played on as well, so the layout has up to four arms. "
                "Every other double stays in line, continued by matching its number (F5)."
            ),
        ),
        ends_total(ctx),
        _p(
            ctx,
            N_(
                "The spinner counts both its halves while at most one of its sides holds a "
                "tile. Once both sides hold a tile it counts nothing itself, and each arm "
                "started on its ends adds that arm's open end (F6)."
            ),
        ),
        *(
            diagram(ctx, item, lambda layout: all_fives_score(ctx, layout))
            for item in ALL_FIVES_DIAGRAMS
        ),
    )


def all_fives_scoring(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "When the ends total after your tile is a multiple of five, you (or your "
            "partnership) score that many points at once: 5, 10, 15, 20 and so on. A lead of "
            "[5|5] scores {lead}. Any other total scores nothing (F7)."
        ),
        lead=all_fives_points(Layout.from_plays([(Tile(5, 5), None)], spinner=True).ends_total()),
    )


def all_fives_end(ctx: RulesContext) -> Markup:
    seven, eight, two = ROUNDING
    return _p(
        ctx,
        N_(
            "A hand ends when a player plays their last tile (dominoes), or when nobody can "
            "play or draw: the hand is blocked (F8)."
        ),
        N_(
            "The player or partnership that dominoed, or in a blocked hand the one holding "
            "the fewest pips, scores the pips left in the opponents' hands, rounded to the "
            "nearest multiple of five: {seven} pips score {seven_r}, {eight} score {eight_r}, "
            "and [1|1] alone, {two} pips, scores {two_r}."
        ),
        N_(
            "A blocked hand with the fewest pips tied: with two players or partnerships, "
            "nobody scores. With three, the two tied players each score half the third "
            "player's pips, rounded to the nearest multiple of five."
        ),
        seven=seven,
        seven_r=round_to_five(seven),
        eight=eight,
        eight_r=round_to_five(eight),
        two=two,
        two_r=round_to_five(two),
    )


def all_fives_winning(ctx: RulesContext) -> Markup:
    two, more = ALL_FIVES_TARGETS
    return _p(
        ctx,
        N_(
            "Points are pegged as they are made. The first to reach {two} points with two "
            "players, or {more} with three or four, wins at once, even in the middle of a "
            "hand (F9)."
        ),
        N_(
            "An option for a cribbage board: every score is divided by five (a 15 pegs 3) "
            "and the game is to {target}."
        ),
        two=two,
        more=more,
        target=BY_FIVES_TARGET,
    )


ALL_FIVES_PAGE: Final = RulesPage(
    title=N_("How to play All Fives"),
    intro=all_fives_intro,
    sections=(
        Section("deal", N_("Players, the deal and the lead"), all_fives_deal),
        Section("turn", N_("Play, draw or pass"), all_fives_turn),
        Section("spinner", N_("The layout, the spinner and the ends total"), all_fives_spinner),
        Section("scoring", N_("Scoring in play"), all_fives_scoring),
        Section("hand-end", N_("The end of a hand"), all_fives_end),
        Section("winning", N_("Winning"), all_fives_winning),
    ),
    anchors=MappingProxyType({"turn": "turn", "round_end": "hand-end", "match_end": "winning"}),
)


# -- Fives and Threes -------------------------------------------------------------------------


def threes_intro(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "Fives and Threes is a game of dominoes in which you score during play, on the "
            "open ends of the line: a total divisible by five or by three scores, and the "
            "game is won by reaching exactly {target} points."
        ),
        target=FIVES_AND_THREES_TARGET,
    )


def threes_deal(ctx: RulesContext) -> Markup:
    return join(
        players(ctx),
        _p(
            ctx,
            N_(
                "Shuffle the tiles face down and deal seven to each of two players, five to "
                "each of three or four. The rest is set aside unseen and never used: nobody "
                "draws (F2)."
            ),
            N_(
                "A fair lot decides who leads the first hand; the lead then passes one seat "
                "clockwise each hand. Any tile may lead, and turns go clockwise (F3)."
            ),
        ),
    )


def threes_turn(ctx: RulesContext) -> Markup:
    return join(
        matching(ctx),
        _p(
            ctx,
            N_(
                "If you can play, you must. If you cannot, you knock: you pass your turn. "
                "Nobody knocks who can play (F4)."
            ),
            N_(
                "There is no spinner: the line has two ends, and a double is continued by "
                "matching its number (F5)."
            ),
        ),
    )


def threes_scoring(ctx: RulesContext) -> Markup:
    _ = ctx._
    rows = [[str(total), fives_and_threes_score(ctx, total)] for total in FIVES_AND_THREES_TOTALS]
    return join(
        ends_total(ctx),
        _p(
            ctx,
            N_(
                "A total divisible by five scores the total divided by five; a total "
                "divisible by three scores the total divided by three; a total divisible by "
                "both scores both (F7)."
            ),
        ),
        table(
            [_("Ends total"), _("Score")],
            rows,
            caption=_("What an ends total scores in Fives and Threes"),
            id="threes-table",
            class_="rules-table",
        ),
        *(
            diagram(
                ctx,
                item,
                lambda layout: fives_and_threes_score(ctx, layout.ends_total(), ends_sum(layout)),
            )
            for item in FIVES_AND_THREES_DIAGRAMS
        ),
    )


def threes_end(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "A hand ends when a player plays their last tile (chips out), or when nobody can "
            "play: the hand is blocked. With partnerships, the hand goes on until both "
            "partners of one side have chipped out, or nobody can play (F8)."
        ),
        N_(
            "Chipping out scores 1 point. A blocked hand scores no such point, and the pips "
            "left in the hands score nothing."
        ),
    )


def threes_winning(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "Points are pegged as they are made, and the game is won by reaching exactly "
            "{target}. A play whose points, its chip-out point included, would take a score "
            "past {target} scores nothing (F9)."
        ),
        target=FIVES_AND_THREES_TARGET,
    )


FIVES_AND_THREES_PAGE: Final = RulesPage(
    title=N_("How to play Fives and Threes"),
    intro=threes_intro,
    sections=(
        Section("deal", N_("Players, the deal and the lead"), threes_deal),
        Section("turn", N_("Play or knock"), threes_turn),
        Section("scoring", N_("The ends total and scoring in play"), threes_scoring),
        Section("hand-end", N_("The end of a hand"), threes_end),
        Section("winning", N_("Winning"), threes_winning),
    ),
    anchors=MappingProxyType({"turn": "turn", "round_end": "hand-end", "match_end": "winning"}),
)

DIAGRAMS: Final[Sequence[Diagram]] = (*ALL_FIVES_DIAGRAMS, *FIVES_AND_THREES_DIAGRAMS)

__all__ = [
    "ALL_FIVES_PAGE",
    "DIAGRAMS",
    "FIVES_AND_THREES_PAGE",
    "build_layout",
    "ends_sum",
]
