"""Replays of Draw records: a whole match or a single round, printed move by move.

A replay comes after the match, so it shows everything, the deal and each tile drawn
included (full records are for replays, docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pegboard.cli.terminal import Terminal
from pegboard.core import N_, RecordError
from pegboard.draw import DrawTile, Match, Play, Round, parse_action
from pegboard.draw.text import announce, match_end_lines, scores_text, settlement_lines
from pegboard.i18n import Translator

Gettext = Translator


def replay_draw(record: dict[str, Any], lang: str, terminal: Terminal, _: Gettext) -> None:
    """Print a Draw record; ``RecordError`` if it is not one or does not replay."""
    kind = record.get("kind")
    if kind == "match":
        _replay_match(record, lang, terminal, _)
    elif kind == "round":
        _replay_round(record, lang, terminal, _)
    else:
        raise RecordError(N_("a Draw record is a 'match' or a 'round', not {kind!r}"), kind=kind)


def _replay_match(record: dict[str, Any], lang: str, terminal: Terminal, _: Gettext) -> None:
    checked = Match.from_record(record)  # the whole record replays, or RecordError
    say = terminal.say
    match = Match(checked.players, seed=checked.seed, target=checked.target)
    say(
        _("Draw match: {players} players, seed {seed}, target {target}.").format(
            players=match.players, seed=match.seed, target=match.target
        )
    )
    for number, lot in enumerate(match.lot, 1):
        drawn = ", ".join(
            _("seat {seat} {tile}").format(seat=s, tile=t) for s, t in lot.tiles.items()
        )
        say(_("Lot {number} for the first lead (D3): {drawn}").format(number=number, drawn=drawn))
    rounds = list(record.get("rounds", []))
    current = record.get("current_round")
    if current is not None:
        rounds.append(current)
    for number, entry in enumerate(rounds, 1):
        round_ = match.round
        say()
        say(_("Round {number}: seat {leader} leads.").format(number=number, leader=round_.leader))
        _show_deal(round_, terminal, _)
        for text in entry["actions"]:
            round_ = match.round
            seat = round_.current_player
            assert seat is not None
            _step(round_, seat, text, lambda a: match.apply(a), lang, terminal, _)
        if len(match.rounds) >= number:
            finished = match.rounds[number - 1]
            for line in settlement_lines(finished.result, None, _):
                say("  " + line)
            say(
                "  "
                + _("Scores: {scores}").format(scores=scores_text(finished.scores_after, None, _))
            )
        else:
            say("  " + _("(the round was not finished)"))
    say()
    if match.is_over:
        for line in match_end_lines(match.scores, match.winner, len(match.rounds), None, _):
            say(line)
    else:
        say(_("The match was not finished."))
        say(_("Scores: {scores}").format(scores=scores_text(match.scores, None, _)))


def _replay_round(record: dict[str, Any], lang: str, terminal: Terminal, _: Gettext) -> None:
    Round.from_record(record)  # the whole record replays, or RecordError
    start = {k: v for k, v in record.items() if k not in ("actions", "result")}
    round_ = Round.from_record(start)
    say = terminal.say
    say(
        _("Draw round: {players} players, seat {seat} to play first.").format(
            players=round_.num_players, seat=round_.current_player
        )
    )
    if not round_.line.is_empty:
        say(_("Board: {description}").format(description=round_.line.describe(lang)))
    _show_deal(round_, terminal, _)
    actions: Iterable[str] = record.get("actions", [])
    for text in actions:
        seat = round_.current_player
        assert seat is not None
        _step(round_, seat, text, round_.apply, lang, terminal, _)
    result = round_.result
    if result is None:
        say("  " + _("(the round was not finished)"))
        return
    for line in settlement_lines(result, None, _):
        say("  " + line)


def _show_deal(round_: Round, terminal: Terminal, _: Gettext) -> None:
    for seat, hand in enumerate(round_.hands):
        terminal.say(
            "  "
            + _("Seat {seat} holds {tiles}").format(seat=seat, tiles=" ".join(str(t) for t in hand))
        )
    terminal.say("  " + _("Stock: {tiles}").format(tiles=" ".join(str(t) for t in round_.stock)))


def _step(
    round_: Round,
    seat: int,
    text: str,
    apply: Callable[[Any], None],
    lang: str,
    terminal: Terminal,
    _: Gettext,
) -> None:
    """Apply one recorded action and print it (and the board after a play)."""
    action = parse_action(text)
    drawn = str(round_.stock[0]) if isinstance(action, DrawTile) and round_.stock else None
    apply(action)  # the round object stays valid even when the match deals the next one
    terminal.say("  " + announce(seat, action, lang, _, None, drawn))
    if isinstance(action, Play):
        terminal.say("      " + round_.line.describe(lang))
