"""What the research encodings of every game share: the vector and mask types, and the check
of an action number (PettingZoo and OpenSpiel hand numbers of any integer type).

A game's ``Encoding`` (``pegboard.games.Encoding``) lives in its package
(``pegboard.draw.encoding``, ``pegboard.cribbage.encoding``, ``pegboard.fives.encoding``):
the same numbers and vectors for its PettingZoo environment and its OpenSpiel game.
**Observations** are ``float32`` vectors with every entry in [0, 1]: flags and one-hots, and
a few counts divided by their largest value. Seats are relative: entry 0 of a per-seat block
is the observing seat, then the seats after it in turn order.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

__all__ = ["Mask", "Vector", "check_index"]

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


def check_index(index: object, size: int) -> int:
    """``index`` as an int in ``range(size)`` (numpy integers too), or a ``ValueError``."""
    if isinstance(index, bool) or not isinstance(index, int | np.integer):
        raise ValueError(f"an action is a whole number from 0 to {size - 1}, not {index!r}")
    value = int(index)
    if not 0 <= value < size:
        raise ValueError(f"an action is a whole number from 0 to {size - 1}, not {value}")
    return value
