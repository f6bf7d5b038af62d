"""What a match of Draw and a match of the Fives family share (``pegboard.draw.Match``,
``pegboard.fives.FivesMatch``): parts (Draw's rounds, the Fives family's hands) dealt one
after another, each from a seed of the match's own seeded stream, until the match is over.

While a part is in play it answers for the match (the seat to act, the legal actions, the
notation); once it ends it is kept as a ``FinishedPart``: its number, leader, seed, public
actions, result and the scores after it, which is what a record replays. Each game keeps
its own words for them (``rounds``, ``hands``), its scoring and its leads.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pegboard.core import N_, IllegalActionError
from pegboard.dominoes.actions import Action


class _Result(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


R = TypeVar("R", bound=_Result)
P = TypeVar("P")
F = TypeVar("F")


def match_seed(seed: int | None) -> int:
    """The match's seed: ``seed``, or a fresh one from the system's randomness."""
    return random.SystemRandom().getrandbits(63) if seed is None else seed


@dataclass(frozen=True, slots=True)
class FinishedPart(Generic[R]):
    """A part of a match once over: its number (from 1), who led, its seed, its public
    actions, its result and the scores after it."""

    number: int
    leader: int
    seed: int
    actions: tuple[str, ...]
    result: R
    scores_after: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "leader": self.leader,
            "seed": self.seed,
            "actions": list(self.actions),
            "result": self.result.to_dict(),
            "scores_after": list(self.scores_after),
        }


class PartsMatch(Generic[P]):
    """The shared part of a match of parts; a subclass deals ``_part`` (with its seed
    ``_part_seed``), keeps ``_over`` and says in ``over_rule`` the rule that ends it."""

    over_rule: ClassVar[str]
    _part: P
    _part_seed: int
    _over: bool

    @property
    def current_player(self) -> int | None:
        part: Any = self._part
        return None if self._over else part.current_player

    @property
    def is_over(self) -> bool:
        return self._over

    def legal_actions(self) -> tuple[Action, ...]:
        part: Any = self._part
        return () if self._over else tuple(part.legal_actions())

    def parse_action(self, text: str) -> Action:
        part: Any = self._part
        action: Action = part.parse_action(text)
        return action

    def _play(self, action: Action) -> Any:
        """Play ``action`` in the part in play; its result once it ends, else None."""
        if self._over:
            raise IllegalActionError(N_("the match is over"), self.over_rule)
        part: Any = self._part
        part.apply(action)
        return part.result

    def _finished_part(
        self, kind: Callable[..., F], number: int, result: Any, scores_after: tuple[int, ...]
    ) -> F:
        """The part in play, over, kept as ``kind`` (a ``FinishedPart``), numbered."""
        part: Any = self._part
        return kind(
            number=number,
            leader=part.leader,
            seed=self._part_seed,
            actions=self._part_actions(),
            result=result,
            scores_after=scores_after,
        )

    def _part_actions(self) -> tuple[str, ...]:
        """The public actions of the part in play, in its notation."""
        part: Any = self._part
        return tuple(str(move.action) for move in part.history)

    def _current_record(self) -> dict[str, Any]:
        """The part in play as a record holds it: its leader, its seed, its actions."""
        part: Any = self._part
        return {
            "leader": part.leader,
            "seed": self._part_seed,
            "actions": list(self._part_actions()),
        }
