"""The Fives bots' measured strength in duplicate deals: expert − greedy and greedy − random,
and the people's levels, each against the one below (beginner − random, casual − beginner,
strong − casual, expert − strong).

Run: ``nice python -m benchmarks.fives_strength [DEALS] [ladder|baselines]`` (default 1,000
deals per pairing, every pairing; one process, about 20 minutes of one core for the
baselines with the expert's default budget). Not a ``bench_*`` module: ``make bench`` does
not run it.

For each game (All Fives, Fives and Threes), with 2 players (alone) and with 4 (two
partnerships seated opposite, F1), and each pairing, the arena plays every deal once per
seating (the entrants rotated through every seat: with 4, each pair of partners plays the
deal from both sides). A deal is one hand from 0-0; the margin is the first bot's side's
points minus the other side's, per deal, averaged over the seatings of its seed, with a
95% interval over the deals (``pegboard.arena.summarize``). Hands are counted won, drawn
or lost by the first bot's side, per play. The table is printed in docs/bots.md's format.
"""

from __future__ import annotations

import math
import sys
import time

from pegboard.arena import ArenaConfig, run_arena, summarize

SEED = 2026
GAMES = (("all-fives", "All Fives"), ("fives-and-threes", "Fives and Threes"))
BASELINES = (("expert", "greedy"), ("greedy", "random"))
LADDER = (
    ("beginner", "random"),
    ("casual", "beginner"),
    ("strong", "casual"),
    ("expert", "strong"),
)
PAIRINGS = {"baselines": BASELINES, "ladder": LADDER, "all": BASELINES + LADDER}


def measure(
    game: str, players: int, first: str, second: str, deals: int
) -> tuple[str, tuple[int, int, int]]:
    bots = (first, second) if players == 2 else (first, second, first, second)
    config = ArenaConfig(game, bots, deals=deals, duplicate=True, seed=SEED)
    start = time.process_time()
    results = run_arena(config)
    seconds = time.process_time() - start
    margin = summarize(config, results).margins[0].estimate  # entrant 0 - entrant 1
    won = sum(1 for r in results if r.points[0] > r.points[1])
    lost = sum(1 for r in results if r.points[0] < r.points[1])
    drawn = len(results) - won - lost
    seats = "2 alone" if players == 2 else "4, partnerships"
    row = (
        f"| {dict(GAMES)[game]} | {seats} | {first} − {second} | **{margin.mean:+.2f}** "
        f"| [{margin.low:+.2f}, {margin.high:+.2f}] | {won} / {drawn} / {lost} "
        f"| {seconds:.0f} s |"
    )
    return row, (won, drawn, lost)


def elo_gap(won: int, drawn: int, lost: int) -> float:
    """The Elo difference that a share of hands won (a drawn hand a half) stands for."""
    share = (won + drawn / 2) / (won + drawn + lost)
    return 400 * math.log10(share / (1 - share))


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    pairings = PAIRINGS[sys.argv[2] if len(sys.argv) > 2 else "all"]
    print(
        "| game | players | pairing | margin per deal | 95% CI | hands won / drawn / lost | CPU |"
    )
    print("|---|---|---|---|---|---|---|")
    for game, _name in GAMES:
        for players in (2, 4):
            elo = {"random": 1000.0}
            for first, second in pairings:
                row, hands = measure(game, players, first, second, deals)
                print(row, flush=True)
                if second in elo and (first, second) in LADDER:
                    elo[first] = elo[second] + elo_gap(*hands)
            if len(elo) > 1:
                ratings = ", ".join(f"{name} {rating:.0f}" for name, rating in elo.items())
                print(f"<!-- {game}, {players} players: Elo up the ladder: {ratings} -->")


if __name__ == "__main__":
    main()
