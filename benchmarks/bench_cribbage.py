"""Cribbage scoring speed: pegboard against the ``cribbage-scorer`` package (PyPI).

Run: ``.venv/bin/python benchmarks/bench_cribbage.py`` (``pip install cribbage-scorer``, in
the ``bench`` extra); add ``--every-hand`` to also compare all 12,994,800 hand scores with
cribbage-scorer (several minutes). On one seeded sample of 20,000 (4-card hand, starter) pairs it

* checks that both libraries give every hand (and crib) the same score, and compares their
  pegging scores on seeded random play sequences, printing any disagreement;
* measures hands per second of ``score_hand`` and of ``cribbage_scorer.show_calc_score``
  (median of several runs) and their ratio;
* times the two exact tables of ``score_distribution`` (hand and crib, all 12,994,800 pairs
  each) against the time cribbage-scorer would need to score 12,994,800 pairs at its rate.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from pegboard.cribbage import DECK, Card, peg_points, score_breakdown, score_hand
from pegboard.cribbage.stats import ALL_HANDS, rank_distribution

SEED = 20_000
SAMPLE = 20_000
RUNS_OURS = 7
RUNS_THEIRS = 3
RUNS_TABLES = 5

Deal = tuple[tuple[Card, Card, Card, Card], Card]


def sample_deals(seed: int = SEED, size: int = SAMPLE) -> list[Deal]:
    rng = random.Random(seed)
    deals: list[Deal] = []
    for _ in range(size):
        a, b, c, d, starter = rng.sample(DECK, 5)
        deals.append(((a, b, c, d), starter))
    return deals


def sample_pegging(seed: int = SEED, size: int = SAMPLE) -> list[list[Card]]:
    """Random play sequences since a reset, never passing 31."""
    rng = random.Random(seed + 1)
    sequences: list[list[Card]] = []
    while len(sequences) < size:
        deck = list(DECK)
        rng.shuffle(deck)
        played: list[Card] = []
        for card in deck:
            if sum(c.value for c in played) + card.value > 31:
                break
            played.append(card)
            sequences.append(list(played))
    return sequences[:size]


def median_seconds(job: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        job()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def theirs_card(card: Card) -> tuple[int, str]:
    return (card.rank, card.suit)


def main() -> None:
    try:
        import cribbage_scorer.cribbage_scorer as cs
    except ImportError:
        print("bench_cribbage: cribbage-scorer is not installed (pip install cribbage-scorer)")
        cs = None

    deals = sample_deals()
    print(f"bench_cribbage: {SAMPLE:,} seeded (hand, starter) pairs, seed {SEED}")
    ours_s = median_seconds(lambda: [score_hand(h, s) for h, s in deals], RUNS_OURS)
    ours_rate = SAMPLE / ours_s
    print(f"  pegboard score_hand: {ours_rate:>12,.0f} hands/s  (median of {RUNS_OURS})")

    tables_s = median_seconds(
        lambda: (rank_distribution(range(1, 14)), rank_distribution(range(1, 14), True)),
        RUNS_TABLES,
    )
    print(
        f"  pegboard both exact tables (2 x {ALL_HANDS:,} pairs): {tables_s:.3f} s"
        f"  (median of {RUNS_TABLES}); scoring one by one would take"
        f" {2 * ALL_HANDS / ours_rate:.1f} s"
    )
    if cs is None:
        return

    theirs_deals = [([theirs_card(c) for c in h], theirs_card(s)) for h, s in deals]
    check_show(cs, deals, theirs_deals)
    check_pegging(cs)
    if "--every-hand" in sys.argv:
        check_every_hand(cs)

    theirs_s = median_seconds(
        lambda: [cs.show_calc_score(s, h) for h, s in theirs_deals], RUNS_THEIRS
    )
    theirs_rate = SAMPLE / theirs_s
    print(
        f"  cribbage-scorer show_calc_score: {theirs_rate:>8,.0f} hands/s (median of {RUNS_THEIRS})"
    )
    print(f"  ratio score_hand / cribbage-scorer: {ours_rate / theirs_rate:,.1f}x (goal >= 10x)")
    theirs_all = ALL_HANDS / theirs_rate
    print(
        f"  cribbage-scorer for all {ALL_HANDS:,} pairs at that rate: {theirs_all:,.0f} s;"
        f" 1/100 of it: {theirs_all / 100:.1f} s"
    )
    print(
        f"  both pegboard tables take {tables_s:.3f} s = 1/{theirs_all / tables_s:,.0f} of"
        f" cribbage-scorer's one table (goal: under 1/100)"
    )


def check_every_hand(cs: Any) -> None:
    """Compare the hand (not crib) scores of all 12,994,800 pairs: minutes, not seconds."""
    from itertools import combinations

    start = time.perf_counter()
    checked = disagreements = 0
    for hand in combinations(DECK, 4):
        their_hand = [theirs_card(c) for c in hand]
        for starter in DECK:
            if starter in hand:
                continue
            checked += 1
            theirs, _ = cs.show_calc_score(theirs_card(starter), their_hand, False)
            if theirs != score_hand(hand, starter):
                disagreements += 1
                if disagreements <= 10:
                    print(f"  DISAGREE {' '.join(map(str, hand))} + {starter}")
    seconds = time.perf_counter() - start
    print(f"  every pair: {disagreements} of {checked:,} hand scores differ ({seconds:.0f} s)")


def check_show(cs: Any, deals: Sequence[Deal], theirs: Sequence[Any]) -> None:
    disagreements = 0
    for is_crib in (False, True):
        for (hand, starter), (their_hand, their_starter) in zip(deals, theirs, strict=True):
            ours = score_hand(hand, starter, is_crib)
            their_points, their_text = cs.show_calc_score(their_starter, their_hand, is_crib)
            if ours != their_points:
                disagreements += 1
                if disagreements <= 10:
                    cards = " ".join(str(c) for c in hand)
                    print(
                        f"  DISAGREE {'crib' if is_crib else 'hand'} {cards} + {starter}:"
                        f" pegboard {ours} ({score_breakdown(hand, starter, is_crib).say()});"
                        f" cribbage-scorer {their_points} ({their_text})"
                    )
    print(f"  show scores (hand and crib) that differ: {disagreements} of {2 * len(deals):,}")


def check_pegging(cs: Any) -> None:
    sequences = sample_pegging()
    disagreements = 0
    for played in sequences:
        ours = peg_points(played)
        # last_card=False: the go / last-card point (C5) is not the card's own score.
        _, theirs, text = cs.play_score_ongoing([theirs_card(c) for c in played], False)
        if ours != theirs:
            disagreements += 1
            if disagreements <= 10:
                cards = " ".join(str(c) for c in played)
                print(f"  DISAGREE pegging {cards}: pegboard {ours}; theirs {theirs} ({text})")
    print(f"  pegging scores that differ: {disagreements} of {len(sequences):,}")


if __name__ == "__main__":
    sys.exit(main())
