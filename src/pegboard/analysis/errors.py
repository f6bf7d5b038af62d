"""The analysis' one error (``AnalysisError``), apart so that every module of the package
can raise it."""

from __future__ import annotations

from pegboard.core import WordedError


class AnalysisError(WordedError):
    """A match that cannot be analysed: a bad record, a game without an analyser or without
    tables of its chances."""
