"""What the OpenSpiel games of pegboard (``draw_game``, ``cribbage_game``, ``generic``)
build the same way: their ``pyspiel.GameType``, what an observer is asked to tell (``Told``,
OpenSpiel's ``IIGObservationType`` unpacked, and the seats whose own part it shows), an
observer's tensor cut into named views, one-hot vectors, a state's copy, the resampler
hook's fresh generator, and the game's observation inside a match's.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True)
class Told:
    """What an observer is asked to tell (OpenSpiel's ``IIGObservationType``, read once by
    ``told``): the information state (``perfect_recall``, every move so far) or the
    observation; the public part when ``public``; and the own part of the seats
    ``private`` names (``pyspiel.PrivateInfoType``: the observing seat's, every seat's,
    or nobody's)."""

    perfect_recall: bool = False
    public: bool = True
    private: Any = pyspiel.PrivateInfoType.SINGLE_PLAYER

    @property
    def has_private(self) -> bool:
        """Whether any seat's own part is told (and the observing seat with it)."""
        return bool(self.private != pyspiel.PrivateInfoType.NONE)

    @property
    def all_private(self) -> bool:
        """Whether every seat's own part is told (a perfect-information view, on purpose)."""
        return bool(self.private == pyspiel.PrivateInfoType.ALL_PLAYERS)

    def seats(self, player: int, players: int) -> tuple[int, ...]:
        """The seats whose own part is told to ``player`` (``seats_shown``)."""
        return seats_shown(self.private, player, players)

    def history_head(self, player: int, players: int, opening: str) -> list[str]:
        """How an information-state string begins: ``p<player>`` when a seat's own part is
        told, then ``opening``, the public fact the history starts from (Draw's lot,
        cribbage's first dealer), when the public part is."""
        head = [f"p{player}"] if self.seats(player, players) else []
        if self.public:
            head.append(opening)
        return head


def told(iig_obs_type: Any = None) -> Told:
    """``iig_obs_type`` (OpenSpiel's ``IIGObservationType``) as a ``Told``; None is
    OpenSpiel's default observer: the observation, public, the observing seat's own part."""
    kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
    return Told(bool(kind.perfect_recall), bool(kind.public_info), kind.private_info)


INFORMATION_STATE: Told = Told(perfect_recall=True)
"""OpenSpiel's default information state: every move, public, the observing seat's own."""


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
