"""Draw's look in the full-screen client: the generic play screen, drawing Draw's table.

The registry finds it (``looks={"tui": "pegboard.draw.looks.tui:MatchScreen"}`` in
``pegboard.draw.description``); the app, its set-up screen, the saves and the flow of play
(the bots, hot-seat privacy, undo against bots, hints, a round's end on a screen of its
own, the summary) are the generic screen's (``pegboard.tui.generic``). What is Draw's: the
table (the scores on a track, the line of play in rows, the viewer's hand), its controls
(the tiles to play, numbered; draw and pass; forced moves played for you), its words for a
move and for a round's settlement (``pegboard.draw.text``), and its summary (every round).

What the screen shows during a round comes from ``match.observation(viewer)`` only, the
viewer being the person whose turn it is; the other hands appear when the round is over
(D12).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static

from pegboard.bots import Evaluation
from pegboard.draw import Action, DrawTile, Match, MatchObservation, Pass, Play, pip_count
from pegboard.draw.looks.tui_view import hand_text, line_rows, score_track
from pegboard.draw.round import RESERVE
from pegboard.draw.text import announce, match_end_lines, move_text, settlement_lines
from pegboard.tui.generic import GenericScreen, GenericSummaryScreen

LINE_WIDTH = 76


class SummaryScreen(GenericSummaryScreen):
    """The end of the match (D17): final scores, the winner, every round's settlement."""

    match: Match

    def lines(self) -> list[str]:
        _ = self._
        match = self.match
        lines = match_end_lines(
            match.scores, match.winner, len(match.rounds), self.you, _, match.partnerships
        )
        lines.append("")
        for finished in match.rounds:
            result = finished.result
            if result.partnerships:  # the side's points, partners together (D22, D23)
                text = settlement_lines(result, self.you, _)[-1]
                lines.append(_("Round {number}: {text}").format(number=finished.number, text=text))
                continue
            text = (
                _("nobody scores")
                if result.winner is None
                else _.ngettext(
                    "seat {seat} scores {points}",
                    "seat {seat} scores {points}",
                    result.points[result.winner],
                ).format(seat=result.winner + 1, points=result.points[result.winner])
            )
            lines.append(_("Round {number}: {text}").format(number=finished.number, text=text))
        lines.append(_("Replay this match with --seed {seed}.").format(seed=match.seed))
        return lines


class MatchScreen(GenericScreen):
    """A match of Draw as the person whose turn it is (the ``viewer``) sees it.

    With one person (seat 0) against bots it is that person's screen throughout. With
    several people at one terminal (hot-seat), the screen shows only the viewer's hand; when
    the turn passes to another person, a privacy screen comes first and nothing of either
    hand is shown until it is closed."""

    DEFAULT_CSS = """
    MatchScreen #buttons { width: 12; height: 5; }
    MatchScreen #buttons Button { width: 12; margin-bottom: 0; }
    """

    BUTTONS: ClassVar[Mapping[str, str]] = {
        "draw": "action_draw",
        "pass": "action_pass",
        "hint": "action_hint",
    }
    BINDINGS = [  # noqa: RUF012 (Textual's API; 1-9, h and q are the generic screen's)
        Binding("d", "draw", show=False),
        Binding("p", "pass", show=False),
        Binding("a", "auto", show=False),
        Binding("u", "undo", show=False),
    ]
    UNDO = True

    match: Match
    choices: list[Play]  # the tiles to play; draw and pass are keys

    def __init__(self, setup: Any, saved: dict[str, Any] | None = None) -> None:
        super().__init__(setup, saved)
        self.auto = False
        """Play forced draws and forced passes for the human (no choice is lost)."""

    @property
    def can_draw(self) -> bool:
        return DrawTile() in self.match.legal_actions()

    def compose_board(self) -> ComposeResult:
        yield Static(id="track")
        yield Static(id="line")
        yield Static(id="hand")

    def compose_controls(self) -> ComposeResult:
        _ = self._
        with Horizontal(id="controls"):
            yield OptionList(id="moves")
            with Vertical(id="buttons"):
                yield Button(_("Draw"), id="draw", compact=True)
                yield Button(_("Pass"), id="pass", compact=True)
                yield Button(_("Hint"), id="hint", compact=True)

    def keys_text(self) -> str:
        return self._("1-9+Enter: play · d: draw · p: pass · h: hint · a: auto · u: undo · q: quit")

    def resumed_text(self) -> str:
        return self._("Match resumed: round {number}.").format(number=len(self.match.rounds) + 1)

    def opening_lines(self) -> list[str]:
        _ = self._
        match = self.match
        humans = self.setup.humans
        if len(humans) > 1:  # hot-seat: nobody in particular is "you"
            intro = _("Draw: {players} players, first to {target} wins; people play seats {seats}.")
            first = intro.format(
                players=match.players,
                target=match.target,
                seats=", ".join(str(seat + 1) for seat in humans),
            )
        else:
            first = _("Draw: {players} players, first to {target} wins. You are seat 1.").format(
                players=match.players, target=match.target
            )
        leader = _("Seat {seat} leads the first round.").format(seat=match.first_leader + 1)
        return [first, leader]

    # -- the flow of play ----------------------------------------------------------------

    def automatic_move(self, seat: int) -> Action | None:
        """A bot's move; for a person, a forced draw or pass when automatic (D8)."""
        match = self.match
        if seat in self.humans:
            legal = match.legal_actions()
            if self.auto and len(legal) == 1 and not isinstance(legal[0], Play):
                return legal[0]
            return None
        answer = self.bots[seat].act(match.observation(seat))
        if not isinstance(answer, Play | DrawTile | Pass):
            raise TypeError(f"the {self.bots[seat].name} bot answered {answer!r}")
        return answer

    def play_move(self, seat: int, action: Action) -> RenderableType | None:
        """Apply a move and log it; at a round's end, its settlement (D12-D16)."""
        _ = self._
        match = self.match
        round_ = match.round
        hand_before = set(round_.observation(seat).hand)
        rounds_before = len(match.rounds)
        match.apply(action)
        drawn = None
        # The log stays on screen for the next person: in hot-seat it names no drawn tile.
        if seat == self.you and isinstance(action, DrawTile):
            drawn = hand_text(sorted(set(round_.observation(seat).hand) - hand_before))
        self.say(announce(seat, action, self.setup.lang, _, self.you, drawn, round_.block))
        if len(match.rounds) == rounds_before:
            return None
        result = round_.observation(self.viewer).result
        assert result is not None
        lines = [_("Round {number} is over.").format(number=len(match.rounds))]
        lines += settlement_lines(result, self.you, _)
        lines += score_track(
            match.scores, match.target, self.viewer, _, partnerships=match.partnerships
        )
        if not match.is_over:
            lines.append(
                _("Next round: seat {seat} leads (D16).").format(seat=match.round.leader + 1)
            )
        self.say(_("Round {number} is over.").format(number=len(match.rounds)))
        return "\n".join(lines)

    def round_header(self) -> str:
        return self._("Round {number}: seat {seat} leads.").format(
            number=len(self.match.rounds) + 1, seat=self.match.round.leader + 1
        )

    def summary(self) -> Screen[None]:
        return SummaryScreen(self.game, self.match, self._, self.you)

    def blank(self) -> None:
        self.choices = []
        self.query_one("#hand", Static).update("")
        self.query_one("#moves", OptionList).clear_options()

    def copy_match(self) -> Match:
        return Match.from_record(self.match.to_record())

    # -- showing the position ------------------------------------------------------------

    def show_position(self, observation: MatchObservation) -> None:
        _ = self._
        match = self.match
        obs = observation.round
        others = " · ".join(
            _("seat {seat} holds {count}").format(seat=s + 1, count=n)
            for s, n in enumerate(obs.hand_sizes)
            if s != self.viewer
        )
        drawable = max(obs.stock_size - RESERVE, 0)
        status = (
            _.ngettext(
                "Round {number} · seat {leader} leads · {stock} tile asleep (Block: no drawing)",
                "Round {number} · seat {leader} leads · {stock} tiles asleep (Block: no drawing)",
                obs.stock_size,
            )
            if obs.block  # D18: the stock sleeps
            else _.ngettext(
                "Round {number} · seat {leader} leads · stock {stock} ({drawable} may be drawn)",
                "Round {number} · seat {leader} leads · stock {stock} ({drawable} may be drawn)",
                drawable,
            )
        )
        self.query_one("#status", Static).update(
            status.format(
                number=len(match.rounds) + 1,
                leader=obs.leader + 1,
                stock=obs.stock_size,
                drawable=drawable,
            )
            + "\n"
            + others
        )
        self.query_one("#track", Static).update(
            "\n".join(
                score_track(
                    match.scores, match.target, self.viewer, _, partnerships=match.partnerships
                )
            )
        )
        self.query_one("#line", Static).update("\n".join(line_rows(obs.line, LINE_WIDTH, _)))
        self.query_one("#hand", Static).update(
            _("Your hand: {tiles} (count {count})").format(
                tiles=hand_text(obs.hand), count=pip_count(obs.hand)
            )
        )
        legal = obs.legal_actions()
        self.query_one("#draw", Button).disabled = DrawTile() not in legal
        self.query_one("#pass", Button).disabled = Pass() not in legal

    def choices_of(self, observation: MatchObservation) -> list[Play]:
        """The tiles the viewer may play; a draw and a pass are keys and buttons."""
        return [action for action in observation.round.legal_actions() if isinstance(action, Play)]

    def choice_text(self, choice: Play) -> str:
        return move_text(choice, self.setup.lang, self._)

    def first_choice_keys(self) -> tuple[str, ...]:
        """The first tile to play, else a draw, else a pass."""
        return ("1", "enter") if self.choices else ("d",) if self.can_draw else ("p",)

    # -- the controls --------------------------------------------------------------------

    def action_draw(self) -> None:
        self.human_move(DrawTile())

    def action_pass(self) -> None:
        self.human_move(Pass())

    def action_auto(self) -> None:
        _ = self._
        self.auto = not self.auto
        self.say(
            _("Forced moves are played for you.")
            if self.auto
            else _("Forced moves: you play them.")
        )
        self.advance()

    def hint_seed(self) -> int:
        return len(self.match.round.observation(self.viewer).history)

    def hint_text(self, evaluation: Evaluation) -> str:
        move = move_text(evaluation.action, self.setup.lang, self._, self.match.round.block)
        return self._("{choice} ({value})").format(choice=move, value=f"{evaluation.value:+.2f}")
