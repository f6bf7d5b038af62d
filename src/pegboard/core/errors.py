"""Errors shared by every game.

The rules keep no locale (docs/architecture.md: only the surfaces translate), yet their refusals
reach players. So an error keeps its message as a *template* marked with ``N_`` (which
does nothing at run time; it puts the template in the gettext catalogs) and the values
that fill it as *fields*; ``str(error)`` is the English text, and a surface translates the
template and fills in the same fields (``pegboard.i18n.describe_error``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any


def N_(message: str) -> str:  # noqa: N802 - the conventional name that extractors know
    """Mark ``message`` for the catalogs; it stays as it is (translated where it is shown)."""
    return message


class Words(tuple[str, ...]):
    """A field naming several things, joined by "and" or "or" in the reader's language."""

    conjunction = "and"

    def __new__(cls, items: Iterable[object]) -> Words:
        return super().__new__(cls, (str(item) for item in items))

    def __str__(self) -> str:
        return f" {self.conjunction} ".join(self)


class AllOf(Words):
    """``6-6 and 5-5``."""


class AnyOf(Words):
    """``6-6A or 6-6B``."""

    conjunction = "or"


class WordedError(ValueError):
    """An error worded by a template (``N_``-marked) and the fields that fill it in."""

    def __init__(self, template: str, **fields: Any) -> None:
        self.template = template
        self.fields: Mapping[str, Any] = fields
        super().__init__(template.format(**fields) if fields else template)


class IllegalActionError(WordedError):
    """An action that the rules forbid in this position.

    ``rule`` is the number of the rule in ``docs/rules.md`` that forbids it (``"D8"``, ``"C4"``),
    and the message names it, so that a client can show it is. Raising it leaves the
    position unchanged. ``reason`` is the message without the rule.
    """

    def __init__(self, message: str, rule: str | None = None, **fields: Any) -> None:
        super().__init__(message, **fields)
        self.rule = rule
        self.reason: str = self.args[0]
        if rule:
            self.args = (f"{self.reason} ({rule})",)


class RecordError(WordedError):
    """A record that cannot be read: wrong format, unknown version, or a replay that fails."""
