"""SVG drawing of a line (placeholder replaced below)."""

from __future__ import annotations

from pegboard.draw.line import Line


def render_svg(line: Line, markers: bool = True) -> str:
    raise NotImplementedError
