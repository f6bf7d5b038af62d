"""What a seat of ``pegboard_cribbage`` among three (C8) or four in partnerships (C9) is told
(``make_py_observer``): tensors laid out as ``pegboard.cribbage.table_encoding`` lays out
PettingZoo's vectors, and strings, with OpenSpiel's ``public_info`` and ``private_info``
honoured. Only ``CribbageObservation``s are read (a partner's hand is as hidden as an
opponent's, C9); a seat's own cards come from its own observation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

import pyspiel

from pegboard.cribbage.actions import MOST, Claim, Go, LayAway, Muggins, NoMuggins, Play
from pegboard.cribbage.cards import Card
from pegboard.cribbage.events import side_of
from pegboard.cribbage.looks.openspiel_tables import own_cards
from pegboard.cribbage.observation import CribbageObservation
from pegboard.cribbage.table_encoding import TABLE_LAYOUT, TABLE_MUGGINS_LAYOUT, encode_table
from pegboard.openspiel.common import one_hot, seats_shown, tensor_views

if TYPE_CHECKING:
    from pegboard.cribbage.looks.openspiel_tables import TableOfMore
    from pegboard.openspiel.generic import GenericState

__all__ = ["TableObserver", "table_information_state_string"]

_PRIVATE: Final = frozenset({"seat", "hand", "discards", "dealt"})
"""The pieces that are one seat's own: the rest is public."""


def peg_moves(players: int) -> int:
    """The pegging moves of a hand, at most: every card, and at most one go a card."""
    return 2 * 4 * players


def _own(table: TableOfMore, seat: int) -> tuple[list[Card], tuple[Card, ...], list[Card]]:
    """``seat``'s cards held, laid away and dealt this hand (its own view)."""
    if table.game is None:
        return list(table.dealt[seat]), (), list(table.dealt[seat])
    view = table.observation(seat)
    assert view is not None
    return list(view.hand), view.discards, own_cards(table.game, seat)


class TableObserver:
    """What one player knows among three or four, as a tensor and a string.

    The tensor's pieces are ``TABLE_LAYOUT``'s (the seats relative to the observing seat,
    itself first, as PettingZoo's ``cribbage_v0`` sees them: the default observation tensor
    begins with its vector), then ``seat`` (the observing seat, one-hot) and ``current`` (the
    seat to act, one-hot). With ``private_info`` ``NONE`` or ``ALL_PLAYERS`` the seats are
    counted from seat 0 instead, so a public view is the same for every seat; ``hand`` and
    ``discards`` (and ``dealt``, the five cards dealt, in the information state) are the
    private pieces: the observing seat's, every seat's by seat with ``ALL_PLAYERS``, none
    with ``NONE``. The information-state tensor adds every pegging move of the hand in order
    (the mover by seat, the card or go). The strings follow the two-player game's.

    With ``muggins`` (C18-C20) the show's pieces of ``TABLE_MUGGINS_LAYOUT`` follow
    ``TABLE_LAYOUT``'s (all public: the hand or crib being claimed for is turned up), the
    information state adds ``claims`` (for each count of the hand's show in order, the
    hands and then the crib: the points claimed / 29, the points of muggins called / 29,
    and 1 if the claim was let stand), and the strings say the count being claimed.
    """

    def __init__(self, players: int, iig_obs_type: Any = None, muggins: bool = False) -> None:
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.players = players
        self.muggins = muggins
        self.perfect_recall = bool(kind.perfect_recall)
        self.public = bool(kind.public_info)
        self.private = kind.private_info
        self.has_private = self.private != pyspiel.PrivateInfoType.NONE
        self.relative = self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        copies = players if self.private == pyspiel.PrivateInfoType.ALL_PLAYERS else 1
        self.layout = TABLE_LAYOUT + (TABLE_MUGGINS_LAYOUT if muggins else ())
        pieces = [(name, width) for name, _, width in self.layout]
        pieces += [("seat", players), ("current", players)]
        if self.perfect_recall:
            pieces += [("dealt", 52), ("pegging", peg_moves(players) * (players + 53))]
            if muggins:  # the show's claims and answers (C18, C19), all public
                pieces.append(("claims", (players + 1) * 3))
        shape: list[tuple[str, int]] = []
        for name, width in pieces:
            if name in _PRIVATE:
                if self.has_private:
                    shape.append((name, width if name == "seat" else copies * width))
            elif self.public:
                shape.append((name, width))
        self.tensor, self.dict = tensor_views(shape)

    def set_from(self, state: GenericState, player: int) -> None:
        table = cast("TableOfMore", state.table)
        self.tensor.fill(0.0)
        d = self.dict
        if self.has_private:
            d["seat"][player] = 1.0
            rows = {
                name: d[name].reshape(-1, 52) for name in ("hand", "discards", "dealt") if name in d
            }
            for row, seat in enumerate(seats_shown(self.private, player, self.players)):
                held, laid, dealt = _own(table, seat)
                for name, cards in (("hand", held), ("discards", laid), ("dealt", dealt)):
                    if name in rows:
                        rows[name][row][:] = one_hot(cards, 52)
        if self.public:
            self._public_from(table, player if self.relative else 0)

    def _public_from(self, table: TableOfMore, ref: int) -> None:
        d, players = self.dict, self.players
        view = table.observation(ref)
        if view is None:  # the deal: the scores, the dealer and the table only
            order = [(ref + step) % players for step in range(players)]
            for rel, seat in enumerate(order):
                d["scores"][rel] = table.start_scores[side_of(players, seat)] / 121.0
                if seat == table.dealer:
                    d["dealer"][rel] = 1.0
            d["table"][players == 4] = 1.0
            return
        vector = encode_table(view)
        for name, at, width in self.layout:
            if name in d and name not in _PRIVATE:
                d[name][:] = vector[at : at + width]
        current = table.current()
        if current >= 0:
            d["current"][current] = 1.0
        if self.perfect_recall and table.game is not None:
            pegging = d["pegging"].reshape(peg_moves(players), players + 53)
            i = 0
            for move in table.game.history:
                action = move.action
                if move.hand != table.hand_no or not isinstance(action, (Play, Go)):
                    continue
                pegging[i, move.seat] = 1.0
                pegging[i, players + (52 if isinstance(action, Go) else action.card.index)] = 1.0
                i += 1
            if self.muggins:
                _claims_from(d["claims"].reshape(players + 1, 3), table)

    def string_from(self, state: GenericState, player: int) -> str:
        table = cast("TableOfMore", state.table)
        if self.perfect_recall:
            return table_information_state_string(table, player, self.public, self.private)
        shown = seats_shown(self.private, player, self.players)
        parts = [f"p{player}"] if shown else []
        view = table.observation(player)
        if view is None:
            parts.append("dealing")
            if shown:
                hands = "|".join(" ".join(map(str, sorted(table.dealt[s]))) for s in shown)
                parts.append(f"hand:{hands}")
            return " ".join(parts)
        if self.public:
            parts.append(
                f"to:{table.current()} dealer:{view.dealer} "
                f"scores:{'-'.join(map(str, view.scores))}"
            )
        if shown:
            own = [_own(table, s) for s in shown]
            hands = "|".join(" ".join(map(str, sorted(held))) for held, _, _ in own)
            cribs = "|".join(" ".join(map(str, laid)) for _, laid, _ in own)
            parts.append(f"hand:{hands} crib:{cribs}")
        if self.public:
            parts.append(_public_text(view))
            if view.showing is not None:  # the show claimed (C18): all public
                parts.append(_show_text(view))
        return " ".join(parts)


def _claims_from(claims: Any, table: TableOfMore) -> None:
    """Each count of this hand's show in order: the claim, the call of muggins or the claim
    let stand (C18, C19)."""
    assert table.game is not None
    k = -1
    for move in table.game.history:
        action = move.action
        if move.hand != table.hand_no:
            continue
        if isinstance(action, Claim):
            k += 1
            claims[k, 0] = action.points / MOST
        elif isinstance(action, Muggins):
            claims[k, 1] = action.points / MOST
        elif isinstance(action, NoMuggins):
            claims[k, 2] = 1.0


def _show_text(view: CribbageObservation) -> str:
    """The count being claimed, its cards sorted (the crib's order would tell who laid what)."""
    showing = view.showing
    assert showing is not None
    claimed = "-" if showing.claimed is None else showing.claimed
    cards = " ".join(map(str, sorted(showing.cards)))
    return f"show:{showing.seat}:{showing.what}:{cards} claimed:{claimed}"


def _public_text(view: CribbageObservation) -> str:
    return (
        f"starter:{view.starter} laid:{''.join(str(int(x)) for x in view.discarded)} "
        f"count:{view.count} pile:{' '.join(map(str, view.pile))} "
        f"played:{' '.join(f'{s}:{c}' for s, c in view.played)} "
        f"go:{''.join(str(int(x)) for x in view.said_go)} "
        f"above:{','.join(map(str, view.held_above))}"
    )


def table_information_state_string(
    table: TableOfMore, player: int, public: bool = True, private: Any = None
) -> str:
    """Every earlier hand as its show revealed it, then this hand as ``player`` knows it: its
    own five cards and its own card laid away, every other lay-away as ``discard``.

    ``public`` False leaves out the earlier hands and the moves; ``private``
    (``pyspiel.PrivateInfoType``, default ``SINGLE_PLAYER``) ``NONE`` leaves out the seat and
    its cards, ``ALL_PLAYERS`` shows every seat's.
    """
    if private is None:
        private = pyspiel.PrivateInfoType.SINGLE_PLAYER
    shown = seats_shown(private, player, table.players)
    head = [f"p{player}"] if shown else []
    if public:
        head.append(f"first:{table.dealer}")
    parts = [" ".join(head)] if head else []
    if public:
        parts += [*table.past, f"hand{table.hand_no}"]
        parts.append(f"scores:{'-'.join(map(str, table.start_scores))}")
    if shown:
        dealt = [sorted(_own(table, s)[2]) for s in shown]
        parts.append("dealt:" + "|".join(" ".join(map(str, cards)) for cards in dealt))
    game = table.game
    if game is None:
        return " ".join(parts)
    if not public:
        for seat in shown:
            parts.append(f"{seat}:{' '.join(map(str, _own(table, seat)[1]))}")
        return " ".join(parts)
    for move in game.history:
        if move.hand != table.hand_no:
            continue
        if isinstance(move.action, LayAway) and move.seat not in shown:
            parts.append(f"{move.seat}:discard")
        else:
            parts.append(f"{move.seat}:{move.action}")
    if table.laid is not None:
        parts.append(f"{game.dealer}:{table.laid if game.dealer in shown else 'discard'}")
    if game.starter is not None:
        parts.append(f"starter:{game.starter}")
    view = table.observation(player)
    if view is not None and view.showing is not None:  # with muggins (C18): turned up
        parts.append(_show_text(view))
    return " ".join(parts)
