"""Bots decide from a seat's observation alone, choose only legal actions, and are
deterministic given a seed; the greedy Draw bot sheds its heaviest tile (D12-D14) and
draws only when forced (D7).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from pegboard.bots import Bot, RandomBot, SeededBot
from pegboard.core import Action
from pegboard.draw import DRAW, PASS, DrawTile, End, Line, Match, Pass, Play, Round, Tile
from pegboard.draw.bots.basic import GreedyBot
from pegboard.games import bot_levels, make_bot, register_bot
from pegboard.games import levels as registry


def _play_round(round_: Round, bots: Sequence[SeededBot]) -> list[Action]:
    """Play a round to its end; check every choice against the seat's legal actions."""
    chosen: list[Action] = []
    while not round_.is_over:
        seat = round_.current_player
        assert seat is not None
        observation = round_.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions(), f"{action} is not legal"
        round_.apply(action)
        chosen.append(action)
    return chosen


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["random", "greedy"])
def test_bots_choose_only_legal_actions(players: int, level: str) -> None:
    for seed in range(40):
        bots = [make_bot("draw", level, seed=seed * 10 + s) for s in range(players)]
        round_ = Round.deal(players, seed=seed, leader=seed % players)
        _play_round(round_, bots)
        assert round_.result is not None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_whole_matches_through_match_observations(players: int) -> None:
    match = Match(players, seed=players)
    bots = [make_bot("draw", "greedy" if s % 2 else "random", seed=s) for s in range(players)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        observation = match.observation(seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions()
        match.apply(action)
    assert max(match.scores) >= match.target


@dataclass(frozen=True)
class BareObservation:
    """Only what the Observation protocol promises: a seat and its legal actions."""

    seat: int
    legal: tuple[Action, ...]

    def legal_actions(self) -> tuple[Action, ...]:
        return self.legal

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat}


def test_bots_need_nothing_but_the_observation() -> None:
    legal = (Play(Tile(2, 3), End(Tile(3, 3), "B")), Play(Tile(5, 6), End(Tile(6, 6), "B")), DRAW)
    for bot in (RandomBot(), GreedyBot()):
        assert isinstance(bot, Bot)
        assert bot.choose(BareObservation(0, legal), random.Random(0)) in legal


def test_bots_refuse_to_move_out_of_turn() -> None:
    round_ = Round.deal(2, seed=1, leader=0)
    with pytest.raises(ValueError, match="not its turn"):
        make_bot("draw", "random", seed=1).act(round_.observation(1))


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_same_seed_same_choices(level: str) -> None:
    def run(bot_seed: int) -> list[str]:
        round_ = Round.deal(3, seed=99, leader=0)
        bots = [make_bot("draw", level, seed=bot_seed + s) for s in range(3)]
        return [str(a) for a in _play_round(round_, bots)]

    assert run(5) == run(5)


def test_different_seeds_give_a_random_bot_different_choices() -> None:
    def run(bot_seed: int) -> list[str]:
        round_ = Round.deal(2, seed=3, leader=0)
        bots = [make_bot("draw", "random", seed=bot_seed + s) for s in range(2)]
        return [str(a) for a in _play_round(round_, bots)]

    assert len({tuple(run(seed)) for seed in range(0, 50, 2)}) > 1


def test_d7_greedy_plays_its_heaviest_tile_even_when_it_could_draw() -> None:
    line = Line.from_plays([(Tile(3, 5), None)])
    round_ = Round.from_position(
        [[Tile(0, 3), Tile(5, 6), Tile(3, 4), Tile(1, 1)], [Tile(2, 2)]],
        stock=[Tile(0, 0), Tile(0, 1), Tile(0, 2), Tile(4, 4)],
        line=line,
    )
    observation = round_.observation(0)
    assert DRAW in observation.legal_actions()  # drawing is allowed (D6)...
    choice = GreedyBot().choose(observation, random.Random(0))
    assert choice == Play(Tile(5, 6), End(Tile(3, 5), "high"))  # ...but greedy plays [5|6]


def test_greedy_prefers_a_double_among_equally_heavy_tiles() -> None:
    line = Line.from_plays([(Tile(2, 3), None)])
    round_ = Round.from_position(
        [[Tile(1, 3), Tile(2, 2), Tile(0, 4)], [Tile(6, 6)]], stock=[], line=line
    )
    for seed in range(10):  # [1|3] and [2|2] both count 4: the double goes first
        choice = GreedyBot().choose(round_.observation(0), random.Random(seed))
        assert isinstance(choice, Play) and choice.tile == Tile(2, 2)


def test_d7_greedy_draws_only_when_it_cannot_play() -> None:
    for seed in range(30):
        round_ = Round.deal(2, seed=seed, leader=0)
        bots = [make_bot("draw", "greedy", seed=seed), make_bot("draw", "greedy", seed=-seed)]
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            action = bots[seat].act(observation)
            plays = [a for a in observation.legal_actions() if isinstance(a, Play)]
            if plays:
                assert isinstance(action, Play)
                assert action.tile.pips == max(p.tile.pips for p in plays)
            elif DRAW in observation.legal_actions():
                assert isinstance(action, DrawTile)
            else:
                assert isinstance(action, Pass) and action is PASS
            round_.apply(action)


@pytest.mark.parametrize(("players", "factor"), [(2, 2.0), (3, 1.5)])
def test_greedy_outscores_random_over_hundreds_of_seeded_rounds(
    players: int, factor: float
) -> None:
    """Greedy against random bots, every seat and leader in turn, 300 seeded rounds.

    Measured when written: 2 players, greedy 4243 points against 859; 3 players, greedy
    4987 against 1445 for each random bot. The check asks for a much smaller margin.
    """
    greedy_points = random_points = 0
    for seed in range(300):
        greedy_seat = seed % players
        bots = [
            make_bot("draw", "greedy" if s == greedy_seat else "random", seed=1000 * seed + s)
            for s in range(players)
        ]
        round_ = Round.deal(players, seed=seed, leader=(seed // players) % players)
        _play_round(round_, bots)
        points = round_.returns()
        greedy_points += points[greedy_seat]
        random_points += sum(points) - points[greedy_seat]
    per_random_bot = random_points / (players - 1)
    assert greedy_points > factor * per_random_bot


def test_registry_names_the_choices() -> None:
    assert {"random", "greedy"} <= set(bot_levels("draw"))
    assert "random" in bot_levels("cribbage")
    with pytest.raises(ValueError, match="choose one of: random, greedy"):
        make_bot("draw", "genius", seed=1)
    with pytest.raises(ValueError, match="no bots for the game 'chess'"):
        make_bot("chess", "random", seed=1)


def test_registry_takes_new_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    # a private copy of the registry, so that the level does not outlive this test
    monkeypatch.setattr(
        registry, "_FACTORIES", {g: dict(v) for g, v in registry._FACTORIES.items()}
    )

    class FirstBot:
        name = "first"

        def choose(self, observation: Any, rng: random.Random) -> Action:
            return observation.legal_actions()[0]  # type: ignore[no-any-return]

    register_bot("draw", "first-test", FirstBot)
    bot = make_bot("draw", "first-test", seed=0)
    round_ = Round.deal(2, seed=4, leader=0)
    assert bot.act(round_.observation(0)) == round_.legal_actions()[0]
    assert bot.name == "first"
