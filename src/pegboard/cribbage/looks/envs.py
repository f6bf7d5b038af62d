"""Two-player cribbage as a PettingZoo AEC environment: a game to 121 per episode (the
generic ``pegboard.envs.game.GameEnv``, with cribbage's ``Encoding`` and ``GameEpisode``).

>>> from pegboard.cribbage.looks import envs as cribbage_v0
>>> env = cribbage_v0.env(render_mode="ansi")
>>> env.reset(seed=1)
>>> for agent in env.agent_iter():
...     observation, reward, termination, truncation, info = env.last()
...     action = None if termination else int(observation["action_mask"].argmax())
...     env.step(action)

Agents are ``player_0`` and ``player_1`` (seats 0 and 1); ``agent_selection`` is always the
game's ``current_player``: the non-dealer discards first, then the dealer (C2), then the
pegging alternates as the rules say (C4, C5). The cut, the show and the next deal need no
decision, so the engine does them by itself. Actions and observations are those of
``pegboard.cribbage.encoding`` (1379 actions; a 380-entry vector built from the seat's
``observation(seat)`` only).

``episode="game"`` (default) plays a whole game, the first dealer chosen by a cut (C2);
``episode="hand"`` stops after the first hand's show. Rewards come once, at the end:

- ``reward="game_points"`` (default for a game): +1 to the winner and -1 to the loser,
  doubled for a skunk and tripled for a double skunk (C7), ``Game.returns()``;
- ``reward="win"``: +1 / -1, whatever the margin;
- ``reward="points"`` (default, and the only choice, for a hand): the points the seat
  pegged in the episode minus the points its opponent pegged.

All three are zero-sum. ``render_mode="ansi"`` returns a public summary of the game (the
scores, the phase, the starter and the pile; never a hand).

``env()`` adds PettingZoo's standard wrappers: an action the mask forbids ends the episode
with ``illegal_reward`` (default -1) for the seat that took it. The unwrapped ``raw_env``
raises the engine's ``IllegalActionError`` instead, naming the rule, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Literal

from pegboard.cribbage.actions import Action
from pegboard.cribbage.cards import Card
from pegboard.cribbage.description import GAME
from pegboard.cribbage.encoding import HandShown
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.envs.base import wrap
from pegboard.envs.game import GameEnv

Episode = Literal["game", "hand"]
Reward = Literal["game_points", "win", "points"]
EPISODES: Final[tuple[str, ...]] = ("game", "hand")
REWARDS: Final[dict[str, tuple[str, ...]]] = {
    "game": ("game_points", "win", "points"),
    "hand": ("points",),
}
NAME: Final = "cribbage_v0"

__all__ = ["GameEpisode", "env", "from_options", "raw_env"]


def from_options(options: Mapping[str, Any], **kwargs: Any) -> raw_env:
    """Cribbage's environment as the registry finds it (``pegboard.envs.game_env(
    "cribbage")``). An episode is one game (or one hand: ``episode="hand"``), so a
    match's ``best_of`` is no option of it."""
    if "best_of" in options:
        raise ValueError(
            "cribbage_v0 plays one game or one hand (episode=): best_of is no option of it"
        )
    return raw_env(**kwargs)


def env(illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The cribbage environment with PettingZoo's standard wrappers (see ``raw_env``)."""
    return wrap(raw_env(**kwargs), illegal_reward=illegal_reward)


class GameEpisode:
    """An episode of one game, or of its first hand (``pegboard.envs.episode.Episode``),
    rewarded as the module docstring says; its text a public summary."""

    def __init__(self, episode: str, reward: str) -> None:
        self.one_hand = episode == "hand"
        self.reward = reward
        self.first_hand = 1

    def start(self, seed: int) -> Game:
        game = Game.new(seed=seed)
        self.first_hand = game.hand_number
        return game

    def hand_done(self, game: Game) -> bool:
        """In an episode of one hand: the hand is shown, the engine has dealt the next."""
        return self.one_hand and game.hand_number != self.first_hand

    def over(self, position: Game) -> bool:
        return position.is_over or self.hand_done(position)

    def observation(self, position: Game, seat: int) -> CribbageObservation | HandShown:
        observation = position.observation(seat)
        if self.hand_done(position) and not position.is_over:
            return HandShown(observation)
        return observation

    def play(self, position: Game, seat: int, move: Action) -> None:
        position.apply(move)

    def rewards(self, position: Game) -> Sequence[float]:
        if self.reward == "points":
            scores = position.scores  # the episode started at 0-0
            return [float(scores[0] - scores[1]), float(scores[1] - scores[0])]
        returns = position.returns()
        if self.reward == "win":
            return [float((r > 0) - (r < 0)) for r in returns]
        return [float(r) for r in returns]

    def describe(self, position: Game, agents: Sequence[str]) -> str:
        game = position
        scores = game.scores
        lines = [
            f"Cribbage, hand {game.hand_number}: {agents[game.dealer]} deals. "
            f"Scores: {agents[0]} {scores[0]}, {agents[1]} {scores[1]}."
        ]
        result = game.result
        if result is not None:
            lines.append(f"Game over: {agents[result.winner]} wins ({result.kind}).")
            return "\n".join(lines)
        if self.hand_done(game):
            lines.append("The hand is over.")
            return "\n".join(lines)
        held = ", ".join(f"{agents[s]} {len(game.hands[s])}" for s in (0, 1))
        lines.append(f"Phase: {game.phase}. Cards held: {held}.")
        if game.starter is not None:
            lines.append(
                f"Starter: {game.starter}. Count {game.count}: {_cards(game.pile) or '-'}."
            )
        current = game.current_player
        assert current is not None  # the game goes on
        lines.append(f"To act: {agents[current]}.")
        return "\n".join(lines)


class raw_env(GameEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """A game (or one hand) of cribbage; keyword arguments as in the module docstring."""

    metadata: dict[str, Any] = {  # noqa: RUF012 - PettingZoo reads it from the class
        "name": NAME,
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        episode: Episode = "game",
        reward: Reward | None = None,
        render_mode: str | None = None,
    ) -> None:
        if episode not in EPISODES:
            raise ValueError(f"episode is one of {', '.join(EPISODES)}, not {episode!r}")
        choices = REWARDS[episode]
        if reward is None:
            reward = "game_points" if episode == "game" else "points"
        if reward not in choices:
            raise ValueError(
                f"reward for an episode of one {episode} is one of {', '.join(choices)}, "
                f"not {reward!r}"
            )
        super().__init__(
            GAME, GameEpisode(episode, reward), 2, render_mode, episode=episode, reward=reward
        )
        self.position = Game.new(seed=0)  # replaced by reset()

    @property
    def game(self) -> Game:
        """The game of the episode."""
        position: Game = self.position
        return position

    @game.setter
    def game(self, game: Game) -> None:
        self.position = game


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)
