"""How the surfaces word a game of Draw: moves, the line, settlements, scores.

Shared by ``pegboard play`` and ``pegboard replay``, the terminal app and the web views.
The rules compute everything (what is legal, who scores, the arithmetic); this module only
puts it into words.
"""

from __future__ import annotations

from collections.abc import Sequence

from pegboard.draw import Action, DrawTile, Line, Play, RoundResult
from pegboard.draw.line import WORDS, language
from pegboard.draw.svg import chain_order
from pegboard.i18n.catalogs import Translator

Gettext = Translator


def chain_text(line: Line, _: Gettext) -> str:
    """The line as it lies, left to right, each tile turned so touching halves meet.

    ``[1|1][1|4][4|4][4|3]``: the two open ends are the outer numbers.
    """
    chain, _left, _right = chain_order(line)
    if not chain:
        return _("empty: any tile may open it")
    return "".join(f"[{item.left}|{item.right}]" for item in chain)


def open_ends_text(line: Line, lang: str) -> str:
    """The open ends in B4 order, with their notation: ``1 (1-1B), 3 (3-4L)``."""
    words = WORDS[language(lang)]
    return ", ".join(
        f"{end.value} ({end.notation}: {end.tile} {words[end.side]})" for end in line.open_ends()
    )


def move_text(action: Action, lang: str, _: Gettext) -> str:
    """What a move does, in words: ``[3|4] on [4|4] (line B, 4)``, ``open with [3|4]``."""
    if isinstance(action, Play):
        if action.end is None:
            return _("open the line with {tile}").format(tile=action.tile)
        end = action.end
        words = WORDS[language(lang)]
        return _("{tile} on {end_tile} ({side}, {value})").format(
            tile=action.tile, end_tile=end.tile, side=words[end.side], value=end.value
        )
    if isinstance(action, DrawTile):
        return _("draw a tile from the stock")
    return _("pass (no tile fits and the stock is down to two)")


def announce(
    seat: int,
    action: Action,
    lang: str,
    _: Gettext,
    human: int | None = None,
    drawn: str | None = None,
) -> str:
    """One seat's move as a sentence. A draw names its tile only when ``drawn`` is given.

    ``drawn`` is for the human's own draws during play, and for replays after the match.
    """
    you = seat == human
    if isinstance(action, Play):
        if action.end is None:
            text = (
                _("You open the line with {tile}.")
                if you
                else _("Seat {seat} opens the line with {tile}.")
            )
            return text.format(seat=seat, tile=action.tile)
        text = _("You play {move}.") if you else _("Seat {seat} plays {move}.")
        return text.format(seat=seat, move=move_text(action, lang, _))
    if isinstance(action, DrawTile):
        if drawn is None:
            text = _("You draw a tile.") if you else _("Seat {seat} draws a tile.")
        else:
            text = _("You draw {tile}.") if you else _("Seat {seat} draws {tile}.")
        return text.format(seat=seat, tile=drawn)
    text = _("You pass.") if you else _("Seat {seat} passes.")
    return text.format(seat=seat)


def scores_text(scores: Sequence[int], human: int | None, _: Gettext) -> str:
    """``seat 0 (you) 15 · seat 1 8``."""
    parts = []
    for seat, score in enumerate(scores):
        name = _("seat {seat}").format(seat=seat)
        if seat == human:
            name += " " + _("(you)")
        parts.append(f"{name} {score}")
    return " · ".join(parts)


def settlement_lines(result: RoundResult, human: int | None, _: Gettext) -> list[str]:
    """The end of a round: how it ended (D11), the hands and counts (D12), the settlement
    as arithmetic (D13, D14) and who scores."""
    lines = []
    if result.kind == "domino":
        assert result.winner is not None
        text = (
            _("You played the last tile of your hand: domino.")
            if result.winner == human
            else _("Seat {seat} played the last tile of the hand: domino.")
        )
        lines.append(text.format(seat=result.winner))
    else:
        lines.append(_("The round is blocked: the stock is down to two and nobody can play."))
    lines.append(_("Hands revealed:"))
    for seat, (hand, count) in enumerate(zip(result.hands, result.pip_counts, strict=True)):
        tiles = " ".join(str(t) for t in hand) or "—"
        name = _("seat {seat}").format(seat=seat)
        if seat == human:
            name += " " + _("(you)")
        lines.append(
            "  " + _("{name}: {tiles} (count {count})").format(name=name, tiles=tiles, count=count)
        )
    if result.winner is None:
        # Worded here, not taken from the engine's English ``arithmetic``.
        lines.append(
            _("Settlement: tied lowest count {count}: nobody scores.").format(
                count=min(result.pip_counts)
            )
        )
    else:
        text = (
            _("Settlement: {arithmetic} → you score {points}.")
            if result.winner == human
            else _("Settlement: {arithmetic} → seat {seat} scores {points}.")
        )
        lines.append(
            text.format(
                arithmetic=result.arithmetic,
                seat=result.winner,
                points=result.points[result.winner],
            )
        )
    return lines


def match_end_lines(
    scores: Sequence[int], winner: int | None, rounds: int, human: int | None, _: Gettext
) -> list[str]:
    """The end of a match (D17): the final scores, and the winner or a drawn match."""
    lines = [
        _.ngettext(
            "Match over after {rounds} round.", "Match over after {rounds} rounds.", rounds
        ).format(rounds=rounds)
    ]
    lines.append(_("Final scores: {scores}").format(scores=scores_text(scores, human, _)))
    if winner is None:
        lines.append(
            _("The match is drawn: the highest score, {score}, is shared (D17).").format(
                score=max(scores)
            )
        )
    elif winner == human:
        lines.append(_("You win the match with {score}.").format(score=scores[winner]))
    else:
        lines.append(
            _("Seat {seat} wins the match with {score}.").format(seat=winner, score=scores[winner])
        )
    return lines
