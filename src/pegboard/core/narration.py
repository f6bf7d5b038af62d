"""What happened, as values: the narration every surface words the same way.

An ``Event`` is worded like an engine error (``WordedError``): an English template marked
with ``N_`` and the fields that fill it in. The rules produce events; a surface only
translates them (``pegboard.i18n.say``) and never works out again what a move did. Fields
that name a seat are listed in ``seats`` so that each surface says the seat its own way
("you", a player's name, "Seat 2"); a field may itself be an event (a part of a sentence
worded on its own, such as a score's reason) or a tuple of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from pegboard.core.errors import N_

Kind = Literal["move", "score", "settlement", "end", "info"]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: ``template`` (``N_``-marked) filled in with ``fields``.

    ``kind`` lets a surface lay events out (a score under its move, a settlement as a
    block); ``seats`` maps the fields that are seats to their seat numbers.
    """

    template: str
    fields: Mapping[str, Any] = field(default_factory=dict)
    seats: Mapping[str, int] = field(default_factory=dict)
    kind: Kind = "move"

    def __str__(self) -> str:
        """The event in English, seats as "seat N" (logs and tests; surfaces translate)."""
        values: dict[str, Any] = {}
        for name, value in self.fields.items():
            values[name] = _english(value)
        for name, seat in self.seats.items():
            values[name] = f"seat {seat}"
        return self.template.format(**values) if values else self.template


def _english(value: Any) -> Any:
    if isinstance(value, Event):
        return str(value)
    if isinstance(value, tuple) and all(isinstance(v, Event) for v in value):
        return ", ".join(str(v) for v in value)
    return value


def played(seat: int, action: object) -> Event:
    """The plain narration of a move, for a game that words its moves no better."""
    return Event(N_("{player} plays {action}"), {"action": str(action)}, {"player": seat})
