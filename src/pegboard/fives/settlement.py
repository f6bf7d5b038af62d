"""The end of a hand of the Fives family (F8): who scores the pips left in hand, rounded
to five (All Fives; divided by five when scoring by fives, F9), as a ``HandResult`` that
shows its arithmetic."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pegboard.dominoes.tiles import Tile, tiles_of
from pegboard.fives.moves import EndKind
from pegboard.fives.rules import FivesRules
from pegboard.fives.scoring import round_to_five


def nearest_five(numerator: int, denominator: int = 1) -> int:
    """``numerator / denominator`` rounded to the nearest multiple of five, a half up (F8).

    A whole number of pips is never halfway (``round_to_five``); a share of 15 pips
    between two players, 7½, is, and it rounds up to 10.
    """
    if denominator == 1:
        return round_to_five(numerator)
    return (2 * numerator + 5 * denominator) // (10 * denominator) * 5


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended (F8) and what its end scored.

    ``kind``: ``"domino"`` (a player, or in Fives and Threes with partnerships both
    partners, went out), ``"blocked"`` (nobody could play or draw) or ``"target"`` (a play
    won the game at once, F9: no count at the end). ``by``: the seat whose play ended the
    hand (None when blocked). ``winners``: the sides that score the end of the hand (one,
    or with 3 players two tied sharing), ``counted``: per side, the pips it scores before
    rounding (``shared`` by how many), ``points``: per side, the points scored (rounded
    to five, F8; divided by five when scoring by fives, F9). ``pips``: per seat, the pips
    left in hand; ``side_pips`` per side; ``hands``: the hands revealed.
    """

    kind: EndKind
    by: int | None
    winners: tuple[int, ...]
    pips: tuple[int, ...]
    side_pips: tuple[int, ...]
    counted: tuple[int, ...]
    shared: int
    points: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]
    by_fives: bool = False
    counts_pips: bool = True
    """Whether this game counts the pips at the end of a hand (All Fives), or not."""
    sides: tuple[tuple[int, ...], ...] = ()
    """The seats of each side (F1)."""

    @property
    def winner(self) -> int | None:
        """The one side that scores the end of the hand, or None (nobody, or two tied)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def arithmetic(self, side: int) -> str | None:
        """What ``side`` scores, as arithmetic with the rounding shown (F8):
        ``4 + 3 = 7 → 5``, ``13 ÷ 2 = 6½ → 5``, by fives ``… → 5 ÷ 5 = 1``; None when the
        side scores nothing at the end of the hand."""
        if side not in self.winners or not self.counts_pips:
            return None
        counted = self.counted[side]
        if self.shared > 1:
            whole, part = divmod(counted, self.shared)
            fraction = {(1, 2): "½", (1, 3): "⅓", (2, 3): "⅔"}.get((part, self.shared), "")
            shown = f"{whole}{fraction}" if whole or not fraction else fraction
            text = f"{counted} \u00f7 {self.shared} = {shown}"
        else:
            parts = self._parts(side)
            text = f"{' + '.join(map(str, parts))} = {counted}" if len(parts) > 1 else str(counted)
        rounded = nearest_five(counted, self.shared)
        text += f" \u2192 {rounded}"
        if self.by_fives:
            text += f" \u00f7 5 = {rounded // 5}"
        return text

    def _parts(self, side: int) -> list[int]:
        """The pips counted for ``side``: every opponent's, seat by seat."""
        if not self.sides:
            return [pips for other, pips in enumerate(self.side_pips) if other != side]
        return [
            self.pips[seat]
            for other, seats in enumerate(self.sides)
            if other != side
            for seat in seats
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "by": self.by,
            "winners": list(self.winners),
            "pips": list(self.pips),
            "side_pips": list(self.side_pips),
            "counted": list(self.counted),
            "shared": self.shared,
            "points": list(self.points),
            "hands": [[str(t) for t in hand] for hand in self.hands],
        }


def settle(rules: FivesRules, hands: Sequence[int], kind: EndKind, by: int | None) -> HandResult:
    """The end of a hand (F8): who scores the pips left, rounded to five (All Fives)."""
    revealed = tuple(tiles_of(mask) for mask in hands)
    pips = tuple(sum(t.pips for t in tiles) for tiles in revealed)
    sides = rules.sides
    side_pips = tuple(sum(pips[s] for s in side) for side in sides)
    counted = [0] * len(sides)
    points = [0] * len(sides)
    winners: tuple[int, ...] = ()
    shared = 1
    if kind == "domino":
        assert by is not None
        winners = (rules.side_of(by),)
    elif kind == "blocked":
        lowest = min(side_pips)
        winners = tuple(side for side, p in enumerate(side_pips) if p == lowest)
        if len(winners) > 1 and (rules.partnerships or len(sides) == 2 or not rules.all_fives):
            winners = ()
    if rules.all_fives and kind != "target":
        if len(winners) == 1:
            side = winners[0]
            counted[side] = sum(p for other, p in enumerate(side_pips) if other != side)
            points[side] = rules.counted(round_to_five(counted[side]))
        elif winners:
            shared = len(winners)
            rest = sum(p for other, p in enumerate(side_pips) if other not in winners)
            if rest == 0:
                winners, shared = (), 1
            for side in winners:
                counted[side] = rest
                points[side] = rules.counted(nearest_five(rest, shared))
    elif not rules.all_fives and kind == "blocked":
        winners = ()  # F8: a blocked hand of Fives and Threes scores nothing
    return HandResult(
        kind=kind,
        by=by,
        winners=winners if rules.all_fives or kind == "domino" else (),
        pips=pips,
        side_pips=side_pips,
        counted=tuple(counted),
        shared=shared,
        points=tuple(points),
        hands=revealed,
        by_fives=rules.by_fives,
        counts_pips=rules.all_fives,
        sides=sides,
    )
