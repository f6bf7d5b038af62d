"""Issue 43's first trials: the cribbage expert's discard valued with the pegging too.

The expert discards by the net of the hand and the crib alone (exact over the starters and
the opponent's modelled discards); the pegging is left to the pegging search. A simulation
player values a discard by playing its pegging out as well. These two variants of the expert
add a pegging figure to the net, for measurement only
(``benchmarks/bench_cribbage_expert.py duel VARIANT expert``, docs/bots.md says what they
gave):

- ``expert-peg1`` and ``expert-peg05``: the net plus 1 (0.5) times the greedy pegging
  estimate the hints show (``pegboard.cribbage.bots.pegging_estimate``: 64 uniform opponent
  fours, both seats pegging greedily);
- ``expert-solve``: the discards within ``delta`` points of the best net valued again with
  the exact pegging margin, both hands known (the minimax the pegging search solves per
  deal), over ``hands`` opponent fours drawn uniformly from the unseen cards, the same for
  every discard.
"""

from __future__ import annotations

import random

from pegboard.bots.base import Evaluation, legal_or_raise
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard
from pegboard.cribbage.bots.expert import CribbageExpert, PeggingSearch
from pegboard.cribbage.cards import DECK
from pegboard.cribbage.determinize import game_view


class GreedyPeggingDiscards(CribbageExpert):
    """The expert, its discard by the net plus ``weight`` times the greedy estimate."""

    def __init__(self, weight: float) -> None:
        super().__init__()
        self.weight = weight

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        if len(legal) == 1 or not isinstance(legal[0], Discard):
            return super().choose(observation, rng)
        rows = self._discards(game_view(observation), self.opponent, pegging=True)  # type: ignore[arg-type]
        best = max(rows, key=lambda row: row.value + self.weight * row.details["pegging"])
        chosen: Action = best.action
        return chosen


class SolvedPeggingDiscards(CribbageExpert):
    """The expert, its close discards valued again with the exact pegging margin."""

    def __init__(self, delta: float = 1.0, hands: int = 24) -> None:
        super().__init__()
        self.delta, self.hands = delta, hands

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        if len(legal) == 1 or not isinstance(legal[0], Discard):
            return super().choose(observation, rng)
        view = game_view(observation)  # type: ignore[arg-type]
        rows = self._discards(view, self.opponent)
        top = max(row.value for row in rows)
        close = [row for row in rows if row.value >= top - self.delta]
        if len(close) == 1:
            only: Action = close[0].action
            return only
        mask = 0
        for card in view.hand:
            mask |= card.bit
        unseen = [card.rank for card in DECK if not mask & card.bit]
        theirs = [sorted(rng.sample(unseen, 4)) for _ in range(self.hands)]
        me, pone = view.seat, 1 - view.dealer

        def pegging(row: Evaluation) -> float:
            assert isinstance(row.action, Discard)
            kept = sorted(c.rank for c in view.hand if c not in row.action.cards)
            total = 0.0
            for other in theirs:
                hands = [kept, other] if me == 0 else [other, kept]
                search = PeggingSearch(hands, me, view.dealer, (0, 0), (0, 0, 0))
                values = search.root(pone, 0, [], (False, False)).values()
                total += max(values) if pone == me else min(values)
            return total / self.hands

        chosen: Action = max(close, key=lambda row: row.value + pegging(row)).action
        return chosen
