"""How to play All Fives and Fives and Threes (docs/rules.md F1-F9): one page per game.

Both pages state the Fives family's rules for players, in every language of the catalogs.
Their diagrams, drawn and scored by the engine, are ``pegboard.fives.looks.rules_diagrams``'s
(kept importable from here); the rounding examples of F8 are ``round_to_five``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import MappingProxyType
from typing import Any, Final

from markupsafe import Markup

from pegboard.core import N_
from pegboard.fives import Layout, Tile
from pegboard.fives.description import ALL_FIVES_GAME, FIVES_AND_THREES_GAME
from pegboard.fives.looks import rules_try
from pegboard.fives.looks.rules_diagrams import (
    ALL_FIVES_DIAGRAMS,
    CAPTION,
    FIVES_AND_THREES_DIAGRAMS,
    Diagram,
    Play,
    all_fives_score,
    build_layout,
    diagram,
    diagrams,
    ends_sum,
    fives_and_threes_score,
    threes_layout_score,
)
from pegboard.fives.scoring import all_fives_points, round_to_five
from pegboard.i18n import Translator
from pegboard.web.rules.page import (
    RulesContext,
    RulesPage,
    Section,
    combined,
    join,
    paragraphs,
    prose,
    table,
)

ALL_FIVES_TARGETS: Final = (250, 200)
"""F9: All Fives is won at 250 points with 2 players, 200 with 3 or 4."""
BY_FIVES_TARGET: Final = 61
FIVES_AND_THREES_TARGET: Final = 61
FIVES_AND_THREES_TOTALS: Final = (3, 5, 6, 9, 10, 12, 15, 18, 20)
"""The totals F7 gives as examples for Fives and Threes, scored on the page by the engine."""
ROUNDING: Final = (7, 8, 2)
"""F8's rounding examples: 7 -> 5, 8 -> 10, [1|1] 2 -> 0."""
ANCHORS: Final = MappingProxyType({"turn": "turn", "round_end": "hand-end", "match_end": "winning"})
"""The moments of a hand the play page links to, for both games."""

_p = paragraphs

SCRIPT: Final = "games/rules_fives.js"
"""The pages' "try it" (``looks/static/rules_fives.js``, served under ``/static/``)."""


# -- Shared by both pages -----------------------------------------------------------------------


players = prose(
    N_(
        "Play with the 28 tiles of a double-six set, [0|0] to [6|6], by two, three or "
        "four players. With two or three, everyone plays alone. With four, the usual "
        "game is two partnerships, partners sitting opposite each other and sharing one "
        "score; four may also play each alone (F1)."
    ),
)


matching = prose(
    N_(
        "On your turn, place one tile so that the touching halves show the same number, "
        "as in every domino game; a blank half matches only a blank half. Doubles are "
        "laid crosswise (F5)."
    ),
)


ends_total = prose(
    N_(
        "After every tile placed, the lead included, add up the pips at the open end of "
        "every arm of the layout. A non-double counts its free number. A double lying "
        "crosswise at the end of an arm, nothing yet against its far side, counts both "
        "halves. A lone lead counts both its halves: [4|1] counts 5 and [5|5] counts 10 "
        "(F6)."
    ),
)


# -- All Fives ------------------------------------------------------------------------------


all_fives_intro = prose(
    N_(
        "All Fives is a game of dominoes in which you score during play: whenever the "
        "open ends of the layout add up to a multiple of five, the player who placed the "
        "tile scores that many points. The first double played is the spinner, from "
        "which the layout may grow in four directions."
    ),
)


all_fives_deal = combined(
    players,
    prose(
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


all_fives_turn = combined(
    matching,
    prose(
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


all_fives_spinner = combined(
    prose(
        N_(
            "The first double played, as the lead or later, and only that one, is the "
            "spinner. The line runs through its two sides; once both sides hold a tile, "
            "its two ends may be played on as well, so the layout has up to four arms. "
            "Every other double stays in line, continued by matching its number (F5)."
        ),
    ),
    ends_total,
    prose(
        N_(
            "The spinner counts both its halves while at most one of its sides holds a "
            "tile. Once both sides hold a tile it counts nothing itself, and each arm "
            "started on its ends adds that arm's open end (F6)."
        ),
    ),
    diagrams(ALL_FIVES_DIAGRAMS, all_fives_score),
)


all_fives_scoring = prose(
    N_(
        "When the ends total after your tile is a multiple of five, you (or your "
        "partnership) score that many points at once: 5, 10, 15, 20 and so on. A lead of "
        "[5|5] scores {lead}. Any other total scores nothing (F7)."
    ),
    lead=all_fives_points(Layout.from_plays([(Tile(5, 5), None)], spinner=True).ends_total()),
)


all_fives_end = prose(
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
    seven=ROUNDING[0],
    seven_r=round_to_five(ROUNDING[0]),
    eight=ROUNDING[1],
    eight_r=round_to_five(ROUNDING[1]),
    two=ROUNDING[2],
    two_r=round_to_five(ROUNDING[2]),
)


all_fives_winning = prose(
    N_(
        "Points are pegged as they are made. The first to reach {two} points with two "
        "players, or {more} with three or four, wins at once, even in the middle of a "
        "hand (F9)."
    ),
    N_(
        "An option for a cribbage board: every score is divided by five (a 15 pegs 3) "
        "and the game is to {target}."
    ),
    two=ALL_FIVES_TARGETS[0],
    more=ALL_FIVES_TARGETS[1],
    target=BY_FIVES_TARGET,
)


def all_fives_try(body: Any, _: Translator) -> tuple[int, dict[str, Any]]:
    """``POST /api/rules/all_fives/try``: a placement of the hand on the first spinner
    diagram, scored in multiples of five (``rules_try``)."""
    return rules_try.answer(ALL_FIVES_DIAGRAMS[0], all_fives_score, ALL_FIVES_GAME, body, _)


ALL_FIVES_PAGE: Final = RulesPage(
    title=N_("How to play {game}"),  # the registry's name, as the lobby says it
    intro=all_fives_intro,
    sections=(
        Section("deal", N_("Players, the deal and the lead"), all_fives_deal),
        Section("turn", N_("Play, draw or pass"), all_fives_turn),
        Section("spinner", N_("The layout, the spinner and the ends total"), all_fives_spinner),
        Section("scoring", N_("Scoring in play"), all_fives_scoring),
        Section("hand-end", N_("The end of a hand"), all_fives_end),
        Section("winning", N_("Winning"), all_fives_winning),
    ),
    anchors=ANCHORS,
    scripts=(SCRIPT,),
    try_answer=all_fives_try,
)


# -- Fives and Threes -------------------------------------------------------------------------


threes_intro = prose(
    N_(
        "Fives and Threes is a game of dominoes in which you score during play, on the "
        "open ends of the line: a total divisible by five or by three scores, and the "
        "game is won by reaching exactly {target} points."
    ),
    target=FIVES_AND_THREES_TARGET,
)


threes_deal = combined(
    players,
    prose(
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


threes_turn = combined(
    matching,
    prose(
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
        diagrams(FIVES_AND_THREES_DIAGRAMS, threes_layout_score)(ctx),
    )


threes_end = prose(
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


threes_winning = prose(
    N_(
        "Points are pegged as they are made, and the game is won by reaching exactly "
        "{target}. A play whose points, its chip-out point included, would take a score "
        "past {target} scores nothing (F9)."
    ),
    target=FIVES_AND_THREES_TARGET,
)


def fives_and_threes_try(body: Any, _: Translator) -> tuple[int, dict[str, Any]]:
    """``POST /api/rules/fives_and_threes/try``: a placement of the hand on the diagram's
    line, scored by fives and threes (``rules_try``)."""
    return rules_try.answer(
        FIVES_AND_THREES_DIAGRAMS[0], threes_layout_score, FIVES_AND_THREES_GAME, body, _
    )


FIVES_AND_THREES_PAGE: Final = RulesPage(
    title=N_("How to play {game}"),  # the registry's name, as the lobby says it
    intro=threes_intro,
    sections=(
        Section("deal", N_("Players, the deal and the lead"), threes_deal),
        Section("turn", N_("Play or knock"), threes_turn),
        Section("scoring", N_("The ends total and scoring in play"), threes_scoring),
        Section("hand-end", N_("The end of a hand"), threes_end),
        Section("winning", N_("Winning"), threes_winning),
    ),
    anchors=ANCHORS,
    scripts=(SCRIPT,),
    try_answer=fives_and_threes_try,
)

DIAGRAMS: Final[Sequence[Diagram]] = (*ALL_FIVES_DIAGRAMS, *FIVES_AND_THREES_DIAGRAMS)

__all__ = [
    "ALL_FIVES_DIAGRAMS",
    "ALL_FIVES_PAGE",
    "CAPTION",
    "DIAGRAMS",
    "FIVES_AND_THREES_DIAGRAMS",
    "FIVES_AND_THREES_PAGE",
    "Diagram",
    "Play",
    "all_fives_score",
    "build_layout",
    "diagram",
    "ends_sum",
    "fives_and_threes_score",
]
