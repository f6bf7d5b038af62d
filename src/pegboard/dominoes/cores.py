"""What the domino games' two cores share: Draw's round (``pegboard.draw.round``) and the
Fives family's hand (``pegboard.fives.hand``) each run on a C core when it is compiled, else
on a pure-Python one that is its reference, and both deal by one shuffle of the double-six
set (D2, F2).

The C cores shuffle int seeds below ``SEED_LIMIT`` themselves, with CPython's Mersenne
Twister in C (``_shuffle.h`` beside this module, which both include); ``shuffled_tiles`` is
the same shuffle in Python, for the pure cores and for any other seed.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from typing import Final

SEED_LIMIT: Final = 1 << 64
"""Int seeds below this (in absolute value) are shuffled by the C cores themselves."""
_SYSTEM_RANDOM: Final = random.SystemRandom()


def pure_python_asked(environ: Mapping[str, str] = os.environ) -> bool:
    """Whether ``PEGBOARD_PURE_PYTHON`` asks for the pure-Python cores (1, true or yes)."""
    return environ.get("PEGBOARD_PURE_PYTHON", "").strip().lower() in ("1", "true", "yes")


def fresh_seed() -> int:
    """A seed for a deal that was given none (recorded with it, so it replays)."""
    return _SYSTEM_RANDOM.getrandbits(63)


def shuffled_in_c(seed: object) -> bool:
    """Whether the C cores shuffle ``seed`` themselves: an int below ``SEED_LIMIT``."""
    return type(seed) is int and -SEED_LIMIT < seed < SEED_LIMIT


def shuffled_tiles(seed: object, tiles: int = 28) -> list[int]:
    """The 28 tile indices in dealing order: ``random.Random(seed).shuffle`` of
    ``range(28)`` (D2, F2); of ``range(55)`` with ``tiles=55``, the double-nine set (D25).
    The C cores reproduce it exactly for int seeds (the same Mersenne Twister, seeded the
    same way, and the same ``getrandbits`` rejection sampling as Python 3.11's
    ``shuffle``)."""
    order = list(range(tiles))
    random.Random(seed).shuffle(order)  # type: ignore[arg-type]
    return order
