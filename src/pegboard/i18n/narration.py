"""Events in words: every surface says what happened through ``say``, in its language.

The rules tell what happened as ``pegboard.core.Event`` values (a template and its
fields); this module only translates the template and fills it in. The seats an event
names are said by the surface's own ``seat_name`` ("you", "Ana", "Seat 2"); when the
surface's reader is the event's subject, its second-person template (``Event.you``) is
said instead. A field said in the rules' own words (a tile's side, a cribbage show
counted aloud: anything with ``in_words(lang)``) is said in the translator's language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pegboard.core import N_, Event, Joined
from pegboard.i18n.catalogs import Translator

SeatName = Callable[[int], str]


def seat_words(_: Translator) -> SeatName:
    """Seats as "Seat 1", "Seat 2" (counted from one), for a surface with no names."""
    return lambda seat: _(N_("Seat {number}")).format(number=seat + 1)


def say(
    event: Event,
    _: Translator,
    seat_name: SeatName | None = None,
    reader: int | None = None,
    lang: str | None = None,
) -> str:
    """``event`` in ``_``'s language; its seats named by ``seat_name``.

    ``reader`` is the seat the surface speaks to: an event about that seat is said in the
    second person when it has a template for it. ``lang`` is the language of the fields
    said in the rules' own words (``_.lang`` by default).
    """
    return _say(event, _, seat_name or seat_words(_), reader, lang or _.lang)


def say_all(
    events: Iterable[Event],
    _: Translator,
    seat_name: SeatName | None = None,
    reader: int | None = None,
    lang: str | None = None,
) -> list[str]:
    """Each event in words, in order."""
    name = seat_name or seat_words(_)
    return [_say(event, _, name, reader, lang or _.lang) for event in events]


def _say(event: Event, _: Translator, name: SeatName, reader: int | None, lang: str) -> str:
    values: dict[str, Any] = {
        key: _field(value, _, name, reader, lang) for key, value in event.fields.items()
    }
    template = event.template
    if event.you is not None and reader is not None and event.subject == reader:
        template = event.you
    for key, seat in event.seats.items():
        values[key] = name(seat)
    if event.plural is not None and template is event.template:
        text = _.ngettext(template, event.plural, int(event.fields[event.count]))
    elif event.you_plural is not None and template is event.you:
        text = _.ngettext(template, event.you_plural, int(event.fields[event.count]))
    else:
        text = _(template)
    return text.format(**values) if values else text


def _field(value: Any, _: Translator, name: SeatName, reader: int | None, lang: str) -> Any:
    if isinstance(value, Event):
        return _say(value, _, name, reader, lang)
    if isinstance(value, Joined):
        return value.separator.join(_say(v, _, name, reader, lang) for v in value.items)
    if isinstance(value, tuple) and value and all(isinstance(v, Event) for v in value):
        return ", ".join(_say(v, _, name, reader, lang) for v in value)
    in_words = getattr(value, "in_words", None)
    if in_words is not None:
        return in_words(lang)
    return value
