"""Scoring the show (C6) and the pegging play (C4).

``score_hand`` is the fast path: fifteens, pairs and runs depend only on the five ranks, so
they come from a table over the 6,175 multisets of five ranks, built once at import; flush
and nobs are a few comparisons. ``score_breakdown`` lists every item the slow, readable way
and must agree with it (the tests check that).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement, product
from typing import Final, Literal

from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.words import number, number_before_noun, words

Kind = Literal["fifteen", "thirty-one", "pair", "run", "flush", "nobs"]


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One thing that scores: its ``kind``, the ``cards`` that make it and its ``points``."""

    kind: Kind
    cards: tuple[Card, ...]
    points: int

    def __str__(self) -> str:
        return f"{self.kind} {' '.join(str(c) for c in self.cards)}: {self.points}"


@dataclass(frozen=True, slots=True)
class Breakdown:
    """Every scoring item of a show (``context="show"``) or of one pegged card (``"peg"``),
    in the traditional counting order: fifteens, pairs, runs, flush, nobs."""

    items: tuple[ScoreItem, ...]
    context: Literal["show", "peg"] = "show"

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)

    def say(self, lang: str = "en") -> str:
        """Count aloud: ``"fifteen two, fifteen four, and a pair is six"``."""
        table = words(lang)
        phrases = _show_phrases(self.items, lang) if self.context == "show" else None
        parts: list[str] = []
        if phrases is None:
            for item in self.items:
                what = _peg_phrase(item, lang)
                parts.append(table["item for"].format(item=what, points=number(item.points, lang)))
        else:
            total = 0
            for kind, what, points in phrases:
                total += points
                if kind == "fifteen":
                    parts.append(table["fifteen"].format(total=number(total, lang)))
                else:
                    parts.append(table["item is"].format(item=what, total=number(total, lang)))
        if not parts:
            return table["nothing"]
        last_is_fifteen = self.context == "show" and self.items[-1].kind == "fifteen"
        if len(parts) > 1 and not last_is_fifteen:
            parts[-1] = table["last"].format(part=parts[-1])
        return table["comma"].join(parts)

    def __str__(self) -> str:
        return self.say()


def _show_phrases(items: Sequence[ScoreItem], lang: str) -> list[tuple[str, str, int]]:
    """Group the items the way they are said: all pairs of one rank as one phrase (pair,
    pair royal, double pair royal), runs of one length as one phrase ("two runs of three")."""
    table = words(lang)
    phrases: list[tuple[str, str, int]] = []
    pair_groups: Counter[int] = Counter(item.cards[0].rank for item in items if item.kind == "pair")
    single_pairs = sum(1 for n in pair_groups.values() if n == 1)
    runs = [item for item in items if item.kind == "run"]
    for item in items:
        if item.kind == "fifteen":
            phrases.append(("fifteen", "", item.points))
    if single_pairs:
        count = number(single_pairs, lang)
        what = (
            table["pair"]
            if single_pairs == 1
            else table["pairs"].format(count=count, count_f=number_before_noun(single_pairs, lang))
        )
        phrases.append(("pair", what, 2 * single_pairs))
    for n in pair_groups.values():
        if n > 1:
            phrases.append(("pair", table["pair royal" if n == 3 else "double pair royal"], 2 * n))
    if runs:
        length = number(len(runs[0].cards), lang)
        if len(runs) == 1:
            what = table["run"].format(length=length)
        else:
            what = table["runs"].format(
                count=number(len(runs), lang),
                count_f=number_before_noun(len(runs), lang),
                length=length,
            )
        phrases.append(("run", what, sum(item.points for item in runs)))
    for item in items:
        if item.kind == "flush":
            what = table["flush"].format(length=number(len(item.cards), lang))
            phrases.append(("flush", what, item.points))
        elif item.kind == "nobs":
            phrases.append(("nobs", table["nobs"], item.points))
    return phrases


def _peg_phrase(item: ScoreItem, lang: str) -> str:
    table = words(lang)
    if item.kind == "fifteen":
        return table["fifteen peg"]
    if item.kind == "thirty-one":
        return table["thirty-one"]
    if item.kind == "pair":
        return table[{2: "pair", 6: "pair royal", 12: "double pair royal"}[item.points]]
    return table["run"].format(length=number(len(item.cards), lang))


# --- the rank table -------------------------------------------------------------------


def rank_points(ranks: Sequence[int]) -> int:
    """Points of fifteens, pairs and runs (C6) of five (or fewer) ranks; suits play no part."""
    # ways[s]: the number of subsets of the cards whose values sum to s (s <= 15).
    ways = [1] + [0] * 15
    counts = [0] * 15  # counts[rank], with zeros beyond the king to end every span
    for rank in ranks:
        value = rank if rank < 10 else 10
        for s in range(15, value - 1, -1):
            ways[s] += ways[s - value]
        counts[rank] += 1
    pairs = sum(n * (n - 1) for n in counts)  # C(n,2) pairs of a rank, 2 points each
    return 2 * ways[15] + pairs + _run_points(counts)


def _run_points(counts: Sequence[int]) -> int:
    """Each distinct run of three or more: 1 per card. Made for five cards, where at most one
    span of consecutive ranks can be 3 long: the best span is the only one."""
    best = 0
    low = 1
    while low < 12:
        high = low
        while counts[high]:
            high += 1
        if high - low >= 3:
            ways = 1
            for r in range(low, high):
                ways *= counts[r]
            best = max(best, (high - low) * ways)
        low = high + 1
    return best


def _rank_key(ranks: Iterable[int]) -> int:
    return sum(5 ** (r - 1) for r in ranks)


def _build_rank_table() -> dict[int, int]:
    table: dict[int, int] = {}
    for ranks in combinations_with_replacement(range(1, 14), 5):
        if ranks[0] != ranks[4]:  # five of one rank do not exist
            table[_rank_key(ranks)] = rank_points(ranks)
    return table


RANK_TABLE: Final[dict[int, int]] = _build_rank_table()
"""Fifteens + pairs + runs of five cards, keyed by the sum of their ``Card.rank_key``."""

RANK_TABLE4: Final[dict[int, int]] = {
    _rank_key(ranks): rank_points(ranks) for ranks in combinations_with_replacement(range(1, 14), 4)
}
"""The same for four cards: a hand of three and the starter at five-card cribbage (C16)."""


# --- the show ---------------------------------------------------------------------------


def _check_show(
    hand: object, starter: object, is_crib: bool = False
) -> tuple[tuple[Card, ...], Card]:
    """The hand cards (four, or three for a hand at five-card, C16) and the starter, or
    ``ValueError`` naming what is wrong."""
    if isinstance(hand, str) or not isinstance(hand, Iterable):
        raise ValueError(f"a hand is a sequence of 4 cards (3 at five-card), not {hand!r} (C6)")
    cards = tuple(hand)
    for card in (*cards, starter):
        if type(card) is not Card:
            raise ValueError(f"not a card: {card!r} (use Card.parse)")
    if len(cards) != 4 and (is_crib or len(cards) != 3):
        what = (
            "a crib is counted with 4 cards" if is_crib else "a hand with 4 (3 at five-card, C16)"
        )
        raise ValueError(f"{what}, not {len(cards)} (C6)")
    if len(set(cards)) != len(cards):
        twice = next(str(c) for c in cards if cards.count(c) > 1)
        raise ValueError(f"the hand holds {twice} twice (C6)")
    if starter in cards:
        raise ValueError(f"the starter {starter} is also in the hand (C6)")
    assert isinstance(starter, Card)
    return cards, starter


def score_hand(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> int:
    """Points of a hand (or of the crib, ``is_crib=True``) with the starter (C6); a hand of
    three at five-card cribbage (C16)."""
    if isinstance(hand, (tuple, list)) and len(hand) == 3 and not is_crib:
        (a, b, c), starter = _check_show(hand, starter)
        return show_points3(a, b, c, starter)
    try:
        a, b, c, d = hand
        if (
            type(a) is not Card
            or type(b) is not Card
            or type(c) is not Card
            or type(d) is not Card
            or type(starter) is not Card
        ):
            raise TypeError
        mask = a.bit | b.bit | c.bit | d.bit
        if mask.bit_count() != 4 or mask & starter.bit:
            raise TypeError
    except (TypeError, ValueError):
        _check_show(hand, starter, is_crib)  # raises the precise ValueError
        raise  # pragma: no cover - _check_show always raises here
    return show_points(a, b, c, d, starter, is_crib)


def score_breakdown(hand: Sequence[Card], starter: Card, is_crib: bool = False) -> Breakdown:
    """Every scoring item of a hand or crib with the starter, in counting order (C6; a hand
    of three at five-card, C16)."""
    four, starter = _check_show(hand, starter, is_crib)
    five = (*four, starter)
    items: list[ScoreItem] = []
    for size in range(2, 6):
        for combo in combinations(five, size):
            if sum(c.value for c in combo) == 15:
                items.append(ScoreItem("fifteen", tuple(sorted(combo)), 2))
    for x, y in combinations(sorted(five), 2):
        if x.rank == y.rank:
            items.append(ScoreItem("pair", (x, y), 2))
    items.extend(_runs(five))
    # Every hand card of one suit: a flush of as many (three at five-card, C16), one more
    # with the starter; the crib's only with the starter (C6).
    suit = four[0].suit
    if all(c.suit == suit for c in four):
        if starter.suit == suit:
            items.append(ScoreItem("flush", tuple(sorted(five)), len(five)))
        elif not is_crib:
            items.append(ScoreItem("flush", tuple(sorted(four)), len(four)))
    for card in four:
        if card.rank == 11 and card.suit == starter.suit:
            items.append(ScoreItem("nobs", (card,), 1))
    return Breakdown(tuple(items))


def _runs(five: Sequence[Card]) -> list[ScoreItem]:
    """Every distinct run of the longest span of consecutive ranks (3 or more): one card of
    each rank, in every way the duplicated ranks allow (double, triple runs...)."""
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(five):
        by_rank.setdefault(card.rank, []).append(card)
    best: list[ScoreItem] = []
    longest = 2
    for low in sorted(by_rank):
        if low - 1 in by_rank:
            continue  # not the bottom of a span
        high = low
        while high + 1 in by_rank:
            high += 1
        if high - low + 1 > longest:
            longest = high - low + 1
            groups = [by_rank[r] for r in range(low, high + 1)]
            best = [ScoreItem("run", run, longest) for run in product(*groups)]
    return best


# --- pegging ----------------------------------------------------------------------------


def _check_peg(cards: object) -> tuple[Card, ...]:
    if type(cards) is tuple or type(cards) is list:
        # The common case, checked with as little work as possible; any doubt falls through
        # to the careful checks below, which name the problem.
        mask = total = 0
        for card in cards:
            if type(card) is not Card:
                break
            mask |= card.bit
            total += card.value
        else:
            if cards and mask.bit_count() == len(cards) and total <= 31:
                return tuple(cards)
    if isinstance(cards, str) or not isinstance(cards, Iterable):
        raise ValueError(f"pegging scores a sequence of played cards, not {cards!r} (C4)")
    played = tuple(cards)
    if not played:
        raise ValueError("no card has been played since the count started (C4)")
    for card in played:
        if type(card) is not Card:
            raise ValueError(f"not a card: {card!r} (use Card.parse)")
    if len(set(played)) != len(played):
        twice = next(str(c) for c in played if played.count(c) > 1)
        raise ValueError(f"{twice} is played twice (C4)")
    total = sum(c.value for c in played)
    if total > 31:
        raise ValueError(f"the count may not pass 31: these cards total {total} (C4)")
    return played


def peg_breakdown(cards: Sequence[Card]) -> Breakdown:
    """What the last of ``cards`` (played in order since the count last started at zero)
    scores under C4: fifteen, thirty-one, pairs and runs; not go or last card (C5)."""
    played = _check_peg(cards)
    items: list[ScoreItem] = []
    total = sum(c.value for c in played)
    last = played[-1]
    if total == 15:
        items.append(ScoreItem("fifteen", played, 2))
    elif total == 31:
        items.append(ScoreItem("thirty-one", played, 2))
    same = 1
    while same < len(played) and played[-same - 1].rank == last.rank:
        same += 1
    if same > 1:
        items.append(ScoreItem("pair", played[-same:], same * (same - 1)))
    run = _peg_run(played)
    if run:
        items.append(ScoreItem("run", played[-run:], run))
    return Breakdown(tuple(items), context="peg")


def _peg_run(played: Sequence[Card]) -> int:
    """Length of the run formed by the last cards played (see ``tail_run``)."""
    return tail_run([card.rank for card in played])


def tail_run(ranks: Sequence[int]) -> int:
    """Length of the longest run formed by the last k ranks (k >= 3), in any order: the k
    ranks all differ and span exactly k consecutive ranks (C4). 0 if there is none."""
    best = 0
    seen = 0  # bit-set of the ranks in the tail so far
    low = high = ranks[-1]
    for k in range(1, len(ranks) + 1):
        rank = ranks[-k]
        if seen >> rank & 1:
            break  # a repeated rank spoils this and every longer tail
        seen |= 1 << rank
        if rank < low:
            low = rank
        elif rank > high:
            high = rank
        if k >= 3 and high - low == k - 1:
            best = k
    return best


def rank_value(rank: int) -> int:
    """What a card of ``rank`` (1-13) adds to the pegging count: its pips, a face card 10
    (C4; ``Card.value`` for a card), for searches that keep ranks rather than cards."""
    return rank if rank < 10 else 10


def peg_rank_points(pile: Sequence[int], count: int) -> int:
    """Points for the last card of a pegging pile given by ranks, with the running
    ``count`` (C4): the same as ``peg_points`` (suits play no part), for searches that
    keep ranks rather than cards."""
    points = 2 if count == 15 or count == 31 else 0
    last = pile[-1]
    size = len(pile)
    same = 1
    while same < size and pile[-same - 1] == last:
        same += 1
    if same > 1:  # the last two ranks are equal: no run can end here
        return points + same * (same - 1)
    return points + tail_run(pile)


def peg_points(cards: Sequence[Card]) -> int:
    """Points scored by the last of ``cards`` under C4 (the total of ``peg_breakdown``,
    without building it: bots call this in their inner loops)."""
    played = _check_peg(cards)
    total = 0
    for card in played:
        total += card.value
    return peg_points_of(played, total)


def peg_points_of(pile: Sequence[Card], count: int) -> int:
    """``peg_points`` without the checks, for the engine: ``pile`` is a valid sequence
    since the count started (at least one card, none twice) and ``count`` its total."""
    points = 2 if count == 15 or count == 31 else 0
    n = len(pile)
    if n < 2:
        return points
    last = pile[-1].rank
    prev = pile[-2].rank
    if prev == last:  # a pair at the end rules out any run
        same = 2
        while same < n and pile[-same - 1].rank == last:
            same += 1
        return points + same * (same - 1)  # 2, 6 or 12
    if n < 3:
        return points
    # A run of k cards holds the last three, of three different ranks spanning at most
    # k - 1 <= n - 1: most plays are ruled out by a table of the last three ranks.
    if n < _RUN_NEEDS[last][prev][pile[-3].rank]:
        return points
    return points + _peg_run(pile)


def _run_needs(a: int, b: int, c: int) -> int:
    """The fewest cards a pile ending in ranks ``c, b, a`` needs to end in a run: their
    span plus one, or more than any pile holds if two of them are equal."""
    if len({a, b, c}) < 3:
        return 99
    return max(a, b, c) - min(a, b, c) + 1


_RUN_NEEDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(_run_needs(a, b, c) for c in range(14)) for b in range(14)) for a in range(14)
)


def show_points(a: Card, b: Card, c: Card, d: Card, starter: Card, is_crib: bool) -> int:
    """``score_hand((a, b, c, d), starter, is_crib)`` without the checks, for the engine:
    the five cards are distinct."""
    points = RANK_TABLE[a.rank_key + b.rank_key + c.rank_key + d.rank_key + starter.rank_key]
    suit = a.suit
    if b.suit == suit and c.suit == suit and d.suit == suit:
        if starter.suit == suit:
            points += 5
        elif not is_crib:
            points += 4
    nobs = _NOBS_OF[starter.index]  # identity tests: cheaper than bit-sets of 52 bits
    if nobs is a or nobs is b or nobs is c or nobs is d:
        points += 1
    return points


def show_points3(a: Card, b: Card, c: Card, starter: Card) -> int:
    """A hand of three with the starter at five-card cribbage (C16), without the checks:
    fifteens, pairs and runs; three cards of one suit a flush of 3, 4 with the starter;
    nobs."""
    points = RANK_TABLE4[a.rank_key + b.rank_key + c.rank_key + starter.rank_key]
    suit = a.suit
    if b.suit == suit and c.suit == suit:
        points += 4 if starter.suit == suit else 3
    nobs = _NOBS_OF[starter.index]
    if nobs is a or nobs is b or nobs is c:
        points += 1
    return points


_NOBS_OF: Final[tuple[Card, ...]] = tuple(Card(11, card.suit) for card in DECK)
"""``_NOBS_OF[starter.index]``: the jack that scores nobs with this starter (C6)."""
