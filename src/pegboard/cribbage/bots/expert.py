"""The cribbage expert: discard values with a model of the opponent's, and pegging by search
over the cards the opponent can still hold.

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

**Pegging** (C4, C5). Determinized search: the opponent's unplayed cards and its two crib
cards are dealt among the unseen cards, respecting every public fact (its go's, C5);
``candidates`` such deals are drawn per deal searched, each weighted by how likely the
opponent's discard is from the six cards it gives it (``discard_likelihood``), and the
deals searched are resampled from them. In each deal the rest of the pegging is solved
exactly by minimax (suits play no part in the pegging, so cards are searched by rank and
equal ranks are tried once), and a card's value is its mean over the deals. The value of a
line is the seat's pegging points minus the opponent's; when a seat can reach 121 in this
hand, the line that gets there first (pegging, then the pone's show, the dealer's show and
the crib, C6 and C7) is worth ``WIN`` more (or less), so near the end the search plays to
win the game rather than for points. Deterministic for a seed and a number of
determinizations.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import Any, Final, Literal

from pegboard.bots.base import AnalysingBot, Evaluation, legal_or_raise
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard, Play
from pegboard.cribbage.bots import crib_table
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.determinize import HiddenDeal, game_view, hidden_deal
from pegboard.cribbage.events import TARGET
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import RANK_TABLE, peg_rank_points, score_hand

PEG_BOUND: Final = 60
"""At least what one seat can peg in a hand: four cards, each at most 2 + 12 + 1 (C4, C5)."""

WIN: Final = 100.0
"""What reaching 121 first in this hand is worth in the pegging search, in points."""

DISCARD_UNIT: Final = "expected net points"
PEGGING_UNIT: Final = "expected pegging margin"
ENDGAME_UNIT: Final = "expected pegging margin, a game won or lost worth ±100"

# --- discard ----------------------------------------------------------------------------


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

CANDIDATES: Final = 4
"""Hidden deals drawn per determinization searched: they are weighted by how likely the
opponent's discard is from the six cards each gives it, and resampled."""


def quick_discard_values(
    six: Sequence[Card], own_crib: bool
) -> list[tuple[frozenset[Card], float]]:
    """A fast estimate of the 15 discards' net values from six cards, for weighting guesses
    at a hidden hand: the kept four's mean over the starter by rank (fifteens, pairs, runs),
    nobs and a kept four-card flush at their rates, and the crib from the stored table."""
    by_rank = [4] * 14
    for card in six:
        by_rank[card.rank] -= 1
    out = []
    for i, j in combinations(range(6), 2):
        first, second = six[i], six[j]
        kept = [c for k, c in enumerate(six) if k != i and k != j]
        key = sum(c.rank_key for c in kept)
        total = 0
        for rank in range(1, 14):
            if by_rank[rank]:
                total += by_rank[rank] * RANK_TABLE[key + 5 ** (rank - 1)]
        hand = total / 46
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


def weighted_deals(
    view: CribbageObservation, rng: random.Random, count: int, candidates: int
) -> list[HiddenDeal]:
    """``count`` hidden deals for the pegging search, drawn in proportion to how likely
    the opponent's discard is from the six cards each gives it: ``candidates`` uniform
    deals are weighted by ``discard_likelihood`` and ``count`` drawn from them
    (systematic resampling, one random number)."""
    other = 1 - view.seat
    played_other = [c for s, c in view.played if s == other]
    deals = [hidden_deal(view, rng) for _ in range(candidates)]
    if not view.discarded[other]:
        return deals[:count]
    weights = []
    for deal in deals:
        six = [*played_other, *deal.hand, *deal.discards]
        weights.append(discard_likelihood(six, deal.discards, other == view.dealer))
    total = math.fsum(weights)
    step = total / count
    point = rng.random() * step
    chosen: list[HiddenDeal] = []
    running = 0.0
    for deal, weight in zip(deals, weights, strict=True):
        running += weight
        while point < running and len(chosen) < count:
            chosen.append(deal)
            point += step
    while len(chosen) < count:  # rounding at the very end
        chosen.append(deals[-1])
    return chosen


# --- pegging ----------------------------------------------------------------------------


def _value(rank: int) -> int:
    return rank if rank < 10 else 10


class PeggingSearch:
    """Exact minimax over the rest of one determinized pegging, cards by rank.

    ``hands`` are the ranks each seat still holds; ``shows`` the points of the pone's
    hand, the dealer's hand and the crib (counted after the pegging, in that order). Values
    are from ``me``'s side: its pegging points minus the other's from here on, ``WIN`` more
    (less) when it reaches 121 first in this hand. Positions are cached.
    """

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        me: int,
        dealer: int,
        scores: Sequence[int],
        shows: tuple[int, int, int],
    ) -> None:
        self.hands = [sorted(hands[0]), sorted(hands[1])]
        self.me = me
        self.dealer = dealer
        self.start = (scores[0], scores[1])
        self.shows = shows
        # Can anyone reach 121 this hand? 60 is more than one seat can peg in a hand.
        pone = 1 - dealer
        self.endgame = (
            scores[pone] + shows[0] + PEG_BOUND >= TARGET
            or scores[dealer] + shows[1] + shows[2] + PEG_BOUND >= TARGET
        )
        self.cache: dict[Any, float] = {}

    def root(
        self, current: int, count: int, pile: Sequence[int], gone: Sequence[bool]
    ) -> dict[int, float]:
        """The value of each rank ``current`` may play now (``{}`` if it must say go)."""
        s0, s1 = self.start
        pile_list = list(pile)
        hand = self.hands[current]
        out: dict[int, float] = {}
        for rank in sorted(set(hand)):
            if count + _value(rank) <= 31:
                out[rank] = self._play(current, rank, count, pile_list, gone[0], gone[1], s0, s1)
        return out

    def go_value(
        self, current: int, count: int, pile: Sequence[int], gone: Sequence[bool]
    ) -> float:
        s0, s1 = self.start
        return self._go(current, count, list(pile), gone[0], gone[1], s0, s1)

    # The recursion mirrors Game._play, Game._go and Game._end_sequence exactly.

    def _node(
        self, cur: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        key = (
            cur,
            count,
            tuple(pile),
            tuple(self.hands[0]),
            tuple(self.hands[1]),
            g0,
            g1,
            (s0, s1) if self.endgame else None,
        )
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        room = 31 - count
        best: float | None = None
        previous = -1
        for rank in self.hands[cur]:
            if rank == previous or _value(rank) > room:
                continue
            previous = rank
            value = self._play(cur, rank, count, pile, g0, g1, s0, s1)
            if best is None or (value > best if cur == self.me else value < best):
                best = value
        if best is None:
            best = self._go(cur, count, pile, g0, g1, s0, s1)
        self.cache[key] = best
        return best

    def _play(
        self, cur: int, rank: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        hand = self.hands[cur]
        at = hand.index(rank)
        del hand[at]
        pile.append(rank)
        count += _value(rank)
        points = peg_rank_points(pile, count)
        gain = points if cur == self.me else -points
        if cur == 0:
            s0 += points
        else:
            s1 += points
        try:
            if s0 >= TARGET or s1 >= TARGET:
                return gain + self._won(cur)
            if count == 31:
                return gain + self._end(cur, count, pile, s0, s1)
            other = 1 - cur
            if not (g1 if other else g0) and self.hands[other]:
                return gain + self._node(other, count, pile, g0, g1, s0, s1)
            if self._can_play(cur, count):
                return gain + self._node(cur, count, pile, g0, g1, s0, s1)
            return gain + self._end(cur, count, pile, s0, s1)
        finally:
            pile.pop()
            hand.insert(at, rank)

    def _go(
        self, cur: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        if cur == 0:
            g0 = True
        else:
            g1 = True
        other = 1 - cur
        if self._can_play(other, count):
            return self._node(other, count, pile, g0, g1, s0, s1)
        return self._end(other, count, pile, s0, s1)

    def _can_play(self, seat: int, count: int) -> bool:
        room = 31 - count
        return any(_value(r) <= room for r in self.hands[seat])

    def _won(self, seat: int) -> float:
        return WIN if seat == self.me else -WIN

    def _end(self, last: int, count: int, pile: list[int], s0: int, s1: int) -> float:
        gain = 0.0
        if count != 31:  # a go or the last card: 1 point (C5)
            gain = 1.0 if last == self.me else -1.0
            if last == 0:
                s0 += 1
            else:
                s1 += 1
            if s0 >= TARGET or s1 >= TARGET:
                return gain + self._won(last)
        other = 1 - last
        if self.hands[other]:
            return gain + self._node(other, 0, [], False, False, s0, s1)
        if self.hands[last]:
            return gain + self._node(last, 0, [], False, False, s0, s1)
        return gain + self._show(s0, s1)

    def _show(self, s0: int, s1: int) -> float:
        """Who, if anyone, reaches 121 in the show: the pone counts first (C6, C7)."""
        if not self.endgame:
            return 0.0
        pone = 1 - self.dealer
        scores = [s0, s1]
        if scores[pone] + self.shows[0] >= TARGET:
            return self._won(pone)
        if scores[self.dealer] + self.shows[1] + self.shows[2] >= TARGET:
            return self._won(self.dealer)
        return 0.0


# --- the bot ----------------------------------------------------------------------------


class CribbageExpert(AnalysingBot):
    """Expected-value discards with a model of the opponent's; pegging by minimax over
    determinized deals weighted by what the opponent's discard implies.

    ``determinizations`` is the search budget for the pegging (deals of the unseen cards
    per decision); the same seed and budget always give the same choices. ``time_limit``
    (seconds), when given, also stops the pegging search once that time is spent (after
    one deal at least): such a bot is not deterministic, as the number of deals searched
    then depends on the machine's speed. ``opponent`` is how the crib is valued (see
    ``Opponent``); ``candidates`` how many uniform deals are drawn per deal searched and
    weighted by the opponent's discard (1: the deals are uniform, as before issue 20).
    ``CribbageExpert(opponent="uniform", candidates=1)`` is the expert of before issue 20.
    """

    name = "expert"

    def __init__(
        self,
        determinizations: int = 24,
        time_limit: float | None = None,
        opponent: Opponent = "model",
        candidates: int = CANDIDATES,
    ) -> None:
        if determinizations < 1:
            raise ValueError(f"the search needs at least one deal, not {determinizations}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"a time limit is a positive number of seconds, not {time_limit}")
        if opponent not in ("model", "uniform"):
            raise ValueError(f"the opponent is valued as 'model' or 'uniform', not {opponent!r}")
        if candidates < 1:
            raise ValueError(f"at least one candidate deal per deal searched, not {candidates}")
        self.determinizations = determinizations
        self.time_limit = time_limit
        self.opponent: Opponent = opponent
        self.candidates = candidates

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action of the seat, best first, with its value and unit."""
        legal = legal_or_raise(observation)
        view = game_view(observation)  # type: ignore[arg-type]
        if isinstance(legal[0], Discard):
            rows = self._discards(view, self.opponent)
        else:
            rows = self._pegging(view, legal, rng)
        rows.sort(key=lambda e: (-e.value, str(e.action)))
        return rows

    @staticmethod
    def _discards(view: CribbageObservation, opponent: Opponent = "model") -> list[Evaluation]:
        six = [*view.hand, *view.discards] if view.discarded[view.seat] else list(view.hand)
        own_crib = view.dealer == view.seat
        return [
            Evaluation(
                v.discard,
                float(v.net),
                DISCARD_UNIT,
                {"hand": float(v.hand), "crib": float(v.crib), "net": float(v.net)},
            )
            for v in discard_values(six, own_crib, opponent)
        ]

    def _pegging(
        self, view: CribbageObservation, legal: Sequence[Action], rng: random.Random
    ) -> list[Evaluation]:
        me, other = view.seat, 1 - view.seat
        assert view.starter is not None and view.current_player == me
        starter = view.starter
        pile = [c.rank for c in view.pile]
        played_other = [c for s, c in view.played if s == other]
        totals: dict[int, float] = {}
        go_total = 0.0
        endgame = False
        memo: dict[tuple[int, ...], tuple[dict[int, float], float]] = {}
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        searched = 0
        if self.candidates > 1:
            deals = weighted_deals(
                view, rng, self.determinizations, self.candidates * self.determinizations
            )
        else:
            deals = []
        while searched < self.determinizations:
            if searched and deadline is not None and time.monotonic() > deadline:
                break
            deal = deals[searched] if deals else hidden_deal(view, rng)
            searched += 1
            kept = [*played_other, *deal.hand]
            crib = [*view.discards, *deal.discards]
            hands = [[], []]  # type: list[list[int]]
            hands[me] = sorted(c.rank for c in view.hand)
            hands[other] = sorted(c.rank for c in deal.hand)
            show_of = {me: score_hand(view.kept, starter), other: score_hand(kept, starter)}
            shows = (
                show_of[view.pone],
                show_of[view.dealer],
                score_hand(crib, starter, is_crib=True),
            )
            search = PeggingSearch(hands, me, view.dealer, view.scores, shows)
            endgame = endgame or search.endgame
            # The same ranks give the same pegging; the shows matter only near 121.
            key = (*hands[other], -1, *(shows if search.endgame else ()))
            if key not in memo:
                if isinstance(legal[0], Play):
                    memo[key] = (search.root(me, view.count, pile, view.said_go), 0.0)
                else:
                    memo[key] = ({}, search.go_value(me, view.count, pile, view.said_go))
            values, go_value = memo[key]
            for rank, value in values.items():
                totals[rank] = totals.get(rank, 0.0) + value
            go_total += go_value
        unit = ENDGAME_UNIT if endgame else PEGGING_UNIT
        rows = []
        for action in legal:
            if isinstance(action, Play):
                mean = totals[action.card.rank] / searched
            else:
                mean = go_total / searched
            rows.append(Evaluation(action, mean, unit))
        return rows

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit}"
        model = ""
        if self.opponent != "model" or self.candidates != CANDIDATES:
            model = f", opponent={self.opponent!r}, candidates={self.candidates}"
        return f"CribbageExpert(determinizations={self.determinizations}{limit}{model})"

    @property
    def budget(self) -> int:
        """The search budget (``Searching``): the pegging determinizations."""
        return self.determinizations

    @budget.setter
    def budget(self, value: int) -> None:
        if value < 1:
            raise ValueError(f"the search needs at least one deal, not {value}")
        self.determinizations = value
