"""Issue 35, defect 4: the terminal offers people the levels for people only (the registry's
``PEOPLE_LEVELS``), and a person's opponent is the expert unless they choose another, as on
the web. The research levels (random, greedy, PIMC, ISMCTS) stay in the arena and the API."""

from __future__ import annotations

import asyncio

import pytest
from textual.widgets import Select
from typer.testing import CliRunner

from pegboard import games
from pegboard.cli.main import app
from pegboard.tui.app import PegboardApp
from pegboard.tui.setup import HUMAN_LEVEL, Setup
from pegboard.tui.setup_screen import SetupScreen

RESEARCH = ("random", "greedy", "pimc", "ismcts")


@pytest.mark.parametrize("game", games.names())
def test_the_set_up_screen_offers_only_the_levels_for_people(game: str) -> None:
    async def run() -> dict[str, list[str]]:
        setup = Setup(game=game, lang="en", seed=1)
        offered: dict[str, list[str]] = {}
        async with PegboardApp(setup).run_test(size=(80, 40)) as pilot:
            await pilot.pause()
            screen = pilot.app.screen
            assert isinstance(screen, SetupScreen)
            for select in screen.query(Select):
                if select.id and select.id.startswith("level-"):
                    offered[select.id] = [str(value) for _label, value in select._options]
        return offered

    offered = asyncio.run(run())
    assert offered, "no seat's level to choose"
    for values in offered.values():
        assert values == [*games.get(game).people_levels(), HUMAN_LEVEL]
        assert not set(values) & set(RESEARCH)


@pytest.mark.parametrize("game", games.names())
def test_a_persons_opponent_is_the_expert_unless_chosen(game: str) -> None:
    assert Setup(game=game).levels[0] == "expert" == games.get(game).default_level()


def test_play_help_names_no_research_level() -> None:
    result = CliRunner().invoke(app, ["play", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    assert "expert" in result.output
    for level in RESEARCH:
        assert level not in result.output.lower()


def test_the_registry_keeps_the_research_levels_for_the_arena_and_the_api() -> None:
    for game in games.names():
        levels = games.get(game).bot_levels()
        assert set(games.get(game).people_levels()) == set(games.PEOPLE_LEVELS)
        assert {"random", "greedy"} <= set(levels)
