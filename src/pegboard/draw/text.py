"""How the surfaces word a game of Draw: moves, the line, settlements, scores.

Shared by ``pegboard play`` and ``pegboard replay``, the terminal app and the web views.
The rules compute everything (what is legal, who scores, the arithmetic) and tell it as
events (``pegboard.draw.narration``); this module only says those events (``say``) and lays
them out.
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.core.languages import language
from pegboard.dominoes.line import WORDS
from pegboard.dominoes.svg import chain_order
from pegboard.draw import Action, DrawTile, Line, RoundResult, narration
from pegboard.i18n.catalogs import Translator
from pegboard.i18n.narration import SeatName, say

Gettext = Translator


def chain_text(line: Line, _: Gettext) -> str:
    """The line as it lies, left to right, each tile turned so touching halves meet.

    ``[1|1][1|4][4|4][4|3]``: the two open ends are the outer numbers.
    """
    chain, _left, _right = chain_order(line)
    if not chain:
        return _("empty: any tile may open it")
    return "".join(f"[{item.left}|{item.right}]" for item in chain)


def open_ends_text(line: Line, _: Gettext) -> str:
    """The open ends in B4 order, with their notation: ``1 (1-1B), 3 (3-4L)``; the
    brackets and colon are the language's (zh's full-width), from the catalog."""
    words = WORDS[language(_.lang)]
    return ", ".join(
        _("{value} ({notation}: {tile} {side})").format(
            value=end.value, notation=end.notation, tile=end.tile, side=words[end.side]
        )
        for end in line.open_ends()
    )


def move_text(action: Action, lang: str, _: Gettext, block: bool = False) -> str:
    """What a move does, in words: ``[3|4] on [4|4] (line B, 4)``, ``open with [3|4]``; a
    pass of the Block game with ``block`` (D19)."""
    return say(narration.move(action, block), _, lang=lang)


def announce(
    seat: int,
    action: Action,
    lang: str,
    _: Gettext,
    human: int | None = None,
    drawn: str | None = None,
    block: bool = False,
) -> str:
    """One seat's move as a sentence. A draw names its tile only when ``drawn`` is given.

    ``drawn`` is for the human's own draws during play, and for replays after the match;
    ``block`` says a pass as the Block game's (D19).
    """
    if isinstance(action, DrawTile) and drawn is not None:
        event = narration.drew(seat, drawn)
    else:
        event = narration.played(seat, action, block)
    return _capital(say(event, _, _seat_namer(human, _), human, lang))


def _seat_namer(human: int | None, _: Gettext) -> SeatName:
    """Seats as these texts name them, counted from 1 as people count them (the library's
    seat 1 is ``seat 2``): the human's ``seat 1 (you)`` (a sentence about the human is said
    in the second person instead)."""

    def name(seat: int) -> str:
        text = _("seat {seat}").format(seat=seat + 1)
        # "(you)" with the name, as one message: zh writes 1号座位（你）, no space.
        return _("{name} (you)").format(name=text) if seat == human else text

    return name


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def scores_text(
    scores: Sequence[int], human: int | None, _: Gettext, partnerships: bool = False
) -> str:
    """``seat 1 (you): 15 · seat 2: 8`` (seats counted from 1; the colon the language's,
    so that a seat's number and its score never run together); in partnerships one score
    per side, partners named together: ``seat 1 (you) and seat 3: 15 · seat 2 and seat 4:
    8`` (D24)."""
    if partnerships:
        namer = _seat_namer(human, _)
        return " · ".join(
            _.labelled(
                _("{first} and {second}").format(first=namer(side), second=namer(side + 2)),
                scores[side],
            )
            for side in (0, 1)
        )
    parts = []
    for seat, score in enumerate(scores):
        name = _("seat {seat}").format(seat=seat + 1)
        if seat == human:
            name = _("{name} (you)").format(name=name)
        parts.append(_.labelled(name, score))
    return " · ".join(parts)


def partners_line(human: int | None, _: Gettext) -> str:
    """Who plays with whom at a table of partners (D21), said as a match begins."""
    name = _seat_namer(human, _)
    return _capital(
        _(
            "Partnerships: {first} and {second} against {third} and {fourth}, partners "
            "opposite; each side scores as one (D21, D24)."
        ).format(first=name(0), second=name(2), third=name(1), fourth=name(3))
    )


def settlement_lines(result: RoundResult, human: int | None, _: Gettext) -> list[str]:
    """The end of a round: how it ended (D11), the hands and counts (D12), the settlement
    as arithmetic (D13, D14) and who scores."""
    name = _seat_namer(human, _)
    lines = []
    for event in narration.settlement(result):
        text = say(event, _, name, human)
        lines.append("  " + text if event.template == narration.REVEALED else _capital(text))
    return lines


def match_end_lines(
    scores: Sequence[int],
    winner: int | None,
    rounds: int,
    human: int | None,
    _: Gettext,
    partnerships: bool = False,
) -> list[str]:
    """The end of a match (D17): the final scores, and the winner or a drawn match; in
    partnerships the side that won (D24)."""
    name = _seat_namer(human, _)
    return [
        _capital(say(event, _, name, human))
        for event in narration.match_end(scores, winner, rounds, partnerships)
    ]
