"""The play screen of every registered game in the terminal app.

A game with no look of its own in this surface is played on it as it is; a game's look
(``Game.looks["tui"]``: Draw's, cribbage's, the Fives family's) is a subclass that draws
its table and says its words through the screen's hooks (``GenericScreen``'s docstring).
As it is, everything comes from the game's description (``pegboard.games.Game``) and the seat's
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
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Button, Input, Log, OptionList, Static

from pegboard import hints
from pegboard.bots import Evaluation, SeededBot
from pegboard.core import Event
from pegboard.games import observation_lines
from pegboard.i18n import Translator, say
from pegboard.tui.play_screen import PlayScreen
from pegboard.tui.screens import ContinueScreen
from pegboard.tui.setup import HUMAN, Setup

CHOICES_SHOWN = 9
"""Choices with a number key (1-9); more are chosen with the arrows and Enter."""


def seat_text(seat: int, _: Translator) -> str:
    """A seat in words, counted from 1 as every surface counts seats for people (the
    library's and the protocol's seat 0 is "seat 1")."""
    return _("seat {seat}").format(seat=seat + 1)


def scores_line(scores: Sequence[float], _: Translator) -> str:
    """Every seat's standing: ``seat 1: 2 · seat 2: 1``."""
    return " · ".join(
        _.labelled(seat_text(seat, _), f"{score:g}") for seat, score in enumerate(scores)
    )


def winners(scores: Sequence[float]) -> list[int]:
    """The seats with the best standing (higher is better): one winner, or a tie."""
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


class GenericScreen(PlayScreen):
    """A match of any game, as the person whose turn it is (the ``viewer``) sees it.

    A game's look specialises it where the game needs more than its description gives
    (Draw's, cribbage's, the Fives family's): its board (``compose_board``, ``show``), its
    controls (``compose_controls``, ``choices_of``, ``choice_text``, more keys and
    buttons), its words for a move (``play_move``) and for a hint (``hint_text``), what
    it says first (``opening_lines``, ``opening_moment``), the end of a round or a hand
    on a screen of its own (``play_move``'s answer, ``round_header``), moves the person
    need not choose (``automatic_move``), undo against bots (``UNDO``) and its summary
    (``summary``). A look adds its keys to ``BINDINGS`` (Textual merges them with these)
    and defines no ``on_mount`` of its own: Textual calls the handler of every class of
    the screen, so the match would start twice."""

    BINDINGS = [  # noqa: RUF012 (Textual's API)
        *(Binding(str(n), f"choose({n})", show=False) for n in range(1, CHOICES_SHOWN + 1)),
        Binding("h", "hint", show=False),
        Binding("q", "app.quit", show=False),
    ]
    UNDO: ClassVar[bool] = False
    """Undo (``u``) against bots: a game's look that offers it binds the key."""

    def __init__(self, setup: Setup, saved: dict[str, Any] | None = None) -> None:
        super().__init__()
        self.game = setup.description
        self.bots: dict[int, SeededBot] = self.start(setup, saved)
        self.humans = set(setup.humans)
        self.you: int | None = HUMAN if len(self.humans) == 1 else None
        """The seat the texts call "you"; None in hot-seat (every seat by its number)."""
        self.choices: list[Any] = []
        """The viewer's choices (``choices_of``: legal actions in the game's notation, or
        what the game's look offers): choice ``n`` is ``choices[n - 1]``."""
        self.moves = 0
        """The moves played on this screen (a hint's seed: the same position, the same
        hint)."""

    # -- what the screen is made of ------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        yield from self.compose_board()
        yield from self.compose_controls()
        yield Static(self.keys_text(), id="keys")
        log = Log(id="log", max_lines=self.LOG_LINES)
        # Read, not used: from the start, so that no key ever lands on it.
        log.can_focus = False
        yield log

    def compose_board(self) -> ComposeResult:
        """The widgets that show the position, under the status line."""
        yield Static(id="observation")

    def compose_controls(self) -> ComposeResult:
        """The widgets that choose a move: the choices, a move typed in the notation."""
        yield OptionList(id="moves")
        yield Input(placeholder=self._("or type a move, then Enter"), id="move", compact=True)

    def keys_text(self) -> str:
        """The keys, in a line under the controls."""
        # "1-9+Enter": a number chooses, Enter plays (a number alone plays nothing).
        return self._("1-9+Enter: play · h: hint · Tab: type a move · q: quit")

    def on_mount(self) -> None:
        if self.resumed:
            self.say(self.resumed_text())
            self.advance()
            return
        for line in self.opening_lines():
            self.say(line)
        moment = self.opening_moment()
        if moment is None:
            self.advance()
        else:
            self.app.push_screen(ContinueScreen(moment, self._), lambda _result: self.next_round())

    def resumed_text(self) -> str:
        """The log's first line when the match is resumed from its save."""
        return self._("{game}: match resumed.").format(game=self._(self.game.display_name))

    def opening_lines(self) -> list[str]:
        """The log's first lines: the game, the players and who is who."""
        _ = self._
        name = _(self.game.display_name)
        if self.you is None:
            seats = ", ".join(str(seat + 1) for seat in sorted(self.humans))
            return [
                _.ngettext(
                    "{game}: {players} player; people play seats {seats}.",
                    "{game}: {players} players; people play seats {seats}.",
                    self.setup.players,
                ).format(game=name, players=self.setup.players, seats=seats)
            ]
        return [
            _.ngettext(
                "{game}: {players} player. You are seat {seat}.",
                "{game}: {players} players. You are seat {seat}.",
                self.setup.players,
            ).format(game=name, players=self.setup.players, seat=self.you + 1)
        ]

    def opening_moment(self) -> RenderableType | None:
        """A screen before the first move (cribbage's cut for the deal), closed to play;
        None: play at once."""
        return None

    # -- the flow of play ----------------------------------------------------------------

    def tell(self, events: Sequence[Event]) -> None:
        """What a move did, in words (the game's own events)."""
        self.moves += 1
        for event in events:
            self.say(say(event, self._, lambda seat: seat_text(seat, self._)))

    def advance(self) -> None:
        """Let the bots (and ``automatic_move``) play until a person has a choice, a round
        ends or the match does; then show the position (behind the privacy screen when the
        turn goes to another person)."""
        match = self.match
        while not match.is_over:
            seat = match.current_player
            if seat is None:
                break
            action = self.automatic_move(seat)
            if action is None:
                break
            if self.apply(seat, action):
                return  # a round ended: its screen plays on when closed
        self.after_moves()

    def automatic_move(self, seat: int) -> Any | None:
        """The move ``seat`` plays without a person's choice: a bot's; None for a person."""
        if seat in self.humans:
            return None
        return self.bots[seat].act(self.match.observation(seat))

    def play_move(self, seat: int, action: Any) -> RenderableType | None:
        """Play ``action`` (or a move typed, in the game's notation) and tell its events."""
        self.tell(self.game.play(self.match, seat, action).events)
        return None

    def summary(self) -> Screen[None]:
        return GenericSummaryScreen(self.game, self.match, self._, self.you)

    def blank(self) -> None:
        """The observation and the choices off the screen (the turn passes to another
        person)."""
        self.choices = []
        self.query_one("#observation", Static).update("")
        self.query_one("#moves", OptionList).clear_options()
        self.query_one("#move", Input).value = ""

    def moved(self) -> None:
        for typed in self.query("#move").results(Input):
            typed.value = ""

    @property
    def can_undo(self) -> bool:
        """Undo only against bots: it would take back another person's choice."""
        return self.UNDO and len(self.humans) == 1

    def saved_bots(self) -> dict[int, SeededBot]:
        return self.bots

    def restore_bots(self, bots: dict[int, SeededBot]) -> None:
        self.bots = bots

    # -- showing the position ------------------------------------------------------------

    def show(self) -> None:
        """The status, the position (``show_position``) and the choices."""
        observation = self.match.observation(self.viewer)
        self.show_position(observation)
        self.show_choices(observation)

    def show_position(self, observation: Any) -> None:
        """The status line and the observation, as text."""
        _ = self._
        self.query_one("#status", Static).update(
            _("{game} · seat {seat} to play").format(
                game=_(self.game.display_name), seat=self.viewer + 1
            )
        )
        self.query_one("#observation", Static).update("\n".join(observation_lines(observation)))

    def show_choices(self, observation: Any) -> None:
        """The viewer's choices (``choices_of``), numbered, the first one highlighted."""
        self.choices = self.choices_of(observation)
        moves = self.query_one("#moves", OptionList)
        moves.clear_options()
        moves.add_options(
            f"{n}. {self.choice_text(choice)}" for n, choice in enumerate(self.choices, 1)
        )
        if self.choices:
            moves.highlighted = 0
        moves.focus()

    def choices_of(self, observation: Any) -> list[Any]:
        """The viewer's choices: every legal action, in the game's notation."""
        return [str(action) for action in observation.legal_actions()]

    def choice_text(self, choice: Any) -> str:
        """A choice in words: the game's notation."""
        return str(choice)

    def first_choice_keys(self) -> tuple[str, ...]:
        return ("1", "enter")

    # -- the controls --------------------------------------------------------------------

    def action_choose(self, number: int) -> None:
        """Choice ``number`` highlighted in the list, for Enter to play: a number never
        plays by itself, so that "4, Enter" plays one move, not two."""
        if 1 <= number <= len(self.choices):
            moves = self.query_one("#moves", OptionList)
            moves.highlighted = number - 1
            moves.focus()

    def hint_levels(self) -> list[str]:
        """The levels to ask for a hint, in turn: the one chosen, then the game's bot
        levels, strongest first."""
        levels = [self.setup.hint_level, *reversed(self.game.bot_levels())]
        return list(dict.fromkeys(levels))

    def hint_seed(self) -> int:
        """The seed of a hint's analyser: the same position, the same hint."""
        return self.moves

    def hint_text(self, evaluation: Evaluation) -> str:
        """A hint's line: the move in the game's notation and its value."""
        return self._("{choice} ({value})").format(
            choice=evaluation.action, value=f"{evaluation.value:+.2f}"
        )

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
                    self.game.name, observation, level, self.hint_seed(), self.setup.hint_budget
                )
            except hints.HintError:
                continue
            self.say_hints(ranked, self.hint_text)
            return
        self.say(_("No hints for this game."), private=True)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Enter on the list, or a click on a choice: that move played."""
        if 0 <= event.option_index < len(self.choices):
            self.human_move(self.choices[event.option_index])

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        if text:
            self.human_move(text)


class GenericSummaryScreen(Screen[None]):
    """The end of the match: every seat's final standing (``Game.scores``) and the winner;
    a game's look may say more (``lines``: Draw's every round, cribbage's every game)."""

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
            tied = ", ".join(str(seat + 1) for seat in best)
            lines.append(_("A tie between seats {seats}.").format(seats=tied))
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
        # as text, not markup: a tile's brackets, [2|5], are no style
        yield Static(Text("\n".join(self.lines())), id="summary")
        yield Button(self._("Quit"), id="quit", variant="primary")

    def on_mount(self) -> None:
        self.query_one("#quit", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.app.exit()
