"""What every domino game of the site shares: the double-six set (D1), the ends of placed
tiles and the line they form (D5, D9), its accessible description (B1-B5) and drawing, and
the fair lot for the first leader (D3). Draw (``pegboard.draw``) and the Fives family
(``pegboard.fives``) are built on it; ``pegboard.draw`` keeps every one of these names."""

from pegboard.core.languages import LANGUAGES
from pegboard.dominoes.line import SIDES, SPINNER_SIDES, End, Joint, Line
from pegboard.dominoes.lot import LotDraw, draw_lot
from pegboard.dominoes.svg import render_svg
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile, mask_of, tiles_of

__all__ = [
    "DOUBLE_SIX",
    "LANGUAGES",
    "SIDES",
    "SPINNER_SIDES",
    "End",
    "Joint",
    "Line",
    "LotDraw",
    "Tile",
    "draw_lot",
    "mask_of",
    "render_svg",
    "tiles_of",
]
