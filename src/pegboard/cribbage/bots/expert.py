"""The cribbage expert: discard values with a model of the opponent's
(``pegboard.cribbage.bots.discard``), and pegging by search over the cards the opponent can
still hold.

**Pegging** (C4, C5). Determinized search: the opponent's unplayed cards and its two crib
cards are dealt among the unseen cards, respecting every public fact (its go's, C5);
``candidates`` such deals are drawn per deal searched, each weighted by how likely the
opponent's discard is from the six cards it gives it (``discard_likelihood``), and the
deals searched are resampled from them. In each deal the rest of the pegging is solved
exactly by minimax (suits play no part in the pegging, so cards are searched by rank and
equal ranks are tried once), and a card's value is its mean over the deals. The value of a
line is the seat's pegging points minus the opponent's; when a seat can reach 121 in this
hand, the line that gets there first (pegging, then the pone's show, the dealer's show and
the crib, C6 and C7) is worth ``WIN`` more (or less), so near the end the search plays to
win the game rather than for points. Deterministic for a seed and a number of
determinizations.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any, Final

from pegboard.bots.base import AnalysingBot, Evaluation, legal_or_raise
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard, Play
from pegboard.cribbage.bots.discard import CANDIDATES, Opponent, discard_values, weighted_deals
from pegboard.cribbage.bots.pegging_estimate import pegging_estimates
from pegboard.cribbage.determinize import game_view, hidden_deal
from pegboard.cribbage.events import TARGET
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import peg_rank_points, score_hand

PEG_BOUND: Final = 60
"""At least what one seat can peg in a hand: four cards, each at most 2 + 12 + 1 (C4, C5)."""

WIN: Final = 100.0
"""What reaching 121 first in this hand is worth in the pegging search, in points."""

DISCARD_UNIT: Final = "expected net points"
PEGGING_UNIT: Final = "expected pegging margin"
ENDGAME_UNIT: Final = "expected pegging margin, a game won or lost worth ±100"

# --- pegging ----------------------------------------------------------------------------


def _value(rank: int) -> int:
    return rank if rank < 10 else 10


class PeggingSearch:
    """Exact minimax over the rest of one determinized pegging, cards by rank.

    ``hands`` are the ranks each seat still holds; ``shows`` the points of the pone's
    hand, the dealer's hand and the crib (counted after the pegging, in that order). Values
    are from ``me``'s side: its pegging points minus the other's from here on, ``WIN`` more
    (less) when it reaches 121 first in this hand. Positions are cached.
    """

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        me: int,
        dealer: int,
        scores: Sequence[int],
        shows: tuple[int, int, int],
    ) -> None:
        self.hands = [sorted(hands[0]), sorted(hands[1])]
        self.me = me
        self.dealer = dealer
        self.start = (scores[0], scores[1])
        self.shows = shows
        # Can anyone reach 121 this hand? 60 is more than one seat can peg in a hand.
        pone = 1 - dealer
        self.endgame = (
            scores[pone] + shows[0] + PEG_BOUND >= TARGET
            or scores[dealer] + shows[1] + shows[2] + PEG_BOUND >= TARGET
        )
        self.cache: dict[Any, float] = {}

    def root(
        self, current: int, count: int, pile: Sequence[int], gone: Sequence[bool]
    ) -> dict[int, float]:
        """The value of each rank ``current`` may play now (``{}`` if it must say go)."""
        s0, s1 = self.start
        pile_list = list(pile)
        hand = self.hands[current]
        out: dict[int, float] = {}
        for rank in sorted(set(hand)):
            if count + _value(rank) <= 31:
                out[rank] = self._play(current, rank, count, pile_list, gone[0], gone[1], s0, s1)
        return out

    def go_value(
        self, current: int, count: int, pile: Sequence[int], gone: Sequence[bool]
    ) -> float:
        s0, s1 = self.start
        return self._go(current, count, list(pile), gone[0], gone[1], s0, s1)

    # The recursion mirrors Game._play, Game._go and Game._end_sequence exactly.

    def _node(
        self, cur: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        key = (
            cur,
            count,
            tuple(pile),
            tuple(self.hands[0]),
            tuple(self.hands[1]),
            g0,
            g1,
            (s0, s1) if self.endgame else None,
        )
        cached = self.cache.get(key)
        if cached is not None:
            return cached
        room = 31 - count
        best: float | None = None
        previous = -1
        for rank in self.hands[cur]:
            if rank == previous or _value(rank) > room:
                continue
            previous = rank
            value = self._play(cur, rank, count, pile, g0, g1, s0, s1)
            if best is None or (value > best if cur == self.me else value < best):
                best = value
        if best is None:
            best = self._go(cur, count, pile, g0, g1, s0, s1)
        self.cache[key] = best
        return best

    def _play(
        self, cur: int, rank: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        hand = self.hands[cur]
        at = hand.index(rank)
        del hand[at]
        pile.append(rank)
        count += _value(rank)
        points = peg_rank_points(pile, count)
        gain = points if cur == self.me else -points
        if cur == 0:
            s0 += points
        else:
            s1 += points
        try:
            if s0 >= TARGET or s1 >= TARGET:
                return gain + self._won(cur)
            if count == 31:
                return gain + self._end(cur, count, pile, s0, s1)
            other = 1 - cur
            if not (g1 if other else g0) and self.hands[other]:
                return gain + self._node(other, count, pile, g0, g1, s0, s1)
            if self._can_play(cur, count):
                return gain + self._node(cur, count, pile, g0, g1, s0, s1)
            return gain + self._end(cur, count, pile, s0, s1)
        finally:
            pile.pop()
            hand.insert(at, rank)

    def _go(
        self, cur: int, count: int, pile: list[int], g0: bool, g1: bool, s0: int, s1: int
    ) -> float:
        if cur == 0:
            g0 = True
        else:
            g1 = True
        other = 1 - cur
        if self._can_play(other, count):
            return self._node(other, count, pile, g0, g1, s0, s1)
        return self._end(other, count, pile, s0, s1)

    def _can_play(self, seat: int, count: int) -> bool:
        room = 31 - count
        return any(_value(r) <= room for r in self.hands[seat])

    def _won(self, seat: int) -> float:
        return WIN if seat == self.me else -WIN

    def _end(self, last: int, count: int, pile: list[int], s0: int, s1: int) -> float:
        gain = 0.0
        if count != 31:  # a go or the last card: 1 point (C5)
            gain = 1.0 if last == self.me else -1.0
            if last == 0:
                s0 += 1
            else:
                s1 += 1
            if s0 >= TARGET or s1 >= TARGET:
                return gain + self._won(last)
        other = 1 - last
        if self.hands[other]:
            return gain + self._node(other, 0, [], False, False, s0, s1)
        if self.hands[last]:
            return gain + self._node(last, 0, [], False, False, s0, s1)
        return gain + self._show(s0, s1)

    def _show(self, s0: int, s1: int) -> float:
        """Who, if anyone, reaches 121 in the show: the pone counts first (C6, C7)."""
        if not self.endgame:
            return 0.0
        pone = 1 - self.dealer
        scores = [s0, s1]
        if scores[pone] + self.shows[0] >= TARGET:
            return self._won(pone)
        if scores[self.dealer] + self.shows[1] + self.shows[2] >= TARGET:
            return self._won(self.dealer)
        return 0.0


# --- the bot ----------------------------------------------------------------------------


class CribbageExpert(AnalysingBot):
    """Expected-value discards with a model of the opponent's; pegging by minimax over
    determinized deals weighted by what the opponent's discard implies.

    ``determinizations`` is the search budget for the pegging (deals of the unseen cards
    per decision); the same seed and budget always give the same choices. ``time_limit``
    (seconds), when given, also stops the pegging search once that time is spent (after
    one deal at least): such a bot is not deterministic, as the number of deals searched
    then depends on the machine's speed. ``opponent`` is how the crib is valued (see
    ``Opponent``); ``candidates`` how many uniform deals are drawn per deal searched and
    weighted by the opponent's discard (1: the deals are uniform, as before issue 20).
    ``CribbageExpert(opponent="uniform", candidates=1)`` is the expert of before issue 20.
    """

    name = "expert"

    def __init__(
        self,
        determinizations: int = 24,
        time_limit: float | None = None,
        opponent: Opponent = "model",
        candidates: int = CANDIDATES,
    ) -> None:
        if determinizations < 1:
            raise ValueError(f"the search needs at least one deal, not {determinizations}")
        if time_limit is not None and not time_limit > 0:
            raise ValueError(f"a time limit is a positive number of seconds, not {time_limit}")
        if opponent not in ("model", "uniform"):
            raise ValueError(f"the opponent is valued as 'model' or 'uniform', not {opponent!r}")
        if candidates < 1:
            raise ValueError(f"at least one candidate deal per deal searched, not {candidates}")
        self.determinizations = determinizations
        self.time_limit = time_limit
        self.opponent: Opponent = opponent
        self.candidates = candidates

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action of the seat, best first, with its value and unit."""
        legal = legal_or_raise(observation)
        view = game_view(observation)  # type: ignore[arg-type]
        if isinstance(legal[0], Discard):
            rows = self._discards(view, self.opponent, pegging=True)
        else:
            rows = self._pegging(view, legal, rng)
        rows.sort(key=lambda e: (-e.value, str(e.action)))
        return rows

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        """``analyse``'s best action; a discard without the pegging estimate, which is
        shown and never weighed (its value, the net, is the same without it)."""
        legal = legal_or_raise(observation)
        if len(legal) == 1 or not isinstance(legal[0], Discard):
            return super().choose(observation, rng)
        rows = self._discards(game_view(observation), self.opponent)  # type: ignore[arg-type]
        rows.sort(key=lambda e: (-e.value, str(e.action)))
        best: Action = rows[0].action
        return best

    @staticmethod
    def _discards(
        view: CribbageObservation, opponent: Opponent = "model", pegging: bool = False
    ) -> list[Evaluation]:
        """Every discard valued by its net (hand and crib); with ``pegging``, also the
        kept four's pegging estimate as a detail (``pegging_estimate``), never in the value."""
        six = [*view.hand, *view.discards] if view.discarded[view.seat] else list(view.hand)
        own_crib = view.dealer == view.seat
        values = discard_values(six, own_crib, opponent)
        kept = [[c for c in six if c not in v.discard.cards] for v in values]
        pegs: list[float | None] = [None] * len(values)
        if pegging:
            pegs = list(pegging_estimates(six, kept, own_crib))
        rows = []
        for v, peg in zip(values, pegs, strict=True):
            details = {"hand": float(v.hand), "crib": float(v.crib)}
            if peg is not None:
                details["pegging"] = peg
            details["net"] = float(v.net)
            rows.append(Evaluation(v.discard, float(v.net), DISCARD_UNIT, details))
        return rows

    def _pegging(
        self, view: CribbageObservation, legal: Sequence[Action], rng: random.Random
    ) -> list[Evaluation]:
        me, other = view.seat, 1 - view.seat
        assert view.starter is not None and view.current_player == me
        starter = view.starter
        pile = [c.rank for c in view.pile]
        played_other = [c for s, c in view.played if s == other]
        totals: dict[int, float] = {}
        go_total = 0.0
        endgame = False
        memo: dict[tuple[int, ...], tuple[dict[int, float], float]] = {}
        deadline = None if self.time_limit is None else time.monotonic() + self.time_limit
        searched = 0
        if self.candidates > 1:
            deals = weighted_deals(
                view, rng, self.determinizations, self.candidates * self.determinizations
            )
        else:
            deals = []
        while searched < self.determinizations:
            if searched and deadline is not None and time.monotonic() > deadline:
                break
            deal = deals[searched] if deals else hidden_deal(view, rng)
            searched += 1
            kept = [*played_other, *deal.hand]
            crib = [*view.discards, *deal.discards]
            hands = [[], []]  # type: list[list[int]]
            hands[me] = sorted(c.rank for c in view.hand)
            hands[other] = sorted(c.rank for c in deal.hand)
            show_of = {me: score_hand(view.kept, starter), other: score_hand(kept, starter)}
            shows = (
                show_of[view.pone],
                show_of[view.dealer],
                score_hand(crib, starter, is_crib=True),
            )
            search = PeggingSearch(hands, me, view.dealer, view.scores, shows)
            endgame = endgame or search.endgame
            # The same ranks give the same pegging; the shows matter only near 121.
            key = (*hands[other], -1, *(shows if search.endgame else ()))
            if key not in memo:
                if isinstance(legal[0], Play):
                    memo[key] = (search.root(me, view.count, pile, view.said_go), 0.0)
                else:
                    memo[key] = ({}, search.go_value(me, view.count, pile, view.said_go))
            values, go_value = memo[key]
            for rank, value in values.items():
                totals[rank] = totals.get(rank, 0.0) + value
            go_total += go_value
        unit = ENDGAME_UNIT if endgame else PEGGING_UNIT
        rows = []
        for action in legal:
            if isinstance(action, Play):
                mean = totals[action.card.rank] / searched
            else:
                mean = go_total / searched
            rows.append(Evaluation(action, mean, unit))
        return rows

    def __repr__(self) -> str:
        limit = "" if self.time_limit is None else f", time_limit={self.time_limit}"
        model = ""
        if self.opponent != "model" or self.candidates != CANDIDATES:
            model = f", opponent={self.opponent!r}, candidates={self.candidates}"
        return f"CribbageExpert(determinizations={self.determinizations}{limit}{model})"

    @property
    def budget(self) -> int:
        """The search budget (``Searching``): the pegging determinizations."""
        return self.determinizations

    @budget.setter
    def budget(self, value: int) -> None:
        if value < 1:
            raise ValueError(f"the search needs at least one deal, not {value}")
        self.determinizations = value
