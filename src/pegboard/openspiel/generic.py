"""Any registered game with an ``Encoding`` as an OpenSpiel game: ``pegboard_<name>``.

>>> import pyspiel
>>> from pegboard.openspiel import load_game
>>> game = load_game("tricks", {"hand": 2})  # registers pegboard_tricks on first use
>>> state = game.new_initial_state()

``register(game)`` builds the ``pyspiel.GameType`` from the game's description (its seats,
its options as parameters with their defaults) and registers it; ``pyspiel.load_game`` then
finds it by its short name. The deal is one chance node: a seed among ``deals`` equally
likely outcomes (the parameter ``deals``, default ``DEALS``), from which
``game.new_match(options, seed)`` starts the match; every player action is a number of
the game's ``Encoding`` (``num_actions``), played through ``Game.act``. A state's history
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
"""

from __future__ import annotations

import copy
import random
from typing import Any, Final

import pyspiel

from pegboard.games import Encoding, Game, observation_lines
from pegboard.openspiel import common

DEALS: Final = 1000
"""The chance outcomes of the deal by default: the seeds 0 to 999."""
PARAMETER_DEALS: Final = "deals"
PREFIX: Final = "pegboard_"
RULES_OWN: Final = -1
"""The parameter value of an optional option left to the rules' own value (a null option:
OpenSpiel's parameters have no null), e.g. partnerships by the number of players."""

__all__ = ["DEALS", "GenericGame", "GenericState", "register", "short_name"]


def short_name(game: Game) -> str:
    """The OpenSpiel name of a registered game: ``pegboard_tricks``."""
    return PREFIX + game.name


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


def game_type(game: Game) -> Any:
    """The ``pyspiel.GameType`` of a registered game."""
    return common.game_type(
        short_name(game),
        f"pegboard {game.display_name}",
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        min_players=game.min_players,
        max_players=game.max_players,
        parameters=_parameters(game),
    )


def register(game: Game, encoding: Encoding) -> str:
    """Register ``game`` with OpenSpiel under ``short_name(game)``; that name."""
    kind = game_type(game)
    # OpenSpiel keeps the class it is given (a closure would outlive the interpreter's
    # end badly): one subclass per game, the description in its class attributes.
    created = type(
        f"GenericGame_{game.name}",
        (GenericGame,),
        {"description": game, "encoding_of": encoding, "kind": kind},
    )
    pyspiel.register_game(kind, created)
    return str(kind.short_name)


class GenericGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game of one registered game (``pyspiel.load_game("pegboard_tricks")``)."""

    description: Game
    encoding_of: Encoding
    kind: Any

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game, encoding, kind = self.description, self.encoding_of, self.kind
        params = dict(params or {})
        request = {k: v for k, v in params.items() if k != PARAMETER_DEALS}
        for option in game.options:
            if option.optional and request.get(option.name) == RULES_OWN:
                request[option.name] = None
        self.game = game
        self.encoding = encoding
        self.options = game.check_options(request)  # OptionError names the rule
        self.players = game.players(self.options)
        self.deals = int(params.get(PARAMETER_DEALS, DEALS))
        if self.deals < 1:
            raise ValueError(f"deals is a number of seeds of at least 1, not {self.deals}")
        low, high = _score_range(encoding)
        spread = (high - low) * (self.players - 1) / self.players
        info = pyspiel.GameInfo(
            num_distinct_actions=encoding.num_actions,
            max_chance_outcomes=self.deals,
            num_players=self.players,
            min_utility=-spread,
            max_utility=spread,
            utility_sum=0.0,
            max_game_length=1 + encoding.max_length,  # the deal, then the actions
        )
        super().__init__(kind, info, params)

    def new_initial_state(self) -> GenericState:
        return GenericState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> GenericObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return GenericObserver(self, iig_obs_type)


def _score_range(encoding: Encoding) -> tuple[float, float]:
    declared = getattr(encoding, "score_range", None)
    if declared is not None:
        low, high = declared
        return float(low), float(high)
    return 0.0, float(encoding.max_length)


class GenericState(pyspiel.State):  # type: ignore[misc]
    """Before the deal, a chance node; then a match of the game (``match``)."""

    def __init__(self, game: GenericGame) -> None:
        super().__init__(game)
        # What the state needs of its game's parameters, kept here: OpenSpiel may hand a
        # state's game back as a fresh wrapper without the attributes set in its __init__
        # (a deserialized state's), though of the same class.
        self.options = game.options
        self.players = game.players
        self.deals = game.deals
        self.match: Any = None
        self.moves = 0
        # Per seat, what it has seen: each observation's text and its own actions.
        self.recall: list[list[str]] = [[] for _ in range(game.players)]

    @property
    def game(self) -> Game:
        """The registered game (its description is the class's: ``register``)."""
        kind: type[GenericGame] = type(self.get_game())
        return kind.description

    @property
    def encoding(self) -> Encoding:
        kind: type[GenericGame] = type(self.get_game())
        return kind.encoding_of

    # -- OpenSpiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.match is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.match.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.match.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        observation = self.match.observation(player)
        encoding = self.encoding
        return sorted(encoding.action_index(observation, a) for a in observation.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(seed, 1.0 / self.deals) for seed in range(self.deals)]

    def _apply_action(self, action: int) -> None:
        if self.match is None:
            self.match = self.game.new_match(self.options, int(action))
            self._remember(None, "")
            return
        seat = int(self.match.current_player)
        move = self.encoding.action(self.match.observation(seat), int(action))
        if move not in self.match.observation(seat).legal_actions():
            raise pyspiel.SpielError(f"action {action} ({move}) is not legal for seat {seat}")
        self.game.play(self.match, seat, move)
        self.moves += 1
        self._remember(seat, str(move))

    def _remember(self, mover: int | None, move: str) -> None:
        for seat, seen in enumerate(self.recall):
            if seat == mover:
                seen.append(f"played {move}")
            seen.append("; ".join(observation_lines(self.match.observation(seat))))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{action}"
        if self.match is None:
            return str(action)
        try:
            return str(self.encoding.action(self.match.observation(player), action))
        except ValueError:
            return str(action)

    def is_terminal(self) -> bool:
        return self.match is not None and bool(self.match.is_over)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        points = [float(s) for s in self.game.scores(self.match)]
        mean = sum(points) / len(points)
        return [p - mean for p in points]

    def __str__(self) -> str:
        """The whole state (every seat's view), as OpenSpiel's debugging string is."""
        if self.match is None:
            return "dealing"
        return " | ".join(
            "; ".join(observation_lines(self.match.observation(seat)))
            for seat in range(self.players)
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> GenericState:
        return self.clone_state()

    def clone_state(self) -> GenericState:
        """A copy that shares nothing mutable (``clone()`` goes through ``__deepcopy__``)."""
        other = common.state_copy(self)
        other.match = _copy_match(self.match)
        other.recall = [list(seen) for seen in self.recall]
        return other

    # -- hidden information ------------------------------------------------------------

    def resample(self, player: int, rng: random.Random) -> GenericState:
        """A state ``player`` cannot tell from this one: the match's ``sample_hidden``."""
        other = self.clone_state()
        if self.match is not None and not self.match.is_over:
            sample = getattr(self.match, "sample_hidden", None)
            if sample is None:
                raise TypeError(
                    f"a match of {self.game.name} has no sample_hidden (the Position protocol): "
                    "its hidden part cannot be dealt again"
                )
            other.match = sample(player, rng)
        return other

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> GenericState:
        """OpenSpiel's resampler hook (the sampler is unused); ``resample`` is seeded."""
        return self.resample(player_id, common.fresh_rng())


def _copy_match(match: Any) -> Any:
    if match is None:
        return None
    own = getattr(match, "copy", None)
    return own() if callable(own) else copy.deepcopy(match)


class GenericObserver:
    """What one player is told, as a tensor and a string (see the module docstring)."""

    def __init__(self, game: GenericGame, iig_obs_type: Any = None) -> None:
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(kind.perfect_recall)
        self.private = kind.private_info
        self.players = game.players
        self.encoding = game.encoding
        size = game.encoding.observation_size
        if self.private == pyspiel.PrivateInfoType.NONE:
            pieces = [("current", self.players), ("moves", 1), ("over", 1)]
        elif self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            pieces = [(f"seat_{seat}", size) for seat in range(self.players)]
        else:
            pieces = [("observation", size)]
        self.max_length = max(1, game.encoding.max_length)
        self.tensor, self.dict = common.tensor_views(pieces)

    def set_from(self, state: GenericState, player: int) -> None:
        self.tensor.fill(0.0)
        match = state.match
        if self.private == pyspiel.PrivateInfoType.NONE:
            current = state.current_player()
            if current >= 0:
                self.dict["current"][current] = 1.0
            self.dict["moves"][0] = min(1.0, state.moves / self.max_length)
            self.dict["over"][0] = float(state.is_terminal())
            return
        if match is None:
            return
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            for seat in range(self.players):
                self.dict[f"seat_{seat}"][:] = self.encoding.encode(match.observation(seat))
            return
        self.dict["observation"][:] = self.encoding.encode(match.observation(player))

    def string_from(self, state: GenericState, player: int) -> str:
        if self.private == pyspiel.PrivateInfoType.NONE:
            return f"to act:{state.current_player()} moves:{state.moves}"
        match = state.match
        if match is None:
            return f"p{player} dealing"
        if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            return " | ".join(
                "; ".join(observation_lines(match.observation(seat)))
                for seat in range(self.players)
            )
        if self.perfect_recall:
            return f"p{player} " + " / ".join(state.recall[player])
        return f"p{player} " + "; ".join(observation_lines(match.observation(player)))
