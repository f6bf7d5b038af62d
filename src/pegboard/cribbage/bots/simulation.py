"""A simulation player for two-player six-card cribbage: a research level to measure the
expert against (issue 43), never offered to people.

It is built from the description of the outside program the issue measured (its code is
not ours): every discard valued by simulating the hand, the crib and the pegging over the
opponent's possible cards and discards; every pegging play by simulation to the end of
the pegging.

**Discard** (C2, C6). ``discard_simulations`` worlds (320 by default, the outside
program's figure) are dealt from the 46 cards the seat has not seen: the opponent's six
and the starter. The opponent lays away what ``quick_discard`` says (the expert's quick
estimate of hand and crib, the model of an expert-like player that the expert itself uses
to guess a hidden discard: cheap, a few hundred microseconds, and a player's discard
rather than a random throw). Each of the 15 discards is played in the *same* worlds
(common random numbers: the differences between discards are much less noisy than the
values): the seat's four counted with the starter, the crib (its two, the opponent's two
and the starter) for the seat when it deals and against it otherwise, the opponent's four,
and the pegging played out by both seats with the greedy policy of
``pegboard.cribbage.bots.pegging_estimate`` (the card that scores most on the pile now,
ties to the lowest rank: deterministic, so the worlds alone make the noise). A discard's
value is its mean net points (his heels, the same for every discard, is left out).

**Pegging** (C4, C5). ``pegging_simulations`` deals (1,800 by default) of the opponent's
unplayed cards, uniform among those consistent with the observation
(``pegboard.cribbage.determinize.hidden_deal``: the cards it played are known, its go's
prove what it cannot hold; its discard is unknown), the same deals for every card. Each
card the seat may play is played, and the rest of the pegging is played out greedily by
both seats as above; a card's value is the seat's mean pegging points less the
opponent's from here to the end of the pegging (the show does not change with the
pegging play). A forced action (one legal: a go, or a last card) takes no time and draws
no random number.

**Budget.** ``budget`` (``Searching``: ``simulation@N`` in the arena) is the discard's
simulations; setting it scales the pegging's with it (1,800 for 320). ``time_limit``
(seconds), when given, stops each decision's simulations when that time is spent (one at
least), so that it can be given the expert's time; such a bot is not deterministic.
Otherwise the same seed and observation give the same choice.

It plays for points, never for the game (121 is not looked at), and only two-player
six-card cribbage: at five-card (C13) it plays as the expert's five-card search; a table of
three or four (C8, C9) it refuses, naming the levels that play one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Final

from pegboard.bots.base import Evaluation, checked_budget, legal_or_raise, search_until
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard, Play
from pegboard.cribbage.bots.claims import show_action
from pegboard.cribbage.bots.discard import quick_discard
from pegboard.cribbage.bots.expert import DISCARD_UNIT, PEGGING_UNIT
from pegboard.cribbage.bots.five_card import FiveCardPlay, five_card_view
from pegboard.cribbage.bots.pegging_estimate import greedy_playout
from pegboard.cribbage.determinize import game_view, hidden_deal, unseen_cards
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import show_points

DISCARD_SIMULATIONS: Final = 320
"""Worlds each discard is played out in, by default (the outside program's figure)."""
PEGGING_SIMULATIONS: Final = 1800
"""Deals each pegging card is played out in, by default (the outside program's figure)."""


class SimulationPlayer:
    """Discards and pegs by simulation (see the module's text): a level to measure against.

    ``discard_simulations`` worlds per discard decision (all 15 discards in each),
    ``pegging_simulations`` deals per pegging decision (every legal card in each);
    ``time_limit`` (seconds) stops either earlier. Not an analyser on purpose: hints and
    reports keep the expert, the strongest analyser (``pegboard.hints``); its values are
    read with ``evaluations``.
    """

    name = "simulation"

    def __init__(
        self,
        discard_simulations: int = DISCARD_SIMULATIONS,
        pegging_simulations: int = PEGGING_SIMULATIONS,
        time_limit: float | None = None,
    ) -> None:
        checked_budget(discard_simulations, time_limit)
        checked_budget(pegging_simulations, None)
        self.discard_simulations = discard_simulations
        self.pegging_simulations = pegging_simulations
        self.time_limit = time_limit

    @property
    def budget(self) -> int:
        """The discard's simulations (``Searching``); the pegging's follow in proportion."""
        return self.discard_simulations

    @budget.setter
    def budget(self, value: int) -> None:
        checked_budget(value, None)
        self.discard_simulations = value
        self.pegging_simulations = max(1, round(value * PEGGING_SIMULATIONS / DISCARD_SIMULATIONS))

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        counted = show_action(observation)  # with muggins: claim, or call muggins (C18)
        if counted is not None:
            return counted
        if five_card_view(observation) is not None:  # six-card only: the expert's (C13)
            return FiveCardPlay().choose(observation, rng)
        if len(legal) == 1:  # forced: no simulation, and no random numbers drawn
            return legal[0]
        best: Action = self.evaluations(observation, rng)[0].action
        return best

    def evaluations(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every discard or pegging play of the seat, best first (equal values in the order
        of the legal actions), with its simulated mean and that mean's standard error."""
        legal = legal_or_raise(observation)
        view = game_view(observation)  # type: ignore[arg-type]
        if isinstance(legal[0], Discard):
            rows = discard_evaluations(view, legal, rng, self.discard_simulations, self.time_limit)
        else:
            rows = pegging_evaluations(view, legal, rng, self.pegging_simulations, self.time_limit)
        order = {id(e.action): k for k, e in enumerate(rows)}
        return sorted(rows, key=lambda e: (-e.value, order[id(e.action)]))

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit}"
        return (
            f"SimulationPlayer(discard_simulations={self.discard_simulations}, "
            f"pegging_simulations={self.pegging_simulations}{limit})"
        )


class _Tally:
    """Sums of one action's values over the simulations, and of their squares."""

    __slots__ = ("n", "squares", "total")

    def __init__(self) -> None:
        self.n = 0
        self.total = 0.0
        self.squares = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value

    @property
    def mean(self) -> float:
        return self.total / self.n

    @property
    def error(self) -> float:
        """The mean's standard error (0 with one simulation)."""
        if self.n < 2:
            return 0.0
        variance = max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))
        return math.sqrt(variance / self.n)


def discard_evaluations(
    view: CribbageObservation,
    legal: Sequence[Action],
    rng: random.Random,
    simulations: int,
    time_limit: float | None = None,
) -> list[Evaluation]:
    """Every legal discard (in ``legal``'s order) valued over the same simulated worlds
    (see the module's text). The details are the means of the seat's ``hand``, the
    ``crib`` (its points, whoever's it is), the ``pegging`` margin and the opponent's
    ``their hand``, the ``net``, its standard ``error`` and the ``simulations``."""
    return search_until(_DiscardWorlds(view, legal), rng, simulations, time_limit)


class _DiscardWorlds:
    """The discard's simulations (``PlayoutSearch``): each ``deal`` one world, every
    discard played in it."""

    def __init__(self, view: CribbageObservation, legal: Sequence[Action]) -> None:
        self.own_crib = view.dealer == view.seat
        six = list(view.hand)
        self.discards = [a for a in legal if isinstance(a, Discard)]
        self.kept = [[c for c in six if c not in a.cards] for a in self.discards]
        self.kept_ranks = [tuple(sorted(c.rank for c in four)) for four in self.kept]
        self.unseen = unseen_cards(view)
        self.tallies = {
            name: [_Tally() for _ in self.discards] for name in ("hand", "crib", "pegging", "net")
        }
        self.theirs_total = 0.0
        self.memo: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
        self.playouts = 0

    def deal(self, rng: random.Random) -> None:
        self.playouts += 1
        own_crib = self.own_crib
        drawn = rng.sample(self.unseen, 7)
        their_six, starter = drawn[:6], drawn[6]
        thrown = quick_discard(their_six, not own_crib)
        their_crib = [c for c in their_six if c in thrown]
        their_four = [c for c in their_six if c not in thrown]
        a, b, c, d = their_four
        their_hand = show_points(a, b, c, d, starter, False)
        self.theirs_total += their_hand
        their_ranks = tuple(sorted(c.rank for c in their_four))
        tallies = self.tallies
        for i, action in enumerate(self.discards):
            a, b, c, d = self.kept[i]
            hand = show_points(a, b, c, d, starter, False)
            first, second = action.cards
            crib = show_points(first, second, their_crib[0], their_crib[1], starter, True)
            key = (self.kept_ranks[i], their_ranks)
            peg = self.memo.get(key)
            if peg is None:
                # Seat 0 of the playout is this seat; the pone leads (C4).
                hands = (self.kept_ranks[i], their_ranks)
                peg = self.memo[key] = greedy_playout(
                    hands, 1 if own_crib else 0, 0, (), (False, False), -1
                )
            net = hand + (crib if own_crib else -crib) + peg - their_hand
            tallies["hand"][i].add(hand)
            tallies["crib"][i].add(crib)
            tallies["pegging"][i].add(peg)
            tallies["net"][i].add(net)

    def evaluations(self) -> list[Evaluation]:
        done = self.playouts
        rows = []
        for i, action in enumerate(self.discards):
            total = self.tallies["net"][i]
            details = {
                "hand": self.tallies["hand"][i].mean,
                "crib": self.tallies["crib"][i].mean,
                "pegging": self.tallies["pegging"][i].mean,
                "their hand": self.theirs_total / done,
                "net": total.mean,
                "error": total.error,
                "simulations": float(done),
            }
            rows.append(Evaluation(action, total.mean, DISCARD_UNIT, details))
        return rows


def pegging_evaluations(
    view: CribbageObservation,
    legal: Sequence[Action],
    rng: random.Random,
    simulations: int,
    time_limit: float | None = None,
) -> list[Evaluation]:
    """Every legal pegging action (in ``legal``'s order) valued over the same deals of the
    opponent's unplayed cards (see the module's text): the seat's mean pegging margin to
    the end of the pegging, with its standard ``error`` and the ``simulations``."""
    return search_until(_PeggingDeals(view, legal), rng, simulations, time_limit)


class _PeggingDeals:
    """The pegging's simulations (``PlayoutSearch``): each ``deal`` one deal of the
    opponent's unplayed cards, every legal card played out in it."""

    def __init__(self, view: CribbageObservation, legal: Sequence[Action]) -> None:
        me = view.seat
        self.view = view
        self.legal = legal
        self.ranks = sorted({a.card.rank for a in legal if isinstance(a, Play)})
        self.mine = sorted(c.rank for c in view.hand)
        self.pile = tuple(c.rank for c in view.pile)
        self.last = -1
        if view.pile:  # who played the pile's last card, seen from the seat (0: itself)
            self.last = 0 if view.played[-1][0] == me else 1
        self.said_go = (view.said_go[me], view.said_go[1 - me])
        self.tallies = {rank: _Tally() for rank in self.ranks}
        self.go = _Tally()
        self.memo: dict[tuple[int, ...], dict[int, int]] = {}
        self.playouts = 0

    def deal(self, rng: random.Random) -> None:
        self.playouts += 1
        deal = hidden_deal(self.view, rng)
        theirs = tuple(sorted(c.rank for c in deal.hand))
        values = self.memo.get(theirs)
        if values is None:
            hands = (self.mine, theirs)
            count, pile, said_go, last = self.view.count, self.pile, self.said_go, self.last
            if self.ranks:
                values = {
                    r: greedy_playout(hands, 0, count, pile, said_go, last, first=r)
                    for r in self.ranks
                }
            else:  # a go among other actions cannot happen at two (C5); kept for safety
                values = {-1: greedy_playout(hands, 0, count, pile, said_go, last)}
            self.memo[theirs] = values
        for rank, value in values.items():
            (self.tallies[rank] if rank >= 0 else self.go).add(value)

    def evaluations(self) -> list[Evaluation]:
        rows = []
        for action in self.legal:
            tally = self.tallies[action.card.rank] if isinstance(action, Play) else self.go
            details = {"error": tally.error, "simulations": float(self.playouts)}
            rows.append(Evaluation(action, tally.mean, PEGGING_UNIT, details))
        return rows
