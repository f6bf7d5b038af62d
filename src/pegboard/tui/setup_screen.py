"""The set-up screen: the registered games, each one's seats and options, the language.

The games are the registry's (``pegboard.games.names()``), by their translated display
names; the seats and options are the chosen game's description: the number of players
within its range, each other seat a person or one of its bot levels for people
(``people_levels()``), and each option as its choices, its range (a list when short, else
a number typed in) and its default. A value the game does not allow is refused with the
game's own words, which name the rule, and the match does not start.
"""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Select, Static

from pegboard import games
from pegboard.games import Option
from pegboard.i18n import ALL, Translator, describe_error, translator
from pegboard.tui.looks import play_screen
from pegboard.tui.setup import HUMAN_LEVEL, Setup, level_name

LANGUAGE_NAMES = {language.key: language.short_name for language in ALL}
LISTED = 12
"""A range of at most this many values is offered as a list; a longer one is typed."""
RESERVED_IDS = frozenset({"title", "game", "players", "lang", "start", "refusal"})


def option_id(option: Option) -> str:
    """The widget id of an option: its name (``best_of`` is ``#best-of``), kept apart
    from the screen's other widgets."""
    name = option.name.replace("_", "-")
    return f"option-{name}" if name in RESERVED_IDS or name.startswith("level-") else name


def listed_values(option: Option) -> list[int] | None:
    """The values a list offers for ``option``, or None when it is typed in."""
    if option.choices:
        return list(option.choices)
    if (
        option.minimum is not None
        and option.maximum is not None
        and option.maximum - option.minimum < LISTED
    ):
        return list(range(option.minimum, option.maximum + 1))
    return None


class SetupScreen(Screen[None]):
    """Game set-up: the game, the number of players, who plays each seat, the game's
    options, the language."""

    BINDINGS = [Binding("q", "app.quit", show=False)]  # noqa: RUF012 (Textual's API)

    def __init__(self, setup: Setup) -> None:
        super().__init__()
        self.setup = setup
        self.unreadable: dict[str, Option] = {}
        """The typed options whose text is no value the game allows (by widget id)."""

    @property
    def _(self) -> Translator:
        return translator(self.setup.lang)

    def compose(self) -> ComposeResult:
        _ = self._
        game = self.setup.description
        yield Static(_("pegboard — a new match"), id="title")
        yield Label(_("Game"))
        yield Select(
            [(_(games.get(name).display_name), name) for name in games.names()],
            value=self.setup.game,
            allow_blank=False,
            compact=True,
            id="game",
        )
        yield Label(_("Players"))
        counts = range(game.min_players, game.max_players + 1)
        yield Select(
            [(str(n), n) for n in counts],
            value=self.setup.players,
            allow_blank=False,
            compact=True,
            id="players",
            disabled=len(counts) == 1,
        )
        # The levels for people only: the research ones stay in the arena and the API (one
        # named on the command line, `pegboard play --bots random`, stays listed).
        asked = [level for level in self.setup.levels if level not in game.people_levels()]
        choices = tuple(dict.fromkeys((*game.people_levels(), *asked, HUMAN_LEVEL)))
        for seat in range(1, game.max_players):
            yield Label(
                _("Seat {seat}: a person or a bot level").format(seat=seat + 1),
                id=f"level-label-{seat}",
            )
            yield Select(
                [(level_name(level, _, game.name), level) for level in choices],
                value=self.setup.levels[seat - 1],
                allow_blank=False,
                compact=True,
                id=f"level-{seat}",
            )
        for option in game.options:
            if option.name != game.players_option:
                yield from self._option_widgets(option, _)
        yield Label(_("Language"))
        yield Select(
            [(language.short_name, language.key) for language in ALL],
            value=self.setup.lang,
            allow_blank=False,
            compact=True,
            id="lang",
        )
        yield Static(id="refusal")
        yield Button(_("Start"), id="start", variant="primary")

    def _option_widgets(self, option: Option, _: Translator) -> list[Widget]:
        ident = option_id(option)
        value = self.setup.options.get(option.name, option.default)
        label = Label(_(option.label), id=f"{ident}-label")
        values = listed_values(option)
        if values is None:
            hint = (
                _("{minimum} to {maximum}; empty: the rules' own")
                if option.optional
                else _("{minimum} to {maximum}")
            ).format(minimum=option.minimum, maximum=option.maximum)
            typed = Input(
                "" if value is None else str(value),
                placeholder=hint,
                type="integer",
                compact=True,
                id=ident,
            )
            return [label, typed]
        # Each value in the game's words when it names them ("You count, with muggins",
        # cribbage's C18), else as its number.
        # As text, not markup: a tile's brackets, [0|0], are no style.
        named = dict(option.choice_labels)
        entries: list[tuple[RenderableType, int | None]] = [
            (Text(_(named[n])) if n in named else str(n), n) for n in values
        ]
        if value is not None and value not in values:
            entries.append((str(value), value))  # as saved or given: the start checks it
        if option.optional:
            entries.insert(0, (_("the rules' own"), None))
        elif value is None:
            value = entries[0][1]
            self.setup.options[option.name] = value
        select: Select[int | None] = Select(
            entries, value=value, allow_blank=False, compact=True, id=ident
        )
        return [label, select]

    def _option(self, ident: str) -> Option | None:
        game = self.setup.description
        for option in game.options:
            if option.name != game.players_option and option_id(option) == ident:
                return option
        return None

    def on_mount(self) -> None:
        self._show_seats()
        self.query_one("#start", Button).focus()

    def _show_seats(self) -> None:
        for seat in range(1, self.setup.description.max_players):
            shown = seat < self.setup.players
            self.query_one(f"#level-{seat}", Select).display = shown
            self.query_one(f"#level-label-{seat}", Label).display = shown

    def refuse(self, text: str) -> None:
        self.query_one("#refusal", Static).update(text)

    async def on_select_changed(self, event: Select.Changed) -> None:
        ident = event.select.id or ""
        value = event.value
        option = self._option(ident)
        if ident == "game" and isinstance(value, str) and value != self.setup.game:
            self.setup.choose_game(value, self.setup.players)
            self.unreadable = {}
            await self.recompose()  # the new game's seats and options
            self.on_mount()
        elif ident == "players" and isinstance(value, int):
            self.setup.players = value
            self._show_seats()
        elif ident.startswith("level-") and isinstance(value, str):
            self.setup.levels[int(ident.removeprefix("level-")) - 1] = value
        elif option is not None:
            self.setup.options[option.name] = value if isinstance(value, int) else None
            self.refuse("")
        elif ident == "lang" and isinstance(value, str) and value != self.setup.lang:
            self.setup.lang = value
            await self.recompose()  # every label again, in the new language
            self.on_mount()

    def on_input_changed(self, event: Input.Changed) -> None:
        ident = event.input.id or ""
        option = self._option(ident)
        if option is None:
            return
        text = event.value.strip()
        try:
            value = None if not text and option.optional else int(text)
            option.check(value)
        except ValueError:
            self.unreadable[ident] = option
            self.refuse(describe_error(option.refusal(), self._))
            return
        self.unreadable.pop(ident, None)
        self.setup.options[option.name] = value
        self.refuse("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.start()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.start()

    def start(self) -> None:
        """Start the match, unless the game refuses an option (its words, its rule)."""
        if self.unreadable:
            self.refuse(describe_error(next(iter(self.unreadable.values())).refusal(), self._))
            return
        try:
            self.setup.match_options()  # the game's own check, its rule named
            screen = play_screen(self.setup)
        except ValueError as error:
            self.refuse(describe_error(error, self._))
            return
        self.app.switch_screen(screen)
