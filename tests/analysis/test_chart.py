"""``pegboard.analysis.chart``: a report's chart as SVG text that any name leaves
well-formed, and its figures as rows."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from pegboard.analysis import ActionValue, Decision, Report
from pegboard.analysis.chart import ChartWords, chart_rows, chart_svg, report_chart

SVG = "{http://www.w3.org/2000/svg}"
WORDS = ChartWords("Title <&>", 'Desc "quoted"', "Move", "Points", "Lost")


def report(actions: int, decisions: tuple[Decision, ...]) -> Report:
    scores = tuple((float(i // 2), float(i // 3)) for i in range(actions + 1))
    return Report("g", 2, "expert", 10, 0.25, 0, ("a",) * actions, decisions, scores, 3.0)


def decision(index: int, seat: int, loss: float) -> Decision:
    values = (ActionValue("a", 1.0), ActionValue("b", 1.0 - loss))
    return Decision(index, seat, "b", values, "points", loss, 0.1, 2, None)


def test_names_and_words_are_escaped_and_each_seat_has_a_line_and_bars() -> None:
    made = report(6, (decision(0, 0, 2.5), decision(3, 1, 0.0), decision(4, 0, 11.0)))
    names = ['<script>"Ana"&', "Leo's"]
    root = ET.fromstring(chart_svg(report_chart(made, names, WORDS)))
    assert root.get("role") == "img"
    assert root.findtext(f"{SVG}title") == "Title <&>"
    assert root.findtext(f"{SVG}desc") == 'Desc "quoted"'
    lines = root.findall(f".//{SVG}polyline[@class='series']")
    assert [line.get("data-name") for line in lines] == names
    bars = root.findall(f".//{SVG}g[@class='series']")
    assert [len(bar.findall(f"{SVG}rect")) for bar in bars] == [2, 0]  # a loss of 0: no bar
    # The losses' axis reaches a labelled tick at or above the largest loss (11).
    ticks = [float(t.text or "") for t in root.iter(f"{SVG}text") if (t.text or "").isdigit()]
    assert max(ticks) >= 11


def test_the_rows_give_each_loss_at_its_move_and_every_change_of_score() -> None:
    made = report(6, (decision(0, 0, 2.5), decision(3, 1, 0.0)))
    rows = {row["move"]: row for row in chart_rows(report_chart(made, ["A", "B"], WORDS))}
    assert rows[1]["lost"] == [2.5, None] and rows[4]["lost"] == [None, 0.0]
    for move, scores in enumerate(made.scores):
        if move in (0, 6) or scores != made.scores[move - 1]:
            assert rows[move]["scores"] == list(scores)
    assert sorted(rows) == [0, 1, 2, 3, 4, 6]  # move 5 changed nothing


def test_a_match_without_moves_draws_an_empty_chart() -> None:
    root = ET.fromstring(chart_svg(report_chart(report(0, ()), ["A", "B"], WORDS)))
    assert len(root.findall(f".//{SVG}polyline")) == 2
