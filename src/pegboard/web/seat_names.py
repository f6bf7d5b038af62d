"""The one name of each seat at a web table, in the reader's language (docs/web.md, "Seat
names"): every text that names a seat takes it from here (the views' ``names``, so the
cards, the log, the dialogs, the sides and the match's end; the tables' summaries, so the
lobby's list; the replays), so that a player is called the same everywhere.

A person keeps the name they chose (a seat with no name yet is "Seat 2", counted from
one). A bot has a name of its seat with its level beside it ("Leo (Expert bot)"): at a
table of several bots each one is told apart, and the level says what a person plays
against. The names are short given names found in English, Portuguese and Hindi alike
(Maya, Leo, Tara, Nico, Iris, Omar), each written as its readers write it (玛雅, माया):
they read as people's names in every language the site speaks, and none is the word for
"you" or a seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from pegboard.core import N_
from pegboard.games import level_name
from pegboard.i18n import Translator
from pegboard.web.records import SeatInfo

BOT_NAMES: Final = (N_("Maya"), N_("Leo"), N_("Tara"), N_("Nico"), N_("Iris"), N_("Omar"))
"""A bot's name by its seat (seat 1 is Leo): one name per seat, so two bots never share one."""


def seat_name(game: str, seat: SeatInfo, _: Translator) -> str:
    """``seat``'s display name at a table of ``game``, said by ``_``."""
    if seat.kind == "bot":
        level = _(level_name(game, seat.level)) if seat.level else _("Bot")
        if seat.seat < len(BOT_NAMES):
            name = _(BOT_NAMES[seat.seat])
        else:  # more seats than names (a plug-in game's): the seat's number tells them apart
            name = _("Bot {number}").format(number=seat.seat + 1)
        return _("{name} ({level})").format(name=name, level=level)
    return seat.name or _("Seat {number}").format(number=seat.seat + 1)


def seat_names(game: str, seats: Sequence[SeatInfo], _: Translator) -> list[str]:
    """Every seat's display name, in the seats' order."""
    return [seat_name(game, seat, _) for seat in seats]
