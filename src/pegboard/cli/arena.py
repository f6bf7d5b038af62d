"""``pegboard arena``: many deals between bots, with a progress bar and a table per bot."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

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
from pegboard.arena.ray_runner import ClusterError, MissingRayError, RayRunner
from pegboard.arena.stats import Estimate
from pegboard.cli.terminal import fail


def arena(
    game: Annotated[str, typer.Argument(help="draw or cribbage.")],
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
) -> None:
    """Play bots against each other over many deals and compare them.

    A deal is one Draw round or one cribbage hand from 0-0. The table gives each bot's
    wins, draws and losses, its mean points per deal with a 95% confidence interval, and
    its Elo when there are more than two bots; then the margin between every two bots.

    With --backend ray (pegboard's cluster extra) the deals run on Ray: a local one, or the
    cluster at --address. The same seed gives the same figures on any backend.
    """
    levels = [word.strip() for word in bots.split(",") if word.strip()]
    if not levels:
        raise fail("give at least one bot level with --bots")
    if players is not None:
        if players < 1:
            raise fail(f"players is a whole number of at least 2, not {players}")
        levels = [levels[i % len(levels)] for i in range(players)]
    try:
        config = ArenaConfig(
            game.lower(),
            tuple(levels),
            deals=deals,
            duplicate=duplicate,
            matches=matches,
            seed=seed,
            budget=budget,
        )
    except ValueError as error:
        raise fail(str(error)) from None
    if json_file is not None and not json_file.parent.is_dir():
        raise fail(f"cannot write {json_file}: no such directory")
    runner = make_runner(backend, workers, address)
    try:
        results = play(config, runner)
    finally:
        if isinstance(runner, RayRunner):
            runner.close()
    console = Console()
    summary = summarize(config, results)
    console.print(bot_table(summary))
    console.print(margin_table(summary))
    if json_file is not None:
        try:
            json_file.write_text(json.dumps(summary.to_dict(results), indent=1) + "\n")
        except OSError as error:
            raise fail(f"cannot write {json_file}: {error.strerror}") from None


def make_runner(backend: str, workers: int | None, address: str | None) -> Runner:
    """The runner the options ask for, or a one-line error."""
    backend = backend.strip().lower()
    if backend not in ("local", "ray"):
        raise fail(f"the backend is local or ray, not {backend!r}")
    if address is not None and backend != "ray":
        raise fail("--address names a Ray cluster: use it with --backend ray")
    if address is not None and workers is not None:
        raise fail("--workers sets the CPUs of a local Ray; a cluster at --address has its own")
    try:
        if backend == "ray":
            return RayRunner(workers if workers is not None else (os.cpu_count() or 1), address)
        return LocalRunner(workers if workers is not None else (os.cpu_count() or 1))
    except (ValueError, MissingRayError) as error:
        raise fail(str(error)) from None


def play(config: ArenaConfig, runner: Runner) -> list[DealResult]:
    """Every play of ``config``, with a progress bar on stderr."""
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task(f"{config.game}: {' vs '.join(config.labels)}", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(task, completed=done, total=total)

        try:
            return run_arena(config, runner, advance)
        except (BotError, ClusterError) as error:
            raise fail(str(error)) from None


def bot_table(summary: Summary) -> Table:
    config = summary.config
    unit = "match" if config.matches else "deal"
    mode = "duplicate, " if config.duplicate else ""
    table = Table(
        title=f"{config.game} arena: {summary.plays} plays ({mode}seed {config.seed})",
        caption=f"95% intervals over {summary.bots[0].points.n} independent {unit}s"
        + (" (each seed averaged over every seating)" if config.duplicate else ""),
    )
    table.add_column("bot")
    for name in ("wins", "draws", "losses"):
        table.add_column(name, justify="right")
    table.add_column(f"points per {unit}", justify="right")
    table.add_column("95% CI", justify="right")
    show_elo = any(b.elo is not None for b in summary.bots)
    if show_elo:
        table.add_column("Elo", justify="right")
    for bot in summary.bots:
        row = [
            bot.label,
            str(bot.record.wins),
            str(bot.record.draws),
            str(bot.record.losses),
            f"{bot.points.mean:.2f}",
            interval(bot.points),
        ]
        if show_elo:
            row.append("" if bot.elo is None else f"{bot.elo:.0f}")
        table.add_row(*row)
    return table


def margin_table(summary: Summary) -> Table:
    paired = " (paired by deal seed)" if summary.config.duplicate else ""
    table = Table(title=f"margins in points per {'match' if summary.config.matches else 'deal'}")
    table.add_column("bots")
    table.add_column(f"margin{paired}", justify="right")
    table.add_column("95% CI", justify="right")
    for margin in summary.margins:
        table.add_row(
            f"{margin.first} - {margin.second}",
            f"{margin.estimate.mean:+.2f}",
            interval(margin.estimate),
        )
    return table


def interval(estimate: Estimate) -> str:
    if estimate.n < 2:
        return "n/a"
    return f"[{estimate.low:.2f}, {estimate.high:.2f}]"
