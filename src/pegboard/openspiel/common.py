"""What the OpenSpiel games of pegboard (``draw_game``, ``cribbage_game``, ``generic``)
build the same way: their ``pyspiel.GameType``, an observer's tensor cut into named views,
the seats whose own part an observer shows (OpenSpiel's ``private_info``), one-hot
vectors, a state's copy, the resampler hook's fresh generator, and the game's observation
inside a match's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

import numpy as np
import pyspiel

Vector = np.ndarray[Any, np.dtype[np.float32]]
S = TypeVar("S")
Seen = TypeVar("Seen")


def game_type(
    short_name: str,
    long_name: str,
    *,
    utility: Any,
    min_players: int,
    max_players: int,
    parameters: dict[str, Any],
) -> Any:
    """A ``pyspiel.GameType`` as every pegboard game has it: sequential, explicit chance
    nodes, imperfect information, terminal rewards, every string and tensor provided."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players,
        min_num_players=min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def tensor_views(pieces: Sequence[tuple[str, int]]) -> tuple[Vector, dict[str, Vector]]:
    """An observer's tensor, zeros of the pieces' total width, and each piece by name: a
    view of its part of the tensor (OpenSpiel's ``observer.dict``)."""
    tensor = np.zeros(sum(width for _, width in pieces), np.float32)
    views: dict[str, Vector] = {}
    at = 0
    for name, width in pieces:
        views[name] = tensor[at : at + width]
        at += width
    return tensor, views


def seats_shown(private: Any, player: int, players: int) -> tuple[int, ...]:
    """The seats whose own part an observer of ``private`` (``pyspiel.PrivateInfoType``,
    None for the default ``SINGLE_PLAYER``) shows to ``player``: every seat for
    ``ALL_PLAYERS``, none for ``NONE``, else the player's own."""
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        return tuple(range(players))
    if private == pyspiel.PrivateInfoType.NONE:
        return ()
    return (player,)


def one_hot(items: Iterable[Any], width: int) -> Vector:
    """A vector of ``width`` with a 1 at each item's ``index`` (a tile, a card)."""
    vector = np.zeros(width, np.float32)
    for item in items:
        vector[item.index] = 1.0
    return vector


def state_copy(state: S) -> S:
    """A new state of ``state``'s class and game holding the same attributes (shallow:
    the caller copies what is mutable)."""
    kind = type(state)
    other = kind.__new__(kind)
    pyspiel.State.__init__(other, state.get_game())  # type: ignore[attr-defined]
    other.__dict__.update(state.__dict__)
    return other


def fresh_rng() -> random.Random:
    """A generator from fresh entropy, for OpenSpiel's ``resample_from_infostate`` (which
    gives no seed); ``resample(seat, rng)`` is the seeded way."""
    return random.Random(random.SystemRandom().getrandbits(63))


def inner_observation(observation: Any, attribute: str, kind: type[Seen], game: str) -> Seen:
    """The observation of the part in play: a match observation wraps it as
    ``attribute`` (the bot plays the round or the game in hand); ``TypeError`` when
    ``observation`` is not of ``game``."""
    inner = getattr(observation, attribute, None)
    found = inner if isinstance(inner, kind) else observation
    if not isinstance(found, kind):
        raise TypeError(f"ISMCTS needs a {game} observation, not {observation!r}")
    return found
