"""What the views of every game share: the language, the seats' names, the common keys."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
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


# The words a name must not be read as: the viewer's "you" in each language (the narration
# calls the viewer so), and the other forms of the second person a player might choose.
_SECOND_PERSON: Final = frozenset(
    {"you", "your", "yours", "ye", "u", "y'all", "você", "voce", "vocês", "tu", "seu", "sua"}
    | {"你", "您", "你们", "आप", "तुम", "तू", "आपका", "तुम्हारा"}
)


@cache  # the catalogs do not change while the server runs; every view asks
def _second_person() -> frozenset[str]:
    words = set(_SECOND_PERSON)
    for code in LOCALES:
        words.add(translator(code)("you").casefold())
    return frozenset(words)


def narrated_names(names: Sequence[str], _: Translator) -> list[str]:
    """The seats' names as the narration writes them: a name that reads as the second person
    ("you", "Você", "你", "आप": the word the log calls the viewer, in any language) is put in
    quotation marks, so that "you opens the line" cannot be taken for the viewer's own move
    ("“you” opens the line"). Any other name is left as it is."""
    pronouns = _second_person()
    marked = []
    for name in names:
        words = name.split()
        first = words[0].casefold().strip(".,!?:;") if words else ""
        if first in pronouns or name.strip().casefold() in pronouns:
            marked.append(_("“{name}”").format(name=name.strip()))
        else:
            marked.append(name)
    return marked


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
