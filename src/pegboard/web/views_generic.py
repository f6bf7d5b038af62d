"""The view of a match of any game that has no web look of its own (docs/web.md, "The
generic view"): what the registry and the core protocol say of it, and nothing more.

A seat sees its own observation as the game writes it for clients (``to_dict()``: the seat's
own view, so nothing hidden from it), its legal actions in the game's notation, the scores
(``Game.scores``), whose turn it is, whether the match is over and who won, and the
narration of the match so far (the events ``Game.play`` gave, said in the page's
language by ``pegboard.i18n.say``). A spectator gets no observation at all: the protocol has
no public observation, so the generic view shows a spectator only what every seat's events
said aloud. The events are the game's public narration: every seat's view holds all of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pegboard.core import Event
from pegboard.games import Game
from pegboard.i18n import Translator, say
from pegboard.web.views_common import LOG_LIMIT, common

__all__ = ["generic_view", "winner_of"]


def winner_of(scores: Sequence[float]) -> int | None:
    """The seat with the best standing alone (``Game.scores``: higher is better), or None
    when several share it."""
    if not scores:
        return None
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else float(value)


def generic_view(
    game: Game,
    match: Any,
    seat: int | None,
    _: Translator,
    names: list[str],
    narration: Sequence[Event] = (),
) -> dict[str, Any]:
    """The view of ``match`` for ``seat`` (None: a spectator), its strings said by ``_``."""
    is_over = bool(match.is_over)
    current = None if is_over else match.current_player
    scores = [_number(s) for s in game.scores(match)]
    observation = None if seat is None else match.observation(seat)
    legal = []
    if observation is not None and current == seat:
        legal = [{"action": str(a), "label": str(a)} for a in observation.legal_actions()]
    recent = list(narration)[-LOG_LIMIT:]
    view = common(
        game=game.name,
        lang=_.lang,
        seat=seat,
        names=names,
        current=current,
        is_over=is_over,
        winner=winner_of(scores) if is_over else None,
        legal=legal,
        log=[say(event, _, names.__getitem__) for event in recent],
        scores=scores,
        target=None,  # a game with no look has no target the page knows of
        track_svg="",
    )
    view["observation"] = None if observation is None else observation.to_dict()
    return view
