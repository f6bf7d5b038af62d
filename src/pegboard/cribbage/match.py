"""A cribbage match: games until a player (or a side of partners) has won enough game points.

Between two, a game won is worth 1 game point, a skunk 2 and a double skunk 3 (C7; the
tournament convention that a skunk counts double). The first game's dealer is chosen by a
cut (C2); after that, as the American Cribbage Congress rules have it (rule 1.5), the loser
of each game deals first in the next one, which offsets the first dealer's advantage.

Among three (C8) or four in partnerships (C9) a game won is worth one game point (C12), to
the player or to the side; the game points are kept one a player, or one a side among four.
The first game's dealer is cut for (C8); a game has no single loser there (two players lose
among three, two partners among four), so the first deal of each later game passes to the
left of the one before it, and every seat deals first in turn (an engine choice: the
sources say nothing of a match among three or four).

A match of five-card cribbage between two (``cards=5``) plays games to 61, a lurch worth 2
(C13-C17).
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
from pegboard.cribbage.actions import Action
from pegboard.cribbage.events import CutForDeal, GameResult
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table import table_of, with_muggins

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
    points_after: tuple[int, ...]
    """The match's game points after it: one a player, or one a side among four (C9)."""

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
    """Games of cribbage until a player, or a side, has ``target`` game points: between
    seats 0 and 1, or ``players=3`` (C8) or ``4`` (two partnerships, seats 0 and 2 against
    1 and 3, C9).

    ``apply`` plays into the game in play; when it ends its game points are added, and
    either the match ends or the next game starts: between two its loser deals first, among
    three or four the seat left of the last game's first dealer (see the module's text).
    """

    def __init__(
        self,
        games_to_win: int | None = None,
        *,
        best_of: int | None = None,
        seed: int | None = None,
        players: int = 2,
        cards: int | None = None,
        muggins: int = 0,
    ) -> None:
        self.target: Final = points_needed(games_to_win, best_of)
        # A clear error for any other table (C2, C8, C9, C13); with ``cards=5`` between two
        # every game of the match is one of five-card cribbage (C13-C17).
        table = table_of(players, cards)
        self.cards: Final = table.cards
        # The players count their shows, with muggins (C18-C20), in every game of the match.
        self.muggins: Final = 1 if with_muggins(table, muggins).muggins else 0
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        self.seed: Final = seed
        self.players: Final = table.players
        self._rng = random.Random(seed)
        self._points = [0] * table.score_count
        self._games: list[FinishedGame] = []
        self._hands_before = 0
        """The hands of the finished games (each game's last hand ended it)."""
        self._start(dealer=None)
        self._cuts = self._game.cuts

    def _start(self, dealer: int | None) -> None:
        self._game_seed = self._rng.getrandbits(63)
        self._game_dealer = dealer
        self._game = Game.new(
            seed=self._game_seed,
            dealer=dealer,
            players=self.players,
            cards=self.cards,
            muggins=self.muggins,
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
    def points(self) -> tuple[int, ...]:
        """Game points per player, or per side among four (side 0: seats 0 and 2, C9)."""
        return tuple(self._points)

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats that play together: ((0, 2), (1, 3)) among four (C9), else each alone."""
        if self.players == 4:
            return ((0, 2), (1, 3))
        return tuple((seat,) for seat in range(self.players))

    @property
    def cuts(self) -> tuple[CutForDeal, ...]:
        """The cuts that chose the first game's dealer (C2)."""
        return self._cuts

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return max(self._points) >= self.target

    @property
    def current_player(self) -> int | None:
        return None if self.is_over else self._game.current_player

    @property
    def winner(self) -> int | None:
        """The player who won the match, or among four the side (0 or 1, C9); None before."""
        if not self.is_over:
            return None
        return self._points.index(max(self._points))

    def returns(self) -> tuple[float, ...]:
        """Once over, +1 to the match winner and -1 to the loser; among three the two
        others share -1 (-1/2 each); among four +1 to each winning partner and -1 to each
        loser (C12's returns). Zeros before."""
        winner = self.winner
        if winner is None:
            return (0,) * self.players
        if self.players == 4:
            return tuple(1 if seat % 2 == winner else -1 for seat in range(4))
        loss = -1 / (self.players - 1) if self.players == 3 else -1
        return tuple(1 if seat == winner else loss for seat in range(self.players))

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
            # Between two the loser deals first (ACC); among more, the next seat left.
            nxt = result.loser if self.players == 2 else (game.first_dealer + 1) % self.players
            self._start(dealer=nxt)

    def parse_action(self, text: str) -> Action:
        """An action's notation read as the game in play reads it (``discard 5H`` lays one
        card away among three or four, C8, C9)."""
        return self._game.parse_action(text)

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
        if self.players != 2:  # a record of two keeps its old form, byte for byte
            record["players"] = self.players
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
        made: list[CribbageMatch] = []

        def start(r: dict[str, Any]) -> CribbageMatch:
            made.append(
                cls(
                    r["target"],
                    seed=r["seed"],
                    players=r.get("players", 2),
                    cards=r.get("cards"),
                    muggins=r.get("muggins", 0),
                )
            )
            return made[0]

        return read_match_record(
            record,
            game="cribbage",
            start=start,
            # Each action is read as the game in play reads it (one card laid away, C8).
            parse=lambda text: made[0].parse_action(text),
            finished="games",
            current="current_game",
            checked=("games", "points", "cuts", "is_over", "winner"),
        )

    def __repr__(self) -> str:
        table = "" if self.players == 2 else f" of {self.players}"
        five = " (five-card)" if self.cards == 5 else ""
        return f"<CribbageMatch{table}{five} points {self.points} of {self.target}>"


@dataclass(frozen=True, slots=True)
class MatchObservation:
    """One seat's view of a match: its view of the game in play and the public results."""

    game: CribbageObservation
    points: tuple[int, ...]
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
