"""The hidden tiles of a Fives hand dealt again from one seat's observation, exactly:
uniformly over the deals that agree with everything the seat saw (for search by bots).

What a seat sees of another seat ``s``: the tiles it played, when it drew (never what),
and when it passed or knocked, with the numbers the open ends showed then. A draw or a
pass proves that ``s`` held no tile showing those numbers *at that moment* (F4); a tile
``s`` drew later may show them. So each tile ``s`` ever held sat in a *slot*: one of its
dealt tiles, or one drawn at a known moment, and a slot's tile must avoid the numbers of
every draw and pass of ``s`` while it was held. A play right after a draw is of the tile
just drawn (it is the only one that fits); any other play came from some earlier slot.

A deal is a placement of the unseen tiles (and of the tiles others played) in these
slots and in the boneyard's places. ``sample_hands`` draws one uniformly among those that
agree: it counts, for each way the other seats' plays may have emptied their slots, the
placements of the unseen tiles (a small dynamic programme over the tiles, the slots
grouped by the numbers they must avoid), picks one in proportion, then places the tiles.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from itertools import product
from math import factorial

from pegboard.dominoes.actions import DrawTile, Pass, Play
from pegboard.dominoes.tiles import DOUBLE_SIX, MASK_WITH, Tile
from pegboard.fives.hand import FivesHand, FivesObservation


def unseen(observation: FivesObservation) -> list[Tile]:
    """The tiles the seat cannot see: other hands, the boneyard (or the tiles set aside)."""
    seen = set(observation.hand) | set(observation.layout.tiles) | set(observation.out_of_play)
    return [t for t in DOUBLE_SIX if t not in seen]


def public_unseen(observation: FivesObservation) -> list[Tile]:
    """The tiles nobody but their holders can see: every hand and the boneyard (or the
    tiles set aside); ``observation``'s own hand is not read."""
    seen = set(observation.layout.tiles) | set(observation.out_of_play)
    return [t for t in DOUBLE_SIX if t not in seen]


def public_determinize(observation: FivesObservation, rng: random.Random) -> FivesHand:
    """A full position that agrees with the hand's public facts alone (every seat's draws,
    passes and plays, the layout, the hand sizes, the boneyard's size, the scores), every
    hand dealt uniformly among those that agree: a spectator's world (issue 37). Any seat's
    observation gives the same worlds: its own tiles are never read."""
    hands, boneyard = Sampler(observation, public=True).sample(rng)
    return FivesHand._from_observation(observation, hands, boneyard)


def _mask(values: Sequence[int]) -> int:
    mask = 0
    for value in values:
        mask |= MASK_WITH[value]
    return mask


class _Seat:
    """One other seat's slots, grouped: per group its size, the tiles it may hold now
    (the numbers it must avoid, as a bit-set of forbidden tiles), and which of the
    seat's plays from its hand it may have held."""

    def __init__(self, seat: int, size_now: int, observation: FivesObservation) -> None:
        history = observation.history
        events: list[tuple[int, int]] = []  # (time, forbidden tiles)
        entries: list[int] = []  # one per drawn slot: the time it was drawn
        plays: list[tuple[int, Tile]] = []  # plays from the hand: (time, tile)
        drawn = played = 0
        for time, move in enumerate(history):
            if move.seat != seat:
                continue
            cls = move.action.__class__
            if cls is DrawTile:
                drawn += 1
                events.append((time, _mask(move.values)))
                entries.append(time)
            elif cls is Pass:
                events.append((time, _mask(move.values)))
            else:
                action = move.action
                assert isinstance(action, Play)
                played += 1
                before = history[time - 1] if time else None
                if (
                    before is not None
                    and before.seat == seat
                    and before.action.__class__ is DrawTile
                ):
                    entries.remove(time - 1)  # the tile just drawn, and no other
                else:
                    plays.append((time, action.tile))
        dealt = size_now + played - drawn
        slots = [-1] * dealt + entries

        def forbidden(entry: int, until: int) -> int:
            mask = 0
            for time, values in events:
                if entry < time < until:
                    mask |= values
            return mask

        now = len(history)
        groups: dict[tuple[int, tuple[bool, ...]], int] = {}
        for entry in slots:
            held = tuple(
                entry < time and not tile.bit & forbidden(entry, time) for time, tile in plays
            )
            key = (forbidden(entry, now), held)
            groups[key] = groups.get(key, 0) + 1
        self.seat = seat
        self.groups = list(groups.items())
        self.plays = plays
        self.options = self._emptied()

    def _emptied(self) -> list[tuple[tuple[int, ...], int]]:
        """Each way the plays from the hand may have emptied the groups: how many slots
        of each group they took, and in how many ways (slots told apart)."""
        sizes = [size for _, size in self.groups]
        ways: dict[tuple[int, ...], int] = {tuple(0 for _ in sizes): 1}
        for index in range(len(self.plays)):
            step: dict[tuple[int, ...], int] = {}
            for taken, count in ways.items():
                for g, ((_, held), size) in enumerate(self.groups):
                    if held[index] and taken[g] < size:
                        after = (*taken[:g], taken[g] + 1, *taken[g + 1 :])
                        step[after] = step.get(after, 0) + count * (size - taken[g])
            ways = step
        return list(ways.items())


def sample_hands(observation: FivesObservation, rng: random.Random) -> tuple[list[int], list[Tile]]:
    """Hands (bit-sets per seat) and a boneyard in drawing order (in Fives and Threes, the
    tiles set aside), drawn uniformly among the deals that agree with ``observation``
    (the seat's own hand kept). ``Sampler(observation).sample(rng)``: a search that deals
    many times from one observation keeps its ``Sampler``."""
    return Sampler(observation).sample(rng)


class Sampler:
    """``sample_hands`` in two parts: what depends on the observation alone (the slots,
    every way the plays emptied them and its weight), worked out once; and ``sample``,
    which draws one deal from it with exactly the random calls ``sample_hands`` makes, so
    that a search dealing hundreds of times from one observation does the first part once
    (it was most of a late decision's time). ``tests/fives/test_determinize.py`` checks
    the samples against those of the sampler before the split, seed for seed."""

    def __init__(self, observation: FivesObservation, *, public: bool = False) -> None:
        # ``public``: the observing seat's hand is dealt too, from its own history, as the
        # others' are (a spectator's worlds, issue 37); its tiles are never read.
        me = -1 if public else observation.seat
        pool = public_unseen(observation) if public else unseen(observation)
        sizes = observation.hand_sizes
        hands = [0] * len(sizes)
        if not public:
            hands[me] = sum(t.bit for t in observation.hand)
        self.hands = hands
        self.shown = observation.result is not None
        self.pool = tuple(pool)
        if observation.result is not None:  # the hands are shown: only the boneyard is unseen
            for seat, tiles in enumerate(observation.result.hands):
                hands[seat] = sum(t.bit for t in tiles)
            self.rest = [t for t in pool if not any(h & t.bit for h in hands)]
            return
        seats = [_Seat(s, sizes[s], observation) for s in range(len(sizes)) if s != me]
        # Every way the plays emptied the slots, weighed by the placements of the unseen
        # tiles.
        choices: list[tuple[tuple[tuple[int, ...], ...], int]] = []
        for combo in product(*(seat.options for seat in seats)):
            weight = 1
            for _, ways in combo:
                weight *= ways
            kinds = _kinds(seats, tuple(taken for taken, _ in combo), len(pool))
            weight *= _placements(self.pool, kinds)
            if weight:
                choices.append((tuple(taken for taken, _ in combo), weight))
        if not choices:
            raise ValueError("no deal agrees with this observation")
        self.seats = seats
        self.choices = [taken for taken, _ in choices]
        self.weights = [weight for _, weight in choices]
        self.total = sum(self.weights)
        # What a chosen way fills: its kinds of slots, and per kind the seats it feeds
        # (worked out the first time the way is drawn).
        self.plans: dict[int, tuple[tuple[tuple[int, int], ...], list[list[tuple[int, int]]]]] = {}

    def sample(self, rng: random.Random) -> tuple[list[int], list[Tile]]:
        """One deal: hands (bit-sets per seat) and the boneyard in drawing order."""
        hands = self.hands.copy()
        if self.shown:
            rest = self.rest.copy()
            rng.shuffle(rest)
            return hands, rest
        # ``_pick(rng, self.weights)``, with the total worked out once.
        pick = rng.randrange(self.total)
        index = 0
        for weight in self.weights:
            if pick < weight:
                break
            pick -= weight
            index += 1
        plan = self.plans.get(index)
        if plan is None:
            taken_all = self.choices[index]
            kinds = _kinds(self.seats, taken_all, len(self.pool))
            owners = [_owners(self.seats, taken_all, kinds, k) for k in range(len(kinds))]
            plan = self.plans[index] = (kinds, owners)
        kinds, owners = plan
        placed = _place(self.pool, kinds, rng)
        # Each kind's tiles go to its groups (and the free ones partly to the boneyard).
        boneyard: list[Tile] = []
        for kind_index, bag in enumerate(placed):
            rng.shuffle(bag)
            for seat, count in owners[kind_index]:
                hand = 0
                for tile in bag[:count]:
                    hand |= tile.bit
                hands[seat] |= hand
                del bag[:count]
            boneyard.extend(bag)
        rng.shuffle(boneyard)
        return hands, boneyard


def _kinds(
    seats: Sequence[_Seat], taken_all: Sequence[Sequence[int]], pool_size: int
) -> tuple[tuple[int, int], ...]:
    """The slots left to fill, by the tiles they must not hold: ``((forbidden, count),
    ...)``, forbidden 0 (anything goes: the boneyard's places among them) first."""
    counts: dict[int, int] = {0: 0}
    held = 0
    for seat, taken in zip(seats, taken_all, strict=True):
        for ((forbidden, _), size), took in zip(seat.groups, taken, strict=True):
            left = size - took
            if left:
                counts[forbidden] = counts.get(forbidden, 0) + left
                held += left
    counts[0] += pool_size - held
    return tuple(sorted(counts.items()))


def _owners(
    seats: Sequence[_Seat],
    taken_all: Sequence[Sequence[int]],
    kinds: Sequence[tuple[int, int]],
    kind_index: int,
) -> list[tuple[int, int]]:
    forbidden_kind = kinds[kind_index][0]
    owners: list[tuple[int, int]] = []
    for seat, taken in zip(seats, taken_all, strict=True):
        count = sum(
            size - took
            for ((forbidden, _), size), took in zip(seat.groups, taken, strict=True)
            if forbidden == forbidden_kind
        )
        if count:
            owners.append((seat.seat, count))
    return owners


def _pick(rng: random.Random, weights: Sequence[int]) -> int:
    """An index drawn with probability proportional to its (whole) weight."""
    pick = rng.randrange(sum(weights))
    for index, weight in enumerate(weights):
        if pick < weight:
            return index
        pick -= weight
    raise AssertionError("a pick beyond the total weight")


def _less(left: tuple[int, ...], k: int) -> tuple[int, ...]:
    return (*left[:k], left[k] - 1, *left[k + 1 :])


class _Table:
    """The number of ways the tiles of ``pool`` from ``index`` on fill the slots still
    ``left`` of each kind (the kinds' forbidden tiles ``forbidden``)."""

    def __init__(self, pool: tuple[Tile, ...], forbidden: tuple[int, ...]) -> None:
        self.pool = pool
        self.eligible = [
            tuple(k for k, mask in enumerate(forbidden) if not tile.bit & mask) for tile in pool
        ]
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.steps: dict[
            tuple[int, tuple[int, ...]],
            tuple[list[int], list[int], int, list[tuple[int, ...]]],
        ] = {}
        """``_place``'s choices at (index, left): the kinds, their weights, the total, and
        what is left after each."""

    def ways(self, index: int, left: tuple[int, ...]) -> int:
        if index == len(self.pool):
            return 1
        key = (index, left)
        found = self.memo.get(key)
        if found is None:
            found = 0
            for k in self.eligible[index]:
                if left[k]:
                    found += self.ways(index + 1, _less(left, k))
            self.memo[key] = found
        return found


@lru_cache(maxsize=256)
def _table(pool: tuple[Tile, ...], forbidden: tuple[int, ...]) -> _Table:
    return _Table(pool, forbidden)


def _placements(pool: tuple[Tile, ...], kinds: tuple[tuple[int, int], ...]) -> int:
    """How many ways the tiles of ``pool`` fill the slots of ``kinds`` (each slot told
    apart), no slot holding a tile it must not."""
    table = _table(pool, tuple(forbidden for forbidden, _ in kinds))
    total = table.ways(0, tuple(count for _, count in kinds))
    for _, count in kinds:
        total *= factorial(count)
    return total


def _place(
    pool: tuple[Tile, ...], kinds: tuple[tuple[int, int], ...], rng: random.Random
) -> list[list[Tile]]:
    """One placement of the tiles in the kinds of slots, uniformly among them."""
    table = _table(pool, tuple(mask for mask, _ in kinds))
    left = tuple(count for _, count in kinds)
    placed: list[list[Tile]] = [[] for _ in kinds]
    steps = table.steps
    for index, tile in enumerate(pool):
        # The kinds this tile may fill, in how many ways the rest then fill the slots
        # left, and what is left after each: the same at every sample that reaches
        # (index, left), so kept.
        key = (index, left)
        step = steps.get(key)
        if step is None:
            options = [k for k in table.eligible[index] if left[k]]
            afters = [_less(left, k) for k in options]
            weights = [table.ways(index + 1, after) for after in afters]
            step = steps[key] = (options, weights, sum(weights), afters)
        options, weights, total, afters = step
        # ``_pick(rng, weights)``, with the total kept.
        pick = rng.randrange(total)
        chosen = 0
        while pick >= weights[chosen]:
            pick -= weights[chosen]
            chosen += 1
        placed[options[chosen]].append(tile)
        left = afters[chosen]
    return placed


def determinize(observation: FivesObservation, rng: random.Random) -> FivesHand:
    """A full position that agrees with ``observation``, its unseen tiles dealt by
    ``sample_hands``: what a bot searches, built from the seat's observation alone (so it
    cannot know what the seat may not). A match's observation gives its hand's."""
    inner = getattr(observation, "hand", observation)
    if not isinstance(inner, FivesObservation):
        inner = observation
    hands, boneyard = sample_hands(inner, rng)
    return FivesHand._from_observation(inner, hands, boneyard)
