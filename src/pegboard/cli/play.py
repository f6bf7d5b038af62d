"""``pegboard play``: one human against bots, line by line in the terminal.

The loop here is the same for every game: it reads an answer, which is a move in the
game's notation or the number of a listed move, or ``help``, ``show`` or ``quit``; it
hands the move to the game and shows the rule when the game refuses it. The game is
found by name in the registry (``pegboard.games``) and its options are read generically
(``--players``, ``--best-of``, ``--target`` and ``--option NAME=VALUE`` name options of
the game). Every game is played at the generic table (``pegboard.cli.generic``); what a
game shows and how it announces moves is specialised by its look (``Game.looks.cli``,
``pegboard.cli.look``), as a subclass of that table.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, Protocol

import typer

from pegboard import games
from pegboard.cli.generic import GenericTable
from pegboard.cli.look import cli_look
from pegboard.cli.terminal import Terminal, TerminalLost, fail
from pegboard.core import IllegalActionError
from pegboard.games import Game, level_name
from pegboard.hangup import detach_from_terminal, signal_status
from pegboard.i18n import (
    Translator,
    describe_error,
    resolve_language,
    rule_reason,
    translator,
    unreadable_reason,
)

QUIT = frozenset({"quit", "q", "exit"})
HELP = frozenset({"help", "h", "?"})
SHOW = frozenset({"show", "board", "s"})


class TextTable(Protocol):
    """A game at the terminal, seen from the human's seat."""

    @property
    def is_over(self) -> bool: ...

    @property
    def human_to_move(self) -> bool: ...

    def bot_move(self) -> None:
        """Let the bot whose turn it is move, and announce the move."""

    def show(self) -> Sequence[Any]:
        """Show the human's view and number the legal moves; return them in that order."""

    def parse(self, text: str) -> Any:
        """Read a move in the game's notation (``ValueError`` when unreadable)."""

    def apply(self, action: Any) -> None:
        """Play the human's move (``IllegalActionError``, and nothing changes, if illegal)."""

    def help(self) -> str: ...

    def finish(self) -> None:
        """Say how the match ended."""

    def record(self) -> dict[str, Any]: ...


def run_table(table: TextTable, terminal: Terminal, _: Translator) -> bool:
    """Play until the match ends (True) or the human leaves (False)."""
    while not table.is_over:
        if not table.human_to_move:
            table.bot_move()
            continue
        legal = table.show()
        while True:
            answer = terminal.ask("> ")
            if answer is None:
                terminal.say(_("End of input: leaving the match."))
                return False
            text = answer.strip()
            word = text.lower()
            if not text:
                terminal.say(_("Type a move, its number, or help."))
                continue
            if word in QUIT:
                terminal.say(_("You leave the match."))
                return False
            if word in HELP:
                terminal.say(table.help())
                continue
            if word in SHOW:
                legal = table.show()
                continue
            try:
                # A number picks a move; a table listing none reads it itself (a count of
                # points claimed at cribbage's show with muggins, C18).
                if text.isdigit() and legal:
                    number = int(text)
                    if not 1 <= number <= len(legal):
                        terminal.say(
                            _("There is no move {number}: choose 1 to {last}.").format(
                                number=number, last=len(legal)
                            )
                        )
                        continue
                    action = legal[number - 1]
                else:
                    action = table.parse(text)
                table.apply(action)
            except IllegalActionError as error:
                terminal.say(_("Not allowed: {reason}").format(reason=rule_reason(error, _)))
                continue
            except ValueError as error:
                terminal.say(
                    _("Not understood: {reason}").format(reason=unreadable_reason(error, text, _))
                )
                continue
            break
    table.finish()
    return True


def full_screen_possible() -> bool:
    """The full-screen client needs a terminal on both sides: with a pipe or a file on
    either, ``play`` is line by line (scripts piping moves keep working)."""
    return sys.stdin.isatty() and sys.stdout.isatty()


def play(
    game: Annotated[
        str | None,
        typer.Argument(help="The game to play, by name: {game_names} (default: the first, draw)."),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="Players, you included (2 to 4 in every game)."),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="Level of the bots: beginner, casual, strong or expert (the default).",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible match.")] = None,
    lang: Annotated[
        str | None,
        typer.Option(help="Language: en, pt, zh, hi (default: from LANGUAGE, LC_ALL, LANG)."),
    ] = None,
    save: Annotated[Path | None, typer.Option(help="Write the match record to this file.")] = None,
    best_of: Annotated[
        int | None,
        typer.Option(
            "--best-of",
            "--games",
            help="Cribbage: a match, the best of this many games (odd); one game if not given.",
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="An option of the game, NAME=VALUE (repeatable), e.g. --option target=61.",
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option(
            "--plain",
            help="Line by line (for screen readers and pipes) instead of full screen; "
            "the default when input or output is not a terminal.",
        ),
    ] = False,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Full screen: go on with the match saved when you left it."),
    ] = False,
    target: Annotated[int | None, typer.Option(hidden=True)] = None,
) -> None:
    """Play a match against bots; you are seat 0. Full screen in a terminal (a set-up
    screen, then the match, saved after every move: --resume goes on with it), else, or
    with --plain, line by line."""
    try:
        _ = translator(resolve_language(lang))
    except ValueError as error:
        raise fail(str(error)) from None
    if game is not None and game not in games.names():
        raise fail(
            _("no game {game!r} to play; choose one of: {games}").format(
                game=game, games=", ".join(games.names())
            ),
            _,
        )
    if save is not None and not save.parent.is_dir():  # say so now, not after the match
        raise fail(
            _("cannot save the record to {path}: no such directory {directory}").format(
                path=save, directory=save.parent
            ),
            _,
        )
    if resume:
        from pegboard.cli.tui import resume_full_screen

        resume_full_screen(game, plain or not full_screen_possible(), save, _)
        return
    chosen = games.get(games.names()[0] if game is None else game)
    flags = {"--players": (chosen.players_option, players)}
    flags.update({"--best-of": ("best_of", best_of), "--target": ("target", target)})
    requested = requested_options(chosen, flags, option or [], _)
    look = cli_look(chosen)
    if bots is None:
        bots = look.bots if look.bots is not None else chosen.default_level()
    # The research levels are not offered (the help and this refusal name the levels for
    # people), yet one named on purpose still plays: scripts and tests ask for the quick
    # random and greedy bots, and a researcher may want to face PIMC or ISMCTS.
    if bots not in chosen.bot_levels():
        raise fail(
            _("no {bots!r} bots for {game}; choose one of: {levels}").format(
                bots=bots, game=chosen.name, levels=", ".join(chosen.people_levels())
            ),
            _,
        )
    if seed is None:
        seed = random.SystemRandom().getrandbits(63)
    if not plain and full_screen_possible():
        from pegboard.cli.tui import full_screen

        full_screen(
            chosen.name,
            requested.get(chosen.players_option),
            bots,
            seed,
            requested.get("best_of"),
            requested.get("target"),
            save,
            _,
            options=requested,
        )
        return
    terminal = Terminal()
    with terminal.leaving_signals():
        try:
            table = new_table(chosen, requested, bots, seed, terminal, _)
        except ValueError as error:  # a WordedError or OptionError names its rule
            raise fail(describe_error(error, _), _) from None
        except TerminalLost as lost:
            raise leave_lost_terminal(lost, None, save, _) from None
        terminal.say(opponents_line(chosen, table, bots, _))
        try:
            run_table(table, terminal, _)
        except KeyboardInterrupt:
            terminal.say()
            terminal.say(_("Interrupted: leaving the match."))
        except TerminalLost as lost:
            raise leave_lost_terminal(lost, table.record(), save, _) from None
    if save is not None:
        write_record(table.record(), save, _)
        terminal.say(_("Match record written to {path}.").format(path=save))


def opponents_line(game: Game, table: TextTable, level: str, _: Translator) -> str:
    """Who plays against the human (seat 1): the bots' level; at a table of two sides of
    partners (``Game.sides``: partnership Draw, D21; the Fives family's, F1) the partner's
    seat and the opponents' seats told apart, since one of the bots plays for the human."""
    bots = _(level_name(game.name, level))
    match = getattr(table, "match", None)
    sides = () if game.sides is None or match is None else game.sides(match)
    mine = next((side for side in sides if 0 in side), ())
    partners = [seat for seat in mine if seat != 0]
    opponents = sorted(seat for side in sides if 0 not in side for seat in side)
    if len(partners) == 1 and len(opponents) == 2:
        return _(
            "Your partner: {bot} (seat {partner}). Your opponents: {bots} (seats {first} and "
            "{second})."
        ).format(
            bot=bots,
            partner=partners[0] + 1,
            bots=bots,
            first=opponents[0] + 1,
            second=opponents[1] + 1,
        )
    return _("Your opponents: {bots}").format(bots=bots)


def requested_options(
    game: Game,
    flags: dict[str, tuple[str, int | None]],
    pairs: Sequence[str],
    _: Translator,
) -> dict[str, int | None]:
    """The options the user gave, by the game's option names: the flags that were given
    (each must name an option of the game) and every ``--option NAME=VALUE``."""
    known = [option.name for option in game.options]
    requested: dict[str, int | None] = {}
    for flag, (name, value) in flags.items():
        if value is None:
            continue
        if name not in known:
            offered = [g for g in games.names() if name in [o.name for o in games.get(g).options]]
            raise fail(
                _("{flag} is for {games}, not for {game}").format(
                    flag=flag, games=", ".join(offered), game=game.name
                ),
                _,
            )
        requested[name] = value
    for pair in pairs:
        name, sep, text = pair.partition("=")
        name, text = name.strip().replace("-", "_"), text.strip()
        if not sep or not name:
            raise fail(_("--option is NAME=VALUE, not {text!r}").format(text=pair), _)
        if name not in known:
            raise fail(
                _("{game} has no option {name!r}; its options are: {options}").format(
                    game=game.name, name=name, options=", ".join(known)
                ),
                _,
            )
        if text.lower() in ("none", "null", ""):
            requested[name] = None
            continue
        try:
            requested[name] = int(text)
        except ValueError:
            raise fail(
                _("the option {name} is a whole number, not {value!r}").format(
                    name=name, value=text
                ),
                _,
            ) from None
    return requested


def new_table(
    game: Game,
    requested: dict[str, int | None],
    level: str,
    seed: int,
    terminal: Terminal,
    _: Translator,
) -> TextTable:
    """The game's table as its look makes it, else the generic table; a ``ValueError``
    (``OptionError`` naming the rule) for options the game refuses."""
    look = cli_look(game)
    if look.table is not None:
        return look.table(requested, level, seed, _.lang, terminal, _)
    request = dict(requested)
    if request.get(game.players_option) is None:
        try:
            if game.option(game.players_option).default is None:
                request[game.players_option] = game.min_players
        except KeyError:
            pass
    return GenericTable.new(game, game.check_options(request), level, seed, terminal, _)


def leave_lost_terminal(
    lost: TerminalLost, record: dict[str, Any] | None, save: Path | None, _: Translator
) -> typer.Exit:
    """The terminal hung up (or SIGHUP or SIGTERM came): the caller raises the returned
    exit, whose status names the signal. Nobody reads any more, so nothing is said; the
    record is written as on any leaving."""
    detach_from_terminal()
    if save is not None and record is not None:
        write_record(record, save, _)
    return typer.Exit(code=signal_status(lost.signum))


def write_record(record: dict[str, Any], save: Path, _: Translator) -> None:
    try:
        save.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    except OSError as error:
        raise fail(
            _("cannot write the record to {path}: {reason}").format(
                path=save, reason=error.strerror
            ),
            _,
        ) from None
