"""The play screen of any registered game that has no look of its own in the terminal app.

Everything comes from the game's description (``pegboard.games.Game``) and the seat's
observation: the observation as text (``observation_lines``), the seat's legal actions as
numbered choices (or a move typed in the game's notation), the log of what happened (the
game's narration events, ``Game.play``, worded by ``pegboard.i18n.say``), the
final scores (``Game.scores``) and the winner. A move the rules refuse is named with its
rule and changes nothing.

The screen shows only ``match.observation(viewer)``, the viewer being the person whose turn
it is. Bots move at once, in the same call as the person's move. With several people at
one terminal (hot-seat) a privacy screen comes between two people's turns, and nothing of
either's observation is on screen until it is closed; lines meant for one person (a
refusal) leave the log with the turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Input, Log, OptionList, Static

from pegboard import hints
from pegboard.bots import SeededBot
from pegboard.core import Event, IllegalActionError
from pegboard.games import observation_lines
from pegboard.i18n import Translator, describe_error, say
from pegboard.tui.play_screen import PlayScreen
from pegboard.tui.setup import HUMAN, Setup

LOG_LINES = PlayScreen.LOG_LINES
CHOICES_SHOWN = 9
"""Choices with a number key (1-9); more are chosen with the arrows and Enter."""


def seat_text(seat: int, _: Translator) -> str:
    """A seat in words, as the other screens of the app number them (from 0)."""
    return _("seat {seat}").format(seat=seat)


def scores_line(scores: Sequence[float], _: Translator) -> str:
    """Every seat's standing: ``seat 0: 2 · seat 1: 1``."""
    return " · ".join(f"{seat_text(seat, _)}: {score:g}" for seat, score in enumerate(scores))


def winners(scores: Sequence[float]) -> list[int]:
    """The seats with the best standing (higher is better): one winner, or a tie."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


class GenericScreen(PlayScreen):
    """A match of any game, as the person whose turn it is (the ``viewer``) sees it."""

    BINDINGS = [  # noqa: RUF012 (Textual's API)
        *(Binding(str(n), f"choose({n})", show=False) for n in range(1, CHOICES_SHOWN + 1)),
        Binding("h", "hint", show=False),
        Binding("q", "app.quit", show=False),
    ]

    def __init__(self, setup: Setup, saved: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game = setup.description
        self.bots: dict[int, SeededBot] = self.start(setup, saved)
        self.humans = set(setup.humans)
        self.you: int | None = HUMAN if len(self.humans) == 1 else None
        """The seat the texts call "you"; None in hot-seat (every seat by its number)."""
        self.choices: list[str] = []
        """The viewer's legal actions, in the game's notation: choice ``n`` is
        ``choices[n - 1]``."""
        self.moves = 0
        """The moves played on this screen (a hint's seed: the same position, the same
        hint)."""

    def compose(self) -> ComposeResult:
        _ = self._
        yield Static(id="status")
        yield Static(id="observation")
        yield OptionList(id="moves")
        yield Input(placeholder=_("or type a move, then Enter"), id="move", compact=True)
        yield Static(_("1-9/Enter: play · h: hint · Tab: type a move · q: quit"), id="keys")
        yield Log(id="log", max_lines=LOG_LINES)

    def on_mount(self) -> None:
        _ = self._
        self.query_one("#log", Log).can_focus = False
        name = _(self.game.display_name)
        if self.resumed:
            self.say(_("{game}: match resumed.").format(game=name))
        elif self.you is None:
            seats = ", ".join(str(seat) for seat in sorted(self.humans))
            self.say(
                _.ngettext(
                    "{game}: {players} player; people play seats {seats}.",
                    "{game}: {players} players; people play seats {seats}.",
                    self.setup.players,
                ).format(game=name, players=self.setup.players, seats=seats)
            )
        else:
            self.say(
                _.ngettext(
                    "{game}: {players} player. You are seat {seat}.",
                    "{game}: {players} players. You are seat {seat}.",
                    self.setup.players,
                ).format(game=name, players=self.setup.players, seat=self.you)
            )
        self.advance()

    # -- the flow of play ----------------------------------------------------------------

    def tell(self, events: Sequence[Event]) -> None:
        """What a move did, in words (the game's own events)."""
        self.moves += 1
        for event in events:
            self.say(say(event, self._, lambda seat: seat_text(seat, self._)))

    def advance(self) -> None:
        """Let the bots play until a person has a choice or the match is over; then show
        the position (behind the privacy screen when the turn goes to another person)."""
        match = self.match
        while not match.is_over:
            seat = match.current_player
            if seat is None or seat in self.humans:
                break
            bot = self.bots[seat]
            action = bot.act(match.observation(seat))
            events = self.game.play(match, seat, action).events
            self.tell(events)
        self.after_moves()

    def summary(self) -> Screen[None]:
        return GenericSummaryScreen(self.game, self.match, self._, self.you)

    def blank(self) -> None:
        """The observation and the choices off the screen (the turn passes to another
        person)."""
        self.choices = []
        self.query_one("#observation", Static).update("")
        self.query_one("#moves", OptionList).clear_options()
        self.query_one("#move", Input).value = ""

    def human_move(self, text: str) -> None:
        """Play ``text`` (the game's notation) for the viewer; a move the rules refuse, or
        no move at all, is said with its reason and nothing changes."""
        _ = self._
        match = self.match
        if not self.your_turn():
            return
        try:
            events = self.game.play(match, self.viewer, text).events
        except IllegalActionError as error:
            self.refuse(error)
            return
        except ValueError as error:
            self.say(
                _("Not a move: {reason}").format(reason=describe_error(error, _)), private=True
            )
            return
        self.query_one("#move", Input).value = ""
        self.tell(events)
        self.advance()

    def saved_bots(self) -> dict[int, SeededBot]:
        return self.bots

    # -- showing the position ------------------------------------------------------------

    def show(self) -> None:
        _ = self._
        observation = self.match.observation(self.viewer)
        self.query_one("#status", Static).update(
            _("{game} · seat {seat} to play").format(
                game=_(self.game.display_name), seat=self.viewer
            )
        )
        self.query_one("#observation", Static).update("\n".join(observation_lines(observation)))
        self.choices = [str(action) for action in observation.legal_actions()]
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.add_options(f"{n}. {text}" for n, text in enumerate(self.choices, 1))
        if self.choices:
            moves.highlighted = 0
        moves.focus()

    def first_choice_keys(self) -> tuple[str, ...]:
        return ("1",)

    # -- the controls --------------------------------------------------------------------

    def action_choose(self, number: int) -> None:
        if 1 <= number <= len(self.choices):
            self.human_move(self.choices[number - 1])

    def hint_levels(self) -> list[str]:
        """The levels to ask for a hint, in turn: the one chosen, then the game's bot
        levels, strongest first."""
        levels = [self.setup.hint_level, *reversed(self.game.bot_levels())]
        return list(dict.fromkeys(levels))

    def action_hint(self) -> None:
        """The viewer's legal actions ranked by the strongest analyser the game has (from
        the viewer's observation alone); a line for the viewer only."""
        _ = self._
        match = self.match
        if not self.your_turn():
            return
        observation = match.observation(self.viewer)
        for level in self.hint_levels():
            try:
                ranked = hints.rank(
                    self.game.name, observation, level, self.moves, self.setup.hint_budget
                )
            except hints.HintError:
                continue
            self.say_hints(
                ranked, lambda evaluation: f"{evaluation.action} ({evaluation.value:+.2f})"
            )
            return
        self.say(_("No hints for this game."), private=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_choose(event.option_index + 1)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text:
            self.human_move(text)


class GenericSummaryScreen(Screen[None]):
    """The end of the match: every seat's final standing (``Game.scores``) and the winner."""

    BINDINGS = [Binding("q,enter", "app.quit", show=False)]  # noqa: RUF012

    def __init__(self, game: Any, match: Any, _: Translator, you: int | None = HUMAN) -> None:
        super().__init__()
        self.game = game
        self.match = match
        self._ = _
        self.you = you

    def lines(self) -> list[str]:
        _ = self._
        scores = list(self.game.scores(self.match))
        best = winners(scores)
        lines = [
            _("{game}: the match is over.").format(game=_(self.game.display_name)),
            _("Final scores: {scores}").format(scores=scores_line(scores, _)),
        ]
        event = None if self.game.outcome is None else self.game.outcome(self.match)
        if event is not None:  # the game's own word (a side of partners named whole)
            said = say(event, _, lambda seat: seat_text(seat, _), reader=self.you)
            lines.append(said[:1].upper() + said[1:])
        elif len(best) > 1:
            lines.append(_("A tie between seats {seats}.").format(seats=", ".join(map(str, best))))
        elif best[0] == self.you:
            lines.append(_("You win the match."))
        else:
            who = seat_text(best[0], _)
            lines.append(_("{who} wins the match.").format(who=who[:1].upper() + who[1:]))
        seed = getattr(self.match, "seed", None)
        if seed is not None:
            lines.append(_("Replay this match with --seed {seed}.").format(seed=seed))
        return lines

    def compose(self) -> ComposeResult:
        yield Static("\n".join(self.lines()), id="summary")
        yield Button(self._("Quit"), id="quit", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#quit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.exit()
