"""How to play Draw (docs/rules.md D1-D17, its Block game D18-D20, partnerships D21-D24 and
the double-nine set D25-D27): the page, its nine diagrams, a partnership hand settled by the
engine, and "try it".

Every diagram is drawn by the engine (``pegboard.draw.render_svg``) from a line built by
playing its tiles (``DIAGRAMS``), with the engine's title and structured description (B1-B5);
the worked scoring examples are the engine's settlement (``pegboard.draw.settle``).
``line_answer`` is the "try it" endpoint's work: a line rebuilt from at most ``MAX_PLAYS``
plays, or the rule that refuses one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from markupsafe import Markup

from pegboard.core import N_, IllegalActionError
from pegboard.dominoes.tiles import SIX
from pegboard.draw import End, Line, Round, RoundResult, Tile, render_svg, settle
from pegboard.draw import Play as PlaceTile
from pegboard.draw.match import target_for
from pegboard.draw.round import hand_size
from pegboard.i18n import Translator, describe_error
from pegboard.web.rules.page import (
    RulesContext,
    RulesPage,
    Section,
    element,
    join,
    lead_figure,
    paragraph,
    paragraphs,
    table,
)

Play = tuple[str, str | None]
"""A tile and the end it joins (``("1-1", "1-4L")``), None for the opening tile."""

MAX_PLAYS: Final = 28
"""The most plays "try it" rebuilds: a double-six set has 28 tiles (D1)."""

CAPTION: Final = N_("Markers show the available joining points.")
TITLE: Final = N_("Placed tile {tile}")
TRAY: Final = ("1-1", "4-4", "3-4", "5-5", "0-1")
"""The tiles "try it" offers under a diagram: some fit its markers, [5|5] fits none."""


@dataclass(frozen=True)
class Diagram:
    """One diagram of the page: its id, the plays that build its line, and the sentence
    that leads into it (``N_``)."""

    ident: str
    plays: tuple[Play, ...]
    lead: str
    tryable: bool = False


DIAGRAMS: Final = (
    Diagram("d-1-4", (("1-4", None),), N_("[1|4] opens the line: its ends take 1 and 4."), True),
    Diagram(
        "d-1-1",
        (("1-4", None), ("1-1", "1-4L")),
        N_(
            "[1|1] joins the end showing 1. The double lies crosswise; "
            "the open numbers are still 1 and 4."
        ),
    ),
    Diagram(
        "d-6-6",
        (("3-6", None), ("6-6", "3-6H")),
        N_("[6|6] joins the 6 of [3|6]. Play goes on from 3 or from 6; nothing branches."),
    ),
    Diagram(
        "d-0-0",
        (("0-0", None),),
        N_("A blank half matches only a blank half: both ends of [0|0] need a 0."),
    ),
    Diagram(
        "d-4-4",
        (("1-4", None), ("1-1", "1-4L"), ("4-4", "1-4H")),
        N_("The double [4|4] joins the 4 and stays in the line; the other open end shows 1."),
    ),
    Diagram(
        "d-3-4",
        (("1-4", None), ("1-1", "1-4L"), ("4-4", "1-4H"), ("3-4", "4-4B")),
        N_("[3|4] continues from [4|4]: the line's open numbers are now 1 and 3."),
    ),
    Diagram(
        "d-2-2",
        (("2-2", None),),
        N_(
            "The opening double [2|2] lies crosswise. Go on from either end showing 2; "
            "there are no branches."
        ),
        True,
    ),
    Diagram(
        "d-block",
        # Not the line of d-3-4 (a page's ids and names must each be one line's).
        (("1-4", None), ("4-4", "1-4H"), ("3-4", "4-4B")),
        N_(
            "The open numbers are 1 and 3. With [0|5], [2|6] and [5|6] in hand you hold no 1 "
            "and no 3: in the Block game you pass."
        ),
    ),
    Diagram(
        "d-nine",
        (("9-9", None), ("7-9", "9-9A"), ("8-9", "9-9B")),
        N_(
            "With the double-nine set, [7|9] and [8|9] join the double [9|9] as any tiles "
            "do: the open numbers are 7 and 8."
        ),
    ),
)
BY_ID: Final = MappingProxyType({d.ident: d for d in DIAGRAMS})


def build_line(plays: Sequence[Play]) -> Line:
    """The line the plays make, each checked by the engine (``IllegalActionError`` naming
    the rule, ``ValueError`` for a tile or an end it cannot read)."""
    line = Line()
    for tile, end in plays:
        line.play(Tile.parse(tile), None if end is None else End.parse(end))
    return line


def last_tile(line: Line) -> Tile | None:
    plays = line.plays()
    return plays[-1][0] if plays else None


def line_texts(line: Line, _: Translator) -> dict[str, str]:
    """The drawing of ``line`` and its texts in ``_``'s language: ``svg`` (markers on the
    legal continuation points), ``title``, ``caption`` and ``description`` (B1-B5)."""
    tile = last_tile(line)
    return {
        "svg": render_svg(line, markers=True, lang=_.lang),
        "title": _(TITLE).format(tile=tile) if tile is not None else line.title(_.lang),
        "caption": _(CAPTION),
        "description": line.describe(_.lang),
    }


def diagram(ctx: RulesContext, item: Diagram) -> Markup:
    """The diagram ``item`` as a figure, after its lead sentence."""
    texts = line_texts(build_line(item.plays), ctx._)
    extra = None
    attributes: dict[str, Any] = {}
    if item.tryable:
        attributes = {
            "data_try": f"/api/rules/{ctx.game.name}/try",
            "data_plays": _plays_json(item.plays),
        }
        extra = try_box(ctx, item.ident)
    return lead_figure(
        ctx._(item.lead),
        item.ident,
        texts["svg"],
        title=texts["title"],
        caption=texts["caption"],
        description=texts["description"],
        extra=extra,
        **attributes,
    )


def try_box(ctx: RulesContext, ident: str) -> Markup:
    """The "try it" controls of a diagram, hidden until rules_draw.js fills and shows them
    (their words in the page's language: the module has none of its own)."""
    _ = ctx._
    return element(
        "div",
        paragraph(
            _("Try it: choose a tile from the tray, then the joining point it goes on."),
            class_="try-help",
        ),
        element("div", role="group", aria_label=_("Tiles to place"), class_="tray"),
        element("div", role="group", aria_label=_("Joining points"), class_="ends"),
        element("button", _("Reset the diagram"), type="button", class_="reset"),
        paragraph(role="status", aria_live="polite", class_="try-status", id=f"{ident}-status"),
        class_="try",
        data_tray=" ".join(TRAY),
        hidden=True,
    )


def _plays_json(plays: Sequence[Play]) -> str:
    import json

    return json.dumps([list(p) for p in plays])


def line_answer(plays: Sequence[Play], _: Translator) -> tuple[int, dict[str, str]]:
    """The "try it" answer for ``plays``: 200 and the line's drawing and texts, or 422 and
    the refusal in words with its rule (``"... (D5)"``)."""
    if len(plays) > MAX_PLAYS:
        return 422, {"error": _("A line holds at most {n} tiles (D1).").format(n=MAX_PLAYS)}
    try:
        for text, _end in plays:
            tile = Tile.parse(text)
            if tile.high > SIX:  # "try it" lays the page's double-six tiles (D1, D25)
                raise IllegalActionError(
                    N_("{tile} is not a tile of the double-six set"), "D1", tile=tile
                )
        line = build_line(plays)
    except ValueError as error:  # IllegalActionError and WordedError are ValueErrors
        return 422, {"error": describe_error(error, _)}
    return 200, line_texts(line, _)


def try_answer(body: Any, _: Translator) -> tuple[int, dict[str, str]]:
    """``POST /api/rules/draw/try``: ``{"plays": [["1-4", null], ["1-1", "1-4L"]]}`` (at
    most ``MAX_PLAYS``, each a tile and the end it joins, null for the opening) -> the
    line's drawing and texts, or a translated refusal naming the rule."""
    plays = body.get("plays") if isinstance(body, dict) else None
    if not isinstance(plays, list):
        return 422, {"error": _(SHAPE)}
    if len(plays) > MAX_PLAYS:
        return line_answer(plays, _)  # refused for its length, before any work
    checked: list[Play] = []
    for play in plays:
        if (
            not isinstance(play, list)
            or len(play) != 2
            or not isinstance(play[0], str)
            or not (play[1] is None or isinstance(play[1], str))
            or len(play[0]) > 16
            or (play[1] is not None and len(play[1]) > 16)
        ):
            return 422, {"error": _(SHAPE)}
        checked.append((play[0], play[1]))
    return line_answer(checked, _)


SHAPE: Final = N_(
    'Each play is a tile and the end it joins, like ["1-1", "1-4L"] (null for the opening tile).'
)


# -- The page ------------------------------------------------------------------------------


_p = paragraphs


def intro(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "Draw is a game of dominoes for two to four players, each playing alone, offered "
            "as an extra outside the Fives family. Placing a tile scores nothing. You may "
            "draw even while you hold a playable tile, but the last two tiles of the stock "
            "are never drawn. Empty your hand, or win a blocked round, to score what is left "
            "in the other hands."
        ),
    )


def setup(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "Play with the 28 tiles of a double-six set, [0|0] to [6|6], and keep score on a "
            "cribbage board or on paper; every player has a score of their own. Shuffle the "
            "tiles face down and deal seven to each player when two or three play, six each "
            "when four play. Keep your tiles hidden. The others form the stock, and its last "
            "two tiles are never drawn."
        ),
        N_(
            "A fair lot decides who leads the first round; when it ties, it is repeated among "
            "the tied players only. The tiles you were dealt give no right to lead. The "
            "leader may open with any tile, and turns then go clockwise."
        ),
    )


def turn(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "On your turn, place one tile on either end of the line so that the touching "
            "halves show the same number. A blank half matches only another blank. Placing "
            "a tile ends your turn."
        ),
        N_(
            "While the stock holds more than two tiles you may draw, one tile at a time, even "
            "if you hold a playable tile. Drawing does not end your turn. You may go on "
            "drawing after you find a playable tile, then place any playable tile of your "
            "hand, not only the one you drew. With no playable tile you must draw, as long as "
            "drawing is allowed."
        ),
        N_(
            "When two tiles are left in the stock, nobody draws. Place a tile if you can; "
            "otherwise pass. You may not pass only because you would rather not place or "
            "draw. A pass that is allowed ends your turn."
        ),
    )


def the_line(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "The line has only two open ends. Doubles are laid crosswise, the opening one "
            "too, and no double makes a branch: a double is continued by matching its "
            "number. Placing tiles never scores, not the opening tile and not the last one; "
            "points are counted at the end of the round."
        ),
    )


def matching(ctx: RulesContext) -> Markup:
    return join(
        _p(
            ctx,
            N_(
                "Join equal numbers at one of the line's two ends. A tile placed scores "
                "nothing; the points come at the end of the round."
            ),
        ),
        *(diagram(ctx, BY_ID[i]) for i in ("d-1-4", "d-1-1", "d-6-6", "d-0-0")),
    )


def doubles(ctx: RulesContext) -> Markup:
    return join(
        _p(
            ctx,
            N_(
                "Doubles lie crosswise in the same two-ended line. Continue one by matching "
                "its number; no double opens a side branch."
            ),
        ),
        *(diagram(ctx, BY_ID[i]) for i in ("d-4-4", "d-3-4", "d-2-2")),
    )


def scoring(ctx: RulesContext) -> Markup:
    # The worked examples, settled by the engine (D13, D14).
    blocked = settle((3, 8, 10))[0]
    shared = settle((3, 3, 10))
    return join(
        _p(
            ctx,
            N_(
                "A round ends when a player places the last tile of their hand, or when the "
                "stock is down to two tiles and every player, unable to play, passes: the "
                "round is blocked. The hands are then shown and counted, both halves of every "
                "tile: [6|6] counts 12 and [0|0] counts nothing. The two tiles left in the "
                "stock are nobody's hand."
            ),
        ),
        _p(
            ctx,
            N_(
                "The player who emptied their hand scores the sum of all the opponents' "
                "counts. An opponent's [0|0] does not tie with an empty hand: with opponents "
                "at zero and eight, the winner scores 8."
            ),
            # Written out as the seed pages write it (docs/rules.md, "Sources"): the counts
            # in words, the score a constant that tests/web/test_seed_pages.py settles.
        ),
        _p(
            ctx,
            N_(
                "Counts are compared only in a blocked round. The single player with the "
                "lowest count scores the opponents' total minus their own count, once: with "
                "{a}, {b} and {c}, the lowest scores {sum}."
            ),
            a=3,
            b=8,
            c=10,
            sum=f"8 + 10 \u2212 3 = {blocked}",
        ),
        _p(
            ctx,
            N_(
                "When the lowest count is shared, nobody scores: {a}, {b} and {c} give no "
                "prize. There is no extra prize with three players."
            ),
            a=3,
            b=3,
            c=10,
        )
        if not any(shared)
        else Markup(""),
        _p(
            ctx,
            N_(
                "Record the exact value: no rounding and no dividing by five. Raw and shown "
                "points are the same, and the opponents' earlier scores are not reduced."
            ),
        ),
    )


def match(ctx: RulesContext) -> Markup:
    return _p(
        ctx,
        N_(
            "The lead passes one seat clockwise from the player who led the round before, "
            "not from its winner. Shuffle and deal again."
        ),
        N_(
            "Once a round is fully settled, a player who reaches or passes {two} points with "
            "two players, or {more} with three or four, wins the match; points past the "
            "target are kept. When the top score that reaches the target is shared, the match "
            "is drawn, with no tournament margins. Pagat records these individual rules of "
            "Draw."
        ),
        two=target_for(2),
        more=target_for(3),
    )


def block(ctx: RulesContext) -> Markup:
    # D18-D20: the option `block` of a Draw table (its lobby label says "Block game").
    return join(
        _p(
            ctx,
            N_(
                "The Block game is Draw without drawing, chosen in a table's options. Deal as "
                "in Draw; the tiles not dealt are set aside face down. They sleep: nobody "
                "draws them, nobody sees them, and they count for nobody."
            ),
            N_(
                "On your turn, place a tile if you can; a player who can place a tile must. "
                "Otherwise pass. When every player in turn has passed, the round is blocked "
                "and is settled as in Draw, by the lowest count."
            ),
        ),
        diagram(ctx, BY_ID["d-block"]),
    )


# A partnership round (D22) played to its end by the engine: seat 1 (index 0) places its last
# tile; the opponents keep [1|4] and [2|6] (5 and 8), the partner [4|6] (10, not counted).
PARTNER_HANDS: Final = (("3-3",), ("1-4",), ("4-6",), ("2-6",))
PARTNER_LINE: Final = (("3-5", None),)
PARTNER_STOCK: Final = ("0-0", "6-6")  # the last two tiles, never drawn (D6)
BLOCKED_COUNTS: Final = (3, 5, 4, 8)
"""A blocked partnership hand's counts by seat (D23): sides of 3 + 4 and 5 + 8."""


def partnership_hand() -> RoundResult:
    """The settled example round: seat 1 out, its side scoring the opponents' counts."""
    hands = [[Tile.parse(text) for text in hand] for hand in PARTNER_HANDS]
    round_ = Round.from_position(
        hands,
        [Tile.parse(text) for text in PARTNER_STOCK],
        current=0,
        line=build_line(PARTNER_LINE),
        partnerships=True,
    )
    round_.apply(next(a for a in round_.legal_actions() if isinstance(a, PlaceTile)))
    if round_.result is None:  # pragma: no cover - the position above ends the hand
        raise AssertionError("the example hand does not end")
    return round_.result


def partnership_table(ctx: RulesContext, result: RoundResult) -> Markup:
    """The settled round as a table: each seat's side, tiles left, count and points."""
    _ = ctx._
    rows = [
        [
            _("Seat {number}").format(number=seat + 1),
            _("Seats {first} and {second}").format(first=seat % 2 + 1, second=seat % 2 + 3),
            " ".join(str(tile) for tile in hand) or "\u2014",
            str(count),
            str(points),
        ]
        for seat, (hand, count, points) in enumerate(
            zip(result.hands, result.pip_counts, result.points, strict=True)
        )
    ]
    return table(
        [_("Player"), _("Side"), _("Tiles left"), _("Pip count"), _("Points")],
        rows,
        caption=_("A partnership round after seat 1 places their last tile"),
        id="partnership-table",
        class_="rules-table",
    )


def partnerships(ctx: RulesContext) -> Markup:
    # D21-D24: the option `partnerships` of a Draw table for four, in Draw or in Block.
    example = partnership_hand()
    counts = example.pip_counts
    blocked = settle(BLOCKED_COUNTS, partnerships=True)
    a, b = BLOCKED_COUNTS[0] + BLOCKED_COUNTS[2], BLOCKED_COUNTS[1] + BLOCKED_COUNTS[3]
    return join(
        _p(
            ctx,
            N_(
                "Four players may play Draw, or the Block game, in partnerships, chosen in a "
                "table's options: two sides of two partners. Partners sit opposite, seats 1 "
                "and 3 against seats 2 and 4, so the turn passes from one side to the other. "
                "Play is unchanged, and partners do not see each other's tiles."
            ),
            N_(
                "The round ends as soon as either partner places their last tile. Their side "
                "scores the sum of the two opponents' counts; the partner's own count is "
                "neither added nor subtracted."
            ),
        ),
        paragraph(
            ctx._(
                N_(
                    "Seat 1 places their last tile. The opponents' counts are {first} and "
                    "{second}, and the side of seats 1 and 3 scores {sum}; seat 3's count, "
                    "{ignored}, is ignored."
                )
            ).format(first=counts[1], second=counts[3], sum=example.arithmetic, ignored=counts[2]),
            class_="lead",
        ),
        partnership_table(ctx, example),
        _p(
            ctx,
            N_(
                "In a blocked round each side adds its two partners' counts. The side with the "
                "lower total scores the opponents' total, its own not subtracted: with sides "
                "of {a} and {b}, the first side scores {sum}. Equal totals score nothing."
            ),
            a=f"{BLOCKED_COUNTS[0]} + {BLOCKED_COUNTS[2]} = {a}",
            b=f"{BLOCKED_COUNTS[1]} + {BLOCKED_COUNTS[3]} = {b}",
            sum=blocked[0],
        ),
        _p(
            ctx,
            N_(
                "Each side keeps one score, which both partners share. The first side whose "
                "score reaches or passes {target} once a round is fully settled wins the "
                "match; the points past the target are kept."
            ),
            target=target_for(4, partnerships=True),
        ),
    )


def double_nine(ctx: RulesContext) -> Markup:
    # D25-D27: the option `set` of a Draw table (its lobby label says "Domino set").
    each = hand_size(2, 9)
    return join(
        _p(
            ctx,
            N_(
                "A table may be played with the double-nine set, chosen in its options: the "
                "{tiles} tiles [0|0] to [9|9], each number on ten of them. Everything else is "
                "as with the double-six set: the lot and the lead, the line, the turns, the "
                "Block game, partnerships, the counts and the scores. [9|9] counts 18."
            ),
            tiles=55,
        ),
        _p(
            ctx,
            N_(
                "Each player is dealt {each} tiles, whether two, three or four play; the "
                "stock holds the rest: {two}, {three} or {four} tiles."
            ),
            each=each,
            two=55 - 2 * hand_size(2, 9),
            three=55 - 3 * hand_size(3, 9),
            four=55 - 4 * hand_size(4, 9),
        ),
        diagram(ctx, BY_ID["d-nine"]),
        _p(
            ctx,
            N_(
                "A double-nine table shows no chances of winning: they are computed for the "
                "double-six set only."
            ),
        ),
    )


PAGE: Final = RulesPage(
    title=N_("How to play {game}"),  # the registry's name, as the lobby says it
    intro=intro,
    sections=(
        Section("setup", N_("Setting up and the lot"), setup),
        Section("turn", N_("Place, draw or pass"), turn),
        Section(
            "line",
            N_("The line and its doubles"),
            the_line,
            (
                Section("matching", N_("Matching values"), matching),
                Section("doubles", N_("Doubles stay in line"), doubles),
            ),
        ),
        Section("scoring", N_("End of the round and scoring"), scoring),
        Section("match", N_("The next round and the match"), match),
        Section("block", N_("The Block game: no drawing"), block),
        Section("partnerships", N_("Partnerships for four players"), partnerships),
        Section("double-nine", N_("The double-nine set"), double_nine),
    ),
    scripts=("games/rules_draw.js",),
    anchors=MappingProxyType({"turn": "turn", "round_end": "scoring", "match_end": "match"}),
    try_answer=try_answer,
)
