"""Settlement of a finished round (D12-D15; D22, D23 in partnerships)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from pegboard.dominoes.tiles import Tile, tiles_of


def pip_count(tiles: Sequence[Tile]) -> int:
    """A hand's count: both halves of every tile (D12): [6|6] counts 12, [0|0] counts 0."""
    return sum(t.pips for t in tiles)


def side_totals(pip_counts: Sequence[int]) -> tuple[int, int]:
    """The two sides' counts at a table of partners (D21, D23): seats 0 and 2, 1 and 3."""
    return pip_counts[0] + pip_counts[2], pip_counts[1] + pip_counts[3]


def side_points(counts: Sequence[int], domino_by: int | None) -> list[int]:
    """Partnerships' points per seat, unchecked (``settle`` checks; the bots' playouts call
    it as it is): both partners show their side's, the opponents' two counts to the side
    of the player out (D22), blocked the opponents' total to the side of the lower total,
    equal totals nothing (D23)."""
    points = [0, 0, 0, 0]
    sides = side_totals(counts)
    if domino_by is not None:
        side = domino_by % 2
    elif sides[0] == sides[1]:
        return points
    else:
        side = 0 if sides[0] < sides[1] else 1
    points[side] = points[side + 2] = sides[1 - side]
    return points


def settle(
    pip_counts: Sequence[int], domino_by: int | None = None, partnerships: bool = False
) -> tuple[int, ...]:
    """The points each seat scores for a finished round.

    With ``domino_by`` a seat, that seat emptied its hand and scores the sum of all the
    opponents' counts (D13). With ``domino_by`` None, the round was blocked: the single
    seat with the lowest count scores the opponents' total minus its own count, once; a
    shared lowest count scores nothing (D14). Exact values, never rounded (D15).

    With ``partnerships`` (4 players, D21) both partners show their side's points: the
    side of the player out scores the two opponents' counts, the partner's ignored (D22);
    blocked, the side with the lower total scores the opponents' total, equal totals
    nothing (D23).
    """
    counts = tuple(pip_counts)
    if not 2 <= len(counts) <= 4:
        raise ValueError(f"Draw is played by 2 to 4 players, not {len(counts)} (D1)")
    if any(not isinstance(c, int) or c < 0 for c in counts):
        raise ValueError(f"pip counts are whole numbers of at least 0, not {counts} (D12)")
    if partnerships:
        if len(counts) != 4:
            raise ValueError(f"partnerships are for 4 players, not {len(counts)} (D21)")
        if domino_by is not None and counts[domino_by] != 0:
            raise ValueError(f"seat {domino_by} dominoed, so its hand counts 0 (D22)")
        return tuple(side_points(counts, domino_by))
    points = [0] * len(counts)
    if domino_by is not None:
        if not 0 <= domino_by < len(counts):
            raise ValueError(f"no seat {domino_by} among {len(counts)} players")
        if counts[domino_by] != 0:
            raise ValueError(
                f"seat {domino_by} dominoed, so its hand is empty and counts 0, "
                f"not {counts[domino_by]} (D13)"
            )
        points[domino_by] = sum(counts)
        return tuple(points)
    lowest = min(counts)
    if counts.count(lowest) == 1:
        winner = counts.index(lowest)
        points[winner] = sum(counts) - lowest - lowest
    return tuple(points)


def settlement_text(
    pip_counts: Sequence[int], domino_by: int | None = None, partnerships: bool = False
) -> str | None:
    """The settlement as arithmetic, as the rules pages show it: ``8 + 10 − 3 = 15``.

    A domino gives ``0 + 8 = 8``. A blocked round whose lowest count is shared scores
    nothing and has no arithmetic: None (the surfaces say "nobody scores" in their
    language, from the counts; the engine returns no English sentence). In partnerships
    the opponents' two counts and their sum (D22, D23): ``5 + 8 = 13``.
    """
    counts = list(pip_counts)
    points = settle(counts, domino_by, partnerships)
    if partnerships:
        if not any(points):
            return None
        side = 0 if points[0] else 1
        others = [counts[1 - side], counts[3 - side]]
        return f"{others[0]} + {others[1]} = {points[side]}"
    if domino_by is not None:
        others = [c for seat, c in enumerate(counts) if seat != domino_by]
        return f"{' + '.join(map(str, others))} = {points[domino_by]}"
    lowest = min(counts)
    if counts.count(lowest) > 1:
        return None
    winner = counts.index(lowest)
    others = [c for seat, c in enumerate(counts) if seat != winner]
    return f"{' + '.join(map(str, others))} \u2212 {lowest} = {points[winner]}"


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round ended (D11) and what it scored (D13, D14).

    ``kind`` is ``"domino"`` or ``"blocked"``; ``winner`` is the seat that scores, or None
    when a blocked round's lowest count is shared; ``hands`` are the hands revealed (D12);
    ``block`` says the round was of the Block game (D18-D20), so that its end is told as
    one where nobody could draw. ``partnerships`` says two sides of partners played
    (D21): ``points`` then show each side's on both partners' seats, and a blocked
    round's ``winner`` is the lower seat of the side with the lower total, which names the
    side (0 for seats 0 and 2, 1 for 1 and 3; D23).
    """

    kind: Literal["domino", "blocked"]
    winner: int | None
    pip_counts: tuple[int, ...]
    points: tuple[int, ...]
    hands: tuple[tuple[Tile, ...], ...]
    block: bool = False
    partnerships: bool = False

    @property
    def arithmetic(self) -> str | None:
        """The settlement as arithmetic (``8 + 10 − 3 = 15``); None when nobody scores."""
        return settlement_text(
            self.pip_counts, self.winner if self.kind == "domino" else None, self.partnerships
        )

    @property
    def winning_side(self) -> int | None:
        """In partnerships, the side that scores (0: seats 0 and 2, 1: seats 1 and 3), or
        None when nobody does; alone, None."""
        if not self.partnerships or self.winner is None:
            return None
        return self.winner % 2

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": self.kind,
            "winner": self.winner,
            "pip_counts": list(self.pip_counts),
            "points": list(self.points),
            "hands": [[str(t) for t in hand] for hand in self.hands],
            # Said only in the Block game, so that Draw's records stay as they were.
            **({"block": True} if self.block else {}),
            # Said only in partnerships (D21), so that other records stay as they were.
            **({"partnerships": True} if self.partnerships else {}),
        }


def settled(
    hands: Sequence[int],
    domino_by: int,
    block: bool,
    partnerships: bool,
    points: tuple[int, ...],
) -> RoundResult:
    """The settlement of a finished round from its final hands (bit-sets; D12-D14, D20;
    D22, D23 in partnerships), its ``points`` the core's (``settle``'s, in C or in
    Python); the stock, asleep or not, counts for nobody (D12, D18)."""
    revealed = tuple(tiles_of(mask) for mask in hands)
    counts = tuple(sum(t.pips for t in tiles) for tiles in revealed)
    if domino_by >= 0:
        return RoundResult("domino", domino_by, counts, points, revealed, block, partnerships)
    winner: int | None
    if partnerships:  # the side of the lower total, named by its lower seat (D23)
        winner = (0 if points[0] else 1) if any(points) else None
    else:
        lowest = min(counts)
        winner = counts.index(lowest) if counts.count(lowest) == 1 else None
    return RoundResult("blocked", winner, counts, points, revealed, block, partnerships)
