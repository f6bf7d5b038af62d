"""Type stub of the C core of the Draw expert's search (``_fastsearch.c``); ``ismcts.search``
is its reference."""

from collections.abc import Sequence

def search(
    pool: Sequence[int],
    own: int,
    sizes: Sequence[int],
    seat: int,
    block: bool,
    ends: Sequence[int],
    current: int,
    passes: int,
    partners: bool,
    low: Sequence[int],
    high: Sequence[int],
    pips: Sequence[int],
    mask_with: Sequence[int],
    reserve: int,
    root_moves: Sequence[int],
    generator: Sequence[int],
    budget: int,
    time_limit: float | None,
    c: float,
    plan: tuple[
        list[list[int]], list[int], list[int], int, list[list[tuple[tuple[int, ...], int, int]]]
    ]
    | None = None,
    rank_bit: Sequence[int] | None = None,
    outcomes: Sequence[float] | None = None,
    most: int = -1,
) -> tuple[int, list[tuple[int, int, float, int]], tuple[int, ...], list[int]]: ...
def _mt_words(seed: int, count: int) -> list[int]: ...
