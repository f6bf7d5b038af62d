"""What moves inside an OpenSpiel state of a pegboard game: a ``Table``.

``pegboard.openspiel.generic`` is every game's OpenSpiel game; its state asks its table who
acts, what chance may deal, which action numbers are legal, and plays them. The default,
``SeedTable``, deals a whole match at once (one chance node: a seed among ``deals``
outcomes) and plays it through the game's ``Encoding`` and ``Game.act``. A game whose
deal is better told as chance nodes of their own (each tile or card dealt, each draw, a
starter) gives its own table (``Look.table``), with the ``Setup`` its parameters make
(``Look.setup``); Draw's and cribbage's do.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

import pyspiel

from pegboard import games
from pegboard.games import Encoding, Game, observation_lines

CHANCE: Final = int(pyspiel.PlayerId.CHANCE)
TERMINAL: Final = int(pyspiel.PlayerId.TERMINAL)

__all__ = ["CHANCE", "TERMINAL", "SeedTable", "Setup", "Table"]


@dataclass(frozen=True)
class Setup:
    """What a game's OpenSpiel parameters make: its seats, its bounds (OpenSpiel's
    ``GameInfo``), and ``settings``, the table's own reading of the parameters."""

    players: int
    chance_outcomes: int
    min_utility: float
    max_utility: float
    utility_sum: float | None
    max_length: int
    """Every node of a game, chance's included (OpenSpiel's ``max_game_length``)."""
    settings: Mapping[str, Any] = field(default_factory=dict)
    num_actions: int | None = None
    """The distinct action numbers when they are not the ``Encoding``'s (cribbage among
    three or four numbers its actions as ``pegboard.cribbage.table_encoding`` does)."""


class Table(ABC):
    """The game in play inside one OpenSpiel state. ``current`` is a seat, ``CHANCE`` or
    ``TERMINAL``; chance's outcomes and the seats' action numbers are played by ``deal``
    and ``play``. ``copy`` shares nothing mutable; ``resample`` deals again what ``seat``
    has not seen (OpenSpiel's ISMCTS)."""

    def __init__(self, game: Game, encoding: Encoding, setup: Setup) -> None:
        self.description = game
        self.encoding = encoding
        self.setup = setup

    @abstractmethod
    def current(self) -> int: ...

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]: ...

    @abstractmethod
    def deal(self, outcome: int) -> None: ...

    @abstractmethod
    def legal(self, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions, in order."""

    @abstractmethod
    def play(self, seat: int, number: int) -> None:
        """Play ``seat``'s action numbered ``number``: a ``pyspiel.SpielError`` or the
        engine's error, and nothing changed, when it is not legal."""

    @abstractmethod
    def returns(self) -> list[float]: ...

    @abstractmethod
    def chance_string(self, outcome: int) -> str: ...

    @abstractmethod
    def action_string(self, seat: int, number: int) -> str: ...

    @abstractmethod
    def copy(self) -> Table: ...

    @abstractmethod
    def resample(self, seat: int, rng: random.Random) -> Table: ...

    def observation(self, seat: int) -> Any | None:
        """``seat``'s observation of the position in play (what the ``Encoding`` reads),
        None before there is one."""
        return None

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        # OpenSpiel clones a state by deep-copying each of its attributes: the table's own
        # copy is the quick one (the game's description is shared, never copied).
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        # OpenSpiel serializes a state by pickling its attributes: the game's description
        # (functions among them) goes by its name, found again in the registry.
        state = dict(self.__dict__)
        del state["description"], state["encoding"]
        state["game_name"] = self.description.name
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        state = dict(state)
        game = games.get(state.pop("game_name"))
        # The generic table's numbers are those of its match's options (Draw's double-nine
        # set has its own); a game's own table keeps its numbers in its settings.
        encoding = game.research_encoding(state["setup"].settings.get("options"))
        assert encoding is not None  # it was served
        self.__dict__.update(state, description=game, encoding=encoding)


class SeedTable(Table):
    """The generic table: a chance node deals the seed of a match (``settings``:
    ``options`` and ``deals``), then the match is played through the ``Encoding``."""

    def __init__(self, game: Game, encoding: Encoding, setup: Setup) -> None:
        super().__init__(game, encoding, setup)
        self.match: Any = None

    def current(self) -> int:
        if self.match is None:
            return CHANCE
        if self.match.is_over:
            return TERMINAL
        return int(self.match.current_player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        deals = int(self.setup.settings["deals"])
        return [(seed, 1.0 / deals) for seed in range(deals)]

    def deal(self, outcome: int) -> None:
        self.match = self.description.new_match(self.setup.settings["options"], outcome)

    def observation(self, seat: int) -> Any | None:
        return None if self.match is None else self.match.observation(seat)

    def legal(self, seat: int) -> list[int]:
        observation = self.match.observation(seat)
        return sorted(
            self.encoding.action_index(observation, a) for a in observation.legal_actions()
        )

    def play(self, seat: int, number: int) -> None:
        observation = self.match.observation(seat)
        move = self.encoding.action(observation, number)
        if move not in observation.legal_actions():
            raise pyspiel.SpielError(f"action {number} ({move}) is not legal for seat {seat}")
        self.description.play(self.match, seat, move)

    def returns(self) -> list[float]:
        if self.match is None or not self.match.is_over:
            return [0.0] * self.setup.players
        points = [float(s) for s in self.description.scores(self.match)]
        mean = sum(points) / len(points)
        return [p - mean for p in points]

    def chance_string(self, outcome: int) -> str:
        return f"deal:{outcome}"

    def action_string(self, seat: int, number: int) -> str:
        if self.match is None:
            return str(number)
        try:
            return str(self.encoding.action(self.match.observation(seat), number))
        except ValueError:
            return str(number)

    def copy(self) -> SeedTable:
        other = SeedTable.__new__(SeedTable)
        other.__dict__.update(self.__dict__)
        other.match = _copy_match(self.match)
        return other

    def resample(self, seat: int, rng: random.Random) -> SeedTable:
        other = self.copy()
        if self.match is not None and not self.match.is_over:
            sample = getattr(self.match, "sample_hidden", None)
            if sample is None:
                raise TypeError(
                    f"a match of {self.description.name} has no sample_hidden (the Position "
                    "protocol): its hidden part cannot be dealt again"
                )
            other.match = sample(seat, rng)
        return other

    def __str__(self) -> str:
        """The whole state (every seat's view), as OpenSpiel's debugging string is."""
        if self.match is None:
            return "dealing"
        return " | ".join(
            "; ".join(observation_lines(self.match.observation(seat)))
            for seat in range(self.setup.players)
        )


def _copy_match(match: Any) -> Any:
    if match is None:
        return None
    own = getattr(match, "copy", None)
    return own() if callable(own) else copy.deepcopy(match)
