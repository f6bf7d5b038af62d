"""Complete random hands of the Fives family per second, beside Draw's rounds, through the
public API in the same run.

Run: ``.venv/bin/python -m benchmarks fives`` (``--quick`` for a smoke test).

Each contender plays seeded hands with a random policy, the loop every bot and the arena
runs::

    hand = FivesHand.deal(FivesRules("all-fives", players=2), seed=s)
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))

Draw's 2-player ``Round`` (its C core when compiled, else the pure one) is the baseline:
the contenders alternate batch by batch over several repetitions, and the table shows the
medians and each game's ratio to Draw's rate measured in the same process. ``FivesHand``
runs on its C core when compiled (``pegboard.fives.hand.CORE``); ``PureFivesHand``, the same
class on the pure-Python reference core, is timed beside it. Issue 42's goal: every
``FivesHand`` row at least half of Draw's rounds per second.
"""

from __future__ import annotations

import random
from functools import partial

from benchmarks import batch_seconds, median, quick, repetitions, save_results, table
from benchmarks.bench_draw import Contender, count_actions, measure, play_rounds
from pegboard.draw.round import CORE, Round
from pegboard.fives import FivesHand, FivesRules
from pegboard.fives.hand import CORE as FIVES_CORE
from pegboard.fives.hand import PureFivesHand
from pegboard.fives.rules import GameName

SETTINGS: tuple[tuple[GameName, int, bool | None], ...] = (
    ("all-fives", 2, None),
    ("all-fives", 4, True),
    ("fives-and-threes", 2, None),
    ("fives-and-threes", 4, True),
)
"""The game, the seats and partnerships of each contender (2 alone, 4 in partnerships)."""


GOAL = 0.5
"""Issue 42: the Fives family's random hands per second, on its C core, at least half of
Draw's rounds per second in the same run."""


def play_hands(hand_class: type[FivesHand], rules: FivesRules, n: int, batch: int) -> None:
    """``n`` complete random hands, with seeds and choices drawn from ``batch``."""
    rng = random.Random(batch)
    first = batch * 1_000_003
    for seed in range(first, first + n):
        hand = hand_class.deal(rules, seed=seed, leader=seed % rules.players)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))


def count_hand_actions(rules: FivesRules, n: int) -> float:
    """Mean player actions per hand (untimed)."""
    rng = random.Random(-1)
    total = 0
    for seed in range(n):
        hand = FivesHand.deal(rules, seed=seed, leader=seed % rules.players)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
            total += 1
    return total / n


def contenders() -> list[Contender]:
    found = [
        Contender(
            f"Draw Round, 2 players ({CORE} core)",
            lambda n, b: play_rounds(Round, n, b),
            count_actions(Round, 200),
        )
    ]
    classes = [(FivesHand, FIVES_CORE)]
    if PureFivesHand is not FivesHand:
        classes.append((PureFivesHand, "python"))
    for hand_class, core in classes:
        for game, players, partnerships in SETTINGS:
            rules = FivesRules(game, players, partnerships=partnerships)
            seats = f"{players} in partnerships" if partnerships else f"{players} alone"
            found.append(
                Contender(
                    f"{game}, {seats} ({core} core)",
                    partial(play_hands, hand_class, rules),
                    count_hand_actions(rules, 200),
                )
            )
    return found


def main() -> None:
    found = contenders()
    measure(found)
    base = median(found[0].rates)
    rows = [
        [
            c.name,
            f"{median(c.rates):,.0f}",
            f"{min(c.rates):,.0f}-{max(c.rates):,.0f}",
            f"{c.actions_per_round:.1f}",
            f"{1e6 / (median(c.rates) * c.actions_per_round):.2f}",
            f"{median(c.rates) / base:.2f}x",
        ]
        for c in found
    ]
    mode = "quick mode, " if quick() else ""
    print(
        "Complete random hands (Draw: rounds) per second through the public API "
        f"({mode}median of {repetitions()} interleaved batches of ~{batch_seconds():g} s)"
    )
    print(table(["engine", "hands/s", "range", "actions/hand", "us/action", "vs Draw"], rows))
    ratios = [median(c.rates) / base for c in found[1 : 1 + len(SETTINGS)]]
    verdict = "met" if min(ratios) >= GOAL else "NOT met"
    print(
        f"FivesHand ({FIVES_CORE} core) vs Draw's rounds/s: {min(ratios):.2f}x to "
        f"{max(ratios):.2f}x (goal: at least {GOAL}x in every setting: {verdict})"
    )
    path = save_results(
        "fives",
        {
            "contenders": [
                {
                    "name": c.name,
                    "batch": c.batch,
                    "per_second": c.rates,
                    "median_per_second": median(c.rates),
                    "actions_per_hand": c.actions_per_round,
                    "ratio_to_draw": median(c.rates) / base,
                }
                for c in found
            ]
        },
    )
    print(f"results: {path}")


if __name__ == "__main__":
    main()
