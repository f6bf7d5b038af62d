"""How the text surfaces show a layout of the Fives family (All Fives' spinner included).

Shared by the command line's plain mode and the terminal app (neither imports the other):
the layout laid out as text, the line from one end to the other with each tile turned so
that touching halves meet, and a spinner's two arms across it. The rules place the tiles
and count the ends (``pegboard.fives.Layout``); this module only lays them out.

>>> from pegboard.fives import End, Layout, Tile
>>> layout = Layout(spinner=True)
>>> _ = layout.play(Tile(5, 5))
>>> _ = layout.play(Tile(2, 5), End(Tile(5, 5), "A"))
>>> _ = layout.play(Tile(5, 6), End(Tile(5, 5), "B"))
>>> _ = layout.play(Tile(1, 5), End(Tile(5, 5), "C"))
>>> cross(layout).line_text()
'[2|5][5|5][5|6]'
>>> cross(layout).arm_text("C"), cross(layout).arm_text("D")
('[5|1]', '')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from pegboard.dominoes.line import End, Line
from pegboard.dominoes.tiles import Tile
from pegboard.fives import Layout, Play, narration
from pegboard.fives.hand import FivesObservation
from pegboard.fives.match import FivesMatchObservation
from pegboard.i18n.catalogs import Translator
from pegboard.i18n.narration import SeatName, say

Piece = tuple[int, int]
"""A tile as it lies: the number nearer the start of its arm first."""

ARMS: Final = ("C", "D")


@dataclass(frozen=True)
class Cross:
    """A layout as it lies: ``line`` left to right, and a spinner's arms outwards from it
    (``arms["C"]``, ``arms["D"]``; empty before a tile is played there)."""

    line: list[Piece]
    spinner: Tile | None = None
    arms: dict[str, list[Piece]] = field(default_factory=dict)

    def line_text(self) -> str:
        return "".join(f"[{a}|{b}]" for a, b in self.line)

    def arm_text(self, arm: str) -> str:
        return "".join(f"[{a}|{b}]" for a, b in self.arms.get(arm, []))


def _free(end: End) -> End:
    """The end of a placed tile opposite the one it was joined by."""
    tile = end.tile
    if tile.is_double:
        return End(tile, "B" if end.side == "A" else "A")
    return End(tile, "low" if end.side == "high" else "high")


def _outwards(start: End, joined: dict[End, End]) -> list[Piece]:
    """The tiles joined one after another from ``start`` outwards, each as it lies."""
    pieces: list[Piece] = []
    end = start
    while end in joined:
        new = joined[end]
        free = _free(new)
        pieces.append((new.value, free.value))
        end = free
    return pieces


def cross(layout: Line) -> Cross:
    """``layout`` as it lies (a Draw line too: it has no spinner). The opening tile lies
    with its low end (line A for a double) to the left, as Draw's chain does."""
    tiles = layout.tiles
    if not tiles:
        return Cross([])
    joined = {joint.existing: joint.new for joint in layout.joints}
    first = tiles[0]
    left_end = End(first, "A") if first.is_double else End(first, "low")
    right_end = End(first, "B") if first.is_double else End(first, "high")
    left = [(b, a) for a, b in reversed(_outwards(left_end, joined))]
    line = [*left, (first.low, first.high), *_outwards(right_end, joined)]
    spinner: Tile | None = getattr(layout, "spinner", None)
    arms: dict[str, list[Piece]] = {}
    if spinner is not None:
        arms = {arm: _outwards(End(spinner, arm), joined) for arm in ARMS}
    return Cross(line, spinner, arms)


def layout_lines(layout: Line, lang: str, _: Translator) -> list[str]:
    """The layout in words: B5's description (``describe``), then as it lies: the line
    from end to end and a spinner's arms across it."""
    lines = [_("Layout: {description}").format(description=layout.describe(lang))]
    laid = cross(layout)
    if not laid.line:
        lines.append(_("Line: empty: any tile may lead"))
        return lines
    lines.append(_("Line: {tiles}").format(tiles=laid.line_text()))
    if laid.spinner is not None:
        empty = _("no tile yet")
        lines.append(
            _("Spinner {spinner}: arm C {arm_c} · arm D {arm_d}").format(
                spinner=laid.spinner,
                arm_c=laid.arm_text("C") or empty,
                arm_d=laid.arm_text("D") or empty,
            )
        )
    return lines


def open_ends_line(layout: Line, lang: str, _: Translator) -> str:
    """The open ends in B4 order, each with its notation: ``2 (2-5L), 5 (5-5C)``."""
    words = layout.words(lang)
    ends = ", ".join(
        _("{value} ({notation}: {tile} {side})").format(
            value=end.value, notation=end.notation, tile=end.tile, side=words[end.side]
        )
        for end in layout.open_ends()
    )
    return _("Open ends: {ends}").format(ends=ends or words["none"])


def tiles_text(tiles: Sequence[Tile]) -> str:
    return " ".join(str(tile) for tile in tiles)


def ends_total_line(layout: Layout, _: Translator) -> str:
    """The ends total (F6) as its sum: ``Ends total: 2 + 5 + 10 = 17``."""
    counts = layout.end_counts()
    total = layout.ends_total()
    if len(counts) > 1:
        return _("Ends total: {sum} = {total}").format(
            sum=" + ".join(map(str, counts)), total=total
        )
    return _("Ends total: {total}").format(total=total)


def last_play_line(
    view: FivesObservation, _: Translator, name: SeatName, reader: int | None = None
) -> str | None:
    """The hand's last play and its points with their arithmetic, as the rules tell them
    (``pegboard.fives.narration``); None before the first play."""
    for move in reversed(view.history):
        if move.total is None:
            continue
        said = say(narration.played(move.seat, move.action, view.rules), _, name, reader)
        # the layout changed last with this play: its ends now are the ends it scored on
        events = narration.score(move, view.layout.end_counts(), view.rules)
        points = " ".join(say(event, _, name, reader) for event in events) or _("No points.")
        return _("Last play: {play} {points}").format(play=said, points=points)
    return None


def move_words(
    view: FivesObservation, action: Any, _: Translator, name: SeatName, reader: int | None
) -> str:
    """Where a tile goes, as the log says it (``[2|5] on [5|5] (spinner arm C, 5)``,
    ``lead [5|5]``); a draw or a pass as the log says it."""
    if not isinstance(action, Play):
        return say(narration.played(view.seat, action, view.rules), _, name, reader)
    if action.end is None:
        return _("lead {tile}").format(tile=action.tile)
    return say(narration.draw_move(action), _, name, reader)


def choice_line(
    view: FivesObservation, action: Any, _: Translator, name: SeatName, reader: int | None
) -> str:
    """A legal move in words, as the log says where a tile goes (``[2|5] on [5|5]
    (spinner arm C, 5)``), and for a play what the ends would total after it and the
    points that total scores (F6, F7): ``...: ends 5 + 5 = 10, 10 points``. A draw or a
    pass as the log says it. From the seat's own view: the layout is public."""
    move = move_words(view, action, _, name, reader)
    if not isinstance(action, Play):
        return move
    layout = view.layout.copy()
    layout.play(action.tile, action.end)
    counts = layout.end_counts()
    points = view.rules.points(sum(counts))
    worth = _.ngettext("{points} point", "{points} points", points).format(points=points)
    if len(counts) == 1:  # a lead: its one end, no sum to write
        return _("{move}: ends {total}, {worth}").format(move=move, total=counts[0], worth=worth)
    return _("{move}: ends {terms} = {total}, {worth}").format(
        move=move, terms=narration.terms(counts), total=sum(counts), worth=worth
    )


def scores_line(observation: FivesMatchObservation, _: Translator, name: SeatName) -> str:
    """Every side's score against the target (F9): ``Seat 1 & Seat 3: 40 · ...``."""
    rules = observation.rules
    parts = [
        _.labelled(" & ".join(name(seat) for seat in side), observation.side_scores[index])
        for index, side in enumerate(rules.sides)
    ]
    return _("Scores (game to {target}): {scores}").format(
        target=observation.target, scores=" · ".join(parts)
    )


def view_lines(
    observation: FivesMatchObservation,
    lang: str,
    _: Translator,
    name: SeatName,
    reader: int | None = None,
) -> list[str]:
    """A seat's turn as text, from its observation alone: the layout (described and laid
    out), its ends and their total, the seat's own hand, every seat's hand size, the
    boneyard, the scores by side and the last play's points (``reader``: the seat said
    in the second person)."""
    view = observation.hand
    layout = view.layout
    lines = layout_lines(layout, lang, _)
    if not layout.is_empty:
        lines.append(open_ends_line(layout, lang, _))
        lines.append(ends_total_line(layout, _))
    lines.append(_("Your hand: {tiles}").format(tiles=tiles_text(view.hand) or "-"))
    # Each seat's count said with its name as the language says it ("seat 2: 7"): a name
    # and a figure side by side ran together ("seat 2 7 · seat 3 6", issue 41's review).
    sizes = " · ".join(
        _.labelled(name(seat), size)
        for seat, size in enumerate(view.hand_sizes)
        if seat != view.seat
    )
    lines.append(_("Tiles in hand: {sizes}").format(sizes=sizes))
    lines.append(
        _.ngettext(
            "Boneyard: {count} tile, {drawable} of them to draw",
            "Boneyard: {count} tiles, {drawable} of them to draw",
            view.boneyard_count,
        ).format(count=view.boneyard_count, drawable=view.drawable)
    )
    lines.append(scores_line(observation, _, name))
    last = last_play_line(view, _, name, reader)
    if last is not None:
        lines.append(last)
    return lines
