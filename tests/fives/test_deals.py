"""The Fives family in the arena: duplicate deals swap the partnerships' sides; a tiny
match runs."""

from __future__ import annotations

import pytest

from pegboard.arena import ArenaConfig, plan, run_arena, summarize
from pegboard.fives.rules import GAMES


def test_f1_duplicate_puts_each_pair_of_partners_on_both_sides() -> None:
    config = ArenaConfig(
        "all-fives", ("expert", "greedy", "expert", "greedy"), deals=2, duplicate=True
    )
    for deal in range(2):
        tasks = [t for t in plan(config) if t.deal == deal]
        sides_of_first = set()
        for task in tasks:
            seats = [seat for seat, entrant in enumerate(task.seating) if entrant in (0, 2)]
            assert (seats[1] - seats[0]) % 2 == 0  # partners sit opposite (F1)
            sides_of_first.add(seats[0] % 2)
        assert sides_of_first == {0, 1}
        assert len({t.seed for t in tasks}) == 1  # the same deal in every seating


@pytest.mark.parametrize("game", GAMES)
def test_a_tiny_duplicate_match_runs_and_scores_partners_alike(game: str) -> None:
    config = ArenaConfig(game, ("greedy", "random", "greedy", "random"), deals=2, duplicate=True)
    results = run_arena(config)
    assert len(results) == 8
    for result in results:
        assert result.points[0] == result.points[2] and result.points[1] == result.points[3]
    assert summarize(config, results).margins
