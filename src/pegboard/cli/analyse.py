"""``pegboard analyse``: a match record's report (``pegboard.analysis.analyse``) in a
terminal: each player's accuracy and grades, then every graded decision in the order played.

Moves and seats are counted from 1 here, as people count them (the report counts both from
0). ``--json FILE`` writes the whole report, every decision's values included
(``Report.to_json``), for a program to read.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from pegboard import games
from pegboard.analysis import GRADE_NAMES, AnalysisError, Decision, Report, analyse
from pegboard.bots.base import CHANCE_UNIT
from pegboard.cli.terminal import fail, read_record_file
from pegboard.core import RecordError, WordedError, check_record
from pegboard.hints import HintError
from pegboard.i18n import Translator, describe_error, resolve_language, translator
from pegboard.i18n.words import known_words


def analyse_command(
    record_file: Annotated[Path, typer.Argument(help="A JSON record of a match.")],
    budget: Annotated[
        int | None,
        typer.Option(
            help="Search budget (playouts) of each search (default: the analysing bot's own)."
        ),
    ] = None,
    json_file: Annotated[
        Path | None,
        typer.Option(
            "--json", help="Write the whole report, every decision's values, to this JSON file."
        ),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(
            help="The bot level that values the actions (default: the strongest that can)."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the analysis' random choices.")] = 0,
    lang: Annotated[
        str | None,
        typer.Option(
            help="Language of the report: en, pt, zh, hi (default: from the environment)."
        ),
    ] = None,
) -> None:
    """Grade every decision of the match in RECORD_FILE, as the expert values it.

    Each decision is valued from what its seat could know, never from the other hands.
    """
    try:
        _ = translator(resolve_language(lang))
    except ValueError as error:
        raise fail(str(error)) from None
    if budget is not None and budget < 1:
        raise fail(
            _("the budget is a number of playouts of at least 1, not {budget}").format(
                budget=budget
            ),
            _,
        )
    record = read_record_file(record_file, _)
    try:
        game = games.get(check_record(record).get("game"))
        with analysis_progress(_) as progress:
            task = progress.add_task(_("analysing"), total=None)

            def advance(done: int, total: int) -> None:
                progress.update(task, completed=done, total=total)

            report = analyse(game, record, level=level, budget=budget, seed=seed, progress=advance)
    except (AnalysisError, HintError, RecordError, WordedError) as error:
        raise fail(describe_error(error, _), _) from None
    if json_file is not None:
        try:
            json_file.write_text(json.dumps(report.to_json(), indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise fail(
                _("cannot write {path}: {reason}").format(path=json_file, reason=error.strerror),
                _,
            ) from None
    console = Console()
    console.print(summary_table(report, _))
    graded = report.graded()
    if not graded:
        console.print(_("No decision lost enough to be graded."))
    for decision in graded:
        console.print(decision_line(decision, _), highlight=False, soft_wrap=True)


def analysis_progress(_: Translator) -> Progress:
    """A progress bar on stderr (stdout keeps the report alone), gone once done."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(_("decisions")),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    )


def summary_table(report: Report, _: Translator) -> Table:
    """Each seat's accuracy, decisions, grades and mean loss."""
    title = _("{game}: analysed by {level}").format(game=report.game, level=report.level)
    table = Table(title=title)
    table.add_column(_("seat"), justify="right")
    table.add_column(_("accuracy"), justify="right")
    table.add_column(_("decisions"), justify="right")
    table.add_column(_("inaccuracies"), justify="right")
    table.add_column(_("mistakes"), justify="right")
    table.add_column(_("blunders"), justify="right")
    table.add_column(_("mean loss"), justify="right")
    for summary in report.summaries():
        table.add_row(
            str(summary.seat + 1),
            f"{summary.accuracy:.1f}",
            str(summary.decisions),
            str(summary.grades["inaccuracy"]),
            str(summary.grades["mistake"]),
            str(summary.grades["blunder"]),
            f"{summary.mean_loss:.2f}",
        )
    return table


def decision_line(decision: Decision, _: Translator) -> str:
    """One graded decision as a sentence: "Move 23, seat 2: mistake — played 5-6@6-6B,
    best 2-6@6-6L, −4.2 ± 0.6 expected point margin"."""
    grade = decision.grade
    unit = known_words(_).get(decision.unit, decision.unit)
    return _(
        "Move {move}, seat {seat}: {grade} — played {taken}, best {best}, −{loss} ± {error} {unit}"
    ).format(
        move=decision.index + 1,
        seat=decision.seat + 1,
        grade=_(GRADE_NAMES[grade]) if grade is not None else "",
        taken=decision.taken,
        best=decision.best,
        loss=in_unit(decision, decision.loss),
        error=in_unit(decision, decision.error),
        unit=unit,
    )


def in_unit(decision: Decision, value: float) -> str:
    """A decision's loss or error in its unit: a chance of winning (near a match's end) as
    a percentage, points to one decimal."""
    return f"{100 * value:.1f}%" if decision.unit == CHANCE_UNIT else figure_1(value)


def figure_1(value: float) -> str:
    """A loss or its error to one decimal, as the grades' thresholds are read."""
    return f"{value:.1f}"
