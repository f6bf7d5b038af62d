"""``pegboard daily GAME``: the day's deals of a game, played line by line in the terminal
against the same expert bots as the site's daily event (``pegboard.daily``), unranked.

The deals come from the day's seed under a secret: a site's, read from its database
(``--database``, as ``pegboard serve`` takes it: the same deals as that site's), else this
installation's own, kept in a file made the first time (``--secret-file``; by default under
``$XDG_DATA_HOME/pegboard``). After each deal the command says
its score and the par's (the expert in your seat on the same deal); at the end, the day's
sum of both.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from pegboard import daily
from pegboard.bots import move_seed
from pegboard.cli.generic import GenericTable
from pegboard.cli.look import game_name
from pegboard.cli.play import new_table, run_table
from pegboard.cli.terminal import Terminal, TerminalLost, fail
from pegboard.daily import DailyDeal, DailyError, Day, DealScore, par_deal
from pegboard.games import Game, level_name, make_bot
from pegboard.i18n import Translator, describe_error, resolve_language, translator


def default_secret_file() -> Path:
    """Where this installation's daily secret is kept unless ``--secret-file`` says."""
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "pegboard" / "daily-secret"


def read_secret(path: Path, _: Translator) -> bytes:
    """The secret in ``path`` (hexadecimal), made there (readable by its owner alone) when
    there is none yet."""
    try:
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as made:
                made.write(secrets.token_hex(daily.SECRET_BYTES) + "\n")
        text = path.read_text().strip()
        secret = bytes.fromhex(text)
    except OSError as error:
        raise fail(
            _("cannot read the daily secret {path}: {reason}").format(
                path=path, reason=error.strerror
            ),
            _,
        ) from None
    except ValueError:
        secret = b""
    if len(secret) < 16:
        raise fail(
            _("the daily secret {path} is not one: 32 bytes written in hexadecimal").format(
                path=path
            ),
            _,
        )
    return secret


def site_secret(url: str, _: Translator) -> bytes:
    """The daily secret of the site whose database is ``url`` (made there, as the site
    would make it, when it has none yet); the database is brought up to date first, as
    ``pegboard serve`` brings it."""
    try:
        from sqlalchemy.exc import SQLAlchemyError

        from pegboard.web.db import make_engine, upgrade
        from pegboard.web.store import daily_secret
    except ImportError:
        raise fail(_("--database needs the web extra: pip install 'pegboard[web]'"), _) from None
    try:
        upgrade(url)
        engine = make_engine(url)
        try:
            return daily_secret(engine)
        finally:
            engine.dispose()
    except (SQLAlchemyError, OSError, ValueError) as error:  # an unusable URL is a ValueError
        reason = " ".join(str(error).split())[:200]
        raise fail(
            _("pegboard daily: the database cannot be used: {error}").format(error=reason), _
        ) from None


def score_line(number: int, score: DealScore, _: Translator) -> str:
    """A deal's score as the command says it after the deal."""
    return _(
        "Deal {number}: you {margin}, the expert in your seat {par}: {difference} against par."
    ).format(
        number=number,
        margin=signed(score.margin),
        par=signed(score.par),
        difference=signed(score.against_par),
    )


def signed(value: float) -> str:
    """A margin with its sign, whole when it is whole."""
    text = f"{value:+.0f}" if float(value).is_integer() else f"{value:+.1f}"
    return text.replace("+0", "0") if text in ("+0", "-0") else text


class DailyTable:
    """The game's own table (``pegboard.cli.play.new_table``) for one daily deal: over at
    the deal's end, its bots seeded move by move as the daily's are
    (``pegboard.bots.move_seed``), so that the deal goes as it would on the site."""

    def __init__(self, game: Game, seed: int, terminal: Terminal, _: Translator) -> None:
        self.game = game
        self.seed = seed
        self.level = daily.deal_level(game)
        table = new_table(game, daily.daily_options(game), self.level, seed, terminal, _)
        assert isinstance(table, GenericTable)  # every game's look makes one
        self.table = table
        self.moves = 0

    @property
    def is_over(self) -> bool:
        deals_over = self.game.deals_over
        assert deals_over is not None  # a daily game has it
        return self.table.is_over or deals_over(self.table.match) >= 1

    @property
    def human_to_move(self) -> bool:
        return bool(self.table.human_to_move)

    def bot_move(self) -> None:
        seat = int(self.table.match.current_player)
        seed = move_seed(self.seed, self.moves)
        self.table.bots[seat] = make_bot(self.game.name, self.level, seed=seed)
        self.table.bot_move()
        self.moves += 1

    def show(self) -> Sequence[Any]:
        return self.table.show()

    def parse(self, text: str) -> Any:
        return self.table.parse(text)

    def apply(self, action: Any) -> None:
        self.table.apply(action)
        self.moves += 1

    def help(self) -> str:
        return str(self.table.help())

    def finish(self) -> None:
        """Nothing here: the day's loop says the deal's score."""

    def record(self) -> dict[str, Any]:
        return dict(self.table.record())

    def played(self) -> DailyDeal:
        """The deal as played, rebuilt from the table's record (the same moves)."""
        record_start = self.game.record_start
        assert record_start is not None  # every daily game's records read as a start
        _options, _seed, actions = record_start(self.record())
        return DailyDeal(self.game, self.seed, actions=actions)


def daily_command(
    game: Annotated[str, typer.Argument(help="The game: {daily_games}.")],
    day: Annotated[
        str | None, typer.Option(help="The day, YYYY-MM-DD (default: today, in UTC).")
    ] = None,
    secret_file: Annotated[
        Path | None,
        typer.Option(
            help="The file of the secret the deals derive from "
            "(default: $XDG_DATA_HOME/pegboard/daily-secret, made the first time)."
        ),
    ] = None,
    database: Annotated[
        str | None,
        typer.Option(
            help="A site's database (as pegboard serve takes it): play that site's deals."
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(help="Language: en, pt, zh, hi (default: from LANGUAGE, LC_ALL, LANG)."),
    ] = None,
) -> None:
    """Play the day's deals of GAME against the expert, unranked; each deal scored against
    the par: the expert in your seat on the same deal."""
    try:
        _ = translator(resolve_language(lang))
    except ValueError as error:
        raise fail(str(error)) from None
    try:
        today = Day.today()
        chosen = today if day is None else Day.parse(day)
        chosen.check_not_after(today)
        found = daily.daily_game(game)
    except DailyError as error:
        raise fail(describe_error(error, _), _) from None
    if database is not None:
        secret = site_secret(database, _)
    else:
        secret = read_secret(secret_file or default_secret_file(), _)
    seeds = daily.day_seeds(secret, chosen, found.name)
    terminal = Terminal()
    terminal.say(
        _.ngettext(
            "The daily deals of {game}, {day}: {count} deal against {bots}.",
            "The daily deals of {game}, {day}: {count} deals against {bots}.",
            len(seeds.deals),
        ).format(
            game=game_name(found, _),
            day=chosen,
            count=len(seeds.deals),
            bots=_(level_name(found.name, daily.deal_level(found))),
        )
    )
    scores: list[DealScore] = []
    with terminal.leaving_signals():
        for number, seed in enumerate(seeds.deals, 1):
            terminal.say()
            terminal.say(
                _("Deal {number} of {count}").format(number=number, count=len(seeds.deals))
            )
            table = DailyTable(found, seed, terminal, _)
            try:
                if not run_table(table, terminal, _):
                    break
            except (KeyboardInterrupt, TerminalLost):
                terminal.say()
                terminal.say(_("Interrupted: leaving the match."))
                break
            played = table.played()
            score = DealScore(number - 1, played.margin(), par_deal(found, seed).margin())
            scores.append(score)
            terminal.say(score_line(number, score, _))
    if scores:
        total = sum(score.margin for score in scores)
        par = sum(score.par for score in scores)
        terminal.say()
        terminal.say(
            _.ngettext(
                "The day: you {margin} over {count} deal, the expert in your seat {par}.",
                "The day: you {margin} over {count} deals, the expert in your seat {par}.",
                len(scores),
            ).format(margin=signed(total), count=len(scores), par=signed(par))
        )
