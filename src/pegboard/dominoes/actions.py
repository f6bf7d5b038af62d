"""The actions of a domino turn (D4, F4): play a tile, draw from the stock, or pass (a
knock, in Fives and Threes).

Each action is an immutable, hashable value with a short notation that ``parse_action``
reads back: ``1-4`` (open the line with [1|4]), ``3-4@4-4B`` (play [3|4] on side B of
[4|4]), ``draw`` and ``pass``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pegboard.core.errors import N_, IllegalActionError, WordedError
from pegboard.dominoes.line import End, Line
from pegboard.dominoes.tiles import Tile


class Play:
    """Place ``tile`` on the open ``end`` (``end`` is ``None`` for the opening tile)."""

    __slots__ = ("end", "tile")

    tile: Tile
    end: End | None

    def __new__(cls, tile: Tile, end: End | None = None) -> Play:
        # Interned: legal_actions hands out the same objects every time, cheaply.
        try:
            return _PLAYS[(tile, end)]
        except KeyError:
            pass
        if not isinstance(tile, Tile) or not (end is None or isinstance(end, End)):
            raise TypeError("Play takes a Tile and an End (or None for the opening tile)")
        play = object.__new__(cls)
        object.__setattr__(play, "tile", tile)
        object.__setattr__(play, "end", end)
        _PLAYS[(tile, end)] = play
        return play

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Play is immutable")

    def __reduce__(self) -> tuple[type[Play], tuple[Tile, End | None]]:
        return (Play, (self.tile, self.end))

    def __str__(self) -> str:
        text = f"{self.tile.low}-{self.tile.high}"
        return text if self.end is None else f"{text}@{self.end.notation}"

    def __repr__(self) -> str:
        return f"Play({self.tile!r}, {self.end!r})"


_PLAYS: dict[tuple[Tile, End | None], Play] = {}


class DrawTile:
    """Draw one tile from the stock (D6, D7); the turn goes on."""

    __slots__ = ()
    _instance: DrawTile | None = None

    def __new__(cls) -> DrawTile:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "draw"

    def __repr__(self) -> str:
        return "DrawTile()"

    def __reduce__(self) -> tuple[type[DrawTile], tuple[()]]:
        return (DrawTile, ())


class Pass:
    """Pass, allowed only to a player who can neither play nor draw (D8)."""

    __slots__ = ()
    _instance: Pass | None = None

    def __new__(cls) -> Pass:
        if cls._instance is None:
            cls._instance = object.__new__(cls)
        return cls._instance

    def __str__(self) -> str:
        return "pass"

    def __repr__(self) -> str:
        return "Pass()"

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        return (Pass, ())


Action = Play | DrawTile | Pass

DRAW: Final = DrawTile()
PASS: Final = Pass()

_WORDS: Final[dict[str, Action]] = {"draw": DRAW, "d": DRAW, "pass": PASS, "p": PASS}


def parse_action(text: str) -> Action:
    """Read an action's notation: ``1-4``, ``3-4@4-4B``, ``[3|4]@[4|4]B``, ``draw``, ``pass``."""
    if not isinstance(text, str):
        raise WordedError(
            N_("an action is text like 3-4@4-4B, draw or pass, not {text!r}"), text=text
        )
    cleaned = text.strip()
    word = _WORDS.get(cleaned.lower())
    if word is not None:
        return word
    tile_text, at, end_text = cleaned.partition("@")
    try:
        tile = Tile.parse(tile_text)
        end = End.parse(end_text) if at else None
    except ValueError as error:
        raise WordedError(
            N_(
                "cannot read {text!r} as a move: {reason}. Write a play as 3-4@4-4B "
                "(tile @ end), the opening tile as 3-4, or draw, or pass"
            ),
            text=text,
            reason=error,
        ) from None
    return Play(tile, end)


def with_its_end(action: Action, line: Line, no_fit: str, values: Sequence[int]) -> Action:
    """``action``, a tile written without its end (``3-4``), completed with the one open
    end of ``line`` it fits; ``IllegalActionError`` (D5) when it fits none (worded by
    ``no_fit``, with the open ``values``) or several (naming one as an example). Any other
    action, and the lead, as it is."""
    if not isinstance(action, Play) or action.end is not None or line.is_empty:
        return action
    fitting = [e for e in line.open_ends() if action.tile.has(e.value)]
    if len(fitting) == 1:
        return Play(action.tile, fitting[0])
    if not fitting:
        raise IllegalActionError(
            no_fit, "D5", tile=action.tile, values=", ".join(str(v) for v in values)
        )
    raise IllegalActionError(
        N_("{tile} fits more than one end: say which, e.g. {example}"),
        "D5",
        tile=action.tile,
        example=Play(action.tile, fitting[0]),
    )
