"""Dominoes of the double-six set (D1): ``pegboard.dominoes.tiles``, which every domino
game shares, under Draw's own name."""

from pegboard.dominoes.tiles import DOUBLE_SIX, MASK_WITH, TILES_WITH, Tile, mask_of, tiles_of

__all__ = ["DOUBLE_SIX", "MASK_WITH", "TILES_WITH", "Tile", "mask_of", "tiles_of"]
