"""The words of Draw, moved to ``pegboard.i18n.draw_text`` (issue 11) so that the
terminal app and the web server need not import the command line: this module is kept
for compatibility. New code imports ``pegboard.i18n.draw_text``.
"""

from pegboard.i18n.draw_text import (
    Gettext,
    announce,
    chain_text,
    match_end_lines,
    move_text,
    open_ends_text,
    scores_text,
    settlement_lines,
)

__all__ = [
    "Gettext",
    "announce",
    "chain_text",
    "match_end_lines",
    "move_text",
    "open_ends_text",
    "scores_text",
    "settlement_lines",
]
