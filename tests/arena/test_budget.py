"""A budget reaches a searching bot however it is built, and a bot that does not search
ignores it."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from pegboard.arena import ArenaConfig, run_arena
from pegboard.bots import RandomBot
from pegboard.bots.base import Searching
from pegboard.bots.budget import build, set_budget
from pegboard.core import Action, Observation
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.games import levels as registry


class Playouts:
    def __init__(self, budget: int = 100) -> None:
        self.budget = budget


def test_a_searching_bot_has_its_budget_set_after_building() -> None:
    assert isinstance(Playouts(), Searching)
    assert build(Playouts, 7).budget == 7
    assert build(Playouts, None).budget == 100


def test_every_searching_bot_of_the_registry_takes_a_budget() -> None:
    """The experts and ISMCTS are ``Searching``, whatever their own unit is called: the
    cribbage expert's budget is its determinizations."""
    expert = CribbageExpert(determinizations=24)
    set_budget(expert, 5)
    assert expert.determinizations == 5
    for game in ("draw", "cribbage"):
        bot = registry.make_bot(game, "expert", seed=0).bot
        assert isinstance(bot, Searching)
        set_budget(bot, 3)
        assert bot.budget == 3
    with pytest.raises(ValueError, match="at least one deal"):
        expert.budget = 0


def test_a_bot_that_does_not_search_ignores_the_budget() -> None:
    bot = RandomBot()
    set_budget(bot, 9)
    assert not hasattr(bot, "budget")


@pytest.mark.parametrize("budget", [0, -3, 1.5, True, "8"])
def test_a_bad_budget_is_refused(budget: Any) -> None:
    with pytest.raises(ValueError, match="budget"):
        set_budget(Playouts(), budget)


class Counting:
    """Remembers the budgets it was given; plays the first legal action."""

    name = "counting"
    budgets: ClassVar[list[int]] = []

    def __init__(self) -> None:
        self.budget = 1000

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        Counting.budgets.append(self.budget)
        return observation.legal_actions()[0]


def test_the_arena_gives_every_bot_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._FACTORIES["draw"], "counting", Counting)
    monkeypatch.setattr(Counting, "budgets", [])
    run_arena(ArenaConfig("draw", ("counting", "random"), deals=4, budget=3))
    assert Counting.budgets and set(Counting.budgets) == {3}
