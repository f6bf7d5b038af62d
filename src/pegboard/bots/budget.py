"""Giving a bot or an analyser a search budget: the ``budget`` of the bot's interface.

Bots are registered as factories without arguments (``register_bot(game, level,
factory)``), so a budget reaches a bot after it is built: a bot that searches is
``Searching`` (``pegboard.bots.base``), whose ``budget`` may be set; a bot that does not
search (random, greedy) has none and ignores the budget. A budget counts playouts, deals
searched, or whatever unit the bot documents.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pegboard.bots.base import Searching


def build(factory: Callable[[], Any], budget: int | None) -> Any:
    """``factory()``, with ``budget`` set when there is one."""
    built = factory()
    set_budget(built, budget)
    return built


def set_budget(bot: Any, budget: int | None) -> None:
    """Set the bot's budget when it searches; a bot that does not search ignores it."""
    if budget is None:
        return
    check_budget(budget)
    if isinstance(bot, Searching):
        bot.budget = budget


def check_budget(budget: object) -> None:
    if not isinstance(budget, int) or isinstance(budget, bool) or budget < 1:
        raise ValueError(f"a budget is a whole number of at least 1, not {budget!r}")
