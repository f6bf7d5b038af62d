"""``pegboard hint``: every legal action of a seat in a recorded position, best first.

The record's game is found in the games registry; its look reads the record when it has
its own reading (a Draw round, a cribbage game), else the game's ``from_record`` does. The
seat is the one to act unless ``--seat`` names it, and the ranking is by the strongest
bot level of the game that can analyse (``pegboard.bots.AnalysingBot``) unless
``--level`` names one; it is computed from the seat's observation alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from pegboard import games
from pegboard.analysis.odds import DEFAULT_SAMPLES, MAX_SAMPLES, known_win_probability
from pegboard.bots import Evaluation
from pegboard.cli.terminal import fail, read_record_file
from pegboard.core import N_, RecordError, WordedError, check_record
from pegboard.games import Game
from pegboard.hints import HintError, strongest_analyser
from pegboard.hints import rank as rank_actions
from pegboard.i18n import Translator, describe_error, resolve_language, translator
from pegboard.i18n.words import known_words  # it lived here: kept importable

# Detail columns that read best in this order (a cribbage discard, a domino play); others
# (a search's own counts) follow.
DETAIL_ORDER = ("hand", "crib", "pegging", "net", "points now", "tiles left", "blocking")


def hint_command(
    record_file: Annotated[Path, typer.Argument(help="A JSON record of a round, game or match.")],
    seat: Annotated[
        int | None,
        typer.Option(
            help="The seat to advise, counted from 1 (it must be its turn; default: the seat "
            "to act)."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
    level: Annotated[
        str | None,
        typer.Option(
            help="The bot level that ranks the actions (default: the strongest that can)."
        ),
    ] = None,
    budget: Annotated[
        int | None, typer.Option(help="Search budget (playouts) for analysers that search.")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the analyser's random choices.")] = 0,
    samples: Annotated[
        int,
        typer.Option(
            min=0,
            max=MAX_SAMPLES,
            help="Worlds played out for the seat's chance of winning (0: the table's chance "
            "from the deal's start).",
        ),
    ] = DEFAULT_SAMPLES,
    lang: Annotated[
        str | None,
        typer.Option(help="Language of the table: en, pt, zh, hi (default: from the environment)."),
    ] = None,
) -> None:
    """Rank every legal action of SEAT in the position at the end of RECORD_FILE.

    The ranking is computed from what the seat may know, never from the other hands.
    """
    try:
        _ = translator(resolve_language(lang))
    except ValueError as error:
        raise fail(str(error)) from None
    record = read_record_file(record_file, _)
    try:
        game, position = read_position(record)
        # People count seats from 1; the library from 0.
        seat = position.current_player if seat is None else seat - 1
        level = strongest_analyser(game) if level is None else level
        evaluations = hint_position(game, position, seat, level, seed, budget)
    except HintError as error:
        raise fail(describe_error(error, _), _) from None
    except ValueError as error:  # a bad budget (the bots' own check, in English)
        raise fail(describe_error(error, _), _) from None
    chance = known_win_probability(game, position, seat, samples=samples, seed=seed)
    if as_json:
        actions = [evaluation_dict(e) for e in evaluations]
        typer.echo(json.dumps({"actions": actions, "win_probability": chance}, indent=1))
        return
    console = Console()
    console.print(hint_table(evaluations, seat, level, _))
    if chance is not None:
        console.print(chance_line(chance, seat, samples, _))


def chance_line(chance: float, seat: int, samples: int, _: Translator) -> str:
    """The chance said in words: the percentage, whose view, and how it was reached."""
    if samples == 0:
        how = _("from the deal's start, by the table")
    else:
        how = _.ngettext(
            "{n} world played out from seat {seat}'s view",
            "{n} worlds played out from seat {seat}'s view",
            samples,
        ).format(n=samples, seat=seat + 1)
    return _("Chance of winning: {percent} ({how})").format(percent=f"{chance:.0%}", how=how)


def read_position(record: Any) -> tuple[Game, Any]:
    """The game of ``record`` and the position at its end; ``HintError`` if none."""
    try:
        record = check_record(record)
        game = games.get(record.get("game"))
        return game, game.read_record(record)
    except (RecordError, WordedError) as error:
        raise HintError(error.template, **error.fields) from None


def hint_position(
    game: Game, position: Any, seat: Any, level: str, seed: int = 0, budget: int | None = None
) -> list[Evaluation]:
    """Every legal action of ``seat`` (counted from 0) in ``position``, best first, as
    ``level`` ranks them from ``position.observation(seat)`` alone
    (``pegboard.hints.rank``); its refusals name seats as people count them, from 1."""
    players = int(position.num_players)
    if seat is None and position.is_over:
        raise HintError(N_("the game is over: there is nothing to hint"))
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise HintError(
            N_("the seat is a number from 1 to {last}, not {seat!r}"),
            last=players,
            seat=seat + 1 if isinstance(seat, int) else seat,
        )
    if position.is_over:
        raise HintError(N_("the game is over: there is nothing to hint"))
    current = position.current_player
    if current != seat:
        raise HintError(
            N_("seat {seat} is not to act: it is seat {current}'s turn"),
            seat=seat + 1,
            current=None if current is None else current + 1,
        )
    return rank_actions(game.name, position.observation(seat), level, seed, budget)


def evaluation_dict(evaluation: Evaluation) -> dict[str, Any]:
    return {
        "action": str(evaluation.action),
        "value": evaluation.value,
        "unit": evaluation.unit,
        "details": dict(evaluation.details),
    }


def detail_names(evaluations: list[Evaluation]) -> list[str]:
    names = {name for e in evaluations for name in e.details}
    return [n for n in DETAIL_ORDER if n in names] + sorted(names - set(DETAIL_ORDER))


def hint_table(
    evaluations: list[Evaluation], seat: int, level: str, _: Translator | None = None
) -> Table:
    _ = translator("en") if _ is None else _
    words = known_words(_)
    units = sorted({words.get(e.unit, e.unit) for e in evaluations})
    count = len(evaluations)
    title = _.ngettext(
        "seat {seat}: {n} legal action ({level})", "seat {seat}: {n} legal actions ({level})", count
    )
    table = Table(title=title.format(seat=seat + 1, n=count, level=level))
    table.add_column("#", justify="right")
    table.add_column(_("action"))
    table.add_column(" / ".join(units) or _("value"), justify="right")
    details = detail_names(evaluations)
    for name in details:
        table.add_column(words.get(name, name), justify="right")
    for rank, e in enumerate(evaluations, 1):
        cells = [figure(e.details[n]) if n in e.details else "" for n in details]
        table.add_row(str(rank), str(e.action), figure(e.value), *cells)
    return table


def figure(value: float) -> str:
    """``value`` as the table shows it: a count (iterations, visits, a hand's points) as an
    integer, else two decimals, as many as a margin or a mean needs to tell two apart."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}"
