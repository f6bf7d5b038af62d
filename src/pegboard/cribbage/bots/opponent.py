"""What the other seat holds in the pegging, weighed by what it has shown (issue 43).

The expert's pegging search deals the cards it cannot see (``hidden_deal``: uniform among
the deals that keep every public fact, the other seat's go's among them, C5). A uniform
deal ignores what the other seat's own choices say about its cards; this module weighs
each deal by how likely those choices are if the deal is right (Bayes' rule), with a model
of an expert-like player:

- **its discard** (C2): a softmax over its 15 discards' quick values
  (``pegboard.cribbage.bots.discard.discard_likelihood``): a pone keeps its fives out of
  the dealer's crib, a dealer lays a pair in its own;
- **each card it chose to play** this hand (C4, C5): a softmax, at ``PLAY_TEMPERATURE``,
  over the ranks it could play then of their play value: the points the card makes now
  less the points the next seat may expect to make on it, had that seat four cards drawn
  from a full deck (``reply_points``). A player that did not pair the card before it, or
  did not make fifteen, is then less likely to have held the card that would have; one
  that led a card an opponent scores on easily, more likely to hold its partner.

The model is checked against play: over many hands of the expert against itself its
chances (``rank_chances``) match the frequencies with which the other seat held each rank
(tests/cribbage/bots/test_opponent.py; ``python -m benchmarks cribbage_opponent`` measures
it at any size). Suits play no part in the pegging, so a play is a rank.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pegboard.cribbage.bots.discard import discard_likelihood
from pegboard.cribbage.determinize import HiddenDeal, hidden_deal
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.position import LIMIT
from pegboard.cribbage.scoring import peg_rank_points, rank_value

PLAY_TEMPERATURE: Final = 1.0
"""Points: how sharply the model believes the other seat chose its play by the play value.
A play a point worse than its best is e (2.7) times less likely. Of 1, 2 and 4 (and the
plays ignored), 1 predicted the expert's hands best (benchmarks/bench_cribbage_opponent.py)."""

CANDIDATES: Final = 4
"""Uniform deals drawn per deal the pegging search plays: they are weighted by
``deal_weight`` and resampled (``weighted_deals``)."""

REPLY_HOLDING: Final = 4 / 13
"""How many cards of a rank a seat holding four cards from a full deck has, on average."""


def reply_points(pile: Sequence[int], count: int) -> float:
    """The points the next seat may expect to make on ``pile`` (ranks) at ``count``, had
    it four cards from a full deck: each rank that fits weighted by how many of it such a
    hand holds (an estimate, counting every card that scores, not only the best)."""
    if count >= LIMIT:
        return 0.0
    total = 0.0
    for rank in range(1, 14):
        after = count + rank_value(rank)
        if after <= LIMIT:
            total += peg_rank_points([*pile, rank], after)
    return REPLY_HOLDING * total


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """One card the other seat played this hand, as evidence: the count before it, the rank
    it played, the ranks it played after it (it held them then), and the play value of
    every rank that fitted the count (``values[rank - 1]``, None for a rank that did not)."""

    count: int
    rank: int
    later: tuple[int, ...]
    values: tuple[float | None, ...]

    def likelihood(self, held: Sequence[int], temperature: float = PLAY_TEMPERATURE) -> float:
        """How likely this play is from a hand of ``held`` (the ranks still unplayed) with
        ``later`` and the card played: a softmax over the distinct ranks it could play."""
        options = {self.rank, *self.later, *held}
        best = -math.inf
        for rank in options:
            value = self.values[rank - 1]
            if value is not None and value > best:
                best = value
        total = 0.0
        for rank in options:
            value = self.values[rank - 1]
            if value is not None:
                total += math.exp((value - best) / temperature)
        mine = self.values[self.rank - 1]
        assert mine is not None  # the card was played, so it fitted
        return math.exp((mine - best) / temperature) / total


def play_choices(view: CribbageObservation) -> tuple[PlayChoice, ...]:
    """The other seat's plays this hand, each with the values of what it could have played.

    The count and the pile before each play are rebuilt from the plays alone: a pile ends
    at 31, or when the next card would pass 31 (C5: a seat plays on while it can, so a
    card that fitted the old count could not have waited for a new one).
    """
    other = 1 - view.seat
    played = view.played
    choices = []
    count = 0
    pile: list[int] = []
    for i, (seat, card) in enumerate(played):
        if count + card.value > LIMIT:
            count, pile = 0, []
        if seat == other:
            values = tuple(
                (
                    peg_rank_points([*pile, rank], count + rank_value(rank))
                    - reply_points([*pile, rank], count + rank_value(rank))
                )
                if count + rank_value(rank) <= LIMIT
                else None
                for rank in range(1, 14)
            )
            later = tuple(c.rank for s, c in played[i + 1 :] if s == other)
            choices.append(PlayChoice(count, card.rank, later, values))
        pile.append(card.rank)
        count += card.value
        if count == LIMIT:
            count, pile = 0, []
    return tuple(choices)


def deal_weight(
    view: CribbageObservation,
    deal: HiddenDeal,
    choices: Sequence[PlayChoice] | None,
    read_discard: bool = True,
) -> float:
    """How likely the other seat's discard and plays are if ``deal`` is what it holds
    (up to a constant): with ``read_discard``, its discard's likelihood from the six cards
    the deal gives it, and, unless ``choices`` is None, each play's (``play_choices``)."""
    other = 1 - view.seat
    weight = 1.0
    if read_discard and view.discarded[other]:
        played_other = [c for s, c in view.played if s == other]
        six = [*played_other, *deal.hand, *deal.discards]
        weight = discard_likelihood(six, deal.discards, other == view.dealer)
    if choices:
        held = [c.rank for c in deal.hand]
        for choice in choices:
            weight *= choice.likelihood(held)
    return weight


def weighted_deals(
    view: CribbageObservation,
    rng: random.Random,
    count: int,
    candidates: int,
    choices: Sequence[PlayChoice] | None,
) -> list[HiddenDeal]:
    """``count`` hidden deals for the pegging search, drawn in proportion to how likely
    the other seat's discard (and its plays, ``choices``: ``play_choices``, made once per
    decision; None to leave them out) are from each: ``candidates`` uniform deals are
    weighted by ``deal_weight`` and ``count`` drawn from them (systematic resampling, one
    random number)."""
    other = 1 - view.seat
    deals = [hidden_deal(view, rng) for _ in range(candidates)]
    if not view.discarded[other]:
        return deals[:count]
    weights = [deal_weight(view, deal, choices) for deal in deals]
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


def rank_chances(
    view: CribbageObservation,
    rng: random.Random,
    samples: int,
    read_discard: bool = True,
    read_plays: bool = True,
) -> tuple[float, ...]:
    """The model's chance that the other seat still holds a card of each rank (``[rank -
    1]``), from ``samples`` uniform deals weighted as the search weighs them (without
    ``read_discard`` and ``read_plays``: uniform, as the deals alone say)."""
    choices = play_choices(view) if read_plays else None
    chances = [0.0] * 13
    total = 0.0
    for _ in range(samples):
        deal = hidden_deal(view, rng)
        weight = deal_weight(view, deal, choices, read_discard)
        total += weight
        for rank in {c.rank for c in deal.hand}:
            chances[rank - 1] += weight
    return tuple(c / total for c in chances)
