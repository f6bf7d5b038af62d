"""Decision times of the cribbage simulation player (issue 43's research level
``simulation``) and of the expert, over the same hands played between them.

    .venv/bin/python benchmarks/bench_cribbage_simulation.py [--hands 60] [--budget 320]

Each seed's first hand (``Game.new(seed=s, dealer=s % 2)``) is played by the expert and
the simulation player, each seat in turn (duplicate), and every decision with more than
one legal action is timed in CPU seconds of this process (``time.process_time``: on a
shared machine the wall clock counts the other processes too). Per bot and phase it
prints the median, 95th percentile and slowest decision, and per deal the bot's seconds
over all its decisions of the hand. ``--budget`` is the simulation player's (its discard
simulations; the pegging's in proportion, ``simulation@N`` in the arena).

``arena_levels`` registers two halves of it for the arena, to tell where it loses
(``PEGBOARD_GAMES=benchmarks.bench_cribbage_simulation:arena_levels``):
``simulation-discard`` discards as the simulation player and pegs as the expert,
``simulation-pegging`` discards as the expert and pegs as the simulation player.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

from benchmarks import quick
from pegboard.bots.base import Bot
from pegboard.core import Action, Observation
from pegboard.cribbage import Game
from pegboard.cribbage.actions import Discard
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.simulation import DISCARD_SIMULATIONS, SimulationPlayer


class Halves:
    """The simulation player's discards or its pegging, the expert's for the rest."""

    name = "simulation-halves"

    def __init__(self, simulated: str) -> None:
        self.simulated = simulated
        self.simulation = SimulationPlayer()
        self.expert = CribbageExpert()

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = observation.legal_actions()
        discard = bool(legal) and isinstance(legal[0], Discard)
        if discard == (self.simulated == "discard"):
            return self.simulation.choose(observation, rng)
        return self.expert.choose(observation, rng)


def arena_levels() -> Any:
    """A plug-in for the arena (see the module's text): registers the two halves as
    cribbage levels in every process of the run, for measurement only, and returns
    cribbage."""
    from pegboard.cribbage import description as cribbage
    from pegboard.games import register_bot

    register_bot("cribbage", "simulation-discard", lambda: Halves("discard"))
    register_bot("cribbage", "simulation-pegging", lambda: Halves("pegging"))
    return cribbage.GAME


def _p95(spent: Sequence[float]) -> float:
    ordered = sorted(spent)
    return ordered[min(len(ordered) - 1, math.ceil(0.95 * len(ordered)) - 1)]


def timings(hands: int, budget: int = DISCARD_SIMULATIONS) -> dict[str, dict[str, list[float]]]:
    """Per bot, per phase ("discard", "pegging", "deal"), the seconds each took."""
    simulation = SimulationPlayer()
    simulation.budget = budget
    bots: dict[str, Bot] = {"expert": CribbageExpert(), "simulation": simulation}
    times = {name: {"discard": [], "pegging": [], "deal": []} for name in bots}
    for seed in range(hands):
        for seating in (("expert", "simulation"), ("simulation", "expert")):
            game = Game.new(seed=seed, dealer=seed % 2)
            rngs = [random.Random(seed * 2 + s) for s in (0, 1)]
            spent = dict.fromkeys(bots, 0.0)
            while not game.is_over and game.hand_number == 1:
                seat = game.current_player
                assert seat is not None
                name = seating[seat]
                seen = game.observation(seat)
                began = time.process_time()
                action = bots[name].choose(seen, rngs[seat])
                took = time.process_time() - began
                if len(seen.legal) > 1 and seen.phase in ("discard", "pegging"):
                    times[name][seen.phase].append(took)
                spent[name] += took
                game.apply(action, seat=seat)
            for name, total in spent.items():
                times[name]["deal"].append(total)
    return times


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=5 if quick() else 60)
    parser.add_argument("--budget", type=int, default=DISCARD_SIMULATIONS)
    args = parser.parse_args(argv)
    for name, phases in timings(args.hands, args.budget).items():
        for phase, spent in phases.items():
            print(
                f"{name} {phase}: median {statistics.median(spent) * 1e3:.1f} ms, "
                f"p95 {_p95(spent) * 1e3:.1f} ms, max {max(spent) * 1e3:.1f} ms, "
                f"mean {statistics.fmean(spent) * 1e3:.1f} ms over {len(spent)}"
            )


if __name__ == "__main__":
    main()
