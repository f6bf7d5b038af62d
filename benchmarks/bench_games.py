"""What the games registry costs a replay: ``Game.replay`` against the engine alone.

Run: ``.venv/bin/python -m benchmarks games`` (``--quick`` for a smoke test).

For each built-in game, random bots play ``MATCHES`` seeded matches and their logs are
kept. Each round then replays every log twice, in alternating order: once through the
engine alone (``new_match``, then ``match.apply(match.parse_action(text))`` for each
action: what a replay costs with no registry), and once through the registry
(``Game.replay``: the seat checked, the action parsed and applied, and the narration of
what it did built, as the server, the command line and the terminal app do for every
action). The figure is the median ratio of CPU time (registry / engine alone) over the
rounds, with both CPU times, so that the cost of the registry and of narration shows
beside a baseline measured in the same run.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import pegboard.games
from benchmarks import quick
from pegboard.games import Game, make_bot

MATCHES = 40
ROUNDS = 7
OPTIONS = {"draw": {"players": 3, "target": 100}, "cribbage": {"best_of": 1}}
"""Per game, the options of the matches (a short Draw match, a one-game cribbage match);
games not listed play their defaults."""

Log = list[tuple[int, str]]


def plain_apply(match: Any, seat: int, action: Any) -> None:
    match.apply(action)


def seated_apply(match: Any, seat: int, action: Any) -> None:
    match.apply(action, seat=seat)


ENGINE_APPLY: dict[str, Callable[[Any, int, Any], None]] = {"cribbage": seated_apply}
"""The engine's own call, where it is not ``match.apply(action)`` (cribbage names the seat,
since both seats discard at once)."""


def played_logs(game: Game, matches: int) -> list[tuple[dict[str, object], int, Log]]:
    """``matches`` matches of random bots, each as its options, seed and log."""
    options = game.check_options(OPTIONS.get(game.name, {}))
    logs = []
    for seed in range(matches):
        match = game.new_match(options, seed)
        bots = [make_bot(game.name, "random", seed=seed * 10 + s) for s in range(8)]
        log: Log = []
        while not match.is_over:
            seat = match.current_player
            action = bots[seat].act(match.observation(seat))
            log.append((seat, game.play(match, seat, str(action)).notation))
        logs.append((options, seed, log))
    return logs


def engine_alone(game: Game, logs: list[tuple[dict[str, object], int, Log]]) -> None:
    for options, seed, log in logs:
        match = game.new_match(options, seed)
        for seat, text in log:
            ENGINE_APPLY.get(game.name, plain_apply)(match, seat, match.parse_action(text))


def through_registry(game: Game, logs: list[tuple[dict[str, object], int, Log]]) -> None:
    for options, seed, log in logs:
        game.replay(options, seed, log)


def cpu_time(work: Callable[[], None]) -> float:
    start = time.process_time()
    work()
    return time.process_time() - start


def main() -> None:
    matches, rounds = (8, 3) if quick() else (MATCHES, ROUNDS)
    for name in pegboard.games.names():
        game = pegboard.games.get(name)
        logs = played_logs(game, matches)
        actions = sum(len(log) for _o, _s, log in logs)
        alone: list[float] = []
        registry: list[float] = []
        for round_number in range(rounds):
            pair = [
                (alone, partial(engine_alone, game, logs)),
                (registry, partial(through_registry, game, logs)),
            ]
            random.Random(round_number).shuffle(pair)
            for times, work in pair:
                times.append(cpu_time(work))
        ratios = [r / a for r, a in zip(registry, alone, strict=True)]
        print(
            f"{name}: {matches} matches, {actions} actions; engine alone "
            f"{statistics.median(alone) * 1e6 / actions:.1f} µs/action, through the registry "
            f"{statistics.median(registry) * 1e6 / actions:.1f} µs/action; "
            f"ratio {statistics.median(ratios):.2f} (median of {rounds})"
        )


if __name__ == "__main__":
    main()
