"""The command line's generic rendering, for any registered game with no look of its own.

What the human is shown comes from their seat's observation alone
(``pegboard.games.observation_lines``: its ``to_dict()``), so it holds nothing the seat
may not know; their legal actions are numbered (answer the number or the notation). Every
move, the bots' and the human's, is played through ``Game.play`` and said from
the events the rules give (``pegboard.i18n.say``): the command line words nothing itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pegboard.bots import SeededBot, bot_seed
from pegboard.cli.look import game_name
from pegboard.cli.terminal import Terminal
from pegboard.core import N_, Event, IllegalActionError, RecordError
from pegboard.games import Game, make_bot, observation_lines
from pegboard.i18n import Translator, describe_error, say, seat_words

HUMAN = 0


def winners(scores: Sequence[float]) -> list[int]:
    """The seats with the best standing (several when they tie)."""
    if not scores:
        return []
    best = max(scores)
    return [seat for seat, score in enumerate(scores) if score == best]


def scores_line(game: Game, match: Any, _: Translator) -> str:
    name = seat_words(_)
    scores = " · ".join(
        f"{name(seat)} {_number(score)}" for seat, score in enumerate(game.scores(match))
    )
    return _("Final scores: {scores}").format(scores=scores)


def result_line(game: Game, match: Any, _: Translator) -> str:
    """Who won: the game's own word for it (``Game.outcome``: a side of partners named
    whole), else from its scores: one seat, or a tie between several."""
    name = seat_words(_)
    event = None if game.outcome is None else game.outcome(match)
    if event is not None:
        return say(event, _, name)
    best = winners(game.scores(match))
    if len(best) == 1:
        return _("{seat} wins.").format(seat=name(best[0]))
    return _("A tie between {seats}.").format(seats=", ".join(name(seat) for seat in best))


def say_moves(
    say: Callable[[str], None],
    legal: Sequence[Any],
    _: Translator,
    words: Callable[[Any], str] | None = None,
) -> None:
    """The human's legal moves, numbered as they answer them: each in the game's notation,
    and in ``words`` when given."""
    say(_("Your moves:"))
    width = len(str(len(legal)))
    for number, action in enumerate(legal, 1):
        text = str(action) if words is None else f"{action!s:<10} {words(action)}"
        say(f"  {number:>{width}}. {text}")


def bot_action(bot: SeededBot, observation: Any, kinds: type | tuple[type, ...]) -> Any:
    """``bot``'s move from ``observation``; ``TypeError`` when it is none of ``kinds`` (the
    game's actions)."""
    action = bot.act(observation)
    if not isinstance(action, kinds):
        raise TypeError(f"the {bot.name} bot answered {action!r}")
    return action


def _number(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.2f}"


class GenericTable:
    """A match of any registered game, the human at seat 0 and bots at the other seats."""

    def __init__(
        self,
        game: Game,
        match: Any,
        bots: Mapping[int, SeededBot],
        terminal: Terminal,
        gettext: Translator,
    ) -> None:
        self.game = game
        self.match = match
        self.bots = dict(bots)
        self.terminal = terminal
        self._ = gettext
        self._name = seat_words(gettext)
        self._introduce()

    @classmethod
    def new(
        cls,
        game: Game,
        options: Mapping[str, Any],
        level: str,
        seed: int,
        terminal: Terminal,
        gettext: Translator,
    ) -> GenericTable:
        """A new match from checked ``options``; a bot of ``level`` at every other seat."""
        match = game.new_match(options, seed)
        players = int(match.num_players)
        bots = {s: make_bot(game.name, level, bot_seed(seed, s)) for s in range(1, players)}
        return cls(game, match, bots, terminal, gettext)

    # -- the table protocol --------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.match.current_player is None

    @property
    def human_to_move(self) -> bool:
        return bool(self.match.current_player == HUMAN)

    def bot_move(self) -> None:
        seat = self.match.current_player
        assert seat is not None and seat != HUMAN
        action = self.bots[seat].act(self.match.observation(seat))
        events = self.game.play(self.match, seat, action).events
        self._narrate(events)

    def show(self) -> list[Any]:
        _ = self._
        say = self.terminal.say
        observation = self.match.observation(HUMAN)
        say()
        for line in observation_lines(observation):
            say(f"  {line}")
        legal = list(observation.legal_actions())
        say_moves(say, legal, _)
        return legal

    def parse(self, text: str) -> Any:
        return self.match.parse_action(text)

    def apply(self, action: Any) -> None:
        events = self.game.play(self.match, HUMAN, action).events
        self._narrate(events)

    def help(self) -> str:
        return self._(
            "Answer with the number of a move, or write it as the list shows it.\n"
            "  show  show your view again;  help  this text;  quit  leave the match"
        )

    def finish(self) -> None:
        say = self.terminal.say
        say()
        say(scores_line(self.game, self.match, self._))
        say(result_line(self.game, self.match, self._))

    def record(self) -> dict[str, Any]:
        record: dict[str, Any] = self.match.to_record()
        return record

    # -- helpers -------------------------------------------------------------------------

    def _introduce(self) -> None:
        _ = self._
        self.terminal.say(
            _.ngettext(
                "{game}: {players} player. You are {seat}.",
                "{game}: {players} players. You are {seat}.",
                self.match.num_players,
            ).format(
                game=game_name(self.game, _),
                players=self.match.num_players,
                seat=self._name(HUMAN),
            )
        )

    def _narrate(self, events: Sequence[Event]) -> None:
        for event in events:
            self.terminal.say(say(event, self._, self._name))


def replay_generic(game: Game, record: dict[str, Any], terminal: Terminal, _: Translator) -> None:
    """Print a record of ``game`` move by move from its start (``Game.record_start``):
    each action played by the seat to act then, and said from the rules' events.
    ``RecordError`` when the game offers no such reading or the record does not replay."""
    if game.record_start is None:
        raise RecordError(
            N_("cannot replay a record of the game {game!r}: it cannot be read move by move"),
            game=game.name,
        )
    options, seed, actions = game.record_start(record)
    match = game.new_match(game.check_options(options), seed)
    name = seat_words(_)
    out = terminal.say
    out(
        _.ngettext(
            "{game}: {players} player, seed {seed}.",
            "{game}: {players} players, seed {seed}.",
            match.num_players,
        ).format(game=game_name(game, _), players=match.num_players, seed=seed)
    )
    for number, text in enumerate(actions, 1):
        seat = match.current_player
        if seat is None:
            raise RecordError(
                N_("action {number} ({text!r}) comes after the match ended"),
                number=number,
                text=text,
            )
        try:
            events = game.play(match, seat, text).events
        except (IllegalActionError, ValueError) as error:
            raise RecordError(
                N_("action {number} ({text!r}) cannot be played: {reason}"),
                number=number,
                text=text,
                reason=describe_error(error, _),
            ) from None
        for event in events:
            out(f"  {number}. {say(event, _, name)}")
    out()
    if match.current_player is not None:
        out(_("The match was not finished."))
        return
    out(scores_line(game, match, _))
    out(result_line(game, match, _))
