"""Type stub of the C core (``_fastfives.c``); ``_purecore.PureCore`` is its reference."""

from collections.abc import Callable, Sequence
from typing import Any, Self

class Core:
    @property
    def num_players(self) -> int: ...
    @property
    def leader(self) -> int: ...
    @property
    def current_player(self) -> int | None: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> tuple[int, ...]: ...
    @property
    def boneyard_count(self) -> int: ...
    @property
    def drawable(self) -> int: ...
    def legal_actions(self) -> tuple[Any, ...]: ...
    def apply(self, action: Any, /) -> None: ...
    @classmethod
    def _make(
        cls,
        spec: tuple[Any, ...],
        hands: Sequence[int],
        bone: Sequence[int],
        placed: Sequence[int],
        leader: int,
        to_play: int,
        scores: Sequence[int],
        /,
    ) -> Self: ...
    @classmethod
    def _deal(
        cls, spec: tuple[Any, ...], seed: int, leader: int, scores: Sequence[int], /
    ) -> Self: ...
    def _clone(self) -> Self: ...
    def _getstate(self) -> tuple[Any, ...]: ...
    @classmethod
    def _fromstate(cls, state: tuple[Any, ...], /) -> Self: ...
    def _set_hidden(self, hands: Sequence[int], bone: Sequence[int], /) -> None: ...
    def _check_blocked(self) -> None: ...
    def _current_seat(self) -> int: ...
    def _hand_masks(self) -> tuple[int, ...]: ...
    def _bone_tiles(self) -> tuple[int, ...]: ...
    def _placements(self) -> tuple[int, ...]: ...
    def _open_ends(self) -> tuple[int, ...]: ...
    def _history_codes(self) -> tuple[tuple[int, int, int, int, int, int, int], ...]: ...
    def _end_state(self) -> tuple[int, int]: ...

def setup(
    *,
    actions: tuple[Any, ...],
    action_tile: Sequence[int],
    action_end: Sequence[int],
    action_free: Sequence[int],
    play_code: Sequence[Sequence[int]],
    end_value: Sequence[int],
    end_count: Sequence[int],
    draw_code: int,
    pass_code: int,
    reject: Callable[[Any, object], Any],
    rank_low: Sequence[int],
    rank_high: Sequence[int],
) -> None: ...
def run_playout(
    hands: Sequence[int],
    bone: Sequence[int],
    taken: int,
    limit: int,
    values: Sequence[int],
    weights: Sequence[int],
    total: int,
    lone: bool,
    spin: int,
    pending: bool,
    seat: int,
    scores: Sequence[int],
    side_of: Sequence[int],
    table: Sequence[int],
    exact: bool,
    target: int,
    all_fives: bool,
    partnerships: bool,
    by_fives: bool,
    /,
) -> tuple[
    list[int], list[int], list[int], list[int], int, int, bool, int, bool, int, int, int
]: ...
def _mt_words(seed: int, count: int, /) -> list[int]: ...
