"""A match of the Fives family: hands until a side reaches the target (F9), each hand's
leader found as F3 says (a lot for the first; in All Fives the dominoer next, a new lot
after a block; in Fives and Threes one seat clockwise each hand)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import partial
from typing import Any

from pegboard.core import new_record, read_match_record
from pegboard.dominoes.actions import Action, parse_action
from pegboard.dominoes.lot import LotDraw, draw_lot
from pegboard.dominoes.match import FinishedPart, PartsMatch, match_seed
from pegboard.fives.hand import FivesHand, FivesMove, FivesObservation, HandResult
from pegboard.fives.rules import FivesRules


@dataclass(frozen=True, slots=True)
class FinishedHand(FinishedPart[HandResult]):
    """A hand of a match once over: who led, its seed, its actions, how it ended, the
    sides' scores after it, and its public history (``FivesHand.history``: every move
    with what it scored), so that a surface tells a finished hand without replaying it.
    The history is not in the record (``to_dict``): the actions replay it."""

    history: tuple[FivesMove, ...] = ()


class FivesMatch(PartsMatch[FivesHand]):
    """A match of All Fives or Fives and Threes, hand after hand until the target (F9).

    ``apply`` plays into the hand in play; when it ends, the match is over (a side at the
    target) or the next hand is dealt, its leader as F3 says. ``scores`` are per seat (each
    seat shows its side's score), ``side_scores`` per side.
    """

    over_rule = "F9"

    def __init__(self, rules: FivesRules, seed: int | None = None) -> None:
        if not isinstance(rules, FivesRules):
            raise TypeError("FivesMatch takes a FivesRules")
        seed = match_seed(seed)
        self.rules = rules
        self.seed = seed
        self._rng = random.Random(seed)
        self.first_leader, first_lot = draw_lot(rules.players, self._rng)
        self._lots: list[tuple[int, tuple[LotDraw, ...]]] = [(1, first_lot)]
        self._hands: list[FinishedHand] = []
        self._part_seed = self._rng.getrandbits(63)
        self._part = FivesHand.deal(rules, seed=self._part_seed, leader=self.first_leader)
        self._over = False

    # -- state ---------------------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def num_players(self) -> int:
        return self.rules.players

    @property
    def target(self) -> int:
        return self.rules.target

    @property
    def hand(self) -> FivesHand:
        """The hand in play (the last one, over, once the match is over)."""
        return self._part

    @property
    def hands(self) -> tuple[FinishedHand, ...]:
        """The hands played to their end."""
        return tuple(self._hands)

    @property
    def lots(self) -> tuple[tuple[int, tuple[LotDraw, ...]], ...]:
        """Each lot drawn for a leader (F3): the number of the hand it was for, its draws."""
        return tuple(self._lots)

    @property
    def side_scores(self) -> tuple[int, ...]:
        return self._part.scores

    @property
    def scores(self) -> tuple[int, ...]:
        """Per seat, its side's score."""
        side = self._part.scores
        return tuple(side[self.rules.side_of(seat)] for seat in range(self.rules.players))

    @property
    def winner(self) -> int | None:
        """The side that reached the target (F9), once the match is over."""
        if not self._over:
            return None
        scores, target = self.side_scores, self.rules.target
        reached = [
            score for score in scores if (score == target if self.rules.exact else score >= target)
        ]
        if not reached:
            return None
        best = max(reached)  # two tied players sharing a block may both reach it (F9)
        return scores.index(best) if scores.count(best) == 1 else None

    # -- play ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` in the hand in play; deal the next hand when it ends (F3, F9)."""
        result: HandResult | None = self._play(action)
        if result is None:
            return
        hand = self._part
        kind = partial(FinishedHand, history=hand.history)
        self._hands.append(self._finished_part(kind, len(self._hands) + 1, result, hand.scores))
        target = self.rules.target
        if any((score == target if self.rules.exact else score >= target) for score in hand.scores):
            self._over = True
            return
        if not self.rules.all_fives:
            leader = (hand.leader + 1) % self.rules.players
        elif result.kind == "domino" and result.by is not None:
            leader = result.by
        else:
            leader, lot = draw_lot(self.rules.players, self._rng)
            self._lots.append((len(self._hands) + 1, lot))
        self._part_seed = self._rng.getrandbits(63)
        self._part = FivesHand.deal(
            self.rules, seed=self._part_seed, leader=leader, scores=hand.scores
        )

    def observation(self, seat: int) -> FivesMatchObservation:
        return FivesMatchObservation(
            hand=self._part.observation(seat),
            scores=self.scores,
            side_scores=self.side_scores,
            target=self.rules.target,
            hands_played=len(self._hands),
            is_over=self._over,
            winner=self.winner,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> FivesMatch:
        """A match ``seat`` cannot tell from this one: the hand in play resampled
        (``FivesHand.sample_hidden``, exact), and the hands after it dealt from ``rng``, so
        that a search over it plays on to the match's end as the real one would."""
        other = object.__new__(FivesMatch)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random(rng.getrandbits(63))
        other._lots = list(self._lots)
        other._hands = list(self._hands)
        other._part = self._part.sample_hidden(seat, rng)
        return other

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record of the whole match: the rules, the seed, the lots,
        every hand, the scores."""
        record = new_record(self.rules.game, "match")
        record.update(
            rules=self.rules.to_dict(),
            seed=self.seed,
            target=self.rules.target,
            lots=[
                {
                    "hand": number,
                    "draws": [{str(s): str(t) for s, t in d.tiles.items()} for d in lot],
                }
                for number, lot in self._lots
            ],
            first_leader=self.first_leader,
            hands=[h.to_dict() for h in self._hands],
            scores=list(self.side_scores),
            is_over=self._over,
            winner=self.winner,
        )
        if not self._over:
            record["current_hand"] = self._current_record()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any], game: str | None = None) -> FivesMatch:
        """Replay a match record exactly (of ``game``, when given); ``RecordError`` if
        anything differs."""
        if game is None:
            found = record.get("game") if isinstance(record, dict) else None
            game = found if isinstance(found, str) else ""

        def start(r: dict[str, Any]) -> FivesMatch:
            rules = FivesRules.from_dict(r["rules"])
            if rules.game != game:
                raise ValueError(f"the record's rules are of {rules.game}, not {game}")
            return cls(rules, seed=r["seed"])

        return read_match_record(
            record,
            game=game,
            start=start,
            parse=_parse,
            finished="hands",
            current="current_hand",
            checked=("rules", "hands", "scores", "lots", "first_leader", "is_over", "winner"),
        )

    def __repr__(self) -> str:
        return f"<FivesMatch {self.rules.game}, scores {self.side_scores}, target {self.target}>"


def _parse(text: str) -> Action:
    if isinstance(text, str) and text.strip().lower() in ("knock", "k"):
        return parse_action("pass")
    return parse_action(text)


@dataclass(frozen=True, slots=True)
class FivesMatchObservation:
    """What one seat may know of a match: its hand observation and the public scores."""

    hand: FivesObservation
    scores: tuple[int, ...]
    side_scores: tuple[int, ...]
    target: int
    hands_played: int
    is_over: bool
    winner: int | None

    @property
    def seat(self) -> int:
        return self.hand.seat

    @property
    def rules(self) -> FivesRules:
        return self.hand.rules

    def legal_actions(self) -> tuple[Action, ...]:
        return self.hand.legal_actions()

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand.to_dict(),
            "scores": list(self.scores),
            "side_scores": list(self.side_scores),
            "target": self.target,
            "hands_played": self.hands_played,
            "is_over": self.is_over,
            "winner": self.winner,
        }
