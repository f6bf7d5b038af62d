"""A seat's view of a match (or the public view) as JSON, every string in the page's language.

``view(match, game, seat, lang)`` is what the server sends in each ``state`` message
(docs/web.md, "The view"). A game's own look on the web (``game.looks.web``: Draw's
``pegboard.draw.looks.web.draw_view``...) makes its view; any other game gets the generic view
(``views_generic``), built from its observation, its events and the registry alone.
It is a pure function of the match (and, for the generic view, of the match's narration
so far): it reads the match only
through ``observation(seat)`` and the match's public facts (scores, target, finished
rounds and games), never the position itself. The public view (``seat`` None, for
spectators) is built from an observation with every private field dropped by a
whitelist (each game's ``looks.web.seen``), so that a new private field of
an observation cannot leak into it by default.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pegboard.games
from pegboard.core import Event
from pegboard.i18n import Translator, translator
from pegboard.web.views_common import LOG_LIMIT, default_names, locale_of
from pegboard.web.views_generic import generic_view

GameView = Callable[[Any, int | None, Translator, list[str]], dict[str, Any]]
"""A game's own view (``Game.looks.web``): ``(match, seat, gettext, names)`` -> the seat's
JSON view (the public one when ``seat`` is None)."""

__all__ = ["LOG_LIMIT", "locale_of", "view"]


def view(
    match: Any,
    game: str,
    seat: int | None,
    lang: str,
    names: Sequence[str] | None = None,
    narration: Sequence[Event] = (),
    *,
    ended: bool = False,
) -> dict[str, Any]:
    """The view of ``match`` for ``seat`` (None: the public view) in ``lang``.

    ``names`` are the display names of the seats (default ``Seat 1``, ``Seat 2``...); the
    log and the board use them. The result is plain JSON (dicts, lists, str, int, bool,
    None) with the keys of docs/web.md. ``narration``: the events of the match so far, in
    order (what ``Game.play`` said of each action), which the generic view logs;
    a game's own look words its log itself. ``ended``: the match is over though its rules
    go on (a daily deal's table at its deal's end, ``pegboard.web.tables.match_over``):
    nobody is to act, and the best score wins.
    """
    made = _view(match, game, seat, lang, names, narration)
    if ended:
        scores = made["scores"]
        best = [s for s, score in enumerate(scores) if score == max(scores)]
        made.update(
            is_over=True,
            current=None,
            your_turn=False,
            legal=[],
            winner=best[0] if len(best) == 1 else None,
        )
        if "hand" in made:
            made["hand"] = []  # the next deal's, dealt by the rules: not this table's

    return made


def _view(
    match: Any,
    game: str,
    seat: int | None,
    lang: str,
    names: Sequence[str] | None,
    narration: Sequence[Event],
) -> dict[str, Any]:
    _ = translator(lang)
    description = pegboard.games.get(game)
    if not isinstance(match, description.match_type):
        raise ValueError(f"no view of a {type(match).__name__} as the game {game!r}")
    players = match.num_players
    checked, named = _check_seat(seat, players), _names(names, players, _)
    own = description.looks.web  # the game's own: pegboard.draw.looks.web.draw_view...
    if own is None:
        return generic_view(description, match, checked, _, named, narration)
    return own()(match, checked, _, named)


def _check_seat(seat: int | None, players: int) -> int | None:
    if seat is None:
        return None
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"no seat {seat!r} at a table of {players}")
    return seat


def _names(names: Sequence[str] | None, players: int, _: Translator) -> list[str]:
    defaults = default_names(players, _)
    if names is None:
        return defaults
    if len(names) != players:
        raise ValueError(f"{players} names are needed, not {len(names)}")
    return [name if name else default for name, default in zip(names, defaults, strict=True)]
