"""The two Fives games as the rules pages' tests need them: registered, each naming its
page through its look ``"web.rules"``.

When the registry has the real games (``pegboard.games.get("all-fives")``) they are used
as they are; until then, each is stood in for by a minimal ``Game`` that has only a name,
its seats and its page (it cannot be played), registered for the tests that ask for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, Final

import pegboard.games
from pegboard.games import Game

PAGES: Final = {
    "all-fives": "pegboard.fives.looks.rules_page:ALL_FIVES_PAGE",
    "fives-and-threes": "pegboard.fives.looks.rules_page:FIVES_AND_THREES_PAGE",
}
"""Each game's look ``"web.rules"``, as its registry entry names it."""
DISPLAY: Final = {"all-fives": "All Fives", "fives-and-threes": "Fives and Threes"}


def _unplayable(*_args: Any) -> Any:
    raise NotImplementedError("a stand-in for the rules pages' tests cannot be played")


def stand_in(name: str) -> Game:
    """A game that has only its name, its seats (F1: 2 to 4) and its rules page."""
    return Game(
        name=name,
        display_name=DISPLAY[name],
        min_players=2,
        max_players=4,
        options=(),
        new_match=_unplayable,
        from_record=_unplayable,
        apply=_unplayable,
        over_rule="F9",
        match_type=object,
        looks={"web.rules": PAGES[name]},
    )


@contextmanager
def fives_registered() -> Iterator[dict[str, Game]]:
    """The two games, by name: the registry's own, or stand-ins registered meanwhile."""
    added = []
    for name in PAGES:
        if name not in pegboard.games.names():
            pegboard.games.register(stand_in(name))
            added.append(name)
    try:
        yield {name: pegboard.games.get(name) for name in PAGES}
    finally:
        for name in added:
            pegboard.games.unregister(name)
