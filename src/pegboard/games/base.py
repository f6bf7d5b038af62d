"""What a game's description says (``Game``) and how its options are checked (``Option``).

A description is a value, like python-chess's variant classes or OpenSpiel's ``GameType``:
its name and display name, its seats, its options with their choices and defaults, how to
start a match from options and a seed, how to read one from a record, and how to play one
action written in its notation. Surfaces ask for a description by name
(``pegboard.games.get``) and never compare a game's name themselves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from pegboard.core import N_, Event, IllegalActionError, RecordError, WordedError
from pegboard.core.narration import played

if TYPE_CHECKING:
    # What each surface takes as a game's own piece of it: the surfaces' own types, named
    # here for the type checker only (the registry imports no surface).
    from pegboard.arena.deals import DealLook
    from pegboard.cli.look import CliLook
    from pegboard.envs.game import OwnEnvironment
    from pegboard.openspiel import Look as OpenSpielLook
    from pegboard.tui.looks import PlayScreen
    from pegboard.web.rules.page import RulesPage
    from pegboard.web.views import GameView


class OptionError(WordedError):
    """An option a game does not allow: ``option`` names it, ``rule`` the rule it breaks
    (or None), and the message is worded by a template (``N_``) and its fields, so that a
    surface can say it in the user's language."""

    def __init__(self, option: str, template: str, rule: str | None = None, **fields: Any) -> None:
        super().__init__(template, **fields)
        self.option = option
        self.rule = rule


class UnknownGameError(WordedError, LookupError):
    """No game of that name: the message names the games there are."""


class OutOfTurnError(IllegalActionError):
    """A seat that acts when it is not its turn (or when the match is over)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One setting of a match: a whole number within ``minimum``..``maximum``, or one of
    ``choices``; ``default`` when a request leaves it out (None may mean "the rules'
    own", as Draw's target does). ``problem`` is the refusal's template (``N_``-marked,
    its fields ``minimum``, ``maximum``, ``choices``), ``rule`` the rule it cites."""

    name: str
    label: str
    default: int | None
    problem: str
    rule: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[int, ...] = ()
    optional: bool = False
    """Whether null is a value (it then means ``default``'s own meaning: the rules' value)."""
    choice_labels: tuple[tuple[int | None, str], ...] = ()
    """Each choice in words for people (``N_``-marked msgids), ``None`` the rules' own for
    an optional option: "Partnerships: yes / no" instead of 1 / 0. A choice left out is
    shown as its number."""

    def check(self, value: object) -> int | None:
        """``value`` when this option allows it; ``OptionError`` naming the rule otherwise."""
        if value is None and self.optional:
            return None
        if (
            isinstance(value, int)
            and not isinstance(value, bool)
            and (not self.choices or value in self.choices)
            and (self.minimum is None or value >= self.minimum)
            and (self.maximum is None or value <= self.maximum)
        ):
            return value
        raise self.refusal()

    def refusal(self) -> OptionError:
        """The error that refuses a value of this option, its rule cited."""
        return OptionError(
            self.name,
            self.problem,
            self.rule,
            minimum=self.minimum,
            maximum=self.maximum,
            choices=", ".join(map(str, self.choices)),
        )

    def describe(self) -> dict[str, Any]:
        """The option as JSON for clients (``GET /api/games``)."""
        return {
            "name": self.name,
            "label": self.label,
            "default": self.default,
            "optional": self.optional,
            "minimum": self.minimum,
            "maximum": self.maximum,
            "choices": list(self.choices),
            "rule": self.rule,
            "choice_labels": [[value, label] for value, label in self.choice_labels],
        }


class Encoding(Protocol):
    """A game's actions as numbers and a seat's observation as a fixed-length vector, for
    the research interfaces (PettingZoo, OpenSpiel). Built from the observation alone, so
    that a vector cannot hold what the seat may not know."""

    @property
    def num_actions(self) -> int:
        """How many action numbers there are (each names the same move everywhere)."""
        ...

    @property
    def observation_size(self) -> int:
        """The length of every observation vector (entries in [0, 1])."""
        ...

    @property
    def max_length(self) -> int:
        """The most actions a match can take (OpenSpiel's ``max_game_length``)."""
        ...

    def encode(self, observation: Any) -> Sequence[float]:
        """The seat's observation as ``observation_size`` numbers in [0, 1]."""
        ...

    def action_index(self, observation: Any, action: Any) -> int:
        """The number of one of the seat's legal ``action``."""
        ...

    def action(self, observation: Any, index: int) -> Any:
        """The seat's action numbered ``index`` (``ValueError`` when it names none)."""
        ...


class WinProbabilities(Protocol):
    """A game's chances of winning its match (``pegboard.analysis.odds``, issue 37).

    Between deals a match's state is public (the scores, the dealer or leader, the
    options) and its chances are read from a table the game computed from its engine: the
    outcomes of deals of its expert against itself, sampled from standard starts, then a
    dynamic programme over the scores; the table is a data file in the game's package
    (``path``), written by ``python -m benchmarks odds --game NAME``. Within a deal a seat's
    chances are estimated from its observation alone: worlds consistent with it played out
    to the deal's end, each end read from the table."""

    @property
    def path(self) -> Path:
        """The data file: the samples, the seed they were drawn from and the tables."""
        ...

    @property
    def configurations(self) -> tuple[str, ...]:
        """The kinds of deal sampled separately ("2", "4-partners"...): what changes how
        a deal is played and scored, each one a sample of its own."""
        ...

    def covers(self, options: Mapping[str, Any]) -> bool:
        """Whether the tables hold the chances of a match with these (checked) options: a
        surface offers the chances only where they do (partnership Draw: not)."""
        ...

    def sample_deal(self, configuration: str, seed: int) -> Any:
        """One deal of ``configuration`` played by the expert against itself from a
        standard start, drawn from ``seed``: what the tables need of it, as JSON values.
        Module-level and deterministic, so that a runner may map it over processes."""
        ...

    def build(self, samples: Mapping[str, Sequence[Any]]) -> dict[str, Any]:
        """The tables (and their stated error) from the samples of every configuration,
        as JSON values: what the data file holds beside the samples."""
        ...

    def between_deals(self, match: Any) -> Sequence[float]:
        """Per seat, the chance of winning ``match`` from the state its deal in play began
        in (public facts only), read from the tables; 1 and 0 once it is over."""
        ...

    def within_deal(self, observation: Any, samples: int, rng: random.Random) -> Sequence[float]:
        """Per seat, the chance of winning estimated from one seat's ``observation``:
        ``samples`` worlds consistent with it played out to the end of the deal (or of the
        match), each end read from the tables."""
        ...

    def within_public(self, match: Any, samples: int, rng: random.Random) -> Sequence[float]:
        """Per seat, the chance of winning ``match`` estimated from its public facts alone
        (what a spectator sees): ``samples`` worlds where every hidden hand, the stock and
        any other unseen card or tile are dealt at random consistently with them, played out
        as ``within_deal``'s are; 1 and 0 once the match is over. No seat's hand is read,
        so the estimate is the same whatever the hands hold."""
        ...


def _scores_attribute(match: Any) -> Sequence[float]:
    return tuple(match.scores)


@dataclass(frozen=True)
class Looks:
    """What is particular to a game on each surface. Each piece is a function of no
    arguments that imports it when its surface asks for it (``game.looks.web()``), so that
    describing a game loads no surface and none of their optional dependencies (Textual,
    FastAPI, PettingZoo, OpenSpiel); its return type is the surface's own. A piece left None
    is drawn by the surface's generic look."""

    cli: Callable[[], CliLook] | None = None
    """The command line's table, replayer and commands (``pegboard.cli.look``)."""
    tui: Callable[[], PlayScreen] | None = None
    """The terminal app's play screen (``pegboard.tui.looks``)."""
    web: Callable[[], GameView] | None = None
    """The web's view of a match for one seat (``pegboard.web.views``)."""
    page: str | None = None
    """The name of the page's JavaScript module that draws that view (``NAME.js``)."""
    assets: tuple[Path, ...] = ()
    """The folders of the game's web files (its page module, its rules page's scripts, its
    styles), served under ``/static/games/`` beside the generic page module."""
    rules: Callable[[], RulesPage] | None = None
    """The rules page (``pegboard.web.rules``)."""
    arena: Callable[[], DealLook] | None = None
    """What a deal is in the arena (``pegboard.arena.deals``)."""
    envs: Callable[[], OwnEnvironment] | None = None
    """The game's own PettingZoo environment (``pegboard.envs.game``)."""
    openspiel: Callable[[], OpenSpielLook] | None = None
    """The game's own OpenSpiel game (``pegboard.openspiel``)."""


def observation_lines(observation: Any) -> list[str]:
    """A seat's observation as lines of text (``key: value``), for the surfaces' generic
    rendering of a game that has no look of its own there. It reads only ``to_dict()``,
    the seat's own view, so it shows nothing the seat may not know."""
    lines: list[str] = []
    for key, value in observation.to_dict().items():
        if isinstance(value, list | tuple):
            value = " ".join(str(v) for v in value)
        lines.append(f"{key.replace('_', ' ')}: {value}")
    return lines


class Played(NamedTuple):
    """What ``Game.play`` did: the action's own notation (what a log keeps) and the events
    that tell it (``pegboard.core.Event``, public). The events may be a
    ``pegboard.core.Later``, worked out only when read: a caller that never reads them (a
    replay, an environment's step, the arena) pays nothing for them."""

    notation: str
    events: Sequence[Event]


@dataclass(frozen=True, slots=True)
class Grading:
    """How a game's analysis names a decision's loss, in the unit of its experts' values
    (``pegboard.analysis``): from ``inaccuracy`` an inaccuracy, from ``mistake`` a
    mistake (also the scale of accuracy), from ``blunder`` a blunder. A game chooses them
    from data (docs/analysis.md).

    ``chance_per_point`` is what one point of that unit is worth in the chance of winning,
    for a game whose analyser values some decisions by the chance of winning the match
    (near a match's end, where a point can be worth the match or nothing): such a loss is
    graded as the points it is worth at that rate, so that one threshold means the same
    over the whole match. None: the game's analyser values everything in points."""

    inaccuracy: float
    mistake: float
    blunder: float
    chance_per_point: float | None = None

    def __post_init__(self) -> None:
        if not 0 < self.inaccuracy < self.mistake < self.blunder:
            raise ValueError(f"grading thresholds must rise from above 0: {self}")
        if self.chance_per_point is not None and not 0 < self.chance_per_point < 1:
            raise ValueError(f"a point is worth a chance between 0 and 1: {self}")


@dataclass(frozen=True)
class Game:
    """One game as every surface sees it. ``new_match(options, seed)`` starts a match
    from checked options; ``from_record(record)`` reads one back; ``play(match, seat,
    action)`` applies an action for a seat (``Played``: its notation and its events).
    ``over_rule`` is the rule that ends a match (cited when a seat acts after it)."""

    name: str
    display_name: str
    """In English, ``N_``-marked: surfaces translate it."""
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    new_match: Callable[[Mapping[str, Any], int], Any]
    from_record: Callable[[dict[str, Any]], Any]
    apply: Callable[[Any, int, Any], Sequence[Event] | None]
    """Apply a parsed action for a seat (whose turn ``check_seat`` checked); the events
    that tell what happened (``pegboard.core.Event``), or None for the plain "plays".
    Events are public (what every seat may know); a ``pegboard.core.Later`` defers the
    work until they are read, which ``replay`` never does."""
    over_rule: str
    match_type: type[Any]
    """The class of this game's matches (what ``new_match`` and ``from_record`` make)."""
    players_option: str = "players"
    bots: Sequence[str] = field(default=())
    """Bot levels, weakest first (the bots registry's, when empty)."""
    record_start: (
        Callable[[dict[str, Any]], tuple[Mapping[str, Any], int, Sequence[str]]] | None
    ) = None
    """A match record read as its start: the options, the seed and the actions in order
    (each played by the seat to act then), so that a surface can show it move by move
    (``RecordError`` when the record is not one). None when the game offers no such
    reading; ``from_record`` still reads the record whole."""
    readers: Mapping[str, Callable[[dict[str, Any]], Any]] = field(default_factory=dict)
    """Readers of the game's records of other kinds than a match (``{"round": ...}``):
    kind -> the position it rebuilds."""
    position_types: tuple[type[Any], ...] = ()
    """The classes of the game's positions other than its matches (a Draw ``Round``)."""
    scores: Callable[[Any], Sequence[float]] = _scores_attribute
    """Per seat, the match's standing (points, games won), higher is better."""
    points: Callable[[Any], Sequence[float]] | None = None
    """Per seat, the points on the board now, what a chart of the match draws (a cribbage
    game's pegs); None: ``scores``."""
    encoding: Callable[[], Encoding] | None = None
    """The game's ``Encoding`` for the research interfaces, imported when asked for (it
    needs NumPy, the ``research`` extra's): the numbers of a match of the default options."""
    encoding_for: Callable[[Mapping[str, Any]], Encoding] | None = None
    """For a game whose numbers change with an option (Draw's set, cribbage's deal, count
    and seats): the ``Encoding`` of a match with these (checked) options, imported when
    asked for; an option that none of the game's encodings plays is refused with an
    ``OptionError`` naming it and its rule, never encoded wrongly. None: ``encoding``'s,
    whatever the options. Surfaces ask ``research_encoding(options)``."""
    win_probabilities: Callable[[], WinProbabilities] | None = None
    """The game's ``WinProbabilities`` (its tables), imported when asked for; None when the
    game has none."""
    options_check: Callable[[Mapping[str, Any]], None] | None = None
    """Checks options together once each is in range (``OptionError`` naming the one at
    fault and its rule): partnerships need 4 players, say. None when any mix goes."""
    owner: Callable[[Any], bool] | None = None
    """For games that share their classes (All Fives and Fives and Threes both play a
    ``FivesMatch``): whether a match or position of those classes is this game's. None:
    every instance of ``match_type`` and ``position_types`` is."""
    outcome: Callable[[Any], Event | None] | None = None
    """Who won a finished match, as an event (``pegboard.core.Event``) the surfaces say in
    their result line: for a game of sides, the side named whole (partners together).
    None, or an event of None, and the surfaces say it from ``scores`` (one seat, or a
    tie)."""
    revealed: Callable[[Any], Hashable] | None = None
    """What of the match's hidden information has been shown so far (tiles drawn, a card
    cut, hands shown, a new deal), as a value that changes whenever more is shown: a move
    after which it changed cannot be taken back (the web's takebacks). None: the game
    offers no takebacks."""
    sides: Callable[[Any], Sequence[Sequence[int]]] | None = None
    """The seats of a match that play together, side by side (partners share a side); None:
    each seat plays alone. A surface that must keep partners from talking in private (the
    web's chat) asks it."""
    rule_gists: Mapping[str, str] = field(default_factory=dict)
    """The gist of each rule a move can break (``N_``-marked, by rule: ``{"D8": ...}``), said
    when a refusal's own words are not in a catalog (``pegboard.i18n.rule_gist``)."""
    deals_over: Callable[[Any], int] | None = None
    """How many deals of a match are played out (a Draw round, a cribbage or Fives hand),
    counted from its start: where a deal ends, for a surface that plays deals alone (the
    daily deals, ``pegboard.daily``). None: the game has no deals shorter than its match."""
    daily_deals: int = 0
    """How many deals make the game's daily event (``pegboard.daily``): about ten minutes of
    play. 0: the game has none."""
    time_control: tuple[int, int] = (300, 5)
    """The clock that fits the game's pace when people play it online: a bank of seconds
    per player and seconds gained after each move (Fischer's increment). A surface that
    times its players starts from it (``pegboard.web.clocks``)."""
    grading: Grading = Grading(1.0, 3.0, 6.0)
    """The thresholds of the analysis' grades (``pegboard.analysis``)."""
    analyser: str | None = None
    """The bot level whose values grade a match's decisions (``pegboard.analysis``); None:
    the strongest level that ranks actions."""
    looks: Looks = Looks()
    """What is particular to this game's look on each surface (``Looks``); a surface imports
    its own piece only (``game.looks.tui()``), so the registry imports no surface."""

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def check_options(self, request: Mapping[str, Any]) -> dict[str, Any]:
        """The options of a new match of this game from ``request`` (other keys are
        ignored), each checked and the missing ones defaulted; ``OptionError`` naming the
        first one out of range, and its rule."""
        checked = {
            option.name: option.check(request.get(option.name, option.default))
            for option in self.options
        }
        if self.options_check is not None:
            self.options_check(checked)
        return checked

    def players(self, options: Mapping[str, Any]) -> int:
        """How many seats a match with these (checked) options has."""
        value = options.get(self.players_option)
        return int(value) if value is not None else self.min_players

    def read_record(self, record: dict[str, Any]) -> Any:
        """The position a record of this game rebuilds, whatever its kind (a match, or one
        of ``readers``); ``RecordError`` naming the kind when the game has no such record."""
        kind = record.get("kind")
        reader = self.readers.get(kind) if isinstance(kind, str) else None
        if reader is not None:
            return reader(record)
        if kind == "match":
            return self.from_record(record)
        raise RecordError(N_("no record of kind {kind!r} for {game}"), kind=kind, game=self.name)

    def owns(self, position: object) -> bool:
        """Whether ``position`` is one of this game's (a match or another position type,
        and ``owner`` says so when games share their classes)."""
        if not isinstance(position, (self.match_type, *self.position_types)):
            return False
        return self.owner is None or self.owner(position)

    def research_encoding(self, options: Mapping[str, Any] | None = None) -> Encoding | None:
        """The game's ``Encoding`` (imported) of a match with ``options``, checked here
        (``OptionError`` names the rule of one out of range, or of one no encoding of the
        game plays: ``encoding_for``); without options, the default options' (``encoding``).
        None when the game has no encoding."""
        if self.encoding is None:
            return None
        if options is None:
            return self.encoding()
        checked = self.check_options(options)
        return self.encoding() if self.encoding_for is None else self.encoding_for(checked)

    def bot_levels(self) -> tuple[str, ...]:
        if self.bots:
            return tuple(self.bots)
        from pegboard.games import bot_levels

        return bot_levels(self.name)

    def people_levels(self) -> tuple[str, ...]:
        """The bot levels offered to people (the web lobby, the terminal), weakest first;
        the research levels stay in ``bot_levels`` (the arena, the API)."""
        from pegboard.games.levels import for_people

        return for_people(self.bot_levels())

    def default_level(self) -> str | None:
        """The level of a person's opponent unless they choose one (the expert, where the
        game has it), the same on every surface; None for a game without bots."""
        from pegboard.games.levels import preferred_level

        return preferred_level(self.bot_levels())

    def check_seat(self, match: Any, seat: int) -> None:
        """``OutOfTurnError`` unless ``seat`` is the seat to act."""
        current = match.current_player
        if current is None:
            raise OutOfTurnError(N_("the match is over"), self.over_rule)
        if seat != current:
            raise OutOfTurnError(
                N_("it is seat {current}'s turn, not seat {seat}'s"), current=current, seat=seat
            )

    def play(self, match: Any, seat: int, action: Any) -> Played:
        """Play ``action`` for ``seat``: the one way every surface applies a move (the web's
        tables, the command line, the terminal app, the arena, the research interfaces).
        ``action`` is written in the game's notation (text, parsed here by the match) or is
        an action already parsed (a bot's). What it gives back: the action's own notation
        and the events that tell what it did (public; worked out when first read, from
        facts the game captured as the action was applied: ``pegboard.core.Later``).

        ``OutOfTurnError`` when it is not the seat's turn, ``IllegalActionError`` (its rule
        named) when the rules forbid it, ``ValueError`` when the text is no action at all;
        in every case the match is unchanged.
        """
        self.check_seat(match, seat)
        if isinstance(action, str):
            action = match.parse_action(action)
        events = self.apply(match, seat, action)
        return Played(str(action), (played(seat, action),) if events is None else events)

    def replay(
        self, options: Mapping[str, Any], seed: int, actions: Sequence[tuple[int, str]]
    ) -> Any:
        """The match rebuilt from its seed and its log of ``(seat, action)``, in order."""
        match = self.new_match(options, seed)
        for seat, text in actions:
            self.play(match, seat, text)  # its events, left unread, cost nothing
        return match

    def describe(self) -> dict[str, Any]:
        """The game as JSON for clients, its display name and labels still in English."""
        return {
            "name": self.name,
            "display_name": self.display_name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": [option.describe() for option in self.options],
            "bots": list(self.bot_levels()),
            "people_bots": list(self.people_levels()),
            "default_bot": self.default_level(),
            "time_control": {"bank": self.time_control[0], "increment": self.time_control[1]},
        }
