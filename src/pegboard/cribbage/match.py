"""A cribbage match: games until a player has won enough game points.

A game won is worth 1 game point, a skunk 2 and a double skunk 3 (C7; the tournament
convention that a skunk counts double). A match of five-card cribbage (``cards=5``) plays
games to 61, a lurch worth 2 (C13-C17). The first game's dealer is chosen by a cut (C2);
after that, as the American Cribbage Congress rules have it (rule 1.5), the loser of each
game deals first in the next one, which offsets the first dealer's advantage.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Final

from pegboard.core import (
    N_,
    IllegalActionError,
    WordedError,
    new_record,
    read_match_record,
)
from pegboard.cribbage.actions import Action, parse_action
from pegboard.cribbage.events import CutForDeal, GameResult
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table import TABLES, table_of, with_muggins

DEFAULT_BEST_OF: Final = 3


def points_needed(games_to_win: int | None = None, best_of: int | None = None) -> int:
    """The game points that win a match: ``games_to_win``, or a majority of ``best_of``.

    With neither, a best of three (2 game points).
    """
    if games_to_win is not None and best_of is not None:
        raise ValueError("give games_to_win or best_of, not both")
    if games_to_win is not None:
        if not isinstance(games_to_win, int) or isinstance(games_to_win, bool) or games_to_win < 1:
            raise ValueError(f"games to win is a whole number of at least 1, not {games_to_win!r}")
        return games_to_win
    count = DEFAULT_BEST_OF if best_of is None else best_of
    if not isinstance(count, int) or isinstance(count, bool) or count < 1 or count % 2 == 0:
        raise WordedError(
            N_("a match is the best of an odd number of games, not {count!r}"), count=count
        )
    return count // 2 + 1


@dataclass(frozen=True, slots=True)
class FinishedGame:
    """A game of the match: its seed, first dealer, actions, result and the match score."""

    number: int
    seed: int
    dealer: int | None
    """The dealer given to the game, or None when a cut chose it (the first game)."""
    first_dealer: int
    actions: tuple[str, ...]
    result: GameResult
    points_after: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "seed": self.seed,
            "dealer": self.dealer,
            "first_dealer": self.first_dealer,
            "actions": list(self.actions),
            "result": self.result.to_dict(),
            "points_after": list(self.points_after),
        }


class CribbageMatch:
    """Games of cribbage between seats 0 and 1 until one has ``target`` game points.

    ``apply`` plays into the game in play; when it ends its game points are added, and
    either the match ends or the next game starts, its loser dealing first.
    """

    def __init__(
        self,
        games_to_win: int | None = None,
        *,
        best_of: int | None = None,
        seed: int | None = None,
        cards: int | None = None,
        muggins: int = 0,
    ) -> None:
        self.target: Final = points_needed(games_to_win, best_of)
        # The players count their shows, with muggins (C18-C20), in every game of the match.
        self.muggins: Final = 1 if with_muggins(TABLES[2], muggins).muggins else 0
        # Five-card cribbage (C13-C17) with ``cards=5``: every game of the match is one.
        self.cards: Final = table_of(2, cards).cards
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        self.seed: Final = seed
        self._rng = random.Random(seed)
        self._points = [0, 0]
        self._games: list[FinishedGame] = []
        self._hands_before = 0
        """The hands of the finished games (each game's last hand ended it)."""
        self._start(dealer=None)
        self._cuts = self._game.cuts

    def _start(self, dealer: int | None) -> None:
        self._game_seed = self._rng.getrandbits(63)
        self._game_dealer = dealer
        self._game = Game.new(
            seed=self._game_seed, dealer=dealer, cards=self.cards, muggins=self.muggins
        )

    # -- state ---------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The game in play (the last one, finished, once the match is over)."""
        return self._game

    @property
    def games(self) -> tuple[FinishedGame, ...]:
        return tuple(self._games)

    @property
    def hands_over(self) -> int:
        """The hands played to their end (the show over, or the game won within them),
        counted from the match's start."""
        in_play = 0 if self._game.result is not None else self._game.hand_number - 1
        return self._hands_before + in_play

    @property
    def points(self) -> tuple[int, int]:
        """Game points per seat."""
        return (self._points[0], self._points[1])

    @property
    def cuts(self) -> tuple[CutForDeal, ...]:
        """The cuts that chose the first game's dealer (C2)."""
        return self._cuts

    @property
    def num_players(self) -> int:
        return 2

    @property
    def is_over(self) -> bool:
        return max(self._points) >= self.target

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self._game.current_player

    @property
    def winner(self) -> int | None:
        if not self.is_over:
            return None
        return 0 if self._points[0] >= self.target else 1

    def returns(self) -> tuple[int, int]:
        """+1 to the match winner and -1 to the loser once over; zeros before."""
        if self.winner is None:
            return (0, 0)
        return (1, -1) if self.winner == 0 else (-1, 1)

    # -- play ----------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        return () if self.is_over else self._game.legal_actions()

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Play ``action`` in the game in play; when it ends, score it and start the next."""
        if self.is_over:
            raise IllegalActionError(N_("the match is over"), "C7")
        game = self._game
        game.apply(action, seat=seat)
        result = game.result
        if result is None:
            return
        self._points[result.winner] += result.game_points
        self._hands_before += game.hand_number
        self._games.append(
            FinishedGame(
                number=len(self._games) + 1,
                seed=self._game_seed,
                dealer=self._game_dealer,
                first_dealer=game.first_dealer,
                actions=tuple(str(m.action) for m in game.history),
                result=result,
                points_after=self.points,
            )
        )
        if not self.is_over:
            self._start(dealer=result.loser)  # the loser deals first (ACC)

    def parse_action(self, text: str) -> Action:
        return parse_action(text)

    def observation(self, seat: int) -> MatchObservation:
        return MatchObservation(
            game=self._game.observation(seat),
            points=self.points,
            target=self.target,
            games_played=len(self._games),
            results=tuple(g.result for g in self._games),
            winner=self.winner,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> CribbageMatch:
        """A match ``seat`` cannot tell from this one: the game in play resampled, and the
        games after it shuffled from ``rng``."""
        other = object.__new__(CribbageMatch)
        other.__dict__.update(self.__dict__)
        other._rng = random.Random(rng.getrandbits(63))
        other._points = list(self._points)
        other._games = list(self._games)
        other._game = self._game.sample_hidden(seat, rng)
        return other

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record of the match: the seed, every game, the game points."""
        record = new_record("cribbage", "match")
        record.update(
            seed=self.seed,
            target=self.target,
            games=[g.to_dict() for g in self._games],
            points=list(self._points),
            cuts=[[str(c) for c in cut.cards] for cut in self._cuts],
            is_over=self.is_over,
            winner=self.winner,
        )
        if self.cards is not None:  # said only at five-card: six-card records unchanged
            record["cards"] = self.cards
        if self.muggins:  # said only when set: other records unchanged
            record["muggins"] = 1
        if not self.is_over:
            record["current_game"] = {
                "seed": self._game_seed,
                "dealer": self._game_dealer,
                "actions": [str(m.action) for m in self._game.history],
            }
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> CribbageMatch:
        """Replay a match record exactly; raise ``RecordError`` if anything differs."""
        return read_match_record(
            record,
            game="cribbage",
            start=lambda r: cls(
                r["target"], seed=r["seed"], cards=r.get("cards"), muggins=r.get("muggins", 0)
            ),
            parse=parse_action,
            finished="games",
            current="current_game",
            checked=("games", "points", "cuts", "is_over", "winner"),
        )

    def __repr__(self) -> str:
        five = " (five-card)" if self.cards == 5 else ""
        return f"<CribbageMatch{five} points {self.points} of {self.target}>"


@dataclass(frozen=True, slots=True)
class MatchObservation:
    """One seat's view of a match: its view of the game in play and the public results."""

    game: CribbageObservation
    points: tuple[int, int]
    target: int
    games_played: int
    results: tuple[GameResult, ...]
    winner: int | None

    @property
    def seat(self) -> int:
        return self.game.seat

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    def legal_actions(self) -> tuple[Action, ...]:
        return self.game.legal_actions()

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game.to_dict(),
            "points": list(self.points),
            "target": self.target,
            "games_played": self.games_played,
            "results": [r.to_dict() for r in self.results],
            "winner": self.winner,
        }
