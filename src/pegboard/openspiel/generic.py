"""Any registered game with an ``Encoding`` as an OpenSpiel game: ``pegboard_<name>``, or
the name its own ``Look`` gives (``pegboard_draw``, ``pegboard_cribbage``).

>>> import pyspiel
>>> from pegboard.openspiel import load_game
>>> game = load_game("tricks", {"hand": 2})  # registers pegboard_tricks on first use
>>> state = game.new_initial_state()

``register(game)`` builds the ``pyspiel.GameType`` from the game's description (its seats,
its options as parameters with their defaults) and registers it; ``pyspiel.load_game`` then
finds it by its short name. The deal is one chance node: a seed among ``deals`` equally
likely outcomes (the parameter ``deals``, default ``DEALS``), from which
``game.new_match(options, seed)`` starts the match; every player action is a number of
the game's ``Encoding`` of those options (``Game.research_encoding(options)``: Draw's
double-nine set has its own numbers; an option none of its encodings plays is refused with
an ``OptionError`` naming its rule), played through ``Game.play``. A state's history
is the seed's outcome then those numbers, so OpenSpiel's serialization (the history
replayed) rebuilds it.

Returns, once the match is over: each seat's standing (``game.scores``) minus the mean of
all seats' (zero-sum). ``min_utility`` and ``max_utility`` come from the encoding's
optional ``score_range`` (the lowest and highest standing of a seat), else from
``max_length`` (a standing of at most one point per action).

What a player is told (``make_py_observer``, OpenSpiel's ``IIGObservationType``):

- the default (``private_info`` of a single player): the tensor is
  ``encoding.encode(match.observation(player))`` and the string the observation's lines:
  the seat's own view, nothing else (its public part with it: ``public_info=False`` is
  not told apart, the encoding being one vector);
- ``perfect_recall`` (the information state): the same tensor (the encoding is the game's
  summary of what the seat knows), and a string of every observation the seat had, move by
  move, with the actions it took itself;
- ``private_info=NONE`` (public information only): whose turn it is, how many moves were
  made, whether the match is over;
- ``private_info=ALL_PLAYERS``: every seat's encoding, in seat order (a perfect-information
  view, asked for on purpose).

``resample_from_infostate`` deals the hidden part again with the match's ``sample_hidden``
(the ``Position`` protocol), for OpenSpiel's ISMCTS.

All of the above is the default. A game's ``Look`` (``pegboard.openspiel.Look``) may
change any of it: its own name, parameters and utility (``short_name``, ``specification``,
``utility``), explicit chance nodes of its own (``setup`` and ``table``, a
``pegboard.openspiel.table.Table``: Draw deals each tile and each draw, cribbage each card
and the starter), what a player is told (``observer``: Draw's and cribbage's tell the
public and private parts apart, ``pegboard.openspiel.pieces``), and a search from a
seat's observation for ``ISMCTSBot``. The state (``GenericState``) stays the same: it asks
its table.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import pyspiel

from pegboard.games import Encoding, Game, observation_lines
from pegboard.openspiel import common
from pegboard.openspiel.table import CHANCE, TERMINAL, SeedTable, Setup, Table

if TYPE_CHECKING:
    from pegboard.openspiel import Look

DEALS: Final = 1000
"""The chance outcomes of the deal by default: the seeds 0 to 999."""
PARAMETER_DEALS: Final = "deals"
PREFIX: Final = "pegboard_"
RULES_OWN: Final = -1
"""The parameter value of an optional option left to the rules' own value (a null option:
OpenSpiel's parameters have no null), e.g. partnerships by the number of players."""

__all__ = ["DEALS", "GenericGame", "GenericState", "register", "short_name"]


def short_name(game: Game, look: Look | None = None) -> str:
    """The OpenSpiel name of a registered game: its look's, else ``pegboard_tricks``."""
    return look.short_name if look is not None else PREFIX + game.name


def _parameters(game: Game) -> dict[str, Any]:
    """The game's options with their defaults, and ``deals``: OpenSpiel's parameters.

    An option whose default is the rules' own (None) is left to its default, except the
    seats, whose default is then the fewest the game allows, and an optional one (null a
    value of it), whose parameter is ``RULES_OWN`` (-1) for null."""
    spec: dict[str, Any] = {}
    for option in game.options:
        if option.default is not None:
            spec[option.name] = option.default
        elif option.name == game.players_option:
            spec[option.name] = game.min_players
        elif option.optional:
            spec[option.name] = RULES_OWN
    if PARAMETER_DEALS in spec:
        raise ValueError(f"{game.name} has an option named {PARAMETER_DEALS!r}, OpenSpiel's own")
    spec[PARAMETER_DEALS] = DEALS
    return spec


def game_type(game: Game, look: Look | None = None) -> Any:
    """The ``pyspiel.GameType`` of a registered game: its look's name, utility and
    parameters where it gives them."""
    own = look.specification if look is not None else None
    return common.game_type(
        short_name(game, look),
        (look.long_name if look is not None else None) or f"pegboard {game.display_name}",
        utility=look.utility if look is not None else pyspiel.GameType.Utility.ZERO_SUM,
        min_players=game.min_players,
        max_players=game.max_players,
        parameters=dict(own) if own is not None else _parameters(game),
    )


def register(game: Game, encoding: Encoding, look: Look | None = None) -> str:
    """Register ``game`` with OpenSpiel under ``short_name(game, look)``; that name."""
    kind = game_type(game, look)
    # OpenSpiel keeps the class it is given (a closure would outlive the interpreter's
    # end badly): one subclass per game, the description in its class attributes.
    created = type(
        f"GenericGame_{game.name}",
        (GenericGame,),
        {"description": game, "encoding_of": encoding, "kind": kind, "look": look},
    )
    pyspiel.register_game(kind, created)
    return str(kind.short_name)


def seed_options(game: Game, params: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options read from the generic game's parameters (``RULES_OWN`` a null),
    checked by the game (``OptionError`` names the rule)."""
    request = {k: v for k, v in params.items() if k != PARAMETER_DEALS}
    for option in game.options:
        if option.optional and request.get(option.name) == RULES_OWN:
            request[option.name] = None
    return game.check_options(request)


def seed_encoding(game: Game, options: Mapping[str, Any]) -> Encoding:
    """The ``Encoding`` of a match with these (checked) options: the game's numbers for
    them (``Game.research_encoding``: Draw's double-nine set has its own), or an
    ``OptionError`` naming an option none of the game's encodings plays."""
    encoding = game.research_encoding(options)
    assert encoding is not None  # registered because the game has one
    return encoding


def seed_setup(game: Game, encoding: Encoding, params: Mapping[str, Any]) -> Setup:
    """The generic game's setup: the game's options (checked by it) and ``deals``, the
    bounds those of ``encoding``, the options' (``seed_encoding``)."""
    options = seed_options(game, params)
    players = game.players(options)
    deals = int(params.get(PARAMETER_DEALS, DEALS))
    if deals < 1:
        raise ValueError(f"deals is a number of seeds of at least 1, not {deals}")
    low, high = _score_range(encoding)
    spread = (high - low) * (players - 1) / players
    return Setup(
        players=players,
        chance_outcomes=deals,
        min_utility=-spread,
        max_utility=spread,
        utility_sum=0.0,
        max_length=1 + encoding.max_length,  # the deal, then the actions
        settings={"options": options, "deals": deals},
    )


class GenericGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one registered game (``pyspiel.load_game("pegboard_tricks")``)."""

    description: Game
    encoding_of: Encoding
    """The default options' numbers (``Game.research_encoding()``), the game's own look's;
    an instance's ``encoding`` is that of the options it was loaded with."""
    kind: Any
    look: Look | None

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, encoding, look = self.description, self.encoding_of, self.look
        params = dict(params or {})
        if look is not None and look.setup is not None:
            self.setup = look.setup(params)
        else:
            encoding = seed_encoding(game, seed_options(game, params))
            self.setup = seed_setup(game, encoding, params)
            self.options = self.setup.settings["options"]  # the generic parameters, as read
            self.deals = self.setup.settings["deals"]
        self.game = game
        self.encoding = encoding
        self.players = self.setup.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.num_actions or encoding.num_actions,
            max_chance_outcomes=self.setup.chance_outcomes,
            num_players=self.players,
            min_utility=self.setup.min_utility,
            max_utility=self.setup.max_utility,
            utility_sum=self.setup.utility_sum,
            max_game_length=self.setup.max_length,
        )
        super().__init__(self.kind, info, params)

    def new_table(self) -> Table:
        """A table before the first chance node: the look's, else a ``SeedTable``."""
        look = type(self).look
        make = SeedTable if look is None or look.table is None else look.table
        return make(type(self).description, self.encoding, self.setup)

    def new_initial_state(self) -> GenericState:
        return GenericState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Any:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        look = type(self).look
        if look is not None and look.observer is not None:
            return look.observer(self.setup, iig_obs_type)
        from pegboard.openspiel.observers import GenericObserver

        return GenericObserver(self, iig_obs_type)


def _score_range(encoding: Encoding) -> tuple[float, float]:
    declared = getattr(encoding, "score_range", None)
    if declared is not None:
        low, high = declared
        return float(low), float(high)
    return 0.0, float(encoding.max_length)


class GenericState(pyspiel.State):  # type: ignore[misc]
    """A state of the game: its ``table`` (chance's nodes and the seats'), the number of
    the seats' moves, and, for the generic observer, what each seat has seen."""

    def __init__(self, game: GenericGame) -> None:
        super().__init__(game)
        # What the state needs of its game, kept here: OpenSpiel may hand a state's game
        # back as a fresh wrapper without the attributes set in its __init__ (a
        # deserialized state's), though of the same class.
        self.players = game.players
        self.table = game.new_table()
        self.moves = 0
        kind = type(game)
        self.recalls = kind.look is None or kind.look.observer is None
        # Per seat, what it has seen (the generic observer's): each observation's text and
        # its own actions.
        self.recall: list[list[str]] = [[] for _ in range(game.players)]

    @property
    def description(self) -> Game:
        """The registered game (its description is the class's: ``register``)."""
        kind: type[GenericGame] = type(self.get_game())
        return kind.description

    @property
    def match(self) -> Any:
        """The generic table's match (None before the deal)."""
        return getattr(self.table, "match", None)

    # -- OpenSpiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        return self.table.current()

    def _legal_actions(self, player: int) -> list[int]:
        return self.table.legal(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.table.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        seat = self.table.current()
        if seat == CHANCE:
            self.table.deal(int(action))
            if self.recalls and self.table.current() != CHANCE:
                self._remember(None, "")
            return
        text = self.table.action_string(seat, int(action)) if self.recalls else ""
        self.table.play(seat, int(action))
        self.moves += 1
        if self.recalls:
            self._remember(seat, text)

    def _remember(self, mover: int | None, move: str) -> None:
        for seat, seen in enumerate(self.recall):
            if seat == mover:
                seen.append(f"played {move}")
            seen.append("; ".join(observation_lines(self.table.observation(seat))))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return self.table.chance_string(int(action))
        return self.table.action_string(player, int(action))

    def is_terminal(self) -> bool:
        return self.table.current() == TERMINAL

    def returns(self) -> list[float]:
        return self.table.returns()

    def __str__(self) -> str:
        return str(self.table)

    def __deepcopy__(self, memo: dict[int, Any]) -> GenericState:
        return self.clone_state()

    def clone_state(self) -> GenericState:
        """A copy that shares nothing mutable (``clone()`` goes through ``__deepcopy__``)."""
        other = common.state_copy(self)
        other.table = self.table.copy()
        other.recall = [list(seen) for seen in self.recall]
        return other

    # -- hidden information ------------------------------------------------------------

    def resample(self, player: int, rng: random.Random) -> GenericState:
        """A state ``player`` cannot tell from this one: the table's ``resample``."""
        other = common.state_copy(self)
        other.table = self.table.resample(player, rng)  # a copy, dealt again
        other.recall = [list(seen) for seen in self.recall]
        return other

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> GenericState:
        """OpenSpiel's resampler hook (the sampler is unused); ``resample`` is seeded."""
        return self.resample(player_id, common.fresh_rng())
