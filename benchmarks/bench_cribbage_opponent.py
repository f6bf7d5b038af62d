"""The cribbage expert's model of the other seat's hidden cards (issue 43): calibration.

    python -m benchmarks cribbage_opponent [--hands 200] [--samples 1000] [--seed 900000]

Plays the first hand of ``--hands`` games (``Game.new(seed=s, dealer=s % 2)``, from 0-0)
with the expert in both seats, and at every pegging decision where the other seat still
holds cards asks ``pegboard.cribbage.bots.opponent.rank_chances`` how likely the other
seat is to hold each rank, with three models: ``uniform`` (the deals alone), ``discard``
(weighed by its discard) and ``discard+plays`` (and by its plays, the expert's model). It
prints each model's Brier score and log loss over every (decision, rank) prediction and its
calibration: in bins of the predicted chance, the mean prediction beside the frequency
with which the other seat did hold the rank. A model that knows more scores lower; a
calibrated one has the two columns equal within the noise.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from benchmarks import quick
from pegboard.bots.base import Bot
from pegboard.cribbage import Game
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.opponent import rank_chances
from pegboard.cribbage.observation import CribbageObservation

MODELS = {
    "uniform": (False, False),
    "discard": (True, False),
    "discard+plays": (True, True),
}
"""A model's name and what it reads: (the discard, the plays)."""

BINS = 10


@dataclass(frozen=True, slots=True)
class Position:
    """A pegging decision: the seat's observation, and the ranks the other seat held."""

    view: CribbageObservation
    held: frozenset[int]


@dataclass(frozen=True, slots=True)
class Calibration:
    """A model's predictions against what was held: the Brier score, the log loss, and per
    bin of the prediction (tenths) its mean prediction, observed frequency and size."""

    brier: float
    log_loss: float
    bins: tuple[tuple[float, float, int], ...]


def self_play_positions(hands: int, seed: int, expert: Bot | None = None) -> list[Position]:
    """Every pegging decision of the first hand of ``hands`` games of the expert (or
    ``expert``) against itself (seeds ``seed``...) where the other seat still holds a card."""
    positions = []
    if expert is None:
        expert = CribbageExpert()
    for s in range(seed, seed + hands):
        game = Game.new(seed=s, dealer=s % 2)
        rng = random.Random(s)
        while game.hand_number == 1 and not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.observation(seat)
            other = 1 - seat
            if view.phase == "pegging" and view.hand_sizes[other]:
                held = frozenset(c.rank for c in game.hands[other])
                positions.append(Position(view, held))
            game.apply(expert.choose(view, rng), seat=seat)
    return positions


def calibration(
    positions: Sequence[Position], samples: int, model: str, seed: int = 1
) -> Calibration:
    """``model``'s chances (``MODELS``) over ``positions``, each from ``samples`` deals."""
    read_discard, read_plays = MODELS[model]
    rng = random.Random(seed)
    brier = 0.0
    loss = 0.0
    count = 0
    sums = [[0.0, 0, 0] for _ in range(BINS)]
    for position in positions:
        chances = rank_chances(position.view, rng, samples, read_discard, read_plays)
        for rank in range(1, 14):
            p = chances[rank - 1]
            held = rank in position.held
            brier += (p - held) ** 2
            clipped = min(max(p, 1e-4), 1 - 1e-4)
            loss -= math.log(clipped if held else 1 - clipped)
            count += 1
            row = sums[min(BINS - 1, int(p * BINS))]
            row[0] += p
            row[1] += held
            row[2] += 1
    bins = tuple((p / n, h / n, int(n)) for p, h, n in sums if n)
    return Calibration(brier / count, loss / count, bins)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=8 if quick() else 200)
    parser.add_argument("--samples", type=int, default=100 if quick() else 1000)
    parser.add_argument("--seed", type=int, default=900_000)
    args = parser.parse_args(sys.argv[1:])
    began = time.process_time()
    positions = self_play_positions(args.hands, args.seed)
    print(
        f"{len(positions)} pegging decisions of the expert against itself "
        f"({args.hands} hands, seeds {args.seed}..., {time.process_time() - began:.0f} s); "
        f"{args.samples} deals a decision"
    )
    for model in MODELS:
        began = time.process_time()
        result = calibration(positions, args.samples, model)
        print(
            f"\n{model}: Brier {result.brier:.5f}, log loss {result.log_loss:.5f} "
            f"({time.process_time() - began:.0f} s)"
        )
        print("| predicted | held | predictions |")
        print("|---|---|---|")
        for predicted, held, n in result.bins:
            print(f"| {predicted:.3f} | {held:.3f} | {n} |")
    print(f"(the other seat held {statistics.fmean(len(p.held) for p in positions):.2f} ranks)")


if __name__ == "__main__":
    main()
