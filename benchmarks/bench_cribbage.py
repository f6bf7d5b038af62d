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
RUNS = 5

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


def median_seconds(jobs: dict[str, Callable[[], object]], runs: int) -> dict[str, float]:
    """Median wall time of each job; the jobs take turns in every round, so that a change
    in the load of a shared machine touches them alike and their ratio stays fair."""
    times: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(runs):
        for name, job in jobs.items():
            start = time.perf_counter()
            job()
            times[name].append(time.perf_counter() - start)
    return {name: statistics.median(seconds) for name, seconds in times.items()}


def theirs_card(card: Card) -> tuple[int, str]:
    return (card.rank, card.suit)


def main() -> None:
    try:
        import cribbage_scorer.cribbage_scorer as cs  # type: ignore[import-untyped]
    except ImportError:
        print("bench_cribbage: cribbage-scorer is not installed (pip install cribbage-scorer)")
        cs = None

    deals = sample_deals()
    plays = sample_pegging()
    print(f"bench_cribbage: {SAMPLE:,} seeded (hand, starter) pairs, seed {SEED}")
    jobs: dict[str, Callable[[], object]] = {
        "ours": lambda: [score_hand(h, s) for h, s in deals],
        "peg": lambda: [peg_points(p) for p in plays],
        "tables": lambda: (
            rank_distribution(range(1, 14)),
            rank_distribution(range(1, 14), is_crib=True),
        ),
    }
    if cs is not None:
        theirs_deals = [([theirs_card(c) for c in h], theirs_card(s)) for h, s in deals]
        check_show(cs, deals, theirs_deals)
        check_crib_flushes(cs)
        check_pegging(cs)
        if "--every-hand" in sys.argv:
            check_every_hand(cs)
        jobs["theirs"] = lambda: [cs.show_calc_score(s, h) for h, s in theirs_deals]
        theirs_plays = [[theirs_card(c) for c in p] for p in plays]
        jobs["theirs peg"] = lambda: [cs.play_score_ongoing(p, False) for p in theirs_plays]

    seconds = median_seconds(jobs, RUNS)
    ours_rate = SAMPLE / seconds["ours"]
    print(f"  medians of {RUNS} interleaved runs:")
    print(f"  pegboard score_hand:             {ours_rate:>12,.0f} hands/s")
    print(
        f"  pegboard both exact tables (2 x {ALL_HANDS:,} pairs): {seconds['tables']:.3f} s;"
        f" scoring them one by one would take {2 * ALL_HANDS / ours_rate:.1f} s"
    )
    peg_rate = len(plays) / seconds["peg"]
    print(f"  pegboard peg_points:             {peg_rate:>12,.0f} plays/s")
    if cs is None:
        return
    theirs_peg_rate = len(plays) / seconds["theirs peg"]
    print(f"  cribbage-scorer play_score_ongoing: {theirs_peg_rate:>9,.0f} plays/s")
    theirs_rate = SAMPLE / seconds["theirs"]
    theirs_all = ALL_HANDS / theirs_rate
    print(f"  cribbage-scorer show_calc_score: {theirs_rate:>12,.0f} hands/s")
    print(f"  ratio score_hand / cribbage-scorer: {ours_rate / theirs_rate:,.1f}x (goal >= 10x)")
    print(
        f"  cribbage-scorer for all {ALL_HANDS:,} pairs at that rate: {theirs_all:,.0f} s;"
        f" 1/100 of it: {theirs_all / 100:.1f} s"
    )
    print(
        f"  both pegboard tables take {seconds['tables']:.3f} s ="
        f" 1/{theirs_all / seconds['tables']:,.0f} of that (goal: under 1/100)"
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


def check_crib_flushes(cs: Any) -> None:
    """The crib differs from a hand only when the four cards share a suit: compare every such
    crib (4 x C(13,4) = 2,860 of them) with each of its 48 starters."""
    from itertools import combinations

    checked = disagreements = 0
    for suit in ("S", "H", "D", "C"):
        for crib in combinations([c for c in DECK if c.suit == suit], 4):
            their_crib = [theirs_card(c) for c in crib]
            for starter in DECK:
                if starter in crib:
                    continue
                checked += 1
                theirs, _ = cs.show_calc_score(theirs_card(starter), their_crib, True)
                if theirs != score_hand(crib, starter, is_crib=True):
                    disagreements += 1
    print(f"  one-suit cribs: {disagreements} of {checked:,} crib scores differ")


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
    main()
