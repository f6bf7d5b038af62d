"""The public history of a hand of the Fives family: one ``FivesMove`` per action taken,
with what a play scored (F6, F7, F9) or the numbers a draw or a pass showed the seat held
none of (F4)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pegboard.dominoes.actions import Action

EndKind = Literal["domino", "blocked", "target"]
"""How a hand ends (``HandResult.kind``)."""


@dataclass(frozen=True, slots=True)
class FivesMove:
    """One entry of the public history: ``seat`` took ``action``.

    For a play: ``total`` is the ends total after it (F6), ``worth`` what it was worth
    (F7, with the chip-out point of F8 in Fives and Threes), ``points`` what it scored
    (``worth``, or 0 when it would have passed 61 in Fives and Threes, F9). For a draw or a
    pass: ``values`` are the numbers the open ends showed (the seat held none of them).
    """

    seat: int
    action: Action
    total: int | None = None
    worth: int = 0
    points: int = 0
    chip_out: bool = False
    values: tuple[int, ...] = ()

    @property
    def overshot(self) -> bool:
        """A play whose points would have passed 61, so it scored nothing (F9)."""
        return self.worth > 0 and self.points == 0

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "action": str(self.action)}
        if self.total is not None:
            data.update(total=self.total, worth=self.worth, points=self.points)
            if self.chip_out:
                data["chip_out"] = True
        else:
            data["values"] = list(self.values)
        return data
