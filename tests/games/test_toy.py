"""The toy game (tests/games/toy/) keeps its own rules, through the registry alone: the
base every surface's test of it stands on."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys

import pytest

from pegboard import games
from pegboard.core import Event, IllegalActionError, Position
from pegboard.games import Game, OptionError, bot_levels, make_bot
from tests.games import toy


def test_the_toy_is_found_by_name_only_while_registered(toy_game: Game) -> None:
    assert "tricks" in games.names()
    assert games.get("tricks") is toy_game
    assert bot_levels("tricks") == ("random", "high")
    toy.uninstall()
    assert "tricks" not in games.names()
    with pytest.raises(games.UnknownGameError, match="draw, cribbage"):
        games.get("tricks")
    toy.install()


def test_its_options_name_the_rule(toy_game: Game) -> None:
    assert toy_game.check_options({}) == {"players": 2, "hand": 3}
    with pytest.raises(OptionError) as refused:
        toy_game.check_options({"hand": 5})
    assert refused.value.rule == "T1"
    assert str(refused.value) == "A hand is 1 to 4 cards (T1)."


def test_a_match_played_by_its_bots_replays_from_its_record(toy_game: Game) -> None:
    match = toy_game.new_match(toy_game.check_options({"hand": 4}), 11)
    assert isinstance(match, Position)
    bots = [make_bot("tricks", "high", seed=1), make_bot("tricks", "random", seed=2)]
    log: list[tuple[int, str]] = []
    events: list[Event] = []
    while not match.is_over:
        seat = match.current_player
        notation, said = toy_game.play(match, seat, str(bots[seat].act(match.observation(seat))))
        log.append((seat, notation))
        events.extend(said)
    assert sum(toy_game.scores(match)) == 4  # T4: a point a trick
    assert sum(e.kind == "score" for e in events) == 4
    assert str(events[0]) == f"seat 0 lays {log[0][1].removeprefix('lay ')}"
    record = json.loads(json.dumps(match.to_record()))
    assert toy_game.from_record(record).scores == match.scores
    assert toy_game.replay({"hand": 4}, 11, log).scores == match.scores


def test_an_illegal_card_names_t2_and_changes_nothing(toy_game: Game) -> None:
    match = toy_game.new_match({"hand": 3}, 5)
    foreign = sorted(toy.hidden_from(match, 0))[0]
    before = match.to_record()
    with pytest.raises(IllegalActionError) as refused:
        toy_game.play(match, 0, foreign)
    assert refused.value.rule == "T2"
    assert match.to_record() == before


def test_an_observation_holds_only_the_seat_s_own_cards(toy_game: Game) -> None:
    match = toy_game.new_match({"hand": 3}, 5)
    for seat in (0, 1):
        text = json.dumps(match.observation(seat).to_dict())
        assert not any(card in text for card in toy.hidden_from(match, seat))
        twin = match.sample_hidden(seat, random.Random(3))
        assert twin.observation(seat) == match.observation(seat)


def test_a_process_finds_the_toy_through_the_environment() -> None:
    env = {**os.environ, games.ENVIRONMENT: "tests.games.toy:plug_in"}
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "import pegboard.games as g;print(g.names(), g.bot_levels('tricks'))",
        ],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    assert shown.strip() == (
        "('draw', 'cribbage', 'all-fives', 'fives-and-threes', 'tricks') ('random', 'high')"
    )
