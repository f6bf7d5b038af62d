"""Cribbage as an OpenSpiel game: ``pegboard_cribbage`` (parameters ``hands``: 0 or 1,
``players``: 2, the default, 3 or 4, ``cards``: 6, the default, or 5 between two, and
``muggins``: 0, the default, or 1 at every table),
the generic game (``pegboard.openspiel.generic``) with cribbage's ``Look``: its
``CribbageTable`` (the chance nodes below), its observer and its search for ISMCTS. Among
three (C8) or four in partnerships (C9) the table and the observer are
``openspiel_tables``' and ``openspiel_table_observer``'s; what follows is the game
between two, unchanged by them.

Explicit chance nodes: the cut for the first deal (C2: each seat deals first with
probability 1/2), then for every hand the deal one card at a time (the pone first, then
alternately; each card uniform among the cards not dealt) and, once both seats have laid
away, the starter (C3: uniform among the 40 cards not dealt). Each hand is a
``pegboard.cribbage.Game`` built with ``Game.from_position``; every player action goes
through ``Game.apply``.

``hands=0`` (default) plays to 121 (C7) and returns the game points of ``Game.returns``
(+1 to the winner, +2 or +3 with a skunk, the opposite to the loser). ``hands=1`` plays one
hand and returns each seat's points of that hand minus the other's (what the arena counts
for a cribbage deal). Both are zero-sum.

``cards=5`` is five-card cribbage between two (C13-C17): five cards dealt each, a game to 61;
the first non-dealer's three for last (C14) is the engine's, counted in the scores the
first hand starts from (so a hand's points, ``hands=1``, are those of its play and show).
``muggins=1`` (with either deal, and among three or four) has the players claim their shows
(C18-C20): the claims and calls are numbered after the other actions (1439 in all between
two, 165 among three or four), each a player action played through ``Game.apply``, and the
observer adds the show's pieces; the resampler keeps every card the show has turned up.

Actions are numbered as in
``pegboard.cribbage.encoding``; what a seat is told is
``pegboard.cribbage.looks.openspiel_observer``'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from typing import Any

import pyspiel

from pegboard.cribbage.actions import Action, Discard, LayAway
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.determinize import determinize
from pegboard.cribbage.encoding import (
    FIVE_CARD_HAND_LENGTH,
    FIVE_CARD_MAX_HANDS,
    HAND_LENGTH,
    MAX_HANDS,
    MUGGINS_NUM_ACTIONS,
    SHOW_LENGTH,
    cribbage_action,
    cribbage_action_index,
)
from pegboard.cribbage.game import Game
from pegboard.cribbage.looks.openspiel_observer import CribbageObserver, own_six
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table_determinize import hand_start_scores, table_world
from pegboard.cribbage.table_encoding import TABLE_MUGGINS_NUM_ACTIONS, TABLE_NUM_ACTIONS
from pegboard.games import Encoding
from pegboard.games import Game as Description
from pegboard.openspiel import Look, short_name
from pegboard.openspiel.common import inner_observation
from pegboard.openspiel.table import CHANCE, TERMINAL, Setup, Table

SHORT_NAME = "pegboard_cribbage"

__all__ = ["LOOK", "CribbageTable", "hand_record", "resample"]


def setup(params: Mapping[str, Any]) -> Setup:
    """``hands``: 0 for a game to 121, 1 for one hand; ``players``: 2, 3 (C8) or 4 in
    partnerships (C9); ``cards``: 6, or 5 for five-card between two (C13)."""
    hands = int(params.get("hands", 0))
    if hands not in (0, 1):
        raise ValueError(f"hands is 0 (a game to 121) or 1 (one hand), not {hands!r}")
    players = int(params.get("players", 2))
    if players not in (2, 3, 4):
        raise ValueError(
            f"players is 2, 3 (C8) or 4 in two partnerships (C9), not {params.get('players')!r}"
        )
    cards = int(params.get("cards", 6))
    muggins = int(params.get("muggins", 0))
    if muggins not in (0, 1):
        raise ValueError(f"muggins is 0 or 1 (C18), not {muggins!r}")
    if cards not in (5, 6) or (cards == 5 and players != 2):
        raise ValueError(
            f"cards is 6, or 5 for five-card cribbage between two (C13), not {cards!r} "
            f"among {players}"
        )
    one_hand = hands == 1
    if players > 2:
        return _table_setup(players, one_hand, bool(muggins))
    if cards == 5:  # to 61 (C17): a hand may end past it, by one count of 29 at most from 60
        bound = 89.0 if one_hand else 3.0
        length = 1 + (1 if one_hand else FIVE_CARD_MAX_HANDS) * FIVE_CARD_HAND_LENGTH
    else:
        bound = 121.0 if one_hand else 3.0
        length = 1 + (1 if one_hand else MAX_HANDS) * HAND_LENGTH
    settings: dict[str, Any] = {"one_hand": one_hand, "players": 2}
    if cards == 5:  # said only at five-card: the six-card game's settings unchanged
        settings["cards"] = 5
    if muggins:  # the claims and calls (C18, C19): a show's steps, and their numbers
        settings["muggins"] = 1
        hands = 1 if one_hand else FIVE_CARD_MAX_HANDS if cards == 5 else MAX_HANDS
        length += hands * SHOW_LENGTH
    return Setup(
        players=2,
        chance_outcomes=52,
        min_utility=-bound,
        max_utility=bound,
        utility_sum=0.0,
        max_length=length,
        settings=settings,
        num_actions=MUGGINS_NUM_ACTIONS if muggins else None,
    )


def _table_setup(players: int, one_hand: bool, muggins: bool = False) -> Setup:
    """Three or four (``openspiel_tables``): the bounds of its returns, all zero-sum. A game:
    +1 and -1/2 among three, +1 and -1 among four (C12). One hand: among three a seat's
    points minus the mean reaches at most 2/3 of 121 either way; among four a side's margin
    at most 121. With ``muggins`` (C18) the claims and calls are numbered after the 105 and
    each show has its claims and answers."""
    from pegboard.cribbage.looks.openspiel_tables import table_length

    settings: dict[str, Any] = {"one_hand": one_hand, "players": players}
    if muggins:  # said only with muggins: the settings without it unchanged
        settings["muggins"] = 1

    if one_hand:
        low, high = (-242.0 / 3, 242.0 / 3) if players == 3 else (-121.0, 121.0)
    else:
        low, high = (-0.5, 1.0) if players == 3 else (-1.0, 1.0)
    return Setup(
        players=players,
        chance_outcomes=52,
        min_utility=low,
        max_utility=high,
        utility_sum=0.0,
        max_length=table_length(players, 1 if one_hand else None, muggins),
        settings=settings,
        num_actions=TABLE_MUGGINS_NUM_ACTIONS if muggins else TABLE_NUM_ACTIONS,
    )


def make_table(game: Description, encoding: Encoding, setup: Setup) -> Table:
    """The two-player table (``CribbageTable``), or three's or four's (``TableOfMore``)."""
    if setup.players == 2:
        return CribbageTable(game, encoding, setup)
    from pegboard.cribbage.looks.openspiel_tables import TableOfMore

    return TableOfMore(game, encoding, setup)


def make_observer(setup: Setup, kind: Any) -> Any:
    """What a seat is told: two players' (``CribbageObserver``), or three's or four's."""
    if setup.players == 2:
        settings = setup.settings
        return CribbageObserver(kind, settings.get("cards"), bool(settings.get("muggins")))
    from pegboard.cribbage.looks.openspiel_table_observer import TableObserver

    return TableObserver(setup.players, kind, bool(setup.settings.get("muggins")))


class CribbageTable(Table):
    """The cut for deal, a hand being dealt, or a hand being played."""

    def __init__(self, game: Description, encoding: Encoding, setup: Setup) -> None:
        super().__init__(game, encoding, setup)
        self.one_hand = bool(setup.settings["one_hand"])
        self.cards: int | None = setup.settings.get("cards")  # 5 at five-card (C13)
        self.muggins = int(setup.settings.get("muggins", 0))  # 1: the players claim (C18)
        self.dealer: int | None = None
        self.hand_no = 1
        self.start_scores: tuple[int, ...] = (0, 0)
        self.dealt: list[list[Card]] = [[], []]
        self.game: Game | None = None
        self.pending: Discard | None = None  # the dealer's discard, waiting for the cut
        self.finished = False
        self.past: list[str] = []  # every finished hand, all public after its show

    def current(self) -> int:
        if self.finished:
            return TERMINAL
        if self.game is None or self.pending is not None:
            return CHANCE
        current = self.game.current_player
        assert current is not None
        return current

    def legal(self, seat: int) -> list[int]:
        assert self.game is not None
        return sorted(cribbage_action_index(a) for a in self.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            return [(0, 0.5), (1, 0.5)]
        if self.game is None:
            used = {c for hand in self.dealt for c in hand}
        else:
            used = {c for seat in (0, 1) for c in own_six(self.game, seat)}
        rest = [c.index for c in DECK if c not in used]
        return [(i, 1.0 / len(rest)) for i in rest]

    def deal(self, outcome: int) -> None:
        if self.dealer is None:
            self.dealer = outcome
            if self.cards == 5:  # three for last, to the first non-dealer (C14)
                scores = [0, 0]
                scores[1 - outcome] = 3
                self.start_scores = (scores[0], scores[1])
        elif self.game is None:
            self._deal(DECK[outcome])
        else:
            self._cut(DECK[outcome])

    def play(self, seat: int, number: int) -> None:
        move = cribbage_action(number, muggins=bool(self.muggins))
        game = self.game
        assert game is not None
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
        if total + 1 == 2 * (self.cards or 6):
            self.game = Game.from_position(
                self.dealt,
                dealer=self.dealer,
                scores=self.start_scores,
                hand_number=self.hand_no,
                cards=self.cards,
                muggins=self.muggins,
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
            cards=self.cards,
            muggins=self.muggins,
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

    def chance_string(self, outcome: int) -> str:
        if self.dealer is None:
            return f"dealer:{outcome}"
        return f"{'deal' if self.game is None else 'starter'}:{DECK[outcome]}"

    def action_string(self, seat: int, number: int) -> str:
        return str(cribbage_action(number, muggins=bool(self.muggins)))

    def observation(self, seat: int) -> CribbageObservation | None:
        return None if self.game is None else self.game.observation(seat)

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

    def copy(self) -> CribbageTable:
        """A copy that shares nothing mutable."""
        other = CribbageTable.__new__(CribbageTable)
        other.__dict__.update(self.__dict__)
        other.dealt = [list(h) for h in self.dealt]
        other.game = None if self.game is None else self.game.copy()
        other.past = list(self.past)
        return other

    def resample(self, seat: int, rng: random.Random) -> CribbageTable:
        return resample(self, seat, rng)


def resample(table: CribbageTable, seat: int, rng: random.Random) -> CribbageTable:
    """The cards ``seat`` has not seen dealt again by ``Game.sample_hidden``, every public
    fact kept: the other seat's played cards, what its go's proved (C5) and, in a show with
    muggins (C18), every hand and crib turned up (a five-card hand's cards never played, C15,
    included): until the crib is turned up only what is still face down is dealt again."""
    assert table.game is not None and table.pending is None
    other = table.copy()
    other.game = table.game.sample_hidden(seat, rng)
    return other


def hand_record(game: Game, hand_no: int) -> str:
    """A finished hand as everyone knows it after the show: the pegging, the shown hands
    and crib, the scores. (Who laid which crib card away is not written: the history keeps
    the true discards even in a resampled game, see ``own_discard``.)"""
    moves = " ".join(
        f"{m.seat}:{m.action}"
        for m in game.history
        if m.hand == hand_no and not isinstance(m.action, (Discard, LayAway))
    )
    shown = ""
    for show in game.shows:
        if show.hand == hand_no:
            hands = "/".join(" ".join(map(str, h or ())) for h in show.hands)
            shown = f" show:{show.starter} {hands} crib:{' '.join(map(str, show.crib or ()))}"
    return f"[hand{hand_no} {moves}{shown} scores:{'-'.join(map(str, game.scores))}]"


# -- search from an observation (ISMCTS, pegboard.openspiel.bots) -------------------------


@cache
def search_game(players: int = 2, cards: int = 6, muggins: int = 0) -> Any:
    """The game ISMCTS searches at a table of ``players`` with these options: one hand,
    whose returns are the margin the arena measures (between two the hand's points minus
    the other seat's; among three a seat's points minus the mean; among four a side's
    minus the other side's). ``cards`` 5 is five-card (C13), ``muggins`` 1 the claims
    (C18); the parameters are passed as the table's options give them."""
    parameters: dict[str, Any] = {"hands": 1}
    if players != 2:
        parameters["players"] = players
    if cards == 5:
        parameters["cards"] = 5
    if muggins:
        parameters["muggins"] = 1
    return pyspiel.load_game(SHORT_NAME, parameters)


def game_observation(observation: Any) -> CribbageObservation:
    """The game in play: a match observation wraps it (the bot plays the game in hand)."""
    return inner_observation(observation, "game", CribbageObservation, "cribbage")


def _search_game_of(view: CribbageObservation) -> Any:
    """The search game of ``view``'s table: its seats, its deal and muggins."""
    return search_game(view.num_players, view.cards or 6, int(view.muggins))


def search_state(observation: Any, rng: random.Random) -> Any:
    """An OpenSpiel state (one hand of the table's game) consistent with ``observation``,
    built from it alone: the unseen cards dealt by ``determinize`` between two and by
    ``table_determinize.table_world`` among three or four, this hand's public moves played
    again."""
    view = game_observation(observation)
    state = _search_game_of(view).new_initial_state()
    table: CribbageTable = state.table
    table.dealer = view.dealer
    table.hand_no = view.hand_number
    if view.num_players == 2:
        table.start_scores = hand_start_scores(view)
        table.game = determinize(view, rng)
        return state
    from pegboard.cribbage.looks.openspiel_tables import TableOfMore

    assert isinstance(table, TableOfMore)
    world = table_world(view, rng)
    table.start_scores = world.start_scores
    table.dealt = [list(cards) for cards in world.dealt]
    table.pack = list(world.pack)
    table.game = world.game
    return state


def search_action(observation: Any, number: int) -> Action:
    """The legal action of the number OpenSpiel chose, read as the search game's table
    names it (its numbering is the table's: 1379 or 1439 actions between two, the table
    encoding's among three or four)."""
    view = game_observation(observation)
    text = _search_game_of(view).new_initial_state().table.action_string(view.seat, number)
    for action in view.legal:
        if str(action) == text:
            return action
    raise ValueError(f"the search chose {text!r} ({number}), not a legal action here")


def _parameters(options: Mapping[str, Any]) -> dict[str, Any]:
    """A cribbage match's options as this game's parameters: a game to 121 (a match's
    ``best_of`` is no parameter of it) for ``players`` 2, 3 or 4 (the options' own check
    refused any other)."""
    if "best_of" in options:
        raise ValueError("pegboard_cribbage plays one game to 121: best_of is no option of it")
    players = int(options.get("players") or 2)
    muggins = int(options.get("muggins") or 0)
    params: dict[str, Any] = {}
    if players == 2:  # five-card (C13) is between two only (the options' check says so)
        if options.get("cards") == 5:
            params["cards"] = 5
    else:
        params["players"] = players
    if muggins:  # the players claim their shows (C18), at every table
        params["muggins"] = 1
    return params


LOOK = Look(
    short_name=SHORT_NAME,
    long_name="pegboard Cribbage (two players six-card, three, or four in partnerships)",
    specification={"hands": 0, "players": 2, "cards": 6, "muggins": 0},
    parameters=_parameters,
    setup=setup,
    table=make_table,
    observer=make_observer,
    search_state=search_state,
    search_action=search_action,
)
"""What the registry finds of cribbage in OpenSpiel (``Game.looks.openspiel``)."""

short_name("cribbage")  # registered, when this module is imported before pegboard.openspiel
