"""What happened, as values: the narration every surface words the same way.

An ``Event`` is worded like an engine error (``WordedError``): an English template marked
with ``N_`` and the fields that fill it in. The rules produce events; a surface only
translates them (``pegboard.i18n.say``) and never works out again what a move did. Fields
that name a seat are listed in ``seats`` so that each surface says the seat its own way
("you", a player's name, "Seat 2"); a field may itself be an event (a part of a sentence
worded on its own, such as a score's reason), a tuple of them (``Joined`` to choose how
they are joined), or a value said in the rules' own words for each language (anything with
an ``in_words(lang)`` method, such as a tile's side or a cribbage show counted aloud).

An event whose subject (its first seat) may be the reader carries ``you``, the template
that addresses them ("You play {move}." for "{player} plays {move}."): languages conjugate
and inflect the second person, so it is a sentence of its own, not a name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, overload

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
    you: str | None = None
    """The template (``N_``) when the reader is the subject, the first seat in ``seats``."""
    plural: str | None = None
    """The plural template (``N_``), chosen by the number in the field ``count``."""
    count: str = "count"
    """The field whose number chooses between ``template`` and ``plural``."""
    you_plural: str | None = None
    """The plural of ``you`` (``N_``), chosen by the same field ``count``."""

    @property
    def subject(self) -> int | None:
        """The seat the event is about (the first in ``seats``), or None."""
        return next(iter(self.seats.values()), None)

    def __str__(self) -> str:
        """The event in English, seats as "seat N" (logs and tests; surfaces translate)."""
        values: dict[str, Any] = {}
        for name, value in self.fields.items():
            values[name] = _english(value)
        for name, seat in self.seats.items():
            values[name] = f"seat {seat}"
        template = self.template
        if self.plural is not None and self.fields.get(self.count) != 1:
            template = self.plural
        return template.format(**values) if values else template


@dataclass(frozen=True, slots=True)
class Joined:
    """A field of several events said one after another, joined by ``separator``."""

    items: tuple[Event, ...]
    separator: str = ", "


def _english(value: Any) -> Any:
    if isinstance(value, Event):
        return str(value)
    if isinstance(value, Joined):
        return value.separator.join(str(v) for v in value.items)
    if isinstance(value, tuple) and all(isinstance(v, Event) for v in value):
        return ", ".join(str(v) for v in value)
    in_words = getattr(value, "in_words", None)
    if in_words is not None:
        return in_words("en")
    return value


class Later(Sequence[Event]):
    """Events worked out only when first read: what a game's ``apply`` may return so that
    a replay, which never reads them, does not pay for them. ``make`` must depend only on
    facts that later actions cannot change (captured when the action was applied)."""

    __slots__ = ("_events", "_make")

    def __init__(self, make: Callable[[], Sequence[Event]]) -> None:
        self._make: Callable[[], Sequence[Event]] | None = make
        self._events: tuple[Event, ...] = ()

    def _told(self) -> tuple[Event, ...]:
        if self._make is not None:
            self._events = tuple(self._make())
            self._make = None
        return self._events

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Event]: ...
    def __getitem__(self, index: int | slice) -> Event | Sequence[Event]:
        return self._told()[index]

    def __len__(self) -> int:
        return len(self._told())

    def __iter__(self) -> Iterator[Event]:
        return iter(self._told())

    def __repr__(self) -> str:
        return f"Later({list(self._told())!r})"


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Mark a plural pair for the catalogs, as ``N_`` marks one message (the extractor
    knows the name): ``Event(*ngettext("{n} round", "{n} rounds"), ...)`` hands the pair
    to ``template`` and ``plural``, and a surface picks the form by the count."""
    return singular, plural


def played(seat: int, action: object) -> Event:
    """The plain narration of a move, for a game that words its moves no better."""
    return Event(N_("{player} plays {action}"), {"action": str(action)}, {"player": seat})


def scores(points: Sequence[int]) -> Joined:
    """Every seat's score, ``seat 1: 15 · seat 2: 8``, as one field (each seat named in the
    reader's words; the colon keeps a seat's number and its score apart, in each language's
    own form)."""
    return Joined(
        tuple(
            Event(N_("{player}: {score}"), {"score": score}, {"player": seat}, "info")
            for seat, score in enumerate(points)
        ),
        " · ",
    )
