"""One daily deal in play, and its par.

A daily deal is the first deal of a new match of the game from the deal's seed (the game's
default options for two players): 0-0, the first dealer or leader chosen by the game's own
rule from that seed, so the same for everyone. The player sits at seat 0, the expert at the
others; the bot to move at move ``k`` of the deal is seeded ``move_seed(seed, k)``
(``pegboard.bots.seeds``, as the web's tables seed theirs), whoever it plays against, so
the par (the expert at the player's seat too, ``par_deal``) meets the same bots with the
same seeds, and a deal played at a web table goes as it would here. The deal is over when
the game says its first deal is (``Game.deals_over``).

Each bot is handed the observation of its own seat and nothing else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pegboard.bots import move_seed
from pegboard.core import N_
from pegboard.daily.days import DailyError, daily_game
from pegboard.daily.scoring import margin
from pegboard.games import Game, Played, make_bot

PLAYERS = 2
"""A daily deal is the player against one expert: the quickest deal of every game."""


def daily_options(game: Game) -> dict[str, Any]:
    """The options of a daily deal's match: the game's defaults, for two players."""
    return game.check_options({game.players_option: PLAYERS})


def deal_level(game: Game) -> str:
    """The level of the daily's bots and of its par: the expert (else the game's default)."""
    levels = game.bot_levels()
    if "expert" in levels:
        return "expert"
    level = game.default_level()
    if level is None:
        raise DailyError(N_("{game} has no bots to play a daily deal."), game=game.name)
    return level


class DailyDeal:
    """A daily deal of ``game`` from ``seed``: the player at ``seat``, the expert elsewhere;
    ``actions`` (notations, in order) replays a deal already begun.

    ``play`` is the player's move (``IllegalActionError`` naming the rule, or
    ``OutOfTurnError``, and nothing changes); ``bots_play`` lets the bots move until the
    player is to act or the deal is over; ``margin`` is the player's points less the
    other's, the deal's score."""

    def __init__(
        self, game: str | Game, seed: int, *, seat: int = 0, actions: Sequence[str] = ()
    ) -> None:
        self.game = daily_game(game.name if isinstance(game, Game) else game)
        if not 0 <= seat < PLAYERS:
            raise ValueError(f"a daily deal's seat is 0 or 1, not {seat!r}")
        self.seed = seed
        self.seat = seat
        self.level = deal_level(self.game)
        self.options = daily_options(self.game)
        self.match = self.game.new_match(self.options, seed)
        self.log: list[tuple[int, str]] = []
        """Every move of the deal: (seat, notation), in order."""
        for text in actions:
            self.play_logged(text)

    # -- state ---------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        deals_over = self.game.deals_over
        assert deals_over is not None  # daily_game checked it
        return self.match.current_player is None or deals_over(self.match) >= 1

    @property
    def to_act(self) -> int | None:
        """The seat to act, or None once the deal is over."""
        return None if self.finished else int(self.match.current_player)

    @property
    def actions(self) -> tuple[str, ...]:
        """The deal's moves' notations, in order (what replays it)."""
        return tuple(text for _seat, text in self.log)

    def observation(self, seat: int | None = None) -> Any:
        """What ``seat`` (the player's, by default) sees now."""
        return self.match.observation(self.seat if seat is None else seat)

    def points(self) -> tuple[float, ...]:
        """Per seat, the points on the board now (after the deal: what it scored)."""
        reader = self.game.points or self.game.scores
        return tuple(float(p) for p in reader(self.match))

    def margin(self) -> float:
        """The player's points less the other's."""
        return margin(self.points(), self.seat)

    # -- play ----------------------------------------------------------------------------

    def play(self, action: Any) -> Played:
        """The player's move (a notation or a parsed action)."""
        if self.finished:
            raise DailyError(N_("This deal is over: go on to the next."))
        return self._play(self.seat, action)

    def play_logged(self, text: str) -> Played:
        """The log's next move, whoever's it is (a deal's log read again)."""
        seat = self.to_act
        if seat is None:
            raise DailyError(N_("A daily deal's log goes on past the deal's end."))
        return self._play(seat, text)

    def bots_play(self, *, everywhere: bool = False) -> list[tuple[int, Played]]:
        """Let the bots move until the player is to act (with ``everywhere``, a bot plays
        the player's seat too) or the deal is over; their moves, in order."""
        moves = []
        while (seat := self.to_act) is not None and (everywhere or seat != self.seat):
            bot = make_bot(self.game.name, self.level, seed=move_seed(self.seed, len(self.log)))
            action = bot.act(self.match.observation(seat))
            moves.append((seat, self._play(seat, action)))
        return moves

    def _play(self, seat: int, action: Any) -> Played:
        played = self.game.play(self.match, seat, action)
        self.log.append((seat, played.notation))
        return played


def par_deal(game: str | Game, seed: int, seat: int = 0) -> DailyDeal:
    """The par of a daily deal: the expert at ``seat`` too, against the same bots seeded
    the same way, played to the deal's end."""
    deal = DailyDeal(game, seed, seat=seat)
    deal.bots_play(everywhere=True)
    return deal


__all__ = ["PLAYERS", "DailyDeal", "daily_options", "deal_level", "par_deal"]
