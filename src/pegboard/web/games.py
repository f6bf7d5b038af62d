"""The per-game adapter of the server: a match from its seed and settings, a replay of its
log, the seat check, and one action applied from its notation.

The server knows two games; everything game-specific that the service needs is here, so
that the service handles a Draw table and a cribbage table alike. Errors are the engine's
``IllegalActionError`` (message and rule kept) or ``OutOfTurnError`` (one of them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from pegboard.core import IllegalActionError
from pegboard.cribbage import CribbageMatch
from pegboard.draw import Match, check_target
from pegboard.draw.round import check_players

GAMES: Final = ("draw", "cribbage")
BEST_OF: Final = (1, 3, 5, 7)
"""The match lengths the lobby offers for cribbage."""

AnyMatch = Match | CribbageMatch


class OutOfTurnError(IllegalActionError):
    """A seat that acts when it is not its turn (or when the match is over)."""


class ConfigError(ValueError):
    """A table setting the game does not allow; ``field`` names it (for a translated
    message: the lobby words it for the user)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def check_config(game: str, config: Mapping[str, Any]) -> dict[str, Any]:
    """The settings of a new table of ``game``, checked and completed; ``ValueError``
    naming the problem otherwise. Draw: ``players`` 2-4 (D1) and ``target`` (null: the
    rules' 100 or 61, D17; at most ``MAX_TARGET``); cribbage: ``best_of`` 1, 3, 5 or 7
    (2 players, C1)."""
    if game == "draw":
        players = config.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ConfigError("players", f"players is a whole number from 2 to 4, not {players!r}")
        try:
            check_players(players)
        except ValueError as error:
            raise ConfigError("players", str(error)) from None
        target = config.get("target")
        if target is not None:
            try:
                check_target(target)
            except ValueError as error:
                raise ConfigError("target", str(error)) from None
        return {"players": players, "target": target}
    if game == "cribbage":
        best_of = config.get("best_of", 3)
        if best_of not in BEST_OF or isinstance(best_of, bool):
            raise ConfigError(
                "best_of", f"best_of is one of {', '.join(map(str, BEST_OF))}, not {best_of!r}"
            )
        players = config.get("players", 2)
        if players != 2:
            raise ConfigError("players", f"cribbage here is for two players, not {players!r} (C1)")
        return {"players": 2, "best_of": best_of}
    raise ConfigError("game", f"no game {game!r}; the games are {', '.join(GAMES)}")


def players_of(game: str, config: Mapping[str, Any]) -> int:
    return 2 if game == "cribbage" else int(config["players"])


def new_match(game: str, config: Mapping[str, Any], seed: int) -> AnyMatch:
    """A new match of ``game`` whose every shuffle comes from ``seed``."""
    if game == "draw":
        return Match(int(config["players"]), seed=seed, target=config.get("target"))
    if game == "cribbage":
        return CribbageMatch(best_of=int(config["best_of"]), seed=seed)
    raise ValueError(f"no game {game!r}; the games are {', '.join(GAMES)}")


def check_seat(match: AnyMatch, seat: int) -> None:
    """``OutOfTurnError`` unless ``seat`` is the seat to act."""
    current = match.current_player
    if current is None:
        rule = "D17" if isinstance(match, Match) else "C7"
        raise OutOfTurnError("the match is over", rule)
    if seat != current:
        raise OutOfTurnError(f"it is seat {current}'s turn, not seat {seat}'s")


def apply(match: AnyMatch, seat: int, text: str) -> str:
    """Play ``text`` (the game's notation) for ``seat``; the action's own notation back.

    Raises ``OutOfTurnError`` when it is not ``seat``'s turn, ``IllegalActionError`` (its
    rule named) when the rules forbid the action, ``ValueError`` when ``text`` is no action
    at all; in every case the match is unchanged.
    """
    check_seat(match, seat)
    if isinstance(match, Match):
        draw_action = match.parse_action(text)
        match.apply(draw_action)
        return str(draw_action)
    cribbage_action = match.parse_action(text)
    match.apply(cribbage_action, seat=seat)
    return str(cribbage_action)


def replay(
    game: str, config: Mapping[str, Any], seed: int, actions: Iterable[tuple[int, str]]
) -> AnyMatch:
    """The match rebuilt from its seed and its log of ``(seat, action)``, in order.

    A log that does not replay (an action out of turn or illegal) raises, as it can only
    mean a corrupted database.
    """
    match = new_match(game, config, seed)
    for seat, text in actions:
        apply(match, seat, text)
    return match
