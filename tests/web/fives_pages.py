"""The two Fives games as the rules pages' tests need them, each with its own rules page
(``Game.looks.rules``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

import pegboard.games
from pegboard.fives.looks.rules_page import ALL_FIVES_PAGE, FIVES_AND_THREES_PAGE
from pegboard.games import Game

PAGES: Final = {"all-fives": ALL_FIVES_PAGE, "fives-and-threes": FIVES_AND_THREES_PAGE}
"""Each game's rules page, as its registry entry's look gives it."""


@contextmanager
def fives_registered() -> Iterator[dict[str, Game]]:
    """The two games, by name, from the registry."""
    yield {name: pegboard.games.get(name) for name in PAGES}
