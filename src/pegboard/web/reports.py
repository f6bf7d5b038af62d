"""A finished match's report over HTTP (issue 36; docs/web.md, "Game reports"):

* ``POST /api/matches/ID/analysis`` asks for it: 200 when stored, else 202 with its
  progress (the report being made joined, or a new one queued; ``pegboard.web.analyses``);
* ``GET /api/matches/ID/analysis`` says its state and progress and, once made, gives it
  with what a page shows translated (the seats' names, the grades' and units' names, the
  chart's words and its figures as rows for screen readers);
* ``GET /api/matches/ID/analysis.svg`` draws its chart (``pegboard.analysis.chart``).

As the replays: a match in play is never analysed nor anything of it said (``409``), nor an
unknown one (``404``). Nothing here names a game.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from pegboard.analysis import GRADE_NAMES, GRADES, AnalysisError, Report
from pegboard.analysis.chart import ChartWords, chart_rows, chart_svg, report_chart
from pegboard.i18n import Translator, describe_error, known_words, translator
from pegboard.web.analyses import Analyses, AnalysesFullError, Progress, ReportKey
from pegboard.web.lobby import client_of
from pegboard.web.replays import FinishedMatch, ReplayRefusedError, finished_match, match_id
from pegboard.web.report_labels import LabelCache, Labels, decision_labels
from pegboard.web.schemas import AnalysisAnswer, AnalysisProgress, answers
from pegboard.web.seat_names import seat_names
from pegboard.web.tables import LobbyError, lang_key

router = APIRouter()


def analyses_of(request: Request) -> Analyses:
    analyses: Analyses = request.app.state.analyses
    return analyses


def refusal(status: int, message: str, retry_after: int | None = None) -> JSONResponse:
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return JSONResponse({"error": message}, status_code=status, headers=headers)


def chart_words(_: Translator) -> ChartWords:
    return ChartWords(
        title=_("Chart of the match"),
        description=_(
            "Above: each player's points after each move. Then, where the game has tables "
            "of its chances, each player's chance of winning at each of their decisions, as "
            "they saw it. Below: the points each player lost at each of their decisions, as "
            "the expert values them."
        ),
        moves=_("Move"),
        points=_("Points"),
        lost=_("Points lost"),
        chance=_("Chance of winning (%)"),
    )


def report_answer(
    data: dict[str, Any], found: FinishedMatch, _: Translator, labels: Labels | None = None
) -> dict[str, Any]:
    """The stored report (read back with ``Report.from_json``) as a page reads it: its JSON
    with the seats' names, each decision's move number (the replay's position after it is
    ``at = move``, before it ``at = move - 1``), grade and unit named, each valued action
    (and the taken and best ones) labelled in words from ``labels`` (``report_labels``;
    the notation where none is known), each seat's summary named, and the chart's words
    and rows."""
    report = Report.from_json(data)
    names = [str(name) for name in seat_names(found.game, found.seats, _)]
    words = known_words(_)
    grade_names = {grade: _(GRADE_NAMES[grade]) for grade in GRADES}
    answer = report.to_json()
    answer["match"] = match_id(found.table_id, found.number)
    answer["names"] = names
    answer["grade_names"] = grade_names
    labels = labels or {}

    def labelled(decision: dict[str, Any]) -> dict[str, Any]:
        words = labels.get(decision["index"], {})
        return {
            **decision,
            "values": [
                {**value, "label": words.get(value["action"], value["action"])}
                for value in decision["values"]
            ],
            "taken_label": words.get(decision["taken"], decision["taken"]),
            "best_label": words.get(decision["best"], decision["best"]),
        }

    answer["decisions"] = [
        {
            **labelled(decision),
            "move": decision["index"] + 1,
            "grade_name": None if decision["grade"] is None else grade_names[decision["grade"]],
            "unit_name": words.get(decision["unit"], decision["unit"]),
        }
        for decision in answer["decisions"]
    ]
    answer["seats"] = [{**seat, "name": names[seat["seat"]]} for seat in answer["seats"]]
    details = {key for d in report.decisions for value in d.values for key in value.details}
    answer["detail_names"] = {key: words.get(key, key) for key in sorted(details)}
    chart = report_chart(report, names, chart_words(_))
    answer["chart"] = {
        "title": chart.title,
        "description": chart.description,
        "moves_label": chart.moves_label,
        "panels": [
            {
                "key": panel.key,
                "label": panel.label,
                "series": [{"name": s.name, "seat": s.seat, "kind": s.kind} for s in panel.series],
            }
            for panel in chart.panels
        ],
    }
    answer["chart_rows"] = chart_rows(chart)
    return answer


async def labels_of(
    request: Request, found: FinishedMatch, data: dict[str, Any], lang: str
) -> Labels:
    """The labels of a stored report's actions in ``lang``: kept, or made by replaying the
    match (in a thread: a long match costs a view per decision)."""
    cache: LabelCache = request.app.state.report_labels
    kept = cache.get(found, lang)
    if kept is None:
        indices = [int(decision["index"]) for decision in data.get("decisions", [])]
        kept = await asyncio.to_thread(decision_labels, found, indices, lang)
        cache.keep(found, lang, kept)
    return kept


async def _report_of(
    request: Request, match: str, _: Translator
) -> tuple[FinishedMatch, Analyses, ReportKey] | JSONResponse:
    """The finished match a route names, the server's analyses and the match's report's
    key; or the refusal to answer (the replay's 404 or 409, or 409 for a game without an
    analyser, a plug-in's)."""
    try:
        found = await finished_match(request, match, _)
    except ReplayRefusedError as refused:
        return refusal(refused.status, refused.message)
    analyses = analyses_of(request)
    try:
        return found, analyses, analyses.key(found)
    except AnalysisError as error:
        return refusal(409, describe_error(error, _))


@router.post(
    "/api/matches/{match}/analysis",
    status_code=202,
    response_model=None,
    responses={
        200: {"model": AnalysisProgress, "description": "The report is made (stored)."},
        202: {"model": AnalysisProgress, "description": "The report is queued or being made."},
        **answers(404, 409, 422, 429, 503),
    },
)
async def ask_analysis(request: Request, match: str) -> Response:
    """Ask for a finished match's report (the expert's analysis of every decision): once
    per match; asked again while it is made, the same one's progress."""
    _ = translator(lang_key(request.query_params.get("lang")))
    named = await _report_of(request, match, _)
    if isinstance(named, Response):
        return named
    found, analyses, _key = named  # the key checked: the game can be analysed
    try:
        request.app.state.service.clients.within_analyses(client_of(request), _)
    except LobbyError as limited:
        return refusal(limited.status, limited.message, limited.retry_after)
    try:
        progress = await analyses.start(found)
    except AnalysesFullError:
        return refusal(
            503,
            _(
                "Too many matches are being analysed right now: nothing was started. "
                "Ask again in a few minutes."
            ),
            60,
        )
    return JSONResponse(progress.to_json(), status_code=200 if progress.state == "done" else 202)


@router.get(
    "/api/matches/{match}/analysis",
    responses={200: {"model": AnalysisAnswer}, **answers(404, 409, 422, 429, 503)},
)
async def get_analysis(request: Request, match: str) -> Response:
    """A finished match's report, once made (``report``), and its state and progress."""
    lang = lang_key(request.query_params.get("lang"))
    _ = translator(lang)
    named = await _report_of(request, match, _)
    if isinstance(named, Response):
        return named
    found, analyses, key = named
    # The progress is taken before the database is read: a report that ends meanwhile is
    # seen stored, or (read just before its commit) read again once it says it is done.
    before = analyses.progress(key)
    stored = await analyses.stored(key)
    progress = analyses.progress(key) or before or Progress("none")
    if stored is None and progress.state == "done":
        stored = await analyses.stored(key)
        if stored is None:  # gone since (its table deleted): never a "done" without it
            progress = Progress("none")
    if stored is not None:
        total = len(stored.report.get("decisions", []))
        progress = Progress("done", total, total)
        labels = await labels_of(request, found, stored.report, lang)
        return JSONResponse(
            {**progress.to_json(), "report": report_answer(stored.report, found, _, labels)}
        )
    answer: dict[str, Any] = {**progress.to_json(), "report": None}
    if progress.state == "failed":
        answer["error"] = _("The analysis of this match failed: ask for it again.")
    return JSONResponse(answer)


@router.get(
    "/api/matches/{match}/analysis.svg",
    response_class=Response,
    responses={
        200: {
            "content": {"image/svg+xml": {"schema": {"type": "string"}}},
            "description": "The chart of the match's report, as SVG.",
        },
        **answers(404, 409, 422, 429, 503),
    },
)
async def analysis_chart(request: Request, match: str) -> Response:
    """The chart of a finished match's report: each seat's points after each move, and
    the points each lost at each decision (404 until the report is made)."""
    _ = translator(lang_key(request.query_params.get("lang")))
    named = await _report_of(request, match, _)
    if isinstance(named, Response):
        return named
    found, analyses, key = named
    stored = await analyses.stored(key)
    if stored is None:
        return refusal(404, _("This match has not been analysed yet: ask for its analysis."))
    report = Report.from_json(stored.report)
    names = [str(name) for name in seat_names(found.game, found.seats, _)]
    svg = chart_svg(report_chart(report, names, chart_words(_)))
    return Response(svg, media_type="image/svg+xml")
