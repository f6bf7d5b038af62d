"""What is particular to one game at the command line: its look (``Game.looks.cli``).

The commands work from the games registry (``pegboard.games``) and know no game by name.
Every game is played at the generic table and replayed by the generic replay of
``pegboard.cli.generic``: its observation as text, its legal actions numbered, and its
narration events said through ``pegboard.i18n.say``. A game whose look on this surface is
a ``CliLook`` (``looks={"cli": "module:LOOK"}``) specialises them, as subclasses that
give its own words to the parts it needs (its view of the table, a round's header, a
settlement, a show counted aloud); a part left out (None) is the generic one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pegboard.cli.generic import GenericReplay, GenericTable
    from pegboard.cli.terminal import Terminal
    from pegboard.games import Game
    from pegboard.i18n import Translator

TableFactory = Callable[
    [Mapping[str, int | None], str, int, str, "Terminal", "Translator"], "GenericTable"
]
"""``table(requested, bots_level, seed, lang, terminal, gettext)``: the game's table (a
``GenericTable``), from the options the user gave (only those: the look keeps its own
defaults), or a ``ValueError`` naming the problem."""

ReplayFactory = Callable[["Game", "Terminal", "Translator"], "GenericReplay"]
"""``replay(game, terminal, gettext)``: the game's replay (a ``GenericReplay``, its class
will do), which ``pegboard replay`` runs on a record."""


@dataclass(frozen=True)
class CliLook:
    """A game's own pieces of the command line; each None part is the generic one."""

    name: Callable[[Translator], str] | None = None
    """The game's name in the command line's sentences, in a language (else its
    translated display name)."""
    bots: str | None = None
    """The bot level ``pegboard play`` seats when none is asked (else the game's
    ``default_level``: the expert, as on the web)."""
    table: TableFactory | None = None
    replay: ReplayFactory | None = None
    commands: Any = None
    """A ``typer.Typer`` of the game's own sub-commands, added as ``pegboard NAME ...``
    (``pegboard cribbage score``), or None."""


NO_LOOK = CliLook()


def game_name(game: Game, _: Translator) -> str:
    """How the command line names ``game`` in ``_``'s language."""
    name = cli_look(game).name
    return _(game.display_name) if name is None else name(_)


def cli_look(game: Game) -> CliLook:
    """``game``'s look on the command line; ``NO_LOOK`` (all generic) when it has none."""
    return NO_LOOK if game.looks.cli is None else game.looks.cli()
