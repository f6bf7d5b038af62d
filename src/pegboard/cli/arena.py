"""``pegboard arena``: many deals between bots, with a progress bar and a table per bot.

The game is any game of the registry (``pegboard.games``), its bots any of its levels;
what a deal is belongs to the game (``pegboard.arena.deals``)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from pegboard import games
from pegboard.arena import (
    ArenaConfig,
    BotError,
    DealResult,
    LocalRunner,
    Runner,
    Summary,
    run_arena,
    summarize,
)
from pegboard.arena.deals import seat_counts
from pegboard.arena.ray_runner import ClusterError, MissingRayError, RayRunner
from pegboard.arena.stats import Estimate
from pegboard.cli.look import game_name as cli_game_name
from pegboard.cli.play import requested_options
from pegboard.cli.terminal import fail
from pegboard.games import UnknownGameError
from pegboard.i18n import Translator, describe_error, resolve_language, translator


def arena(
    game: Annotated[str, typer.Argument(help="The game, by name: {game_names}.")],
    bots: Annotated[
        str, typer.Option(help="Bot levels, comma-separated: one per seat (or cycled).")
    ] = "greedy,random",
    players: Annotated[
        int | None, typer.Option(help="Seats (Draw: 2-4); the bots are cycled to fill them.")
    ] = None,
    deals: Annotated[int, typer.Option(help="Deals to play (matches with --matches).")] = 100,
    duplicate: Annotated[
        bool, typer.Option(help="Play every deal once per seating, so that luck cancels.")
    ] = False,
    matches: Annotated[
        bool, typer.Option(help="Play whole matches (Draw) or games to 121 (cribbage).")
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(help="Processes to use (default: every core); with Ray, its local CPUs."),
    ] = None,
    backend: Annotated[
        str, typer.Option(help="Where the deals run: local (processes here) or ray.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option(
            help="With --backend ray: the cluster to join (HOST:6379, auto, ray://HOST:10001);"
            " without it, a local Ray is started."
        ),
    ] = None,
    seed: Annotated[int, typer.Option(help="Master seed: the same seed, the same run.")] = 0,
    json_file: Annotated[
        Path | None, typer.Option("--json", help="Also write every figure to this JSON file.")
    ] = None,
    budget: Annotated[
        int | None, typer.Option(help="Search budget (playouts) for bots that search.")
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            help="Language of the tables: en, pt, zh, hi (default: from the environment)."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            help="An option of the game, NAME=VALUE (repeatable), e.g. --option block=1.",
        ),
    ] = None,
) -> None:
    """Play bots against each other over many deals and compare them.

    A deal is one Draw round or one cribbage hand from 0-0; in a game with no deals of its
    own, a whole match. The table gives each bot's
    wins, draws and losses, its mean points per deal with a confidence interval (95%), and
    its Elo when there are more than two bots; then the margin between every two bots.

    With --backend ray (pegboard's cluster extra) the deals run on Ray: a local one, or the
    cluster at --address. The same seed gives the same figures on any backend.
    """
    try:
        _ = translator(resolve_language(lang))
    except ValueError as error:
        raise fail(str(error)) from None
    game = game.strip().lower()
    levels = [word.strip() for word in bots.split(",") if word.strip()]
    check_options(game, levels, players, deals, budget, _)
    described = games.get(game)
    requested = requested_options(described, {}, option or [], _)
    if described.players_option in requested:
        raise fail(_("give the seats with --players, not --option"), _)
    if players is not None:
        levels = [levels[i % len(levels)] for i in range(players)]
    try:
        config = ArenaConfig(
            game,
            tuple(levels),
            deals=deals,
            duplicate=duplicate,
            matches=matches,
            seed=seed,
            budget=budget,
            options=tuple(requested.items()),
        )
    except ValueError as error:  # an option the game refuses (its rule named), or a check
        raise fail(describe_error(error, _), _) from None
    if json_file is not None and not json_file.parent.is_dir():
        raise fail(_("cannot write {path}: no such directory").format(path=json_file), _)
    runner = make_runner(backend, workers, address, _)
    try:
        results = play(config, runner, _)
    finally:
        if isinstance(runner, RayRunner):
            runner.close()
    console = Console()
    summary = summarize(config, results)
    console.print(bot_table(summary, _))
    console.print(margin_table(summary, _))
    if json_file is not None:
        try:
            json_file.write_text(json.dumps(summary.to_dict(results), indent=1) + "\n")
        except OSError as error:
            raise fail(
                _("cannot write {path}: {reason}").format(path=json_file, reason=error.strerror),
                _,
            ) from None


def check_options(
    game: str,
    levels: list[str],
    players: int | None,
    deals: int,
    budget: int | None,
    _: Translator,
) -> None:
    """The user's options, checked here so that the error is in the user's language
    (``ArenaConfig`` checks them again, in English, for programs)."""
    try:
        described = games.get(game)
    except UnknownGameError as error:
        raise fail(describe_error(error, _), _) from None
    if not levels:
        raise fail(_("give at least one bot level with --bots"), _)
    allowed = seat_counts(described)
    count = len(levels) if players is None else players
    if count not in allowed:
        raise fail(
            _("{game} is played by {counts} players here, not {count}").format(
                game=game_name(game, _), counts=", ".join(map(str, allowed)), count=count
            ),
            _,
        )
    choices = described.bot_levels()
    for spec in levels:
        level = spec.partition("@")[0]  # LEVEL@BUDGET: the level with a budget of its own
        if level not in choices:
            raise fail(
                _("no {level!r} bot for {game}; choose from: {levels}").format(
                    level=level, game=game_name(game, _), levels=", ".join(choices)
                ),
                _,
            )
    if deals < 1:
        raise fail(_("--deals is a whole number of at least 1, not {deals}").format(deals=deals), _)
    if budget is not None and budget < 1:
        raise fail(
            _("--budget is a whole number of at least 1, not {budget}").format(budget=budget), _
        )


def game_name(game: str, _: Translator) -> str:
    """How the command line names the game in ``_``'s language (its look's, else the
    registry's display name)."""
    try:
        return cli_game_name(games.get(game), _)
    except UnknownGameError:
        return game


def make_runner(
    backend: str, workers: int | None, address: str | None, _: Translator | None = None
) -> Runner:
    """The runner the options ask for, or a one-line error."""
    _ = translator("en") if _ is None else _
    backend = backend.strip().lower()
    if backend not in ("local", "ray"):
        raise fail(_("the backend is local or ray, not {backend!r}").format(backend=backend), _)
    if address is not None and backend != "ray":
        raise fail(_("--address names a Ray cluster: use it with --backend ray"), _)
    if address is not None and workers is not None:
        raise fail(
            _("--workers sets the CPUs of a local Ray; a cluster at --address has its own"), _
        )
    if workers is not None and workers < 1:
        raise fail(
            _("--workers is a whole number of at least 1, not {workers}").format(workers=workers),
            _,
        )
    if address is not None and not address.strip():
        raise fail(_("a Ray address is auto, HOST:PORT or ray://HOST:PORT, not empty"), _)
    try:
        if backend == "ray":
            return RayRunner(workers if workers is not None else (os.cpu_count() or 1), address)
        return LocalRunner(workers if workers is not None else (os.cpu_count() or 1))
    except MissingRayError:
        raise fail(
            _(
                "the Ray backend needs ray: install pegboard[cluster]"
                " (pip install 'pegboard[cluster]')"
            ),
            _,
        ) from None
    except ValueError as error:  # checked above: only a check added to the runners since
        raise fail(describe_error(error, _), _) from None


def play(config: ArenaConfig, runner: Runner, _: Translator | None = None) -> list[DealResult]:
    """Every play of ``config``, with a progress bar on stderr."""
    _ = translator("en") if _ is None else _
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        description = _("{game}: {bots}").format(
            game=game_name(config.game, _), bots=_(" vs ").join(config.labels)
        )
        task = progress.add_task(description, total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        try:
            return run_arena(config, runner, advance)
        except BotError as error:
            # The bot's own account of its failure is for the bot's author, in English.
            raise fail(
                _("a bot failed, and the arena stopped: {reason}").format(reason=error), _
            ) from None
        except ClusterError as error:
            raise fail(
                _("the Ray cluster failed, and the arena stopped: {reason}").format(reason=error), _
            ) from None


def bot_table(summary: Summary, _: Translator | None = None) -> Table:
    _ = translator("en") if _ is None else _
    config = summary.config
    game = game_name(config.game, _)
    units = summary.bots[0].points.n
    if config.duplicate:
        title = _.ngettext(
            "{game} arena: {plays} play (duplicate, seed {seed})",
            "{game} arena: {plays} plays (duplicate, seed {seed})",
            summary.plays,
        )
        caption = _("{intervals} (each seed averaged over every seating)")
    else:
        title = _.ngettext(
            "{game} arena: {plays} play (seed {seed})",
            "{game} arena: {plays} plays (seed {seed})",
            summary.plays,
        )
        caption = "{intervals}"
    if config.matches:
        intervals = _.ngettext(
            "{level} intervals over {n} independent match",
            "{level} intervals over {n} independent matches",
            units,
        )
    else:
        intervals = _.ngettext(
            "{level} intervals over {n} independent deal",
            "{level} intervals over {n} independent deals",
            units,
        )
    # The level is a placeholder: a bare "95% i" would read as a printf format to gettext.
    intervals = intervals.format(n=units, level="95%")
    table = Table(
        title=title.format(game=game, plays=summary.plays, seed=config.seed),
        caption=caption.format(intervals=intervals),
    )
    table.add_column(_("bot"))
    for name in (_("wins"), _("draws"), _("losses")):
        table.add_column(name, justify="right")
    table.add_column(
        _("points per match") if config.matches else _("points per deal"), justify="right"
    )
    table.add_column(_("95% CI"), justify="right")
    show_elo = any(b.elo is not None for b in summary.bots)
    if show_elo:
        table.add_column(_("Elo"), justify="right")
    for bot in summary.bots:
        row = [
            bot.label,
            str(bot.record.wins),
            str(bot.record.draws),
            str(bot.record.losses),
            f"{bot.points.mean:.2f}",
            interval(bot.points, _),
        ]
        if show_elo:
            row.append("" if bot.elo is None else f"{bot.elo:.0f}")
        table.add_row(*row)
    return table


def margin_table(summary: Summary, _: Translator | None = None) -> Table:
    _ = translator("en") if _ is None else _
    config = summary.config
    title = _("margins in points per match") if config.matches else _("margins in points per deal")
    table = Table(title=title)
    table.add_column(_("bots"))
    table.add_column(
        _("margin (paired by deal seed)") if config.duplicate else _("margin"), justify="right"
    )
    table.add_column(_("95% CI"), justify="right")
    for margin in summary.margins:
        table.add_row(
            f"{margin.first} - {margin.second}",
            f"{margin.estimate.mean:+.2f}",
            interval(margin.estimate, _),
        )
    return table


def interval(estimate: Estimate, _: Translator | None = None) -> str:
    if estimate.n < 2:
        return translator("en")("n/a") if _ is None else _("n/a")
    return f"[{estimate.low:.2f}, {estimate.high:.2f}]"
