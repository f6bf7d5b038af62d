"""The Fives expert (All Fives, Fives and Threes): determinized Monte Carlo search.

For each determinization (the tiles the seat cannot see dealt again by the engine's exact
sampler, ``pegboard.fives.determinize.Sampler``: uniform over the deals consistent
with the observation, hand sizes, boneyard and what draws and knocks proved), every legal
action is tried and the hand is played out by the greedy policy
(``pegboard.fives.bots.playout``) for every seat. An action's value is its mean margin
for the seat's side by the end of the hand: the points its side makes from now on (in
play, and at the end of the hand, F7-F9) less the mean of what each other side makes. In
partnerships a side is the two partners (F1), so the expert plays for its partner too.
All actions are scored on the same deals, so their differences are much less noisy than
their values.

In a match the hand in play is what is searched, with the match scores in it: All Fives
ends at once at its target, Fives and Threes scores nothing past 61 (F9), in the playouts
as in the game; the value is still the hand's margin, not the chance of winning.

With ``objective="match"`` (the research level ``match-expert``, issue 37) it plays for the
chance of winning the match instead, once a side is within ``MATCH_WITHIN`` of the target:
each playout's end is read through the tables (``pegboard.fives.chances``): 1 or 0 when a
side reached the target (F9), otherwise the seat's side's chance from the scores at the
hand's end and the next hand's leader (F3: the next seat in Fives and Threes, the seat that
dominoed in All Fives, a new lot after a blocked hand). Farther from the target no hand
decides the match, the chance is nearly a straight line in the hand's points, and it
plays as the expert, choice for choice, at the same cost.

The budget is a number of playouts per decision (deterministic for a given seed), or a
time limit in seconds (``time_limit``; then the result depends on the machine's speed and
is not reproducible). With ``reference``, the search is the expert's as it was before
issue 42 made it faster: the playouts in Python (``FivesPlayout.run_python``, even when the
C loop is there) and the exact sampler's work on the observation done again at every deal
(``sample_hands``, not a kept ``Sampler``). Its decisions are the same, only slower; it is
kept to measure the two at equal time (``python -m benchmarks.fives_strength 2000
equal-time``). A forced action (one legal
action: a draw, a pass, a knock, a single play) is returned without search.

With a ``caution`` above 0 (the strong level's), the search overrules the casual move
(``pegboard.fives.bots.basic.casual_choice``: greedy with the playouts' tie-break) only when it
is sure: when the best action's lead over the casual move, paired deal by deal, is more
than ``caution`` standard errors above 0 (the significance test of Tesauro and Galperin's
on-line policy improvement by rollouts, 1996). A small budget then keeps the obvious play
instead of one that led by chance. The expert itself does not ask: at its budget, in Fives
and Threes with four players over 1,000 duplicate deals, it beat casual by +0.71 points a
deal without caution, +0.77 with 1 standard error (no clear gain) and +0.46 with 2.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import ClassVar, Final, Literal

from pegboard.bots.base import (
    CHANCE_UNIT,
    Evaluation,
    PlayoutExpert,
    PlayoutTally,
    legal_or_raise,
    search_until,
)
from pegboard.core import Action, Observation
from pegboard.dominoes.actions import DrawTile, Pass
from pegboard.dominoes.ranks import RANK_BIT, to_playout
from pegboard.fives.bots.basic import casual_choice, hand_view
from pegboard.fives.bots.details import play_details
from pegboard.fives.bots.playout import FivesPlayout
from pegboard.fives.chances import data_path, side_chances
from pegboard.fives.determinize import Sampler, sample_hands, unseen
from pegboard.fives.hand import FivesObservation

DEFAULT_BUDGET = 200
"""Playouts per decision by default (see ``python -m benchmarks fives`` for its speed)."""
MATCH_WITHIN: Final = 0.4
"""The match expert plays for the match once a side needs at most this share of the
target's points (F9): 24 of Fives and Threes' 61, 100 of All Fives' 250, 80 of 200, 24 by
fives. More than a side makes in some 95% of hands (docs/odds.md): farther, no hand decides
the match, and it plays for the hand's points as the expert does."""

Chance = Callable[[FivesPlayout], float]
"""The seat's side's chance of winning the match once a playout's hand is over."""


def match_chance(view: FivesObservation) -> Chance:
    """The chance of winning of ``view``'s seat's side as a playout of its hand ends, read
    from the tables (``side_chances``): 1 or 0 when a side reached the target (F9),
    otherwise from the scores and the next leader (F3); each end read once."""
    rules = view.rules
    side = rules.side_of(view.seat)
    path = data_path(rules.game)
    following = (view.leader + 1) % rules.players
    known: dict[tuple[tuple[int, ...], int | None], float] = {}

    def chance(playout: FivesPlayout) -> float:
        leader: int | None = following
        if rules.all_fives:  # the seat that dominoed leads; after a block, a new lot
            leader = playout.by if playout.over == "domino" else None
        key = (tuple(playout.scores), leader)
        value = known.get(key)
        if value is None:
            value = known[key] = side_chances(path, rules, key[0], leader)[side]
        return value

    return chance


class FivesExpert(PlayoutExpert):
    """Determinized search over the seat's observation; see the module docstring.

    ``budget`` is the number of playouts per decision, ``time_limit`` (seconds) replaces
    it when given. ``choose`` returns the first action of ``analyse``, at once when only
    one action is legal.
    """

    default_budget = DEFAULT_BUDGET
    caution: ClassVar[float] = 0.0
    """Standard errors by which the search must lead the casual move to overrule it; 0:
    the search's best is played whatever its lead (see the module docstring)."""

    def __init__(
        self,
        budget: int | None = None,
        time_limit: float | None = None,
        reference: bool = False,
        objective: Literal["points", "match"] = "points",
    ) -> None:
        super().__init__(budget, time_limit)
        if objective not in ("points", "match"):
            raise ValueError(f"the expert plays for 'points' or the 'match', not {objective!r}")
        self.reference = reference
        self.objective = objective

    def __repr__(self) -> str:
        shown = super().__repr__()
        if self.reference:
            shown = shown[:-1] + ", reference=True)"
        if self.objective != "points":
            shown = shown[:-1] + f", objective={self.objective!r})"
        return shown

    def plays_for_the_match(self, view: FivesObservation) -> bool:
        """Whether it values its playouts by the chance of winning the match here: with
        ``objective="match"``, once a side needs at most ``MATCH_WITHIN`` of the target."""
        rules = view.rules
        return self.objective == "match" and (
            max(view.scores) >= rules.target - MATCH_WITHIN * rules.target
        )

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action with its expected point margin for the seat's side (or, when
        it plays for the match, its side's chance of winning it), best first (equal values
        in the order of the legal actions)."""
        view = hand_view(observation)
        legal = list(legal_or_raise(view))
        chance = match_chance(view) if self.plays_for_the_match(view) else None
        search = _Search(view, legal, reference=self.reference, chance=chance)
        ranked = search_until(search, rng, self.budget, self.time_limit)
        # What each play scores now, leaves in hand and blocks: shown, never weighed.
        return [replace(e, details={**e.details, **play_details(view, e.action)}) for e in ranked]

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        if self.caution <= 0:
            return super().choose(observation, rng)
        view = hand_view(observation)
        legal = list(legal_or_raise(view))
        if len(legal) == 1:
            return legal[0]
        obvious = casual_choice(view, legal)
        search = _Search(view, legal, baseline=legal.index(obvious), reference=self.reference)
        best = search_until(search, rng, self.budget, self.time_limit)[0].action
        return best if search.sure(legal.index(best), self.caution) else obvious


class _Search(PlayoutTally):
    """The statistics of one decision: per legal action, the sums of margins and points;
    with a ``baseline`` action, also the sums of each action's lead over it, and of the
    leads' squares, deal by deal (for ``sure``). ``reference``: the search as it was before
    issue 42 (the module docstring). With ``chance``, each playout is valued by the seat's
    side's chance of winning the match as it ends, not by its margin (summed in
    ``margin``: the value searched)."""

    def __init__(
        self,
        view: FivesObservation,
        legal: Sequence[Action],
        baseline: int | None = None,
        reference: bool = False,
        chance: Chance | None = None,
    ) -> None:
        super().__init__(legal)
        self.chance = chance
        # With ``chance``: each action's summed margins, which tell equal chances apart
        # (a match won, or lost, in every deal played out: the most points then).
        self.tiebreak = [0.0] * len(legal)
        self.baseline = baseline
        self.run = FivesPlayout.run_python if reference else FivesPlayout.run
        self.lead = [0.0] * len(legal)
        self.lead_squares = [0.0] * len(legal)
        self.view = view
        rules = view.rules
        self.side = rules.side_of(view.seat)
        self.others = [s for s in range(rules.num_sides) if s != self.side]
        current = view.current_player
        assert current is not None
        self.ends = view.open_ends
        layout = view.layout
        self.root = FivesPlayout.build(
            rules,
            [0] * rules.players,
            (),
            self.ends,
            layout.spinner,
            len(layout.tiles),
            current,
            view.scores,
        )
        self.start = view.scores
        # Until another seat draws or passes, nothing is known of any hidden tile (F4: only
        # those prove a seat held no tile of some numbers): every placement of the unseen
        # tiles is then equally likely, and a plain shuffle is exactly the engine's sampler.
        seat = view.seat
        self.plain = not any(
            move.seat != seat and move.action.__class__ in (DrawTile, Pass) for move in view.history
        )
        self.pool = [RANK_BIT[t.index] for t in unseen(view)]
        self.own = to_playout(sum(t.bit for t in view.hand))
        self.sizes = view.hand_sizes
        # The exact sampler's work on the observation, done once for all the deals (the
        # reference does it at every deal).
        self.reference = reference
        self.sampler = None if self.plain or reference else Sampler(view)

    def deal(self, rng: random.Random) -> None:
        """One determinization, and one playout of every legal action on it."""
        if self.plain:
            pool = self.pool
            rng.shuffle(pool)
            hands = []
            dealt = 0
            for seat, size in enumerate(self.sizes):
                if seat == self.view.seat:
                    hands.append(self.own)
                    continue
                hand = 0
                for bit in pool[dealt : dealt + size]:
                    hand |= bit
                hands.append(hand)
                dealt += size
            root = self.root.with_bits(hands, pool[dealt:])
        else:
            if self.sampler is None:
                tile_hands, boneyard = sample_hands(self.view, rng)
            else:
                tile_hands, boneyard = self.sampler.sample(rng)
            root = self.root.with_tiles(tile_hands, boneyard)
        side, others, start, ends = self.side, self.others, self.start, self.ends
        run = self.run
        rest = len(others)
        chance = self.chance
        margins = []
        for i, action in enumerate(self.legal):
            playout = root.copy()
            playout.apply(action, ends)
            run(playout)
            scores = playout.scores
            own = scores[side] - start[side]
            against = sum(scores[s] - start[s] for s in others)
            margin = own - against / rest
            if chance is not None:
                self.tiebreak[i] += margin
                margin = chance(playout)
            margins.append(margin)
            self.margin[i] += margin
            self.points[i] += own
        if self.baseline is not None:
            base = margins[self.baseline]
            for i, margin in enumerate(margins):
                self.lead[i] += margin - base
                self.lead_squares[i] += (margin - base) ** 2
        self.playouts += len(self.legal)
        self.deals += 1

    def evaluations(self) -> list[Evaluation]:
        """Best first: by margin, or with ``chance`` by the chance of winning, equal chances
        by margin (then, either way, in the order of the legal actions)."""
        ranked = super().evaluations()
        if self.chance is None:
            return ranked
        margin = {action: self.tiebreak[i] for i, action in enumerate(self.legal)}
        order = {action: k for k, action in enumerate(self.legal)}
        ranked.sort(key=lambda e: (-e.value, -margin[e.action], order[e.action]))
        return [replace(e, unit=CHANCE_UNIT) for e in ranked]

    def sure(self, action: int, caution: float) -> bool:
        """Whether the ``action``-th action's mean lead over the baseline, over the deals so
        far, is more than ``caution`` standard errors above 0 (the baseline itself: yes)."""
        if action == self.baseline:
            return True
        n = self.deals
        if n < 2:
            return False
        mean = self.lead[action] / n
        variance = max(self.lead_squares[action] - n * mean * mean, 0.0) / (n - 1)
        return mean > caution * math.sqrt(variance / n)
