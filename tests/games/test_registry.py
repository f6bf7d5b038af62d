"""The games registry (``pegboard.games``, issue 11): games found by name, their options
checked with errors that cite the rule, matches started, replayed and read back through
the description alone."""

from __future__ import annotations

import doctest
import random
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import replace

import pytest

import pegboard.games
from pegboard.core import IllegalActionError
from pegboard.cribbage import CribbageMatch
from pegboard.draw import Match
from pegboard.games import Game, OptionError, OutOfTurnError, UnknownGameError
from tests.games import toy as toy_game


def test_the_registry_knows_draw_and_cribbage_and_its_docstring_runs() -> None:
    assert pegboard.games.names() == ("draw", "cribbage", "all-fives", "fives-and-threes")
    assert doctest.testmod(pegboard.games).failed == 0


def test_an_unknown_game_is_refused_naming_the_choices() -> None:
    with pytest.raises(UnknownGameError) as refused:
        pegboard.games.get("chess")
    assert str(refused.value) == (
        "no game 'chess'; the games are draw, cribbage, all-fives, fives-and-threes"
    )
    with pytest.raises(LookupError):
        pegboard.games.get(["draw"])


@pytest.mark.parametrize(
    ("game", "request_", "option", "rule", "message"),
    [
        ("draw", {"players": 5}, "players", "D1", "Draw is for 2, 3 or 4 players (D1)."),
        ("draw", {}, "players", "D1", "Draw is for 2, 3 or 4 players (D1)."),
        ("draw", {"players": True}, "players", "D1", "Draw is for 2, 3 or 4 players (D1)."),
        (
            "draw",
            {"players": 2, "target": 501},
            "target",
            "D17",
            "A target is a whole number of points from 1 to 500 (D17).",
        ),
        (
            "cribbage",
            {"players": 5},
            "players",
            "C2",
            "Cribbage is for 2 players (C2), 3 (C8), or 4 in two partnerships, partners "
            "opposite (C9).",
        ),
        (
            "cribbage",
            {"best_of": 2},
            "best_of",
            None,
            "A cribbage match is the best of 1, 3, 5 or 7 games.",
        ),
    ],
)
def test_options_out_of_range_are_refused_citing_the_rule(
    game: str, request_: dict[str, object], option: str, rule: str | None, message: str
) -> None:
    with pytest.raises(OptionError) as refused:
        pegboard.games.get(game).check_options(request_)
    assert (refused.value.option, refused.value.rule, str(refused.value)) == (option, rule, message)


def test_options_are_completed_with_their_defaults() -> None:
    draw, cribbage = pegboard.games.get("draw"), pegboard.games.get("cribbage")
    assert draw.check_options({"players": 3, "other": 1}) == {
        "players": 3,
        "target": None,
        "block": 0,
        "partnerships": 0,
        "set": 6,
    }
    assert draw.check_options({"players": 2, "target": 500}) == {
        "players": 2,
        "target": 500,
        "block": 0,
        "partnerships": 0,
        "set": 6,
    }
    assert cribbage.check_options({}) == {"players": 2, "best_of": 3, "cards": 6, "muggins": 0}
    assert cribbage.option("best_of").choices == (1, 3, 5, 7)
    assert (draw.min_players, draw.max_players) == (2, 4)
    assert draw.players({"players": 4}) == 4 and cribbage.players({"best_of": 5}) == 2


def test_bot_levels_come_from_the_bots_registry() -> None:
    from pegboard.games import bot_levels

    for name in pegboard.games.names():
        assert pegboard.games.get(name).bot_levels() == bot_levels(name)
        assert {"random", "greedy", "expert"} <= set(bot_levels(name))


def random_log(game: Game, options: dict[str, object], seed: int) -> Iterator[tuple[int, str]]:
    """A match of random legal moves through the description, as ``(seat, action)``."""
    match = game.new_match(options, seed)
    rng = random.Random(seed)
    for _ in range(60):
        seat = match.current_player
        if seat is None:
            return
        action = str(rng.choice(list(match.observation(seat).legal_actions())))
        yield seat, game.play(match, seat, action).notation


@pytest.mark.parametrize(
    ("name", "options", "engine"),
    [
        ("draw", {"players": 3, "target": None}, lambda seed: Match(3, seed=seed)),
        (
            "cribbage",
            {"players": 2, "best_of": 1},
            lambda seed: CribbageMatch(best_of=1, seed=seed),
        ),
    ],
)
def test_a_match_started_and_replayed_through_the_description_is_the_engines(
    name: str, options: dict[str, object], engine: object
) -> None:
    game = pegboard.games.get(name)
    log = list(random_log(game, options, seed=21))
    replayed = game.replay(options, 21, log)
    direct = engine(21)  # type: ignore[operator]
    assert direct.to_record() == game.new_match(options, 21).to_record()
    assert game.from_record(replayed.to_record()).to_record() == replayed.to_record()


def test_play_refuses_a_seat_out_of_turn_and_an_illegal_move_changing_nothing() -> None:
    game = pegboard.games.get("draw")
    match = game.new_match({"players": 2, "target": None}, 4)
    before = match.to_record()
    seat = match.current_player
    assert seat is not None
    with pytest.raises(OutOfTurnError):
        game.play(match, 1 - seat, "draw")
    with pytest.raises(IllegalActionError) as illegal:
        game.play(match, seat, "pass")  # a pass is only for a player who cannot move (D9)
    assert illegal.value.rule is not None
    with pytest.raises(ValueError):
        game.play(match, seat, "nonsense")
    assert match.to_record() == before


def test_a_game_registered_from_outside_is_found_by_name() -> None:
    toy = replace(pegboard.games.get("cribbage"), name="toy-cribbage", bots=("random",))
    pegboard.games.register(toy)
    try:
        assert pegboard.games.names()[-1] == "toy-cribbage"
        assert pegboard.games.get("toy-cribbage") is toy
        assert toy.bot_levels() == ("random",)
        with pytest.raises(ValueError):
            pegboard.games.register(replace(toy))  # one game to a name
    finally:
        pegboard.games.unregister("toy-cribbage")
    assert "toy-cribbage" not in pegboard.games.names()


def test_a_games_own_look_on_a_surface_is_found_through_the_registry() -> None:
    pytest.importorskip("fastapi", reason="the web's views come with the web extra")
    from pegboard.cribbage.looks.web import cribbage_view
    from pegboard.draw.looks.web import draw_view

    draw, cribbage = pegboard.games.get("draw").looks, pegboard.games.get("cribbage").looks
    assert draw.web is not None and draw.web() is draw_view
    assert cribbage.web is not None and cribbage.web() is cribbage_view
    # The toy has only a page module and a rules page of its own: every other surface
    # draws it generically.
    assert replace(toy_game.GAME.looks, page=None, assets=(), rules=None) == pegboard.games.Looks()


def test_describing_a_game_loads_none_of_its_looks() -> None:
    """The registry names each look by a function that imports it: loading the games
    imports no surface, so a surface's optional dependencies stay optional."""
    code = (
        "import sys, pegboard.games as g; g.names(); "
        "print(sorted(m for m in sys.modules if '.looks.' in m or m.split('.')[:2] in "
        "(['pegboard', 'web'], ['pegboard', 'tui'], ['pegboard', 'openspiel'], "
        "['pegboard', 'envs'], ['pegboard', 'cli'])))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    ).stdout.strip()
    assert loaded == "[]", loaded
