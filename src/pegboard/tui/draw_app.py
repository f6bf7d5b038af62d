"""The full-screen client of Draw: a set-up screen, the match, round ends, a summary.

A person sits at seat 0; each other seat is a bot of a chosen level or another person at
the same terminal (hot-seat). Every bot plays from its own observation (``make_bot``, seeded
from the match's seed, as in ``pegboard play``). What the screen shows during a round comes
from ``match.observation(viewer)`` only, the viewer being the person whose turn it is; the
other hands appear when the round is over (D12). Bots move at once, in the same call as the
person's move, so the screen is never shown in the middle of another seat's turn.
"""

from __future__ import annotations

import asyncio
import copy
import json
import os
import random
import signal
import sys
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Label, Log, OptionList, Select, Static

from pegboard import hints
from pegboard.bots import SeededBot, bot_seed, make_bot
from pegboard.core import IllegalActionError
from pegboard.draw import Action, DrawObservation, DrawTile, Match, Pass, Play, pip_count
from pegboard.draw.round import RESERVE
from pegboard.hangup import (
    LEAVING_SIGNALS,
    HangupWatcher,
    detach_from_terminal,
    signal_status,
    terminal_gone,
)
from pegboard.i18n import LOCALES, Translator, describe_error, rule_reason, translator
from pegboard.i18n.draw_text import announce, match_end_lines, move_text, settlement_lines
from pegboard.tui.draw_view import hand_text, line_rows, score_track
from pegboard.tui.screens import ContinueScreen, SavesMatch, log_line, privacy_screen

HUMAN = 0
HUMAN_LEVEL = "human"
"""A seat's "level" when a person plays it (hot-seat: friends at one table, one terminal)."""
LEVELS = ("random", "greedy", "expert")
LANGUAGE_NAMES = {"en": "English", "pt": "Português", "zh": "中文", "hi": "हिन्दी"}
HINTS_SHOWN = 3
BEST_OF = (1, 3, 5, 7)
"""The cribbage matches the set-up screen offers: the best of this many games."""
LINE_WIDTH = 76
LOG_LINES = 200


@dataclass
class DrawSetup:
    """What the set-up screen chooses: the game, seats (human at 0, a bot level for each
    other), the language, and the match's seed and length (Draw: its target, None for the
    rules' target, D17; cribbage: the best of how many games)."""

    players: int = 2
    game: str = "draw"
    """``draw`` or ``cribbage`` (two players: you and one bot, seat 1's level)."""
    levels: list[str] = field(default_factory=lambda: ["greedy"] * 3)
    lang: str = "en"
    seed: int = 0
    target: int | None = None
    best_of: int = 1
    hint_level: str = "expert"
    hint_budget: int | None = None
    save_dir: Path | None = None
    """Where each game's match is saved after every move (for ``--resume``); None: not
    saved."""

    def kind(self, seat: int) -> str:
        """``human`` or the bot level playing ``seat`` (seat 0 is always a person)."""
        return HUMAN_LEVEL if seat == HUMAN else self.levels[seat - 1]

    @property
    def humans(self) -> list[int]:
        """The seats people play, in order (seat 0 first)."""
        return [seat for seat in range(self.players) if self.kind(seat) == HUMAN_LEVEL]

    @property
    def save_path(self) -> Path | None:
        return None if self.save_dir is None else save_file(self.save_dir, self.game)

    def saved_setup(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "levels": self.levels,
            "lang": self.lang,
            "seed": self.seed,
            "target": self.target,
            "best_of": self.best_of,
        }

    def store(self, state: dict[str, Any], over: bool) -> None:
        """Write ``state`` where this game is saved, atomically; a match that is over is
        removed instead (nothing to resume)."""
        path = self.save_path
        if path is None:
            return
        if over:
            path.unlink(missing_ok=True)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(".tmp")
        temporary.write_text(json.dumps(state), encoding="utf-8")
        temporary.replace(path)  # never a half-written save


def save_file(directory: Path, game: str) -> Path:
    return directory / f"{game}-tui.json"


class SetupScreen(Screen[None]):
    """Game set-up: number of players, each bot's level, the language."""

    BINDINGS = [Binding("q", "app.quit", show=False)]  # noqa: RUF012 (Textual's API)

    def __init__(self, setup: DrawSetup) -> None:
        super().__init__()
        self.setup = setup

    def compose(self) -> ComposeResult:
        _ = translator(self.setup.lang)
        yield Static(_("pegboard — a new match"), id="title")
        yield Label(_("Game"))
        yield Select(
            [("Draw", "draw"), ("Cribbage", "cribbage")],
            value=self.setup.game,
            allow_blank=False,
            compact=True,
            id="game",
        )
        yield Label(_("Players"))
        yield Select(
            [(str(n), n) for n in (2, 3, 4)],
            value=self.setup.players,
            allow_blank=False,
            compact=True,
            id="players",
        )
        for seat in (1, 2, 3):
            yield Label(
                _("Seat {seat}: a person or a bot level").format(seat=seat),
                id=f"level-label-{seat}",
            )
            yield Select(
                [(self._level_name(level, _), level) for level in (*LEVELS, HUMAN_LEVEL)],
                value=self.setup.levels[seat - 1],
                allow_blank=False,
                compact=True,
                id=f"level-{seat}",
            )
        yield Label(_("Games (best of)"), id="best-of-label")
        yield Select(
            [(str(n), n) for n in sorted({*BEST_OF, self.setup.best_of})],
            value=self.setup.best_of,
            allow_blank=False,
            compact=True,
            id="best-of",
        )
        yield Label(_("Language"))
        yield Select(
            [(LANGUAGE_NAMES[key], key) for key in LOCALES],
            value=self.setup.lang,
            allow_blank=False,
            compact=True,
            id="lang",
        )
        yield Button(_("Start"), id="start", variant="primary")

    @staticmethod
    def _level_name(level: str, _: Translator) -> str:
        names = {
            "random": _("random"),
            "greedy": _("greedy"),
            "expert": _("expert"),
            HUMAN_LEVEL: _("Human"),
        }
        return names[level]

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#start", Button).focus()

    def _show_seats(self) -> None:
        cribbage = self.setup.game == "cribbage"
        if cribbage:
            self.setup.players = 2  # cribbage here is two players
        players = self.query_one("#players", Select)
        players.value = self.setup.players
        players.disabled = cribbage
        for seat in (1, 2, 3):
            shown = seat < self.setup.players
            self.query_one(f"#level-{seat}", Select).display = shown
            self.query_one(f"#level-label-{seat}", Label).display = shown
        self.query_one("#best-of", Select).display = cribbage
        self.query_one("#best-of-label", Label).display = cribbage

    async def on_select_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        value = event.value
        if select_id == "game" and isinstance(value, str):
            self.setup.game = value
            self._show_seats()
        elif select_id == "players" and isinstance(value, int):
            self.setup.players = value
            self._show_seats()
        elif select_id.startswith("level-") and isinstance(value, str):
            self.setup.levels[int(select_id.removeprefix("level-")) - 1] = value
        elif select_id == "best-of" and isinstance(value, int):
            self.setup.best_of = value
        elif select_id == "lang" and isinstance(value, str) and value != self.setup.lang:
            self.setup.lang = value
            await self.recompose()  # every label again, in the new language
            self.on_mount()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "start":
            return
        if self.setup.game == "cribbage":
            from pegboard.tui.cribbage_app import CribbageScreen

            self.app.switch_screen(CribbageScreen(self.setup))
        else:
            self.app.switch_screen(MatchScreen(self.setup))


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
                else _("seat {seat} scores {points}").format(
                    seat=result.winner, points=result.points[result.winner]
                )
            )
            lines.append(_("Round {number}: {text}").format(number=finished.number, text=text))
        lines.append(_("Replay this match with --seed {seed}.").format(seed=match.seed))
        yield Static("\n".join(lines), id="summary")
        yield Button(_("Quit"), id="quit", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#quit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.exit()


class MatchScreen(Screen[None]):
    """A match of Draw as the person whose turn it is (the ``viewer``) sees it.

    With one person (seat 0) against bots it is that person's screen throughout. With
    several people at one terminal (hot-seat), the screen shows only the viewer's hand; when
    the turn passes to another person, a privacy screen comes first and nothing of either
    hand is shown until it is closed."""

    BINDINGS = [  # noqa: RUF012
        *(Binding(str(n), f"play({n})", show=False) for n in range(1, 10)),
        Binding("d", "draw", show=False),
        Binding("p", "pass", show=False),
        Binding("h", "hint", show=False),
        Binding("a", "auto", show=False),
        Binding("u", "undo", show=False),
        Binding("q", "app.quit", show=False),
    ]

    def __init__(self, setup: DrawSetup, saved: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.setup = setup
        self._ = translator(setup.lang)
        self.humans = set(setup.humans)
        self.bots: dict[int, SeededBot] = {
            seat: make_bot("draw", setup.levels[seat - 1], bot_seed(setup.seed, seat))
            for seat in range(1, setup.players)
            if seat not in self.humans
        }
        self.viewer = HUMAN
        """The person whose hand the screen shows."""
        self.you: int | None = HUMAN if len(self.humans) == 1 else None
        """The seat the texts call "you"; None in hot-seat (every seat by its number)."""
        if saved is None:
            self.match = Match(setup.players, seed=setup.seed, target=setup.target)
        else:
            self.match = Match.from_record(saved["match"])
            for seat, state in saved["bots"].items():
                version, internal, gauss = state
                self.bots[int(seat)].rng.setstate((version, tuple(internal), gauss))
        self.resumed = saved is not None
        self.auto = False
        """Play forced draws and forced passes for the human (no choice is lost)."""
        self.plays: list[Play] = []
        self.public: list[str] = []
        """The log without the private lines (what every person at the table may read)."""
        self.undo_point: tuple[dict[str, Any], dict[int, SeededBot], list[str]] | None = None
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

    def say(self, text: str, private: bool = False) -> None:
        """Write a line in the log; a ``private`` one (a hint, a refusal naming your tile)
        is for the viewer only: in hot-seat it leaves the log when the turn passes."""
        log_line(self.query_one("#log", Log), self.public, text, private, LOG_LINES)

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
        self.save()
        if match.is_over:
            self.app.switch_screen(SummaryScreen(match, self._, self.you))
            return
        seat = match.current_player
        if seat is not None and seat != self.viewer:
            self.hand_over_to(seat)
            return
        self.show()

    def hand_over_to(self, seat: int) -> None:
        """Another person's turn: blank the hand and the moves, then the privacy screen;
        the new viewer's hand is shown only once it is closed."""
        self.viewer = seat
        self.plays = []
        self.query_one("#hand", Static).update("")
        self.query_one("#moves", OptionList).clear_options()
        privacy_screen(self, self.public, seat, self._, self.show)

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
        log = self.query_one("#log", Log)
        log.clear()
        self.public = []
        if not self.match.is_over:
            self.say(
                self._("Round {number}: seat {seat} leads.").format(
                    number=len(self.match.rounds) + 1, seat=self.match.round.leader
                )
            )
        self.advance()

    def human_move(self, action: Action) -> None:
        if self.match.is_over or self.match.current_player != self.viewer:
            return
        log = self.query_one("#log", Log)
        before = (self.match.to_record(), copy.deepcopy(self.bots), list(log.lines))
        try:
            ended = self.apply(self.viewer, action)
        except IllegalActionError as error:
            # The buttons offer only legal moves; a key may still ask for another one
            # (a pass while drawing is allowed, say): the rule says no, nothing changes.
            self.say(
                self._("Not allowed: {reason}").format(reason=rule_reason(error, self._)),
                private=True,
            )
            return
        if not ended:
            # Undo only against bots: it would take back another person's choice.
            self.undo_point = before if len(self.humans) == 1 else None
            self.advance()

    def action_undo(self) -> None:
        """Take back the human's last move and the bots' replies (only bots play here, so
        nobody else's choice is undone); not across the end of a round."""
        if self.undo_point is None or self.match.current_player != self.viewer:
            return
        record, bots, lines = self.undo_point
        self.undo_point = None
        self.match = Match.from_record(record)
        self.bots = bots
        log = self.query_one("#log", Log)
        log.clear()
        log.write_lines(lines)
        self.public = list(lines)
        self.say(self._("Your last move is taken back."))
        self.show()

    def save(self) -> None:
        """Save the match (and the bots' random streams) for ``pegboard play --resume``."""
        state = {
            "game": "draw",
            "setup": self.setup.saved_setup(),
            "match": self.match.to_record(),
            "bots": {str(seat): bot.rng.getstate() for seat, bot in self.bots.items()},
        }
        self.setup.store(state, over=self.match.is_over)
        self.app.record = self.match.to_record()  # type: ignore[attr-defined]

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
            _(
                "Round {number} · seat {leader} leads · stock {stock} ({drawable} may be drawn)"
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
        if match.is_over or match.current_player != self.viewer:
            return
        ranked = hints.hint(
            match,
            self.viewer,
            level=self.setup.hint_level,
            seed=len(match.round.observation(self.viewer).history),
            budget=self.setup.hint_budget,
        )
        self.say(_("Hint, best first:"), private=True)
        for rank, evaluation in enumerate(ranked[:HINTS_SHOWN], 1):
            self.say(
                f"  {rank}. {move_text(evaluation.action, self.setup.lang, _)}"
                f" ({evaluation.value:+.2f})",
                private=True,
            )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"draw": self.action_draw, "pass": self.action_pass, "hint": self.action_hint}
        action = actions.get(event.button.id or "")
        if action is not None:
            action()


class DrawApp(App[None]):
    """``pegboard play``, full screen: the set-up screen, then a match of Draw or of
    cribbage against bots (or a saved match, resumed)."""

    CSS = """
    Screen { overflow-y: auto; }
    #title { text-style: bold; }
    SetupScreen Select { width: 30; }
    #status { height: 2; }
    #track { height: auto; color: $success; }
    #line { height: auto; max-height: 6; }
    #hand { height: auto; text-style: bold; }
    #controls { height: 5; }
    #moves { width: 1fr; height: 5; }
    MatchScreen #buttons { width: 12; height: 5; }
    MatchScreen #buttons Button { width: 12; margin-bottom: 0; }
    #keys { height: 1; color: $text-muted; }
    #log { height: 1fr; min-height: 4; }
    CribbageScreen #board { height: 2; color: $success; }
    CribbageScreen #table { height: 3; }
    #hand-row { height: 3; }
    #hand-label { width: auto; height: 3; text-style: bold; }
    .card { width: 5; height: 3; margin-right: 1; }
    #prompt { height: 1; text-style: bold; }
    CribbageScreen #buttons { height: 1; }
    CribbageScreen #buttons Button { margin-right: 2; }
    #moment { height: auto; }
    """

    def __init__(
        self, setup: DrawSetup, skip_setup: bool = False, saved: dict[str, Any] | None = None
    ) -> None:
        super().__init__()
        self.setup = setup
        self.skip_setup = skip_setup or saved is not None
        self.saved = saved
        self.record: dict[str, Any] | None = None
        """The record of the match played, as last saved (for ``--save FILE``)."""
        self.left_by: int | None = None
        """The signal the app left on, the match saved (SIGHUP for a terminal that went
        away); None when the person left."""
        self._watcher: HangupWatcher | None = None
        self._signals: tuple[signal.Signals, ...] = ()

    def on_mount(self) -> None:
        self.title = "pegboard"
        if not self.is_headless:
            self._leave_with_the_terminal()
        if not self.skip_setup:
            self.push_screen(SetupScreen(self.setup))
        elif self.setup.game == "cribbage":
            from pegboard.tui.cribbage_app import CribbageScreen

            self.push_screen(CribbageScreen(self.setup, self.saved))
        else:
            self.push_screen(MatchScreen(self.setup, self.saved))

    def _leave_with_the_terminal(self) -> None:
        """Leave, the match saved, when the terminal goes away or SIGHUP or SIGTERM comes.

        The event loop runs the handlers between two messages, so a move being played is
        never cut in two. The hang-up itself needs a watcher: SIGHUP goes to the session's
        leader only (``make``, a waiting shell), and Textual's input thread reads the end of
        file of a hung-up terminal as "no key", again and again, at full speed."""
        loop = asyncio.get_running_loop()
        for signum in LEAVING_SIGNALS:
            loop.add_signal_handler(signum, self.leave, signum)
        self._signals = LEAVING_SIGNALS
        stdin = sys.__stdin__
        if stdin is not None and stdin.isatty():

            def hung_up() -> None:
                end_soon(signal_status(signal.SIGHUP))  # even if the loop is stuck
                loop.call_soon_threadsafe(self.leave, signal.SIGHUP)

            self._watcher = HangupWatcher(stdin.fileno(), hung_up)
            self._watcher.start()

    def on_unmount(self) -> None:
        if self._watcher is not None:
            self._watcher.stop()
        loop = asyncio.get_running_loop()
        for signum in self._signals:
            loop.remove_signal_handler(signum)

    def leave(self, signum: int) -> None:
        """Save the match (as after every move, for ``--resume``) and end the app, its
        status naming ``signum``."""
        if self.left_by is not None:
            return
        self.left_by = signum
        for screen in self.screen_stack:  # the match's screen may be under a round's end
            if isinstance(screen, SavesMatch):
                screen.save()
        detach_from_terminal()  # if it is gone, Textual's goodbye to the screen goes nowhere
        if not self.is_headless:  # a real terminal's app (never a test's, in pytest itself)
            end_soon(signal_status(signum))
        self.exit(return_code=signal_status(signum))

    def panic(self, *renderables: RenderableType) -> None:
        # Textual's input thread dies of EIO if it reads the terminal in the instant the
        # kernel hangs it up (reads end of file only once the hang-up is done), and panics
        # the app: that is the terminal lost, not an error of the program.
        if self._watcher is not None and terminal_gone(self._watcher.fd):
            self.leave(signal.SIGHUP)
            return
        super().panic(*renderables)


PegboardApp = DrawApp

EXIT_GRACE = 1.2
"""Seconds the app has to end by itself once it leaves with its terminal."""
_ending: list[threading.Timer] = []


def end_soon(status: int) -> None:
    """End the process with ``status`` in ``EXIT_GRACE`` seconds unless it has ended by
    then. Seen under load: Textual's shutdown can stall on a terminal that hung up, and a
    client whose terminal is gone must not linger. Nothing is lost: the match is saved
    after every move, and ``leave`` saves it again before it asks the app to end."""
    if _ending:
        return
    timer = threading.Timer(EXIT_GRACE, os._exit, args=(status,))
    timer.daemon = True  # a normal end does not wait for it
    _ending.append(timer)
    timer.start()


def load_saved(path: Path, _: Translator | None = None) -> tuple[DrawSetup, dict[str, Any]]:
    """The set-up and the saved state of ``pegboard play --resume``; ``ValueError`` (in
    the language of ``_``) when there is no save or it cannot be read."""
    from pegboard.cribbage import CribbageMatch

    _ = translator("en") if _ is None else _
    try:
        state = json.loads(path.read_text(encoding="utf-8"))
        chosen = state["setup"]
        game = str(chosen.get("game", "draw"))
        setup = DrawSetup(
            players=int(chosen["players"]),
            game=game,
            levels=[str(level) for level in chosen["levels"]],
            lang=str(chosen["lang"]),
            seed=int(chosen["seed"]),
            target=chosen["target"],
            best_of=int(chosen.get("best_of", 1)),
            save_dir=path.parent,
        )
        if setup.save_path != path:
            raise ValueError(_("it holds a match of {game}").format(game=game))
        reader = CribbageMatch.from_record if game == "cribbage" else Match.from_record
        reader(state["match"])  # refuse a save that does not replay
        for seat in range(1, setup.players):  # and one without every bot's random stream
            if setup.kind(seat) == HUMAN_LEVEL:
                continue
            version, internal, gauss = state["bots"][str(seat)]
            random.Random().setstate((version, tuple(internal), gauss))
    except FileNotFoundError:
        raise ValueError(_("there is no saved match at {path}").format(path=path)) from None
    except (OSError, KeyError, TypeError, ValueError) as error:
        raise ValueError(
            _("the saved match at {path} cannot be read: {reason}").format(
                path=path, reason=describe_error(error, _)
            )
        ) from None
    return setup, state
