"""Translations of the command line's own words (not the board descriptions, B5).

The board descriptions are part of the rules (``Line.describe``); everything else the
terminal says goes through ``translator(lang)``, which reads gettext catalogs from
``pegboard/cli/locale/<locale>/LC_MESSAGES/pegboard.mo`` and falls back to English.
"""

from __future__ import annotations

import gettext
from collections.abc import Callable
from pathlib import Path
from typing import Final

from pegboard.draw.line import language

LOCALES: Final[dict[str, str]] = {"en": "en", "pt": "pt_BR", "zh": "zh_Hans", "hi": "hi"}
_LOCALE_DIR: Final = Path(__file__).parent / "locale"


def translator(lang: str) -> Callable[[str], str]:
    """The gettext function for ``lang`` (``en``, ``pt``, ``zh``, ``hi`` or an alias)."""
    catalog = gettext.translation(
        "pegboard", localedir=_LOCALE_DIR, languages=[LOCALES[language(lang)]], fallback=True
    )
    return catalog.gettext
