"""The previous Draw expert (the ``pimc`` level): determinized Monte Carlo search
(perfect-information Monte Carlo).

For each of K determinizations (the unseen tiles dealt at random, consistently with the
observation: hand sizes, stock size, and what passes proved, D8; a draw proves nothing,
D6), every legal action is tried and the round is played out with a fast fixed policy
(``draw_playout``). An action's value is its mean point margin over the determinizations:
the seat's points minus the mean of the opponents' points for the round (in partnerships,
D21-D23, its side's points minus the opponents' side's: the seat plays for its side). All
actions are scored on the same deals, so their differences are much less noisy than their values.

A voluntary draw (D6) is scored like any other action: in a determinization the drawn tile
is known, the turn goes on, and the playout policy plays the rest of the seat's turn (it
draws again only when nothing fits). So a draw is chosen only when drawing and then
playing sensibly beats every play now, judged without pretending to know the other hands
when deciding what follows the draw. (Measured alternatives, in duplicate deals against
greedy: choosing the continuation per drawn tile by search, cross-validated over halves of
the deals, was no stronger over 100 deals (+8.5 against +9.9 points a deal) and costs more
playouts; taking the best continuation per deal over-values the draw badly: the expert
then drew in 233 of 528 turns where it could play, and lost to greedy.)

Why flat determinized search rather than information-set MCTS: in Draw a seat learns
almost nothing during the round (draws prove nothing; passes come only at the very end),
so acting as if a deal were known misleads little, while every playout spent at the root
compares the actions on the same deals. But its values are those of its fixed playout
policy, so past a thousand playouts more deals bought nothing: the expert is now the tree
search of ``draw_ismcts``, and this search is the ``pimc`` level (docs/bots.md has both).

The budget is a number of playouts per decision (deterministic for a given seed), or a
time limit in seconds (``time_limit``; then the result depends on the machine's speed and
is not reproducible).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegboard.bots.base import (
    Evaluation,
    PlayoutExpert,
    PlayoutTally,
    legal_or_raise,
    search_until,
)
from pegboard.core import Action, Observation
from pegboard.dominoes.ranks import ranks_of
from pegboard.dominoes.tiles import tiles_of
from pegboard.draw.bots.playout import Playout, margins
from pegboard.draw.determinize import (
    forbidden_masks,
    sample_hidden_masks,
    trailing_passes,
    unseen_mask,
)
from pegboard.draw.match import MatchObservation
from pegboard.draw.observation import DrawObservation
from pegboard.draw.sampler import CountedDeals

DEFAULT_BUDGET = 1000
"""Playouts per decision by default: a median decision of about 30 ms (see the benchmark)."""


class DrawExpert(PlayoutExpert):
    """Determinized search over the seat's observation; see the module docstring.

    ``budget`` is the number of playouts per decision, ``time_limit`` (seconds) replaces
    it when given. ``choose`` returns the first action of ``analyse``, at once when only
    one action is legal (a forced draw, a forced pass, a single play).
    """

    name = "pimc"
    default_budget = DEFAULT_BUDGET

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action with its expected point margin for the seat, best first.

        In a match the round in play is what is searched: the match score does not change
        the best play of a round whose points are kept exactly (D15).
        """
        observation = round_view(observation)
        legal = list(legal_or_raise(observation))
        search = _Search(observation, legal)
        return search_until(search, rng, self.budget, self.time_limit)


def round_view(observation: Observation) -> DrawObservation:
    """The round's observation, which every Draw bot reads (a match observation wraps it; the
    match score does not change the best play of a round, D15); ``ValueError`` for another
    game's."""
    if isinstance(observation, MatchObservation):
        observation = observation.round
    if not isinstance(observation, DrawObservation):
        raise ValueError(f"a Draw bot reads Draw observations, not {observation!r}")
    return observation


class Dealer:
    """Deals the tiles one seat cannot see, uniformly among the deals it cannot tell apart:
    the hands and the stock in playout bits (``draw_playout``), the seat's own hand as it is.
    Used by every Draw search (this expert and ``draw_ismcts``)."""

    def __init__(self, observation: DrawObservation) -> None:
        self.observation = observation
        self.seat = observation.seat
        self.block = observation.block
        self.partners = observation.partnerships
        self.ends = observation.line.open_values()
        self.passes = trailing_passes(observation.history)
        current = observation.current_player
        assert current is not None
        self.current = current
        # Until somebody passes (near the end, if at all), nothing is known of any hand:
        # a plain shuffle of the unseen tiles is then the whole determinization.
        unseen = unseen_mask(observation)
        sizes = observation.hand_sizes
        others = [s for s in range(observation.num_players) if s != self.seat]
        constrained = any(mask & unseen for mask in forbidden_masks(observation))
        exact = unseen.bit_count() == sum(sizes[s] for s in others) + observation.stock_size
        self.pool: list[int] | None = None
        # The playout numbering of the round's set (D25): the double-six one by default.
        self.ranks = ranks = ranks_of(observation.tile_set)
        self.own = ranks.to_playout(sum(t.bit for t in observation.hand))
        self.sizes = sizes
        self.counted: CountedDeals | None = None
        if exact and not constrained:
            self.pool = [ranks.rank_bit[t.index] for t in tiles_of(unseen)]
        elif constrained:
            # What the passes proved (D8) shapes the deal: counted once for the whole search
            # (``sampler.CountedDeals``), rather than by rejection at every deal, which at a
            # table of four after a few passes was drawn some eighty times a deal.
            tiles = [t.index for t in tiles_of(unseen)]
            self.counted = CountedDeals(
                tiles,
                others,
                {s: sizes[s] for s in others},
                forbidden_masks(observation),
                observation.stock_size,
            )

    def sample(self, rng: random.Random) -> tuple[list[int], list[int]]:
        """Hands and stock in playout bits, uniformly among those the seat cannot tell."""
        pool = self.pool
        ranks = self.ranks
        if self.counted is not None:
            dealt, order = self.counted.deal(rng)
            return [
                self.own if seat == self.seat else ranks.to_playout(dealt[seat])
                for seat in range(len(self.sizes))
            ], [ranks.rank_bit[i] for i in order]
        if pool is None:
            hands, stock = sample_hidden_masks(self.observation, rng)
            return [ranks.to_playout(mask) for mask in hands], [
                ranks.rank_bit[t.index] for t in stock
            ]
        rng.shuffle(pool)
        playout_hands = []
        start = 0
        for seat, size in enumerate(self.sizes):
            if seat == self.seat:
                playout_hands.append(self.own)
                continue
            hand = 0
            for bit in pool[start : start + size]:
                hand |= bit
            playout_hands.append(hand)
            start += size
        return playout_hands, pool[start:]

    def root(self, rng: random.Random) -> Playout:
        """A fresh determinization of the position, as a playout. In the Block game the
        playout gets no stock: its tiles sleep (D18), and with none to draw its players
        pass when nothing fits (D19), as the rules say; they count for nobody (D12)."""
        hands, stock = self.sample(rng)
        return Playout(
            hands,
            [] if self.block else stock,
            self.ends,
            self.current,
            self.passes,
            self.partners,
            self.ranks,
        )


class _Search(PlayoutTally):
    """The statistics of one decision: per legal action, the sums of margins and points."""

    def __init__(self, observation: DrawObservation, legal: Sequence[Action]) -> None:
        super().__init__(legal)
        self.dealer = Dealer(observation)
        self.seat = observation.seat

    def deal(self, rng: random.Random) -> None:
        """One determinization, and one playout of every legal action on it."""
        root = self.dealer.root(rng)
        seat = self.seat
        for i, action in enumerate(self.legal):
            position = root.copy()
            end = position.apply(action)
            if end == -1:
                # After a draw the turn goes on (D6): the policy plays the seat's turn out.
                end = position.run()
            points = position.points(end)
            # The seat's margin; in partnerships its side's (D21-D23).
            self.margin[i] += margins(points, root.partners)[seat]
            self.points[i] += points[seat]
        self.playouts += len(self.legal)
        self.deals += 1
