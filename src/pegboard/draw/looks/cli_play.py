"""Draw at the terminal: the human's view, the bots' moves, and the settlements.

Everything shown during a round comes from the observation of the human's seat (the
hand, the line, the stock size, hand sizes); the other hands are shown only when the
round is over and the rules reveal them (D12).
"""

from __future__ import annotations

from pegboard.bots import SeededBot
from pegboard.bots.seeds import bot_seed  # it lived here: kept importable
from pegboard.cli.generic import bot_action, say_moves
from pegboard.cli.terminal import Terminal
from pegboard.draw import Action, DrawObservation, DrawTile, Match, Pass, Play, pip_count
from pegboard.draw.round import RESERVE
from pegboard.draw.text import (
    announce,
    chain_text,
    match_end_lines,
    move_text,
    open_ends_text,
    scores_text,
    settlement_lines,
)
from pegboard.games import make_bot
from pegboard.i18n import Translator

HUMAN = 0


class DrawTable:
    """A match of Draw with the human at seat 0 and bots at the other seats."""

    def __init__(
        self,
        match: Match,
        bots: dict[int, SeededBot],
        lang: str,
        terminal: Terminal,
        gettext: Translator,
    ) -> None:
        self.match = match
        self.bots = bots
        self.lang = lang
        self.terminal = terminal
        self._ = gettext
        self._round_shown = -1
        self._introduce()

    @classmethod
    def new(
        cls,
        players: int,
        level: str,
        seed: int,
        lang: str,
        terminal: Terminal,
        gettext: Translator,
        target: int | None = None,
    ) -> DrawTable:
        match = Match(players, seed=seed, target=target)
        bots = {s: make_bot("draw", level, bot_seed(seed, s)) for s in range(1, players)}
        return cls(match, bots, lang, terminal, gettext)

    # -- the table protocol --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def human_to_move(self) -> bool:
        return self.match.current_player == HUMAN

    def bot_move(self) -> None:
        seat = self.match.current_player
        assert seat is not None and seat != HUMAN
        self._announce_round()
        action = bot_action(self.bots[seat], self.match.observation(seat), (Play, DrawTile, Pass))
        self._apply(seat, action)

    def show(self) -> list[Action]:
        _ = self._
        self._announce_round()
        view = self.match.observation(HUMAN)
        obs: DrawObservation = view.round
        say = self.terminal.say
        say()
        say(_("Line: {chain}").format(chain=chain_text(obs.line, _)))
        say(_("Board: {description}").format(description=obs.line.describe(self.lang)))
        if not obs.line.is_empty:
            say(_("Open ends: {ends}").format(ends=open_ends_text(obs.line, self.lang)))
        drawable = max(obs.stock_size - RESERVE, 0)
        others = " · ".join(
            _("seat {seat} holds {count}").format(seat=s, count=n)
            for s, n in enumerate(obs.hand_sizes)
            if s != HUMAN
        )
        say(
            _.ngettext(
                "Stock: {stock} tile ({drawable} may be drawn) · {others}",
                "Stock: {stock} tiles ({drawable} may be drawn) · {others}",
                obs.stock_size,
            ).format(stock=obs.stock_size, drawable=drawable, others=others)
        )
        say(
            _("Your hand: {tiles} (count {count})").format(
                tiles=" ".join(str(t) for t in obs.hand), count=pip_count(obs.hand)
            )
        )
        legal = list(obs.legal_actions())
        say_moves(say, legal, _, lambda action: move_text(action, self.lang, _))
        return legal

    def parse(self, text: str) -> Action:
        return self.match.parse_action(text)

    def apply(self, action: Action) -> None:
        self._apply(HUMAN, action)

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
        for text in match_end_lines(match.scores, match.winner, len(match.rounds), HUMAN, self._):
            say(text)
        say(self._("Replay this match with --seed {seed}.").format(seed=match.seed))

    def record(self) -> dict[str, object]:
        return self.match.to_record()

    # -- helpers -------------------------------------------------------------------------

    def _introduce(self) -> None:
        _ = self._
        match = self.match
        say = self.terminal.say
        say(
            _("Draw: {players} players, first to {target} wins. You are seat 0.").format(
                players=match.players, target=match.target
            )
        )
        for number, lot in enumerate(match.lot, 1):
            drawn = ", ".join(
                _("seat {seat} {tile}").format(seat=s, tile=t) for s, t in lot.tiles.items()
            )
            say(
                _("Lot {number} for the first lead (D3): {drawn}").format(
                    number=number, drawn=drawn
                )
            )
        say(_("Seat {seat} leads the first round.").format(seat=match.first_leader))

    def _announce_round(self) -> None:
        """Say so when a new round starts (once per round)."""
        number = len(self.match.rounds) + 1
        if number == self._round_shown:
            return
        self._round_shown = number
        _ = self._
        self.terminal.say()
        self.terminal.say(
            _("— Round {number} · seat {leader} leads · scores: {scores} · target {target}").format(
                number=number,
                leader=self.match.round.leader,
                scores=scores_text(self.match.scores, HUMAN, _),
                target=self.match.target,
            )
        )

    def _apply(self, seat: int, action: Action) -> None:
        """Apply a move, announce it, and settle the round if it ended."""
        match = self.match
        round_ = match.round
        hand_before = set(round_.observation(HUMAN).hand)
        rounds_before = len(match.rounds)
        match.apply(action)  # raises, and changes nothing, when illegal
        drawn = None
        if seat == HUMAN and isinstance(action, DrawTile):
            new = set(round_.observation(HUMAN).hand) - hand_before
            drawn = " ".join(str(t) for t in new)
        self.terminal.say(announce(seat, action, self.lang, self._, HUMAN, drawn))
        if len(match.rounds) > rounds_before:
            self._settle(round_.observation(HUMAN))

    def _settle(self, finished: DrawObservation) -> None:
        """The end of a round as the human sees it: hands revealed (D12), the settlement."""
        _ = self._
        say = self.terminal.say
        result = finished.result
        assert result is not None
        number = len(self.match.rounds)
        say()
        say(_("Round {number} is over.").format(number=number))
        for text in settlement_lines(result, HUMAN, _):
            say(text)
        say(
            _("Scores: {scores} (target {target})").format(
                scores=scores_text(self.match.scores, HUMAN, _), target=self.match.target
            )
        )
        if not self.match.is_over:
            say(_("Next round: seat {seat} leads (D16).").format(seat=self.match.round.leader))
