"""The points of the Fives family (F7, F8): of a play's ends total, and the rounding of
the pips counted at the end of a hand."""

from __future__ import annotations


def all_fives_points(total: int) -> int:
    """All Fives (F7): an ends total that is a multiple of 5 scores that many points."""
    return total if total > 0 and total % 5 == 0 else 0


def fives_and_threes_points(total: int) -> int:
    """Fives and Threes (F7): a total divisible by 5 scores total/5, one divisible by 3
    scores total/3, both if both: 15 scores 5 + 3 = 8."""
    if total <= 0:
        return 0
    return (total // 5 if total % 5 == 0 else 0) + (total // 3 if total % 3 == 0 else 0)


def round_to_five(pips: int) -> int:
    """``pips`` rounded to the nearest multiple of five (F8): 7 -> 5, 8 -> 10, 2 -> 0.
    A whole number is never halfway between two multiples of five."""
    if pips < 0:
        raise ValueError(f"a pip count is never negative, not {pips}")
    return (pips + 2) // 5 * 5
