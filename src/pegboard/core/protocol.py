"""The protocol of a game position, in the manner of OpenSpiel's ``State``.

Rules modules implement it; nothing outside the rules reaches past it. A position is
mutable (``apply`` changes it in place, like python-chess's ``push``); actions and
observations are immutable values.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any, Protocol, Self, runtime_checkable


@runtime_checkable
class Action(Hashable, Protocol):
    """A move: a hashable value whose ``str`` is its short notation."""

    def __str__(self) -> str: ...


@runtime_checkable
class Observation(Protocol):
    """What one seat may know of a position, and nothing more."""

    @property
    def seat(self) -> int: ...

    def legal_actions(self) -> Sequence[Action]:
        """The actions this seat may take now (empty when it is not its turn)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form, for clients and logs meant for this seat."""
        ...


@runtime_checkable
class Position(Protocol):
    """A game position: the full state, hidden information included."""

    @property
    def num_players(self) -> int: ...

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` when the position is over."""
        ...

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None:
        """Play ``action``; raise ``IllegalActionError`` and change nothing if illegal."""
        ...

    def parse_action(self, text: str) -> Any:
        """Read an action in the game's short notation."""
        ...

    def observation(self, seat: int) -> Any:
        """What ``seat`` may know: its own hidden cards, everything public."""
        ...

    def sample_hidden(self, seat: int, rng: random.Random) -> Self:
        """A full position that ``seat`` cannot tell apart from this one.

        The hidden information (other hands, the order of the stock or deck) is resampled
        at random, consistently with everything ``seat`` has seen; bots search over these.
        """
        ...
