"""Giving a bot or an analyser a search budget, whatever its constructor looks like.

Bots are registered as factories without arguments (``register_bot(game, level,
factory)``), so a budget reaches a bot in one of two ways: a factory that takes a
``budget`` keyword gets it there; otherwise a bot with a ``budget`` attribute (or one of
the other names in ``BUDGET_NAMES``) has it set after it is built. A bot that does not
search (random, greedy) has none of them and ignores the budget. A budget counts
playouts, deals searched, or whatever unit the bot documents.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Final

BUDGET_NAMES: Final = ("budget", "playouts", "determinizations", "simulations", "iterations")
"""Attributes that hold a bot's search budget, the first one a bot has is set."""


def accepts_budget(factory: Callable[..., Any]) -> bool:
    """Whether ``factory`` takes a ``budget`` keyword."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature
        return False
    return any(p.name == "budget" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)


def build(factory: Callable[..., Any], budget: int | None) -> Any:
    """``factory()``, with ``budget`` passed or set when there is one."""
    if budget is None:
        return factory()
    check_budget(budget)
    if accepts_budget(factory):
        return factory(budget=budget)
    built = factory()
    set_budget(built, budget)
    return built


def set_budget(bot: Any, budget: int | None) -> None:
    """Set the bot's budget attribute when it has one; a bot that does not search ignores
    it."""
    if budget is None:
        return
    check_budget(budget)
    for name in BUDGET_NAMES:
        if hasattr(bot, name):
            setattr(bot, name, budget)
            return


def check_budget(budget: object) -> None:
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"a budget is a whole number of at least 1, not {budget!r}")
