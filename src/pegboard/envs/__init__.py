"""Research interfaces: PettingZoo environments of pegboard's games (``pegboard[research]``).

``pegboard.envs.game_env(name, **options)`` is the AEC environment of a registered game
(``pegboard.envs.game.GameEnv`` over its ``Encoding``): one match per episode, unless its
look gives an ``Episode`` of its own (``pegboard.envs.episode``).
``pegboard.draw.looks.envs`` (``draw_v0``: one round) and ``pegboard.cribbage.looks.envs``
(``cribbage_v0``: one game or one hand) are such, in the manner of PettingZoo's classic
environments, and
each game's ``encoding`` holds the dense action numbers and observation vectors its
environment shares with its OpenSpiel game. Nothing here is imported by the rest of pegboard, so
the core install needs none of it (this package imports PettingZoo only when an
environment is asked for).
"""

from __future__ import annotations

import importlib.util
from typing import Any

RESEARCH: tuple[str, ...] = ("numpy", "gymnasium", "pettingzoo")
"""What the environments need beyond pegboard: the ``research`` extra's."""

_missing = [name for name in RESEARCH if importlib.util.find_spec(name) is None]
if _missing:  # found without importing them: the core install has none of them
    raise ImportError(
        f"pegboard.envs needs {', '.join(_missing)}, which come with the research extra: "
        "pip install 'pegboard[research]'"
    )

__all__ = ["game_env", "raw_env"]


def game_env(name: str, illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The registered game ``name`` as a wrapped AEC environment (``pegboard.envs.game``)."""
    from pegboard.envs.game import game_env as make

    return make(name, illegal_reward=illegal_reward, **kwargs)


def raw_env(name: str, **kwargs: Any) -> Any:
    """The registered game ``name`` as an unwrapped AEC environment (``pegboard.envs.game``)."""
    from pegboard.envs.game import make_raw_env as make

    return make(name, **kwargs)
