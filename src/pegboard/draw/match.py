"""A match of Draw: the lot for the first leader (D3), rounds until a target (D16, D17); in
partnerships, a side's score to its target (D21, D24)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from pegboard.core import N_, RecordError, WordedError, new_record, read_match_record
from pegboard.dominoes.lot import LotDraw
from pegboard.dominoes.lot import draw_lot as _draw_lot
from pegboard.dominoes.match import FinishedPart, PartsMatch, match_seed
from pegboard.draw._purecore import check_set
from pegboard.draw.actions import Action, parse_action
from pegboard.draw.round import Round, check_partnerships
from pegboard.draw.scoring import RoundResult
from pegboard.draw.start import check_players

MAX_TARGET: Final = 500
"""The highest target a match may be played to. D17 names 100 and 61; a longer match is a
house rule, and this bound keeps every surface (a score track drawn hole by hole, a server
table) proportionate to what a player can finish."""


def check_target(target: object) -> int:
    """``target`` when it is a whole number of points from 1 to ``MAX_TARGET`` (D17)."""
    if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= MAX_TARGET:
        shown = repr(target) if len(repr(target)) <= 24 else repr(target)[:21] + "..."
        raise WordedError(
            N_("A target is a whole number of points from 1 to {most}, not {target} (D17)"),
            most=MAX_TARGET,
            target=shown,
        )
    return target


def target_for(players: int, partnerships: bool = False) -> int:
    """The score that wins a match: 100 with two players, 61 with three or four (D17);
    100 for a side of partners (D24)."""
    check_players(players)
    return 100 if players == 2 or partnerships else 61


def draw_lot(players: int, rng: random.Random) -> tuple[int, tuple[LotDraw, ...]]:
    """The fair lot of D3 (``pegboard.dominoes.lot``) among a Draw match's players."""
    check_players(players)
    return _draw_lot(players, rng)


@dataclass(frozen=True, slots=True)
class FinishedRound(FinishedPart[RoundResult]):
    """A settled round of a match: who led, how it went, the scores after it."""


class Match(PartsMatch[Round]):
    """A match of Draw among 2-4 players, round after round until the target (D17).

    ``apply`` plays into the round in play; when a round ends it is settled at once, and
    either the match ends or the next round is dealt, its lead one seat clockwise from the
    previous leader (D16). ``block`` plays the Block game: every round is dealt the same,
    its stock sleeping (D18-D20); the targets are D17's. ``partnerships`` (4 players) plays
    two sides of partners, seats 0 and 2 against 1 and 3 (D21): each seat's score is its
    side's (D24), and the first side to the target, 100 by default, wins. ``tile_set=9``
    plays every round with the double-nine set (D25-D27).
    """

    over_rule = "D17"

    def __init__(
        self,
        players: int,
        seed: int | None = None,
        target: int | None = None,
        *,
        block: bool = False,
        partnerships: bool = False,
        tile_set: int = 6,
    ) -> None:
        check_players(players)
        if not isinstance(block, bool):
            raise ValueError(f"block is True (the Block game, D18) or False, not {block!r}")
        check_partnerships(partnerships, players)
        check_set(tile_set)
        seed = match_seed(seed)
        self.players: Final = players
        self.seed: Final = seed
        self.target: Final = (
            target_for(players, partnerships) if target is None else check_target(target)
        )
        self.block: Final = block
        self.partnerships: Final = partnerships
        self.tile_set: Final = tile_set
        self._rng = random.Random(seed)
        self.first_leader, self.lot = draw_lot(players, self._rng)
        self._scores = [0] * players
        self._rounds: list[FinishedRound] = []
        self._part_seed = self._rng.getrandbits(63)
        self._part = Round.deal(
            players,
            seed=self._part_seed,
            leader=self.first_leader,
            block=block,
            partnerships=partnerships,
            tile_set=tile_set,
        )
        self._over = False

    # -- state ---------------------------------------------------------------------------

    @property
    def round(self) -> Round:
        """The round in play (the last one, settled, once the match is over)."""
        return self._part

    @property
    def _round(self) -> Round:
        return self._part

    @_round.setter
    def _round(self, round_: Round) -> None:
        self._part = round_

    @property
    def rounds(self) -> tuple[FinishedRound, ...]:
        return tuple(self._rounds)

    @property
    def scores(self) -> tuple[int, ...]:
        """Per seat, its score: in partnerships its side's, both partners showing it (D24)."""
        return tuple(self._scores)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that play together: ((0, 2), (1, 3)) in partnerships (D21)."""
        return self._part.sides

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def winner(self) -> int | None:
        """The single highest score at or past the target, once the match is over (D17). In
        partnerships, the side that reached it (D24), named by its lower seat: 0 for seats
        0 and 2, 1 for 1 and 3."""
        if not self._over:
            return None
        if self.partnerships:
            sides = self._scores[:2]
            return None if sides[0] == sides[1] else sides.index(max(sides))
        top = max(self._scores)
        return self._scores.index(top) if self._scores.count(top) == 1 else None

    @property
    def is_drawn(self) -> bool:
        """Whether the match ended with the highest score shared (D17)."""
        return self._over and self.winner is None

    # -- play ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Play ``action`` in the round in play; settle it and deal the next when it ends."""
        result: RoundResult | None = self._play(action)
        if result is None:
            return
        for seat, points in enumerate(result.points):
            self._scores[seat] += points
        number = len(self._rounds) + 1
        self._rounds.append(self._finished_part(FinishedRound, number, result, tuple(self._scores)))
        if max(self._scores) >= self.target:
            self._over = True
            return
        self._part_seed = self._rng.getrandbits(63)
        next_leader = (self._part.leader + 1) % self.players
        self._part = Round.deal(
            self.players,
            seed=self._part_seed,
            leader=next_leader,
            block=self.block,
            partnerships=self.partnerships,
            tile_set=self.tile_set,
        )

    def observation(self, seat: int) -> MatchObservation:
        return MatchObservation(
            round=self._part.observation(seat),
            scores=self.scores,
            target=self.target,
            rounds_played=len(self._rounds),
            is_over=self._over,
            winner=self.winner,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> Match:
        """A match ``seat`` cannot tell from this one (the ``Position`` protocol, as the
        Fives and cribbage matches have it): the round in play resampled
        (``Round.sample_hidden``: the other hands and the stock), and the rounds after it
        dealt from ``rng``, so that a search over it plays on to the match's end as the
        real one would. The generic research interfaces deal a match's hidden part again
        with it (OpenSpiel's ``resample_from_infostate``)."""
        other = object.__new__(Match)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random(rng.getrandbits(63))
        other._scores = list(self._scores)
        other._rounds = list(self._rounds)
        other._part = self._part.sample_hidden(seat, rng)
        return other

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record of the whole match: the lot, every round, the scores."""
        record = new_record("draw", "match")
        record.update(
            players=self.players,
            seed=self.seed,
            target=self.target,
            **({"block": True} if self.block else {}),  # Draw's records stay as they were
            **({"partnerships": True} if self.partnerships else {}),  # the same (D21)
            **({"set": self.tile_set} if self.tile_set != 6 else {}),  # the same (D25)
            lot=[{str(s): str(t) for s, t in lot.tiles.items()} for lot in self.lot],
            first_leader=self.first_leader,
            rounds=[r.to_dict() for r in self._rounds],
            scores=list(self._scores),
            is_over=self._over,
            winner=self.winner,
        )
        if not self._over:
            record["current_round"] = self._current_record()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Match:
        """Replay a match record exactly; raise ``RecordError`` if anything differs."""
        return read_match_record(
            record,
            game="draw",
            start=lambda r: cls(
                r["players"],
                seed=r["seed"],
                target=r.get("target"),
                block=_block_of(r),
                partnerships=_partnerships_of(r),
                tile_set=_set_of(r),
            ),
            parse=parse_action,
            finished="rounds",
            current="current_round",
            checked=("rounds", "scores", "lot", "first_leader", "is_over", "winner"),
        )

    def __repr__(self) -> str:
        block = ", Block" if self.block else ""
        block += ", partnerships" if self.partnerships else ""
        block += ", double-nine" if self.tile_set == 9 else ""
        return f"<Match {self.players} players{block}, scores {self.scores}, target {self.target}>"


def _block_of(record: dict[str, Any]) -> bool:
    """Whether a match record is of the Block game (D18): a record without it is Draw's."""
    block = record.get("block", False)
    if not isinstance(block, bool):
        raise RecordError(N_("a record's block is true (the Block game) or false (D18)"))
    return block


def _partnerships_of(record: dict[str, Any]) -> bool:
    """Whether a match record is of partners (D21): a record without it is of players alone."""
    partnerships = record.get("partnerships", False)
    if not isinstance(partnerships, bool):
        raise RecordError(N_("a record's partnerships is true (two sides) or false (D21)"))
    return partnerships


def _set_of(record: dict[str, Any]) -> int:
    """The set of a match record (D25): a record without it is of the double-six set."""
    tile_set = record.get("set", 6)
    if tile_set not in (6, 9) or isinstance(tile_set, bool):
        raise RecordError(N_("a record's set is 6 (double-six) or 9 (double-nine) (D25)"))
    return int(tile_set)


@dataclass(frozen=True, slots=True)
class MatchObservation:
    """What one seat may know of a match: its round observation and the public scores."""

    round: Any
    scores: tuple[int, ...]
    target: int
    rounds_played: int
    is_over: bool
    winner: int | None

    @property
    def seat(self) -> int:
        return int(self.round.seat)

    def legal_actions(self) -> tuple[Action, ...]:
        return tuple(self.round.legal_actions())

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round.to_dict(),
            "scores": list(self.scores),
            "target": self.target,
            "rounds_played": self.rounds_played,
            "is_over": self.is_over,
            "winner": self.winner,
        }
