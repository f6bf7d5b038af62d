"""What is particular to one game at the command line: its look (``Game.looks.cli``).

The commands work from the games registry (``pegboard.games``) and know no game by name.
A game whose look on this surface is a ``CliLook`` (``Looks(cli=...)``)
gets its own text table and replayer; a game with none, or a
look that leaves a part out (None), is served by the generic rendering of
``pegboard.cli.generic``: its observation as text, its legal actions numbered, and its
narration events said through ``pegboard.i18n.say``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pegboard.cli.play import TextTable
    from pegboard.cli.terminal import Terminal
    from pegboard.games import Game
    from pegboard.i18n import Translator

TableFactory = Callable[
    [Mapping[str, int | None], str, int, str, "Terminal", "Translator"], "TextTable"
]
"""``table(requested, bots_level, seed, lang, terminal, gettext)``: the game's table, from
the options the user gave (only those: the look keeps its own defaults), or a
``ValueError`` naming the problem."""

Replayer = Callable[[dict[str, Any], str, "Terminal", "Translator"], None]
"""``replay(record, lang, terminal, gettext)``: print the record move by move
(``RecordError`` when it does not replay)."""


@dataclass(frozen=True)
class CliLook:
    """A game's own pieces of the command line; each None part is rendered generically."""

    name: Callable[[Translator], str] | None = None
    """The game's name in the command line's sentences, in a language (else its
    translated display name)."""
    bots: str | None = None
    """The bot level ``pegboard play`` seats when none is asked (else the weakest)."""
    table: TableFactory | None = None
    replay: Replayer | None = None
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


def _load(reference: str) -> Any:
    module, _sep, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


def table_of(reference: str, option: str, players: int = 2) -> TableFactory:
    """A look's table factory: the class at ``reference`` (``"module:Class"``, imported only
    when a table is asked for) made by its ``new(players, level, seed, lang, terminal,
    gettext, value)``, ``value`` being the requested ``option`` (None when not given) and
    ``players`` the seats when ``--players`` is not given."""

    def table(
        requested: Mapping[str, int | None],
        level: str,
        seed: int,
        lang: str,
        terminal: Terminal,
        gettext: Translator,
    ) -> TextTable:
        count = requested.get("players")
        seats = players if count is None else count
        made: TextTable = _load(reference).new(
            seats, level, seed, lang, terminal, gettext, requested.get(option)
        )
        return made

    return table


def replayer_of(reference: str) -> Replayer:
    """A look's replayer: the function at ``reference`` (``"module:function"``, imported
    only when a record is replayed), called as ``replay(record, lang, terminal, gettext)``."""

    def replay(record: dict[str, Any], lang: str, terminal: Terminal, gettext: Translator) -> None:
        _load(reference)(record, lang, terminal, gettext)

    return replay
