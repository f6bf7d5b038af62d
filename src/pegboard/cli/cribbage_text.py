"""The words of cribbage, moved to ``pegboard.i18n.cribbage_text`` (issue 11) so that
the terminal app and the web server need not import the command line: this module is
kept for compatibility. New code imports ``pegboard.i18n.cribbage_text``.
"""

from pegboard.i18n.cribbage_text import (
    Gettext,
    Seats,
    capital,
    cards_text,
    cut_lines,
    event_lines,
    hand_header,
    move_line,
    narrate,
    result_lines,
    score_line,
    scores_text,
)

__all__ = [
    "Gettext",
    "Seats",
    "capital",
    "cards_text",
    "cut_lines",
    "event_lines",
    "hand_header",
    "move_line",
    "narrate",
    "result_lines",
    "score_line",
    "scores_text",
]
