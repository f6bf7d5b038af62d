"""What the Fives family's tables for 3 and 4 players alone lose to their reduction
(docs/odds.md, issue 37): their chances against whole matches simulated from the same
sampled hands with every seat's own score.

    python -m benchmarks.fives_odds_field [MATCHES]

The tables of three and four players alone keep one seat's score against the mean of the
others' (``pegboard.fives.odds.solve``). Here the same hands (the data file's samples)
are strung into matches from a few states, each seat with its own score, the leader as F3
says, the target as F9 says: the chance that the reduction approximates, to within the
simulation's own error (printed).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from typing import Any

from pegboard.analysis import odds
from pegboard.fives import odds as fives_odds
from pegboard.fives.rules import FivesRules

STATES: dict[str, list[tuple[str, tuple[int, ...], int]]] = {
    "all-fives": [
        ("3", (0, 0, 0), 0),
        ("3", (100, 150, 50), 1),
        ("3", (180, 120, 160), 0),
        ("4", (0, 0, 0, 0), 0),
        ("4", (60, 120, 30, 90), 2),
        ("4", (150, 175, 100, 50), 0),
    ],
    "fives-and-threes": [
        ("3", (0, 0, 0), 0),
        ("3", (30, 45, 20), 1),
        ("3", (55, 40, 58), 0),
        ("4", (0, 0, 0, 0), 0),
        ("4", (20, 35, 10, 30), 2),
        ("4", (50, 56, 40, 59), 0),
    ],
}


def simulate(
    rules: FivesRules,
    hands: Sequence[Any],
    scores: tuple[int, ...],
    leader: int,
    matches: int,
    rng: random.Random,
) -> list[float]:
    """Per seat, the share of ``matches`` it wins from ``scores`` with ``leader`` to lead,
    each hand drawn from ``hands`` (places counted from its leader)."""
    n = rules.players
    wins = [0] * n
    for _ in range(matches):
        score, lead = list(scores), leader
        winner = None
        while winner is None:
            following, end, plays = hands[rng.randrange(len(hands))]
            for k in range(0, len(plays), 2):
                seat, points = (lead + plays[k]) % n, plays[k + 1]
                if rules.exact and score[seat] + points > rules.target:
                    continue
                score[seat] += points
                if fives_odds.reached(rules, score[seat]):
                    winner = seat
                    break
            if winner is None and end:
                for place, points in enumerate(end):
                    score[(lead + place) % n] += points
                over = fives_odds.finished(rules, score)
                if over is not None:
                    winner = over.index(1.0) if 1.0 in over else -1
            lead = rng.randrange(n) if following == fives_odds.LOT else (lead + following) % n
        if winner >= 0:
            wins[winner] += 1
    return [w / matches for w in wins]


def main() -> None:
    matches = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    rng = random.Random(37)
    for game, states in STATES.items():
        path = fives_odds.data_path(game)  # type: ignore[arg-type]
        data = odds.read(path)
        worst = 0.0
        for configuration, scores, leader in states:
            rules = fives_odds.configuration_rules(game, configuration)  # type: ignore[arg-type]
            table = fives_odds.side_chances(path, rules, scores, leader)
            played = simulate(rules, data["samples"][configuration], scores, leader, matches, rng)
            gap = max(abs(a - b) for a, b in zip(table, played, strict=True))
            worst = max(worst, gap)
            print(
                f"{game} {configuration} {scores} leader {leader}: "
                f"table {[round(p, 3) for p in table]}, matches {[round(p, 3) for p in played]}"
                f", largest gap {gap:.3f}"
            )
        error = 0.5 / matches**0.5
        print(
            f"{game}: largest gap {worst:.3f} (the simulation's own standard error <= {error:.3f})"
        )


if __name__ == "__main__":
    main()
