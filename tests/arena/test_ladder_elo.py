"""The Elo docs/bots.md gives up the bots' ladders, from arena results (benchmarks'
``elo_gap`` and ``bench_draw_expert --elo-up``): Elo's logistic curve, where an expected
score of 3/4 is 400·log10(3) = 190.8 points above the opponent and an even score 0."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from benchmarks.bench_draw_expert import elo_up
from benchmarks.fives_strength import elo_gap


def test_elo_gap_follows_elos_curve() -> None:
    assert elo_gap(3, 0, 1) == pytest.approx(400 * math.log10(3))
    assert elo_gap(2, 2, 0) == pytest.approx(400 * math.log10(3))  # a draw is a half
    assert elo_gap(5, 10, 5) == 0
    assert elo_gap(1, 0, 3) == pytest.approx(-400 * math.log10(3))


def _rung(path: Path, upper: str, lower: str, won: int, drawn: int, lost: int) -> str:
    def entrant(label: str, wins: int, losses: int) -> dict[str, object]:
        return {"label": label, "wins": wins, "draws": drawn, "losses": losses}

    path.write_text(json.dumps({"bots": [entrant(upper, won, lost), entrant(lower, lost, won)]}))
    return str(path)


def test_elo_up_a_ladder_adds_each_rungs_gap_to_the_one_below(tmp_path: Path) -> None:
    files = [
        _rung(tmp_path / "a.json", "beginner", "random", 30, 0, 10),
        _rung(tmp_path / "b.json", "casual", "beginner", 10, 20, 10),
        _rung(tmp_path / "c.json", "strong", "casual", 10, 0, 30),
    ]
    ratings = elo_up(files)
    three = 400 * math.log10(3)
    assert ratings == pytest.approx(
        {"random": 1000, "beginner": 1000 + three, "casual": 1000 + three, "strong": 1000}
    )
