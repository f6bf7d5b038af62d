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

All three are zero-sum. ``cards=5`` plays five-card cribbage to 61 between two (C13-C17:
five cards each, three for last to the first non-dealer, counted in its points), over the
same 1379 actions and a 381-entry vector (``five_card``; scores out of 61). ``muggins=1``
(between two, with either deal) has the players claim their shows (C18-C20): 1439 actions
(claim 0-29, muggins 1-29, no muggins after the 1379) and the show's 61 entries appended
(``pegboard.cribbage.encoding.MUGGINS_LAYOUT``); the rewards are the engine's points.

``players=3`` or ``4`` plays cribbage among three (C8) or four in partnerships (C9), agents
``player_0`` to ``player_3``, over ``pegboard.cribbage.table_encoding`` (105 actions, a
603-entry vector; the two-player numbers above stay as they are): ``game_points`` are
``Game.returns()`` (+1 to the winner and -1/2 to each other among three; partners share +1
or -1 among four, C12), ``win`` the same, ``points`` a seat's (side's) points minus the mean
of the others' (partners share them). With ``muggins=1`` the players claim their shows there
too (C18-C20: the owner of a hand or the crib claims, the seat on its left answers, an
opponent at every table): 165 actions (claim 0-29 at 105-134, muggins 1-29 at 135-163, no
muggins 164, after the 105) and a 665-entry vector (the show's 62 entries appended,
``pegboard.cribbage.table_encoding.TABLE_MUGGINS_LAYOUT``); the rewards are the engine's
points, muggins taken included (a side's among four).
``render_mode="ansi"`` returns a public summary of the game (the
scores, the phase, the starter and the pile; never a hand).

``env()`` adds PettingZoo's standard wrappers: an action the mask forbids ends the episode
with ``illegal_reward`` (default -1) for the seat that took it. The unwrapped ``raw_env``
raises the engine's ``IllegalActionError`` instead, naming the rule, and changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, Final, Literal, cast

from pegboard.cribbage.actions import Action
from pegboard.cribbage.cards import Card
from pegboard.cribbage.description import GAME
from pegboard.cribbage.encoding import HandShown
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table import PLAYERS
from pegboard.cribbage.table_encoding import TABLE_ENCODING, TABLE_MUGGINS_ENCODING
from pegboard.envs.base import wrap
from pegboard.envs.game import GameEnv
from pegboard.games.base import Encoding

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
    match's ``best_of`` is no option of it. ``cards=5`` plays five-card cribbage between two
    (C13-C17) and ``muggins=1`` has the players claim their shows (C18-C20), between two,
    among three or four."""
    if "best_of" in options:
        raise ValueError(
            "cribbage_v0 plays one game or one hand (episode=): best_of is no option of it"
        )
    players = 2 if options.get("players") is None else int(options["players"])
    muggins = int(options.get("muggins") or 0)
    cards = 5 if options.get("cards") == 5 else None
    return raw_env(players=players, cards=cards, muggins=muggins, **kwargs)


def env(illegal_reward: float = -1.0, **kwargs: Any) -> Any:
    """The cribbage environment with PettingZoo's standard wrappers (see ``raw_env``)."""
    return wrap(raw_env(**kwargs), illegal_reward=illegal_reward)


class GameEpisode:
    """An episode of one game, or of its first hand (``pegboard.envs.episode.Episode``),
    rewarded as the module docstring says; its text a public summary."""

    def __init__(
        self,
        episode: str,
        reward: str,
        players: int = 2,
        cards: int | None = None,
        muggins: int = 0,
    ) -> None:
        self.one_hand = episode == "hand"
        self.reward = reward
        self.players = players
        self.cards = cards
        self.muggins = muggins
        self.first_hand = 1

    def start(self, seed: int) -> Game:
        game = Game.new(seed=seed, players=self.players, cards=self.cards, muggins=self.muggins)
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
            if self.players == 2:
                # At five-card the three for last (C14) is in them: the engine's points.
                return [float(scores[0] - scores[1]), float(scores[1] - scores[0])]
            # A seat's own score (its side's among four, C9) less the others' mean.
            mine = [scores[position.side(seat)] for seat in range(self.players)]
            if self.players == 4:
                return [float(mine[s] - mine[(s + 1) % 4]) for s in range(4)]
            return [float(m - (sum(mine) - m) / 2) for m in mine]
        returns = position.returns()
        # Among three or four a game is one game point (C12): a win is the game's returns
        # (+1, and -1/2 to each other among three), which keeps the sum at zero.
        if self.reward == "win" and self.players == 2:
            return [float((r > 0) - (r < 0)) for r in returns]
        return [float(r) for r in returns]

    def describe(self, position: Game, agents: Sequence[str]) -> str:
        game = position
        seats = range(game.num_players)
        score = ", ".join(f"{agents[s]} {game.scores[game.side(s)]}" for s in seats)
        lines = [
            f"Cribbage, hand {game.hand_number}: {agents[game.dealer]} deals. Scores: {score}."
        ]
        result = game.result
        if result is not None:
            won = " and ".join(agents[s] for s in result.winners)
            lines.append(f"Game over: {won} {'wins' if len(result.winners) == 1 else 'win'} "
                         f"({result.kind}).")  # fmt: skip
            return "\n".join(lines)
        if self.hand_done(game):
            lines.append("The hand is over.")
            return "\n".join(lines)
        held = ", ".join(f"{agents[s]} {len(game.hands[s])}" for s in seats)
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
        players: int = 2,
        cards: int | None = None,
        muggins: int = 0,
    ) -> None:
        if isinstance(players, bool) or players not in PLAYERS:
            raise ValueError(
                f"cribbage is for 2 players (C2), 3 (C8) or 4 in partnerships (C9), not {players!r}"
            )
        if cards not in (None, 5, 6) or (cards == 5 and players != 2):
            raise ValueError(
                f"cards is 5 for five-card cribbage between two (C13), not {cards!r} "
                f"among {players}"
            )
        cards = 5 if cards == 5 else None
        if muggins not in (0, 1):
            raise ValueError(f"muggins is 0 or 1 (C18), not {muggins!r}")
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
        # Three or four play over their own numbers (``table_encoding``): the two-player
        # game's stay as they are.
        # five-card's has one entry more (C13), muggins's the claims and the show (C18).
        if players > 2:
            game = replace(GAME, encoding=partial(_table_encoding, bool(muggins)))
        elif cards == 5 or muggins:
            game = replace(GAME, encoding=partial(_variant_encoding, cards, bool(muggins)))
        else:
            game = GAME
        super().__init__(
            game,
            GameEpisode(episode, reward, players, cards, muggins),
            players,
            render_mode,
            episode=episode,
            reward=reward,
            players=players,
            cards=cards,
            muggins=muggins,
        )
        # replaced by reset()
        self.position = Game.new(seed=0, players=players, cards=cards, muggins=muggins)

    @property
    def game(self) -> Game:
        """The game of the episode."""
        position: Game = self.position
        return position

    @game.setter
    def game(self, game: Game) -> None:
        self.position = game


def _table_encoding(muggins: bool) -> Encoding:
    """The encoding among three or four, with muggins's claims and show or without (NumPy's
    vectors stand for the protocol's ``Sequence[float]``, as the two-player encoding's do in
    the registry)."""
    return cast(Encoding, TABLE_MUGGINS_ENCODING if muggins else TABLE_ENCODING)


def _variant_encoding(cards: int | None, muggins: bool) -> Encoding:
    """Five-card's encoding between two (C13: the same actions, one entry more), or muggins's
    (C18: the claims and calls after the other actions, the show's part at the end)."""
    from pegboard.cribbage.encoding import CribbageEncoding

    return cast(Encoding, CribbageEncoding(cards, muggins))


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(str(card) for card in cards)
