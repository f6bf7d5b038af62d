"""An arena entrant ``LEVEL@N``: the level with a budget of its own, so that one level can
meet itself at several budgets (the Draw expert's curve, docs/bots.md)."""

from __future__ import annotations

from typing import Any

import pytest

from pegboard.arena import ArenaConfig, run_arena
from pegboard.arena import deals as arena_deals
from pegboard.arena.deals import entrant


def test_an_entrant_is_a_level_with_or_without_its_own_budget() -> None:
    assert entrant("expert") == ("expert", None)
    assert entrant("expert@2400") == ("expert", 2400)
    for bad in ("expert@", "expert@0", "expert@-3", "expert@1.5", "expert@x"):
        with pytest.raises(ValueError, match="budget"):
            entrant(bad)


def test_the_config_checks_the_level_of_an_entrant_with_a_budget() -> None:
    config = ArenaConfig("draw", ("expert@30", "expert"), deals=1, duplicate=True)
    assert config.labels == ("expert@30", "expert")
    with pytest.raises(ValueError, match="no 'genius' bot"):
        ArenaConfig("draw", ("genius@30", "expert"), deals=1)


def test_each_entrant_gets_its_own_budget_and_the_others_the_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given: list[tuple[str, int | None]] = []

    def record(bot: Any, budget: int | None) -> None:
        given.append((type(bot).__name__, budget))
        if budget is not None:
            bot.budget = budget

    monkeypatch.setattr(arena_deals, "set_budget", record)
    config = ArenaConfig("draw", ("strong@7", "strong"), deals=1, duplicate=True, budget=5)
    results = run_arena(config)
    assert len(results) == 2
    assert sorted(given) == [("StrongBot", 5), ("StrongBot", 5), ("StrongBot", 7), ("StrongBot", 7)]
