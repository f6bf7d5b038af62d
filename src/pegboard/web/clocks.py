"""Clocks (issue 33): a table's time control and each match's clocks, as values.

A **time control** is Fischer's: every person starts a match with a bank of time and gains
an increment after each of their moves (``TimeControl``, written ``3+2``: 3 minutes, 2
seconds a move, as chess sites write it); or a **correspondence** one (issue 39): days for
each move, given whole again after every move, with no live clock (written ``3d``: three
days a move, as Lichess offers 1, 2, 3 or 7 and more). A **clock** is the state of a match's clocks
(``Clock``): the time each seat had left when it was last taken (``at``, seconds since the
epoch of the server's clock), and the seat whose clock runs since then, if any.

Only a person's clock runs, and only on their turn at a match in play with every seat
taken: while a bot moves (a table's own, or one standing in for an away player), or a seat
waits for its person, no clock runs (``pegboard.web.table_clocks`` decides which runs).

The server counts, never the client: a clock is stored with the move that changes it
(``matches.clock``), so that every process and every restart reads the same clocks, and a
flag comes when its seat's time is out however many processes watch it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pegboard.core import N_, WordedError

BANK_SECONDS: Final = (30, 3600)
"""The bank a time control may give: 30 seconds to an hour."""
INCREMENT_SECONDS: Final = (0, 60)
"""The increment a time control may give: none to a minute a move."""
CORRESPONDENCE_DAYS: Final = (1, 2, 3, 7)
"""The days a correspondence table may give each move."""
DAY: Final = 86_400


class TimeControlError(WordedError):
    """A time control out of range, or not written as one: ``template`` (``N_``-marked) and
    its ``fields`` say why, for the surface to word in its user's language."""


TIME_CONTROL_PROBLEM: Final = N_(
    "A clock has a bank of {low} to {high} seconds and an increment of {least} to {most} "
    "seconds a move."
)
CORRESPONDENCE_PROBLEM: Final = N_("A correspondence table gives each move {days} days.")


def _problem() -> TimeControlError:
    low, high = BANK_SECONDS
    least, most = INCREMENT_SECONDS
    return TimeControlError(TIME_CONTROL_PROBLEM, low=low, high=high, least=least, most=most)


def _days_problem() -> TimeControlError:
    days = ", ".join(str(d) for d in CORRESPONDENCE_DAYS)
    return TimeControlError(CORRESPONDENCE_PROBLEM, days=days)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A bank of ``bank`` seconds per person and ``increment`` seconds after each move; or,
    ``per_move``, a correspondence table's: ``bank`` seconds (whole days) for each move,
    the mover's bank given whole again once they moved (``TimeControl.correspondence``)."""

    bank: int
    increment: int
    per_move: bool = False

    def __post_init__(self) -> None:
        if self.per_move:
            days, part = divmod(self.bank, DAY)
            if part or days not in CORRESPONDENCE_DAYS or self.increment:
                raise _days_problem()
            return
        low, high = BANK_SECONDS
        least, most = INCREMENT_SECONDS
        if not (low <= self.bank <= high and least <= self.increment <= most):
            raise _problem()

    @classmethod
    def correspondence(cls, days: int) -> TimeControl:
        """``days`` for each move (one of ``CORRESPONDENCE_DAYS``)."""
        if not isinstance(days, int) or isinstance(days, bool) or days not in CORRESPONDENCE_DAYS:
            raise _days_problem()
        return cls(days * DAY, 0, per_move=True)

    @property
    def days(self) -> int | None:
        """A correspondence table's days a move; None for a live clock."""
        return self.bank // DAY if self.per_move else None

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"3+2"`` (minutes, then seconds a move; ``"0.5+0"`` is 30 seconds), or
        ``"3d"`` (correspondence: three days a move)."""
        text = text.strip()
        if text.endswith("d") and text[:-1].isdigit():
            return cls.correspondence(int(text[:-1]))
        minutes, plus, increment = text.partition("+")
        try:
            bank = round(float(minutes) * 60) if plus else None
            gain = int(increment)
        except ValueError:
            bank = None
        if bank is None:
            raise _problem()
        return cls(bank, gain)

    def __str__(self) -> str:
        if self.days is not None:
            return f"{self.days}d"
        return f"{self.bank / 60:g}+{self.increment}"

    def to_json(self) -> dict[str, int]:
        """``{"bank", "increment"}`` (seconds), or ``{"days"}`` for correspondence."""
        if self.days is not None:
            return {"days": self.days}
        return {"bank": self.bank, "increment": self.increment}

    @classmethod
    def from_json(cls, data: object) -> TimeControl:
        """A time control from ``{"bank": seconds, "increment": seconds}`` or ``{"days":
        n}`` (whole numbers); ``TimeControlError`` for anything else."""
        if isinstance(data, Mapping) and set(data) == {"days"}:
            return cls.correspondence(data["days"])
        if isinstance(data, Mapping) and set(data) == {"bank", "increment"}:
            bank, increment = data["bank"], data["increment"]
            if all(isinstance(v, int) and not isinstance(v, bool) for v in (bank, increment)):
                return cls(bank, increment)
        raise _problem()


def _rounded(seconds: float) -> float:
    """Milliseconds are what a clock keeps (its JSON stays short and exact)."""
    return round(seconds, 3)


@dataclass(frozen=True, slots=True)
class Clock:
    """The clocks of a match: ``left[seat]`` seconds each seat had at ``at``, and the seat
    whose clock has run since (None: none runs)."""

    left: tuple[float, ...]
    at: float
    running: int | None = None

    @classmethod
    def start(cls, control: TimeControl, seats: int, now: float, running: int | None) -> Clock:
        """A new match's clocks: every seat the whole bank."""
        return cls(tuple(float(control.bank) for _ in range(seats)), _rounded(now), running)

    def left_at(self, now: float) -> tuple[float, ...]:
        """Each seat's time left at ``now`` (the running one's counted down, at least 0)."""
        if self.running is None:
            return self.left
        spent = max(0.0, now - self.at)
        return tuple(
            max(0.0, left - spent) if seat == self.running else left
            for seat, left in enumerate(self.left)
        )

    @property
    def deadline(self) -> float | None:
        """When the running seat's time is out (None: no clock runs)."""
        if self.running is None:
            return None
        return self.at + self.left[self.running]

    def out_of_time(self, now: float) -> int | None:
        """The seat whose time is out at ``now``, if its clock runs."""
        deadline = self.deadline
        return self.running if deadline is not None and now >= deadline else None

    def moved(self, seat: int, now: float, control: TimeControl, running: int | None) -> Clock:
        """The clocks once ``seat`` has moved at ``now``: its time spent is taken from its
        bank and the increment added (when its clock ran), and ``running``'s starts. At a
        correspondence table the mover's bank is whole again instead: each move has its
        days, however quickly the last one came."""
        left = list(self.left_at(now))
        if control.per_move:
            left[seat] = float(control.bank)
        elif seat == self.running:
            left[seat] += control.increment
        return Clock(tuple(_rounded(t) for t in left), _rounded(now), running)

    def taken_back(self, seat: int, now: float, control: TimeControl) -> Clock:
        """The clocks once ``seat``'s last move was taken back at ``now``: the time the
        running seat spent meanwhile stays spent, ``seat`` gives back the increment that
        move earned (never below 0; at a correspondence table it has its move's whole days
        again), and its clock runs again."""
        left = list(self.left_at(now))
        if control.per_move:
            left[seat] = float(control.bank)
        else:
            left[seat] = max(0.0, left[seat] - control.increment)
        return Clock(tuple(_rounded(t) for t in left), _rounded(now), seat)

    def extended(self, seat: int, until: float, bank: int) -> Clock:
        """The clocks once ``seat``'s move, due while its player is on vacation, is given
        ``bank`` seconds again from ``until`` (the vacation's end): its clock shows the
        whole bank and starts counting at ``until``."""
        left = list(self.left)
        left[seat] = float(bank)
        return Clock(tuple(_rounded(t) for t in left), _rounded(until), seat)

    def changed(
        self, now: float, running: int | None, *, reset: Sequence[int] = (), bank: int = 0
    ) -> Clock:
        """The clocks once something else than a move changed the table at ``now``: the
        running seat's time spent is taken, the seats of ``reset`` get ``bank`` again (a
        person back from a stand-in bot), and ``running``'s clock starts."""
        left = list(self.left_at(now))
        for seat in reset:
            left[seat] = float(bank)
        return Clock(tuple(_rounded(t) for t in left), _rounded(now), running)

    def to_json(self) -> dict[str, Any]:
        return {"left": list(self.left), "at": self.at, "running": self.running}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        running = data.get("running")
        return cls(
            tuple(float(t) for t in data["left"]),
            float(data["at"]),
            None if running is None else int(running),
        )
