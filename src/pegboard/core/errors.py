"""Errors shared by every game."""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action that the rules forbid in this position.

    ``rule`` is the number of the rule in ``RULES.md`` that forbids it (``"D8"``, ``"C4"``),
    and the message names it, so that a client can show it as it is. Raising it leaves the
    position unchanged.
    """

    def __init__(self, message: str, rule: str | None = None) -> None:
        self.rule = rule
        self.reason = message
        super().__init__(f"{message} ({rule})" if rule else message)


class RecordError(ValueError):
    """A record that cannot be read: wrong format, unknown version, or a replay that fails."""
