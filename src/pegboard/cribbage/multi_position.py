"""What a cribbage game for three or four holds and shows (C8-C12): its fields, what they
show, and a seat's view of it; ``pegboard.cribbage.multi.TableGame`` adds how it starts,
the rules that change it and its records (as ``position.py`` is to ``game.py``).
"""

from __future__ import annotations

import random
from typing import Any, Self

from pegboard.cribbage.actions import Play
from pegboard.cribbage.cards import Card
from pegboard.cribbage.events import ScoreEvent
from pegboard.cribbage.multi_view import (
    LayAway,
    TableAction,
    TableMove,
    TableObservation,
    TableResult,
    TableShow,
    side_of,
)
from pegboard.cribbage.observation import Phase, PublicMove


class TablePosition:
    """The fields of a cribbage game for three or four and what they show; ``TableGame``
    (``pegboard.cribbage.multi``) is the game itself."""

    __slots__ = (
        "_count",
        "_crib",
        "_current",
        "_cuts",
        "_dealer",
        "_first_dealer",
        "_gone",
        "_hand_no",
        "_hand_start",
        "_hands",
        "_history",
        "_kept",
        "_laid",
        "_last",
        "_log",
        "_origin",
        "_phase",
        "_pile",
        "_players",
        "_result",
        "_rng",
        "_scores",
        "_shows",
        "_starter",
        "_stock",
    )

    _players: int
    _rng: random.Random
    _origin: dict[str, Any]
    _cuts: tuple[tuple[Card, ...], ...]
    _first_dealer: int
    _dealer: int
    _hand_no: int
    _phase: Phase
    _hands: list[list[Card]]
    _kept: list[tuple[Card, ...]]
    _laid: list[Card | None]
    _crib: list[Card]
    """The pack's card among three (C8), then each seat's card as it is laid away."""
    _stock: list[Card]
    _starter: Card | None
    _count: int
    _pile: list[Card]
    _last: int | None
    """Who played the last card of the current sequence (None before its first card)."""
    _gone: list[bool]
    _current: int
    _scores: list[int]
    _log: list[ScoreEvent]
    _shows: list[TableShow]
    _history: list[TableMove]
    _hand_start: int
    _result: TableResult | None

    # -- state ---------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def current_player(self) -> int | None:
        return None if self._result is not None else self._current

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> TableResult | None:
        return self._result

    def returns(self) -> tuple[float, ...]:
        """Per seat: +1 to each winner, the losers sharing -1 a winner (C12); zeros while
        the game goes on."""
        if self._result is None:
            return (0.0,) * self._players
        return self._result.returns()

    @property
    def phase(self) -> Phase:
        return "over" if self._result is not None else self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @property
    def cuts(self) -> tuple[tuple[Card, ...], ...]:
        """The cuts for the first deal (C8); empty when the dealer was given."""
        return self._cuts

    @property
    def hand_number(self) -> int:
        return self._hand_no

    @property
    def scores(self) -> tuple[int, ...]:
        """One score a player among three, one a side among four (C9)."""
        return tuple(self._scores)

    def side(self, seat: int) -> int:
        """The score ``seat`` pegs on (C9)."""
        return side_of(self._players, seat)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """The cards each seat holds (omniscient: never show this to a seat)."""
        return tuple(tuple(h) for h in self._hands)

    @property
    def kept(self) -> tuple[tuple[Card, ...], ...]:
        """The four cards each seat kept for the show (omniscient; empty before)."""
        return tuple(self._kept)

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib so far (omniscient until the show)."""
        return tuple(self._crib)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first (omniscient)."""
        return tuple(self._stock)

    @property
    def starter(self) -> Card | None:
        return self._starter

    @property
    def count(self) -> int:
        return self._count

    @property
    def pile(self) -> tuple[Card, ...]:
        return tuple(self._pile)

    @property
    def said_go(self) -> tuple[bool, ...]:
        return tuple(self._gone)

    @property
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this hand, with its seat, in order."""
        return tuple(
            (m.seat, m.action.card)
            for m in self._history[self._hand_start :]
            if isinstance(m.action, Play)
        )

    @property
    def log(self) -> tuple[ScoreEvent, ...]:
        return tuple(self._log)

    @property
    def shows(self) -> tuple[TableShow, ...]:
        return tuple(self._shows)

    @property
    def history(self) -> tuple[TableMove, ...]:
        """Every action of the game, in order (omniscient: crib cards show)."""
        return tuple(self._history)

    def legal_actions(self) -> tuple[TableAction, ...]:
        """The actions of the seat to act: the rules' (``TableGame.legal_actions``)."""
        raise NotImplementedError

    # -- hidden information --------------------------------------------------------------

    def observation(self, seat: int) -> TableObservation:
        """What ``seat`` may know: its own cards and crib card, and everything public (a
        partner's hand is hidden as an opponent's is, C9)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._players:
            raise ValueError(f"the seat is from 0 to {self._players - 1}, not {seat!r}")
        history = tuple(
            PublicMove(
                m.hand,
                m.seat,
                "discard" if m.seat != seat and isinstance(m.action, LayAway) else str(m.action),
            )
            for m in self._history
        )
        current = self.current_player
        return TableObservation(
            seat=seat,
            players=self._players,
            current_player=current,
            phase=self.phase,
            hand_number=self._hand_no,
            dealer=self._dealer,
            scores=self.scores,
            hand=tuple(self._hands[seat]),
            kept=self._kept[seat],
            laid=self._laid[seat],
            hand_sizes=tuple(len(h) for h in self._hands),
            laid_away=tuple(card is not None for card in self._laid),
            crib_size=len(self._crib),
            starter=self._starter,
            count=self._count,
            pile=tuple(self._pile),
            played=self.played,
            said_go=tuple(self._gone),
            log=tuple(self._log),
            shows=tuple(self._shows),
            history=history,
            legal=self.legal_actions() if seat == current else (),
            result=self._result,
        )

    def copy(self) -> Self:
        """An independent copy (the future shuffles included)."""
        other = object.__new__(type(self))
        for name in TablePosition.__slots__:
            setattr(other, name, getattr(self, name))
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._hands = [list(h) for h in self._hands]
        other._kept = list(self._kept)
        other._laid = list(self._laid)
        other._crib = list(self._crib)
        other._stock = list(self._stock)
        other._pile = list(self._pile)
        other._gone = list(self._gone)
        other._scores = list(self._scores)
        other._log = list(self._log)
        other._shows = list(self._shows)
        other._history = list(self._history)
        return other

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._phase}, seat {self._current} to act"
        return (
            f"<cribbage TableGame of {self._players} hand {self._hand_no},"
            f" scores {self.scores}, {state}>"
        )
