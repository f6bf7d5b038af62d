"""The line drawn in SVG (D9, B1-B5): ``pegboard.dominoes.svg``, which every domino game
shares, under Draw's own name."""

from pegboard.dominoes.svg import ChainTile, chain_order, render_svg

__all__ = ["ChainTile", "chain_order", "render_svg"]
