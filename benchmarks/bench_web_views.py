"""What a move's broadcast costs in-process: every seat's view and a spectator's, the
updates and the JSON (``python -m benchmarks web_views``; issue 42).

Seeded matches of Draw for three and of cribbage (best of one) played at random to their
end; after every move the views of every seat and of a spectator are made as
``TableService.broadcast`` makes them (``views.view``), each turned into the ``update``
against the last one that reader got (``updates.update_of``) and encoded (``ws.encode``).
It reports the CPU time (``time.process_time``) of each part per move. No server, no
sockets, no database: the part of a move's cost that the views' caches change. To compare
two checkouts, run it with each one's ``src`` first on ``PYTHONPATH``, alternately.
"""

from __future__ import annotations

import random
import sys
import time
from typing import Any

from benchmarks import quick, save_results, table

GAMES: tuple[tuple[str, dict[str, Any], int], ...] = (
    ("draw", {"players": 3}, 3),
    ("cribbage", {"best_of": 1}, 2),
)


def play_match(game: str, config: dict[str, Any], seats: int, seed: int) -> list[float]:
    """Moves, then the seconds of the views, the updates and the JSON, over one match."""
    import pegboard.games
    from pegboard.web import views
    from pegboard.web.updates import update_of
    from pegboard.web.ws import encode

    description = pegboard.games.get(game)
    match = description.new_match(config, seed)
    names = [f"p{s}" for s in range(seats)]
    told: dict[int | None, dict[str, Any]] = {}
    rng = random.Random(seed)
    moves = 0
    spent = [0.0, 0.0, 0.0]
    while moves < 2000:
        turn: tuple[int, list[dict[str, str]]] | None = None
        for seat in [*range(seats), None]:
            start = time.process_time()
            view = views.view(match, game, seat, "en", names)
            state = {"type": "state", "seq": moves, "match": 1, "table": {}, "you": seat}
            state["view"] = view
            made = time.process_time()
            message = update_of(told[seat], state) if seat in told else state
            told[seat] = state
            diffed = time.process_time()
            encode(message)
            done = time.process_time()
            spent[0] += made - start
            spent[1] += diffed - made
            spent[2] += done - diffed
            if seat is not None and view["your_turn"]:
                turn = (seat, view["legal"])
        if turn is None:
            break
        seat, legal = turn
        description.play(match, seat, rng.choice(legal)["action"])
        moves += 1
    return [float(moves), *spent]


def main() -> None:
    repetitions = 2 if quick() else 5
    rows = []
    figures: dict[str, dict[str, float]] = {}
    for game, config, seats in GAMES:
        total = [0.0, 0.0, 0.0, 0.0]
        for rep in range(repetitions):
            for seed in range(3):  # every seed once: no cache is warm from a replay
                total = [
                    a + b
                    for a, b in zip(
                        total, play_match(game, config, seats, 100 * rep + seed), strict=True
                    )
                ]
        moves = total[0]
        per_move = {
            "moves": moves,
            "views_ms": 1000 * total[1] / moves,
            "updates_ms": 1000 * total[2] / moves,
            "json_ms": 1000 * total[3] / moves,
        }
        figures[game] = per_move
        rows.append(
            [
                f"{game}, {seats} seats and a spectator",
                f"{moves:.0f}",
                f"{per_move['views_ms']:.3f}",
                f"{per_move['updates_ms']:.3f}",
                f"{per_move['json_ms']:.3f}",
            ]
        )
    print(table(["CPU per move (ms)", "moves", "views", "updates", "JSON"], rows))
    path = save_results("web_views", {"figures": figures, "python": sys.version})
    print(f"saved {path.name}")


if __name__ == "__main__":
    main()
