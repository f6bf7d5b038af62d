"""What a seat of ``pegboard_cribbage`` is told (``CribbageGame.make_py_observer``): the
observation and information-state tensors and strings, with OpenSpiel's ``public_info``
and ``private_info`` honoured (``CribbageObserver``, ``information_state_string``), and the
cards a seat was dealt and laid away this hand (``own_six``, ``own_discard``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from pegboard.cribbage.actions import MOST, Discard, Go, Play
from pegboard.cribbage.cards import Card
from pegboard.cribbage.encoding import MAX_PEG_MOVES
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import ShowCount
from pegboard.openspiel.common import INFORMATION_STATE, Told, Vector, one_hot, tensor_views, told

if TYPE_CHECKING:
    from pegboard.cribbage.looks.openspiel import CribbageTable
    from pegboard.openspiel.generic import GenericState


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


def _cards_vector(cards: Any) -> Vector:
    return one_hot(cards, 52)


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
_FIVE_CARD: Final = [("five_card", 1)]  # five-card's only (C13): always 1
_SHOW: Final = [  # with muggins only (C18, C19): the show being claimed, all public
    ("show", 1),  # 1 while the players claim the show
    ("showing", 52),  # the hand or crib being claimed for, turned up
    ("show_seat", 2),  # whose hand or crib it is
    ("show_crib", 1),  # 1 for the crib, 0 a hand
    ("claim", 2),  # claimed (1 once made), the points claimed / 29
]
_INFO_EXTRA: Final = [("dealt", 52), ("pegging", MAX_PEG_MOVES * (2 + 53))]


_PRIVATE_PIECES: Final = frozenset({"seat", "hand", "discards", "dealt"})
"""The pieces of ``_OBS_SHAPE`` and ``_INFO_EXTRA`` that are one seat's own (the rest is public)."""


def _own_cards(table: CribbageTable, seat: int) -> tuple[list[Card], Discard | None]:
    """``seat``'s hand as it sees it and its discard this hand, if made (the dealer's may
    still wait for the cut: then it is out of the hand already)."""
    game = table.game
    if game is None:
        return list(table.dealt[seat]), None
    discard = own_discard(game, seat)
    if discard is None and table.pending is not None and seat == game.dealer:
        discard = table.pending
    hand = list(game.hands[seat])
    if discard is not None and seat == game.dealer and table.pending is not None:
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
    scores /121 (/61 at five-card, which adds ``five_card``, C13), count /31, held_above
    /10, hand sizes /6). The information-state tensor adds the six cards the player was
    dealt and every pegging move of the hand in order (mover, card or go): the earlier hands
    are public and bear on the play only through the scores, which it holds. The
    information-state string is the whole game: every earlier hand as the show revealed it,
    then this hand (own discard shown, the other's not).
    """

    def __init__(
        self, iig_obs_type: Any = None, cards: int | None = None, muggins: bool = False
    ) -> None:
        # Five-card (C13) scores out of 61 and says so in one piece more, ``five_card``.
        self.target = 61.0 if cards == 5 else 121.0
        self.five = cards == 5
        self.muggins = muggins  # the show's pieces (C18, C19), all public
        self.told = told(iig_obs_type)
        copies = 2 if self.told.all_private else 1
        shape: list[tuple[str, int]] = []
        pieces = _OBS_SHAPE + (_FIVE_CARD if self.five else []) + (_SHOW if muggins else [])
        for name, width in pieces + (_INFO_EXTRA if self.told.perfect_recall else []):
            if name in _PRIVATE_PIECES:
                if self.told.has_private:
                    shape.append((name, width if name == "seat" else copies * width))
            elif self.told.public:
                if name.startswith("played_") and not self.told.has_private:
                    name = {"played_mine": "played_by_0", "played_other": "played_by_1"}[name]
                shape.append((name, width))
        self.tensor, self.dict = tensor_views(shape)

    def set_from(self, state: GenericState, player: int) -> None:
        table = cast("CribbageTable", state.table)
        self.tensor.fill(0.0)
        d = self.dict
        shown = self.told.seats(player, 2)
        if self.told.has_private:
            d["seat"][player] = 1.0
            hands = d["hand"].reshape(-1, 52)
            discards = d["discards"].reshape(-1, 52)
            dealt = d["dealt"].reshape(-1, 52) if "dealt" in d else None
            for row, seat in enumerate(shown):
                hand, discard = _own_cards(table, seat)
                hands[row][:] = _cards_vector(hand)
                if discard is not None:
                    discards[row][:] = _cards_vector(discard.cards)
                if dealt is not None:
                    six = table.dealt[seat] if table.game is None else own_six(table.game, seat)
                    dealt[row][:] = _cards_vector(six)
        if self.told.public:
            self._public_from(table, player)

    def _public_from(self, table: CribbageTable, player: int) -> None:
        d = self.dict
        if self.five:
            d["five_card"][0] = 1.0
        if table.dealer is not None:
            d["dealer"][table.dealer] = 1.0
        for seat in (0, 1):
            d["scores"][seat] = table.start_scores[seat] / self.target
        game = table.game
        if game is None:
            d["phase"][0] = 1.0
            return
        current = table.current()
        if current >= 0:
            d["current"][current] = 1.0
        d["phase"][1 if game.phase == "discard" or table.pending else 2] = 1.0
        if game.starter is not None:
            d["starter"][game.starter.index] = 1.0
        d["pile"][:] = _cards_vector(game.pile)
        for seat, card in game.played:
            if self.told.has_private:
                d["played_mine" if seat == player else "played_other"][card.index] = 1.0
            else:
                d[f"played_by_{seat}"][card.index] = 1.0
        d["count"][0] = game.count / 31.0
        view = game.observation(player)
        if self.muggins and view.phase == "show":
            _show_from(d, view.showing)
        for seat in (0, 1):
            # five-card's may pass 61 by the last peg: kept at most 1 (six-card's as ever)
            score = min(game.scores[seat], 61) if self.five else game.scores[seat]
            d["scores"][seat] = score / self.target
            d["said_go"][seat] = float(view.said_go[seat])
            d["held_above"][seat] = view.held_above[seat] / 10.0
            d["hand_sizes"][seat] = view.hand_sizes[seat] / 6.0
        if self.told.perfect_recall:
            pegging = d["pegging"].reshape(MAX_PEG_MOVES, 55)
            i = 0
            for move in game.history:
                action = move.action
                if move.hand != game.hand_number or not isinstance(action, (Play, Go)):
                    continue
                pegging[i, move.seat] = 1.0
                pegging[i, 2 + (52 if isinstance(action, Go) else action.card.index)] = 1.0
                i += 1

    def string_from(self, state: GenericState, player: int) -> str:
        text = self._string_from(state, player)
        game = cast("CribbageTable", state.table).game
        if self.muggins and self.told.public and game is not None:
            showing = game.observation(player).showing
            if showing is not None:  # the show claimed (C18), public
                claimed = "-" if showing.claimed is None else showing.claimed
                cards = " ".join(map(str, showing.cards))
                text += f" show:{showing.seat}:{showing.what}:{cards} claimed:{claimed}"
        return text

    def _string_from(self, state: GenericState, player: int) -> str:
        table = cast("CribbageTable", state.table)
        if self.told.perfect_recall:
            return information_state_string(table, player, self.told)
        shown = self.told.seats(player, 2)
        game = table.game
        parts = [f"p{player}"] if shown else []
        if game is None:
            parts.append("dealing")
            if shown:
                hands = "|".join(" ".join(map(str, sorted(table.dealt[s]))) for s in shown)
                parts.append(f"hand:{hands}")
            return " ".join(parts)
        view = game.observation(player)
        if self.told.public:
            parts.append(
                f"to:{table.current()} dealer:{game.dealer} "
                f"scores:{view.scores[0]}-{view.scores[1]}"
            )
        if shown:
            hands = "|".join(" ".join(map(str, sorted(game.observation(s).hand))) for s in shown)
            cribs = "|".join(
                "" if discard is None else str(discard)
                for discard in (_own_cards(table, s)[1] for s in shown)
            )
            parts.append(f"hand:{hands} crib:{cribs}")
        if self.told.public:
            parts.append(
                f"starter:{view.starter} "
                f"count:{view.count} pile:{' '.join(map(str, view.pile))} "
                f"played:{' '.join(f'{s}:{c}' for s, c in view.played)} "
                f"go:{int(view.said_go[0])}{int(view.said_go[1])} "
                f"above:{view.held_above[0]},{view.held_above[1]}"
            )
        return " ".join(parts)


def _show_from(d: dict[str, Vector], showing: ShowCount | None) -> None:
    """The show's pieces (``_SHOW``): what is being claimed for and the claim."""
    d["show"][0] = 1.0
    if showing is None:
        return
    d["showing"][:] = _cards_vector(showing.cards)
    d["show_seat"][showing.seat] = 1.0
    d["show_crib"][0] = float(showing.what == "crib")
    if showing.claimed is not None:
        d["claim"][0] = 1.0
        d["claim"][1] = min(showing.claimed, MOST) / MOST


def information_state_string(
    table: CribbageTable, player: int, told: Told = INFORMATION_STATE
) -> str:
    """Every earlier hand, then this hand as ``player`` knows it.

    Without the public part (``told.public``) the earlier hands and the moves are left
    out; ``told.private`` ``NONE`` leaves out the seat, its cards and its discard,
    ``ALL_PLAYERS`` shows both seats'.
    """
    shown = told.seats(player, 2)
    parts = told.history_head(player, 2, f"first:{table.dealer}")
    if told.public:
        parts += [*table.past, f"hand{table.hand_no}"]
        parts.append(f"scores:{table.start_scores[0]}-{table.start_scores[1]}")
    game = table.game
    if shown:
        six = [table.dealt[s] if game is None else own_six(game, s) for s in shown]
        parts.append("dealt:" + "|".join(" ".join(map(str, sorted(cards))) for cards in six))
    if game is None:
        return " ".join(parts)
    if not told.public:
        for seat in shown:
            discard = _own_cards(table, seat)[1]
            parts.append(f"{seat}:{'' if discard is None else discard}")
        return " ".join(parts)
    for move in game.history:
        if move.hand != table.hand_no:
            continue
        if isinstance(move.action, Discard):
            mine = move.seat in shown
            parts.append(f"{move.seat}:{own_discard(game, move.seat) if mine else 'discard'}")
        else:
            parts.append(f"{move.seat}:{move.action}")
    if table.pending is not None:
        parts.append(f"{game.dealer}:{table.pending if game.dealer in shown else 'discard'}")
    if game.starter is not None:
        parts.append(f"starter:{game.starter}")
    return " ".join(parts)
