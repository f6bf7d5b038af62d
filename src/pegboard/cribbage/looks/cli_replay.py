"""Replays of cribbage records: a game (``Game.to_record``) or a match
(``CribbageMatch.to_record``), printed move by move.

A replay comes after the game, so it shows everything: the cut for the deal, both hands
as dealt, both discards, then each play with the count and every score explained from the
game's log, each show counted aloud, and the result (full records are for replays,
docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pegboard.cli.terminal import Terminal
from pegboard.core import N_, RecordError
from pegboard.cribbage import CribbageMatch, Game, parse_action
from pegboard.cribbage.text import (
    Seats,
    cards_text,
    cut_lines,
    hand_header,
    narrate,
    scores_text,
)
from pegboard.i18n import Translator

Gettext = Translator

SEATS = Seats(None)
NARRATOR = 0
"""The seat whose observation gives the public facts; every move is shown in full."""


def replay_cribbage(record: dict[str, Any], lang: str, terminal: Terminal, _: Gettext) -> None:
    """Print a cribbage record; ``RecordError`` if it is not one or does not replay."""
    kind = record.get("kind")
    try:
        if kind == "match":
            _replay_match(record, terminal, _)
        elif kind == "game":
            _replay_game(record, terminal, _)
        else:
            raise RecordError(
                N_("a cribbage record is a 'match' or a 'game', not {kind!r}"), kind=kind
            )
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        # A record so malformed that the engine's own checks did not catch it.
        raise RecordError(
            N_("the cribbage record does not replay: {reason}"), reason=error
        ) from None


def _replay_game(record: dict[str, Any], terminal: Terminal, _: Gettext) -> None:
    Game.from_record(record)  # the whole record replays, or RecordError
    # The same start without the moves (and without what the moves led to).
    start = {
        k: v for k, v in record.items() if k not in ("actions", "hands_played", "scores", "result")
    }
    game = Game.from_record({**start, "actions": []})
    say = terminal.say
    say(_("Cribbage game."))
    for line in cut_lines(game.cuts, SEATS, _):
        say(line)
    _replay_actions(game, game.apply, record["actions"], terminal, _)
    _end(game, terminal, _)


def _replay_match(record: dict[str, Any], terminal: Terminal, _: Gettext) -> None:
    checked = CribbageMatch.from_record(record)  # the whole record replays, or RecordError
    match = CribbageMatch(checked.target, seed=checked.seed)
    say = terminal.say
    say(
        _.ngettext(
            "Cribbage match, seed {seed}: first to {target} game point.",
            "Cribbage match, seed {seed}: first to {target} game points.",
            match.target,
        ).format(seed=match.seed, target=match.target)
    )
    for line in cut_lines(match.cuts, SEATS, _):
        say(line)
    entries = list(record.get("games", []))
    if record.get("current_game") is not None:
        entries.append(record["current_game"])
    for number, entry in enumerate(entries, 1):
        game = match.game
        say()
        if number == 1:
            say(_("Game 1."))
        else:
            say(
                _(
                    "Game {number}: seat {seat} deals first (the loser of a game deals the next)."
                ).format(number=number, seat=game.first_dealer)
            )
        _replay_actions(game, match.apply, entry["actions"], terminal, _)
        _end(game, terminal, _)
        if game.is_over:
            say(_("Game points: {points}.").format(points=scores_text(match.points, SEATS, _)))
    say()
    winner = match.winner
    if winner is None:
        say(_("The match was not finished."))
    else:
        say(
            _.ngettext(
                "Match over after {games} game: seat {seat} wins, {points} (game points).",
                "Match over after {games} games: seat {seat} wins, {points} (game points).",
                len(match.games),
            ).format(
                games=len(match.games),
                seat=winner,
                points=scores_text(match.points, SEATS, _),
            )
        )


def _replay_actions(
    game: Game, apply: Callable[[Any], None], actions: Any, terminal: Terminal, _: Gettext
) -> None:
    """Apply each recorded action through ``apply`` and print what it did."""
    say = terminal.say
    shown = 0
    for text in actions:
        if game.hand_number != shown:
            shown = game.hand_number
            say()
            say(hand_header(game.hand_number, game.dealer, game.scores, SEATS, _))
            dealt = game.phase == "discard"  # a recorded position may start at the pegging
            for seat, hand in enumerate(game.hands):
                line = (
                    _("Seat {seat} is dealt {cards}.") if dealt else _("Seat {seat} holds {cards}.")
                )
                say("  " + line.format(seat=seat, cards=cards_text(hand)))
            if not dealt:
                say(
                    "  "
                    + _("Crib {cards}, starter {starter}.").format(
                        cards=cards_text(game.crib), starter=game.starter
                    )
                )
        before = game.observation(NARRATOR)
        known = len(game.history)
        apply(parse_action(text))  # the game stays valid even when the match starts the next
        after = game.observation(NARRATOR)
        moves = [(m.seat, str(m.action)) for m in game.history[known:]]
        for line in narrate(before, after, moves, SEATS, _):
            say("  " + line)


def _end(game: Game, terminal: Terminal, _: Gettext) -> None:
    say = terminal.say
    say()
    say(_("Final scores: {scores}").format(scores=scores_text(game.scores, SEATS, _)))
    if game.result is None:
        say(_("The game was not finished."))
