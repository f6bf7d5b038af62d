"""The cribbage expert's discard: the value of each way to lay two cards in the crib, with
a model of the opponent's, and how likely an opponent's discard is (which weighs the deals
the pegging search draws: ``pegboard.cribbage.bots.opponent``).

**Discard** (C2, C6). For each of the 15 ways to lay two cards away:

- *hand*: the mean of the four kept cards' score over the 46 possible starters (every card
  not among the seat's six), exact;
- *crib*: first the exact mean score of the crib over every pair the opponent may lay away
  and every starter left (C(46,2) x 44 = 45,540 equally likely cases, a uniform opponent),
  computed by rank patterns (fifteens, pairs and runs depend only on the five ranks), plus
  the crib flush (all five of one suit) and nobs counted apart; a test checks it against
  the plain enumeration. Then, with ``opponent="model"`` (the default), the shift from the
  uniform opponent to one that discards as the expert would, for this pair of ranks, from
  the generated table ``pegboard.cribbage.bots.crib_table`` (see
  benchmarks/gen_crib_table.py): a pone keeps its fives and tens out of the dealer's crib,
  a dealer lays its pairs and fifteens in its own.
- *net*: hand + crib for the dealer, hand - crib for the pone.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Final, Literal

from pegboard.cribbage.actions import Discard
from pegboard.cribbage.bots import crib_table
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.scoring import RANK_TABLE, score_hand


def expected_hand_total(kept: Sequence[Card], starters: Sequence[Card]) -> int:
    """The sum of the four kept cards' score over ``starters`` (the 46 unseen cards)."""
    return sum(score_hand(kept, s) for s in starters)


def expected_hand(kept: Sequence[Card], starters: Sequence[Card]) -> float:
    """The mean score of ``kept`` over every starter in ``starters`` (C6)."""
    return expected_hand_total(kept, starters) / len(starters)


def _triples(unseen: Sequence[Card]) -> list[tuple[int, int]]:
    """Every rank pattern of three unseen cards, as (sum of rank keys, number of ways)."""
    by_rank = [0] * 14
    for card in unseen:
        by_rank[card.rank] += 1
    patterns: list[tuple[int, int]] = []
    for ranks in combinations_with_replacement(range(1, 14), 3):
        ways = 1
        for rank in set(ranks):
            ways *= comb(by_rank[rank], ranks.count(rank))
        if ways:
            patterns.append((sum(5 ** (r - 1) for r in ranks), ways))
    return patterns


def crib_total(
    discards: Sequence[Card], unseen: Sequence[Card], triples: list[tuple[int, int]] | None = None
) -> int:
    """The sum of the crib's score over every (opponent pair, starter) from ``unseen``.

    ``unseen`` holds the 46 cards the seat has not seen; the opponent's two and the starter
    are three of them, each 3-set arising in 3 ways (which one is the starter). Fifteens,
    pairs and runs come from the rank table; the flush (five of one suit only, C6) and nobs
    (a crib jack of the starter's suit) are counted apart.
    """
    first, second = discards
    n = len(unseen)
    if triples is None:
        triples = _triples(unseen)
    base = first.rank_key + second.rank_key
    total = 3 * sum(ways * RANK_TABLE[base + key] for key, ways in triples)
    suit_count = dict.fromkeys("SHDC", 0)
    for card in unseen:
        suit_count[card.suit] += 1
    if first.suit == second.suit:
        total += 5 * 3 * comb(suit_count[first.suit], 3)
    for card in discards:  # our jack: any starter of its suit, any opponent pair
        if card.rank == 11:
            total += suit_count[card.suit] * comb(n - 1, 2)
    for card in unseen:  # their jack: a starter of its suit, the jack and one more
        if card.rank == 11:
            total += (suit_count[card.suit] - 1) * (n - 2)
    return total


def expected_crib(discards: Sequence[Card], unseen: Sequence[Card]) -> float:
    """The crib's mean score given our ``discards``, under a uniform opponent (see above)."""
    n = len(unseen)
    return crib_total(discards, unseen) / (comb(n, 2) * (n - 2))


Opponent = Literal["model", "uniform"]
"""How the crib is valued: ``"model"``, the other seat discarding as the expert would (the
generated table's correction added to the exact uniform value), or ``"uniform"``, the other
seat throwing any two of the unseen cards alike (the expert of before issue 20)."""

_PAIR_AT: Final = {pair: i for i, pair in enumerate(crib_table.PAIRS)}


def _table_shift(table: Sequence[float]) -> tuple[Fraction, ...]:
    """Per pair of ranks, the model's crib less the uniform one, as exact fractions of the
    stored decimals (so that hand + crib stays exact arithmetic)."""
    return tuple(
        Fraction(f"{v:.6f}") - Fraction(f"{u:.6f}")
        for v, u in zip(table, crib_table.UNIFORM, strict=True)
    )


_OWN_SHIFT: Final = _table_shift(crib_table.OWN)
_OPP_SHIFT: Final = _table_shift(crib_table.OPP)


def model_shift(first: Card, second: Card, own_crib: bool) -> Fraction:
    """What the opponent's modelled discard adds to the uniform crib value of laying away
    ``first`` and ``second`` (negative for fives and tens in one's own crib: the pone
    keeps its own fives and tens out of it)."""
    low, high = sorted((first.rank, second.rank))
    i = _PAIR_AT[(low, high)]
    return _OWN_SHIFT[i] if own_crib else _OPP_SHIFT[i]


def table_crib(first_rank: int, second_rank: int, own_crib: bool) -> float:
    """The stored crib value of a pair of ranks (1-13), averaged over random hands."""
    low, high = sorted((first_rank, second_rank))
    i = _PAIR_AT[(low, high)]
    return (crib_table.OWN if own_crib else crib_table.OPP)[i]


@dataclass(frozen=True, slots=True)
class DiscardValue:
    """The exact values of one discard, as fractions: the hand, the crib and the net."""

    discard: Discard
    hand: Fraction
    crib: Fraction
    net: Fraction


def discard_values(
    hand: Sequence[Card], own_crib: bool, opponent: Opponent = "model"
) -> list[DiscardValue]:
    """Every discard from a six-card ``hand``, with its expected values.

    The hand is exact over the 46 starters; the crib is exact for a uniform opponent over
    every pair it may throw and every starter (the seat's own six cards taken out), plus,
    with ``opponent="model"``, the table's shift for a pair of these ranks (see
    ``pegboard.cribbage.bots.crib_table``).
    """
    if len(hand) != 6:
        raise ValueError(f"a discard is chosen from six cards, not {len(hand)} (C2)")
    mask = 0
    for card in hand:
        mask |= card.bit
    unseen = [c for c in DECK if not mask & c.bit]
    triples = _triples(unseen)
    cases = comb(len(unseen), 2) * (len(unseen) - 2)
    values = []
    for pair in combinations(sorted(hand, key=lambda c: c.index), 2):
        kept = [c for c in hand if c not in pair]
        exp_hand = Fraction(expected_hand_total(kept, unseen), len(unseen))
        exp_crib = Fraction(crib_total(pair, unseen, triples), cases)
        if opponent == "model":
            exp_crib += model_shift(pair[0], pair[1], own_crib)
        net = exp_hand + exp_crib if own_crib else exp_hand - exp_crib
        values.append(DiscardValue(Discard(pair[0], pair[1]), exp_hand, exp_crib, net))
    return values


# --- the opponent's discard, as evidence in the pegging --------------------------------

DISCARD_TEMPERATURE: Final = 1.0
"""Points: how sharply the pegging search believes the opponent preferred its best discard
(a softmax over its 15 discards' quick values). A discard a point worse than the best is
e (2.7) times less likely; one three points worse, twenty times."""


@lru_cache(maxsize=1 << 15)
def _kept_totals(ranks: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """For six cards' ranks (sorted), each pair of ranks laid away (low, high) and the kept
    four's score summed over the starters by rank (fifteens, pairs, runs; each rank as
    often as it is unseen). Suits are counted apart: this is the costly part, and the same
    for every six of these ranks."""
    by_rank = [4] * 14
    for rank in ranks:
        by_rank[rank] -= 1
    totals = {}
    for i, j in combinations(range(6), 2):
        key = sum(5 ** (r - 1) for k, r in enumerate(ranks) if k != i and k != j)
        total = 0
        for rank in range(1, 14):
            if by_rank[rank]:
                total += by_rank[rank] * RANK_TABLE[key + 5 ** (rank - 1)]
        totals[(ranks[i], ranks[j])] = total
    return totals


def quick_discard_values(
    six: Sequence[Card], own_crib: bool
) -> list[tuple[frozenset[Card], float]]:
    """A fast estimate of the 15 discards' net values from six cards, for weighting guesses
    at a hidden hand: the kept four's mean over the starter by rank (fifteens, pairs, runs),
    nobs and a kept four-card flush at their rates, and the crib from the stored table."""
    totals = _kept_totals(tuple(sorted(c.rank for c in six)))
    out = []
    for i, j in combinations(range(6), 2):
        first, second = six[i], six[j]
        kept = [c for k, c in enumerate(six) if k != i and k != j]
        pair = (first.rank, second.rank) if first.rank <= second.rank else (second.rank, first.rank)
        hand = totals[pair] / 46
        suits = {c.suit for c in kept}
        if len(suits) == 1:
            suit = next(iter(suits))
            hand += 4 + (9 - (first.suit == suit) - (second.suit == suit)) / 46
        for card in kept:
            if card.rank == 11:
                hand += (12 - sum(1 for c in six if c.suit == card.suit and c is not card)) / 46
        crib = table_crib(first.rank, second.rank, own_crib)
        out.append((frozenset((first, second)), hand + crib if own_crib else hand - crib))
    return out


def quick_discard(six: Sequence[Card], own_crib: bool) -> frozenset[Card]:
    """The two cards an expert-like player lays away from ``six`` at a glance: the best of
    ``quick_discard_values`` (of equals, the first in the order of ``combinations``)."""
    return max(quick_discard_values(six, own_crib), key=lambda value: value[1])[0]


def discard_likelihood(six: Sequence[Card], thrown: Sequence[Card], own_crib: bool) -> float:
    """How likely an expert-like player holding ``six`` is to throw ``thrown`` (softmax of
    the quick values with ``DISCARD_TEMPERATURE``)."""
    values = quick_discard_values(six, own_crib)
    best = max(v for _, v in values)
    target = frozenset(thrown)
    total = 0.0
    mine = 0.0
    for pair, value in values:
        weight = math.exp((value - best) / DISCARD_TEMPERATURE)
        total += weight
        if pair == target:
            mine += weight
    return mine / total
