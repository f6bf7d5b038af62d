"""What a cribbage game holds and shows, between two or round a table of three or four: its
state, a seat's view of it (observation) and the positions a seat cannot tell from it
(sampling, between two), the base of ``Game``.

``Position`` keeps the fields of the omniscient position and answers every question about
it; ``pegboard.cribbage.rules.Rules`` adds the rules that change it and
``pegboard.cribbage.game.Game`` how a game starts and its records.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Self, TypeVar

from pegboard.core import N_, WordedError
from pegboard.cribbage.actions import PLAY_OF, Action, Discard, Go, LayAway, Play
from pegboard.cribbage.cards import Card
from pegboard.cribbage.deal import deal_held, must_hold_a_fit
from pegboard.cribbage.events import CutForDeal, GameResult, HandShow, Reason, ScoreEvent
from pegboard.cribbage.observation import (
    CribbageObservation,
    Phase,
    PublicMove,
    ShowCount,
    ShowWhat,
)
from pegboard.cribbage.table import Table

HAND_SIZE: Final = 6
"""Cards dealt each between two (C2); five among three or four (``Table.hand_size``)."""
KEPT: Final = 4
LIMIT: Final = 31
"""The pegging count may not pass 31 (C4)."""


@dataclass(frozen=True, slots=True)
class Move:
    """One entry of the full history: in hand ``hand``, ``seat`` took ``action``."""

    hand: int
    seat: int
    action: Action

    def __str__(self) -> str:
        return f"{self.seat}:{self.action}"


_RawEvent = tuple[int, int, int, Reason, tuple[Card, ...], Card | None, int]
"""The fields of a ``ScoreEvent``: the engine logs these plain tuples and builds the events
only when asked (``Game.log``, observations), which keeps playing fast."""

_RawMove = tuple[int, int, Action]
"""The fields of a ``Move``, kept the same way."""

_Shown = tuple[Card, ...] | None
_RawShow = tuple[int, int, Card, tuple[_Shown, ...], _Shown]
"""The fields of a ``HandShow``."""

_T = TypeVar("_T")


def _built(raw: Sequence[tuple[Any, ...]], built: list[_T], make: Callable[..., _T]) -> list[_T]:
    """``built`` extended to ``make(*fields)`` of every entry of ``raw``: each value is built
    once, the first time it is asked for."""
    done = len(built)
    if done < len(raw):
        built.extend([make(*fields) for fields in raw[done:]])
    return built


def _seen_by(seat: int) -> Callable[[int, int, Action], PublicMove]:
    """A move of the history as ``seat`` sees it: another seat's discard without its cards."""

    def seen(hand: int, mover: int, action: Action) -> PublicMove:
        kind = action.__class__
        hidden = mover != seat and (kind is Discard or kind is LayAway)
        return PublicMove(hand, mover, "discard" if hidden else str(action))

    return seen


_SEEN_BY: Final = (_seen_by(0), _seen_by(1), _seen_by(2), _seen_by(3))


def _plays_of(cards: Sequence[Card]) -> list[Play]:
    if len(cards) == KEPT:  # always, in a game
        a, b, c, d = cards
        return [PLAY_OF[a.index], PLAY_OF[b.index], PLAY_OF[c.index], PLAY_OF[d.index]]
    return [PLAY_OF[card.index] for card in cards]


class Position:
    """The fields of a cribbage game between two, three or four seats and what they show;
    ``Game`` (``pegboard.cribbage.game``) is the game itself."""

    __slots__ = (
        "_count",
        "_current",
        "_cuts",
        "_dealer",
        "_discards",
        "_events",
        "_first_dealer",
        "_floor",
        "_gone",
        "_hand_no",
        "_hand_start",
        "_hands",
        "_history",
        "_items",
        "_kept",
        "_left",
        "_legal",
        "_log",
        "_moves",
        "_origin",
        "_pack",
        "_pending",
        "_phase",
        "_pile",
        "_plays",
        "_result",
        "_rng",
        "_scores",
        "_seen",
        "_show_list",
        "_shown",
        "_shows",
        "_sides",
        "_starter",
        "_stock",
        "_table",
    )

    _table: Table
    """The facts of this table's size (``pegboard.cribbage.table``)."""
    _left: tuple[int, ...]
    """``_table.left``, the seat on each seat's left, read at every card played."""
    _sides: tuple[int, ...]
    """``_table.sides``, the score each seat pegs on, read at every score."""
    _rng: random.Random
    _origin: dict[str, Any]
    _cuts: tuple[CutForDeal, ...]
    _first_dealer: int
    _dealer: int
    _hand_no: int
    _phase: Phase
    _hands: list[list[Card]]
    _plays: list[list[Play]]
    """Per seat, once it has discarded: ``Play(card)`` of each card it holds, in order."""
    _kept: list[tuple[Card, ...]]
    _discards: list[tuple[Card, ...]]
    """Per seat, the cards it laid in the crib this hand."""
    _pack: tuple[Card, ...]
    """The crib's card from the pack, among three (C8); empty otherwise."""
    _stock: list[Card]
    _starter: Card | None
    _count: int
    _pile: list[Card]
    _hand_start: int
    """Where this hand's moves begin in ``_history``."""
    _gone: list[bool]
    _floor: list[int]
    _current: int
    _scores: list[int]
    _log: list[_RawEvent]
    _events: list[ScoreEvent]
    _shows: list[_RawShow]
    _show_list: list[HandShow]
    _history: list[_RawMove]
    _moves: list[Move]
    _seen: tuple[list[PublicMove], ...]
    """Per seat, ``_history`` as that seat sees it (``observation``), built as it is asked."""
    _legal: tuple[Action, ...] | None
    _result: GameResult | None
    _items: list[tuple[int, ShowWhat]]
    """With muggins, in the show: what is still to be claimed for, in order (C18)."""
    _shown: list[tuple[Card, ...] | None]
    """With muggins, in the show: each seat's hand once claimed for, then the crib (C18)."""
    _pending: tuple[int, ShowWhat, tuple[Card, ...], int, int] | None
    """With muggins, a claim open to muggins: its seat, hand or crib, cards, the points
    pegged and the points missed (C19)."""

    def copy(self) -> Self:
        """An independent copy of this position (the future shuffles included)."""
        other = object.__new__(type(self))
        for name in Position.__slots__:
            setattr(other, name, getattr(self, name))
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._hands = [list(h) for h in self._hands]
        other._plays = [list(p) for p in self._plays]
        other._kept = list(self._kept)
        other._discards = list(self._discards)
        other._stock = list(self._stock)
        other._pile = list(self._pile)
        other._gone = list(self._gone)
        other._floor = list(self._floor)
        other._scores = list(self._scores)
        other._log = list(self._log)
        other._events = list(self._events)
        other._shows = list(self._shows)
        other._show_list = list(self._show_list)
        other._history = list(self._history)
        other._moves = list(self._moves)
        other._seen = tuple([list(seen) for seen in self._seen])
        other._items = list(self._items)
        other._shown = list(self._shown)
        return other

    # -- state ---------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._table.players

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""
        return None if self._result is not None else self._current

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> GameResult | None:
        return self._result

    def returns(self) -> tuple[float, ...]:
        """Game points per seat: between two, +1/+2/+3 to the winner (win, skunk, double
        skunk), the opposite to the loser (C7); among three or four +1 to each winning seat,
        the losers sharing -1 a winning seat (C12); zeros while the game goes on."""
        if self._result is None:
            return (0,) * self._table.players
        return self._result.returns()

    @property
    def phase(self) -> Phase:
        return "over" if self._result is not None else self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def pone(self) -> int:
        """The non-dealer (the dealer's left among three or four), who discards first, leads
        the pegging and counts first."""
        return self._left[self._dealer]

    @property
    def cards(self) -> int | None:
        """The cards dealt each when the game asked for them: 5 at five-card (C13); None
        for the table's own deal."""
        return self._table.cards

    @property
    def target(self) -> int:
        """The score that wins at once: 121 (C7, C12), 61 at five-card (C17)."""
        return self._table.target

    @property
    def win_rule(self) -> str:
        """The rule that says who wins and at what score: C7 between two, C12 among three
        or four, C17 at five-card (what a surface cites beside ``target``)."""
        return self._table.end_rule

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @property
    def cuts(self) -> tuple[CutForDeal, ...]:
        """The cuts for the first deal (C2, C8); empty when the dealer was given."""
        return self._cuts

    @property
    def hand_number(self) -> int:
        return self._hand_no

    @property
    def scores(self) -> tuple[int, ...]:
        """One score a player, or one a side among four (C9)."""
        return tuple(self._scores)

    def side(self, seat: int) -> int:
        """The score ``seat`` pegs on: its own, or its side's among four (C9)."""
        return self._sides[seat]

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds (omniscient: never show this to a seat)."""
        return tuple([tuple(hand) for hand in self._hands])

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat kept for the show, four (three at five-card, C13)
        (omniscient; empty before discarding)."""
        return tuple(self._kept)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib so far: the pack's card among three (C8), then each seat's from the
        dealer's left, the dealer's last (omniscient until the show)."""
        return self._crib()

    def _crib(self) -> tuple[Card, ...]:
        discards = self._discards
        crib = self._pack
        for seat in self._table.rounds[self._dealer]:
            crib += discards[seat]
        return crib

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first (omniscient)."""
        return tuple(self._stock)

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def count(self) -> int:
        """The running total of the current pegging sequence (C4)."""
        return self._count

    @property
    def pile(self) -> tuple[Card, ...]:
        """The cards of the current pegging sequence, in order."""
        return tuple(self._pile)

    @property
    def said_go(self) -> tuple[bool, ...]:
        """Who has said go since the count last started (C5, C10)."""
        return tuple(self._gone)

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this hand, with its seat, in order."""
        return tuple(self._played())

    def _played(self) -> list[tuple[int, Card]]:
        return [
            (seat, action.card)
            for _, seat, action in self._history[self._hand_start :]
            if isinstance(action, Play)
        ]

    @property
    def log(self) -> tuple[ScoreEvent, ...]:
        """Every score of the game, in order (public)."""
        return tuple(_built(self._log, self._events, ScoreEvent))

    @property
    def shows(self) -> tuple[HandShow, ...]:
        """What each finished hand's show revealed (public)."""
        return tuple(_built(self._shows, self._show_list, HandShow))

    @property
    def history(self) -> tuple[Move, ...]:
        """Every action of the game, in order (omniscient: discards show their cards)."""
        return tuple(_built(self._history, self._moves, Move))

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the seat to act: the rules' (``Game.legal_actions``)."""
        raise NotImplementedError

    # -- hidden information --------------------------------------------------------------

    def observation(self, seat: int) -> CribbageObservation:
        """What ``seat`` may know: its own cards and discards, and everything public (a
        partner's hand is hidden as an opponent's is, C9)."""
        _check_seat(seat, "seat", players=self._table.players)
        # Each move as this seat sees it is made once, the first time it is asked for (a
        # server asks for every seat's after every move), as the history's moves are.
        history = tuple(_built(self._history, self._seen[seat], _SEEN_BY[seat]))
        current = self.current_player
        return CribbageObservation(
            seat=seat,
            current_player=current,
            phase=self.phase,
            hand_number=self._hand_no,
            dealer=self._dealer,
            scores=tuple(self._scores),
            hand=tuple(self._hands[seat]),
            kept=self._kept[seat],
            discards=self._discards[seat],
            hand_sizes=tuple([len(hand) for hand in self._hands]),
            discarded=tuple([bool(cards) for cards in self._discards]),
            crib_size=len(self._pack) + sum([len(cards) for cards in self._discards]),
            starter=self._starter,
            count=self._count,
            pile=tuple(self._pile),
            played=tuple(self._played()),
            said_go=tuple(self._gone),
            held_above=tuple(self._floor),
            log=tuple(_built(self._log, self._events, ScoreEvent)),
            shows=tuple(_built(self._shows, self._show_list, HandShow)),
            history=history,
            legal=self.legal_actions() if seat == current else (),
            result=self._result,
            cards=self._table.cards,
            target=self._table.target,
            muggins=self._table.muggins,
            showing=self._showing(),
        )

    def _showing(self) -> ShowCount | None:
        """With muggins, in the show: what is being claimed for, turned up (C18)."""
        if self._result is not None or self._phase != "show":
            return None
        pending = self._pending
        if pending is not None:
            seat, what, cards, pegged, _ = pending
            return ShowCount(seat, what, cards, pegged)
        seat, what = self._items[0]
        return ShowCount(seat, what, self._show_cards(seat, what), None)

    def _show_cards(self, seat: int, what: ShowWhat) -> tuple[Card, ...]:
        """The cards of ``seat``'s hand, or of the crib, for the show (C6, C16)."""
        return self._kept[seat] if what == "hand" else self._crib()

    def sample_hidden(self, seat: int, rng: random.Random) -> Self:
        """A position ``seat`` cannot tell from this one, for search by bots.

        The cards ``seat`` has not seen (the other hand, the other seat's discards, the
        undealt stock with the starter still in it) are dealt again at random, keeping
        every size and every public fact: the cards the other seat played are its own, and
        after a go it holds only cards worth more than the room that was left (C5). In a
        show with muggins (C18) a hand or crib turned up is public and kept: the other
        seat's hand once it is shown (at five-card it keeps cards never played, C15), the
        crib's cards once the crib is. Later hands are shuffled from ``rng``. Between two
        only: the searches that play three or four deal the hidden cards from their
        observation (``determinize.table_hidden_deal``).
        """
        if not self._table.two:
            raise WordedError(
                N_(
                    "this bot plays cribbage for two; among three or four (C8, C9) choose "
                    "one of the levels from random to expert"
                )
            )
        _check_seat(seat, "seat")
        game = self.copy()
        game._rng = random.Random(rng.getrandbits(63))
        game._origin = {"sampled": True}
        if self._result is not None:
            return game
        other = 1 - seat
        held = self._hands[other]
        discards = self._discards[other]
        hand_up, crib_up = self._turned_up(other)
        pool = [*([] if hand_up else held), *([] if crib_up else discards), *self._stock]
        if hand_up:  # turned up at the show: public (C18)
            new_held = list(held)
        else:
            floor = self._floor[other]
            eligible = [c for c in pool if c.value > floor]
            hand_moves = self._history[self._hand_start :]
            last = None
            if hand_moves:
                _, last_seat, last_action = hand_moves[-1]
                last = (last_seat, _kind(last_action))
            fits = must_hold_a_fit(self._phase, self._current, other, last)
            # The true hand is always eligible, so there are enough cards to choose from.
            new_held = deal_held(eligible, len(held), LIMIT - self._count if fits else None, rng)
        rest = [c for c in pool if c not in new_held]
        rng.shuffle(rest)
        new_discards = discards
        if not crib_up:
            new_discards = tuple(sorted(rest[: len(discards)], key=lambda c: c.index))
            rest = rest[len(discards) :]
        game._hands[other] = new_held
        game._discards[other] = new_discards
        game._told_discard(other, new_discards, self._hand_start)
        game._stock = rest
        if not hand_up and (self._phase == "pegging" or self._kept[other]):
            played = [c for s, c in self._played() if s == other]
            game._kept[other] = tuple(played + new_held)
            game._plays[other] = _plays_of(new_held)
        game._legal = None
        return game

    def _turned_up(self, seat: int) -> tuple[bool, bool]:
        """With muggins, in the show: whether ``seat``'s hand, and whether the crib, has been
        turned up, claimed for or being claimed for (C18). Hands come first, the crib last."""
        if self._phase != "show":
            return False, False
        showing = self._items[0] if self._pending is None and self._items else None
        crib = self._shown[-1] is not None or (showing is not None and showing[1] == "crib")
        return self._shown[seat] is not None or showing == (seat, "hand"), crib

    def _told_discard(self, seat: int, cards: Sequence[Card], since: int) -> None:
        """``seat``'s discard of this hand (from ``since`` in the history) says ``cards``:
        those a sample dealt it again. The moves built from the history (every seat's view
        of it included) are built again from there, so no copy of the true discard stays."""
        for index in range(since, len(self._history)):
            hand, mover, action = self._history[index]
            if mover == seat and action.__class__ is Discard:
                self._history[index] = (hand, mover, Discard(*cards))
                del self._moves[index:]
                for seen in self._seen:
                    del seen[index:]
                return


def _kind(action: Action) -> str:
    """The kind of a move: "play", "go" or "discard"."""
    if action.__class__ is Play:
        return "play"
    return "go" if action.__class__ is Go else "discard"


def _check_seat(seat: object, what: str, allow_none: bool = False, players: int = 2) -> None:
    if seat is None and allow_none:
        return
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        if players == 2:
            raise ValueError(f"the {what} is seat 0 or 1, not {seat!r}")
        raise ValueError(f"the {what} is from 0 to {players - 1}, not {seat!r}")
