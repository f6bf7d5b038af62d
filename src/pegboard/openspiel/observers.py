"""What a player of the generic OpenSpiel game is told by default (``GenericObserver``;
``pegboard.openspiel.generic``'s docstring says what, for each ``IIGObservationType``). A
game's ``Look.observer`` replaces it (Draw's and cribbage's)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pegboard.games import observation_lines
from pegboard.openspiel import common

if TYPE_CHECKING:
    from pegboard.openspiel.generic import GenericGame, GenericState

__all__ = ["GenericObserver"]


class GenericObserver:
    """What one player is told, as a tensor and a string, from the game's ``Encoding``."""

    def __init__(self, game: GenericGame, iig_obs_type: Any = None) -> None:
        self.told = common.told(iig_obs_type)
        self.players = game.players
        self.encoding = game.encoding
        size = game.encoding.observation_size
        if not self.told.has_private:
            pieces = [("current", self.players), ("moves", 1), ("over", 1)]
        elif self.told.all_private:
            pieces = [(f"seat_{seat}", size) for seat in range(self.players)]
        else:
            pieces = [("observation", size)]
        self.max_length = max(1, game.encoding.max_length)
        self.tensor, self.dict = common.tensor_views(pieces)

    def set_from(self, state: GenericState, player: int) -> None:
        self.tensor.fill(0.0)
        table = state.table
        if not self.told.has_private:
            current = state.current_player()
            if current >= 0:
                self.dict["current"][current] = 1.0
            self.dict["moves"][0] = min(1.0, state.moves / self.max_length)
            self.dict["over"][0] = float(state.is_terminal())
            return
        if table.observation(player) is None:
            return
        if self.told.all_private:
            for seat in range(self.players):
                self.dict[f"seat_{seat}"][:] = self.encoding.encode(table.observation(seat))
            return
        self.dict["observation"][:] = self.encoding.encode(table.observation(player))

    def string_from(self, state: GenericState, player: int) -> str:
        if not self.told.has_private:
            return f"to act:{state.current_player()} moves:{state.moves}"
        table = state.table
        if table.observation(player) is None:
            return f"p{player} dealing"
        if self.told.all_private:
            return " | ".join(
                "; ".join(observation_lines(table.observation(seat)))
                for seat in range(self.players)
            )
        if self.told.perfect_recall:
            return f"p{player} " + " / ".join(state.recall[player])
        return f"p{player} " + "; ".join(observation_lines(table.observation(player)))
