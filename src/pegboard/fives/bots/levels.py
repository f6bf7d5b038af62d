"""The Fives family's levels for people: beginner, casual, strong and expert.

* **beginner** plays like someone who has just learnt that the ends should add up to five:
  it looks at one open end (the first, in the layout's order; a third of the time its eye
  falls on another one) and lays there the first tile of its hand that scores, else the
  first that fits, in the order it holds them; only when nothing fits there does it look at
  the other ends. It never weighs one score against another, nor what it leaves open.
* **casual** takes the play that scores most now (F7; F8's chip-out and F9's 61, as the
  greedy bot counts them), and among equal plays sheds its heaviest tile (what the others
  win from its hand at the end of the hand, F7, F8), with no lookahead.
* **strong** is the expert's search with a small budget that keeps the casual move unless
  the search is sure of a better one (its lead over the casual move, deal by deal, more
  than ``CAUTION`` standard errors above 0): a player who leaves the obvious play only for
  a clearly better one. And one decision in ``SLIP`` it plays the casual move without
  searching (a player who sometimes does not look ahead). Without the caution, so small a
  search picks noise: in Fives and Threes with four players it played below casual.
* **expert** is ``pegboard.fives.bots.expert.FivesExpert`` at its default budget.

``random`` and ``greedy`` stay for tests and research. A draw (All Fives), a pass or a
knock is the only legal action when it is legal at all (F4), so every level takes it then.
The margins between the levels are in docs/bots.md
(``python -m benchmarks.fives_strength 2000 ladder``).
"""

from __future__ import annotations

import random
from typing import Final

from pegboard.bots.base import legal_or_raise
from pegboard.core import Action, Observation
from pegboard.dominoes.actions import Play
from pegboard.fives.bots.basic import casual_choice, hand_view, play_points
from pegboard.fives.bots.expert import FivesExpert

BEGINNER_WRONG_END: Final = 1 / 3
"""How often the beginner looks first at another end than the layout's first."""
STRONG_BUDGET: Final = 40
"""The strong bot's playouts per decision (the expert's default is 200)."""
SLIP: Final = 0.15
"""How often the strong bot plays the casual move without searching."""
CAUTION: Final = 1.0
"""How sure the strong bot's search must be to leave the casual move, in standard errors
(``FivesExpert.caution``)."""


def _plays(legal: list[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


class FivesBeginner:
    """The first tile that scores, else fits, at the end it looks at; see the module."""

    name = "beginner"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = list(legal_or_raise(observation))
        plays = _plays(legal)
        if not plays:
            return legal[0]  # the draw, else the pass or knock: the only action (F4)
        view = hand_view(observation)
        order = {tile: k for k, tile in enumerate(view.hand)}
        ends = list(view.open_ends)
        if len(ends) > 1 and rng.random() < BEGINNER_WRONG_END:
            ends.insert(0, ends.pop(rng.randrange(1, len(ends))))
        looks: list[list[Play]] = [[p for p in plays if p.end == end] for end in ends]
        looks.append([p for p in plays if p.end is None])  # the lead: no end yet
        here = next(group for group in looks if group)
        here.sort(key=lambda p: order[p.tile])
        return next((p for p in here if play_points(view, p) > 0), here[0])

    def __repr__(self) -> str:
        return "FivesBeginner()"


class FivesCasual:
    """The most points now, shedding its heaviest tile; see the module."""

    name = "casual"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        return casual_choice(observation, list(legal_or_raise(observation)))

    def __repr__(self) -> str:
        return "FivesCasual()"


class FivesStrong(FivesExpert):
    """A small search that sometimes does not look; see the module."""

    name = "strong"
    default_budget = STRONG_BUDGET
    caution = CAUTION

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = list(legal_or_raise(observation))
        if len(legal) == 1:
            return legal[0]
        if rng.random() < SLIP:
            return casual_choice(observation, legal)
        return super().choose(observation, rng)
