"""Any registered game as a PettingZoo AEC environment: ``GameEnv``, over the game's
``Encoding`` and an ``Episode`` (``pegboard.envs.episode``).

``game_env(name, **kwargs)`` finds the game in the registry. A game whose episode is not
one match names its environment in its description (``Game.looks.envs``: a function of
the options given and the environment's keyword arguments, which makes a ``GameEnv`` with
the game's own ``Episode``: Draw's ``draw_v0`` plays one round, cribbage's
``cribbage_v0`` one game or one hand). Any other game with an ``Encoding`` gets this
module's ``raw_env``, one match per episode, described below; a game with neither is
refused with the games there are environments of.

>>> from pegboard.envs import game_env
>>> env = game_env("tricks", hand=2, render_mode="ansi")  # a game of the registry
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     action = None if termination else int(observation["action_mask"].argmax())
...     env.step(action)

An episode is one match of the game, started by ``game.new_match(options, seed)`` from
the game's options (checked by the game: ``OptionError`` names the rule broken) and a seed
drawn from the episode generator (``reset(seed=...)`` fixes it, and every later episode).
Agents are ``player_0`` ... ``player_{n-1}``, the seats; ``agent_selection`` is always the
match's ``current_player``. Everything else comes from the game's ``Encoding`` of the
options played (``game.research_encoding(options)``: Draw's double-nine set has its own
numbers, cribbage's five-card deal, muggins and tables theirs; an option none of the game's
encodings plays is refused with an ``OptionError`` naming it and its rule): the action
numbers (``num_actions``; a number names a move through ``encoding.action(observation,
number)``), the observation vector of a seat (``encoding.encode(match.observation(seat))``:
built from the seat's own view, so it cannot hold what the seat may not know) and the mask
of its legal actions.

Rewards come once, when the episode ends; for a match, from ``game.scores(match)`` (a
seat's standing):

- ``reward="zero_sum"`` (default): the seat's standing minus the mean of all seats', so
  the rewards sum to zero;
- ``reward="points"``: the standing itself.

``render_mode="ansi"`` returns the episode's own text (Draw's board description,
cribbage's public summary), else the lines of ``pegboard.games.observation_lines`` that every
seat sees alike (a line that any seat sees otherwise, its hand, say, is left out for the
rest of the episode, even once the seats see it alike again), so the text holds only what
every seat knows.

``game_env()`` adds PettingZoo's standard wrappers (an action the mask forbids ends the
episode with ``illegal_reward``); the unwrapped ``raw_env`` raises the engine's
``IllegalActionError``, its rule named, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final, Literal

import numpy as np

from pegboard import games
from pegboard.envs.base import PegboardEnv, wrap
from pegboard.envs.episode import REWARDS, Episode, MatchEpisode, final_rewards
from pegboard.games import Encoding, Game, observation_lines
from pegboard.games.encoding import Mask, Vector, check_index

Reward = Literal["zero_sum", "points"]
OwnEnvironment = Callable[..., PegboardEnv]
"""A game's own environment (``Game.looks.envs``): ``(options, **kwargs)`` -> the unwrapped
AEC environment (a ``GameEnv`` with the game's ``Episode``), the options checked by the
game."""
VERSION: Final = "v0"

__all__ = [
    "REWARDS",
    "GameEnv",
    "NoEncodingError",
    "environment_games",
    "final_rewards",
    "game_env",
    "make_raw_env",
    "raw_env",
    "research_encoding",
]


class NoEncodingError(ValueError):
    """A game that the research interfaces cannot serve: it has no ``Encoding``."""


def environment_games() -> tuple[str, ...]:
    """The registered games there is an environment of (their own, or the generic one
    for an ``Encoding``), in the registry's order."""
    return tuple(
        name
        for name in games.names()
        if games.get(name).encoding is not None or games.get(name).looks.envs is not None
    )


def research_encoding(game: Game, options: Mapping[str, Any] | None = None) -> Encoding:
    """``game``'s ``Encoding`` of a match with ``options`` (``Game.research_encoding``:
    ``OptionError`` for an option none of its encodings plays), the default options' without
    them; ``NoEncodingError`` naming the games with an environment."""
    encoding = game.research_encoding(options)
    if encoding is None:
        choices = ", ".join(environment_games()) or "none"
        raise NoEncodingError(
            f"the game {game.name!r} has no research encoding (Game.encoding); "
            f"the games with an environment: {choices}"
        )
    return encoding


def game_env(name: str, illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The registered game ``name`` with PettingZoo's standard wrappers (``make_raw_env``)."""
    return wrap(make_raw_env(name, **kwargs), illegal_reward=illegal_reward)


def make_raw_env(name: str, **kwargs: Any) -> PegboardEnv:
    """The unwrapped environment of the registered game ``name``: the game's own when its
    description names one (the game's options among ``kwargs`` checked by the game, then
    given to it with the rest), else the generic ``raw_env``."""
    game = games.get(name)  # UnknownGameError names the games
    own = game.looks.envs
    if own is None:
        return raw_env(name, **kwargs)
    names = {option.name for option in game.options}
    request = {key: kwargs.pop(key) for key in list(kwargs) if key in names}
    for key, value in request.items():
        game.option(key).check(value)  # OptionError names the rule
    return own()(request, **kwargs)


class GameEnv(PegboardEnv):
    """The environment of a game over its ``Encoding`` and an ``Episode``: the episode
    plays the position (``position``), the encoding numbers the actions and makes each
    seat's vector and mask from what the episode says the seat observes."""

    metadata: dict[str, Any]

    def __init__(
        self,
        game: Game,
        episode: Episode,
        seats: int,
        render_mode: str | None,
        encoding: Encoding | None = None,
        /,
        **kwargs: Any,
    ) -> None:
        """``kwargs`` are the keyword arguments the subclass was made with (for pickling);
        ``encoding``, when given, is used instead of the game's (Draw's of the set played)."""
        if encoding is None:
            encoding = research_encoding(game)
        self.description = game
        self.encoding = encoding
        self.episode = episode
        super().__init__(
            seats, encoding.observation_size, encoding.num_actions, render_mode, **kwargs
        )
        self.position: Any = None  # reset() starts one
        self._private: set[str] = set()

    def _start(self, seed: int) -> None:
        self.position = self.episode.start(seed)
        self._private = set()
        self._describe()  # the lines the seats see otherwise from the deal on are private

    def _current_seat(self) -> int:
        seat = self.position.current_player
        assert seat is not None  # asked only while the episode goes on
        return int(seat)

    def _over(self) -> bool:
        return self.episode.over(self.position)

    def _view(self, seat: int, to_act: bool) -> tuple[Vector, Mask]:
        observation = self.episode.observation(self.position, seat)
        vector = np.asarray(self.encoding.encode(observation), dtype=np.float32)
        mask = np.zeros(self.encoding.num_actions, dtype=np.int8)
        if to_act:
            for action in observation.legal_actions():
                mask[self.encoding.action_index(observation, action)] = 1
        return vector, mask

    def _apply(self, action: int) -> None:
        index = check_index(action, self.encoding.num_actions)
        seat = self._current_seat()
        move = self.encoding.action(self.episode.observation(self.position, seat), index)
        self.episode.play(self.position, seat, move)  # IllegalActionError, nothing changed
        self._describe()  # a line seen otherwise now stays private to the episode's end

    def _final_rewards(self) -> list[float]:
        return list(self.episode.rewards(self.position))

    def _describe(self) -> str:
        own = self.episode.describe(self.position, self.possible_agents)
        if own is not None:
            return own
        seats = range(len(self.possible_agents))
        views = [public_split(observation_lines(self.position.observation(s))) for s in seats]
        for key in views[0]:
            if any(view.get(key) != views[0][key] for view in views):
                self._private.add(key)
        self._private.update(key for view in views for key in view if key not in views[0])
        shown = [line for key, line in views[0].items() if key not in self._private]
        return "\n".join([self.description.display_name, *shown])


class raw_env(GameEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """One match of the registered game ``name`` per episode; ``**options`` are the game's
    options."""

    def __init__(
        self,
        name: str,
        reward: Reward = "zero_sum",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        game = games.get(name)  # UnknownGameError names the games
        research_encoding(game)  # NoEncodingError first
        known = {option.name for option in game.options}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(
                f"{game.name} has no option {', '.join(unknown)}; "
                f"its options: {', '.join(sorted(known)) or 'none'}"
            )
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        self.options = game.check_options(options)  # OptionError names the rule
        # The numbers of the options played (Draw's double-nine set has its own), or an
        # OptionError naming an option none of the game's encodings plays.
        encoding = research_encoding(game, self.options)
        self.metadata = {
            "name": f"{game.name}_{VERSION}",
            "render_modes": ["ansi", "human"],
            "is_parallelizable": False,
            "render_fps": 1,
        }
        super().__init__(
            game,
            MatchEpisode(game, self.options, reward),
            game.players(self.options),
            render_mode,
            encoding,
            name=name,
            reward=reward,
            **options,
        )
        self.position = game.new_match(self.options, 0)  # replaced by reset()

    @property
    def game(self) -> Game:
        """The registered game (its description)."""
        return self.description

    @property
    def match(self) -> Any:
        """The match of the episode."""
        return self.position

    @match.setter
    def match(self, match: Any) -> None:
        self.position = match


def public_split(lines: list[str]) -> dict[str, str]:
    """``key: value`` lines by their key (the whole line when it has no key)."""
    return {line.partition(":")[0]: line for line in lines}
