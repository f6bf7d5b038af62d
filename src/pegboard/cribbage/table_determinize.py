"""A full hand of cribbage among three (C8) or four in partnerships (C9) consistent with what
one seat knows, for the searches that play from an observation (OpenSpiel's ISMCTS, the
``ismcts`` level).

The unseen cards are dealt by ``determinize.table_hidden_deal`` (every other seat's cards, a
partner's as hidden as an opponent's, each above what its go's proved, C10; their cards in
the crib, the pack's card among three and the stock); the hand is built with
``Game.from_position`` from its deal and this hand's public moves are played again through
the engine (another seat's lay-away with the card dealt it). A deal is kept only when the
hand played again says what the seat saw in public: the same seat to act, scores, count,
pile, go's and hand sizes (a seat asked to play on after the others' go's holds a card that
fits, C10, which the deal does not weigh). With muggins (C18), in the show, the crib once
turned up is public: its cards are laid back where they came from (the pack's first, then
each seat's from the dealer's left, C8, C9); every hand is public there already (every card
was played), and once turned up it is dealt in the order it shows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from pegboard.cribbage.actions import LAY_OF, Action
from pegboard.cribbage.cards import Card
from pegboard.cribbage.determinize import TableDeal, table_hidden_deal
from pegboard.cribbage.events import side_of
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table import TABLES

__all__ = ["TABLE_WORLD_TRIES", "TableWorld", "table_world"]

TABLE_WORLD_TRIES: Final = 500
"""Deals of the hidden cards ``table_world`` tries before it gives up (the true deal is one
of the consistent ones; a handful of tries is the most seen, as for OpenSpiel's resampler)."""


@dataclass(frozen=True, slots=True)
class TableWorld:
    """One hand consistent with an observation: ``game`` (this hand, its moves played
    again), the scores it started from (one a player, or one a side at four), every seat's
    five cards dealt and the pack's card of the crib (among three)."""

    game: Game
    start_scores: tuple[int, ...]
    dealt: tuple[tuple[Card, ...], ...]
    pack: tuple[Card, ...]


def hand_start_scores(view: CribbageObservation) -> tuple[int, ...]:
    """The scores as this hand was dealt: the view's, less every score made in it (his
    heels, the pegging and, with muggins, the claims: all of them are made again when the
    hand is played again)."""
    scores = list(view.scores)
    players = view.num_players
    for event in view.log:
        if event.hand == view.hand_number and event.reason != "three for last":
            scores[side_of(players, event.seat)] -= event.points
    return tuple(scores)


def _turned_up_crib(view: CribbageObservation) -> tuple[Card, ...]:
    """With muggins, the crib once the show has turned it up (C18), in its order; else ()."""
    if view.showing is not None and view.showing.what == "crib":
        return view.showing.cards
    for event in view.log:
        if event.hand == view.hand_number and event.reason == "crib":
            return event.cards
    return ()


def _turned_up_hands(view: CribbageObservation) -> dict[int, tuple[Card, ...]]:
    """With muggins, each hand the show has turned up so far (C18), as it is held."""
    shown = {
        event.seat: event.cards
        for event in view.log
        if event.hand == view.hand_number and event.reason == "hand"
    }
    if view.showing is not None and view.showing.what == "hand":
        shown[view.showing.seat] = view.showing.cards
    return shown


def _with_crib(view: CribbageObservation, deal: TableDeal, crib: tuple[Card, ...]) -> TableDeal:
    """``deal`` with the crib turned up laid back: the pack's card first, then one card of
    each seat from the dealer's left (the dealer's last), the rest of the unseen cards the
    stock."""
    table = TABLES[view.num_players]
    discards: list[tuple[Card, ...]] = [()] * view.num_players
    for k, seat in enumerate(table.rounds[view.dealer]):
        discards[seat] = (crib[table.pack + k],)
    hidden = {*deal.pack, *deal.stock, *(c for cards in deal.discards for c in cards)}
    stock = tuple(c for c in sorted(hidden) if c not in crib)
    return TableDeal(deal.hands, tuple(discards), crib[: table.pack], stock)


def table_world(view: CribbageObservation, rng: random.Random) -> TableWorld:
    """A hand among three or four that ``view``'s seat cannot tell from the real one (see
    the module's text); ``ValueError`` if no deal replays its public moves."""
    if view.num_players == 2:
        raise ValueError("table_world deals a table of three or four; between two, determinize")
    if view.phase == "over":
        raise ValueError("the game is over: there is nothing hidden left to deal")
    me = view.seat
    players = view.num_players
    start = hand_start_scores(view)
    crib = _turned_up_crib(view)
    shown = _turned_up_hands(view)
    moves = [m for m in view.history if m.hand == view.hand_number]
    target = _public(view)
    for _ in range(TABLE_WORLD_TRIES):
        deal = table_hidden_deal(view, rng)
        if crib:
            deal = _with_crib(view, deal, crib)
        dealt: list[tuple[Card, ...]] = []
        for seat in range(players):
            if seat == me:
                held = view.kept if view.discarded[me] else view.hand
                dealt.append((*held, *view.discards))
            elif seat in shown:  # turned up in the order it is held (every card played)
                dealt.append((*shown[seat], *deal.discards[seat]))
            else:
                played = tuple(c for s, c in view.played if s == seat)
                dealt.append((*played, *deal.hands[seat], *deal.discards[seat]))
        game = Game.from_position(
            [list(cards) for cards in dealt],
            dealer=view.dealer,
            scores=start,
            crib=list(deal.pack) or None,
            starter=view.starter,
            stock=list(deal.stock),
            seed=rng.getrandbits(63),
            hand_number=view.hand_number,
            muggins=int(view.muggins),
        )
        try:
            for move in moves:
                action: Action
                if move.text == "discard":  # another seat's lay-away: the card dealt it
                    action = LAY_OF[deal.discards[move.seat][0].index]
                else:
                    action = game.parse_action(move.text)
                game.apply(action, seat=move.seat)
        except ValueError:  # the engine's IllegalActionError: a go this deal cannot say (C10)
            continue
        if _public(game.observation(me)) != target:
            continue
        return TableWorld(game, start, tuple(dealt), deal.pack)
    raise ValueError("no deal of the hidden cards replays this hand's public moves (C10)")


def _public(view: CribbageObservation) -> tuple[object, ...]:
    """What a hand played again must say as the real one did, to the seat that searches."""
    return (
        view.current_player,
        view.phase,
        view.scores,
        view.count,
        view.pile,
        view.said_go,
        view.held_above,
        view.hand_sizes,
        view.legal,
        view.showing,
    )
