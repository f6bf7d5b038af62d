"""Cribbage as an OpenSpiel game: ``pegboard_cribbage`` (parameter ``hands``: 0 or 1).

Explicit chance nodes: the cut for the first deal (C2: each seat deals first with
probability 1/2), then for every hand the deal one card at a time (the pone first, then
alternately; each card uniform among the cards not dealt) and, once both seats have laid
away, the starter (C3: uniform among the 40 cards not dealt). Each hand is a
``pegboard.cribbage.Game`` built with ``Game.from_position``; every player action goes
through ``Game.apply``.

``hands=0`` (default) plays to 121 (C7) and returns the game points of ``Game.returns``
(+1 to the winner, +2 or +3 with a skunk, the opposite to the loser). ``hands=1`` plays one
hand and returns each seat's points of that hand minus the other's (what the arena counts
for a cribbage deal). Both are zero-sum. Actions are numbered as in
``pegboard.openspiel.encoding``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

import numpy as np
import pyspiel

from pegboard.cribbage.actions import Action, Discard, Go
from pegboard.cribbage.actions import Play as CardPlay
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.determinize import determinize
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.openspiel import Look
from pegboard.openspiel.encoding import CRIB_ACTIONS, cribbage_action, cribbage_action_id

MAX_PEG_MOVES: Final = 16
"""Pegging moves of a hand, at most: 8 cards and at most one go per card."""
_HAND_LENGTH: Final = 12 + 2 + 1 + MAX_PEG_MOVES
_MAX_HANDS: Final = 241  # every hand pegs at least the last card: 1 + 2 * 120 points at most

_GAME_TYPE = pyspiel.GameType(
    short_name="pegboard_cribbage",
    long_name="pegboard Cribbage (two players, six-card)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"hands": 0},
)


class CribbageGame(pyspiel.Game):  # type: ignore[misc]
    """The game object: ``pyspiel.load_game("pegboard_cribbage")``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        hands = int(params.get("hands", 0))
        if hands not in (0, 1):
            raise ValueError(f"hands is 0 (a game to 121) or 1 (one hand), not {hands!r}")
        self.one_hand = hands == 1
        bound = 121.0 if self.one_hand else 3.0
        info = pyspiel.GameInfo(
            num_distinct_actions=CRIB_ACTIONS,
            max_chance_outcomes=52,
            num_players=2,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=1 + (1 if self.one_hand else _MAX_HANDS) * _HAND_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> CribbageState:
        return CribbageState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> CribbageObserver:
        return CribbageObserver(iig_obs_type)


class CribbageState(pyspiel.State):  # type: ignore[misc]
    """A state: the cut for deal, a hand being dealt, or a hand being played."""

    def __init__(self, game: CribbageGame) -> None:
        super().__init__(game)
        self.one_hand = game.one_hand
        self.dealer: int | None = None
        self.hand_no = 1
        self.start_scores: tuple[int, int] = (0, 0)
        self.dealt: list[list[Card]] = [[], []]
        self.game: Game | None = None
        self.pending: Discard | None = None  # the dealer's discard, waiting for the cut
        self.finished = False
        self.past: list[str] = []  # every finished hand, all public after its show

    # -- OpenSpiel API -------------------------------------------------------------------

    def current_player(self) -> int:
        if self.finished:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game is None or self.pending is not None:
            return int(pyspiel.PlayerId.CHANCE)
        current = self.game.current_player
        assert current is not None
        return current

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        return sorted(cribbage_action_id(a) for a in self.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            return [(0, 0.5), (1, 0.5)]
        if self.game is None:
            used = {c for hand in self.dealt for c in hand}
        else:
            used = {c for seat in (0, 1) for c in own_six(self.game, seat)}
        rest = [c.index for c in DECK if c not in used]
        return [(i, 1.0 / len(rest)) for i in rest]

    def _apply_action(self, action: int) -> None:
        if self.dealer is None:
            self.dealer = action
            return
        if self.game is None:
            self._deal(DECK[action])
            return
        if self.pending is not None:
            self._cut(DECK[action])
            return
        move = cribbage_action(action)
        game = self.game
        if isinstance(move, Discard) and game.current_player == game.dealer:
            if move not in game.legal_actions():
                raise pyspiel.SpielError(f"illegal discard {move}")
            self.pending = move  # the starter is chance's to turn first
            return
        game.apply(move)
        self._after_move()

    def _deal(self, card: Card) -> None:
        assert self.dealer is not None
        pone = 1 - self.dealer
        total = len(self.dealt[0]) + len(self.dealt[1])
        self.dealt[pone if total % 2 == 0 else self.dealer].append(card)
        if total + 1 == 12:
            self.game = Game.from_position(
                self.dealt, dealer=self.dealer, scores=self.start_scores, hand_number=self.hand_no
            )

    def _cut(self, starter: Card) -> None:
        """Rebuild the hand with ``starter`` on top of the stock, then lay both discards."""
        game, pending = self.game, self.pending
        assert game is not None and pending is not None and self.dealer is not None
        pone_discard = Discard(*game.crib)
        rebuilt = Game.from_position(
            [own_six(game, 0), own_six(game, 1)],
            dealer=self.dealer,
            scores=self.start_scores,
            starter=starter,
            hand_number=self.hand_no,
        )
        rebuilt.apply(pone_discard)
        rebuilt.apply(pending)  # the cut: his heels may win the game
        self.game, self.pending = rebuilt, None
        self._after_move()

    def _after_move(self) -> None:
        game = self.game
        assert game is not None
        if game.is_over:
            self.finished = True
        elif game.hand_number != self.hand_no:
            self.past.append(hand_record(game, self.hand_no))
            if self.one_hand:
                self.finished = True
                return
            self.dealer = game.dealer
            self.hand_no = game.hand_number
            self.start_scores = game.scores
            self.dealt = [[], []]
            self.game = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.dealer is None:
                return f"dealer:{action}"
            return f"{'deal' if self.game is None else 'starter'}:{DECK[action]}"
        return str(cribbage_action(action))

    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        if not self.finished:
            return [0.0, 0.0]
        assert self.game is not None
        if not self.one_hand:
            first, second = self.game.returns()
            return [float(first), float(second)]
        made = [self.game.scores[s] - self.start_scores[s] for s in (0, 1)]
        return [float(made[0] - made[1]), float(made[1] - made[0])]

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing: {[' '.join(map(str, h)) for h in self.dealt]}"
        return repr(self.game)

    def __deepcopy__(self, memo: dict[int, Any]) -> CribbageState:
        return self.clone_state()

    def clone_state(self) -> CribbageState:
        """A copy that shares nothing mutable (``clone()`` goes through ``__deepcopy__``)."""
        other = CribbageState.__new__(CribbageState)
        pyspiel.State.__init__(other, self.get_game())
        other.__dict__.update(self.__dict__)
        other.dealt = [list(h) for h in self.dealt]
        other.game = None if self.game is None else self.game.copy()
        other.past = list(self.past)
        return other

    # -- hidden information ------------------------------------------------------------

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Any = None
    ) -> CribbageState:
        """A state ``player_id`` cannot tell from this one (OpenSpiel's resampler hook;
        the sampler argument is unused). ``resample`` takes a seeded generator."""
        return resample(self, player_id, random.Random(random.SystemRandom().getrandbits(63)))

    def resample(self, seat: int, rng: random.Random) -> CribbageState:
        """``resample`` with a seeded generator (``pegboard.openspiel.resampler``)."""
        return resample(self, seat, rng)


def resample(state: CribbageState, seat: int, rng: random.Random) -> CribbageState:
    """The cards ``seat`` has not seen dealt again by ``Game.sample_hidden`` (every public
    fact kept: the other seat's played cards, and what its go's proved, C5)."""
    assert state.game is not None and state.pending is None
    other = state.clone_state()
    other.game = state.game.sample_hidden(seat, rng)
    return other


def own_discard(game: Game, seat: int) -> Discard | None:
    """The cards ``seat`` laid away this hand, if it has.

    Read from the crib (the pone's two cards, then the dealer's), not from the history:
    ``Game.sample_hidden`` deals the other seat's discards again but keeps the history.
    """
    crib = game.crib
    if seat == game.dealer:
        return Discard(crib[2], crib[3]) if len(crib) == 4 else None
    return Discard(crib[0], crib[1]) if len(crib) >= 2 else None


def own_six(game: Game, seat: int) -> list[Card]:
    """The six cards ``seat`` was dealt this hand."""
    discard = own_discard(game, seat)
    if discard is None:
        return list(game.hands[seat])
    return [*game.kept[seat], *discard.cards]


def hand_record(game: Game, hand_no: int) -> str:
    """A finished hand as everyone knows it after the show: the pegging, the shown hands
    and crib, the scores. (Who laid which crib card away is not written: the history keeps
    the true discards even in a resampled game, see ``own_discard``.)"""
    moves = " ".join(
        f"{m.seat}:{m.action}"
        for m in game.history
        if m.hand == hand_no and not isinstance(m.action, Discard)
    )
    shown = ""
    for show in game.shows:
        if show.hand == hand_no:
            hands = "/".join(" ".join(map(str, h or ())) for h in show.hands)
            shown = f" show:{show.starter} {hands} crib:{' '.join(map(str, show.crib or ()))}"
    return f"[hand{hand_no} {moves}{shown} scores:{game.scores[0]}-{game.scores[1]}]"


def _cards_vector(cards: Any) -> np.ndarray[Any, np.dtype[np.float32]]:
    vector = np.zeros(52, np.float32)
    for c in cards:
        vector[c.index] = 1.0
    return vector


_OBS_SHAPE: Final = [
    ("seat", 2),
    ("current", 2),
    ("dealer", 2),
    ("phase", 3),  # dealing, discarding, pegging
    ("hand", 52),
    ("discards", 52),
    ("starter", 52),
    ("pile", 52),
    ("played_mine", 52),
    ("played_other", 52),
    ("count", 1),
    ("scores", 2),
    ("said_go", 2),
    ("held_above", 2),
    ("hand_sizes", 2),
]
_INFO_EXTRA: Final = [("dealt", 52), ("pegging", MAX_PEG_MOVES * (2 + 53))]


_PRIVATE_PIECES: Final = frozenset({"seat", "hand", "discards", "dealt"})
"""The pieces of ``_OBS_SHAPE`` and ``_INFO_EXTRA`` that are one seat's own (the rest is public)."""


def _seats_shown(private: Any, player: int) -> tuple[int, ...]:
    """The seats whose own cards an observer of ``private`` (``PrivateInfoType``) shows."""
    if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
        return (0, 1)
    if private == pyspiel.PrivateInfoType.NONE:
        return ()
    return (player,)


def _own_cards(state: CribbageState, seat: int) -> tuple[list[Card], Discard | None]:
    """``seat``'s hand as it sees it and its discard this hand, if made (the dealer's may
    still wait for the cut: then it is out of the hand already)."""
    game = state.game
    if game is None:
        return list(state.dealt[seat]), None
    discard = own_discard(game, seat)
    if discard is None and state.pending is not None and seat == game.dealer:
        discard = state.pending
    hand = list(game.hands[seat])
    if discard is not None and seat == game.dealer and state.pending is not None:
        hand = [c for c in hand if c not in discard.cards]
    return hand, discard


class CribbageObserver:
    """What one player knows, as a tensor and a string (``make_py_observer``).

    ``iig_obs_type`` (OpenSpiel's ``IIGObservationType``) chooses the parts: the public part
    when ``public_info`` is true; with ``private_info`` ``SINGLE_PLAYER`` (the default) the
    observing seat's own cards (hand, discard, the six dealt), with ``ALL_PLAYERS`` both
    seats', with ``NONE`` neither (nor the observing seat, so a public observation is the
    same for both seats: the cards played are then given by seat, not as mine and other).

    The observation tensor is the current hand as the player sees it (see ``_OBS_SHAPE``:
    scores /121, count /31, held_above /10, hand sizes /6). The information-state tensor adds
    the six cards the player was dealt and every pegging move of the hand in order (mover,
    card or go): the earlier hands are public and bear on the play only through the scores,
    which it holds. The information-state string is the whole game: every earlier hand as
    the show revealed it, then this hand (own discard shown, the other's not).
    """

    def __init__(self, iig_obs_type: Any = None) -> None:
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.perfect_recall = bool(kind.perfect_recall)
        self.public = bool(kind.public_info)
        self.private = kind.private_info
        self.has_private = self.private != pyspiel.PrivateInfoType.NONE
        copies = 2 if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS else 1
        shape: list[tuple[str, int]] = []
        for name, width in _OBS_SHAPE + (_INFO_EXTRA if self.perfect_recall else []):
            if name in _PRIVATE_PIECES:
                if self.has_private:
                    shape.append((name, width if name == "seat" else copies * width))
            elif self.public:
                if name.startswith("played_") and not self.has_private:
                    name = {"played_mine": "played_by_0", "played_other": "played_by_1"}[name]
                shape.append((name, width))
        self.tensor = np.zeros(sum(width for _, width in shape), np.float32)
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        at = 0
        for name, width in shape:
            self.dict[name] = self.tensor[at : at + width]
            at += width

    def set_from(self, state: CribbageState, player: int) -> None:
        self.tensor.fill(0.0)
        d = self.dict
        shown = _seats_shown(self.private, player)
        if self.has_private:
            d["seat"][player] = 1.0
            hands = d["hand"].reshape(-1, 52)
            discards = d["discards"].reshape(-1, 52)
            dealt = d["dealt"].reshape(-1, 52) if "dealt" in d else None
            for row, seat in enumerate(shown):
                hand, discard = _own_cards(state, seat)
                hands[row][:] = _cards_vector(hand)
                if discard is not None:
                    discards[row][:] = _cards_vector(discard.cards)
                if dealt is not None:
                    six = state.dealt[seat] if state.game is None else own_six(state.game, seat)
                    dealt[row][:] = _cards_vector(six)
        if self.public:
            self._public_from(state, player)

    def _public_from(self, state: CribbageState, player: int) -> None:
        d = self.dict
        if state.dealer is not None:
            d["dealer"][state.dealer] = 1.0
        for seat in (0, 1):
            d["scores"][seat] = state.start_scores[seat] / 121.0
        game = state.game
        if game is None:
            d["phase"][0] = 1.0
            return
        current = state.current_player()
        if current >= 0:
            d["current"][current] = 1.0
        d["phase"][1 if game.phase == "discard" or state.pending else 2] = 1.0
        if game.starter is not None:
            d["starter"][game.starter.index] = 1.0
        d["pile"][:] = _cards_vector(game.pile)
        for seat, card in game.played:
            if self.has_private:
                d["played_mine" if seat == player else "played_other"][card.index] = 1.0
            else:
                d[f"played_by_{seat}"][card.index] = 1.0
        d["count"][0] = game.count / 31.0
        view = game.observation(player)
        for seat in (0, 1):
            d["scores"][seat] = game.scores[seat] / 121.0
            d["said_go"][seat] = float(view.said_go[seat])
            d["held_above"][seat] = view.held_above[seat] / 10.0
            d["hand_sizes"][seat] = view.hand_sizes[seat] / 6.0
        if self.perfect_recall:
            pegging = d["pegging"].reshape(MAX_PEG_MOVES, 55)
            i = 0
            for move in game.history:
                action = move.action
                if move.hand != game.hand_number or isinstance(action, Discard):
                    continue
                pegging[i, move.seat] = 1.0
                pegging[i, 2 + (52 if isinstance(action, Go) else action.card.index)] = 1.0
                i += 1

    def string_from(self, state: CribbageState, player: int) -> str:
        if self.perfect_recall:
            return information_state_string(state, player, self.public, self.private)
        shown = _seats_shown(self.private, player)
        game = state.game
        parts = [f"p{player}"] if shown else []
        if game is None:
            parts.append("dealing")
            if shown:
                hands = "|".join(" ".join(map(str, sorted(state.dealt[s]))) for s in shown)
                parts.append(f"hand:{hands}")
            return " ".join(parts)
        view = game.observation(player)
        if self.public:
            parts.append(
                f"to:{state.current_player()} dealer:{game.dealer} "
                f"scores:{view.scores[0]}-{view.scores[1]}"
            )
        if shown:
            hands = "|".join(" ".join(map(str, sorted(game.observation(s).hand))) for s in shown)
            cribs = "|".join(
                "" if discard is None else str(discard)
                for discard in (_own_cards(state, s)[1] for s in shown)
            )
            parts.append(f"hand:{hands} crib:{cribs}")
        if self.public:
            parts.append(
                f"starter:{view.starter} "
                f"count:{view.count} pile:{' '.join(map(str, view.pile))} "
                f"played:{' '.join(f'{s}:{c}' for s, c in view.played)} "
                f"go:{int(view.said_go[0])}{int(view.said_go[1])} "
                f"above:{view.held_above[0]},{view.held_above[1]}"
            )
        return " ".join(parts)


def information_state_string(
    state: CribbageState, player: int, public: bool = True, private: Any = None
) -> str:
    """Every earlier hand, then this hand as ``player`` knows it.

    ``public`` False leaves out the earlier hands and the moves; ``private``
    (``pyspiel.PrivateInfoType``, default ``SINGLE_PLAYER``) ``NONE`` leaves out the seat,
    its cards and its discard, ``ALL_PLAYERS`` shows both seats'.
    """
    if private is None:
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
    shown = _seats_shown(private, player)
    head = [f"p{player}"] if shown else []
    if public:
        head.append(f"first:{state.dealer}")
    parts = [" ".join(head)] if head else []
    if public:
        parts += [*state.past, f"hand{state.hand_no}"]
        parts.append(f"scores:{state.start_scores[0]}-{state.start_scores[1]}")
    game = state.game
    if shown:
        six = [state.dealt[s] if game is None else own_six(game, s) for s in shown]
        parts.append("dealt:" + "|".join(" ".join(map(str, sorted(cards))) for cards in six))
    if game is None:
        return " ".join(parts)
    if not public:
        for seat in shown:
            discard = _own_cards(state, seat)[1]
            parts.append(f"{seat}:{'' if discard is None else discard}")
        return " ".join(parts)
    for move in game.history:
        if move.hand != state.hand_no:
            continue
        if isinstance(move.action, Discard):
            mine = move.seat in shown
            parts.append(f"{move.seat}:{own_discard(game, move.seat) if mine else 'discard'}")
        else:
            parts.append(f"{move.seat}:{move.action}")
    if state.pending is not None:
        parts.append(f"{game.dealer}:{state.pending if game.dealer in shown else 'discard'}")
    if game.starter is not None:
        parts.append(f"starter:{game.starter}")
    return " ".join(parts)


# -- search from an observation (ISMCTS, pegboard.openspiel.bots) -------------------------


@cache
def search_game() -> CribbageGame:
    """The game ISMCTS searches: one hand (the hand's points minus the other seat's), the
    margin the arena measures."""
    game: CribbageGame = pyspiel.load_game(_GAME_TYPE.short_name, {"hands": 1})
    return game


def game_observation(observation: Any) -> CribbageObservation:
    """The game in play: a match observation wraps it (the bot plays the game in hand)."""
    inner = getattr(observation, "game", None)
    found = inner if isinstance(inner, CribbageObservation) else observation
    if not isinstance(found, CribbageObservation):
        raise TypeError(f"ISMCTS needs a cribbage observation, not {observation!r}")
    return found


def search_state(observation: Any, rng: random.Random) -> CribbageState:
    """An OpenSpiel state (one hand) consistent with ``observation``."""
    view = game_observation(observation)
    game = determinize(view, rng)
    state = CribbageState(search_game())
    state.dealer = view.dealer
    state.hand_no = view.hand_number
    start = list(view.scores)
    for event in view.log:
        if event.hand == view.hand_number:
            start[event.seat] -= event.points
    state.start_scores = (start[0], start[1])
    state.game = game
    return state


def search_action(observation: Any, number: int) -> Action:
    """The cribbage action of the number OpenSpiel chose."""
    action = cribbage_action(number)
    assert cribbage_action_id(action) == number
    return action


def _parameters(options: Mapping[str, Any]) -> dict[str, Any]:
    """A cribbage match's options as this game's parameters: a game to 121 (a match's
    ``best_of`` is no parameter of it)."""
    if "best_of" in options:
        raise ValueError("pegboard_cribbage plays one game to 121: best_of is no option of it")
    return {}


LOOK = Look(
    short_name=_GAME_TYPE.short_name,
    parameters=_parameters,
    search_state=search_state,
    search_action=search_action,
)
"""What the registry finds of cribbage in OpenSpiel (``Game.looks["openspiel"]``)."""

__all__ = ["LOOK", "CardPlay", "CribbageGame", "CribbageState", "resample"]

pyspiel.register_game(_GAME_TYPE, CribbageGame)
