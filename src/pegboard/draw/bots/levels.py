"""Draw's levels for people: beginner, casual, strong and expert, each a policy of its own.

* **beginner** plays like someone who has just learnt the rules: it looks at one end of the
  line (the first open end, B4 order; a third of the time its eye falls on the other one)
  and lays there the first tile of its hand that fits, in the order it holds them. When
  nothing fits there, half the time it draws (D6) without looking at the other end, else
  it looks there; it draws when it must (D7). In the Block game (D18), where nobody
  draws, it mostly holds its tiles heaviest first, the one tip a beginner at Block is given
  (the tiles left in hand count against it, D13, D14): the first that fits is then the
  heaviest of the end it looks at; one decision in four (``BLOCK_FORGETS``) it forgets the
  tip and holds them as in Draw. Always holding them as in Draw, lightest first, it lost to
  random at Block, and always heaviest first it was level with casual (docs/bots.md).
* **casual** is greedy by pips with no lookahead: its heaviest playable tile (a double
  first among equals), on the end that keeps open the number it holds more of; it never
  draws while it can play.
* **strong** searches a little: the expert's tree search (``draw_ismcts``) with a small
  budget, and one decision in ``SLIP`` it plays the casual move without searching (a
  player who sometimes does not look ahead). Like casual it never draws while it can play
  (``voluntary_draws``): at its budget the search's value of a draw (D6) was too rough to
  act on, and it drew in about one turn in five where it could play. Drawing so, it lost
  to casual on the double-nine set at four in partnerships (-8.93 points a deal
  [-11.03, -6.83], 1,000 duplicate deals) and was level with it at three; playing, it wins
  at every table (docs/bots.md).
* **expert** is ``draw_ismcts.DrawISMCTS`` at its default budget, four times as many
  iterations at a table of four (``ExpertBot``).

In partnerships (D21-D24) every level plays for its side. The quick levels' aim, to hold
few pips when a hand ends (the heaviest first), is their side's too: the side that goes
out scores the opponents' counts (D22) and a blocked hand compares the sides' totals (D23).
The searches (strong, pimc, expert) value a move by the side's margin, its points less the
opponents' side's, which partners share (``playout.margins``), in worlds dealt as the seat
sees them (its partner's hand as hidden as the opponents', D21).

The margins between them, the ladder's Elo and the decision times are in
``benchmarks/bench_draw_expert.py`` and docs/bots.md.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import MappingProxyType
from typing import Final

from pegboard.bots.base import Bot, RandomBot, legal_or_raise
from pegboard.bots.ismcts import register_ismcts
from pegboard.core import Action, Observation
from pegboard.draw.actions import DrawTile, Play
from pegboard.draw.bots.basic import GreedyBot
from pegboard.draw.bots.expert import DrawExpert, round_view
from pegboard.draw.bots.ismcts import DrawISMCTS
from pegboard.draw.observation import DrawObservation

BEGINNER_WRONG_END: Final = 1 / 3
"""How often the beginner looks first at the end it did not mean to."""
BEGINNER_MISSES: Final = 1 / 2
"""How often, when nothing fits the end it looks at, the beginner draws (D6) without
looking at the other end."""
STRONG_BUDGET: Final = 100
"""The strong bot's iterations per decision (the expert's default is 600)."""
BLOCK_FORGETS: Final = 1 / 4
"""How often, in the Block game, the beginner forgets to hold its heaviest tiles first."""
SLIP: Final = 0.15
"""How often the strong bot plays the casual move without searching."""
FOUR_PLAYER_FACTOR: Final = 4
"""How many times its budget the expert searches at a table of four (``ExpertBot``)."""


def _plays(legal: tuple[Action, ...] | list[Action]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


def _no_play(legal: tuple[Action, ...] | list[Action]) -> Action:
    """Draw while the stock allows (D7), else the pass (D8): the move when nothing fits."""
    draws = [a for a in legal if isinstance(a, DrawTile)]
    return draws[0] if draws else legal[0]


class BeginnerBot:
    """The first tile that fits the end it looks at; see the module docstring."""

    name = "beginner"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = tuple(legal_or_raise(observation))
        plays = _plays(legal)
        if not plays:
            return _no_play(legal)
        round_ = round_view(observation)
        hand = list(round_.hand)
        if round_.block and rng.random() >= BLOCK_FORGETS:  # see the module docstring
            hand.sort(key=lambda tile: (-tile.pips, -tile.is_double))
        ends = sorted({p.end.value for p in plays if p.end is not None})
        order = {tile: k for k, tile in enumerate(hand)}
        if not ends:  # the first tile of the round: the first of its hand that it holds
            return min(plays, key=lambda p: order.get(p.tile, 0))
        values = list(round_.line.open_values())
        if rng.random() < BEGINNER_WRONG_END:
            values.reverse()
        for k, value in enumerate(values):
            here = [p for p in plays if p.end is not None and p.end.value == value]
            if here:
                return min(here, key=lambda p: order.get(p.tile, 0))
            draws = [a for a in legal if isinstance(a, DrawTile)]
            if k == 0 and draws and rng.random() < BEGINNER_MISSES:
                return draws[0]  # nothing fits where it looks: it draws, missing the other end
        return plays[0]

    def __repr__(self) -> str:
        return "BeginnerBot()"


class CasualBot:
    """Greedy by pips, no lookahead; see the module docstring."""

    name = "casual"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = tuple(legal_or_raise(observation))
        return casual_choice(observation, legal)

    def __repr__(self) -> str:
        return "CasualBot()"


def casual_choice(observation: Observation, legal: tuple[Action, ...]) -> Action:
    """The casual move: the heaviest playable tile (a double first), on the end whose
    number stays open that the seat holds more of (the higher number on a tie)."""
    plays = _plays(legal)
    if not plays:
        return _no_play(legal)
    hand = round_view(observation).hand

    def held(value: int) -> int:
        return sum(1 for t in hand if t.has(value))

    def key(play: Play) -> tuple[int, bool, int, int]:
        tile = play.tile
        if play.end is None:
            return (tile.pips, tile.is_double, 0, 0)
        left = tile.other(play.end.value)  # the number this play leaves open on its end
        others = [p.end.value for p in plays if p.tile == tile and p.end is not None]
        kept = [v for v in others if v != play.end.value]  # the other end stays as it is
        keep = kept[0] if kept else left
        return (tile.pips, tile.is_double, held(keep), keep)

    return max(plays, key=key)


class StrongBot(DrawISMCTS):
    """A small search that sometimes does not look; see the module docstring."""

    name = "strong"
    default_budget = STRONG_BUDGET
    voluntary_draws = False

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = tuple(legal_or_raise(observation))
        if len(legal) == 1:
            return legal[0]
        if rng.random() < SLIP:
            return casual_choice(observation, legal)
        return super().choose(observation, rng)


class ExpertBot(DrawISMCTS):
    """The expert level: the tree search at its default budget, four times as many
    iterations at a table of four.

    Why four times at four players: there, at 600 iterations, the search was no stronger
    than the flat search (``pimc``: +0.26 points a deal [-0.81, +1.33] over 300 deals, and
    no better with shaped playouts, a tree of its own decisions only, every action tried
    on each deal, or half the exploration); at 2,400 it is, +0.54 [+0.14, +0.95] over 2,000
    deals, for a median decision of about 3 ms of CPU with the search in C, 48 ms in Python
    (``python -m benchmarks draw_expert --cores``, docs/bots.md)."""

    name = "expert"
    budget_factor = MappingProxyType({4: FOUR_PLAYER_FACTOR})

    def draws_voluntarily(self, observation: DrawObservation) -> bool:
        """Not at a table of three or four on the double-nine set (D25, D26: a stock of 34 or
        27 tiles): drawing there while it could play, the expert fell below strong, which
        never does (docs/bots.md); between two, and on the double-six set, its draws cost
        nothing measurable and it keeps them."""
        return observation.tile_set == 6 or observation.num_players == 2


def register_draw_bots(register: Callable[[str, str, Callable[[], Bot]], None]) -> None:
    """Register Draw's bots, in the order they are offered: random and greedy (tests and
    research), the four levels for people weakest first with the previous expert
    (``pimc``: flat determinized search) and the expert playing for the match
    (``match-expert``, issue 37) before the expert (the strongest level that ranks actions
    analyses a match), and OpenSpiel's ISMCTS with the research extra."""
    register("draw", "random", RandomBot)
    register("draw", "greedy", GreedyBot)
    register("draw", "beginner", BeginnerBot)
    register("draw", "casual", CasualBot)
    register("draw", "strong", StrongBot)
    register("draw", "pimc", DrawExpert)
    register("draw", "match-expert", _match_expert)  # research: plays for the match
    register("draw", "expert", ExpertBot)  # information-set tree search (bots.ismcts)
    register_ismcts(register, "draw")


def _match_expert() -> Bot:
    """The research level ``match-expert`` (``draw.bots.match``, which builds on this module)."""
    from pegboard.draw.bots.match import MatchExpertBot

    return MatchExpertBot()
