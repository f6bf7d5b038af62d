"""Cribbage as text for the full-screen client: cards, card boxes, the table, the board.

Pure functions of public information (the human's observation, the scores and the log),
kept apart from the widgets so that they can be read and tested on their own. Cards are
shown with their suit symbols, hearts and diamonds in red.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from pegboard.cribbage import Card
from pegboard.cribbage.cards import RANK_NAMES, SUIT_SYMBOLS
from pegboard.cribbage.events import (
    DOUBLE_SKUNK_LINE,
    LURCH_LINE,
    SKUNK_LINE,
    TARGET,
    ScoreEvent,
    side_of,
)
from pegboard.i18n import Translator

HUMAN = 0
BOARD_CELLS = 56
"""Holes in a row of the board: each stands for a little over two points of 121."""
RED_SUITS = frozenset({"H", "D"})
BACK = "░░░"
"""The back of a card: what is shown of a card nobody may see yet."""

_CARD_TOKEN = re.compile(r"(?<![\w♠♥♦♣])(10|[A2-9JQK])([SHDC])(?![\w♠♥♦♣])")


def card_name(card: Card) -> str:
    """``5♥``, ``10♠``, ``J♦``: rank and suit symbol."""
    return f"{RANK_NAMES[card.rank]}{SUIT_SYMBOLS[card.suit]}"


def card_style(card: Card) -> str:
    return "bold red" if card.suit in RED_SUITS else "bold"


def card_text(card: Card) -> Text:
    return Text(card_name(card), style=card_style(card))


def cards_line(cards: Sequence[Card]) -> Text:
    """Cards side by side, coloured by suit."""
    return Text(" ").join(card_text(card) for card in cards)


def with_symbols(text: str) -> str:
    """Every card written in notation (``5H``) in ``text``, written with its symbol
    (``5♥``): the log reads like the table."""
    return _CARD_TOKEN.sub(lambda m: m.group(1) + SUIT_SYMBOLS[m.group(2)], text)


def coloured(text: str) -> Text:
    """``text`` with every card in it (in notation or with its symbol) shown coloured."""
    plain = with_symbols(text)
    result = Text(plain)
    symbols = "".join(SUIT_SYMBOLS.values())
    for found in re.finditer(rf"(?<!\w)(10|[A2-9JQK])([{symbols}])", plain):
        suit = next(s for s, symbol in SUIT_SYMBOLS.items() if symbol == found.group(2))
        result.stylize("bold red" if suit in RED_SUITS else "bold", found.start(), found.end())
    return result


def card_box(
    card: Card | None,
    label: str = "",
    selected: bool = False,
    dim: bool = False,
    cursor: bool = False,
) -> list[Text]:
    """A card as a small box of three rows, five columns wide; ``label`` (a number) sits
    in the top border. ``None`` is a card face down. A card chosen for the crib is shown
    in reverse; one that may not be played now, dimmed; the cursor's card double-edged."""
    line = "═" if cursor else "─"
    left, right = ("╒", "╕") if cursor else ("┌", "┐")
    top = left + (label + line * 3)[:3] + right
    bottom = ("╘" if cursor else "└") + line * 3 + ("╛" if cursor else "┘")
    if card is None:
        face = Text("│" + BACK + "│")
    else:
        name = card_name(card)
        face = Text("│") + Text(f"{name:<3}", style=card_style(card)) + Text("│")
    rows = [Text(top), face, Text(bottom)]
    for row in rows:
        if selected:
            row.stylize("reverse")
        if dim:
            row.stylize("dim")
    return rows


def boxes_row(
    boxes: Sequence[list[Text]], labels: Sequence[tuple[int, str]] = (), gap: str = ""
) -> Text:
    """Boxes side by side in three rows; ``labels`` are (box index, words) put on the
    middle row before that box (and spaces above and below it)."""
    before = dict(labels)
    rows = [Text(), Text(), Text()]
    for index, box in enumerate(boxes):
        words = before.get(index)
        if words is not None:
            pad = " " * cell_len(words)
            rows[0].append(pad)
            rows[1].append(words)
            rows[2].append(pad)
        for row, part in zip(rows, box, strict=True):
            row.append_text(part)
            row.append(gap)
    for index, words in labels:
        if index >= len(boxes):  # words after the last box
            rows[1].append(words)
    return Text("\n").join(rows)


def table_text(starter: Card | None, count: int, pile: Sequence[Card], _: Translator) -> Text:
    """The table in three rows: the starter (face down before the cut, C3), the count
    and the cards of the current pegging sequence (C4)."""
    boxes = [card_box(starter)] + [card_box(card) for card in pile]
    labels = [(0, _("Starter") + " "), (1, "  " + _("Count {count}").format(count=count) + " ")]
    if not pile:
        labels[1] = (1, "  " + _("Count {count}").format(count=count))
    return boxes_row(boxes, labels, gap="")


def peg_board(
    fronts: Sequence[int],
    backs: Sequence[int],
    _: Translator,
    other: str | None = None,
    names: Sequence[str | None] | None = None,
    target: int = TARGET,
) -> list[str]:
    """One row of holes per player to ``target``, 121 (61 at five-card, C17; per side among
    four, C9): the front peg ``●`` at the score, the back peg ``○`` where the last score
    started (the two pegs leapfrog, C7's board); ``┊`` marks the double-skunk (61) and skunk
    (91) lines between two, or at five-card the lurch line (31). ``names``: each row's
    (None, or a row's None: "You" and ``other``)."""
    rows = []
    lines = (DOUBLE_SKUNK_LINE, SKUNK_LINE) if target == TARGET else (LURCH_LINE,)
    for seat, (front, back) in enumerate(zip(fronts, backs, strict=True)):
        given = names[seat] if names is not None else None
        default = _("You") if seat == HUMAN else (other or _("the bot"))
        name = default if given is None else given
        holes = ["·"] * BOARD_CELLS
        if len(fronts) == 2 and names is None:  # the skunks are the two-player game's
            for line in lines:
                holes[hole(line, target)] = "┊"
        front_hole = hole(front, target)
        if back > 0:
            # Two scores a hole apart share a hole at this scale: the back peg steps
            # behind, so that both pegs stay in sight.
            back_hole = hole(back, target)
            if back_hole == front_hole:
                back_hole = max(front_hole - 1, 0)
                front_hole = back_hole + 1
            holes[back_hole] = "○"
        if front > 0:
            holes[front_hole] = "●"
        padding = " " * max(0, 10 - cell_len(name))  # CJK letters take two columns
        rows.append(f"{name}{padding}|{''.join(holes)}| {front}/{target}")
    return rows


def hole(points: int, target: int = TARGET) -> int:
    return min(BOARD_CELLS - 1, (points - 1) * BOARD_CELLS // target) if points > 0 else 0


def pegs(
    log: Sequence[ScoreEvent], seats: int = 2, players: int | None = None
) -> tuple[list[int], list[int]]:
    """The front and back peg of each score after a game's ``log`` (``seats`` of them: a
    player's, or a side's among four ``players``, C9): the front at the score, the back
    where its last score started (0 before its second score)."""
    table = seats if players is None else players
    fronts = [0] * seats
    backs = [0] * seats
    for event in log:
        if event.points:
            where = side_of(table, event.seat)
            backs[where] = event.total - event.points
            fronts[where] = event.total
    return fronts, backs


def board_names(players: int, _: Translator) -> list[str | None] | None:
    """The rows of the board among three (you and the seats by number) or four (the sides
    by their seats, C9); None between two (the rows' usual names)."""
    if players == 2:
        return None
    if players == 4:
        return [
            _("seats {first}+{second}").format(first=side + 1, second=side + 3) for side in (0, 1)
        ]
    return [None, *(_("seat {seat}").format(seat=seat + 1) for seat in (1, 2))]  # None: "You"
