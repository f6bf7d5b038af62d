"""The page's own strings (buttons, headings, lobby labels, errors, accessible names).

Each is marked with gettext's ``N_`` convention, so that ``make translations`` extracts it
(Babel's default keywords include ``N_``); ``catalog(lang)`` maps every message to its
translation, for ``GET /api/messages``. The page uses the English text as the key.
"""

from __future__ import annotations

from typing import Final

from pegboard.cli.i18n import translator


def N_(message: str) -> str:  # noqa: N802 - gettext's name for "mark, do not translate yet"
    """Mark ``message`` for extraction; it is translated later, by ``catalog``."""
    return message


MESSAGES: Final[tuple[str, ...]] = (
    N_("New table"),
    N_("Draw"),
    N_("Cribbage"),
)


def catalog(lang: str) -> dict[str, str]:
    """Every message of the page, translated to ``lang`` (``ValueError`` if unknown)."""
    _ = translator(lang)
    return {message: _(message) for message in MESSAGES}
