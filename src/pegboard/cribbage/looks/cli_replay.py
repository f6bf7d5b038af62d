"""Cribbage's replay at the command line (``pegboard replay`` of a cribbage record): a game
or a match told move by move, hand by hand with the deal, every seat named by its number.
A replay comes after the game, so it shows everything: the cut for the deal, every hand as
dealt (among three the crib's card from the pack, C8), each play with the count and every
score explained, each show counted aloud, and the result (full records are for replays,
docs/architecture.md). The table, which shows only the human's view, is ``cli.py``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pegboard.cli.generic import GenericReplay
from pegboard.core import N_, Event, RecordError
from pegboard.cribbage import CribbageMatch, Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.text import (
    Seats,
    cards_text,
    cut_lines,
    hand_header,
    narrate,
    opening_scores,
    scores_text,
)

SEATS = Seats(None)
NARRATOR = 0
"""The seat whose observation gives the public facts; every move is shown in full."""


class CribbageReplay(GenericReplay):
    """A cribbage record told move by move: a game (``Game.to_record``) or a match
    (``CribbageMatch.to_record``), game by game and hand by hand with the deal."""

    position: Game | CribbageMatch
    unfinished = False
    """Whether a match record ends in a game begun (its ``current_game``)."""
    game_shown = 0
    """The number of the match's game whose header was said."""
    hand_shown = 0
    """The number of the hand whose header and deal were said (in that game)."""

    def start(self, record: dict[str, Any]) -> Sequence[str]:
        try:
            return self._start(record)
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            # A record so malformed that the engine's own checks did not catch it.
            raise RecordError(
                N_("the cribbage record does not replay: {reason}"), reason=error
            ) from None

    def _start(self, record: dict[str, Any]) -> list[str]:
        kind = record.get("kind")
        if kind == "match":
            checked = CribbageMatch.from_record(record)  # the whole record replays, or not
            # The same match from its start: its table's, five-card's and the players'
            # counting with muggins too (C8, C9, C13, C18).
            self.position = CribbageMatch(
                checked.target,
                seed=checked.seed,
                players=checked.players,
                cards=checked.cards,
                muggins=checked.muggins,
            )
            entries = list(record.get("games", []))
            self.unfinished = record.get("current_game") is not None
            if self.unfinished:
                entries.append(record["current_game"])
            return [text for entry in entries for text in entry["actions"]]
        if kind == "game":
            Game.from_record(record)  # the whole record replays, or RecordError
            # The same start without the moves (and without what the moves led to).
            dropped = ("actions", "hands_played", "scores", "result")
            start = {k: v for k, v in record.items() if k not in dropped}
            self.position = Game.from_record({**start, "actions": []})
            return list(record["actions"])
        raise RecordError(N_("a cribbage record is a 'match' or a 'game', not {kind!r}"), kind=kind)

    def introduce(self) -> None:
        _ = self._
        say = self.terminal.say
        match = self.position
        if isinstance(match, CribbageMatch):
            say(
                _.ngettext(
                    "Cribbage match, seed {seed}: first to {target} game point.",
                    "Cribbage match, seed {seed}: first to {target} game points.",
                    match.target,
                ).format(seed=match.seed, target=match.target)
            )
        else:
            say(_("Cribbage game."))
        for line in cut_lines(match.cuts, SEATS, _):
            say(line)
        if not isinstance(match, CribbageMatch):  # a match says it with each game's header
            for line in opening_scores(match.log, SEATS, _):  # three for last (C14)
                say(line)

    def before_move(self, number: int, seat: int) -> tuple[Game, CribbageObservation, int]:
        """The game played in (a new game's and a new hand's header said first), the
        public view of it and its history's length."""
        game = self._game()
        if game.hand_number != self.hand_shown:
            self._deal(game)
        return game, game.observation(NARRATOR), len(game.history)

    def narrate(
        self, number: int, seat: int, action: Any, events: Sequence[Event], before: Any
    ) -> None:
        """What the move did (every score counted aloud); a match's game's end after it."""
        game, seen, known = before
        after = game.observation(NARRATOR)
        moves = [(m.seat, str(m.action)) for m in game.history[known:]]
        for line in narrate(seen, after, moves, SEATS, self._):
            self.terminal.say("  " + line)
        match = self.position
        if isinstance(match, CribbageMatch) and game.is_over:
            self._end(game)
            points = scores_text(match.points, SEATS, self._, match.players)
            self.terminal.say(self._("Game points: {points}.").format(points=points))

    def end(self) -> None:
        _ = self._
        say = self.terminal.say
        match = self.position
        if not isinstance(match, CribbageMatch):
            self._end(match)
            return
        if self.unfinished:
            self._end(self._game())
        say()
        winner = match.winner
        if winner is None:
            say(_("The match was not finished."))
            return
        if match.players == 4:  # a side won: both partners (C9, C12)
            say(
                _.ngettext(
                    "Match over after {games} game: seats {seat} and {partner} win, {points} "
                    "(game points).",
                    "Match over after {games} games: seats {seat} and {partner} win, {points} "
                    "(game points).",
                    len(match.games),
                ).format(
                    games=len(match.games),
                    seat=winner + 1,
                    partner=winner + 3,
                    points=scores_text(match.points, SEATS, _, 4),
                )
            )
            return
        say(
            _.ngettext(
                "Match over after {games} game: seat {seat} wins, {points} (game points).",
                "Match over after {games} games: seat {seat} wins, {points} (game points).",
                len(match.games),
            ).format(
                games=len(match.games), seat=winner + 1, points=scores_text(match.points, SEATS, _)
            )
        )

    def _game(self) -> Game:
        """The game being played; a match's new game said first."""
        match = self.position
        if not isinstance(match, CribbageMatch):
            return match
        game = match.game
        number = len(match.games) + 1
        if number != self.game_shown:
            self.game_shown, self.hand_shown = number, 0
            self.terminal.say()
            if number == 1:
                self.terminal.say(self._("Game 1."))
            elif match.players != 2:
                self.terminal.say(
                    self._(
                        "Game {number}: seat {seat} deals first "
                        "(the first deal passes to the left)."
                    ).format(number=number, seat=game.first_dealer + 1)
                )
            else:
                self.terminal.say(
                    self._(
                        "Game {number}: seat {seat} deals first "
                        "(the loser of a game deals the next)."
                    ).format(number=number, seat=game.first_dealer + 1)
                )
            for line in opening_scores(game.log, SEATS, self._):  # three for last (C14)
                self.terminal.say(line)
        return game

    def _deal(self, game: Game) -> None:
        """A hand's header and the hands as dealt (or held, in a recorded position)."""
        _ = self._
        say = self.terminal.say
        self.hand_shown = game.hand_number
        say()
        say(
            hand_header(
                game.hand_number,
                game.dealer,
                game.scores,
                SEATS,
                _,
                players=game.num_players,
                target=game.target,
            )
        )
        dealt = game.phase == "discard"  # a recorded position may start at the pegging
        for seat, hand in enumerate(game.hands):
            line = _("Seat {seat} is dealt {cards}.") if dealt else _("Seat {seat} holds {cards}.")
            say("  " + line.format(seat=seat + 1, cards=cards_text(hand)))
        if dealt and game.num_players == 3:  # the crib's first card, from the pack (C8)
            say(
                "  "
                + _("The crib starts with {card} from the pack (C8).").format(card=game.crib[0])
            )
        if not dealt:
            say(
                "  "
                + _("Crib {cards}, starter {starter}.").format(
                    cards=cards_text(game.crib), starter=game.starter
                )
            )

    def _end(self, game: Game) -> None:
        say = self.terminal.say
        say()
        scores = scores_text(game.scores, SEATS, self._, game.num_players)
        say(self._("Final scores: {scores}").format(scores=scores))
        if game.result is None:
            say(self._("The game was not finished."))
