"""Draw (dominoes) as a PettingZoo AEC environment: one round per episode, 2 to 4 players
(the generic ``pegboard.envs.game.GameEnv``, with Draw's ``Encoding`` and ``RoundEpisode``).

>>> from pegboard.draw.looks import envs as draw_v0
>>> env = draw_v0.env(num_players=3, render_mode="ansi")
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     action = None if termination else int(observation["action_mask"].argmax())
...     env.step(action)

Agents are ``player_0`` ... ``player_{n-1}`` (seat numbers); ``agent_selection`` is always
the round's ``current_player``, so one agent acts several times in a row when it draws
(D4, D6). Actions and observations are those of ``pegboard.draw.encoding`` for the set played
(``tile_set``: 6, 86 actions and a 117-entry vector; 9, the double-nine set of D25-D27, 167
actions and 189 entries), the vector built from the seat's ``observation(seat)`` only.

Rewards come once, when the round ends (D11), to every seat:

- ``reward="zero_sum"`` (default): the seat's points (D13, D14) minus the table's mean, so
  the rewards sum to zero and a seat gains by others' losses as by its own points. A
  domino worth 15 at a table of three gives +10, -5, -5.
- ``reward="points"``: the points exactly as settled (D15), ``Round.returns()``: the
  scorer gets them, everyone else 0.

The round's leader is drawn from the episode's seed (a fair lot, D3) unless ``leader`` is
given. ``render_mode="ansi"`` returns the board description of B1-B5 (``lang``: en, pt,
zh, hi). ``block=True`` plays the Block game (D18-D20): no draw is ever legal, and the
sleeping tiles are in no observation. ``partnerships=True`` (four players) plays two sides
of partners, seats 0 and 2 against 1 and 3 (D21): each partner is rewarded with its side's
points (D22, D23), so that partners share their rewards, and no observation shows a seat
its partner's tiles. ``tile_set=9`` deals the double-nine set (D25-D27).

``env()`` adds PettingZoo's standard wrappers: an action the mask forbids ends the episode
with ``illegal_reward`` (default -1, as in the classic environments; on the scale of Draw's
points a larger penalty may suit) for the seat that took it and 0 for the others. The
unwrapped ``raw_env`` raises the engine's ``IllegalActionError`` instead, naming the rule,
and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal, cast

from pegboard.core.languages import language
from pegboard.draw.actions import Action
from pegboard.draw.description import GAME
from pegboard.draw.encoding import encoding_of, numbers_of
from pegboard.draw.observation import DrawObservation
from pegboard.draw.round import Round, check_partnerships
from pegboard.draw.start import check_players
from pegboard.envs.base import wrap
from pegboard.envs.episode import REWARDS, final_rewards
from pegboard.envs.game import GameEnv
from pegboard.games import Encoding

Reward = Literal["zero_sum", "points"]
NAME: Final = "draw_v0"

__all__ = ["RoundEpisode", "env", "from_options", "raw_env"]


def from_options(options: Mapping[str, Any], **kwargs: Any) -> raw_env:
    """Draw's environment as the registry finds it (``pegboard.envs.game_env("draw",
    players=3)``): one round at a table of ``players`` (2 when not given). An episode is
    one round, so a match's ``target`` is no option of it; ``block`` plays the Block game,
    ``partnerships`` two sides of partners (D21), ``set`` the set of tiles (6 or 9, D25)."""
    if options.get("target") is not None:
        raise ValueError("draw_v0 plays one round: the target of a match is no option of it")
    players = options.get("players")
    block = bool(options.get("block") or 0)
    partnerships = bool(options.get("partnerships") or 0)
    return raw_env(
        num_players=2 if players is None else int(players),
        block=block,
        partnerships=partnerships,
        tile_set=int(options.get("set") or 6),
        **kwargs,
    )


def env(illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The Draw environment with PettingZoo's standard wrappers (see ``raw_env``)."""
    return wrap(raw_env(**kwargs), illegal_reward=illegal_reward)


class RoundEpisode:
    """An episode of one round (``pegboard.envs.episode.Episode``): dealt from the seed,
    its leader drawn by lot unless given (D3), rewarded with its points (D13, D14), its
    text the board description (B1-B5) in ``lang``; of the Block game with ``block``, in
    partnerships with ``partnerships`` (D21), of the set ``tile_set`` (D25)."""

    def __init__(
        self,
        players: int,
        reward: str,
        leader: int | None,
        lang: str,
        block: bool = False,
        partnerships: bool = False,
        tile_set: int = 6,
    ) -> None:
        self.players = players
        self.reward = reward
        self.leader = leader
        self.lang = language(lang)
        self.block = block
        self.partnerships = partnerships
        self.tile_set = tile_set

    def start(self, seed: int) -> Round:
        rng = random.Random(seed)
        leader = rng.randrange(self.players) if self.leader is None else self.leader
        return Round.deal(
            self.players,
            seed=rng.getrandbits(63),
            leader=leader,
            block=self.block,
            partnerships=self.partnerships,
            tile_set=self.tile_set,
        )

    def over(self, position: Round) -> bool:
        return position.is_over

    def observation(self, position: Round, seat: int) -> DrawObservation:
        return position.observation(seat)

    def play(self, position: Round, seat: int, move: Action) -> None:
        position.apply(move)

    def rewards(self, position: Round) -> Sequence[float]:
        return final_rewards(position.returns(), self.reward)

    def describe(self, position: Round, agents: Sequence[str]) -> str:
        return position.line.describe(self.lang)


class raw_env(GameEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """One round of Draw; keyword arguments as in the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": NAME,
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
        block: bool = False,
        partnerships: bool = False,
        tile_set: int = 6,
    ) -> None:
        check_players(num_players)
        numbers_of(tile_set)  # 6 or 9, else the error names D25
        if not isinstance(block, bool):
            raise ValueError(f"block is True (the Block game, D18) or False, not {block!r}")
        check_partnerships(partnerships, num_players)
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if leader is not None and (
            not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < num_players
        ):
            raise ValueError(f"the leader is a seat from 0 to {num_players - 1}, not {leader!r}")
        super().__init__(
            GAME,
            RoundEpisode(num_players, reward, leader, lang, block, partnerships, tile_set),
            num_players,
            render_mode,
            # NumPy's vectors stand for the protocol's Sequence[float] (see description.py).
            cast(Encoding, encoding_of(tile_set)),
            num_players=num_players,
            reward=reward,
            leader=leader,
            lang=lang,
            block=block,
            partnerships=partnerships,
            tile_set=tile_set,
        )
        self.position = Round.deal(num_players, seed=0, tile_set=tile_set)  # replaced by reset()

    @property
    def round(self) -> Round:
        """The round of the episode."""
        position: Round = self.position
        return position

    @round.setter
    def round(self, round_: Round) -> None:
        self.position = round_
