"""What an episode of a game's PettingZoo environment is (``Episode``): by default one
match of the game (``MatchEpisode``); a game may play a part of it instead (Draw's
``draw_v0`` one round, cribbage's ``cribbage_v0`` one game or one hand) and reward it its
own way, through this one protocol, while ``pegboard.envs.game.GameEnv`` does the rest
(the AEC bookkeeping, the vectors and masks of the game's ``Encoding``, the wrappers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, Protocol

from pegboard.games import Game

REWARDS: Final[tuple[str, ...]] = ("zero_sum", "points")

__all__ = ["REWARDS", "Episode", "MatchEpisode", "final_rewards"]


class Episode(Protocol):
    """One episode's part of a game: how it starts, when it is over, what a seat
    observes, how a move is played, the rewards, and the text of ``render``. The position
    it plays is the environment's (``GameEnv.position``); an episode may keep what it
    needs of its own start (cribbage's one hand: the hand it started in)."""

    def start(self, seed: int) -> Any:
        """A new position from ``seed`` (every random choice of the episode's start)."""
        ...

    def over(self, position: Any) -> bool:
        """Whether the episode has ended at ``position``."""
        ...

    def observation(self, position: Any, seat: int) -> Any:
        """What the game's ``Encoding`` reads of ``seat``'s view (its legal actions too)."""
        ...

    def play(self, position: Any, seat: int, move: Any) -> None:
        """Apply ``seat``'s ``move``; raise and change nothing if the rules forbid it."""
        ...

    def rewards(self, position: Any) -> Sequence[float]:
        """Per seat, the reward of the episode, once it is over."""
        ...

    def describe(self, position: Any, agents: Sequence[str]) -> str | None:
        """The text of ``render_mode="ansi"``, public information only; None for the
        generic one (the lines every seat sees alike)."""
        ...


class MatchEpisode:
    """The generic episode: one match of ``game`` with its checked ``options``, played
    through ``Game.act``, rewarded from ``game.scores`` (``final_rewards``)."""

    def __init__(self, game: Game, options: Mapping[str, Any], reward: str) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        self.game = game
        self.options = options
        self.reward = reward

    def start(self, seed: int) -> Any:
        return self.game.new_match(self.options, seed)

    def over(self, position: Any) -> bool:
        return bool(position.is_over)

    def observation(self, position: Any, seat: int) -> Any:
        return position.observation(seat)

    def play(self, position: Any, seat: int, move: Any) -> None:
        self.game.play(position, seat, move)  # IllegalActionError, the match unchanged

    def rewards(self, position: Any) -> Sequence[float]:
        return final_rewards(self.game.scores(position), self.reward)

    def describe(self, position: Any, agents: Sequence[str]) -> str | None:
        return None


def final_rewards(scores: Any, reward: str) -> list[float]:
    """Per seat, the episode's reward from each seat's points or standing: ``"points"``
    the points themselves, ``"zero_sum"`` each less the mean of all seats'."""
    points = [float(score) for score in scores]
    if reward == "points":
        return points
    mean = sum(points) / len(points)
    return [p - mean for p in points]
