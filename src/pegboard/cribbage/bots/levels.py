"""Cribbage bots for people to climb: beginner, casual, strong, expert (issue 20).

Each level is a policy of its own, not the expert with noise alone:

- **beginner** keeps the four cards that show the most fifteens and pairs by themselves
  (it does not see runs, flushes or the starter to come, and never thinks of the crib);
  in the pegging it takes a fifteen, a 31 or a pair when one is there, and otherwise
  plays its highest card, as a beginner empties the big cards first.
- **casual** keeps the best hand on average over the 46 possible starters (exact), but
  never looks at the crib; it pegs greedily (the card worth most now, C4, C5).
- **strong** discards like the expert (hand and crib, the opponent's discard modelled),
  but one time in ``STRONG_SLIP`` it forgets the crib; it pegs by the expert's search
  with a smaller budget over uniform deals (no reading of the opponent's discard), and
  one play in ``STRONG_SLIP`` it grabs the points in front of it instead (it misses the
  plan).
- **expert** is :class:`~pegboard.cribbage.bots.expert.CribbageExpert`.

Research levels, never offered to people: ``match-expert`` (the expert playing for the
match, issue 37) and ``simulation``, a simulation player to measure the expert against
(``pegboard.cribbage.bots.simulation.SimulationPlayer``, issue 43).

Among three (C8) and four in partnerships (C9) each keeps its character with one card
to lay away from five: the beginner keeps the four that show the most fifteens and pairs,
the casual the best four over the 47 starters, the strong and the expert value the crib
too (``pegboard.cribbage.bots.lay_away``: the crib is the dealer's side's, a partner's
counts for the seat), and search the pegging round the table for their side
(``pegboard.cribbage.bots.table_search``); the strong bot slips as between two.

All take every random decision from the seeded stream they are given, and see only the
seat's observation (a partner's hand is as hidden as an opponent's).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from pegboard.bots.base import Bot, RandomBot, legal_or_raise
from pegboard.bots.ismcts import register_ismcts
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard, LayAway, Play
from pegboard.cribbage.bots.basic import GreedyBot
from pegboard.cribbage.bots.claims import show_action
from pegboard.cribbage.bots.discard import expected_hand_total
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.simulation import SimulationPlayer
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.determinize import table_view
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import peg_breakdown

LEVELS = ("beginner", "casual", "strong", "expert")
"""The levels offered to people, weakest first (random and greedy stay for research)."""

STRONG_SLIP = 4
"""One decision in this many, the strong bot slips (see the module's text)."""
STRONG_BUDGET = 8
"""The strong bot's pegging determinizations (the expert's default is 24)."""


def _hand_and_discards(view: CribbageObservation) -> list[Card]:
    return [*view.hand, *view.discards] if view.discarded[view.seat] else list(view.hand)


def _kept(hand: Sequence[Card], action: Discard | LayAway) -> list[Card]:
    return [c for c in hand if c not in action.cards]


def visible_points(cards: Sequence[Card]) -> int:
    """Fifteens and pairs among ``cards``: what a beginner sees in a hand (no runs, no
    flush, no starter)."""
    points = 0
    values = [c.value for c in cards]
    n = len(cards)
    for mask in range(1, 1 << n):
        if sum(values[i] for i in range(n) if mask >> i & 1) == 15:
            points += 2
    for i in range(n):
        for j in range(i + 1, n):
            if cards[i].rank == cards[j].rank:
                points += 2
    return points


def _pick(actions: Sequence[Action], rng: random.Random) -> Action:
    return actions[rng.randrange(len(actions))] if len(actions) > 1 else actions[0]


def _best(scored: Sequence[tuple[float, Action]], rng: random.Random) -> Action:
    top = max(v for v, _ in scored)
    return _pick([a for v, a in scored if v == top], rng)


class BeginnerBot:
    """Keeps what shows fifteens and pairs; pegs a score when it sees one, else its highest
    card (see the module's text)."""

    name = "beginner"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        counted = show_action(observation, beginner=True)  # forgets flush and nobs (C18)
        if counted is not None:
            return counted
        view = table_view(observation)  # type: ignore[arg-type]
        if isinstance(legal[0], (Discard, LayAway)):
            hand = _hand_and_discards(view)
            scored = [
                (float(visible_points(_kept(hand, a))), a)
                for a in legal
                if isinstance(a, (Discard, LayAway))
            ]
            return _best(scored, rng)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]
        pile = list(view.pile)
        # Fifteen, 31 and pairs only: the engine's C4 count, less any run it would not notice.
        seen = [
            (
                sum(
                    item.points
                    for item in peg_breakdown([*pile, play.card]).items
                    if item.kind != "run"
                ),
                play,
            )
            for play in plays
        ]
        if max(p for p, _ in seen) > 0:
            return _best([(float(p), a) for p, a in seen], rng)
        return _best([(float(a.card.value), a) for a in plays], rng)

    def __repr__(self) -> str:
        return "BeginnerBot()"


class CasualBot:
    """Keeps the best hand over every starter, blind to the crib; pegs greedily."""

    name = "casual"
    quick = True

    def __init__(self) -> None:
        self._greedy = GreedyBot()

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        counted = show_action(observation)  # with muggins: claim, or call muggins (C18)
        if counted is not None:
            return counted
        view = table_view(observation)  # type: ignore[arg-type]
        if isinstance(legal[0], (Discard, LayAway)):
            return best_hand_discard(view, legal, rng)
        return self._greedy.choose(observation, rng)

    def __repr__(self) -> str:
        return "CasualBot()"


def best_hand_discard(
    view: CribbageObservation, legal: Sequence[Action], rng: random.Random
) -> Action:
    """The discard whose four kept cards score most on average over the 46 starters (the
    card laid away, among three or four, over the 47: C8, C9)."""
    hand = _hand_and_discards(view)
    mask = 0
    for card in hand:
        mask |= card.bit
    unseen = [c for c in DECK if not mask & c.bit]
    scored = [
        (float(expected_hand_total(_kept(hand, a), unseen)), a)
        for a in legal
        if isinstance(a, (Discard, LayAway))
    ]
    return _best(scored, rng)


class StrongBot:
    """The expert's discards and search, with slips (see the module's text)."""

    name = "strong"

    def __init__(self, budget: int = STRONG_BUDGET) -> None:
        # The expert's search before issue 43: uniform deals, its budget fixed.
        self._search = CribbageExpert(budget, candidates=1, anytime=False)
        self._greedy = GreedyBot()

    @property
    def budget(self) -> int:
        """The pegging determinizations (``Searching``)."""
        return self._search.determinizations

    @budget.setter
    def budget(self, value: int) -> None:
        self._search.budget = value

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        counted = show_action(observation)  # with muggins: claim, or call muggins (C18)
        if counted is not None:
            return counted
        view = table_view(observation)  # type: ignore[arg-type]
        if len(legal) == 1:
            return legal[0]
        slip = rng.randrange(STRONG_SLIP) == 0
        if isinstance(legal[0], (Discard, LayAway)):
            if slip:
                return best_hand_discard(view, legal, rng)
            return self._search.choose(observation, rng)
        if slip:
            return self._greedy.choose(observation, rng)
        return self._search.choose(observation, rng)

    def __repr__(self) -> str:
        return f"StrongBot(budget={self._search.determinizations})"


def register_cribbage_bots(register: Callable[[str, str, Callable[[], Bot]], None]) -> None:
    """Register cribbage's bots, in the order they are offered: random and greedy (tests and
    research), then the four levels for people, weakest first, with the research levels
    measured against the expert among them (``simulation``, issue 43; ``match-expert``,
    issue 37) and ISMCTS with the research extra last."""
    register("cribbage", "random", RandomBot)
    register("cribbage", "greedy", GreedyBot)
    register("cribbage", "beginner", BeginnerBot)
    register("cribbage", "casual", CasualBot)
    register("cribbage", "strong", StrongBot)
    # A simulation player of the kind issue 43 measures the expert against: a research
    # level for measuring only, never offered to people (``PEOPLE_LEVELS``). Listed
    # before the expert, so that the expert stays the strongest analyser (hints, reports)
    # and the last two levels, a stand-in's (``web.leavers.stand_in_level``), stay.
    register("cribbage", "simulation", SimulationPlayer)
    # The expert playing for the match (issue 37), a research level while it is measured
    # against the expert; listed before it, so that the hints and the reports (the
    # strongest analyser: the last) stay in the expert's points.
    register("cribbage", "match-expert", partial(CribbageExpert, objective="match"))
    register("cribbage", "expert", CribbageExpert)
    register_ismcts(register, "cribbage")  # OpenSpiel's ISMCTS, with the research extra
