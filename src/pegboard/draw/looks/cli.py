"""Draw's look at the command line (``Game.looks.cli``): the generic table and replay
(``pegboard.cli.generic``) in Draw's own words.

At the table everything shown during a round comes from the observation of the human's
seat (the hand, the line, the stock size, hand sizes); the other hands are shown only when
the round is over and the rules reveal them (D12). A round's header comes before its first
move, its settlement after its last. A replay comes after the match, so it shows
everything, the deal and each tile drawn included (full records are for replays,
docs/architecture.md); it reads a whole match or a single round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from pegboard import games
from pegboard.cli.generic import HUMAN, GenericReplay, GenericTable, say_moves
from pegboard.cli.look import CliLook
from pegboard.cli.terminal import Terminal
from pegboard.core import N_, Event, RecordError
from pegboard.dominoes.tiles import reading_order
from pegboard.draw import Action, DrawObservation, DrawTile, Match, Play, Round, pip_count
from pegboard.draw.round import RESERVE
from pegboard.draw.text import (
    announce,
    chain_text,
    match_end_lines,
    move_text,
    open_ends_text,
    partners_line,
    scores_text,
    settlement_lines,
)
from pegboard.i18n import Translator

PLAYERS = 2
"""Seats at the table when ``--players`` is not given: you and one bot."""


class DrawTable(GenericTable):
    """A match of Draw with the human at seat 0 and bots at the other seats."""

    match: Match

    def view(self) -> list[Action]:
        _ = self._
        lang = _.lang
        obs: DrawObservation = self.match.observation(HUMAN).round
        say = self.terminal.say
        say()
        say(_("Line: {chain}").format(chain=chain_text(obs.line, _)))
        say(_("Board: {description}").format(description=obs.line.describe(lang)))
        if not obs.line.is_empty:
            say(_("Open ends: {ends}").format(ends=open_ends_text(obs.line, _)))
        drawable = max(obs.stock_size - RESERVE, 0)
        others = " · ".join(
            _("seat {seat} holds {count}").format(seat=s + 1, count=n)
            for s, n in enumerate(obs.hand_sizes)
            if s != HUMAN
        )
        if obs.block:  # D18: the stock sleeps, nobody draws
            say(
                _.ngettext(
                    "Asleep: {stock} tile (nobody draws in the Block game) · {others}",
                    "Asleep: {stock} tiles (nobody draws in the Block game) · {others}",
                    obs.stock_size,
                ).format(stock=obs.stock_size, others=others)
            )
        else:
            say(
                _.ngettext(
                    "Stock: {stock} tile ({drawable} may be drawn) · {others}",
                    "Stock: {stock} tiles ({drawable} may be drawn) · {others}",
                    obs.stock_size,
                ).format(stock=obs.stock_size, drawable=drawable, others=others)
            )
        say(
            _("Your hand: {tiles} (count {count})").format(
                tiles=" ".join(str(t) for t in reading_order(obs.hand)), count=pip_count(obs.hand)
            )
        )
        legal = list(obs.legal_actions())
        say_moves(say, legal, _, lambda action: move_text(action, lang, _, obs.block))
        return legal

    def help(self) -> str:
        return self._(
            "Answer with the number of a move, or write it:\n"
            "  3-4@4-4B  put [3|4] on side B of the double [4|4] (L/H: low/high end of a tile)\n"
            "  3-4       put [3|4] on the only open end it fits (or open the line with it)\n"
            "  draw      draw a tile, while the stock holds more than two (D6)\n"
            "  pass      only when you can neither play nor draw (D8)\n"
            "  show      show the board again;  help  this text;  quit  leave the match"
        )

    def finish(self) -> None:
        match = self.match
        say = self.terminal.say
        say()
        for text in match_end_lines(
            match.scores, match.winner, len(match.rounds), HUMAN, self._, match.partnerships
        ):
            say(text)
        say(self._("Replay this match with --seed {seed}.").format(seed=match.seed))

    def introduce(self) -> None:
        _ = self._
        match = self.match
        say = self.terminal.say
        say(
            _("Draw: {players} players, first to {target} wins. You are seat 1.").format(
                players=match.players, target=match.target
            )
        )
        if match.block:
            say(_(BLOCK_RULES))
        if match.tile_set == 9:
            say(_(NINE_RULES))
        if match.partnerships:
            say(partners_line(HUMAN, _))
        for line in lot_lines(match, _):
            say(line)
        say(_("Seat {seat} leads the first round.").format(seat=match.first_leader + 1))

    def stage(self) -> int:
        return len(self.match.rounds) + 1

    def begin_stage(self) -> None:
        _ = self._
        self.terminal.say()
        self.terminal.say(
            _("— Round {number} · seat {leader} leads · scores: {scores} · target {target}").format(
                number=len(self.match.rounds) + 1,
                leader=self.match.round.leader + 1,
                scores=scores_text(self.match.scores, HUMAN, _, self.match.partnerships),
                target=self.match.target,
            )
        )

    def before_move(self, seat: int, action: Any) -> tuple[Round, set[Any], int]:
        """The round played in, the human's hand and the rounds finished, before the move."""
        round_ = self.match.round
        return round_, set(round_.observation(HUMAN).hand), len(self.match.rounds)

    def narrate(self, seat: int, action: Any, events: Sequence[Event], before: Any) -> None:
        """The move as the human sees it (the tile they drew named), then the round's
        settlement when the move ended it."""
        round_, hand_before, rounds_before = before
        drawn = None
        if seat == HUMAN and isinstance(action, DrawTile):
            new = set(round_.observation(HUMAN).hand) - hand_before
            drawn = " ".join(str(t) for t in reading_order(new))
        self.terminal.say(announce(seat, action, self._.lang, self._, HUMAN, drawn, round_.block))
        if len(self.match.rounds) > rounds_before:
            self._settle(round_.observation(HUMAN))

    def _settle(self, finished: DrawObservation) -> None:
        """The end of a round as the human sees it: hands revealed (D12), the settlement."""
        _ = self._
        say = self.terminal.say
        result = finished.result
        assert result is not None
        say()
        say(_("Round {number} is over.").format(number=len(self.match.rounds)))
        for text in settlement_lines(result, HUMAN, _):
            say(text)
        say(
            _("Scores: {scores} (target {target})").format(
                scores=scores_text(self.match.scores, HUMAN, _, self.match.partnerships),
                target=self.match.target,
            )
        )
        if not self.match.is_over:
            say(_("Next round: seat {seat} leads (D16).").format(seat=self.match.round.leader + 1))


BLOCK_RULES: Final = N_(
    "The Block game: nobody draws; the tiles not dealt sleep, and a player who cannot play "
    "passes (D18, D19)."
)
"""Said as a Block match begins, and as its replay does."""

NINE_RULES: Final = N_(
    "The double-nine set: 55 tiles, [0|0] to [9|9], 7 each; the rest is the stock (D25, D26)."
)
"""Said as a match of the double-nine set begins, and as its replay does."""


def lot_lines(match: Match, _: Translator) -> list[str]:
    """The lots drawn for the first lead (D3), one line each."""
    lines = []
    for number, lot in enumerate(match.lot, 1):
        drawn = ", ".join(
            _("seat {seat} {tile}").format(seat=s + 1, tile=t) for s, t in lot.tiles.items()
        )
        lines.append(
            _("Lot {number} for the first lead (D3): {drawn}").format(number=number, drawn=drawn)
        )
    return lines


def table(
    requested: Mapping[str, int | None],
    level: str,
    seed: int,
    lang: str,
    terminal: Terminal,
    gettext: Translator,
) -> DrawTable:
    """A ``DrawTable`` of the players asked (else ``PLAYERS``), to the ``--target`` asked,
    of the Block game with ``--option block=1``, in partnerships with ``--option
    partnerships=1``, with the double-nine set with ``--option set=9``; the match's own
    ``ValueError`` (D1, D17) for numbers it refuses, the option's (D18, D21, D25) for a
    block, partnerships or set it does not take."""
    draw = games.get("draw")
    players = requested.get("players")
    count = PLAYERS if players is None else players
    block = draw.option("block").check(requested.get("block", 0))
    partnerships = draw.option("partnerships").check(requested.get("partnerships", 0))
    tile_set = draw.option("set").check(requested.get("set", 6))
    if draw.options_check is not None:  # partnerships need 4 players (D21)
        draw.options_check({"players": count, "partnerships": partnerships})
    match = Match(
        count,
        seed=seed,
        target=requested.get("target"),
        block=bool(block),
        partnerships=bool(partnerships),
        tile_set=int(tile_set or 6),
    )
    return DrawTable.seated(draw, match, level, seed, terminal, gettext)


class DrawReplay(GenericReplay):
    """A Draw record told move by move: a whole match, round by round with each deal and
    settlement, or a single round."""

    position: Match | Round
    kind: object = None
    unfinished = False
    """Whether a match record ends in a round begun (its ``current_round``)."""
    shown = 0
    """The number of the match's round whose header was said."""

    def start(self, record: dict[str, Any]) -> Sequence[str]:
        self.kind = record.get("kind")
        if self.kind == "match":
            checked = Match.from_record(record)  # the whole record replays, or RecordError
            self.position = Match(
                checked.players,
                seed=checked.seed,
                target=checked.target,
                block=checked.block,
                partnerships=checked.partnerships,
                tile_set=checked.tile_set,
            )
            rounds = list(record.get("rounds", []))
            self.unfinished = record.get("current_round") is not None
            if self.unfinished:
                rounds.append(record["current_round"])
            self.shown = 0
            return [text for entry in rounds for text in entry["actions"]]
        if self.kind == "round":
            Round.from_record(record)  # the whole record replays, or RecordError
            start = {k: v for k, v in record.items() if k not in ("actions", "result")}
            self.position = Round.from_record(start)
            return list(record.get("actions", []))
        raise RecordError(
            N_("a Draw record is a 'match' or a 'round', not {kind!r}"), kind=self.kind
        )

    def introduce(self) -> None:
        _ = self._
        say = self.terminal.say
        position = self.position
        if isinstance(position, Match):
            say(
                _("Draw match: {players} players, seed {seed}, target {target}.").format(
                    players=position.players, seed=position.seed, target=position.target
                )
            )
            if position.block:
                say(_(BLOCK_RULES))
            if position.tile_set == 9:
                say(_(NINE_RULES))
            if position.partnerships:
                say(partners_line(None, _))
            for line in lot_lines(position, _):
                say(line)
            return
        first = position.current_player
        say(
            _("Draw round: {players} players, seat {seat} to play first.").format(
                players=position.num_players, seat=first if first is None else first + 1
            )
        )
        if position.tile_set == 9:
            say(_(NINE_RULES))
        if not position.line.is_empty:
            say(_("Board: {description}").format(description=position.line.describe(_.lang)))
        self._show_deal(position)

    def before_move(self, number: int, seat: int) -> tuple[Round, str | None]:
        """The round played in (a new one's header and deal said first) and the tile a
        draw takes."""
        round_ = self._round()
        stock = round_.stock
        return round_, str(stock[0]) if stock else None

    def narrate(
        self, number: int, seat: int, action: Any, events: Sequence[Event], before: Any
    ) -> None:
        """The move with the tile drawn; the board when the round ends (after every play
        with ``boards``: a whole description each move buries the moves), and a round's
        settlement after its last move."""
        round_, top = before
        say = self.terminal.say
        drawn = top if isinstance(action, DrawTile) else None
        say("  " + announce(seat, action, self._.lang, self._, None, drawn, round_.block))
        if (self.boards and isinstance(action, Play)) or round_.result is not None:
            say("      " + round_.line.describe(self._.lang))
        match = self.position
        if isinstance(match, Match) and len(match.rounds) >= self.shown:
            finished = match.rounds[self.shown - 1]
            self._settlement(finished.result)
            say(
                "  " + self._("Scores: {scores}").format(scores=self._scores(finished.scores_after))
            )

    def end(self) -> None:
        _ = self._
        say = self.terminal.say
        match = self.position
        if not isinstance(match, Match):
            result = match.result
            if result is None:
                self._board_left(match)
                say("  " + _("(the round was not finished)"))
            else:
                self._settlement(result)
            return
        if self.unfinished:
            self._board_left(self._round())
            say("  " + _("(the round was not finished)"))
        say()
        if match.is_over:
            for line in match_end_lines(
                match.scores, match.winner, len(match.rounds), None, _, match.partnerships
            ):
                say(line)
        else:
            say(_("The match was not finished."))
            say(_("Scores: {scores}").format(scores=self._scores(match.scores)))

    def _board_left(self, round_: Round) -> None:
        """The board of a round the record leaves unfinished (said already with ``boards``)."""
        if not self.boards and not round_.line.is_empty:
            self.terminal.say("      " + round_.line.describe(self._.lang))

    def _round(self) -> Round:
        """The round being played; a match's new round said first (its leader, the deal)."""
        match = self.position
        if not isinstance(match, Match):
            return match
        if len(match.rounds) + 1 != self.shown:
            self.shown = len(match.rounds) + 1
            self.terminal.say()
            self.terminal.say(
                self._("Round {number}: seat {leader} leads.").format(
                    number=self.shown, leader=match.round.leader + 1
                )
            )
            self._show_deal(match.round)
        return match.round

    def _settlement(self, result: Any) -> None:
        for line in settlement_lines(result, None, self._):
            self.terminal.say("  " + line)

    def _scores(self, scores: Sequence[int]) -> str:
        position = self.position
        partners = isinstance(position, Match) and position.partnerships
        return scores_text(scores, None, self._, partners)

    def _show_deal(self, round_: Round) -> None:
        _ = self._
        for seat, hand in enumerate(round_.hands):
            self.terminal.say(
                "  "
                + _("Seat {seat} holds {tiles}").format(
                    seat=seat + 1, tiles=" ".join(str(t) for t in reading_order(hand))
                )
            )
        stock = " ".join(str(t) for t in round_.stock)
        self.terminal.say("  " + _("Stock: {tiles}").format(tiles=stock))


def name(_: Translator) -> str:
    # "Draw" is the name of the game, the same in every language (and _("Draw") is the verb).
    return "Draw"


LOOK = CliLook(name=name, table=table, replay=DrawReplay)
