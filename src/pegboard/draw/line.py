"""The line of play (D5, D9) and its description (B1-B5): ``pegboard.dominoes.line``,
which every domino game shares, under Draw's own name."""

from pegboard.dominoes.line import LANGUAGES, SIDES, WORDS, End, Joint, Line, Side, language

__all__ = ["LANGUAGES", "SIDES", "WORDS", "End", "Joint", "Line", "Side", "language"]
