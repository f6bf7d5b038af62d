"""The replay page of a long finished match (issue 33): what ``GET /m/TABLE-N?at=K`` costs.

Run: ``.venv/bin/python -m benchmarks replays`` (``--quick``: fewer requests). It stores a
long finished match (Draw for two to 500 points, played by random bots: several hundred
moves) in a fresh SQLite database, and times the replay page through the app itself
(Starlette's TestClient, in this process: no network), as the median of repeated requests:

* ``cold``: each request with the app's replay cache emptied first (what every request
  cost before the cache: the match read, replayed to move K and viewed for every seat),
* ``warm``: the same request again (the cache's answer),

at the deal (K = 0), halfway and at the last move (the default page), in English, then the
halfway page in each other language once cold and once warm. On a version of the app with
no cache, ``cold`` and ``warm`` are alike. The figures are saved under
``benchmarks/results/``.
"""

from __future__ import annotations

import statistics
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

from benchmarks import quick, save_results, table

SEED = 33


def long_match(db_url: str) -> tuple[str, int]:
    """A finished Draw match to 500 points between random bots, stored: its address and
    its number of moves."""
    import pegboard.games
    from pegboard.games import make_bot
    from pegboard.web import games
    from pegboard.web.db import make_engine, upgrade
    from pegboard.web.records import NewAction, SeatInfo, TableRecord
    from pegboard.web.store import Store

    config = pegboard.games.get("draw").check_options({"players": 2, "target": 500})
    game = pegboard.games.get("draw")
    match = pegboard.games.get("draw").new_match(config, SEED)
    bots = [make_bot("draw", "random", seed=SEED + seat) for seat in range(2)]
    log: list[tuple[int, str]] = []
    while not match.is_over:
        seat = match.current_player
        log.append((seat, game.play(match, seat, str(bots[seat].act(match.observation(seat))))))
    engine = make_engine(db_url)
    upgrade(engine)
    store = Store(engine)
    seats = [SeatInfo(0, "human", name="Ana", claimed=True), SeatInfo(1, "human", name="Bia")]
    record = TableRecord("Bench00001", "draw", config, "playing", 1, SEED, seats)
    store.create_table(record)
    standings = games.standings(match, pegboard.games.get("draw"))
    store.add_actions(
        [
            NewAction(
                record.id,
                1,
                seq,
                seat,
                action,
                "over" if seq == len(log) else "playing",
                standings if seq == len(log) else None,
            )
            for seq, (seat, action) in enumerate(log, start=1)
        ]
    )
    engine.dispose()
    return f"/m/{record.id}-1", len(log)


def timed(client: Any, path: str, cold: bool) -> float:
    cache = getattr(client.app.state, "replay_cache", None)
    if cold and cache is not None:
        cache.clear()
    start = time.perf_counter()
    answer = client.get(path)
    elapsed = time.perf_counter() - start
    assert answer.status_code == 200, answer.text[:200]
    return elapsed


def main() -> None:
    warnings.filterwarnings("ignore", message=".*httpx2.*")
    from fastapi.testclient import TestClient

    from pegboard.web.app import create_app
    from pegboard.web.limits import Limits

    repeats = 5 if quick() else 25
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'replays.db'}"
        address, moves = long_match(url)
        limits = Limits(pages_rate="100000/minute")  # every request read, none refused
        with TestClient(create_app(url, bot_delay=0, limits=limits)) as client:
            results: dict[str, dict[str, float]] = {}
            rows = []
            for at in (0, moves // 2, None):
                path = address if at is None else f"{address}?at={at}"
                label = "last" if at is None else f"at={at}"
                times: dict[str, list[float]] = {"cold": [], "warm": []}
                for _ in range(repeats):  # interleaved: a noisy machine hurts both alike
                    times["cold"].append(timed(client, path, cold=True))
                    times["warm"].append(timed(client, path, cold=False))
                cold = statistics.median(times["cold"]) * 1000
                warm = statistics.median(times["warm"]) * 1000
                results[label] = {"cold_ms": cold, "warm_ms": warm}
                rows.append([label, f"{cold:.1f}", f"{warm:.2f}", f"{cold / warm:.0f}x"])
            for lang in ("pt", "zh", "hi"):
                path = f"{address}?at={moves // 2}&lang={lang}"
                cold = timed(client, path, cold=True) * 1000
                warm = timed(client, path, cold=False) * 1000
                results[f"half-{lang}"] = {"cold_ms": cold, "warm_ms": warm}
                rows.append([f"at={moves // 2} {lang}", f"{cold:.1f}", f"{warm:.2f}", "(once)"])
    print(f"A Draw match to 500 of {moves} moves; the replay page, median of {repeats}:")
    print(table(["page", "cold ms", "warm ms", "ratio"], rows))
    saved = save_results("replays", {"moves": moves, "repeats": repeats, "pages": results})
    print(f"saved {saved}")


if __name__ == "__main__":
    main()
