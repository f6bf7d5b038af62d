"""Generate ``src/pegboard/cribbage/bots/crib_table.py``: the crib's value of each pair of
discarded ranks when the other seat discards as the expert would.

    .venv/bin/python benchmarks/gen_crib_table.py            # writes the table module
    .venv/bin/python benchmarks/gen_crib_table.py --check    # compares with the stored one
    .venv/bin/python benchmarks/gen_crib_table.py --observed 5-5   # as a record of play counts
    .venv/bin/python benchmarks/gen_crib_table.py --pegging 200000  # what each kept rank pegs

The model (suitless, like Hessel's tables over the 18,395 six-card rank multisets):

- a six-card hand is a multiset of ranks, weighted by how many suited hands it stands for;
  its starter is any of the 46 other cards;
- a hand's value for a discard is the mean score of the four kept ranks over the starter
  (fifteens, pairs, runs) plus nobs at its mean rate; the crib's value is the table's;
- the dealer lays away the two that make ``hand + own crib`` largest, the pone the two that
  make ``hand - opponent's crib`` largest (the first such discard in rank order on a tie),
  as the expert does: blind to the pegging, as Hessel's and Schell's computed tables are
  (``--pegging`` measures discarders that weigh it too, see ``pegging_by_rank``);
- ``OWN[p]`` (the dealer threw the ranks ``p``) is the mean crib over every pone hand drawn
  from the other 50 cards, the pone throwing by its rule, and the starter drawn from the 44
  cards left; ``OPP[p]`` (the pone threw ``p``) likewise over dealer hands;
- the two tables depend on each other through the rules, so they are iterated from the
  uniform opponent (``UNIFORM``: the other seat throws any two of its six alike) until
  neither changes (a fixed point: the test re-runs one step on a sample of pairs).

The values count fifteens, pairs and runs exactly, and nobs (a crib jack of the starter's
suit) at its mean rate; the crib flush (five of one suit, C6) is left to the bot, which
counts it exactly for the cards it holds. Deterministic: no random numbers are drawn (but
by ``--pegging``, from a fixed seed).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from functools import cached_property
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path

import numpy as np
import numpy.typing as npt

from pegboard.cribbage.bots.expert import PeggingSearch
from pegboard.cribbage.cards import DECK
from pegboard.cribbage.scoring import rank_points

RANKS = 13
JACK = 10  # rank index 0-12 (A=0)
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(range(RANKS), 2))
"""The 91 pairs of ranks (0-12, low first), in the order of the stored tables."""
PAIR_INDEX = {p: i for i, p in enumerate(PAIRS)}
DISCARDS = tuple(combinations(range(6), 2))
"""The 15 discards of a six-card hand, as positions in its sorted ranks."""

HAND_NOBS = (12 - 5 * 12 / 51) / 46
"""The chance that the starter is of a kept jack's suit: 12 cards of that suit less the
five other hand cards' mean share of it, among the 46 possible starters."""
CRIB_NOBS = (12 - 9 * 12 / 51) / 44
"""The same for a crib jack: the nine other cards of both hands, 44 possible starters."""

OUT = (
    Path(__file__).resolve().parent.parent / "src" / "pegboard" / "bots" / "cribbage_crib_table.py"
)

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def _rank_points_array() -> FloatArray:
    """Fifteens, pairs and runs of five ranks (0-12), indexed by the sorted ranks in base
    13; impossible multisets (five of a rank) are 0."""
    table = np.zeros(RANKS**5)
    for five in combinations_with_replacement(range(RANKS), 5):
        if five[0] != five[4]:
            index = 0
            for r in five:
                index = index * RANKS + r
            table[index] = rank_points([r + 1 for r in five])
    return table


def _index5(ranks: IntArray) -> IntArray:
    """Base-13 index of sorted rank quintuples along the last axis."""
    ordered = np.sort(ranks, axis=-1)
    index = np.zeros(ordered.shape[:-1], dtype=np.int64)
    for k in range(5):
        index = index * RANKS + ordered[..., k]
    return index


class Model:
    """Every suitless six-card hand with its discards' hand values, and the crib's score
    for every pair, pair and starter."""

    def __init__(self) -> None:
        points = _rank_points_array()
        hands = [
            h
            for h in combinations_with_replacement(range(RANKS), 6)
            if max(h.count(r) for r in set(h)) <= 4
        ]
        self.hands = np.array(hands, dtype=np.int64)  # (N, 6) sorted ranks
        n = len(hands)
        self.counts = np.zeros((n, RANKS), dtype=np.int64)
        for r in range(RANKS):
            self.counts[:, r] = (self.hands == r).sum(axis=1)
        pos = np.array(DISCARDS)  # (15, 2)
        keep = np.array([[k for k in range(6) if k not in d] for d in DISCARDS])  # (15, 4)
        thrown = self.hands[:, pos]  # (N, 15, 2)
        kept = self.hands[:, keep]  # (N, 15, 4)
        self.kept = kept
        pair_of = np.zeros((RANKS, RANKS), dtype=np.int64)
        for i, (a, b) in enumerate(PAIRS):
            pair_of[a, b] = pair_of[b, a] = i
        self.thrown = pair_of[thrown[..., 0], thrown[..., 1]]  # (N, 15) pair index
        starters = np.broadcast_to(np.arange(RANKS), (n, 15, RANKS))[..., None]
        five = np.concatenate(
            [np.broadcast_to(kept[:, :, None, :], (n, 15, RANKS, 4)), starters], axis=-1
        )
        scores = points[_index5(five)]  # (N, 15, 13)
        starter_p = (4 - self.counts) / 46.0  # (N, 13)
        self.hand_value = (scores * starter_p[:, None, :]).sum(axis=-1) + HAND_NOBS * (
            kept == JACK
        ).sum(axis=-1)
        # crib[p, q, s]: the crib of pairs p and q with starter s (0 when impossible).
        pa = np.array(PAIRS)
        quad = np.concatenate(
            [
                np.broadcast_to(pa[:, None, :], (91, 91, 2)),
                np.broadcast_to(pa[None, :, :], (91, 91, 2)),
            ],
            axis=-1,
        )
        five_c = np.concatenate(
            [
                np.broadcast_to(quad[:, :, None, :], (91, 91, RANKS, 4)),
                np.broadcast_to(np.arange(RANKS)[None, None, :, None], (91, 91, RANKS, 1)),
            ],
            axis=-1,
        )
        self.crib = points[_index5(five_c)] + CRIB_NOBS * (quad == JACK).sum(axis=-1)[..., None]
        self.pair_counts = np.zeros((91, RANKS), dtype=np.int64)
        for i, (a, b) in enumerate(PAIRS):
            self.pair_counts[i, a] += 1
            self.pair_counts[i, b] += 1
        choose = np.array([[comb(m, k) for k in range(7)] for m in range(5)], dtype=np.float64)
        self._choose = choose

    @cached_property
    def uniform(self) -> FloatArray:
        """The crib's mean for each pair when the other seat throws any two of its six."""
        return self.crib_values(np.full((len(self.hands), 15), 1 / 15))

    def policy(
        self, crib: FloatArray, own: bool, temperature: float, pegging: FloatArray | None = None
    ) -> FloatArray:
        """Per hand, the chance of each discard (N, 15): a softmax of hand + crib (own crib)
        or hand - crib, plus the kept ranks' ``pegging`` weights (13, for this seat) when
        given, with ``temperature`` points, nearly always the best discard."""
        sign = 1.0 if own else -1.0
        value = self.hand_value + sign * crib[self.thrown]
        if pegging is not None:
            value = value + pegging[self.kept].sum(axis=-1)
        value = value / temperature
        value -= value.max(axis=1, keepdims=True)
        weight = np.exp(value)
        return weight / weight.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]

    def crib_values(self, choice: FloatArray, pairs: Sequence[int] = range(91)) -> FloatArray:
        """The crib's mean for each pair in ``pairs`` thrown by one seat, the other seat's
        hand drawn from the 50 other cards and discarding by ``choice`` (N, 15)."""
        out = np.zeros(len(pairs))
        rows = np.arange(len(self.hands))[:, None]
        for k, p in enumerate(pairs):
            left = 4 - self.pair_counts[p]  # (13,)
            avail = left[None, :] - self.counts  # (N, 13)
            ok = (avail >= 0).all(axis=1)
            weight = np.where(ok, np.prod(self._choose[left[None, :], self.counts], axis=1), 0.0)
            starter_p = np.clip(avail, 0, None) / 44.0  # (N, 13)
            by_pair = starter_p @ self.crib[p].T  # (N, 91): the mean crib per other pair
            per = (choice * by_pair[rows, self.thrown]).sum(axis=1)
            out[k] = float((weight * per).sum() / weight.sum())
        return out


TEMPERATURE = 0.1
"""Points: how sharply the modelled discarder prefers its best discard (softmax)."""
DAMPING = 0.5
"""Each step moves the tables half way to the values the discarders' rules give, so that
the iteration settles instead of cycling between near-equal discards."""


Pegging = tuple[FloatArray, FloatArray] | None
"""The pone's and the dealer's pegging weight per rank, or None for discarders blind to
the pegging."""


def step(
    model: Model,
    own: FloatArray,
    opp: FloatArray,
    pairs: Sequence[int] = range(91),
    pegging: Pegging = None,
) -> tuple[FloatArray, FloatArray]:
    """The crib values that the discard rules given by ``own`` and ``opp`` make."""
    pone_w, dealer_w = pegging if pegging is not None else (None, None)
    pone = model.policy(opp, own=False, temperature=TEMPERATURE, pegging=pone_w)
    dealer = model.policy(own, own=True, temperature=TEMPERATURE, pegging=dealer_w)
    return model.crib_values(pone, pairs), model.crib_values(dealer, pairs)


def solve(
    model: Model, pegging: Pegging = None, tolerance: float = 1e-7, limit: int = 300
) -> tuple[FloatArray, FloatArray]:
    """Iterate OWN and OPP from the uniform opponent to the fixed point."""
    own, opp = model.uniform.copy(), model.uniform.copy()
    for count in range(1, limit + 1):
        new_own, new_opp = step(model, own, opp, pegging=pegging)
        change = max(np.abs(new_own - own).max(), np.abs(new_opp - opp).max())
        own = own + DAMPING * (new_own - own)
        opp = opp + DAMPING * (new_opp - opp)
        print(f"step {count}: largest change {change:.2e}", file=sys.stderr)
        if change < tolerance:
            break
    return own, opp


def observed_own(model: Model, own: FloatArray, opp: FloatArray, pair: int) -> float:
    """The crib's mean over the deals in which the dealer, discarding by its rule, lays
    away ``pair``: what a record of real play measures (Cribbage Pro's table), where the
    dealer's four kept cards, too, are out of the pone's hand and of the starter."""
    pone = model.policy(opp, own=False, temperature=TEMPERATURE)
    dealer = model.policy(own, own=True, temperature=TEMPERATURE)
    rows = np.arange(len(model.hands))[:, None]
    total = mass = 0.0
    holds = np.nonzero((model.thrown == pair).any(axis=1))[0]
    for h in holds:
        chance = float(dealer[h][model.thrown[h] == pair].sum())
        left = 4 - model.counts[h]
        avail = left[None, :] - model.counts
        ok = (avail >= 0).all(axis=1)
        weight = np.where(ok, np.prod(model._choose[left[None, :], model.counts], axis=1), 0.0)
        starter_p = np.clip(avail, 0, None) / 40.0
        by_pair = starter_p @ model.crib[pair].T
        per = (pone * by_pair[rows, model.thrown]).sum(axis=1)
        hand_weight = float(np.prod(model._choose[4, model.counts[h]])) * chance
        total += hand_weight * float((weight * per).sum() / weight.sum())
        mass += hand_weight
    return total / mass


def pegging_by_rank(deals: int, seed: int = 1) -> tuple[FloatArray, FloatArray, float]:
    """What each kept rank is worth in the pegging, for the pone and for the dealer: the
    least-squares weights of the pone's pegging minus the dealer's on the two hands' rank
    counts, over ``deals`` random pairs of four-card hands pegged out by the expert's exact
    minimax with both hands known (``PeggingSearch``; no shows, far from 121). Each weight
    is given against its seat's mean card, the dealer's from the dealer's side, so a rank
    above 0 is one that seat would rather keep. The third value is the mean margin."""
    rng = random.Random(seed)
    deck = sorted(card.rank for card in DECK)  # rank by rank, as docs/bots.md's run drew them
    counts = np.zeros((deals, 2 * RANKS))
    margin = np.zeros(deals)
    for k in range(deals):
        cards = rng.sample(deck, 8)
        pone, dealer = cards[:4], cards[4:]
        search = PeggingSearch([pone, dealer], 0, 1, (0, 0), (0, 0, 0))
        margin[k] = max(search.root(0, 0, [], (False, False)).values())
        for rank in pone:
            counts[k, rank - 1] += 1
        for rank in dealer:
            counts[k, RANKS + rank - 1] += 1
    weights = np.linalg.lstsq(counts, margin, rcond=None)[0]
    pone_w, dealer_w = weights[:RANKS], weights[RANKS:]
    return pone_w - pone_w.mean(), dealer_w.mean() - dealer_w, float(margin.mean())


NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def render(tables: dict[str, FloatArray]) -> str:
    lines = [
        '"""The crib\'s value of each pair of discarded ranks: generated by',
        "``benchmarks/gen_crib_table.py`` (do not edit; its docstring gives the model).",
        "",
        "``PAIRS[i]`` is a pair of ranks (1-13, low first); ``OWN[i]`` the mean crib when the",
        "dealer lays them in its own crib and the pone discards as the expert would; ``OPP[i]``",
        "when the pone lays them in the dealer's crib and the dealer discards as the expert",
        "would; ``UNIFORM[i]`` when the other seat throws any two of its six alike. Fifteens,",
        'pairs, runs and nobs at its mean rate; no crib flush."""',
        "",
        "from __future__ import annotations",
        "",
        "PAIRS: tuple[tuple[int, int], ...] = (",
    ]
    lines += [f"    ({a + 1}, {b + 1}),  # {NAMES[a]}-{NAMES[b]}" for a, b in PAIRS]
    lines.append(")")
    for name in ("OWN", "OPP", "UNIFORM"):
        lines.append(f"{name}: tuple[float, ...] = (")
        lines += [f"    {v:.6f}," for v in tables[name]]
        lines.append(")")
    return "\n".join(lines) + "\n"


def with_pegging(deals: int) -> None:
    """Print the pegging weights over ``deals`` deals, and the crib values of the pairs
    that issue 20 checks when both seats' discards weigh them too (``hand +/- crib +
    pegging``), beside the stored values (blind to the pegging)."""
    from pegboard.cribbage.bots import crib_table as stored

    pone_w, dealer_w, mean = pegging_by_rank(deals)
    print(f"{deals} deals; the pone's pegging minus the dealer's: {mean:+.2f}")
    for seat, weights in (("pone", pone_w), ("dealer", dealer_w)):
        line = " ".join(f"{n} {w:+.2f}" for n, w in zip(NAMES, weights, strict=True))
        print(f"{seat:>6}: {line}")
    own, opp = solve(Model(), (pone_w, dealer_w))
    print("pair      own crib: blind, weighing the pegging   opponent's crib: blind, weighing")
    for low, high in ((5, 5), (2, 3), (5, 11), (1, 1), (10, 13), (9, 12), (9, 13), (4, 5)):
        i = PAIR_INDEX[(low - 1, high - 1)]
        print(
            f"{NAMES[low - 1] + '-' + NAMES[high - 1]:<9} {stored.OWN[i]:5.2f} {own[i]:5.2f}"
            f"{'':27}{stored.OPP[i]:5.2f} {opp[i]:5.2f}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="compare with the stored module")
    parser.add_argument(
        "--observed",
        metavar="LOW-HIGH",
        help="print the stored table's own crib for ranks LOW-HIGH (1-13) and the crib's mean "
        "over the deals in which the modelled dealer lays them away (observed_own)",
    )
    parser.add_argument(
        "--pegging",
        metavar="DEALS",
        type=int,
        help="print what each kept rank is worth in the pegging to the pone and to the "
        "dealer, over DEALS random deals (pegging_by_rank), and the crib values when both "
        "seats' discards weigh it",
    )
    args = parser.parse_args(argv)
    if args.pegging:
        with_pegging(args.pegging)
        return 0
    if args.observed:
        from pegboard.cribbage.bots import crib_table as stored

        low, high = sorted(int(r) - 1 for r in args.observed.split("-"))
        own, opp = np.array(stored.OWN), np.array(stored.OPP)
        pair = PAIR_INDEX[(low, high)]
        observed = observed_own(Model(), own, opp, pair)
        print(
            f"{args.observed}: table {own[pair]:.2f}, over the deals it is laid away {observed:.2f}"
        )
        return 0
    model = Model()
    own, opp = solve(model)
    text = render({"OWN": own, "OPP": opp, "UNIFORM": model.uniform})
    if args.check:
        same = OUT.read_text() == text
        print("the stored table is up to date" if same else "the stored table differs")
        return 0 if same else 1
    OUT.write_text(text)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
