"""Hints: every legal action of a seat, ranked by the value a bot gives it.

``hint(position_or_record, seat)`` takes a live position (a Draw ``Round`` or ``Match``,
a cribbage ``Game`` or ``CribbageMatch``) or its JSON record, and asks an *analyser*
(anything with ``analyse(observation, rng) -> list[Evaluation]``) about
``observation(seat)``: the analyser never sees the position, only what the seat may know.

Analysers are found by game and level: a registered bot of that level that has an
``analyse`` method (the experts, ``AnalysingBot``), or one added for hints alone with
``register_analyser(game, factory, level)``, which comes first.

A seat that is not to act has nothing to rank: ``hint`` raises ``HintError`` (a
``ValueError``) for it, as for a seat out of range or an unreadable record.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from pegboard.bots import Evaluation
from pegboard.bots.budget import build, set_budget
from pegboard.core import N_, RecordError, WordedError, check_record
from pegboard.games import Game, bot_levels, make_bot


class HintError(WordedError):
    """A hint that cannot be given: a bad record, a bad seat, no analyser."""


@runtime_checkable
class Analyser(Protocol):
    def analyse(self, observation: Any, rng: random.Random) -> list[Evaluation]: ...


AnalyserFactory = Callable[..., Analyser]
_ANALYSERS: dict[tuple[str, str], AnalyserFactory] = {}


def register_analyser(game: str, factory: AnalyserFactory, level: str = "expert") -> None:
    """Make ``hint(..., level=level)`` use ``factory()`` for ``game``.

    A factory that takes a ``budget`` keyword gets the hint's budget there; otherwise the
    budget is set on the analyser's ``budget`` attribute, if it has one.
    """
    _ANALYSERS[(game, level)] = factory


def unregister_analyser(game: str, level: str = "expert") -> None:
    _ANALYSERS.pop((game, level), None)


def analyser_for(game: str, level: str = "expert", budget: int | None = None) -> Analyser:
    """The analyser of ``level`` for ``game``, or ``HintError`` naming the levels there are."""
    factory = _ANALYSERS.get((game, level))
    if factory is not None:
        analyser: Analyser = build(factory, budget)
        return analyser
    if level in bot_levels(game):
        bot = make_bot(game, level, seed=0).bot
        if isinstance(bot, Analyser):
            set_budget(bot, budget)
            return bot
    levels = sorted(
        {lv for g, lv in _ANALYSERS if g == game}
        | {lv for lv in bot_levels(game) if _analyses(game, lv)}
    )
    if levels:
        raise HintError(
            N_("no {level!r} analyser for {game} (levels that give hints: {levels})"),
            level=level,
            game=game,
            levels=", ".join(levels),
        )
    raise HintError(N_("no {level!r} analyser for {game} (none yet)"), level=level, game=game)


def strongest_analyser(game: Game) -> str:
    """The strongest bot level of ``game`` that can rank actions (levels are listed
    weakest first); ``HintError`` when none can."""
    for level in reversed(game.bot_levels()):
        try:
            analyser_for(game.name, level)
        except HintError:
            continue
        return level
    raise HintError(N_("no bot of {game} gives hints"), game=game.name)


def _analyses(game: str, level: str) -> bool:
    return isinstance(make_bot(game, level, seed=0).bot, Analyser)


def hint(
    position_or_record: Any,
    seat: int,
    level: str = "expert",
    seed: int = 0,
    budget: int | None = None,
) -> list[Evaluation]:
    """Every legal action of ``seat``, best first, with the value ``level`` gives it.

    ``position_or_record`` is a live position or a record (a dict, as ``to_record``
    gives). Only ``observation(seat)`` reaches the analyser; ``seed`` seeds its random
    choices (the same seed, the same hint). Raises ``HintError`` for an unreadable record,
    a seat out of range or not to act, or a level without an analyser.
    """
    game, position = _position(position_or_record)
    players = int(position.num_players)
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise HintError(
            N_("the seat is a number from 0 to {last}, not {seat!r}"), last=players - 1, seat=seat
        )
    if position.is_over:
        raise HintError(N_("the game is over: there is nothing to hint"))
    current = position.current_player
    if current != seat:
        raise HintError(
            N_("seat {seat} is not to act: it is seat {current}'s turn"), seat=seat, current=current
        )
    return rank(game, position.observation(seat), level, seed, budget)


def rank(
    game: str,
    observation: Any,
    level: str = "expert",
    seed: int = 0,
    budget: int | None = None,
) -> list[Evaluation]:
    """What ``hint`` gives, from the seat's observation alone (of a seat that is to act):
    what a server hands to a worker process, which then sees no more than the seat."""
    analyser = analyser_for(game, level, budget)
    evaluations = list(analyser.analyse(observation, random.Random(seed)))
    _check_complete(evaluations, observation.legal_actions())
    # Best first; a stable sort keeps the analyser's order among equal values.
    return sorted(evaluations, key=lambda e: -e.value)


def _check_complete(evaluations: Sequence[Evaluation], legal: Sequence[Any]) -> None:
    """An analyser ranks every legal action once, and nothing else: anything else is a bug."""
    ranked = [e.action for e in evaluations]
    if len(ranked) != len(legal) or set(ranked) != set(legal):
        raise RuntimeError(
            f"the analyser ranked {len(ranked)} actions, not the {len(legal)} legal ones"
        )


def _position(source: Any) -> tuple[str, Any]:
    """The game and the live position of a position or a record (the games registry says
    which game a position or a record is of)."""
    import pegboard.games

    if not isinstance(source, dict):
        for name in pegboard.games.names():
            if pegboard.games.get(name).owns(source):
                return name, source
        raise HintError(
            N_("a hint needs a position or a record, not {kind}"), kind=type(source).__name__
        )
    try:
        record = check_record(source)
        try:
            game = pegboard.games.get(record.get("game"))
        except pegboard.games.UnknownGameError as error:
            raise RecordError(error.template, **error.fields) from None
        return game.name, game.read_record(record)
    except RecordError as error:
        raise HintError(error.template, **error.fields) from None
