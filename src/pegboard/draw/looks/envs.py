"""Draw (dominoes) as a PettingZoo AEC environment: one round per episode, 2 to 4 players.

>>> from pegboard.draw.looks import envs as draw_v0
>>> env = draw_v0.env(num_players=3, render_mode="ansi")
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     action = None if termination else int(observation["action_mask"].argmax())
...     env.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seat numbers); ``agent_selection`` is always
the round's ``current_player``, so one agent acts several times in a row when it draws
(D4, D6). Actions and observations are those of ``pegboard.draw.encoding`` (86 actions;
a 117-entry vector built from the seat's ``observation(seat)`` only).

Rewards come once, when the round ends (D11), to every seat:

- ``reward="zero_sum"`` (default): the seat's points (D13, D14) minus the table's mean, so
  the rewards sum to zero and a seat gains by others' losses as by its own points. A
  domino worth 15 at a table of three gives +10, -5, -5.
- ``reward="points"``: the points exactly as settled (D15), ``Round.returns()``: the
  scorer gets them, everyone else 0.

The round's leader is drawn from the episode's seed (a fair lot, D3) unless ``leader`` is
given. ``render_mode="ansi"`` returns the board description of B1-B5 (``lang``: en, pt,
zh, hi).

``env()`` adds PettingZoo's standard wrappers: an action the mask forbids ends the episode
with ``illegal_reward`` (default -1, as in the classic environments; on the scale of Draw's
points a larger penalty may suit) for the seat that took it and 0 for the others. The
unwrapped ``raw_env`` raises the engine's ``IllegalActionError`` instead, naming the rule,
and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final, Literal

from pegboard.core.languages import language
from pegboard.draw.encoding import (
    DRAW_NUM_ACTIONS,
    DRAW_OBS_SIZE,
    draw_action,
    draw_action_mask,
    encode_draw,
)
from pegboard.draw.round import Round
from pegboard.draw.start import check_players
from pegboard.envs.base import PegboardEnv, wrap
from pegboard.games.encoding import Mask, Vector

Reward = Literal["zero_sum", "points"]
REWARDS: Final[tuple[str, ...]] = ("zero_sum", "points")

__all__ = ["env", "from_options", "raw_env"]


def from_options(options: Mapping[str, Any], **kwargs: Any) -> raw_env:
    """Draw's environment as the registry finds it (``pegboard.envs.game_env("draw",
    players=3)``): one round at a table of ``players`` (2 when not given). An episode is
    one round, so a match's ``target`` is no option of it."""
    if options.get("target") is not None:
        raise ValueError("draw_v0 plays one round: the target of a match is no option of it")
    players = options.get("players")
    return raw_env(num_players=2 if players is None else int(players), **kwargs)


def env(illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The Draw environment with PettingZoo's standard wrappers (see ``raw_env``)."""
    return wrap(raw_env(**kwargs), illegal_reward=illegal_reward)


class raw_env(PegboardEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """One round of Draw; keyword arguments as in the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": "draw_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        num_players: int = 2,
        reward: Reward = "zero_sum",
        leader: int | None = None,
        lang: str = "en",
        render_mode: str | None = None,
    ) -> None:
        check_players(num_players)
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if leader is not None and (
            not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < num_players
        ):
            raise ValueError(f"the leader is a seat from 0 to {num_players - 1}, not {leader!r}")
        self._lang = language(lang)
        self._reward = reward
        self._leader = leader
        super().__init__(
            num_players,
            DRAW_OBS_SIZE,
            DRAW_NUM_ACTIONS,
            render_mode,
            num_players=num_players,
            reward=reward,
            leader=leader,
            lang=lang,
        )
        self.round: Round = Round.deal(num_players, seed=0)  # replaced by reset()

    def _start(self, seed: int) -> None:
        rng = random.Random(seed)
        n = len(self.possible_agents)
        leader = rng.randrange(n) if self._leader is None else self._leader
        self.round = Round.deal(n, seed=rng.getrandbits(63), leader=leader)

    def _current_seat(self) -> int:
        seat = self.round.current_player
        assert seat is not None  # asked only while the round goes on
        return seat

    def _over(self) -> bool:
        return self.round.is_over

    def _view(self, seat: int, to_act: bool) -> tuple[Vector, Mask]:
        observation = self.round.observation(seat)
        legal = observation.legal if to_act else ()
        return encode_draw(observation), draw_action_mask(legal, observation.line.open_ends())

    def _apply(self, action: int) -> None:
        self.round.apply(draw_action(action, self.round.line.open_ends()))

    def _final_rewards(self) -> list[float]:
        points = self.round.returns()
        if self._reward == "points":
            return [float(p) for p in points]
        mean = sum(points) / len(points)
        return [p - mean for p in points]

    def _describe(self) -> str:
        return self.round.line.describe(self._lang)
