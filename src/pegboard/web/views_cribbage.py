"""The view of a cribbage match (docs/web.md, "Cribbage").

Everything comes from ``match.observation(seat)`` (the game in play as that seat may know
it: its own cards, and the public moves, scores and shows) and the match's public facts
(game points, results).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pegboard.cli.i18n import Translator
from pegboard.cribbage.actions import Action, Discard, Go, Play
from pegboard.cribbage.cards import Card
from pegboard.cribbage.events import (
    DOUBLE_SKUNK_LINE,
    SKUNK_LINE,
    TARGET,
    GameResult,
    HandShow,
    ScoreEvent,
)
from pegboard.cribbage.match import CribbageMatch
from pegboard.cribbage.observation import CribbageObservation, PublicMove
from pegboard.web import track
from pegboard.web.views import common


@dataclass(frozen=True, slots=True)
class PublicCribbage:
    """The parts of a game observation a view may show: the public ones, and the cards and
    legal moves of the seat itself (empty in the public view)."""

    seat: int | None
    current: int | None
    phase: str
    hand_number: int
    dealer: int
    scores: tuple[int, int]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...]
    discards: tuple[Card, ...]
    hand_sizes: tuple[int, int]
    discarded: tuple[bool, bool]
    crib_size: int
    starter: Card | None
    count: int
    pile: tuple[Card, ...]
    played: tuple[tuple[int, Card], ...]
    log: tuple[ScoreEvent, ...]
    shows: tuple[HandShow, ...]
    history: tuple[PublicMove, ...]
    legal: tuple[Action, ...]
    result: GameResult | None


def seen(observation: CribbageObservation, seat: int | None) -> PublicCribbage:
    """What the view of ``seat`` may use; with ``seat`` None the public fields only (a
    whitelist): no hand, no kept cards, no discards, no legal moves, and every discard in
    the history without its cards."""
    private = seat is not None and seat == observation.seat
    history = observation.history
    if not private:
        history = tuple(
            PublicMove(m.hand, m.seat, "discard") if m.text.startswith("discard") else m
            for m in history
        )
    return PublicCribbage(
        seat=seat if private else None,
        current=observation.current_player,
        phase=observation.phase,
        hand_number=observation.hand_number,
        dealer=observation.dealer,
        scores=observation.scores,
        hand=observation.hand if private else (),
        kept=observation.kept if private else (),
        discards=observation.discards if private else (),
        hand_sizes=observation.hand_sizes,
        discarded=observation.discarded,
        crib_size=observation.crib_size,
        starter=observation.starter,
        count=observation.count,
        pile=observation.pile,
        played=observation.played,
        log=observation.log,
        shows=observation.shows,
        history=history,
        legal=observation.legal if private else (),
        result=observation.result,
    )


def cards(values: tuple[Card, ...]) -> list[str]:
    return [str(c) for c in values]


def cribbage_view(
    match: CribbageMatch, seat: int | None, _: Translator, names: list[str]
) -> dict[str, Any]:
    observation = match.observation(0 if seat is None else seat)
    game = seen(observation.game, seat)
    lang = _.lang
    scores = list(game.scores)
    view = common(
        game="cribbage",
        lang=lang,
        seat=seat,
        names=names,
        current=match.current_player,
        is_over=match.is_over,
        winner=match.winner,
        legal=[{"action": str(a), "label": legal_label(a, _)} for a in game.legal],
        log=[],
        scores=scores,
        target=TARGET,
        track_svg=board(scores, scores, names, _),
    )
    view.update(
        phase="over" if game.result is not None else game.phase,
        dealer=game.dealer,
        hand=cards(game.hand),
        kept=cards(game.kept),
        discards=cards(game.discards),
        crib_size=game.crib_size,
        starter=None if game.starter is None else str(game.starter),
        count=game.count,
        pile=cards(game.pile),
        played=[[s, str(c)] for s, c in game.played],
        hand_sizes=list(game.hand_sizes),
        discard_choices=any(isinstance(a, Discard) for a in game.legal),
        playable=[str(a.card) for a in game.legal if isinstance(a, Play)],
        can_go=any(isinstance(a, Go) for a in game.legal),
        shows=[],
        points=list(observation.points),
        best_of=2 * match.target - 1,
        points_to_win=match.target,
    )
    return view


def legal_label(action: Action, _: Translator) -> str:
    if isinstance(action, Discard):
        return _("Discard {cards}").format(cards=" ".join(str(c) for c in action.cards))
    if isinstance(action, Play):
        return _("Play {card}").format(card=action.card)
    return _("Go")


def board(scores: list[int], backs: list[int], names: list[str], _: Translator) -> str:
    parts = [
        _("{name}: {score} (back peg {back})").format(name=name, score=score, back=back)
        for name, score, back in zip(names, scores, backs, strict=True)
    ]
    label = _("Cribbage board to {target}: {scores}.").format(
        target=TARGET, scores="; ".join(parts)
    )
    return track.track_svg(
        scores=scores,
        backs=backs,
        target=TARGET,
        names=names,
        title=_("Cribbage board"),
        label=label,
        lang=_.lang,
        lines=[
            track.Line(
                DOUBLE_SKUNK_LINE, _("Double skunk line: {hole}").format(hole=DOUBLE_SKUNK_LINE)
            ),
            track.Line(SKUNK_LINE, _("Skunk line: {hole}").format(hole=SKUNK_LINE)),
        ],
    )
