"""The one sampler of hidden tiles: a deal drawn uniformly among the consistent deals.

Both ``Round.sample_hidden`` (from the omniscient round) and ``determinize`` (from a seat's
observation, for the bots) deal the tiles a seat cannot see with ``sample_deal``. A deal is
consistent when every hand has its size, no seat holds a tile it is known not to hold (a
pass proves it, D8; a draw proves nothing, since drawing is allowed with a playable tile,
D6) and the stock has its size; every consistent deal, the stock's drawing order included,
comes out with the same probability.

Three ways, each exact, the cheapest that applies first:

1. nobody's known absences touch the pool: one shuffle, dealt in order;
2. else rejection: the most constrained seat takes a uniform hand of the tiles it may hold,
   the others a uniform deal of the rest, and a deal that breaks a constraint is drawn
   again (every valid deal is proposed with the same probability, so the accepted ones are
   uniform);
3. when rejection keeps failing (tight constraints), the consistent deals are counted
   (tiles grouped by the seats that may hold them, a few groups at most) and one is drawn
   with the exact probability 1/count, seat by seat.

A mixture of exact samplers is exact: whichever way answers, the deal is uniform.

The searches, which deal thousands of worlds from one observation, take way 3 at once for
every deal once a pass constrains them (``CountedDeals``, its counts made once per
decision): exact too, and its cost does not grow as the constraints tighten.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from math import comb

__all__ = ["CountedDeals", "count_deals", "sample_deal"]

REJECTION_TRIES: int = 400
"""Rejection rounds before the deals are counted (way 2, then way 3)."""


def sample_deal(
    pool: int,
    sizes: Mapping[int, int],
    stock_size: int,
    forbidden: Sequence[int],
    rng: random.Random,
    *,
    tries: int | None = None,
) -> tuple[dict[int, int], list[int]]:
    """Hands for the seats of ``sizes`` and a stock, uniformly among the consistent deals.

    ``pool`` is the bit-set of the tiles to deal (bit ``i`` is ``DOUBLE_NINE[i]``, ``Tile.index``);
    ``sizes`` maps each seat to deal to its hand size; ``forbidden[seat]`` is the bit-set
    of the tiles that seat is known not to hold. Returns the hands (seat to bit-set) and the
    stock as tile indices in drawing order. The tiles of the pool that are neither in a hand
    nor in the stock are out of play (a position built for analysis may leave some out; a
    real round has none), chosen at random as well. ``tries`` bounds the rejection rounds
    (default ``REJECTION_TRIES``; 0 counts at once).

    Raises ``ValueError`` when the pool is too small or no deal keeps the constraints.
    """
    tiles = [i for i in range(pool.bit_length()) if pool >> i & 1]
    seats = list(sizes)
    dealt = sum(sizes[s] for s in seats)
    if len(tiles) < dealt + stock_size:
        raise ValueError(
            f"{len(tiles)} tiles cannot fill hands of {dealt} tiles and a stock of "
            f"{stock_size} (D1, D2)"
        )
    constrained = [s for s in seats if forbidden[s] & pool]
    hands: dict[int, int] | None
    if not constrained:  # way 1
        rng.shuffle(tiles)
        hands = _split(tiles, seats, sizes)
    else:
        rounds = REJECTION_TRIES if tries is None else tries
        hands = _rejection(tiles, seats, sizes, forbidden, constrained, rng, rounds)
        if hands is None:
            hands = _counted(tiles, seats, sizes, forbidden, rng)
    held = 0
    for mask in hands.values():
        held |= mask
    stock = [i for i in sorted(tiles) if not held >> i & 1]
    rng.shuffle(stock)
    return hands, stock[:stock_size]


def _split(order: Sequence[int], seats: Sequence[int], sizes: Mapping[int, int]) -> dict[int, int]:
    """Deal ``order`` in turn: each seat its size; the rest is left over."""
    hands: dict[int, int] = {}
    start = 0
    for seat in seats:
        mask = 0
        for i in order[start : start + sizes[seat]]:
            mask |= 1 << i
        hands[seat] = mask
        start += sizes[seat]
    return hands


def _rejection(
    tiles: Sequence[int],
    seats: Sequence[int],
    sizes: Mapping[int, int],
    forbidden: Sequence[int],
    constrained: Sequence[int],
    rng: random.Random,
    tries: int,
) -> dict[int, int] | None:
    """Way 2: exact rejection sampling, or None after ``tries`` rejected deals."""

    def eligible(seat: int) -> list[int]:
        return [i for i in tiles if not forbidden[seat] >> i & 1]

    first = min(constrained, key=lambda s: len(eligible(s)))
    allowed = eligible(first)
    if len(allowed) < sizes[first]:
        raise ValueError(f"seat {first} cannot hold {sizes[first]} tiles it is allowed (D8)")
    rest_seats = [s for s in seats if s != first]
    checks = [s for s in constrained if s != first]
    for _ in range(tries):
        chosen = rng.sample(allowed, sizes[first])
        hand = 0
        for i in chosen:
            hand |= 1 << i
        rest = [i for i in tiles if not hand >> i & 1]
        rng.shuffle(rest)
        hands = _split(rest, rest_seats, sizes)
        if all(not hands[s] & forbidden[s] for s in checks):
            hands[first] = hand
            return hands
    return None


def _groups(
    tiles: Sequence[int], seats: Sequence[int], forbidden: Sequence[int]
) -> tuple[list[int], list[list[int]]]:
    """The tiles grouped by who may hold them: per group, a bit per seat of ``seats``."""
    by_kind: dict[int, list[int]] = {}
    for i in tiles:
        kind = 0
        for k, seat in enumerate(seats):
            if not forbidden[seat] >> i & 1:
                kind |= 1 << k
        by_kind.setdefault(kind, []).append(i)
    kinds = sorted(by_kind)
    return kinds, [by_kind[kind] for kind in kinds]


class _Counter:
    """Counts the consistent deals of the seats from ``seat`` on, given the tiles left
    per group (the leftover tiles go to the stock or out of play, the same number of ways
    for every deal, so they are not counted)."""

    def __init__(self, kinds: Sequence[int], sizes: Sequence[int]) -> None:
        self.kinds = kinds
        self.sizes = sizes
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def takes(self, seat: int, left: Sequence[int]) -> list[tuple[tuple[int, ...], int]]:
        """Every way seat ``seat`` can take its hand from the groups: how many of each group,
        with the number of hands of that make-up (a product of binomials)."""
        open_groups = [g for g, kind in enumerate(self.kinds) if kind >> seat & 1 and left[g]]
        found: list[tuple[tuple[int, ...], int]] = []
        take = [0] * len(left)

        def fill(at: int, need: int, ways: int) -> None:
            if at == len(open_groups):
                if need == 0:
                    found.append((tuple(take), ways))
                return
            g = open_groups[at]
            for n in range(min(need, left[g]) + 1):
                take[g] = n
                fill(at + 1, need - n, ways * comb(left[g], n))
            take[g] = 0

        fill(0, self.sizes[seat], 1)
        return found

    def count(self, seat: int, left: tuple[int, ...]) -> int:
        if seat == len(self.sizes):
            return 1
        key = (seat, left)
        known = self.memo.get(key)
        if known is None:
            known = 0
            for take, ways in self.takes(seat, left):
                rest = tuple(a - b for a, b in zip(left, take, strict=True))
                known += ways * self.count(seat + 1, rest)
            self.memo[key] = known
        return known


def count_deals(pool: int, sizes: Mapping[int, int], forbidden: Sequence[int]) -> int:
    """How many ways the hands of ``sizes`` can be dealt from ``pool`` keeping ``forbidden``
    (hands only: the stock's order multiplies every count alike)."""
    seats = list(sizes)
    tiles = [i for i in range(pool.bit_length()) if pool >> i & 1]
    kinds, groups = _groups(tiles, seats, forbidden)
    counter = _Counter(kinds, [sizes[s] for s in seats])
    return counter.count(0, tuple(len(g) for g in groups))


def _counted(
    tiles: Sequence[int],
    seats: Sequence[int],
    sizes: Mapping[int, int],
    forbidden: Sequence[int],
    rng: random.Random,
) -> dict[int, int]:
    """Way 3 (``CountedDeals``) for one deal."""
    return CountedDeals(tiles, seats, sizes, forbidden).hands(rng)


class CountedDeals:
    """Way 3, counted once for many deals of the same constraints (a search deals thousands
    from one observation): seat by seat, a make-up (how many tiles of each group) drawn with
    probability proportional to the deals it leaves, then that many tiles of each group
    uniformly. The counts and each seat's make-ups with their weights are kept, so a deal
    costs a few random numbers; it draws them exactly as one counted deal of ``sample_deal``.

    Raises ``ValueError`` when no deal keeps the constraints.
    """

    def __init__(
        self,
        tiles: Sequence[int],
        seats: Sequence[int],
        sizes: Mapping[int, int],
        forbidden: Sequence[int],
        stock_size: int = 0,
    ) -> None:
        self.tiles = sorted(tiles)
        self.stock_size = stock_size
        kinds, self.groups = _groups(tiles, seats, forbidden)
        self.seats = list(seats)
        self.counter = _Counter(kinds, [sizes[s] for s in seats])
        self.left = tuple(len(g) for g in self.groups)
        self.total = self.counter.count(0, self.left)
        """How many deals of the hands keep the constraints."""
        if self.total == 0:
            raise ValueError("no deal of the unseen tiles keeps what the passes proved (D8)")
        self._makeups: dict[
            tuple[int, tuple[int, ...]],
            tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]],
        ] = {}

    def _choices(
        self, k: int, left: tuple[int, ...]
    ) -> tuple[list[tuple[tuple[int, ...], tuple[int, ...]]], list[int]]:
        """Seat ``k``'s make-ups from ``left`` (what it takes, what it leaves) and their
        cumulative weights, the deals each leaves."""
        known = self._makeups.get((k, left))
        if known is None:
            options = []
            cumulative = []
            running = 0
            for take, ways in self.counter.takes(k, left):
                rest = tuple(a - b for a, b in zip(left, take, strict=True))
                running += ways * self.counter.count(k + 1, rest)
                options.append((take, rest))
                cumulative.append(running)
            known = self._makeups[(k, left)] = (options, cumulative)
        return known

    def hands(self, rng: random.Random) -> dict[int, int]:
        """One deal of the hands, uniformly among the consistent ones."""
        pools = [list(g) for g in self.groups]
        hands: dict[int, int] = {}
        left = self.left
        for k, seat in enumerate(self.seats):
            options, cumulative = self._choices(k, left)
            pick = rng.randrange(cumulative[-1])
            take, left = options[bisect_right(cumulative, pick)]
            hand = 0
            for g, n in enumerate(take):
                if n:
                    chosen = rng.sample(pools[g], n)
                    for i in chosen:
                        hand |= 1 << i
                    pools[g] = [i for i in pools[g] if not hand >> i & 1]
            hands[seat] = hand
        return hands

    def plan(
        self,
    ) -> tuple[
        list[list[int]], list[int], list[int], int, list[list[tuple[tuple[int, ...], int, int]]]
    ]:
        """Everything ``deal`` reads, flat, for a compiled dealer that draws the same random
        numbers (``draw/bots/_fastsearch.c``): the groups' tiles in order, the seats, the tiles
        in order, the stock's size, and per state of the deal (state 0: the first seat to
        deal, nothing taken) each make-up as (what it takes of each group, the state it
        leaves, -1 after the last seat or when it is never drawn, its cumulative weight)."""
        index: dict[tuple[int, tuple[int, ...]], int] = {(0, self.left): 0}
        order = [(0, self.left)]
        states: list[list[tuple[tuple[int, ...], int, int]]] = []
        for k, left in order:  # grows as states are found
            options, cumulative = self._choices(k, left)
            rows = []
            previous = 0
            for (take, rest), weight in zip(options, cumulative, strict=True):
                following = -1
                if weight > previous and k + 1 < len(self.seats):
                    key = (k + 1, rest)
                    if key not in index:
                        index[key] = len(order)
                        order.append(key)
                    following = index[key]
                rows.append((take, following, weight))
                previous = weight
            states.append(rows)
        return (
            [list(g) for g in self.groups],
            list(self.seats),
            list(self.tiles),
            self.stock_size,
            states,
        )

    def deal(self, rng: random.Random) -> tuple[dict[int, int], list[int]]:
        """One deal as ``sample_deal`` gives it: the hands, and the stock (``stock_size``
        tiles of the rest, in a uniform drawing order)."""
        hands = self.hands(rng)
        held = 0
        for mask in hands.values():
            held |= mask
        stock = [i for i in self.tiles if not held >> i & 1]
        rng.shuffle(stock)
        return hands, stock[: self.stock_size]
