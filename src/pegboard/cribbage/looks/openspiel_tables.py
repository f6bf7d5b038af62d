"""``pegboard_cribbage`` among three (C8) or four in partnerships (C9): the table of the
parameter ``players`` 3 or 4 (``CribbageTable`` is the two-player game's, unchanged).

Explicit chance nodes, in the engine's order: the cut for the first deal (C8: the lowest
card deals, ties cut again, so each seat deals first with probability 1/players); for every
hand the deal one card at a time from the dealer's left, five each, and among three one
more card from the pack to the crib (C8; each card uniform among the cards not dealt); once
every seat has laid its card away (the dealer's last), the starter (C3, uniform among the
cards not dealt). Each hand is a ``pegboard.cribbage.Game`` built with
``Game.from_position``; every player action goes through ``Game.apply``. Actions are
numbered as ``pegboard.cribbage.table_encoding`` numbers them (105: lay a card away, play a
card, go), the numbers PettingZoo's ``cribbage_v0`` uses at three and four.

With ``muggins=1`` (C18-C20) the players claim their shows: after the pegging each hand from
the dealer's left, then the crib, is turned up and claimed by its owner, and the seat on the
claimant's left (an opponent at both tables) calls muggins or lets the claim stand, each a
player action through ``Game.apply``, numbered after the 105 (165 in all); the engine deals
the next hand after the crib's answer, and the chance nodes go on as above.

Returns: ``hands=0`` the game points of ``Game.returns`` (C12: +1 to the winner and -1/2 to
each other among three; +1 to each winning partner and -1 to each loser among four);
``hands=1`` the points of the one hand: among three each seat's points minus the mean of the
three seats', among four the seat's side's points minus the other side's (partners share
their returns, C9). Every one of them sums to zero.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Final

import pyspiel

from pegboard.cribbage.actions import LAY_OF, Action, LayAway
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.determinize import TableDeal, table_hidden_deal, unseen_cards
from pegboard.cribbage.events import side_of
from pegboard.cribbage.game import Game
from pegboard.cribbage.looks.openspiel import CribbageTable
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table import TABLES
from pegboard.cribbage.table_encoding import (
    TABLE_ENCODING,
    TABLE_MUGGINS_ENCODING,
    TableEncoding,
)
from pegboard.games import Encoding
from pegboard.games import Game as Description
from pegboard.openspiel.table import Setup

__all__ = ["TableOfMore", "hand_margins", "table_length"]

_TARGET: Final = 121


def table_length(players: int, hands: int | None, muggins: bool = False) -> int:
    """OpenSpiel's ``max_game_length`` among ``players``: the cut for deal, then per hand
    the cards dealt (five each, and the pack's card among three), the lay-aways, the starter
    and the pegging (each card played, and at most one go a card: a sequence that ends in
    go's holds at least three cards, and at most one go a seat but the last player's), and
    with ``muggins`` the show's claims and answers (one each a hand and the crib, C18, C19).
    A game has at most 1 + 120 hands a score (every hand pegs the last card), ``hands`` if
    given."""
    table = TABLES[players]
    per_hand = players * table.hand_size + table.pack + players + 1 + 2 * players * table.kept
    if muggins:
        per_hand += 2 * (players + 1)
    most = hands if hands is not None else 1 + table.score_count * (_TARGET - 1)
    return 1 + most * per_hand


def hand_margins(players: int, made: list[int]) -> list[float]:
    """The returns of one hand from what each score made in it (``made``: one a seat among
    three, one a side among four): among three each seat's points minus the mean, among
    four the seat's side's minus the other side's."""
    if players == 4:
        return [float(made[side_of(4, s)] - made[1 - side_of(4, s)]) for s in range(4)]
    mean = sum(made) / len(made)
    return [m - mean for m in made]


class TableOfMore(CribbageTable):
    """The cut for deal, a hand being dealt, or a hand being played, among three or four.

    The chance dispatch (the cut, a card dealt, the starter) and its strings are
    ``CribbageTable``'s ``deal`` and ``chance_string``: only the deal (``_deal``) and the
    cut (``_cut``) are the table's own."""

    def __init__(self, game: Description, encoding: Encoding, setup: Setup) -> None:
        super().__init__(game, encoding, setup)
        self.players = setup.players
        self.table = TABLES[self.players]
        self.start_scores = (0,) * self.table.score_count
        self.dealt = [[] for _ in range(self.players)]
        self.pack: list[Card] = []  # the crib's card from the pack, among three (C8)
        self.laid: LayAway | None = None  # the dealer's lay-away, waiting for the cut

    @property
    def numbers(self) -> TableEncoding:
        """The table's action numbers: with muggins the claims and calls after the 105 (C18,
        C19). Not kept in the state, so that a serialized state is as it was without."""
        return TABLE_MUGGINS_ENCODING if self.muggins else TABLE_ENCODING

    def legal(self, seat: int) -> list[int]:
        assert self.game is not None
        return sorted(self.numbers.action_index(None, a) for a in self.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealer is None:
            return [(seat, 1.0 / self.players) for seat in range(self.players)]
        if self.game is None:
            used = {c for hand in self.dealt for c in hand} | set(self.pack)
            rest = [c.index for c in DECK if c not in used]
        else:
            rest = sorted(c.index for c in self.game.stock)  # the starter is among them
        return [(i, 1.0 / len(rest)) for i in rest]

    def _deal(self, card: Card) -> None:
        """Card ``k`` of the deal goes to the ``k``-th seat from the dealer's left, round the
        table; after five each, the pack's card to the crib among three (C8, C9)."""
        assert self.dealer is not None
        total = sum(len(hand) for hand in self.dealt) + len(self.pack)
        if total < self.players * self.table.hand_size:
            self.dealt[(self.dealer + 1 + total) % self.players].append(card)
        else:
            self.pack.append(card)
        if total + 1 == self.players * self.table.hand_size + self.table.pack:
            self.game = self._hand_game(
                [list(h) for h in self.dealt], None, list(self.pack) or None, None
            )

    def _hand_game(
        self,
        hands: list[list[Card]],
        starter: Card | None,
        pack: list[Card] | None,
        stock: list[Card] | None,
    ) -> Game:
        return Game.from_position(
            hands,
            dealer=self.dealer if self.dealer is not None else 0,
            scores=self.start_scores,
            crib=pack,
            starter=starter,
            stock=stock,
            hand_number=self.hand_no,
            muggins=self.muggins,
        )

    def play(self, seat: int, number: int) -> None:
        move = self.numbers.action(None, number)
        game = self.game
        assert game is not None
        if isinstance(move, LayAway) and game.current_player == game.dealer:
            if move not in game.legal_actions():
                raise pyspiel.SpielError(f"illegal lay-away {move}")
            self.laid = move  # the starter is chance's to turn first
            return
        game.apply(move)
        self._after_move()

    def current(self) -> int:
        if not self.finished and self.laid is not None:
            return int(pyspiel.PlayerId.CHANCE)
        return super().current()

    def _cut(self, starter: Card) -> None:
        """Rebuild the hand with ``starter`` on top of the stock, then lay every card away
        again in turn, the dealer's last (the cut: his heels may win the game)."""
        game, laid = self.game, self.laid
        assert game is not None and laid is not None and self.dealer is not None
        rebuilt = self._hand_game(
            [own_cards(game, s) for s in range(self.players)],
            starter,
            list(self.pack) or None,
            None,
        )
        for action in hand_moves(game, self.hand_no):
            rebuilt.apply(action)
        rebuilt.apply(laid)
        self.game, self.laid = rebuilt, None
        self._after_move()

    def _after_move(self) -> None:
        hand_no = self.hand_no
        super()._after_move()
        if self.game is None and self.hand_no != hand_no:
            self.dealt = [[] for _ in range(self.players)]
            self.pack = []

    def action_string(self, seat: int, number: int) -> str:
        return str(self.numbers.action(None, number))

    def observation(self, seat: int) -> CribbageObservation | None:
        """``seat``'s view; while the starter waits, the dealer's card already laid away."""
        if self.game is None:
            return None
        view = self.game.observation(seat)
        if self.laid is None:
            return view
        dealer = self.game.dealer
        sizes = list(view.hand_sizes)
        sizes[dealer] -= 1
        discarded = list(view.discarded)
        discarded[dealer] = True
        changes: dict[str, object] = {
            "current_player": None,
            "legal": (),
            "hand_sizes": tuple(sizes),
            "discarded": tuple(discarded),
            "crib_size": view.crib_size + 1,
        }
        if seat == dealer:
            card = self.laid.card
            changes["hand"] = tuple(c for c in view.hand if c != card)
            changes["discards"] = (card,)
            changes["kept"] = changes["hand"]
        return dataclasses.replace(view, **changes)  # type: ignore[arg-type]

    def returns(self) -> list[float]:
        if not self.finished:
            return [0.0] * self.players
        assert self.game is not None
        if not self.one_hand:
            return [float(r) for r in self.game.returns()]
        made = [now - then for now, then in zip(self.game.scores, self.start_scores, strict=True)]
        return hand_margins(self.players, made)

    def __str__(self) -> str:
        if self.game is None:
            hands = [" ".join(map(str, h)) for h in self.dealt]
            return f"dealing: {hands} pack: {' '.join(map(str, self.pack))}"
        return repr(self.game)

    def copy(self) -> TableOfMore:
        other = TableOfMore.__new__(TableOfMore)
        other.__dict__.update(self.__dict__)
        other.dealt = [list(h) for h in self.dealt]
        other.pack = list(self.pack)
        other.game = None if self.game is None else self.game.copy()
        other.past = list(self.past)
        return other

    def resample(self, seat: int, rng: random.Random) -> TableOfMore:
        return resample_table(self, seat, rng)


def own_cards(game: Game, seat: int) -> list[Card]:
    """The five cards ``seat`` was dealt this hand: held (or kept) and laid away."""
    view = game.observation(seat)
    held = view.kept if view.discarded[seat] else view.hand
    return [*held, *view.discards]


def hand_moves(game: Game, hand_no: int) -> list[Action]:
    """The actions of hand ``hand_no`` so far, in order (the lay-aways' true cards)."""
    return [m.action for m in game.history if m.hand == hand_no]


RESAMPLE_TRIES: Final = 500
"""Deals of the hidden cards ``resample_table`` tries before it gives up (the true deal is
one of the consistent ones: a few tries are the most seen, seven at four)."""


def resample_table(table: TableOfMore, seat: int, rng: random.Random) -> TableOfMore:
    """The cards ``seat`` has not seen dealt again (``determinize.table_hidden_deal``: the
    other hands, a partner's too, their cards in the crib, the pack's card and the stock,
    every go's proof kept), and the hand played again from its deal through the engine.

    A deal is kept only when the hand played again says what this one said in public: the
    same seat to act (a seat asked to play on after the others' go's holds a card that fits,
    C10, which ``table_hidden_deal`` does not weigh), the same scores, count and go's.

    In a show with muggins (C18) every hand was played, so only the crib is hidden, and only
    until it is turned up: then its cards are public and are not dealt again (only which
    seat laid which, and the pack's card among three, are).
    """
    other = table.copy()
    game = table.game
    if game is None or table.finished:
        return other
    assert table.laid is None  # a seat acts: the starter is not waiting
    view = game.observation(seat)
    moves = [m for m in game.history if m.hand == table.hand_no]
    for _ in range(RESAMPLE_TRIES):
        deal = _hidden_deal(view, rng)
        hands: list[list[Card]] = []
        for s in range(table.players):
            if s == seat:
                hands.append(own_cards(game, s))
                continue
            played = [c for p, c in view.played if p == s]
            hands.append([*played, *deal.hands[s], *deal.discards[s]])
        rebuilt = table._hand_game(hands, view.starter, list(deal.pack) or None, list(deal.stock))
        try:
            for move in moves:
                action = move.action
                if isinstance(action, LayAway) and move.seat != seat:
                    action = LAY_OF[deal.discards[move.seat][0].index]
                rebuilt.apply(action, seat=move.seat)
        except ValueError:  # the engine's IllegalActionError: a go this deal cannot say
            continue
        if _public(rebuilt, seat) != _public(game, seat):
            continue
        other.game = rebuilt
        other.pack = list(deal.pack)
        other.dealt = [list(h) for h in hands]
        return other
    raise ValueError("no deal of the hidden cards replays this hand's public moves (C10)")


def _hidden_deal(view: CribbageObservation, rng: random.Random) -> TableDeal:
    """``table_hidden_deal``, but with the crib turned up at the show (C18) its four cards
    kept in it: the others' lay-aways and the pack's card dealt from them alone."""
    showing = view.showing
    if showing is None or showing.what != "crib":
        return table_hidden_deal(view, rng)
    me, players = view.seat, view.num_players
    hidden = [c for c in showing.cards if c not in view.discards]
    rng.shuffle(hidden)
    discards: list[tuple[Card, ...]] = [()] * players
    discards[me] = view.discards
    others = [s for s in range(players) if s != me]
    for at, seat in enumerate(others):
        discards[seat] = (hidden[at],)
    crib = set(showing.cards)
    stock = [c for c in unseen_cards(view) if c not in crib]
    rng.shuffle(stock)
    hands = tuple(view.hand if s == me else () for s in range(players))  # all played
    return TableDeal(hands, tuple(discards), tuple(hidden[len(others) :]), tuple(stock))


def _public(game: Game, seat: int) -> tuple[object, ...]:
    view = game.observation(seat)
    showing = view.showing  # with muggins (C18): the crib's cards as a set, not who laid which
    shown = None if showing is None else (showing.seat, showing.what, frozenset(showing.cards))
    return (
        shown,
        None if showing is None else showing.claimed,
        game.current_player,
        view.scores,
        view.count,
        view.pile,
        view.said_go,
        view.held_above,
        view.hand_sizes,
        view.phase,
    )
