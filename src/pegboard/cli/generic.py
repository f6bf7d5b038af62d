"""The command line's table and replay, for every registered game.

By itself it renders a game generically: what the human is shown comes from their seat's
observation alone (``pegboard.games.observation_lines``: its ``to_dict()``), so it holds
nothing the seat may not know; their legal actions are numbered (answer the number or the
notation). Every move, the bots' and the human's, and every move of a replayed record,
is played through the registry's ``Game.play`` and said from the events the rules give
(``pegboard.i18n.say``): the command line words nothing itself. A game's look
(``pegboard.cli.look.CliLook``) specialises ``GenericTable`` and ``GenericReplay`` where
the game has words of its own; the flow (the turns, the answers, the actions of a record
in order, their errors) stays here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Self

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
        _.labelled(name(seat), _number(score)) for seat, score in enumerate(game.scores(match))
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


def _number(score: float) -> str:
    return str(int(score)) if float(score).is_integer() else f"{score:.2f}"


class GenericTable:
    """A match of any registered game, the human at seat 0 and bots at the other seats.

    It is every game's table: a game's look (``CliLook.table``) specialises its parts, as
    a subclass, where the game has its own words for them: ``introduce`` (the match's
    opening), ``stage``/``begin_stage`` (a header once per round or hand), ``view`` (the
    human's view and numbered moves), ``parse``, ``before_move``/``narrate`` (what a move
    did, from the rules' events or from the positions before and after), ``help`` and
    ``finish``. Every move, the bots' and the human's, is played here, through the
    registry's ``Game.act``."""

    def __init__(
        self,
        game: Game,
        match: Any,
        bots: Mapping[int, SeededBot],
        terminal: Terminal,
        gettext: Translator,
        seed: int | None = None,
    ) -> None:
        self.game = game
        self.match = match
        self.bots = dict(bots)
        self.seed = seed
        """The seed the match and its bots were made from, when known."""
        self.terminal = terminal
        self._ = gettext
        self._name = seat_words(gettext)
        self._stage_shown: object = None
        self.introduce()

    @classmethod
    def new(
        cls,
        game: Game,
        options: Mapping[str, Any],
        level: str,
        seed: int,
        terminal: Terminal,
        gettext: Translator,
    ) -> Self:
        """A new match from checked ``options``; a bot of ``level`` at every other seat."""
        return cls.seated(game, game.new_match(options, seed), level, seed, terminal, gettext)

    @classmethod
    def seated(
        cls,
        game: Game,
        match: Any,
        level: str,
        seed: int,
        terminal: Terminal,
        gettext: Translator,
    ) -> Self:
        """The table of ``match`` (made by the game's look, its options checked): the human
        at seat 0 and a bot of ``level`` at every other seat, seeded from ``seed``."""
        players = int(match.num_players)
        bots = {s: make_bot(game.name, level, bot_seed(seed, s)) for s in range(1, players)}
        return cls(game, match, bots, terminal, gettext, seed=seed)

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
        self._announce_stage()
        self._move(seat, self.bots[seat].act(self.match.observation(seat)))

    def show(self) -> list[Any]:
        self._announce_stage()
        return self.view()

    def parse(self, text: str) -> Any:
        return self.match.parse_action(text)

    def apply(self, action: Any) -> None:
        self._move(HUMAN, action)

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

    # -- the parts a game's look may specialise ------------------------------------------

    def introduce(self) -> None:
        """Say what match begins (the game, the players, the human's seat)."""
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

    def stage(self) -> object:
        """Which part of the match is being played (a round, a hand): a key that changes
        when the next part begins, or None for a match of one part (no headers)."""
        return None

    def begin_stage(self) -> None:
        """Say that the part of the match ``stage`` names begins: once, before its
        first move is asked for or played."""

    def view(self) -> list[Any]:
        """Show the human's view and number their legal moves; return the moves in that
        order (the items a number answers)."""
        _ = self._
        say = self.terminal.say
        observation = self.match.observation(HUMAN)
        say()
        for line in observation_lines(observation):
            say(f"  {line}")
        legal = list(observation.legal_actions())
        say_moves(say, legal, _)
        return legal

    def before_move(self, seat: int, action: Any) -> Any:
        """What ``narrate`` needs to know of the position before ``seat`` plays
        ``action`` (None by default: the rules' events tell it all)."""
        return None

    def narrate(self, seat: int, action: Any, events: Sequence[Event], before: Any) -> None:
        """Say what ``seat``'s ``action`` did: the rules' ``events``, one line each."""
        for event in events:
            self.terminal.say(say(event, self._, self._name))

    # -- helpers -------------------------------------------------------------------------

    def _announce_stage(self) -> None:
        key = self.stage()
        if key is None or key == self._stage_shown:
            return
        self._stage_shown = key
        self.begin_stage()

    def _move(self, seat: int, action: Any) -> None:
        """Play ``action`` for ``seat`` (whose turn it is) and say what it did; the rules'
        error, and nothing changes, when it is illegal."""
        before = self.before_move(seat, action)
        events = self.game.play(self.match, seat, action).events
        self.narrate(seat, action, events, before)


class GenericReplay:
    """A record told move by move: every game's replay, ``pegboard replay`` running it
    with ``replay_record``. By itself it reads the record from its start
    (``Game.record_start``) and says each action from the rules' events; a game's look
    (``CliLook.replay``) specialises its parts, as a subclass: ``start`` (the record read,
    whatever its kind), ``introduce``, ``before_move``/``narrate`` (headers of a round or
    hand, what a move did) and ``end``. Every action is played here, through the
    registry's ``Game.act``."""

    def __init__(self, game: Game, terminal: Terminal, gettext: Translator) -> None:
        self.game = game
        self.terminal = terminal
        self._ = gettext
        self._name = seat_words(gettext)
        self.position: Any = None
        """The match (or other position) the record's actions are played on."""
        self.seed: int | None = None
        self.boards = False
        """Whether to show the board after every move (``pegboard replay --boards``), not
        only where a round ends: a game whose moves say it all shows none."""

    def start(self, record: dict[str, Any]) -> Sequence[str]:
        """Set ``position`` to the record's start and return its actions in order (each
        played by the seat to act then); ``RecordError`` when it is none of the game's."""
        if self.game.record_start is None:
            raise RecordError(
                N_("cannot replay a record of the game {game!r}: it cannot be read move by move"),
                game=self.game.name,
            )
        options, self.seed, actions = self.game.record_start(record)
        self.position = self.game.new_match(self.game.check_options(options), self.seed)
        return actions

    def introduce(self) -> None:
        _ = self._
        players = self.position.num_players
        self.terminal.say(
            _.ngettext(
                "{game}: {players} player, seed {seed}.",
                "{game}: {players} players, seed {seed}.",
                players,
            ).format(game=game_name(self.game, _), players=players, seed=self.seed)
        )

    def before_move(self, number: int, seat: int) -> Any:
        """Said before the action ``number`` is played (a new round's header, say); what
        ``narrate`` needs of the position before it (None by default)."""
        return None

    def narrate(
        self, number: int, seat: int, action: Any, events: Sequence[Event], before: Any
    ) -> None:
        for event in events:
            self.terminal.say(f"  {number}. {say(event, self._, self._name)}")

    def end(self) -> None:
        """Said once every action is played: how the record ends."""
        out = self.terminal.say
        out()
        if self.position.current_player is not None:
            out(self._("The match was not finished."))
            return
        out(scores_line(self.game, self.position, self._))
        out(result_line(self.game, self.position, self._))


def replay_record(replay: GenericReplay, record: dict[str, Any]) -> None:
    """Tell ``record`` through ``replay``: its start, each action played by the seat to
    act and said, its end. ``RecordError`` when it does not replay."""
    actions = replay.start(record)
    replay.introduce()
    game, position = replay.game, replay.position
    for number, text in enumerate(actions, 1):
        seat = position.current_player
        if seat is None:
            raise RecordError(
                N_("action {number} ({text!r}) comes after the match ended"),
                number=number,
                text=text,
            )
        before = replay.before_move(number, seat)
        try:
            action = position.parse_action(text)
            events = game.play(position, seat, action).events
        except (IllegalActionError, ValueError) as error:
            raise RecordError(
                N_("action {number} ({text!r}) cannot be played: {reason}"),
                number=number,
                text=text,
                reason=describe_error(error, replay._),
            ) from None
        replay.narrate(number, seat, action, events, before)
    replay.end()
