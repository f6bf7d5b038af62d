"""What the views of every game share: the language, the seats' names, the common keys."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from pegboard.i18n import LOCALES, Translator, translator

LOG_LIMIT: Final = 30
"""The log of a game with no web look of its own holds its last 30 public events (the
table keeps no more of its narration); Draw's and cribbage's logs hold the whole match
(docs/web.md)."""


def locale_of(lang: str) -> str:
    """The gettext locale of ``lang`` (``"pt"`` or ``"pt_BR"`` -> ``"pt_BR"``);
    ``ValueError`` for a language there is none of."""
    return LOCALES[translator(lang).lang]


def default_names(players: int, _: Translator) -> list[str]:
    """``Seat 1``, ``Seat 2``, ...: seats are numbered from 1 on the page."""
    return [_("Seat {number}").format(number=seat + 1) for seat in range(players)]


def common(
    *,
    game: str,
    lang: str,
    seat: int | None,
    names: list[str],
    current: int | None,
    is_over: bool,
    winner: int | None,
    legal: list[dict[str, str]],
    log: list[str],
    scores: Sequence[float],
    target: int | None,
    track_svg: str,
) -> dict[str, Any]:
    """The keys every view has (docs/web.md), in their documented order."""
    your_turn = seat is not None and current == seat and not is_over
    return {
        "game": game,
        "lang": LOCALES[lang],
        "seat": seat,
        "players": len(names),
        "names": names,
        "current": current,
        "is_over": is_over,
        "winner": winner,
        "your_turn": your_turn,
        "legal": legal if your_turn else [],
        "log": log,
        "scores": list(scores),
        "target": target,
        "track_svg": track_svg,
    }
