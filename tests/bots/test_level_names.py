"""Bot levels have names for people (``pegboard.games.level_name``), translated, and every
surface shows them: the lobby's games (``bot_names``), the player page, the terminal app's
seat choices and ``pegboard play --bots``. Generic over games: no game is named here but
through the registry, and a plug-in game's own names are used where it gives them.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import pegboard.games
from pegboard.bots import RandomBot
from pegboard.games import bot_games, bot_levels, level_name, register_bot
from pegboard.games.levels import LEVEL_NAMES, PEOPLE_LEVELS, unregister_bots
from pegboard.i18n import translator

LANGUAGES = ("pt", "zh", "hi")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_level_name_is_translated(lang: str) -> None:
    _ = translator(lang)
    for level, msgid in LEVEL_NAMES.items():
        assert _(msgid) != msgid, (lang, level)


def test_the_levels_for_people_have_their_own_names_in_every_game_with_them() -> None:
    names = {LEVEL_NAMES[level] for level in PEOPLE_LEVELS}
    assert len(names) == 4  # four different names
    for game in bot_games():
        for level in bot_levels(game):
            if level in PEOPLE_LEVELS:
                assert level_name(game, level) == LEVEL_NAMES[level]


def test_a_game_may_name_its_own_level_and_an_unnamed_level_keeps_its_word() -> None:
    register_bot("names-test", "wild", RandomBot, display_name="Wild bot")
    register_bot("names-test", "expert", RandomBot)
    register_bot("names-test", "odd", RandomBot)
    try:
        assert level_name("names-test", "wild") == "Wild bot"
        assert level_name("names-test", "expert") == LEVEL_NAMES["expert"]
        assert level_name("names-test", "odd") == "odd"
    finally:
        unregister_bots("names-test")
    assert level_name("names-test", "wild") == "wild"  # forgotten with its bots


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_the_lobby_gives_every_level_its_translated_name(lang: str) -> None:
    from pegboard.web.lobby import game_info

    _ = translator(lang)
    for name in pegboard.games.names():
        game = pegboard.games.get(name)
        info = game_info(game, _)
        assert set(info["bot_names"]) == set(info["bots"])
        for level in info["bots"]:
            assert info["bot_names"][level] == _(level_name(name, level))
        for level in set(info["bots"]) & set(PEOPLE_LEVELS):
            shown = info["bot_names"][level]
            assert shown != level
            if lang != "en":
                assert shown != LEVEL_NAMES[level]  # translated, not the English


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_player_page_names_a_bot_opponent_by_its_level(lang: str) -> None:
    from pegboard.web.player_page import opponent_name

    _ = translator(lang)
    for level in PEOPLE_LEVELS:
        assert opponent_name("bot", level, None, _) == _(LEVEL_NAMES[level])


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_app_offers_the_levels_by_their_translated_names(lang: str) -> None:
    from pegboard.tui.setup import level_name as tui_level_name

    _ = translator(lang)
    for name in pegboard.games.names():
        for level in pegboard.games.get(name).bot_levels():
            assert tui_level_name(level, _, name) == _(level_name(name, level))
    assert tui_level_name("expert", _) == _(LEVEL_NAMES["expert"])


def test_play_names_the_bots_level_in_the_players_language() -> None:
    from pegboard.cli.main import app

    game = pegboard.games.names()[0]
    level = next(lv for lv in bot_levels(game) if lv in PEOPLE_LEVELS)
    for lang in LANGUAGES:
        result = CliRunner().invoke(
            app,
            ["play", game, "--plain", "--bots", level, "--seed", "3", "--lang", lang],
            input="quit\n",
        )
        shown = translator(lang)(LEVEL_NAMES[level])
        assert shown != LEVEL_NAMES[level]
        assert shown in result.output, result.output
