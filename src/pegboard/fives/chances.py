"""The chances of winning a match of All Fives or Fives and Threes read from the tables
(issue 37, docs/odds.md): between hands, from the sides' scores and the next leader
(``side_chances``). Plain Python, below the bots (the match expert reads them as its
playouts end); the tables' making is ``pegboard.fives.odds``'s."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Final

from pegboard.core import N_
from pegboard.fives.rules import ALL_FIVES, EXACT_TARGET, FivesRules, GameName
from pegboard.games.tables import TablesError, read_tables

SCALE: Final = 100_000
"""Probabilities are stored as integers of 1/SCALE: the same JSON on every machine."""


def data_path(game: GameName) -> Path:
    """The game's data file, beside this module (``all-fives.odds.json.gz``)."""
    return Path(__file__).with_name(f"{game}.odds.json.gz")


def unit_of(game: GameName, target: int) -> int:
    """A match's score per step of a table: All Fives scores in fives (5 points a step; by
    fives a score is already divided by five: 1), Fives and Threes in points."""
    return 5 if game == ALL_FIVES and target != EXACT_TARGET else 1


def table_name(configuration: str, target: int) -> str:
    """A table's key in the data file: its configuration and its target ("3-reserve/200")."""
    return f"{configuration}/{target}"


def configuration_of(rules: FivesRules) -> str:
    """The configuration a match's rules are sampled as."""
    name = str(rules.players) + ("-partners" if rules.partnerships else "")
    return name + ("-reserve" if rules.reserve else "")


@cache
def _tables(path: Path) -> dict[str, tuple[int, ...]]:
    """The tables of a data file, each flat in units of 1/SCALE (read once; plain Python:
    a server reads them without NumPy, which only their making needs)."""
    data = read_tables(path)
    return {name: tuple(values) for name, values in data["tables"].items() if name != "error"}


def reached(rules: FivesRules, score: int) -> bool:
    """Whether a side's score wins (F9: All Fives at or past the target, Fives and Threes
    exactly)."""
    return score == rules.target if rules.exact else score >= rules.target


def finished(rules: FivesRules, side_scores: Sequence[int]) -> list[float] | None:
    """Per side, 1 for the side that won and 0 for the others, when a side has reached the
    target (F9: of two tied sides sharing a blocked hand's pips, the higher; equal, a draw:
    nobody); None while nobody has."""
    at = [score for score in side_scores if reached(rules, score)]
    if not at:
        return None
    best = max(at)
    alone = side_scores.count(best) == 1
    return [1.0 if alone and score == best else 0.0 for score in side_scores]


def field_score(others: Sequence[int]) -> int:
    """The score a seat's opponents are looked up at in a table of three or four alone:
    two thirds of the best one's and a third of their mean (the other opponent's, with
    two sides). The tables take every opponent at one score; of the statistics tried
    against whole matches of the same hands, each seat with its own score
    (``python -m benchmarks.fives_odds_field``), the mean understates a leader's threat
    and the best score alone overstates it; this blend came closest (docs/odds.md)."""
    best, mean = max(others), sum(others) // len(others)
    return (2 * best + mean) // 3


def side_chances(
    path: Path, rules: FivesRules, side_scores: Sequence[int], leader: int | None
) -> list[float]:
    """Per side, its chance of winning from the state between hands: the sides' scores and
    the seat to lead the next hand (None: a new lot will find them, every seat alike)."""
    over = finished(rules, side_scores)
    if over is not None:
        return over
    if leader is None:
        each = [side_chances(path, rules, side_scores, seat) for seat in range(rules.players)]
        return [sum(column) / rules.players for column in zip(*each, strict=True)]
    name = table_name(configuration_of(rules), rules.target)
    flat = _tables(path).get(name)
    if flat is None:
        raise TablesError(
            N_("no table of the chances of winning for {table} in {game}"),
            table=name,
            game=rules.game,
        )
    unit = unit_of(rules.game, rules.target)
    steps = rules.target // unit
    sides = rules.num_sides
    first = rules.side_of(leader)
    steps_of = [score // unit for score in side_scores]
    chances = []
    for side in range(sides):
        others = [steps_of[other] for other in range(sides) if other != side]
        field = field_score(others)
        place = (side - first) % sides
        # The flat table's index of [place, own steps, field steps] (C order).
        chances.append(flat[(place * steps + steps_of[side]) * steps + field] / SCALE)
    total = sum(chances)
    if sides > 2 and total > 0:  # each side's chance is against a field of its own
        chances = [chance / total for chance in chances]
    return chances
