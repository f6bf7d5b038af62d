"""Complete random 2-player Draw rounds per second, through the public API.

Our loop is the one every bot and the arena runs::

    r = Round.deal(2, seed=s)
    while not r.is_over:
        r.apply(rng.choice(r.legal_actions()))

It is timed side by side with OpenSpiel's ``python_block_dominoes`` (a 2-player block game
written in Python on OpenSpiel's API), played by the same random policy, chance nodes
included::

    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))

and with ``PureRound`` (``Round`` on the pure-Python core). One process; the contenders
alternate batch by batch over several repetitions, and the table shows medians. OpenSpiel
is optional (``pip install -e '.[bench]'``); without it its row is skipped.

The two games differ in length: a Draw round has draws and passes (about 35 actions),
a block dominoes game about 10 actions after its 14 chance deals. The table reports the
actions per round, so both the per-round and the per-action figures can be read.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from benchmarks import (
    batch_seconds,
    calibrate,
    median,
    quick,
    repetitions,
    save_results,
    table,
)
from pegboard.draw.round import CORE, PureRound, Round

OPENSPIEL_GAME = "python_block_dominoes"
PLAYERS = 2


def play_rounds(round_class: type[Round], n: int, batch: int) -> None:
    """``n`` complete random rounds, with seeds and choices drawn from ``batch``."""
    rng = random.Random(batch)
    first = batch * 1_000_003
    for seed in range(first, first + n):
        r = round_class.deal(PLAYERS, seed=seed)
        while not r.is_over:
            r.apply(rng.choice(r.legal_actions()))


def count_actions(round_class: type[Round], n: int) -> float:
    """Mean player actions per round (untimed)."""
    rng = random.Random(-1)
    total = 0
    for seed in range(n):
        r = round_class.deal(PLAYERS, seed=seed)
        while not r.is_over:
            r.apply(rng.choice(r.legal_actions()))
            total += 1
    return total / n


def load_openspiel() -> Any | None:
    """OpenSpiel's game, or None (with a message) when it is not installed."""
    try:
        import pyspiel
        from open_spiel.python import games  # noqa: F401  (registers the Python games)
    except ImportError as error:
        print(
            f"OpenSpiel is not importable ({error}): its row is skipped. "
            "Install it with: pip install -e '.[bench]' (make bench does)."
        )
        return None
    return pyspiel.load_game(OPENSPIEL_GAME)


def play_openspiel(game: Any, n: int, batch: int) -> None:
    """``n`` complete random games of OpenSpiel's game, chance nodes included."""
    rng = random.Random(batch)
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))


def count_openspiel_actions(game: Any, n: int) -> float:
    rng = random.Random(-1)
    total = 0
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                total += 1
    return total / n


@dataclass
class Contender:
    name: str
    run: Callable[[int, int], None]
    actions_per_round: float
    batch: int = 0
    rates: list[float] = field(default_factory=list)


def contenders() -> list[Contender]:
    found = []
    if CORE == "c":
        found.append(
            Contender(
                "pegboard Round, C core",
                lambda n, b: play_rounds(Round, n, b),
                count_actions(Round, 200),
            )
        )
    else:
        print("The C core is not compiled (pegboard.draw.round.CORE is 'python'): skipped.")
    found.append(
        Contender(
            "pegboard Round, pure-Python core",
            lambda n, b: play_rounds(PureRound, n, b),
            count_actions(PureRound, 200),
        )
    )
    game = load_openspiel()
    if game is not None:
        found.append(
            Contender(
                f"OpenSpiel {OPENSPIEL_GAME}",
                lambda n, b: play_openspiel(game, n, b),
                count_openspiel_actions(game, 200),
            )
        )
    return found


def measure(found: list[Contender]) -> None:
    for c in found:
        c.batch = calibrate(c.run, batch_seconds())
    for rep in range(repetitions()):
        for c in found:  # interleaved: every repetition times each contender once
            start = time.perf_counter()
            c.run(c.batch, rep + 1)
            c.rates.append(c.batch / (time.perf_counter() - start))


def main() -> None:
    found = contenders()
    measure(found)
    reference = next((c for c in found if c.name.startswith("OpenSpiel")), None)
    base = median(reference.rates) if reference is not None else None
    rows = []
    for c in found:
        rate = median(c.rates)
        rows.append(
            [
                c.name,
                f"{rate:,.0f}",
                f"{min(c.rates):,.0f}-{max(c.rates):,.0f}",
                f"{c.actions_per_round:.1f}",
                f"{1e6 / (rate * c.actions_per_round):.2f}",
                "n/a" if base is None else f"{rate / base:.1f}x",
            ]
        )
    mode = "quick mode, " if quick() else ""
    print(
        f"Complete random {PLAYERS}-player rounds per second through the public API "
        f"({mode}median of {repetitions()} interleaved batches of ~{batch_seconds():g} s)"
    )
    print(
        table(
            ["engine", "rounds/s", "range", "actions/round", "us/action", "vs OpenSpiel"],
            rows,
        )
    )
    path = save_results(
        "draw",
        {
            "players": PLAYERS,
            "openspiel_game": OPENSPIEL_GAME if reference is not None else None,
            "contenders": [
                {
                    "name": c.name,
                    "batch_rounds": c.batch,
                    "rounds_per_second": c.rates,
                    "median_rounds_per_second": median(c.rates),
                    "actions_per_round": c.actions_per_round,
                    "ratio_to_openspiel": None if base is None else median(c.rates) / base,
                }
                for c in found
            ],
        },
    )
    print(f"results: {path}")


if __name__ == "__main__":
    main()
