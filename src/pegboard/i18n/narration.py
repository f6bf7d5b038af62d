"""Events in words: every surface says what happened through ``say``, in its language.

The rules tell what happened as ``pegboard.core.Event`` values (a template and its
fields); this module only translates the template and fills it in. The seats an event
names are said by the surface's own ``seat_name`` ("you", "Ana", "Seat 2").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pegboard.core import N_, Event
from pegboard.i18n.catalogs import Translator

SeatName = Callable[[int], str]


def seat_words(_: Translator) -> SeatName:
    """Seats as "Seat 1", "Seat 2" (counted from one), for a surface with no names."""
    return lambda seat: _(N_("Seat {number}")).format(number=seat + 1)


def say(event: Event, _: Translator, seat_name: SeatName | None = None) -> str:
    """``event`` in ``_``'s language; its seats named by ``seat_name``."""
    name = seat_name or seat_words(_)
    values: dict[str, Any] = {key: _field(value, _, name) for key, value in event.fields.items()}
    for key, seat in event.seats.items():
        values[key] = name(seat)
    text = _(event.template)
    return text.format(**values) if values else text


def say_all(events: Iterable[Event], _: Translator, seat_name: SeatName | None = None) -> list[str]:
    """Each event in words, in order."""
    return [say(event, _, seat_name) for event in events]


def _field(value: Any, _: Translator, name: SeatName) -> Any:
    if isinstance(value, Event):
        return say(value, _, name)
    if isinstance(value, tuple) and value and all(isinstance(v, Event) for v in value):
        return ", ".join(say(v, _, name) for v in value)
    return value
