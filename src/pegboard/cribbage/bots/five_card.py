"""How the cribbage bots play five-card cribbage (C13-C17, ``Game.new(seed, cards=5)``).

The random, greedy, beginner and casual bots read the hand they hold whatever its size (the
greedy and casual count a kept three with its flush of 3, C16). The strong and expert bots'
own discards and search are made for six cards (the crib's table, ``crib_table``; the
opponent's discard model; the chances of winning, ``odds``); at five-card they play
:class:`FiveCardPlay` instead, made for it:

- **discard** (C13, C16): for each of the 10 ways to lay two of five away, the hand's exact
  mean over the 47 starters the seat has not seen, plus (its own crib) or minus (the
  opponent's) the crib's mean with the opponent's two cards and the starter drawn at random
  from those 47: a Monte Carlo mean over ``crib_samples`` draws, the same draws for every
  discard (so that their differences are sharper than each mean). Its standard error at
  the default 1,500 draws is about 0.08 points for one discard's crib
  (tests/cribbage/bots/test_five_card_bots.py measures it); the opponent is modelled as
  uniform, not as a player who keeps its best cards (an approximation: stated).
- **pegging** (C4, C15): the play is one sequence of at most six cards, so each candidate
  card is valued exactly, by minimax over the rest of the play, in ``deals`` worlds (the
  expert's determinizations: 24 for the expert, 8 for the strong bot) where the
  opponent's unseen cards are dealt at random among those that fit what it showed (every
  card it holds is worth more than ``held_above`` after a go); the value is the seat's
  pegging points minus the opponent's, averaged over the worlds. The game's end at 61 is
  not looked for (a point is a point).

The strong bot slips as it does at six-card (``levels.STRONG_SLIP``): one decision in four it
plays the casual bot's discard or the greedy bot's card instead, and it searches fewer worlds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from pegboard.bots.base import Evaluation, legal_or_raise
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard, Play
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import peg_points_of, show_points, show_points3

CRIB_SAMPLES: Final = 1500
"""Draws of the opponent's two crib cards and the starter for a discard's crib mean."""
DEALS: Final = 32
"""Worlds of the opponent's unseen cards for a pegging decision."""
UNIT: Final = "expected net points"


def five_card_view(observation: Observation) -> CribbageObservation | None:
    """The game observation when it is of five-card cribbage (C13), else None."""
    view = observation.game if isinstance(observation, MatchObservation) else observation
    if isinstance(view, CribbageObservation) and view.cards == 5:
        return view
    return None


def _unseen(view: CribbageObservation) -> list[Card]:
    """The cards of this hand the seat has not seen: not its own, not played, not the
    starter (earlier hands' cards are shuffled back)."""
    seen = {*view.hand, *view.kept, *view.discards, *(card for _, card in view.played)}
    if view.starter is not None:
        seen.add(view.starter)
    return [card for card in DECK if card not in seen]


def discard_values(
    view: CribbageObservation, legal: Sequence[Action], rng: random.Random, samples: int
) -> list[Evaluation]:
    """Every discard of ``legal`` with its hand mean, crib mean and net (see the module)."""
    hand = list(view.hand)
    unseen = _unseen(view)
    draws = [tuple(rng.sample(unseen, 3)) for _ in range(samples)]
    own_crib = view.dealer == view.seat
    rows = []
    for action in legal:
        assert isinstance(action, Discard)
        first, second = action.cards
        a, b, c = [card for card in hand if card is not first and card is not second]
        hand_mean = sum(show_points3(a, b, c, s) for s in unseen) / len(unseen)
        crib_mean = sum(show_points(first, second, x, y, s, True) for x, y, s in draws) / samples
        net = hand_mean + crib_mean if own_crib else hand_mean - crib_mean
        rows.append(
            Evaluation(action, net, UNIT, {"hand": hand_mean, "crib": crib_mean, "net": net})
        )
    return rows


def play_value(
    hands: tuple[tuple[Card, ...], tuple[Card, ...]],
    pile: tuple[Card, ...],
    count: int,
    turn: int,
    last: int | None,
) -> int:
    """The rest of the one play of five-card (C15) played out by both sides at their best:
    the points of player 0 minus player 1's. ``turn`` is to play (or to say go), ``last``
    played the pile's last card."""
    hand = hands[turn]
    fits = [i for i, card in enumerate(hand) if count + card.value <= 31]
    if not fits:
        if any(count + card.value <= 31 for card in hands[1 - turn]):
            return play_value(hands, pile, count, 1 - turn, last)  # a go: the other plays on
        if last is None:
            return 0
        return 1 if last == 0 else -1  # the last card, under 31 (C5, C15)
    sign = 1 if turn == 0 else -1
    best: int | None = None
    for i in fits:
        card = hand[i]
        after = (*pile, card)
        total = count + card.value
        value = sign * peg_points_of(after, total)
        if total < 31:  # 31 ends the play (C15)
            rest = hand[:i] + hand[i + 1 :]
            next_hands = (rest, hands[1]) if turn == 0 else (hands[0], rest)
            value += play_value(next_hands, after, total, 1 - turn, turn)
        if best is None or (value > best if turn == 0 else value < best):
            best = value
    assert best is not None
    return best


def pegging_values(
    view: CribbageObservation, legal: Sequence[Action], rng: random.Random, deals: int
) -> list[Evaluation]:
    """Every card of ``legal`` valued by minimax over ``deals`` worlds (see the module)."""
    other = 1 - view.seat
    floor = view.held_above[other]
    unseen = _unseen(view)
    eligible = [card for card in unseen if card.value > floor]
    size = view.hand_sizes[other]
    pool = eligible if len(eligible) >= size else unseen
    mine = tuple(view.hand)
    totals = dict.fromkeys(legal, 0.0)
    for _ in range(deals):
        theirs = tuple(rng.sample(pool, size))
        for action in legal:
            assert isinstance(action, Play)
            at = mine.index(action.card)
            after = (*view.pile, action.card)
            total = view.count + action.card.value
            value = peg_points_of(after, total)
            if total < 31:
                rest = mine[:at] + mine[at + 1 :]
                value += play_value((rest, theirs), after, total, 1, 0)
            totals[action] += value
    return [Evaluation(action, totals[action] / deals, UNIT) for action in legal]


class FiveCardPlay:
    """The strong and expert bots at five-card cribbage (see the module's text)."""

    def __init__(self, crib_samples: int = CRIB_SAMPLES, deals: int = DEALS) -> None:
        self.crib_samples = crib_samples
        self.deals = deals

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        """Every legal action of the seat, best first, in expected net points."""
        legal = legal_or_raise(observation)
        view = five_card_view(observation)
        assert view is not None
        if isinstance(legal[0], Discard):
            rows = discard_values(view, legal, rng, self.crib_samples)
        elif isinstance(legal[0], Play):
            rows = pegging_values(view, legal, rng, self.deals)
        else:
            rows = [Evaluation(legal[0], 0.0, UNIT)]  # go, the only action
        return sorted(rows, key=lambda row: -row.value)

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return legal[0]
        rows = self.analyse(observation, rng)
        best = [row.action for row in rows if row.value == rows[0].value]
        action: Action = best[rng.randrange(len(best))] if len(best) > 1 else best[0]
        return action
