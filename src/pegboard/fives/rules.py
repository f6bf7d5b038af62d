"""The rules object of the Fives family (docs/rules.md F1-F9): which game, how many
players, partnerships, and the two options of All Fives (F4's reserve, F9's scores by
fives). A value: frozen, JSON-ready (``to_dict``/``from_dict``), checked when made."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final, Literal

from pegboard.core import N_, WordedError
from pegboard.fives.scoring import all_fives_points, fives_and_threes_points

ALL_FIVES: Final = "all-fives"
FIVES_AND_THREES: Final = "fives-and-threes"
GameName = Literal["all-fives"] | Literal["fives-and-threes"]
GAMES: Final[tuple[str, ...]] = (ALL_FIVES, FIVES_AND_THREES)

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
RESERVES: Final = (0, 2)
"""F4's option: the last two tiles of the boneyard are never drawn (All Fives)."""
EXACT_TARGET: Final = 61
"""Fives and Threes is won by reaching exactly 61 (F9); All Fives by fives is to 61 too."""
CHIP_OUT: Final = 1
"""The point a player scores in Fives and Threes for playing their last tile (F8)."""


@dataclass(frozen=True, slots=True)
class FivesRules:
    """Which game of the Fives family, and its options, as F1-F9 name them.

    ``partnerships`` is None for the default: two partnerships with 4 players (F1), alone
    with 2 or 3. ``reserve`` (0 or 2, F4) and ``by_fives`` (F9) are All Fives' options.
    """

    game: GameName
    players: int
    partnerships: bool | None = None
    reserve: int = 0
    by_fives: bool = False
    _sides: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise WordedError(
                N_("no game {game!r} in the Fives family: all-fives or fives-and-threes"),
                game=self.game,
            )
        players = self.players
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or not MIN_PLAYERS <= players <= MAX_PLAYERS
        ):
            raise WordedError(
                N_("the Fives family is played by 2 to 4 players, not {players!r} (F1)"),
                players=players,
            )
        partnerships = self.partnerships
        if partnerships is None:
            partnerships = players == MAX_PLAYERS
        if partnerships not in (True, False):
            raise WordedError(N_("partnerships is yes or no (F1)"))
        if partnerships and players != MAX_PLAYERS:
            raise WordedError(
                N_("partnerships need 4 players, two against two (F1), not {players}"),
                players=players,
            )
        object.__setattr__(self, "partnerships", bool(partnerships))
        if self.reserve not in RESERVES or isinstance(self.reserve, bool):
            raise WordedError(
                N_("the boneyard's reserve is 0 or 2 tiles, not {reserve!r} (F4)"),
                reserve=self.reserve,
            )
        if self.by_fives not in (True, False):
            raise WordedError(N_("scoring by fives is yes or no (F9)"))
        object.__setattr__(self, "by_fives", bool(self.by_fives))
        if not self.spinner and self.reserve:
            raise WordedError(N_("Fives and Threes has no boneyard to keep a reserve in (F2, F4)"))
        if not self.spinner and self.by_fives:
            raise WordedError(
                N_("Fives and Threes is always scored to 61; by fives is All Fives' option (F9)")
            )
        sides = ((0, 2), (1, 3)) if partnerships else tuple((seat,) for seat in range(players))
        object.__setattr__(self, "_sides", sides)

    # -- what the rules say -------------------------------------------------------------

    @property
    def all_fives(self) -> bool:
        """All Fives (with a spinner, a boneyard, the end-of-hand count) or Fives and Threes."""
        return self.game == ALL_FIVES

    @property
    def spinner(self) -> bool:
        """Whether the first double played is a spinner (F5: All Fives only)."""
        return self.game == ALL_FIVES

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each player (F2)."""
        if self.game == ALL_FIVES:
            return {2: 9, 3: 7, 4: 5}[self.players]
        return 7 if self.players == 2 else 5

    @property
    def target(self) -> int:
        """The score that wins (F9): All Fives 250 with 2 players, 200 with 3 or 4, 61 by
        fives; Fives and Threes exactly 61."""
        if self.game != ALL_FIVES or self.by_fives:
            return EXACT_TARGET
        return 250 if self.players == 2 else 200

    @property
    def exact(self) -> bool:
        """Whether the target must be reached exactly (F9: Fives and Threes)."""
        return self.game != ALL_FIVES

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each side: ((0, 2), (1, 3)) in partnerships, else one seat each."""
        return self._sides

    @property
    def num_sides(self) -> int:
        return len(self._sides)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` plays for (F1)."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r} at a table of {self.players}")
        return seat % 2 if self.partnerships else seat

    def points(self, total: int) -> int:
        """What an ends total scores (F7), divided by five when scoring by fives (F9)."""
        if self.game == ALL_FIVES:
            scored = all_fives_points(total)
            return scored // 5 if self.by_fives else scored
        return fives_and_threes_points(total)

    def counted(self, rounded: int) -> int:
        """End-of-hand points from pips already rounded to five (F8), by fives (F9)."""
        return rounded // 5 if self.by_fives else rounded

    # -- records ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "partnerships": self.partnerships,
            "reserve": self.reserve,
            "by_fives": self.by_fives,
        }

    @classmethod
    def from_dict(cls, data: Any) -> FivesRules:
        if not isinstance(data, dict):
            raise WordedError(N_("the rules of a Fives record are a JSON object"))
        try:
            return cls(
                game=data["game"],
                players=data["players"],
                partnerships=data.get("partnerships"),
                reserve=data.get("reserve", 0),
                by_fives=data.get("by_fives", False),
            )
        except KeyError as missing:
            raise WordedError(
                N_("the rules of a Fives record lack {key}"), key=str(missing)
            ) from None
