"""The day of a daily event and its seeds.

A day is a calendar day in UTC (``Day``: ``Day.parse("2026-12-05")``, ``str(day)`` gives
it back). Each day and game has one seed, an HMAC-SHA256 of the day and the game's name
under the installation's secret: the same for every player and every server process that
shares the secret, and not to be worked out from the date without it. A server hands out
no day after its own today (``Day.check_not_after``), so a day's deals cannot be read
before the day starts. The seeds of the day's deals derive from the day's seed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from pegboard import games
from pegboard.arena.deals import derive_seed
from pegboard.core import N_, WordedError
from pegboard.games import Game

SECRET_BYTES: Final = 32
"""The length of an installation's secret: 256 bits, as HMAC-SHA256's key."""


class DailyError(WordedError):
    """A day or a daily game that is not one (worded: surfaces translate it)."""


@dataclass(frozen=True, order=True, slots=True)
class Day:
    """A calendar day in UTC: ``Day.parse("2026-12-05")``; ``str`` writes it back."""

    date: dt.date

    @classmethod
    def parse(cls, text: str) -> Day:
        """The day written ``YYYY-MM-DD``; ``DailyError`` for anything else."""
        if not isinstance(text, str) or len(text) != 10 or not text.isascii():
            raise DailyError(N_("A day is written YYYY-MM-DD, not {text!r}."), text=str(text)[:20])
        try:
            return cls(dt.date.fromisoformat(text))
        except ValueError:
            raise DailyError(N_("A day is written YYYY-MM-DD, not {text!r}."), text=text) from None

    @classmethod
    def today(cls, now: dt.datetime | None = None) -> Day:
        """The day in UTC at ``now`` (the clock's now by default)."""
        moment = dt.datetime.now(dt.UTC) if now is None else now.astimezone(dt.UTC)
        return cls(moment.date())

    def __str__(self) -> str:
        return self.date.isoformat()

    def after(self, days: int = 1) -> Day:
        return Day(self.date + dt.timedelta(days=days))

    def check_not_after(self, today: Day) -> None:
        """``DailyError`` when this day is after ``today``: its deals are not out yet."""
        if self > today:
            raise DailyError(
                N_("The deals of {day} are not out yet: today is {today}."),
                day=str(self),
                today=str(today),
            )


def daily_games() -> tuple[str, ...]:
    """The registry's games that have a daily event, in the registry's order."""
    return tuple(
        name
        for name in games.names()
        if (game := games.get(name)).daily_deals > 0 and game.deals_over is not None
    )


def daily_game(name: str) -> Game:
    """The game ``name`` if it has a daily event; ``DailyError`` naming those that do."""
    names = daily_games()
    if name not in names:
        raise DailyError(
            N_("There are daily deals of {games}, not of {game!r}."),
            games=", ".join(names),
            game=str(name)[:40],
        )
    return games.get(name)


def day_seed(secret: bytes, day: Day, game: str) -> int:
    """The 63-bit seed of ``game``'s deals on ``day`` under the installation's ``secret``."""
    if len(secret) < 16:
        raise ValueError("a daily secret has at least 16 bytes")
    message = f"pegboard-daily:{game}:{day}".encode()
    digest = hmac.new(secret, message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True, slots=True)
class DaySeeds:
    """A game's day: the day's seed and each deal's (``deals[i]`` the seed of deal i)."""

    game: str
    day: Day
    seed: int
    deals: tuple[int, ...]


def day_seeds(secret: bytes, day: Day, game: str) -> DaySeeds:
    """The seeds of ``game``'s daily deals on ``day`` (``DailyError`` for a game without)."""
    found = daily_game(game)
    seed = day_seed(secret, day, found.name)
    deals: Sequence[int] = [derive_seed(seed, "daily-deal", i) for i in range(found.daily_deals)]
    return DaySeeds(found.name, day, seed, tuple(deals))
