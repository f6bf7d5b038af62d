"""The arena plays what it says: deals from seeds, seatings rotated, bots given only
observations, and the same run for the same seed whatever the number of workers."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any, ClassVar, TypeVar

import pytest

from pegboard.arena import (
    ArenaConfig,
    BotError,
    LocalRunner,
    plan,
    play_batch,
    run_arena,
    summarize,
)
from pegboard.arena.deals import Batch
from pegboard.core import Action, Observation
from pegboard.cribbage import CribbageObservation, Game
from pegboard.draw import PASS, DrawObservation, Round, target_for
from pegboard.games import levels as registry
from pegboard.games import make_bot

T = TypeVar("T")
R = TypeVar("R")


def _draw(players: int, deals: int = 24, **kw: Any) -> ArenaConfig:
    bots = ("greedy", "random", "random", "greedy")[:players]
    return ArenaConfig("draw", bots, deals=deals, seed=17, **kw)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_arena_is_deterministic_for_a_seed(players: int) -> None:
    config = _draw(players)
    first = run_arena(config)
    assert run_arena(config) == first
    assert len(first) == config.deals
    other = run_arena(ArenaConfig("draw", config.bots, deals=config.deals, seed=18))
    assert [r.points for r in other] != [r.points for r in first]


@pytest.mark.parametrize(
    "config",
    [
        ArenaConfig("draw", ("greedy", "random", "random"), deals=30, seed=3, duplicate=True),
        ArenaConfig("cribbage", ("random", "random"), deals=30, seed=3),
    ],
    ids=["draw-3-duplicate", "cribbage"],
)
def test_results_do_not_depend_on_the_number_of_workers(config: ArenaConfig) -> None:
    one = run_arena(config, LocalRunner(1))
    two = run_arena(config, LocalRunner(2))
    assert one == two
    assert summarize(config, one) == summarize(config, two)


class ReversedRunner:
    """A runner that returns results in the worst order: the arena must sort them."""

    workers = 3

    def map(self, fn: Callable[[T], R], tasks: Sequence[T]) -> Iterator[R]:
        return iter([fn(task) for task in reversed(tasks)])


def test_any_runner_gives_the_same_results() -> None:
    config = _draw(2, deals=20)
    assert run_arena(config, ReversedRunner()) == run_arena(config)


def test_progress_reaches_the_total() -> None:
    seen: list[tuple[int, int]] = []
    config = _draw(3, deals=10, duplicate=True)
    run_arena(config, progress=lambda done, total: seen.append((done, total)))
    assert seen[0] == (0, 30)
    assert seen[-1] == (30, 30)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_duplicate_plays_each_seed_once_per_seating(players: int) -> None:
    config = _draw(players, deals=6, duplicate=True)
    results = run_arena(config)
    assert len(results) == players * config.deals
    by_deal: dict[int, list[Any]] = {}
    for r in results:
        by_deal.setdefault(r.deal, []).append(r)
    seeds = set()
    for plays in by_deal.values():
        assert len({p.seed for p in plays}) == 1
        seeds.add(plays[0].seed)
        assert sorted(p.rotation for p in plays) == list(range(players))
        # Every entrant sits in every seat exactly once.
        for seat in range(players):
            assert sorted(p.seating[seat] for p in plays) == list(range(players))
    assert len(seeds) == config.deals


def test_ordinary_mode_rotates_the_seating_from_deal_to_deal() -> None:
    tasks = plan(_draw(3, deals=9))
    assert Counter(t.seating[0] for t in tasks) == {0: 3, 1: 3, 2: 3}
    assert len({t.seed for t in tasks}) == 9


def test_a_draw_deal_scores_only_its_winner() -> None:
    # D13/D14: the round's points go to one seat, or to nobody when the lowest count ties.
    for r in run_arena(_draw(4, deals=30)):
        assert sum(1 for p in r.points if p) <= 1
        assert all(p >= 0 for p in r.points)


def _manual_cribbage_hand(task: Any) -> tuple[int, ...]:
    """One hand from 0-0, played here with the bots the arena would build."""
    game = Game.new(seed=task.seed, dealer=task.seed % 2)
    bots = [make_bot("cribbage", "random", seed=task.bot_seeds[seat]) for seat in range(2)]
    while not game.is_over and game.hand_number == 1:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    assert game.hand_number == 2 and len(game.shows) == 1
    by_entrant = [0, 0]
    for seat, entrant in enumerate(task.seating):
        by_entrant[entrant] = game.scores[seat]
    return tuple(by_entrant)


def test_a_cribbage_deal_is_one_hand_from_love_all() -> None:
    config = ArenaConfig("cribbage", ("random", "random"), deals=12, seed=9)
    tasks = plan(config)
    results = play_batch(Batch("cribbage", config.bots, False, None, tuple(tasks)))
    for task, result in zip(tasks, results, strict=True):
        assert result.points == _manual_cribbage_hand(task)
        # One hand's pegging, show and crib never come near 121 (C7) from 0-0.
        assert min(result.points) >= 0 and max(result.points) < 121


def test_draw_matches_end_at_the_target() -> None:
    config = ArenaConfig("draw", ("greedy", "random", "random"), deals=3, matches=True, seed=2)
    for r in run_arena(config):
        assert max(r.points) >= target_for(3)  # D17


def test_cribbage_games_end_at_121() -> None:
    config = ArenaConfig("cribbage", ("random", "random"), deals=3, matches=True, seed=2)
    for r in run_arena(config):
        assert max(r.points) >= 121 > min(r.points)  # C7


def test_greedy_beats_random_at_draw_by_a_clear_margin() -> None:
    config = ArenaConfig("draw", ("greedy", "random"), deals=60, duplicate=True, seed=1)
    summary = summarize(config, run_arena(config))
    margin = summary.margins[0]
    assert (margin.first, margin.second, margin.paired) == ("greedy", "random", True)
    assert margin.estimate.low > 0
    greedy, rand = summary.bots
    assert greedy.record.wins > rand.record.wins
    assert greedy.record.games == rand.record.games == 120


def test_elo_only_for_more_than_two_bots() -> None:
    two = summarize(_draw(2, deals=5), run_arena(_draw(2, deals=5)))
    assert all(b.elo is None for b in two.bots)
    three = summarize(_draw(3, deals=5), run_arena(_draw(3, deals=5)))
    ratings = [b.elo for b in three.bots]
    assert all(r is not None for r in ratings)
    assert sum(r for r in ratings if r is not None) / 3 == pytest.approx(1500.0)


class SpyBot:
    """Records what it is handed; plays uniformly at random."""

    name = "spy"
    seen: ClassVar[list[type]] = []

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        SpyBot.seen.append(type(observation))
        legal = observation.legal_actions()
        return legal[rng.randrange(len(legal))]


@pytest.mark.parametrize(
    ("game", "expected", "forbidden"),
    [("draw", DrawObservation, Round), ("cribbage", CribbageObservation, Game)],
)
def test_the_arena_hands_bots_observations_only(
    monkeypatch: pytest.MonkeyPatch, game: str, expected: type, forbidden: type
) -> None:
    monkeypatch.setitem(registry._FACTORIES[game], "spy", SpyBot)
    monkeypatch.setattr(SpyBot, "seen", [])
    config = ArenaConfig(game, ("spy", "random"), deals=5, seed=4)
    run_arena(config)
    assert SpyBot.seen
    assert set(SpyBot.seen) == {expected}
    assert not any(issubclass(t, forbidden) for t in SpyBot.seen)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game": "chess", "bots": ("random", "random")}, "the games are draw, cribbage"),
        ({"game": "draw", "bots": ("random",)}, "2, 3, 4 players"),
        ({"game": "cribbage", "bots": ("random",) * 5}, "2, 3, 4 players"),
        ({"game": "draw", "bots": ("random", "wizard")}, "no 'wizard' bot for draw"),
        ({"game": "draw", "bots": ("random", "random"), "deals": 0}, "at least 1"),
        ({"game": "draw", "bots": ("random", "random"), "budget": 0}, "budget"),
    ],
)
def test_bad_configurations_are_named(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ArenaConfig(**kwargs)


def test_labels_number_a_level_that_enters_twice() -> None:
    assert _draw(4).labels == ("greedy#1", "random#1", "random#2", "greedy#2")
    assert _draw(2).labels == ("greedy", "random")


class BrokenBot:
    name = "broken"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        raise ValueError("cannot read this observation")


class CheatingBot:
    name = "cheat"

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return PASS  # never legal while a draw or a play is possible (D8)


@pytest.mark.parametrize(
    ("bot", "message"),
    [(BrokenBot, "the broken bot failed at seat"), (CheatingBot, "illegal action pass")],
)
def test_a_failing_bot_is_named_with_its_deal(
    monkeypatch: pytest.MonkeyPatch, bot: type, message: str
) -> None:
    monkeypatch.setitem(registry._FACTORIES["draw"], "bad", bot)
    with pytest.raises(BotError, match=message):
        run_arena(ArenaConfig("draw", ("bad", "random"), deals=2))
