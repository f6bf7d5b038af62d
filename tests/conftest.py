"""Shared test settings."""

from collections.abc import Iterator

import pytest
from hypothesis import settings

from pegboard.games import Game
from pegboard.i18n import ENVIRONMENT

settings.register_profile("default", deadline=None, print_blob=True)
settings.load_profile("default")


@pytest.fixture(autouse=True)
def _english_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The commands take their language from the environment when ``--lang`` is not
    given: the tests of English texts must not depend on the locale of whoever runs them."""
    for variable in ENVIRONMENT:
        monkeypatch.delenv(variable, raising=False)


@pytest.fixture
def toy_game() -> Iterator[Game]:
    """The test-only game ``tricks`` (tests/games/toy/), registered for one test."""
    from tests.games import toy

    game = toy.install()
    try:
        yield game
    finally:
        toy.uninstall()


@pytest.fixture
def plain_toy_game() -> Iterator[Game]:
    """The toy with nothing but its rules and description (no look of its own, as
    ``plain-tricks``), registered for one test: every surface draws it generically."""
    from dataclasses import replace

    import pegboard.games
    from tests.games import toy

    game = replace(toy.GAME, name="plain-tricks", looks=pegboard.games.Looks())
    pegboard.games.register(game)
    try:
        yield game
    finally:
        pegboard.games.unregister(game.name)
