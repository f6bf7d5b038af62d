"""The layout of the Fives family (F5, F6): Draw's line, with All Fives' spinner.

A ``Layout`` is a ``pegboard.dominoes.Line`` (the same ends, joints, matching and
description) that may hold a spinner: with ``spinner=True`` the first double placed, the
lead or later, is the spinner. The line runs through its two sides ``"A"`` and ``"B"`` (as
B1 names a double's sides); once both hold a tile, its two ends ``"C"`` and ``"D"`` open
too, so the layout has up to four arms. Other doubles stay in line (D9).

>>> from pegboard.dominoes import End, Tile
>>> layout = Layout(spinner=True)
>>> layout.play(Tile(5, 5)).tile
Tile(5, 5)
>>> layout.ends_total()
10
>>> _ = layout.play(Tile(2, 5), End(Tile(5, 5), "A"))
>>> layout.ends_total()  # 10 + 2 (F6)
12
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Final, Self

from pegboard.core import N_, IllegalActionError
from pegboard.core.languages import language, per_language
from pegboard.dominoes.line import End, Line
from pegboard.dominoes.tiles import Tile

SPINNER_WORDS: Final[dict[str, dict[str, str]]] = per_language(
    en={"C": "spinner arm C", "D": "spinner arm D"},
    pt={"C": "braço C da carroça em cruz", "D": "braço D da carroça em cruz"},
    zh={"C": "十字分支 C", "D": "十字分支 D"},
    hi={"C": "स्पिनर की शाखा C", "D": "स्पिनर की शाखा D"},
)
"""The B5 words of a spinner's two ends, in each language of B5. A spinner's sides along
the line keep their B1 words (line A, line B); its ends across them are its "arms"."""

_ARMS: Final = ("C", "D")


class Layout(Line):
    """The tiles played in a hand of the Fives family, in place (F5).

    ``play(tile, end)`` places a tile (``end`` is None only for the lead) and returns its
    free end; an impossible placement raises ``IllegalActionError`` naming the rule and
    changes nothing. ``open_ends()`` lists two ends, or with a spinner up to four.
    """

    __slots__ = ("_arms_open", "_spinner", "_spins")

    RULE: ClassVar[str] = "F5"

    def __init__(self, spinner: bool = False) -> None:
        super().__init__()
        self._spins = spinner
        self._spinner: Tile | None = None
        self._arms_open = False

    @property
    def has_spinner_rule(self) -> bool:
        """Whether the first double played becomes a spinner (All Fives) or not."""
        return self._spins

    @property
    def spinner(self) -> Tile | None:
        """The spinner, once a double has been placed in a layout that has one."""
        return self._spinner

    def open_ends(self) -> tuple[End, ...]:
        """The open ends, sorted as B4 (by tile, then side; a spinner's C and D last)."""
        return tuple(sorted(self._ends))

    def fits(self, tile: Tile, end: End | None = None) -> bool:
        if not self._tiles:
            return end is None
        return end is not None and end in self._ends and tile.has(end.value) and tile not in self

    def play(self, tile: Tile, end: End | None = None) -> End:
        if end is not None and end.side in _ARMS and end.tile in self and end not in self._ends:
            if end.tile is self._spinner:
                raise IllegalActionError(
                    N_(
                        "the spinner {spinner}'s ends are open only once both its sides hold a tile"
                    ),
                    "F5",
                    spinner=end.tile,
                )
            raise IllegalActionError(
                N_("only the spinner has ends across its sides; {tile} is not the spinner"),
                "F5",
                tile=end.tile,
            )
        free = super().play(tile, end)
        if self._spins and self._spinner is None and tile.is_double:
            self._spinner = tile
        spinner = self._spinner
        if (
            spinner is not None
            and not self._arms_open
            and End(spinner, "A") not in self._ends
            and End(spinner, "B") not in self._ends
        ):
            self._arms_open = True
            self._ends.extend(End(spinner, arm) for arm in _ARMS)
        return free

    def ends_total(self) -> int:
        """The total of F6: every arm's open end, a crosswise double at an arm's end (or a
        lone lead) counted whole, a spinner whose both sides hold a tile counted nothing."""
        return sum(self.end_counts())

    def end_counts(self) -> tuple[int, ...]:
        """What each arm's open end adds to the ends total (F6), in B4 order: the terms of
        the sum a narration shows (``2 + 3 + 4 + 6``)."""
        counts: list[int] = []
        counted: set[Tile] = set()
        for end in self.open_ends():
            if end.side in _ARMS:
                continue  # an arm not yet started: the spinner counts nothing once open
            if end.tile.is_double:
                if end.tile not in counted:  # a lone double's two sides count it once
                    counted.add(end.tile)
                    counts.append(2 * end.value)
            else:
                counts.append(end.value)
        return tuple(counts)

    def words(self, lang: str) -> dict[str, str]:
        return {**super().words(lang), **SPINNER_WORDS[language(lang)]}

    def copy(self) -> Self:
        layout = super().copy()
        layout._spins = self._spins
        layout._spinner = self._spinner
        layout._arms_open = self._arms_open
        return layout

    @classmethod
    def from_plays(cls, plays: Sequence[tuple[Tile, End | None]], spinner: bool = False) -> Self:
        """A layout built by placing each ``(tile, end)`` in turn."""
        layout = cls(spinner)
        for tile, end in plays:
            layout.play(tile, end)
        return layout

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Layout)
            and self._spins == other._spins
            and self._tiles == other._tiles
            and self._joints == other._joints
        )

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        return f"<Layout {self.describe('en')}>"

    def _repr_svg_(self) -> str:
        from pegboard.fives.svg import render_layout_svg

        return render_layout_svg(self)
