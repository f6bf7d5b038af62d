"""The view of a match of the Fives family, All Fives and Fives and Threes (docs/web.md,
"The Fives family"). Both games' look ``web`` is ``fives_view``, their page module
``looks/static/fives.js``.

Everything comes from ``match.observation(seat)`` (the hand in play as that seat may know
it: its own tiles, the layout, the sizes of the hands and of the boneyard, the public
history) and the match's public facts: the rules, the scores and the finished hands (their
leader, public actions and result, which reveals the hands, F8). The public view (a
spectator) is built from the whitelist ``seen`` with the seat's own tiles and legal moves
left out. What a play scored, and why, is the engine's narration
(``pegboard.fives.narration``) said in the page's language.

A finished hand's moves (for the log and for the points of the play that ended it) are its
public history, which the match keeps with it (``FinishedHand.history``: seat, action, ends
total, points): nothing is replayed.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.core import Event
from pegboard.dominoes.actions import Action, DrawTile, Pass, Play
from pegboard.dominoes.board import one_choice
from pegboard.dominoes.tiles import Tile
from pegboard.fives import narration
from pegboard.fives.hand import FivesMove, FivesObservation, HandResult
from pegboard.fives.layout import Layout
from pegboard.fives.match import FinishedHand, FivesMatch
from pegboard.fives.rules import FivesRules
from pegboard.i18n import Translator, say
from pegboard.web.track import track_svg
from pegboard.web.views_common import common

try:  # the layout drawn with its spinner's cross (pegboard.fives.svg)
    from pegboard.fives.svg import layout_board
    from pegboard.fives.svg import render_layout_svg as _render_layout
except ImportError:  # pragma: no cover - until the drawing lands: Draw's line drawing
    from pegboard.dominoes.board import line_board
    from pegboard.dominoes.svg import render_svg as _render_line

    def _render_layout(layout: Layout, markers: bool = True, lang: str = "en") -> str:
        return _render_line(layout, markers=markers, lang=lang)

    def layout_board(layout: Layout) -> dict[str, Any] | None:
        return line_board(layout)


@dataclass(frozen=True, slots=True)
class FivesSeen:
    """The parts of a hand's observation a view may show: the public ones, and the hand
    and legal moves of the seat itself (empty in the public view)."""

    seat: int | None
    rules: FivesRules
    current: int | None
    leader: int
    hand: tuple[Tile, ...]
    plays: tuple[tuple[Tile, Any], ...]
    hand_sizes: tuple[int, ...]
    boneyard_count: int
    drawable: int
    scores: tuple[int, ...]
    history: tuple[FivesMove, ...]
    legal: tuple[Action, ...]
    result: HandResult | None


def seen(observation: FivesObservation, seat: int | None) -> FivesSeen:
    """What the view of ``seat`` may use; with ``seat`` None, the public fields only (a
    whitelist: the hand and the legal moves are never copied)."""
    private = seat is not None and seat == observation.seat
    return FivesSeen(
        seat=seat if private else None,
        rules=observation.rules,
        current=observation.to_play,
        leader=observation.leader,
        hand=observation.hand if private else (),
        plays=tuple(observation.layout.plays()),
        hand_sizes=observation.hand_sizes,
        boneyard_count=observation.boneyard_count,
        drawable=observation.drawable,
        scores=observation.scores,
        history=observation.history,
        legal=observation.legal if private else (),
        result=observation.result,
    )


def tile_text(tile: Tile) -> str:
    """A tile as the page's notation: ``2-3``."""
    return f"{tile.low}-{tile.high}"


@dataclass(frozen=True, slots=True)
class Told:
    """One hand's public story: its leader, its moves with the terms of the ends total
    after each play (F6), and its result once over."""

    number: int
    leader: int
    moves: tuple[tuple[FivesMove, tuple[int, ...]], ...]
    result: HandResult | None
    scores_after: tuple[int, ...] | None


def _terms(
    rules: FivesRules, moves: Sequence[FivesMove]
) -> tuple[tuple[FivesMove, tuple[int, ...]], ...]:
    """Each move with the terms of the ends total after it, from the public plays alone."""
    layout = Layout(spinner=rules.spinner)
    told = []
    for move in moves:
        action = move.action
        counts: tuple[int, ...] = ()
        if isinstance(action, Play):
            layout.play(action.tile, action.end)
            counts = layout.end_counts()
        told.append((move, counts))
    return tuple(told)


@functools.lru_cache(maxsize=512)
def _finished_story(rules: FivesRules, finished: FinishedHand) -> Told:
    """A finished hand's public story (it never changes: told once, kept)."""
    return Told(
        finished.number,
        finished.leader,
        _terms(rules, finished.history),
        finished.result,
        finished.scores_after,
    )


def story(match: FivesMatch, current: FivesSeen) -> list[Told]:
    """Every hand of the match so far, finished and in play, as its public story."""
    rules = match.rules
    told = [_finished_story(rules, finished) for finished in match.hands]
    if not match.is_over:
        told.append(
            Told(len(match.hands) + 1, current.leader, _terms(rules, current.history), None, None)
        )
    return told


# -- words -------------------------------------------------------------------------------------


def side_label(
    rules: FivesRules, side: int, you: int | None, names: Sequence[str], _: Translator
) -> str:
    """A side in words: ``You``, ``Ana``, ``You and Bo``, ``Ana and Bo``."""
    seats = rules.sides[side]
    if len(seats) == 1:
        return _("You") if seats[0] == you else names[seats[0]]
    first, second = seats
    if you in seats:
        partner = second if you == first else first
        return _("You and {name}").format(name=names[partner])
    return _("{first} and {second}").format(first=names[first], second=names[second])


def _said(
    events: Sequence[Event], you: int | None, names: Sequence[str], _: Translator
) -> list[str]:
    return [say(event, _, names.__getitem__, reader=you) for event in events]


def move_text(
    rules: FivesRules,
    move: FivesMove,
    counts: tuple[int, ...],
    you: int | None,
    names: Sequence[str],
    _: Translator,
) -> str:
    """A move and what it scored, with the arithmetic: ``Ana plays [5|0] on [5|5] (line
    A, 5). Ends 10 + 0 = 10: Ana scores 10.``"""
    events = [
        narration.played(move.seat, move.action, rules),
        *narration.score(move, counts, rules),
    ]
    return " ".join(_said(events, you, names, _))


def legal_label(action: Action, rules: FivesRules, _: Translator) -> str:
    """A legal move in words: ``[3|4] on [4|4] (line B, 4)``, ``Lead [3|4]``, ``Draw a
    tile``, ``Pass``/``Knock``."""
    if isinstance(action, DrawTile):
        return _("Draw a tile")
    if isinstance(action, Pass):
        return _("Pass") if rules.all_fives else _("Knock")
    assert isinstance(action, Play)
    if action.end is None:
        return _("Lead {tile}").format(tile=action.tile)
    text = say(narration.draw_move(action), _)
    return text[:1].upper() + text[1:]


def options_line(rules: FivesRules, _: Translator) -> str:
    """The match's settings: its target, the sides, the options chosen (F1, F4, F9)."""
    parts = [_("Target: {target}").format(target=rules.target)]
    if rules.players == 4:
        parts.append(_("Partnerships") if rules.partnerships else _("Each plays alone"))
    if rules.all_fives and rules.reserve:
        parts.append(
            _("The last {count} of the boneyard are never drawn (F4)").format(count=rules.reserve)
        )
    if rules.all_fives and rules.by_fives:
        parts.append(_("Scores divided by five (F9)"))
    return " · ".join(parts)


def boneyard_text(current: FivesSeen, _: Translator) -> str:
    rules = current.rules
    count = current.boneyard_count
    if not rules.all_fives:
        return _("Set aside, never used: {count}").format(count=count)
    if rules.reserve:
        return _.ngettext(
            "Boneyard: {count} ({drawable} may be drawn)",
            "Boneyard: {count} ({drawable} may be drawn)",
            current.drawable,
        ).format(count=count, drawable=current.drawable)
    return _("Boneyard: {count}").format(count=count)


def ends_text(plays: Layout, _: Translator) -> str:
    if plays.is_empty:
        return _("Open ends: none yet")
    counts = plays.end_counts()
    total = sum(counts)
    if len(counts) > 1:
        return _("Open ends: {terms} = {total}").format(terms=narration.terms(counts), total=total)
    return _("Open ends: {total}").format(total=total)


# -- the view ----------------------------------------------------------------------------------


def fives_view(
    match: FivesMatch, seat: int | None, _: Translator, names: list[str]
) -> dict[str, Any]:
    observation = match.observation(0 if seat is None else seat)
    current = seen(observation.hand, seat)
    rules = match.rules
    lang = _.lang
    you = current.seat
    layout = Layout.from_plays(list(current.plays), spinner=rules.spinner)
    hands = story(match, current)
    plays: dict[str, list[str]] = {}
    for action in current.legal:
        if isinstance(action, Play):
            end = "open" if action.end is None else action.end.notation
            plays.setdefault(tile_text(action.tile), []).append(end)
    plays = {tile: one_choice(layout, ends) for tile, ends in plays.items()}
    side_scores = list(observation.side_scores)
    winner_side = observation.winner
    winner = None
    winner_text = None
    if winner_side is not None:
        seats = rules.sides[winner_side]
        winner = you if you in seats else seats[0]
        # the side that won, partners together (F1, F9): table.js says it for the winner
        won = narration.won(rules, winner_side, side_scores[winner_side], first=you)
        winner_text = _said([won], you, names, _)[0]
    finished = [told for told in hands if told.result is not None]
    last_hand = hand_end(match, hands, len(finished) - 1, you, names, _) if finished else None
    # The reveal is news from the end of a hand until the next hand's first move.
    fresh = match.is_over or not current.history
    sides = [
        {
            "seats": list(side_seats),
            "label": side_label(rules, side, you, names, _),
            "score": side_scores[side],
            "score_text": _("{score} of {target}").format(
                score=side_scores[side], target=rules.target
            ),
            "yours": you in side_seats,
            "to_play": current.current in side_seats and not match.is_over,
        }
        for side, side_seats in enumerate(rules.sides)
    ]
    view = common(
        game=rules.game,
        lang=lang,
        seat=seat,
        names=names,
        current=None if match.is_over else current.current,
        is_over=match.is_over,
        winner=winner,
        legal=[{"action": str(a), "label": legal_label(a, rules, _)} for a in current.legal],
        log=fives_log(match, hands, you, names, _),
        scores=list(observation.scores),
        target=rules.target,
        track_svg=board(rules, hands, sides, _),
    )
    view.update(
        rules=rules.to_dict(),
        hand=[tile_text(t) for t in current.hand],
        hand_sizes=list(current.hand_sizes),
        boneyard=current.boneyard_count,
        drawable=current.drawable,
        leader=current.leader,
        layout_svg=_render_layout(layout, markers=True, lang=lang),
        layout_board=layout_board(layout),
        layout_description=layout.describe(lang),
        ends_total=0 if layout.is_empty else layout.ends_total(),
        plays=plays,
        can_draw=any(isinstance(a, DrawTile) for a in current.legal),
        can_pass=any(isinstance(a, Pass) for a in current.legal),
        sides=sides,
        side_scores=side_scores,
        winner_side=winner_side,
        winner_text=winner_text,
        last_play=last_play(rules, hands, you, names, _),
        hand_end=last_hand if fresh else None,
        last_hand=last_hand,
        hands_played=hands_played(finished),
        # The hand in play (the last one once the match is over): a replay's list of parts.
        part=_.pgettext("the Fives family", "Hand {number}").format(
            number=len(finished) + (0 if match.is_over else 1)
        ),
        words={
            "sides": _("Sides"),
            "layout": _("Layout"),
            "pass": _("Pass") if rules.all_fives else _("Knock"),
            "boneyard": boneyard_text(current, _),
            "ends": ends_text(layout, _),
            "unfit": _("No open end of the layout shows a number of this tile (F4, F5)."),
            "options": options_line(rules, _),
            "next": _("Next hand"),
        },
    )
    return view


def hands_played(finished: Sequence[Told]) -> list[dict[str, Any]]:
    """Each finished hand: what each side pegged in it (its plays and its end), and the
    scores after it."""
    rows = []
    before: Sequence[int] | None = None
    for told in finished:
        after = list(told.scores_after or ())
        start = before if before is not None else [0] * len(after)
        rows.append(
            {
                "number": told.number,
                "points": [new - old for new, old in zip(after, start, strict=True)],
                "scores_after": after,
            }
        )
        before = after
    return rows


def last_play(
    rules: FivesRules, hands: Sequence[Told], you: int | None, names: Sequence[str], _: Translator
) -> dict[str, Any] | None:
    """The last move of the match (a play, a draw, a pass) and what it scored, with the
    arithmetic; the hand that ended is looked at when the next has had no move yet."""
    for told in reversed(hands):
        if told.moves:
            move, counts = told.moves[-1]
            return {
                "seat": move.seat,
                "action": str(move.action),
                "points": move.points,
                "total": move.total,
                "text": move_text(rules, move, counts, you, names, _),
            }
    return None


def split_end(events: Sequence[Event]) -> tuple[list[Event], list[Event]]:
    """The events of an end of hand (``narration.end_of_hand``) as how it ended and what
    it scored: the hands revealed are left out (the page shows them as a table)."""
    revealed = [i for i, event in enumerate(events) if event.template == narration.REVEALED[0]]
    if not revealed:
        return list(events), []
    return list(events[: revealed[0]]), list(events[revealed[-1] + 1 :])


def hand_end(
    match: FivesMatch,
    hands: Sequence[Told],
    index: int,
    you: int | None,
    names: Sequence[str],
    _: Translator,
) -> dict[str, Any]:
    """A finished hand with every hand revealed (F8) and its end as arithmetic with the
    rounding shown."""
    rules = match.rules
    told = hands[index]
    result = told.result
    assert result is not None and told.scores_after is not None
    how, settled = split_end(narration.end_of_hand(result, rules))
    summary = _said(how, you, names, _)
    arithmetic = _said(settled, you, names, _)
    if told.moves:
        move, counts = told.moves[-1]
        summary.insert(0, move_text(rules, move, counts, you, names, _))
    if not rules.all_fives:
        arithmetic.append(_("Pips left in hand score nothing in Fives and Threes (F8)."))
    labels = [side_label(rules, side, you, names, _) for side in range(len(rules.sides))]
    after = told.scores_after
    return {
        "number": told.number,
        "kind": result.kind,
        "by": result.by,
        "winners": list(result.winners),
        "hands": [[tile_text(t) for t in hand] for hand in result.hands],
        "pips": list(result.pips),
        "points": list(result.points),
        "summary": summary,
        "arithmetic": arithmetic,
        "scores_after": list(after),
        "scores_text": " · ".join(
            _.labelled(label, score) for label, score in zip(labels, after, strict=True)
        ),
        "title": _.pgettext("the Fives family", "Hand {number} is over.").format(
            number=told.number
        ),
        "next_leader": hands[index + 1].leader if index + 1 < len(hands) else None,
    }


def fives_log(
    match: FivesMatch, hands: Sequence[Told], you: int | None, names: Sequence[str], _: Translator
) -> list[str]:
    """The public events of the match, oldest first: each hand's lead, every move with its
    score's arithmetic (a draw never says which tile), each end of hand, the next leader
    and the win."""
    rules = match.rules
    lines: list[str] = []
    for index, told in enumerate(hands):
        if told.result is None:
            lines.extend(_hand_lines(rules, told, you, names, _))
            continue
        lines.extend(_finished_lines(rules, told, you, tuple(names), _))
        events = []
        if index == len(match.hands) - 1 and match.is_over:
            winner = match.winner
            if winner is not None:
                events.append(narration.won(rules, winner, match.side_scores[winner]))
        elif index + 1 < len(hands):
            events.append(narration.next_hand(rules, told.result, hands[index + 1].leader))
        lines.extend(_said(events, you, names, _))
    return lines


def _hand_lines(
    rules: FivesRules, told: Told, you: int | None, names: Sequence[str], _: Translator
) -> list[str]:
    """A hand's lead, every move with its score's arithmetic, and its end once over."""
    lines = [_("Hand {number}: {name} leads.").format(number=told.number, name=names[told.leader])]
    for move, counts in told.moves:
        events = [
            narration.played(move.seat, move.action, rules),
            *narration.score(move, counts, rules),
        ]
        lines.extend(_said(events, you, names, _))
    if told.result is not None:
        lines.extend(_said(narration.end_of_hand(told.result, rules), you, names, _))
    return lines


@functools.lru_cache(maxsize=1024)
def _finished_lines(
    rules: FivesRules, told: Told, you: int | None, names: tuple[str, ...], _: Translator
) -> tuple[str, ...]:
    """``_hand_lines`` of a finished hand, which never change: said once for each reader,
    names and language, and kept (every view of a match tells all its hands)."""
    return tuple(_hand_lines(rules, told, you, names, _))


def board(
    rules: FivesRules, hands: Sequence[Told], sides: Sequence[dict[str, Any]], _: Translator
) -> str:
    """The sides' scores pegged on a cribbage board: a hole a point to 61 (Fives and Threes,
    All Fives by fives), a hole for five points to 250 or 200 (All Fives, whose every score
    is a multiple of five, F7, F8)."""
    scores = [side["score"] for side in sides]
    backs = _backs(rules, hands)
    unit = 5 if rules.all_fives and not rules.by_fives else 1
    parts = [
        _("{name}: {score} (back peg {back})").format(name=side["label"], score=score, back=back)
        for side, score, back in zip(sides, scores, backs, strict=True)
    ]
    if unit == 1:
        label = _("Cribbage board to {target}: {scores}.").format(
            target=rules.target, scores="; ".join(parts)
        )
    else:
        label = _("Cribbage board to {target}, a hole for every {unit} points: {scores}.").format(
            target=rules.target, unit=unit, scores="; ".join(parts)
        )
    return track_svg(
        scores=scores,
        backs=backs,
        target=rules.target,
        names=[side["label"] for side in sides],
        title=_("Cribbage board"),
        label=label,
        lang=_.lang,
        unit=unit,
    )


def _backs(rules: FivesRules, hands: Sequence[Told]) -> list[int]:
    """Each side's back peg: its score before the last points it pegged (pegged as they
    come, F9: each scoring play, then each end of hand)."""
    backs = [0] * len(rules.sides)
    running = [0] * len(rules.sides)
    for told in hands:
        for move, _counts in told.moves:
            if move.points:
                side = rules.side_of(move.seat)
                backs[side] = running[side]
                running[side] += move.points
        if told.scores_after is not None:
            for side, score in enumerate(told.scores_after):
                if score != running[side]:
                    backs[side] = running[side]
                    running[side] = score
    return backs
