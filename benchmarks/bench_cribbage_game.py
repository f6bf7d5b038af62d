"""Random complete cribbage games per second: pegboard's ``Game`` against OpenSpiel's C++.

Run: ``.venv/bin/python -m benchmarks.bench_cribbage_game`` (or the file as a script; add
``--games N --rounds R`` to change the work; ``pip install open_spiel``, in the ``bench``
extra, for the comparison, which is skipped with a message without it).

Both sides play whole two-player games to 121 with uniformly random moves, in the same loop
shape, through their public Python API:

* pegboard: ``Game.new(seed)``, then ``apply(rng.choice(legal_actions()))`` until
  ``is_over``. The deal, the cut and the counting happen inside ``apply``, so every action
  is a seat's decision (discard two cards, play a card, go); the game ends the moment a
  seat reaches 121 (C7), even in the middle of a hand.
* OpenSpiel (``pyspiel.load_game("cribbage")``, C++ driven from Python):
  ``new_initial_state()``, then at chance nodes ``apply_action(rng.choice(outcomes))`` and
  otherwise ``apply_action(rng.choice(legal_actions()))`` until ``is_terminal()``. Each
  dealt card and the starter is a chance action; passes are decisions. Its game is over
  once a score reaches 121, checked between actions, so a show can carry it past 121.

The sides take turns in every round (the order alternating), so a change in the load of a
shared machine touches both alike; the figures are medians over the rounds, wall clock.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.cribbage import Game

GAMES = 300
ROUNDS = 7
SEED = 121


@dataclass(frozen=True)
class Played:
    """What one batch of games did: the wall time, the games, and their actions."""

    seconds: float
    games: int
    decisions: int
    chance: int = 0

    @property
    def actions(self) -> int:
        return self.decisions + self.chance


def play_ours(games: int, seed: int = SEED) -> Played:
    """``games`` random games of pegboard cribbage, game ``i`` dealt from seed ``seed + i``."""
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for i in range(games):
        game = Game.new(seed=seed + i)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    return Played(time.perf_counter() - start, games, decisions)


def play_openspiel(spiel_game: Any, games: int, seed: int = SEED) -> Played:
    """``games`` random games of OpenSpiel's C++ cribbage, every chance outcome drawn
    uniformly from ``rng`` (the outcomes of a deal are equally likely)."""
    rng = random.Random(seed)
    decisions = chance = 0
    start = time.perf_counter()
    for _ in range(games):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
    return Played(time.perf_counter() - start, games, decisions, chance)


def load_openspiel() -> Any | None:
    try:
        import pyspiel  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        return None
    return pyspiel.load_game("cribbage")


def interleaved(jobs: dict[str, Callable[[], Played]], rounds: int) -> dict[str, list[Played]]:
    """Every job once per round, the order reversed every other round."""
    results: dict[str, list[Played]] = {name: [] for name in jobs}
    names = list(jobs)
    for number in range(rounds):
        for name in names if number % 2 == 0 else reversed(names):
            results[name].append(jobs[name]())
    return results


def games_per_second(runs: Sequence[Played]) -> float:
    return statistics.median(run.games / run.seconds for run in runs)


def actions_per_second(runs: Sequence[Played]) -> float:
    return statistics.median(run.actions / run.seconds for run in runs)


def report(name: str, runs: Sequence[Played]) -> None:
    rates = sorted(run.games / run.seconds for run in runs)
    first = runs[0]
    per_game = first.actions / first.games
    detail = ""
    if first.chance:
        detail = (
            f" ({first.decisions / first.games:.1f} decisions"
            f" + {first.chance / first.games:.1f} chance)"
        )
    print(
        f"  {name:<24} {games_per_second(runs):>6,.0f} games/s"
        f" (runs {rates[0]:,.0f}-{rates[-1]:,.0f})"
        f"  {actions_per_second(runs):>10,.0f} actions/s"
        f"  {per_game:6.1f} actions/game{detail}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    """Run the comparison; ``argv`` are this benchmark's options (none: the defaults, as
    when a runner of every benchmark calls ``main()``)."""
    parser = argparse.ArgumentParser(
        prog="bench_cribbage_game",
        description="Random cribbage games per second: pegboard against OpenSpiel.",
    )
    parser.add_argument("--games", type=int, default=GAMES, help="games per run and side")
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="interleaved runs per side")
    args = parser.parse_args([] if argv is None else list(argv))
    games, rounds = max(1, args.games), max(1, args.rounds)

    jobs: dict[str, Callable[[], Played]] = {"pegboard Game": lambda: play_ours(games)}
    spiel_game = load_openspiel()
    if spiel_game is None:
        print("bench_cribbage_game: open_spiel is not installed (pip install open_spiel);")
        print("  timing pegboard alone")
    else:
        jobs["OpenSpiel C++ (pyspiel)"] = lambda: play_openspiel(spiel_game, games)
    print(
        f"bench_cribbage_game: random 2-player games to 121, {games} games per run,"
        f" medians of {rounds} interleaved runs (wall clock)"
    )
    results = interleaved(jobs, rounds)
    for name, runs in results.items():
        report(name, runs)
    if spiel_game is not None:
        ours = games_per_second(results["pegboard Game"])
        theirs = games_per_second(results["OpenSpiel C++ (pyspiel)"])
        print(f"  ratio pegboard / OpenSpiel: {ours / theirs:.2f}x games/s")


if __name__ == "__main__":
    main(sys.argv[1:])
