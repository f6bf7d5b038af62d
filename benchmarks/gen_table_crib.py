"""Generate ``src/pegboard/cribbage/bots/table_crib.py``: the crib's value of each rank laid
away among three (C8) and four in partnerships (C9), the other seats laying away as the
expert would.

    .venv/bin/python benchmarks/gen_table_crib.py            # writes the table module
    .venv/bin/python benchmarks/gen_table_crib.py --check    # recomputes two cells exactly

The model is the two-player table's (``benchmarks/gen_crib_table.py``), estimated by Monte
Carlo instead of enumerated: there the other seat's six cards are one suitless hand of
18,395, here two or three other hands share the deck with the pack's card, too many joint
deals to enumerate on two shared cores.

- A cell is (table, whose crib, rank laid): at three, the seat's own crib (it deals; both
  others lay into an opponent's) or an opponent's (one other seat deals, one does not); at
  four, its side's crib (the partner lays into it too, both opponents into an opponent's)
  or the other side's (the reverse). A partner's crib is the side's, so one table serves
  the seat that deals and its partner (C9).
- Each sample deals a card of that rank (a random suit) to the seat, five cards to each
  other seat from the other 51, then the pack's card (at three) and the starter from the
  cards left; each other seat lays away the card of ``quick_lay_values`` (the kept four
  by rank over the starter, a four-card flush and nobs at their rates) plus the stored
  crib value of the card's rank for its own side's crib, less it for an opponent's (the
  first such card in deck order on a tie): as the expert does, blind to the pegging.
  The crib (the four cards and the starter) is scored exactly by the engine (C6: flush of
  five only, nobs).
- The tables depend on each other through the seats' rule, so they are iterated from the
  uniform seat (``UNIFORM``: every other seat lays away any of its five alike), each step
  half way to the new estimate, ``STEPS`` times on ``STEP_SAMPLES`` deals a cell; then
  the ``POLICY`` tables (the last iterate, rounded to six decimals) give the final
  estimate over ``SAMPLES`` deals a cell, stored with its standard error (``SE``: the
  samples' standard deviation over the square root of their number).

Every cell draws its deals from its own seeded stream (a string of the table, the crib's
side, the rank and the pass), so a cell is recomputed alone exactly (``--check`` and
tests/cribbage/bots/test_table_bots_levels.py do it).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Sequence
from pathlib import Path

from pegboard.cribbage.bots.lay_away import quick_lay_values
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.scoring import score_hand

SAMPLES = 20_000
"""Deals a cell of the final tables (their standard error about 0.03 points)."""
STEP_SAMPLES = 3_000
STEPS = 4
DAMPING = 0.5

OUT = (
    Path(__file__).resolve().parent.parent
    / "src"
    / "pegboard"
    / "cribbage"
    / "bots"
    / "table_crib.py"
)

Tables = dict[tuple[int, bool], list[float]]
"""(players, the seat's side's crib) -> the mean crib per rank laid (1-13 at 0-12)."""


def _lays(
    five: Sequence[Card], crib: Sequence[float] | None, own: bool, rng: random.Random
) -> Card:
    if crib is None:
        return five[rng.randrange(5)]
    values = quick_lay_values(sorted(five, key=lambda c: c.index), crib, own)
    return max(values, key=lambda value: value[1])[0]


def cell(
    players: int, own: bool, rank: int, tables: Tables | None, samples: int, tag: str
) -> tuple[float, float]:
    """The mean crib (and its standard error) when the seat lays a card of ``rank``, the
    other seats laying away by ``tables`` (uniformly when None), over ``samples`` deals."""
    rng = random.Random(f"{players}:{int(own)}:{rank}:{tag}")
    ours = [c for c in DECK if c.rank == rank]
    # The other seats in turn: does the crib count for that seat's side?
    if players == 3:
        others = [False, False] if own else [True, False]
    else:
        others = [True, False, False] if own else [False, True, True]
    total = 0.0
    squares = 0.0
    for _ in range(samples):
        mine = ours[rng.randrange(4)]
        deck = [c for c in DECK if c is not mine]
        rng.shuffle(deck)
        crib = [mine]
        for k, theirs in enumerate(others):
            five = deck[5 * k : 5 * k + 5]
            table = None if tables is None else tables[(players, theirs)]
            crib.append(_lays(five, table, theirs, rng))
        rest = deck[5 * len(others) :]
        if players == 3:
            crib.append(rest[0])
        starter = rest[-1]
        points = score_hand(crib, starter, is_crib=True)
        total += points
        squares += points * points
    mean = total / samples
    variance = (squares - samples * mean * mean) / (samples - 1)
    return mean, math.sqrt(max(variance, 0.0) / samples)


def step(tables: Tables | None, samples: int, tag: str) -> tuple[Tables, Tables]:
    """Every cell's mean and standard error, the other seats laying away by ``tables``."""
    means: Tables = {}
    errors: Tables = {}
    for players in (3, 4):
        for own in (True, False):
            row = [cell(players, own, rank, tables, samples, tag) for rank in range(1, 14)]
            means[(players, own)] = [m for m, _ in row]
            errors[(players, own)] = [e for _, e in row]
    return means, errors


def _rounded(tables: Tables) -> Tables:
    return {key: [float(f"{v:.6f}") for v in row] for key, row in tables.items()}


def solve(samples: int = SAMPLES, step_samples: int = STEP_SAMPLES) -> dict[str, Tables]:
    """The uniform tables, the iterated policy and the final estimate with its errors."""
    uniform, uniform_se = step(None, samples, "uniform")
    policy = _rounded(uniform)
    for k in range(STEPS):
        new, _ = step(policy, step_samples, f"step{k}")
        change = max(abs(a - b) for key in new for a, b in zip(new[key], policy[key], strict=True))
        print(f"step {k + 1}: largest change {change:.3f}", file=sys.stderr)
        policy = _rounded(
            {
                key: [p + DAMPING * (n - p) for p, n in zip(policy[key], new[key], strict=True)]
                for key in new
            }
        )
    final, final_se = step(policy, samples, "final")
    return {
        "final": final,
        "se": final_se,
        "policy": policy,
        "uniform": uniform,
        "uniform_se": uniform_se,
    }


NAMES = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def render(result: dict[str, Tables]) -> str:
    lines = [
        '"""The crib\'s value of each rank laid away among three (C8) and four in partnerships',
        "(C9): generated by ``benchmarks/gen_table_crib.py`` (do not edit; its docstring gives",
        "the model). A Monte Carlo estimate: each value's standard error is beside it.",
        "",
        "``OWN3[r - 1]`` is the mean crib (four cards and the starter, C6) when the dealer lays",
        "a card of rank ``r`` in its own crib at three, the two others laying away as the",
        "expert would; ``OPP3`` when a non-dealer lays it in the dealer's. ``OWN4``: at four",
        "the seat's side's crib (its own or its partner's), ``OPP4`` the other side's.",
        "``POLICY_*`` are the values the modelled seats laid away by in the final estimate;",
        "``UNIFORM3``/``UNIFORM4`` the crib when every other seat lays any card alike.",
        f"Deals per cell: {SAMPLES}.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        f"SAMPLES = {SAMPLES}",
        "",
    ]

    def table(name: str, values: Sequence[float]) -> None:
        lines.append(f"{name}: tuple[float, ...] = (")
        lines.extend(f"    {v:.6f},  # {n}" for v, n in zip(values, NAMES, strict=True))
        lines.append(")")

    for players in (3, 4):
        for own, word in ((True, "OWN"), (False, "OPP")):
            table(f"{word}{players}", result["final"][(players, own)])
            table(f"{word}{players}_SE", result["se"][(players, own)])
            table(f"POLICY_{word}{players}", result["policy"][(players, own)])
        table(f"UNIFORM{players}", result["uniform"][(players, True)])
        table(f"UNIFORM{players}_SE", result["uniform_se"][(players, True)])
    return "\n".join(lines) + "\n"


def stored_policy() -> Tables:
    """The stored ``POLICY_*`` tables, as ``cell`` takes them."""
    from pegboard.cribbage.bots import table_crib as t

    return {
        (3, True): list(t.POLICY_OWN3),
        (3, False): list(t.POLICY_OPP3),
        (4, True): list(t.POLICY_OWN4),
        (4, False): list(t.POLICY_OPP4),
    }


def check_cell(players: int, own: bool, rank: int) -> tuple[float, float]:
    """A stored cell of the final tables recomputed from the stored policy, and the stored
    value, both rounded as stored."""
    from pegboard.cribbage.bots import table_crib as t

    mean, _ = cell(players, own, rank, stored_policy(), t.SAMPLES, "final")
    name = f"{'OWN' if own else 'OPP'}{players}"
    stored: Sequence[float] = getattr(t, name)
    return float(f"{mean:.6f}"), stored[rank - 1]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="recompute two stored cells")
    args = parser.parse_args(argv)
    if args.check:
        cells = [(3, True, 5), (4, False, 5)]
        same = True
        for players, own, rank in cells:
            new, old = check_cell(players, own, rank)
            print(
                f"{players} players, {'own' if own else 'opponent'} crib, "
                f"{NAMES[rank - 1]}: {new} {old}"
            )
            same = same and new == old
        print("the stored table is up to date" if same else "the stored table differs")
        return 0 if same else 1
    OUT.write_text(render(solve()))
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
