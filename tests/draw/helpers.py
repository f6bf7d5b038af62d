"""Small helpers shared by the Draw tests (public API only, so they run on every core)."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

from pegboard.draw import End, Line, Match, Round, Tile


def T(text: str) -> Tile:  # noqa: N802  (short, like the notation)
    return Tile.parse(text)


def tiles(texts: str) -> list[Tile]:
    """``"1-2 3-4"`` -> [Tile(1, 2), Tile(3, 4)]."""
    return [Tile.parse(t) for t in texts.split()]


def E(text: str) -> End:  # noqa: N802
    return End.parse(text)


def line_of(*plays: tuple[str, str | None]) -> Line:
    return Line.from_plays([(T(t), None if e is None else E(e)) for t, e in plays])


def position(
    hands: Sequence[str],
    stock: str = "",
    current: int = 0,
    line: Iterable[tuple[str, str | None]] = (),
) -> Round:
    """A Round from readable text: hands and stock as ``"1-2 3-4"``; line as plays."""
    return Round.from_position(
        [tiles(h) for h in hands],
        tiles(stock),
        current=current,
        line=line_of(*line),
    )


def snapshot(round_: Round) -> str:
    """Everything observable about a round, as one comparable string."""
    state: dict[str, Any] = {
        "record": round_.to_record(),
        "observations": [round_.observation(s).to_dict() for s in range(round_.num_players)],
        "hands": [[str(t) for t in h] for h in round_.hands],
        "stock": [str(t) for t in round_.stock],
        "legal": [str(a) for a in round_.legal_actions()],
        "current": round_.current_player,
        "line": round_.line.describe("en"),
        "over": round_.is_over,
    }
    return json.dumps(state, sort_keys=True)


def play_out(game: Round | Match, rng: random.Random, limit: int = 10_000) -> int:
    """Play random legal actions until the game is over; return the number of actions."""
    steps = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        assert steps <= limit, "the game does not end"
    return steps
