"""The chance of a cribbage game: the shuffle of each deal (C2), the cut for the first
deal (C2), and the dealing again of unseen cards when a position is sampled for a seat.

Split from ``pegboard.cribbage.game``, which re-exports every name.
"""

from __future__ import annotations

import random
from _random import Random as _MersenneTwister
from collections.abc import Callable
from typing import Final

from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.events import CutForDeal

_SHUFFLE_STEPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(len(DECK) - 1, 0, -1))


def _shuffle_fast(seed: int) -> list[Card]:
    """The deck as ``random.Random(seed).shuffle`` leaves it, about twice as fast.

    It is the same Fisher-Yates walk drawing the same numbers (``_randbelow`` by rejection
    from ``getrandbits``), without a Python method call per card and without the Python
    layer of ``random.Random.__init__``. ``_check_shuffle`` proves it at import and falls
    back to the library's shuffle if a Python version ever draws differently.
    """
    bits = _MersenneTwister(seed).getrandbits
    deck = list(DECK)
    for i, n, k in _SHUFFLE_STEPS:
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _shuffle_library(seed: int) -> list[Card]:
    deck = list(DECK)
    random.Random(seed).shuffle(deck)
    return deck


def _check_shuffle() -> Callable[[int], list[Card]]:
    probe = random.Random(0x5EED)
    seeds = [0, 1, 2**63 - 1] + [probe.getrandbits(63) for _ in range(5)]
    if all(_shuffle_fast(s) == _shuffle_library(s) for s in seeds):
        return _shuffle_fast
    return _shuffle_library  # pragma: no cover - another Python's random module


_shuffled: Final = _check_shuffle()
"""The deck shuffled by ``random.Random(seed).shuffle``: every deal of a seed is fixed."""


def cut_for_deal(rng: random.Random, players: int = 2) -> tuple[int, tuple[CutForDeal, ...]]:
    """The cut for the first deal (C2, C8): each seat cuts a card from a shuffled deck.

    The lowest card deals (ace low; suits do not rank), and when the lowest rank is tied
    every seat cuts again from a fresh shuffle. Returns the dealer and every cut made.
    """
    cuts: list[CutForDeal] = []
    while True:
        cut = CutForDeal(tuple(rng.sample(DECK, players)))
        cuts.append(cut)
        if cut.dealer is not None:
            return cut.dealer, tuple(cuts)


def must_hold_a_fit(
    phase: str, current: int | None, other: int, last: tuple[int, str] | None
) -> bool:
    """Whether ``other``, to act in the pegging, is known to hold a card that fits (C5).

    The other seat is asked to act while it might have to say go only just after this
    seat played a card; on every other turn (after this seat's go, or to play on after its
    own card) the engine passes the turn to it only when it can play. ``last`` is the last
    move of the hand as (seat, kind), kind being "play", "go" or "discard".
    """
    if phase != "pegging" or current != other:
        return False
    return last is None or last != (1 - other, "play")


def deal_held(eligible: list[Card], size: int, room: int | None, rng: random.Random) -> list[Card]:
    """``size`` cards drawn uniformly from ``eligible``; when ``room`` is given, among the
    draws holding at least one card worth at most ``room`` (rejection sampling: the true
    hand is such a draw, so one exists)."""
    if room is None or size == 0:
        return rng.sample(eligible, size)
    fitting = [c for c in eligible if c.value <= room]
    for _ in range(1000):
        held = rng.sample(eligible, size)
        if any(c.value <= room for c in held):
            return held
    # Rare and improbable: one fitting card first, the rest uniformly (near-uniform).
    first = rng.choice(fitting)
    return [first, *rng.sample([c for c in eligible if c is not first], size - 1)]
