"""What a seat of ``pegboard_draw`` is told (``DrawGame.make_py_observer``): the
observation and information-state tensors and strings, with OpenSpiel's ``public_info``
and ``private_info`` honoured (``DrawObserver``, ``information_state_string``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from pegboard.draw.encoding import DrawNumbers, numbers_of
from pegboard.openspiel.common import INFORMATION_STATE, Told, Vector, one_hot, tensor_views, told

if TYPE_CHECKING:
    from pegboard.draw.looks.openspiel import DrawTable
    from pegboard.openspiel.generic import GenericState


_HAND: Final = 7
"""Tiles dealt to a seat, at most, in either set (D2, D26): hand sizes are shown / 7."""


class DrawObserver:
    """What one player knows, as a tensor and a string (``make_py_observer``).

    ``iig_obs_type`` (OpenSpiel's ``IIGObservationType``) chooses the parts: the public part
    when ``public_info`` is true; with ``private_info`` ``SINGLE_PLAYER`` (the default) the
    observing seat's own tiles, with ``ALL_PLAYERS`` every seat's, with ``NONE`` nobody's
    (and not the observing seat either, so a public observation is the same for every seat).

    Sizes are those of the set played (``numbers``, ``pegboard.draw.encoding``): T tiles
    (28, or 55 for the double-nine set), V numbers (7, 10), A actions (86, 167), the most
    moves M (120, 255) and the most draws of one seat D (12, 39).

    Observation (perfect_recall=False): seat (one-hot, 4; private), seat to play and leader
    (4 each; public), own hand (T; every hand, 4 x T, for ALL_PLAYERS), tiles on the line
    (T), the two open numbers (V each, B4 order), hand sizes (/7), stock size (/ the stock
    of a table of two: 14, 41) and per seat the numbers its passes proved absent (4 x V),
    all public.
    Information state (perfect_recall=True): seat (private) and leader (public), the tiles
    dealt (T, or 4 x T; private) and every move so far, M slots of (mover 4, action A;
    public) and, with private information, the tile drawn (T; own draws only, or every
    draw for ALL_PLAYERS). Without the public part, the tiles drawn come in order alone
    (D + 2 slots of T per seat included).
    """

    def __init__(
        self, players: int, iig_obs_type: Any = None, numbers: DrawNumbers | None = None
    ) -> None:
        self.numbers = numbers = numbers or numbers_of(6)
        size = numbers.size
        self.players = players
        self.told = told(iig_obs_type)
        tiles_width = 4 * size if self.told.all_private else size
        shape: list[tuple[str, int]] = []
        if self.told.has_private:
            shape.append(("seat", 4))
        if self.told.perfect_recall:
            if self.told.public:
                shape.append(("leader", 4))
            if self.told.has_private:
                shape.append(("initial", tiles_width))
            if self.told.public:
                width = 4 + numbers.num_actions + (size if self.told.has_private else 0)
                shape.append(("moves", numbers.max_moves * width))
            elif self.told.has_private:
                draws = (4 if self.told.all_private else 1) * self._max_draws * size
                shape.append(("draws", draws))
        else:
            if self.told.public:
                shape += [("current", 4), ("leader", 4)]
            if self.told.has_private:
                shape.append(("hands" if self.told.all_private else "hand", tiles_width))
            if self.told.public:
                shape += [
                    ("line", size),
                    ("open_ends", 2 * numbers.values),
                    ("hand_sizes", 4),
                    ("stock", 1),
                    ("absent", 4 * numbers.values),
                ]
        self.tensor, self.dict = tensor_views(shape)

    @property
    def _max_draws(self) -> int:
        # The stock of a table of two (14 with the double-six set, as recorded: its last
        # two tiles are never drawn, but the slots were sized so).
        return self.numbers.max_draws + 2

    def _tiles_vector(self, tiles: Any) -> Vector:
        return one_hot(tiles, self.numbers.size)

    def private_seats(self, player: int) -> tuple[int, ...]:
        """The seats whose own tiles this observer shows."""
        return self.told.seats(player, self.players)

    def set_from(self, state: GenericState, player: int) -> None:
        table = cast("DrawTable", state.table)
        self.tensor.fill(0.0)
        d = self.dict
        if self.told.has_private:
            d["seat"][player] = 1.0
        if self.told.public and table.leader is not None:
            d["leader"][table.leader] = 1.0
        if self.told.perfect_recall:
            self._recall_from(table, player)
            return
        round_ = table.round
        hands = d.get("hands", d.get("hand"))
        if hands is not None:
            rows = hands.reshape(-1, self.numbers.size)
            for row, seat in enumerate(self.private_seats(player)):
                dealt = table.initial[seat] if round_ is None else round_.hand(seat)
                rows[row][:] = self._tiles_vector(dealt)
        if round_ is None or not self.told.public:
            return
        current = table.current()
        if current >= 0:
            d["current"][current] = 1.0
        line = round_.line
        values = self.numbers.values
        d["line"][:] = self._tiles_vector(line.tiles)
        for slot, value in enumerate(line.open_values()):
            d["open_ends"][values * slot + value] = 1.0
        for seat, size in enumerate(round_.hand_sizes):
            d["hand_sizes"][seat] = size / _HAND
        d["stock"][0] = round_.stock_size / self._max_draws
        for seat in range(table.n):
            for value in round_.known_absent(seat):
                d["absent"][values * seat + value] = 1.0

    def _recall_from(self, table: DrawTable, player: int) -> None:
        d = self.dict
        shown = self.private_seats(player)
        if "initial" in d:
            rows = d["initial"].reshape(-1, self.numbers.size)
            for row, seat in enumerate(shown):
                rows[row][:] = self._tiles_vector(table.initial[seat])
        num_actions = self.numbers.num_actions
        if "moves" in d:
            width = 4 + num_actions + (self.numbers.size if self.told.has_private else 0)
            moves = d["moves"].reshape(self.numbers.max_moves, width)
            for i, (seat, action, drawn) in enumerate(table.moves):
                moves[i, seat] = 1.0
                moves[i, 4 + action] = 1.0
                if drawn is not None and seat in shown:
                    moves[i, 4 + num_actions + drawn.index] = 1.0
        elif "draws" in d:
            draws = d["draws"].reshape(-1, self._max_draws, self.numbers.size)
            for row, seat in enumerate(shown):
                own = [drawn for s, _, drawn in table.moves if s == seat and drawn is not None]
                for i, tile in enumerate(own):
                    draws[row, i, tile.index] = 1.0

    def string_from(self, state: GenericState, player: int) -> str:
        table = cast("DrawTable", state.table)
        if self.told.perfect_recall:
            return information_state_string(table, player, self.told)
        round_ = table.round
        parts = [f"p{player}"] if self.told.has_private else []
        if round_ is None:
            parts.append("dealing")
            if self.told.has_private:
                parts.append(f"hand:{self._hands_text(table, player)}")
            return " ".join(parts)
        if self.told.public:
            parts.append(f"to:{table.current()} lead:{table.leader}")
        if self.told.has_private:
            parts.append(
                f"{'hands' if self.told.all_private else 'hand'}:{self._hands_text(table, player)}"
            )
        if self.told.public:
            sizes = ",".join(str(size) for size in round_.hand_sizes)
            absent = ",".join(
                "".join(str(v) for v in sorted(round_.known_absent(s))) for s in range(table.n)
            )
            parts.append(
                f"line:{round_.line} sizes:{sizes} stock:{round_.stock_size} absent:{absent}"
            )
        return " ".join(parts)

    def _hands_text(self, table: DrawTable, player: int) -> str:
        round_ = table.round
        return "|".join(
            " ".join(map(str, table.initial[seat] if round_ is None else round_.hand(seat)))
            for seat in self.private_seats(player)
        )


def information_state_string(table: DrawTable, player: int, told: Told = INFORMATION_STATE) -> str:
    """The lot, the player's own tiles as dealt, then every move (own draws with the tile).

    Without the public part (``told.public``) the lot and the moves are left out (the tiles
    drawn come alone, in order); ``told.private`` ``NONE`` leaves out the seat and its
    tiles, ``ALL_PLAYERS`` shows every seat's.
    """
    shown = told.seats(player, table.n)
    parts = told.history_head(player, table.n, f"lead:{table.leader}")
    if len(shown):
        dealt = "|".join(" ".join(map(str, sorted(table.initial[s]))) for s in shown)
        parts.append(f"dealt:{dealt}")
    if not told.public:
        for seat in shown:
            own = [str(drawn) for s, _, drawn in table.moves if s == seat and drawn is not None]
            parts.append(f"drew{seat}:{','.join(own)}")
        return " ".join(parts)
    for seat, action, drawn in table.moves:
        if action == table.numbers.draw_action:
            parts.append(f"{seat}:draw" + (f"({drawn})" if seat in shown else ""))
        else:
            parts.append(f"{seat}:{action}")
    if table.drawing:
        parts.append(f"{table.round.current_player if table.round else '?'}:drawing")
    return " ".join(parts)
