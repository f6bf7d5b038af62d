"""The view of a match of Draw (docs/web.md, "Draw").

Everything comes from ``match.observation(seat)`` (the round in play, as that seat may
know it) and the match's public facts: the scores, the target and the finished rounds
(their leader, public actions and settlement, which reveals the hands, D12).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.cli.draw_text import move_text
from pegboard.cli.i18n import Translator
from pegboard.draw.actions import Action, DrawTile, Pass, Play, parse_action
from pegboard.draw.line import Line
from pegboard.draw.match import FinishedRound, Match
from pegboard.draw.round import DrawObservation, Move
from pegboard.draw.scoring import RoundResult
from pegboard.draw.svg import render_svg
from pegboard.draw.tiles import Tile
from pegboard.web.track import track_svg
from pegboard.web.views import common


@dataclass(frozen=True, slots=True)
class DrawSeen:
    """The parts of a round observation a view may show: the public ones, and the hand and
    legal moves of the seat itself (empty in the public view)."""

    seat: int | None
    players: int
    current: int | None
    leader: int
    hand: tuple[Tile, ...]
    line: Line
    hand_sizes: tuple[int, ...]
    stock_size: int
    history: tuple[Move, ...]
    legal: tuple[Action, ...]
    result: RoundResult | None


def seen(observation: DrawObservation, seat: int | None) -> DrawSeen:
    """What the view of ``seat`` may use; with ``seat`` None, the public fields only (a
    whitelist: the hand and the legal moves are never copied)."""
    private = seat is not None and seat == observation.seat
    return DrawSeen(
        seat=seat if private else None,
        players=observation.num_players,
        current=observation.current_player,
        leader=observation.leader,
        hand=observation.hand if private else (),
        line=observation.line,
        hand_sizes=observation.hand_sizes,
        stock_size=observation.stock_size,
        history=observation.history,
        legal=observation.legal if private else (),
        result=observation.result,
    )


def tile_text(tile: Tile) -> str:
    """A tile as the page's notation: ``2-3``."""
    return f"{tile.low}-{tile.high}"


def draw_view(match: Match, seat: int | None, _: Translator, names: list[str]) -> dict[str, Any]:
    observation = match.observation(0 if seat is None else seat)
    round_ = seen(observation.round, seat)
    lang = _.lang
    scores = list(observation.scores)
    rounds = match.rounds
    line = round_.line
    plays: dict[str, list[str]] = {}
    for action in round_.legal:
        if isinstance(action, Play):
            end = "open" if action.end is None else action.end.notation
            plays.setdefault(tile_text(action.tile), []).append(end)
    result = _round_end(match, round_)
    view = common(
        game="draw",
        lang=lang,
        seat=seat,
        names=names,
        current=None if observation.is_over else round_.current,
        is_over=observation.is_over,
        winner=observation.winner,
        legal=[{"action": str(a), "label": legal_label(a, lang, _)} for a in round_.legal],
        log=draw_log(match, round_, names, _),
        scores=scores,
        target=observation.target,
        track_svg=draw_track(scores, _backs(rounds, len(scores)), observation.target, names, _),
    )
    view.update(
        hand=[tile_text(t) for t in round_.hand],
        hand_sizes=list(round_.hand_sizes),
        stock=round_.stock_size,
        leader=round_.leader,
        line_svg=render_svg(line, markers=True, lang=lang),
        line_description=line.describe(lang),
        line_title=line.title(lang),
        plays=plays,
        can_draw=any(isinstance(a, DrawTile) for a in round_.legal),
        can_pass=any(isinstance(a, Pass) for a in round_.legal),
        round_end=result,
        rounds=[
            {
                "number": r.number,
                "points": list(r.result.points),
                "scores_after": list(r.scores_after),
            }
            for r in rounds
        ],
    )
    return view


def legal_label(action: Action, lang: str, _: Translator) -> str:
    """A legal move in words: ``[3|4] on [4|4] (side B, 4)``, ``Draw a tile``, ``Pass``."""
    if isinstance(action, DrawTile):
        return _("Draw a tile")
    if isinstance(action, Pass):
        return _("Pass")
    return move_text(action, lang, _)


def _backs(rounds: Sequence[FinishedRound], players: int) -> list[int]:
    """Each seat's back peg: its score before the last round in which it scored."""
    backs = [0] * players
    before = [0] * players
    for r in rounds:
        for seat, (old, new) in enumerate(zip(before, r.scores_after, strict=True)):
            if new != old:
                backs[seat] = old
        before = list(r.scores_after)
    return backs


def draw_track(
    scores: Sequence[int], backs: Sequence[int], target: int, names: Sequence[str], _: Translator
) -> str:
    parts = [
        _("{name}: {score} (back peg {back})").format(name=name, score=score, back=back)
        for name, score, back in zip(names, scores, backs, strict=True)
    ]
    label = _("Score track to {target}: {scores}.").format(target=target, scores="; ".join(parts))
    return track_svg(
        scores=scores,
        backs=backs,
        target=target,
        names=names,
        title=_("Score track"),
        label=label,
        lang=_.lang,
    )


def _round_end(match: Match, round_: DrawSeen) -> dict[str, Any] | None:
    """The last settled round, from the settlement until the next round's first move."""
    rounds = match.rounds
    if not rounds or (not match.is_over and round_.history):
        return None
    last = rounds[-1]
    result = last.result
    return {
        "number": last.number,
        "kind": result.kind,
        "winner": result.winner,
        "hands": [[tile_text(t) for t in hand] for hand in result.hands],
        "pip_counts": list(result.pip_counts),
        "points": list(result.points),
        "arithmetic": "",
        "next_leader": None if match.is_over else round_.leader,
    }


def _seats_of(leader: int, players: int, actions: Sequence[str]) -> list[tuple[int, Action]]:
    """The public actions of a finished round with the seat of each: a turn is draws and
    then a play or a pass (D4), and the turn passes clockwise (D10)."""
    seat = leader
    moves = []
    for text in actions:
        action = parse_action(text)
        moves.append((seat, action))
        if not isinstance(action, DrawTile):
            seat = (seat + 1) % players
    return moves


def draw_log(match: Match, round_: DrawSeen, names: list[str], _: Translator) -> list[str]:
    """The public events of the match, oldest first: a draw never says which tile."""
    lines: list[str] = []
    return lines
