"""What both PettingZoo environments share: the AEC bookkeeping around a pegboard position.

A game plugs in through a few hooks (start a position, whose turn, encode a seat's view,
apply an action number, the final rewards); this class keeps PettingZoo's dictionaries
(``rewards``, ``terminations``, ...) in step with it, as the classic environments do.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from typing import Any

import numpy as np

try:
    import gymnasium
    from gymnasium import spaces
    from gymnasium.utils import EzPickle
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as error:  # the research extra is not installed
    raise ImportError(
        "pegboard.envs needs PettingZoo and Gymnasium: pip install 'pegboard[research]'"
    ) from error

from pegboard.games.encoding import Mask, Vector

__all__ = ["PegboardEnv", "wrap"]

RENDER_MODES = ("ansi", "human")


def wrap(env: PegboardEnv, illegal_reward: float = -1.0) -> Any:
    """The standard wrappers of PettingZoo's classic environments, in their order.

    An action that the mask forbids ends the episode with ``illegal_reward`` for the seat
    that took it (``TerminateIllegalWrapper``); a number outside the action space fails
    an assertion; calls out of order (``step`` before ``reset``) raise.
    """
    wrapped = wrappers.TerminateIllegalWrapper(env, illegal_reward=illegal_reward)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class PegboardEnv(AECEnv, EzPickle):  # type: ignore[misc]  # PettingZoo has no type hints
    """An AEC environment over one pegboard game; subclasses implement the hooks."""

    metadata: dict[str, Any]

    def __init__(
        self,
        seats: int,
        observation_size: int,
        num_actions: int,
        render_mode: str | None,
        **kwargs: Any,
    ) -> None:
        super().__init__()
        EzPickle.__init__(self, render_mode=render_mode, **kwargs)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(
                f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
            )
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(seats)]
        self.agents = self.possible_agents[:]
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        low=0.0, high=1.0, shape=(observation_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(low=0, high=1, shape=(num_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(num_actions) for agent in self.possible_agents}
        # Each episode's deal comes from this generator; reset(seed=...) reseeds it, so a
        # seed fixes every later episode too, and reset() alone goes on to a fresh deal.
        self._seeds = random.Random()
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    # -- hooks ----------------------------------------------------------------------------

    @abstractmethod
    def _start(self, seed: int) -> None:
        """Begin a new episode from ``seed``."""

    @abstractmethod
    def _current_seat(self) -> int:
        """The seat to act (the episode is not over)."""

    @abstractmethod
    def _over(self) -> bool:
        """Whether the episode has ended."""

    @abstractmethod
    def _view(self, seat: int, to_act: bool) -> tuple[Vector, Mask]:
        """``seat``'s observation vector, and its action mask (all zeros unless
        ``to_act``: the seat is to act now)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply action number ``action`` for the seat to act; raise and change nothing if
        it is illegal."""

    @abstractmethod
    def _final_rewards(self) -> list[float]:
        """Per seat, the reward of the episode once it is over."""

    @abstractmethod
    def _describe(self) -> str:
        """The text of ``render_mode="ansi"`` (public information only)."""

    # -- the AEC interface ----------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
        self._start(self._seeds.getrandbits(63))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._current_seat()]

    def observe(self, agent: str) -> dict[str, Any]:
        to_act = agent == self.agent_selection and not self._over()
        vector, mask = self._view(self._seat[agent], to_act)
        return {"observation": vector, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._apply(action)  # an illegal action raises here, before anything changes
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if self._over():
            for other, reward in zip(self.possible_agents, self._final_rewards(), strict=True):
                self.rewards[other] = reward
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self._current_seat()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: 'ansi' or 'human'")
            return None
        text = self._describe()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
