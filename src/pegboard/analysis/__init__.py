"""Game reports: every decision of a match valued by an expert, graded, and summed up per
player (issue 36).

    >>> import pegboard.games
    >>> from pegboard.analysis import analyse
    >>> draw = pegboard.games.get("draw")
    >>> report = analyse(draw, record, budget=200, seed=1)      # doctest: +SKIP
    >>> [(s.seat, round(s.accuracy)) for s in report.summaries()]  # doctest: +SKIP
    [(0, 91), (1, 84)]

The analysis is generic: any registered game with a match record read move by move
(``Game.record_start``) and a bot that ranks actions (``AnalysingBot``) can be analysed;
it sees each seat's observation only. Grades and accuracy: ``pegboard.analysis.grades``;
the chance of winning a match: ``pegboard.analysis.odds`` (issue 37).
"""

from pegboard.analysis.errors import AnalysisError
from pegboard.analysis.grades import accuracy, grade, in_points
from pegboard.analysis.odds import public_win_probabilities, win_probability
from pegboard.analysis.plan import analyse, analyse_log, match_start
from pegboard.analysis.report import (
    GRADE_NAMES,
    GRADES,
    ActionValue,
    Decision,
    Report,
    SeatSummary,
)
from pegboard.analysis.search import (
    Searched,
    analyse_decision,
    analysis_level,
)

__all__ = [
    "GRADES",
    "GRADE_NAMES",
    "ActionValue",
    "AnalysisError",
    "Decision",
    "Report",
    "Searched",
    "SeatSummary",
    "accuracy",
    "analyse",
    "analyse_decision",
    "analyse_log",
    "analysis_level",
    "grade",
    "in_points",
    "match_start",
    "public_win_probabilities",
    "win_probability",
]
