"""The game-agnostic bot interface, and the bot that any game can use: uniform random."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Protocol, runtime_checkable

from pegboard.core import Action, Observation


@runtime_checkable
class Bot(Protocol):
    """A strategy: from a seat's observation, one of its legal actions.

    ``choose`` must return an element of ``observation.legal_actions()`` and take every
    random decision from ``rng``, so that a seeded bot is deterministic. A bot sees only
    the observation: what the seat may know, and nothing about other hands.

    A bot class may say ``quick = True``: it decides in well under a millisecond in any
    position (``python -m benchmarks quick_bots`` measures every such level), so that a
    server moves it where it is rather than in a worker process, where sending the
    observation alone costs tens of times the decision (``registry.quick_level``).
    """

    @property
    def name(self) -> str: ...

    def choose(self, observation: Observation, rng: random.Random) -> Action: ...


@runtime_checkable
class Searching(Protocol):
    """A bot that searches: ``budget`` is its effort per decision, in the unit it documents
    (playouts, deals, simulations), and may be set after the bot is built (the arena and
    hints set it). A bot that does not search (random, greedy) has none."""

    budget: int


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The value a bot gives one legal action of a seat: what hints show, best first.

    ``value`` is higher-is-better for the seat, in ``unit`` (``"expected points"``, ``"win
    chance"``, ``"expected net points"``); ``details`` break it down where a game has parts
    worth showing (a cribbage discard: ``{"hand": 6.2, "crib": 4.1, "net": 10.3}``).
    """

    action: Any
    value: float
    unit: str
    details: Mapping[str, float] = field(default_factory=dict)


CHANCE_UNIT: Final = "chance of winning the match"
"""The unit of a value that is the seat's (or its side's) chance of winning the match, 0 to 1:
one name in every game, so that an analysis knows such a value from a game's points
(``pegboard.analysis.grades.in_points``)."""


def legal_or_raise(observation: Observation) -> Sequence[Action]:
    """The seat's legal actions; a bot asked to move out of turn is a caller's bug."""
    legal = observation.legal_actions()
    if not legal:
        raise ValueError(f"seat {observation.seat} has no legal action: it is not its turn")
    return legal


class AnalysingBot:
    """A bot that ranks every legal action (``analyse``) and plays the best one.

    Experts subclass it, so that a hint and a move come from one and the same search.
    """

    def analyse(self, observation: Observation, rng: random.Random) -> list[Evaluation]:
        raise NotImplementedError

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        if len(legal) == 1:  # forced: no search, and no random numbers drawn
            return legal[0]
        best: Action = self.analyse(observation, rng)[0].action
        return best


class RandomBot:
    """Uniform over the legal actions: a baseline, and a bot for every game."""

    name = "random"
    quick = True

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        legal = legal_or_raise(observation)
        return legal[rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return "RandomBot()"


class SeededBot:
    """A bot bound to its own random stream: ``act`` needs only the observation.

    Two ``SeededBot`` of the same strategy and seed make the same choices from the same
    observations.
    """

    __slots__ = ("bot", "rng", "seed")

    def __init__(self, bot: Bot, seed: int) -> None:
        self.bot = bot
        self.seed = seed
        self.rng = random.Random(seed)

    @property
    def name(self) -> str:
        return self.bot.name

    def act(self, observation: Observation) -> Action:
        return self.bot.choose(observation, self.rng)

    def __repr__(self) -> str:
        return f"SeededBot({self.bot!r}, seed={self.seed})"


class PlayoutSearch(Protocol):
    """The statistics of one decision of a playout search: ``deal`` samples one hidden
    deal and plays every legal action out in it; ``evaluations`` ranks them."""

    playouts: int

    def deal(self, rng: random.Random) -> None: ...

    def evaluations(self) -> list[Evaluation]: ...


MARGIN_UNIT: Final = "expected point margin"
"""What a playout tally's values are: the seat's points less the others' mean, per deal."""


class PlayoutTally:
    """The statistics of one decision of a playout search, per legal action: the sums over
    the deals of the seat's margin (its points less the mean of the others') and of its own
    points. A game's search adds ``deal``; ``evaluations`` ranks the actions by margin."""

    def __init__(self, legal: Sequence[Action]) -> None:
        self.legal = legal
        self.deals = 0
        self.playouts = 0
        self.margin = [0.0] * len(legal)
        self.points = [0.0] * len(legal)

    def evaluations(self) -> list[Evaluation]:
        n = self.deals
        result = [
            Evaluation(
                action,
                self.margin[i] / n,
                MARGIN_UNIT,
                {"expected points": self.points[i] / n, "deals": float(n)},
            )
            for i, action in enumerate(self.legal)
        ]
        # Best first; equal values keep the order of legal_actions (deterministic).
        order = {a: k for k, a in enumerate(self.legal)}
        result.sort(key=lambda e: (-e.value, order[e.action]))
        return result


def checked_budget(budget: object, time_limit: object) -> None:
    """``ValueError`` unless ``budget`` is a whole number of playouts of at least 1 and
    ``time_limit`` None or a number of seconds above 0 (the searching bots' settings)."""
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"the budget is a number of playouts of at least 1, not {budget!r}")
    if time_limit is not None and not (
        isinstance(time_limit, int | float) and not isinstance(time_limit, bool) and time_limit > 0
    ):
        raise ValueError(f"the time limit is a number of seconds above 0, not {time_limit!r}")


def search_until(
    search: PlayoutSearch, rng: random.Random, budget: int, time_limit: float | None
) -> list[Evaluation]:
    """Deal and play out until ``budget`` playouts are made, or, with a ``time_limit``
    (seconds), until it runs out; at least one deal either way. The rankings."""
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    while True:
        search.deal(rng)
        if deadline is None:
            if search.playouts >= budget:
                break
        elif time.perf_counter() >= deadline:
            break
    return search.evaluations()


class PlayoutExpert(AnalysingBot):
    """An expert that searches by playouts: ``budget`` playouts per decision (the class's
    ``default_budget`` when not given), or as many as ``time_limit`` seconds allow."""

    name = "expert"
    default_budget: ClassVar[int] = 1000

    def __init__(self, budget: int | None = None, time_limit: float | None = None) -> None:
        budget = self.default_budget if budget is None else budget
        checked_budget(budget, time_limit)
        self.budget = budget
        self.time_limit = time_limit

    def __repr__(self) -> str:
        if self.time_limit is not None:
            return f"{type(self).__name__}(time_limit={self.time_limit})"
        return f"{type(self).__name__}(budget={self.budget})"
