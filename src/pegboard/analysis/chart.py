"""A match's chart (issue 36), drawn as SVG text: panels one above the other over the same
moves, each with its series (a line of values after each move, or bars at the moves where
there is a value), their legend and labelled axes. Nothing here names a game, nor a
language: the caller gives every word (translated), and each is written escaped.

``report_chart`` makes the report's panels: each seat's board points after each move
(``Report.scores``) as lines, each seat's chance of winning at each of its decisions as it
saw it (when the report has them: issue 37), and the points each seat lost at each of its
decisions as bars. ``chart_rows``
gives the same figures as rows, for a table that screen readers read instead.

The drawing has ``role="img"``, a ``<title>`` and a ``<desc>``; each seat keeps one colour
and one dash pattern in every panel (told apart without colour too).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal
from xml.sax.saxutils import escape, quoteattr

from pegboard.analysis.report import Report

WIDTH: Final = 720
PANEL_HEIGHT: Final = 180
LEFT: Final = 56
RIGHT: Final = 16
TOP: Final = 30
GAP: Final = 52
"""Room between two panels: the upper one's axis label and the lower one's legend."""
BOTTOM: Final = 40
COLOURS: Final = ("#1f6fb2", "#c0392b", "#2e8b57", "#8e44ad", "#b8860b", "#444444")
"""One colour per seat (enough contrast on white for lines 2 px wide)."""
DASHES: Final = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4")
"""One dash pattern per seat: the lines are told apart without their colours."""


@dataclass(frozen=True, slots=True)
class Series:
    """One series of a panel: its name (in the legend), the seat it belongs to (its
    colour and dashes), and a value per move from 0 (None: nothing at that move)."""

    name: str
    seat: int
    values: tuple[float | None, ...]
    kind: Literal["line", "bar"] = "line"


@dataclass(frozen=True, slots=True)
class Panel:
    """A band of the chart: its key in the rows (``chart_rows``), its vertical axis's
    label and its series."""

    key: str
    label: str
    series: tuple[Series, ...]
    span: tuple[float, float] | None = None
    """The vertical axis' range when it is fixed (a percentage: 0 to 100); None: from the
    values."""


@dataclass(frozen=True, slots=True)
class Chart:
    """A whole chart: its title and description (for screen readers too), the label of
    the moves' axis, and its panels top to bottom over the same ``moves``."""

    title: str
    description: str
    moves_label: str
    moves: int
    panels: tuple[Panel, ...]


@dataclass(frozen=True, slots=True)
class ChartWords:
    """The words of a report's chart, translated by the caller."""

    title: str
    description: str
    moves: str
    points: str
    lost: str
    chance: str | None = None
    """The label of the chance-of-winning panel (drawn when the report has chances)."""


def report_chart(report: Report, names: Sequence[str], words: ChartWords) -> Chart:
    """``report``'s chart: the board points of each seat after each move, and the points
    each lost at each of its decisions (at the move it made: ``index + 1``)."""
    moves = len(report.actions)
    seats = range(report.players)
    lines = tuple(
        Series(_name(names, seat), seat, tuple(row[seat] for row in report.scores))
        for seat in seats
    )
    lost: list[list[float | None]] = [[None] * (moves + 1) for _ in seats]
    for decision in report.decisions:
        lost[decision.seat][decision.index + 1] = report.points_lost(decision)
    bars = tuple(Series(_name(names, seat), seat, tuple(lost[seat]), "bar") for seat in seats)
    panels = [Panel("scores", words.points, lines), Panel("lost", words.lost, bars)]
    if words.chance is not None and any(d.chance is not None for d in report.decisions):
        panels.insert(1, Panel("chance", words.chance, _chance_lines(report, names), (0, 100)))
    return Chart(words.title, words.description, words.moves, moves, tuple(panels))


def _chance_lines(report: Report, names: Sequence[str]) -> tuple[Series, ...]:
    """Each seat's chance of winning, in percent, at each of its decisions (before the
    move: at ``index``), as the seat itself saw it."""
    chances: list[list[float | None]] = [
        [None] * (len(report.actions) + 1) for _ in range(report.players)
    ]
    for decision in report.decisions:
        if decision.chance is not None:
            chances[decision.seat][decision.index] = round(100 * decision.chance, 1)
    return tuple(
        Series(_name(names, seat), seat, tuple(chances[seat])) for seat in range(report.players)
    )


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if seat < len(names) else str(seat + 1)


def chart_rows(chart: Chart) -> list[dict[str, Any]]:
    """The chart's figures as rows: the first move, the last, and every move where a
    line changes or a bar stands, each ``{"move": k, KEY: [value per series], ...}`` with
    a key per panel (a line's value after move k; a bar's at k, or None)."""
    rows: list[dict[str, Any]] = []
    for move in range(chart.moves + 1):
        values = {p.key: [series.values[move] for series in p.series] for p in chart.panels}
        changed = any(
            (series.kind == "bar" and series.values[move] is not None)
            or (
                series.kind == "line"
                and move > 0
                and series.values[move] != series.values[move - 1]
            )
            for panel in chart.panels
            for series in panel.series
        )
        if move in (0, chart.moves) or changed:
            rows.append({"move": move, **values})
    return rows


def _step(span: float, most: int) -> float:
    """A round step (1, 2 or 5 times a power of ten) that cuts ``span`` in ``most`` or fewer."""
    raw = span / most
    power = 10 ** math.floor(math.log10(raw))
    return float(next(f * power for f in (1, 2, 5, 10) if f * power >= raw))


def _ticks(low: float, high: float, most: int = 5) -> list[float]:
    """Round values from ``low`` to ``high`` for an axis, at most ``most`` + 1 of them."""
    if high <= low:
        return [low]
    step = _step(high - low, most)
    first = math.ceil(low / step) * step
    return [first + i * step for i in range(int((high - first) / step + 1e-9) + 1)]


def _rounded_up(low: float, high: float, most: int = 5) -> float:
    """``high`` raised to the next round tick, so the top of the axis is labelled."""
    step = _step(high - low, most)
    return math.ceil(high / step - 1e-9) * step


def _text_width(text: str) -> float:
    """About how wide ``text`` is at 11 px: Chinese characters (wide) take about twice a
    Latin letter's room."""
    return sum(12.0 if unicodedata.east_asian_width(c) in "WF" else 7.0 for c in text)


def _number(value: float) -> str:
    return f"{value:.0f}" if float(value).is_integer() else f"{value:.1f}"


def _panel_svg(chart: Chart, panel: Panel, top: float, parts: list[str]) -> None:
    plot_width = WIDTH - LEFT - RIGHT
    values = [v for s in panel.series for v in s.values if v is not None]
    if panel.span is not None:
        low, high = panel.span
    else:
        low = min([*values, 0.0])
        high = _rounded_up(low, max([*values, 1.0]))
    bottom = top + PANEL_HEIGHT

    def x(move: float) -> float:
        return LEFT + plot_width * move / max(1, chart.moves)

    def y(value: float) -> float:
        return bottom - PANEL_HEIGHT * (value - low) / (high - low)

    parts.append(f'<g class="panel" data-key={quoteattr(panel.key)}>')
    parts.append(
        f'<text x="{LEFT}" y="{top - 8:.1f}" font-size="12" font-weight="bold">'
        f"{escape(panel.label)}</text>"
    )
    for tick in _ticks(low, high):
        parts.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" y2="{y(tick):.1f}" '
            'stroke="#dddddd"/>'
            f'<text x="{LEFT - 6}" y="{y(tick) + 4:.1f}" font-size="11" '
            f'text-anchor="end">{_number(tick)}</text>'
        )
    for tick in _ticks(0, chart.moves, 8):
        parts.append(
            f'<text x="{x(tick):.1f}" y="{bottom + 14:.1f}" font-size="11" '
            f'text-anchor="middle">{_number(tick)}</text>'
        )
    parts.append(
        f'<line x1="{LEFT}" x2="{LEFT}" y1="{top}" y2="{bottom}" stroke="#333333"/>'
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(max(low, 0.0)):.1f}" '
        f'y2="{y(max(low, 0.0)):.1f}" stroke="#333333"/>'
    )
    bars = [s for s in panel.series if s.kind == "bar"]
    slot = plot_width / max(1, chart.moves)
    for series in panel.series:
        colour = COLOURS[series.seat % len(COLOURS)]
        dash = DASHES[series.seat % len(DASHES)]
        name = quoteattr(series.name)
        if series.kind == "line":
            points = " ".join(
                f"{x(move):.1f},{y(value):.1f}"
                for move, value in enumerate(series.values)
                if value is not None
            )
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            parts.append(
                f'<polyline class="series" data-name={name} data-seat="{series.seat}" '
                f'fill="none" stroke="{colour}" stroke-width="2"{dashes} points="{points}"/>'
            )
        else:
            width = max(1.0, slot / max(1, len(bars)))
            shift = bars.index(series) * width - slot / 2
            rects = "".join(
                f'<rect x="{x(move) + shift:.1f}" y="{y(value):.1f}" width="{width:.1f}" '
                f'height="{max(0.0, y(0.0) - y(value)):.1f}"/>'
                for move, value in enumerate(series.values)
                if value is not None and value > 0
            )
            parts.append(
                f'<g class="series" data-name={name} data-seat="{series.seat}" '
                f'fill="{colour}">{rects}</g>'
            )
    # The legend, above the panel on the right: a short line (or box) and the name.
    legend_x: float = WIDTH - RIGHT
    for series in reversed(panel.series):
        colour = COLOURS[series.seat % len(COLOURS)]
        dash = DASHES[series.seat % len(DASHES)]
        width = 8 + _text_width(series.name)
        legend_x -= width + 28
        if series.kind == "line":
            dashes = f' stroke-dasharray="{dash}"' if dash else ""
            mark = (
                f'<line x1="{legend_x:.1f}" x2="{legend_x + 20:.1f}" y1="{top - 12}" '
                f'y2="{top - 12}" stroke="{colour}" stroke-width="2"{dashes}/>'
            )
        else:
            mark = (
                f'<rect x="{legend_x + 6:.1f}" y="{top - 17}" width="10" height="10" '
                f'fill="{colour}"/>'
            )
        parts.append(
            mark + f'<text x="{legend_x + 24:.1f}" y="{top - 8}" font-size="11">'
            f"{escape(series.name)}</text>"
        )
    parts.append("</g>")


def chart_svg(chart: Chart) -> str:
    """The chart as a standalone SVG document (``image/svg+xml``)."""
    height = TOP + len(chart.panels) * PANEL_HEIGHT + (len(chart.panels) - 1) * GAP + BOTTOM
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="chart-title '
        f'chart-desc" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
        'font-family="sans-serif">',
        f'<title id="chart-title">{escape(chart.title)}</title>',
        f'<desc id="chart-desc">{escape(chart.description)}</desc>',
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
    ]
    for number, panel in enumerate(chart.panels):
        _panel_svg(chart, panel, TOP + number * (PANEL_HEIGHT + GAP), parts)
    parts.append(
        f'<text x="{LEFT + (WIDTH - LEFT - RIGHT) / 2:.1f}" y="{height - 8}" font-size="12" '
        f'text-anchor="middle">{escape(chart.moves_label)}</text>'
    )
    parts.append("</svg>")
    return "\n".join(parts)
