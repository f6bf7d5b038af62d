"""Bots for the Fives family (All Fives, Fives and Threes): greedy, and the levels' registration.

The greedy bot plays the tile, and the end, whose play scores most at once: what the hand
credits a play (F7's points of the ends total; in Fives and Threes the chip-out point of
F8, and nothing for a play that would pass 61, F9). Ties are broken by the bot's seeded
random stream. It draws (All Fives) only when nothing fits, and passes or knocks only
when it can neither play nor draw: the rules leave no other choice then (F4).

The expert (``pegboard.fives.bots.expert``) searches over the seat's observation with
this policy in its playouts.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial

from pegboard.bots.base import Bot, RandomBot, legal_or_raise
from pegboard.core import Action, Observation
from pegboard.dominoes.actions import Play
from pegboard.fives.hand import FivesObservation
from pegboard.fives.match import FivesMatchObservation
from pegboard.fives.rules import GAMES


def hand_view(observation: Observation) -> FivesObservation:
    """The observation of the hand in play (a match's is read as its hand's: the match
    scores are in it, as the hand's scores, for F9)."""
    if isinstance(observation, FivesMatchObservation):
        return observation.hand
    if isinstance(observation, FivesObservation):
        return observation
    raise TypeError(f"the Fives bots read Fives observations, not {observation!r}")


def play_points(view: FivesObservation, play: Play) -> int:
    """What ``play`` would score for the seat to play, as the hand credits it (F7-F9)."""
    rules = view.rules
    layout = view.layout.copy()
    layout.play(play.tile, play.end)
    points = rules.points(layout.ends_total())
    if not rules.all_fives and len(view.hand) == 1:
        points += 1  # chipping out (F8)
    side = rules.side_of(view.seat)
    if rules.exact and view.scores[side] + points > rules.target:
        return 0  # a play past 61 scores nothing (F9)
    return points


def best_plays(view: FivesObservation, plays: Sequence[Play]) -> list[Play]:
    """The plays that score most at once, in the order of the legal actions."""
    scored = [(play_points(view, play), play) for play in plays]
    best = max(points for points, _ in scored)
    return [play for points, play in scored if points == best]


def casual_choice(observation: Observation, legal: Sequence[Action]) -> Action:
    """The casual move: the most points now, then the heaviest tile (a double first), then
    the first in the order of the legal actions; the only action when nothing can be laid.
    Greedy with the playouts' tie-break, and no lookahead: the casual level's move, and the
    move the strong level keeps unless its search is sure of a better one."""
    plays = [a for a in legal if isinstance(a, Play)]
    if not plays:
        return legal[0]
    view = hand_view(observation)
    return max(plays, key=lambda p: (play_points(view, p), p.tile.pips, p.tile.is_double))


class FivesGreedy:
    """The play that scores most now; ties broken by the seeded stream; see the module."""

    name = "greedy"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]  # the draw, else the pass or knock: the only action (F4)
        top = best_plays(hand_view(observation), plays)
        return top[rng.randrange(len(top))] if len(top) > 1 else top[0]

    def __repr__(self) -> str:
        return "FivesGreedy()"


def register_fives_bots(register: Callable[[str, str, Callable[[], Bot]], None]) -> None:
    """Register the levels for every game of the Fives family: random and greedy (for tests
    and research), then the people's levels weakest first (``pegboard.fives.bots.levels``)."""
    from pegboard.fives.bots.expert import FivesExpert
    from pegboard.fives.bots.levels import FivesBeginner, FivesCasual, FivesStrong

    for game in GAMES:
        register(game, "random", RandomBot)
        register(game, "greedy", FivesGreedy)
        register(game, "beginner", FivesBeginner)
        register(game, "casual", FivesCasual)
        register(game, "strong", FivesStrong)
        # The expert playing for the match (issue 37), a research level while it is
        # measured against the expert; listed before it, so that the hints and the reports
        # (the strongest analyser: the last) stay in the expert's points.
        register(game, "match-expert", partial(FivesExpert, objective="match"))
        register(game, "expert", FivesExpert)
