"""Draw's look in the full-screen client: the match, round ends, a summary.

The registry finds it (``looks={"tui": "pegboard.draw.looks.tui:MatchScreen"}`` in
``pegboard.draw.description``); the app, its set-up screen and the saves are the same for every
game (``pegboard.tui.app``, ``setup_screen``, ``setup``).

A person sits at seat 0; each other seat is a bot of a chosen level or another person at
the same terminal (hot-seat). Every bot plays from its own observation (``make_bot``, seeded
from the match's seed, as in ``pegboard play``). What the screen shows during a round comes
from ``match.observation(viewer)`` only, the viewer being the person whose turn it is; the
other hands appear when the round is over (D12). Bots move at once, in the same call as the
person's move, so the screen is never shown in the middle of another seat's turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Log, OptionList, Static

from pegboard import hints
from pegboard.bots import SeededBot
from pegboard.draw import Action, DrawObservation, DrawTile, Match, Pass, Play, pip_count
from pegboard.draw.looks.tui_view import hand_text, line_rows, score_track
from pegboard.draw.round import RESERVE
from pegboard.draw.text import announce, match_end_lines, move_text, settlement_lines
from pegboard.i18n import Translator
from pegboard.tui.app import EXIT_GRACE, PegboardApp, end_soon
from pegboard.tui.play_screen import PlayScreen, UndoPoint
from pegboard.tui.screens import ContinueScreen
from pegboard.tui.setup import (
    HUMAN,
    HUMAN_LEVEL,
    Setup,
    load_saved,
    save_file,
)
from pegboard.tui.setup_screen import SetupScreen

__all__ = [
    "EXIT_GRACE",
    "HUMAN",
    "HUMAN_LEVEL",
    "DrawApp",
    "DrawSetup",
    "MatchScreen",
    "RoundOverScreen",
    "SetupScreen",
    "SummaryScreen",
    "end_soon",
    "load_saved",
    "save_file",
]

DrawApp = PegboardApp
"""The app under its old name (it plays every game now)."""
DrawSetup = Setup
"""The set-up under its old name (it sets up every game now)."""
LINE_WIDTH = 76
LOG_LINES = PlayScreen.LOG_LINES


class RoundOverScreen(ContinueScreen):
    """The end of a round: every hand revealed, the settlement as arithmetic (D12-D14),
    the scores and the next leader (D16)."""

    def __init__(self, lines: list[str], _: Translator) -> None:
        super().__init__("\n".join(lines), _)


class SummaryScreen(Screen[None]):
    """The end of the match (D17): final scores, the winner, every round's settlement."""

    BINDINGS = [Binding("q,enter", "app.quit", show=False)]  # noqa: RUF012

    def __init__(self, match: Match, _: Translator, you: int | None = HUMAN) -> None:
        super().__init__()
        self.match = match
        self._ = _
        self.you = you

    def compose(self) -> ComposeResult:
        _ = self._
        match = self.match
        lines = match_end_lines(match.scores, match.winner, len(match.rounds), self.you, _)
        lines.append("")
        for finished in match.rounds:
            result = finished.result
            text = (
                _("nobody scores")
                if result.winner is None
                else _.ngettext(
                    "seat {seat} scores {points}",
                    "seat {seat} scores {points}",
                    result.points[result.winner],
                ).format(seat=result.winner, points=result.points[result.winner])
            )
            lines.append(_("Round {number}: {text}").format(number=finished.number, text=text))
        lines.append(_("Replay this match with --seed {seed}.").format(seed=match.seed))
        yield Static("\n".join(lines), id="summary")
        yield Button(_("Quit"), id="quit", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#quit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.exit()


class MatchScreen(PlayScreen):
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
    BINDINGS = [  # noqa: RUF012
        *(Binding(str(n), f"play({n})", show=False) for n in range(1, 10)),
        Binding("d", "draw", show=False),
        Binding("p", "pass", show=False),
        Binding("h", "hint", show=False),
        Binding("a", "auto", show=False),
        Binding("u", "undo", show=False),
        Binding("q", "app.quit", show=False),
    ]

    def __init__(self, setup: Setup, saved: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.match: Match
        self.bots: dict[int, SeededBot] = self.start(setup, saved)
        self.humans = set(setup.humans)
        self.you: int | None = HUMAN if len(self.humans) == 1 else None
        """The seat the texts call "you"; None in hot-seat (every seat by its number)."""
        self.auto = False
        """Play forced draws and forced passes for the human (no choice is lost)."""
        self.plays: list[Play] = []
        self.undo_point: UndoPoint | None = None
        """The position before the human's last move in this round (bots and log too)."""

    @property
    def can_draw(self) -> bool:
        return DrawTile() in self.match.legal_actions()

    def compose(self) -> ComposeResult:
        _ = self._
        yield Static(id="status")
        yield Static(id="track")
        yield Static(id="line")
        yield Static(id="hand")
        with Horizontal(id="controls"):
            yield OptionList(id="moves")
            with Vertical(id="buttons"):
                yield Button(_("Draw"), id="draw", compact=True)
                yield Button(_("Pass"), id="pass", compact=True)
                yield Button(_("Hint"), id="hint", compact=True)
        yield Static(
            _("1-9/Enter: play · d: draw · p: pass · h: hint · a: auto · u: undo · q: quit"),
            id="keys",
        )
        yield Log(id="log", max_lines=LOG_LINES)

    def on_mount(self) -> None:
        _ = self._
        match = self.match
        if self.resumed:
            self.say(_("Match resumed: round {number}.").format(number=len(match.rounds) + 1))
            self.advance()
            return
        humans = self.setup.humans
        if len(humans) > 1:  # hot-seat: nobody in particular is "you"
            intro = _("Draw: {players} players, first to {target} wins; people play seats {seats}.")
            self.say(
                intro.format(
                    players=match.players,
                    target=match.target,
                    seats=", ".join(str(seat) for seat in humans),
                )
            )
        else:
            self.say(
                _("Draw: {players} players, first to {target} wins. You are seat 0.").format(
                    players=match.players, target=match.target
                )
            )
        self.say(_("Seat {seat} leads the first round.").format(seat=match.first_leader))
        self.advance()

    # -- the flow of play ----------------------------------------------------------------

    def advance(self) -> None:
        """Let the bots (and forced moves, when automatic) play until the human has a
        choice, a round ends, or the match does; then show the position."""
        match = self.match
        while not match.is_over:
            seat = match.current_player
            assert seat is not None
            action: Action
            if seat in self.humans:
                legal = match.legal_actions()
                if not (self.auto and len(legal) == 1 and not isinstance(legal[0], Play)):
                    break
                action = legal[0]
            else:
                answer = self.bots[seat].act(match.observation(seat))
                if not isinstance(answer, Play | DrawTile | Pass):
                    raise TypeError(f"the {self.bots[seat].name} bot answered {answer!r}")
                action = answer
            if self.apply(seat, action):
                return  # a round ended: its screen continues the play when closed
        self.after_moves()

    def summary(self) -> Screen[None]:
        return SummaryScreen(self.match, self._, self.you)

    def blank(self) -> None:
        self.plays = []
        self.query_one("#hand", Static).update("")
        self.query_one("#moves", OptionList).clear_options()

    def apply(self, seat: int, action: Action) -> bool:
        """Apply a move and log it; True when it ended a round (its screen is shown)."""
        match = self.match
        round_ = match.round
        hand_before = set(round_.observation(seat).hand)
        rounds_before = len(match.rounds)
        match.apply(action)
        drawn = None
        # The log stays on screen for the next person: in hot-seat it names no drawn tile.
        if seat == self.you and isinstance(action, DrawTile):
            drawn = hand_text(sorted(set(round_.observation(seat).hand) - hand_before))
        self.say(announce(seat, action, self.setup.lang, self._, self.you, drawn))
        if len(match.rounds) == rounds_before:
            return False
        self.undo_point = None
        self.save()  # leaving on the round's screen loses nothing
        self.round_over(round_.observation(self.viewer))
        return True

    def round_over(self, finished: DrawObservation) -> None:
        _ = self._
        result = finished.result
        assert result is not None
        match = self.match
        lines = [_("Round {number} is over.").format(number=len(match.rounds))]
        lines += settlement_lines(result, self.you, _)
        lines += score_track(match.scores, match.target, self.viewer, _)
        if not match.is_over:
            lines.append(_("Next round: seat {seat} leads (D16).").format(seat=match.round.leader))
        self.say(_("Round {number} is over.").format(number=len(match.rounds)))
        self.app.push_screen(RoundOverScreen(lines, _), lambda _result: self.next_round())

    def next_round(self) -> None:
        """A fresh log for the new round: the last one's moves were shown with its end."""
        self.restore_log([])
        if not self.match.is_over:
            self.say(
                self._("Round {number}: seat {seat} leads.").format(
                    number=len(self.match.rounds) + 1, seat=self.match.round.leader
                )
            )
        self.advance()

    @property
    def can_undo(self) -> bool:
        return len(self.humans) == 1

    def copy_match(self) -> Match:
        return Match.from_record(self.match.to_record())

    def saved_bots(self) -> dict[int, SeededBot]:
        return self.bots

    def restore_bots(self, bots: dict[int, SeededBot]) -> None:
        self.bots = bots

    # -- showing the position ------------------------------------------------------------

    def show(self) -> None:
        _ = self._
        match = self.match
        obs: DrawObservation = match.observation(self.viewer).round
        others = " · ".join(
            _("seat {seat} holds {count}").format(seat=s, count=n)
            for s, n in enumerate(obs.hand_sizes)
            if s != self.viewer
        )
        self.query_one("#status", Static).update(
            _.ngettext(
                "Round {number} · seat {leader} leads · stock {stock} ({drawable} may be drawn)",
                "Round {number} · seat {leader} leads · stock {stock} ({drawable} may be drawn)",
                max(obs.stock_size - RESERVE, 0),
            ).format(
                number=len(match.rounds) + 1,
                leader=obs.leader,
                stock=obs.stock_size,
                drawable=max(obs.stock_size - RESERVE, 0),
            )
            + "\n"
            + others
        )
        self.query_one("#track", Static).update(
            "\n".join(score_track(match.scores, match.target, self.viewer, _))
        )
        self.query_one("#line", Static).update("\n".join(line_rows(obs.line, LINE_WIDTH, _)))
        self.query_one("#hand", Static).update(
            _("Your hand: {tiles} (count {count})").format(
                tiles=hand_text(obs.hand), count=pip_count(obs.hand)
            )
        )
        legal = obs.legal_actions()
        self.plays = [a for a in legal if isinstance(a, Play)]
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.add_options(
            f"{n}. {move_text(play, self.setup.lang, _)}" for n, play in enumerate(self.plays, 1)
        )
        if self.plays:
            moves.highlighted = 0
        self.query_one("#draw", Button).disabled = DrawTile() not in legal
        self.query_one("#pass", Button).disabled = Pass() not in legal
        moves.focus()

    def first_choice_keys(self) -> tuple[str, ...]:
        """The first tile to play, else a draw, else a pass."""
        return ("1",) if self.plays else ("d",) if self.can_draw else ("p",)

    # -- the controls --------------------------------------------------------------------

    def action_play(self, number: int) -> None:
        if 1 <= number <= len(self.plays):
            self.human_move(self.plays[number - 1])

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_play(event.option_index + 1)

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

    def action_hint(self) -> None:
        _ = self._
        match = self.match
        if not self.your_turn():
            return
        ranked = hints.hint(
            match,
            self.viewer,
            level=self.setup.hint_level,
            seed=len(match.round.observation(self.viewer).history),
            budget=self.setup.hint_budget,
        )
        self.say_hints(
            ranked,
            lambda evaluation: (
                f"{move_text(evaluation.action, self.setup.lang, _)} ({evaluation.value:+.2f})"
            ),
        )
