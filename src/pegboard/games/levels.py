"""Bots by game and level, so that clients and the arena can ask for one by name.

Each game's description registers its levels here when the games registry loads it (its
package's ``bots`` hold the bots themselves); a plug-in game, or stronger levels, add
themselves with ``register_bot`` without changing the clients. This is the registry's
layer: the bots (``pegboard.bots``) are the algorithms and know no game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from pegboard.bots.base import Bot, SeededBot
from pegboard.core import N_

_FACTORIES: dict[str, dict[str, Callable[[], Bot]]] = {}
_NAMES: dict[str, dict[str, str]] = {}

PEOPLE_LEVELS: tuple[str, ...] = ("beginner", "casual", "strong", "expert")
"""The levels offered to people, weakest first; every game with bots may have them. This
is the one mark of which levels are for people: the web lobby and the terminal offer only
these (``people_levels``); the others (random, greedy, PIMC, ISMCTS) are research levels,
kept for the arena, the API and anyone who names one."""

DEFAULT_LEVEL = "expert"
"""The opponent a person meets unless they choose another, on every surface."""

LEVEL_NAMES: dict[str, str] = {
    "random": N_("Random bot"),
    "greedy": N_("Greedy bot"),
    "beginner": N_("Beginner bot"),
    "casual": N_("Casual bot"),
    "strong": N_("Strong bot"),
    "expert": N_("Expert bot"),
    "pimc": N_("Sampling bot (PIMC)"),
    "ismcts": N_("Search bot (ISMCTS)"),
    "match-expert": N_("Expert bot, playing for the match"),
}
"""A level's display name (a msgid: translate it with the reader's translator), for the
levels of any game; a game may give one of its own when it registers a level."""


def register_bot(
    game: str, level: str, factory: Callable[[], Bot], display_name: str | None = None
) -> None:
    """Make ``make_bot(game, level)`` build a bot with ``factory``; ``display_name`` (a
    msgid marked with ``N_``) names the level where ``LEVEL_NAMES`` does not."""
    _FACTORIES.setdefault(game, {})[level] = factory
    if display_name is not None:
        _NAMES.setdefault(game, {})[level] = display_name


def unregister_bots(game: str) -> None:
    """Forget every bot of ``game`` (tests register a toy game's bots for a while)."""
    _FACTORIES.pop(game, None)
    _NAMES.pop(game, None)


def level_name(game: str, level: str) -> str:
    """How a person is shown ``game``'s bot ``level``: a msgid to translate (the game's own
    name for it, else ``LEVEL_NAMES``'), or the level itself when it has no name."""
    return _NAMES.get(game, {}).get(level) or LEVEL_NAMES.get(level, level)


def quick_level(game: str, level: str) -> bool:
    """Whether ``game``'s bot ``level`` is made by a class that says ``quick`` (``Bot``):
    it decides in well under a millisecond, and a server moves it on its own event loop.
    An unknown level, or one made by a function, is not."""
    factory = (_levels(game) or {}).get(level)
    return bool(getattr(factory, "quick", False))


def bot_games() -> tuple[str, ...]:
    """The games that have bots."""
    return tuple(sorted(_FACTORIES))


def _levels(game: str) -> dict[str, Callable[[], Bot]] | None:
    if game not in _FACTORIES:
        # A game registers its bots when the games registry first loads it: in a process
        # that asks for a bot first (a bot pool's worker), load it now.
        from pegboard.games import names

        names()
    return _FACTORIES.get(game)


def bot_levels(game: str) -> tuple[str, ...]:
    """The levels of bot for ``game``, in the order they were registered."""
    return tuple(_levels(game) or ())


def for_people(levels: Sequence[str]) -> tuple[str, ...]:
    """The ones of a game's ``levels`` offered to people (``PEOPLE_LEVELS``), weakest first;
    all of them when none is (a plug-in game with levels of its own)."""
    offered = tuple(level for level in PEOPLE_LEVELS if level in levels)
    return offered or tuple(levels)


def preferred_level(levels: Sequence[str]) -> str | None:
    """The level of a person's opponent unless they choose one, among a game's ``levels``:
    ``DEFAULT_LEVEL`` where the game has it, else the strongest offered to people; None
    for a game without bots."""
    offered = for_people(levels)
    if not offered:
        return None
    return DEFAULT_LEVEL if DEFAULT_LEVEL in offered else offered[-1]


def make_bot(game: str, level: str, seed: int | None = None) -> SeededBot:
    """A bot of ``level`` for ``game``, with its own random stream from ``seed``.

    Raises ``ValueError`` naming the choices when the game or the level is unknown.
    """
    levels = _levels(game)
    if levels is None:
        raise ValueError(
            f"no bots for the game {game!r}; games with bots: {', '.join(bot_games())}"
        )
    factory = levels.get(level)
    if factory is None:
        raise ValueError(
            f"no {level!r} bot for {game}; choose one of: {', '.join(bot_levels(game))}"
        )
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    return SeededBot(factory(), seed)
