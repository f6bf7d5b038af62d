"""Bots for cribbage."""

from __future__ import annotations

import random
from collections.abc import Sequence

from pegboard.bots.base import legal_or_raise
from pegboard.core import Action, Observation
from pegboard.cribbage.actions import Discard, LayAway, Play
from pegboard.cribbage.bots.claims import show_action
from pegboard.cribbage.cards import Card
from pegboard.cribbage.match import MatchObservation
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.scoring import peg_points, rank_points


def kept_points(cards: Sequence[Card]) -> int:
    """What cards score by themselves, before the starter is known (C6 without a starter):
    fifteens, pairs and runs, and four cards of one suit as a flush of 4 (three kept at
    five-card: a flush of 3, C16). Nobs needs the starter, so it is left out."""
    points = rank_points([c.rank for c in cards])
    if len(cards) in (3, 4) and len({c.suit for c in cards}) == 1:
        points += len(cards)
    return points


def crib_points(first: Card, second: Card) -> int:
    """What the two discarded cards score between themselves: a fifteen or a pair, 2."""
    return 2 * ((first.value + second.value == 15) + (first.rank == second.rank))


def _game_view(observation: Observation) -> CribbageObservation:
    if isinstance(observation, MatchObservation):
        return observation.game
    if isinstance(observation, CribbageObservation):
        return observation
    raise TypeError(f"the cribbage greedy bot reads cribbage observations, not {observation!r}")


class GreedyBot:
    """Keeps the four cards that score most by themselves; pegs the card worth most now.

    Discard (C2): every pair of discards is tried and the four kept cards are counted
    without a starter (fifteens, pairs, runs, a four-card flush). Among equal keeps, the
    two cards that score between themselves go to the bot's own crib and are kept out of
    the opponent's; a remaining tie is broken by the seeded random stream.

    Pegging (C4, C5): the card that scores most on the pile right now (fifteen, 31, pairs,
    runs); ties are broken at random; "go" only when it is the only legal action.

    Among three or four (C8, C9) it lays away the card that leaves the four best kept cards
    and pegs the same way.
    """

    name = "greedy"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        counted = show_action(observation)  # with muggins: claim, or call muggins (C18)
        if counted is not None:
            return counted
        view = _game_view(observation)
        if isinstance(legal[0], LayAway):  # three or four players (C8, C9)
            return self._lay_away(view, legal, rng)
        if isinstance(legal[0], Discard):
            return self._discard(view, legal, rng)
        return self._peg(view.pile, legal, rng)

    @staticmethod
    def _peg(pile: Sequence[Card], legal: Sequence[Action], rng: random.Random) -> Action:
        plays = [a for a in legal if isinstance(a, Play)]
        if not plays:
            return legal[0]  # go: no card fits under 31 (C5, C10)
        scored = [(peg_points([*pile, p.card]), p) for p in plays]
        best = max(points for points, _ in scored)
        top = [p for points, p in scored if points == best]
        return top[rng.randrange(len(top))]

    @staticmethod
    def _lay_away(view: CribbageObservation, legal: Sequence[Action], rng: random.Random) -> Action:
        """Among three or four (C8, C9): the card whose four kept cards score most by
        themselves; ties at random."""
        scored = [
            (kept_points([c for c in view.hand if c is not a.card]), a)
            for a in legal
            if isinstance(a, LayAway)
        ]
        best = max(points for points, _ in scored)
        top = [a for points, a in scored if points == best]
        return top[rng.randrange(len(top))]

    @staticmethod
    def _discard(view: CribbageObservation, legal: Sequence[Action], rng: random.Random) -> Action:
        own_crib = view.dealer == view.seat
        hand = view.hand
        best_key: tuple[int, int] | None = None
        best: list[Action] = []
        for action in legal:
            assert isinstance(action, Discard)
            first, second = action.cards
            kept = [c for c in hand if c is not first and c is not second]
            to_crib = crib_points(first, second)
            key = (kept_points(kept), to_crib if own_crib else -to_crib)
            if best_key is None or key > best_key:
                best_key, best = key, [action]
            elif key == best_key:
                best.append(action)
        return best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return "GreedyBot()"
