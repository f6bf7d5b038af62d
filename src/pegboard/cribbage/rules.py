"""The rules that change a cribbage game, one for every table (C2-C7 between two, C8-C12
among three and four in partnerships): the discard, the cut, the play, the go, the show and
the score. ``Rules`` is the base of ``pegboard.cribbage.game.Game``, which adds how a game
starts and its records; the fields are ``Position``'s (``pegboard.cribbage.position``).

Between two the seat on a seat's left is the other seat, and every rule below reads as
C2-C7; among three or four the same code plays C8-C12: the lay-away of one card each, the
go passed round the table, the show from the dealer's left, the score of a side.

Speed (bots and searches play many random games; ``benchmarks/bench_cribbage_game.py``):
actions come from precomputed tables of the interned values, cards are found by identity
(``==`` on a Card goes through its Python ordering methods), the legal plays are kept ready
when every card fits, and playing a card is done inside ``apply`` in full.
"""

from __future__ import annotations

from pegboard.core import N_, AllOf, IllegalActionError
from pegboard.cribbage.actions import (
    CLAIM_OF,
    GO,
    MUGGINS_OF,
    NO_MUGGINS,
    PLAY_OF,
    Action,
    Claim,
    Discard,
    Go,
    LayAway,
    Muggins,
    NoMuggins,
    Play,
)
from pegboard.cribbage.cards import Card
from pegboard.cribbage.events import GameResult, Reason
from pegboard.cribbage.observation import ShowWhat
from pegboard.cribbage.position import KEPT, LIMIT, Position, _plays_of
from pegboard.cribbage.scoring import peg_points_of, show_points, show_points3
from pegboard.cribbage.table import discard_choices, lay_away_choices


class Rules(Position):
    """The rules of cribbage at a table of two, three or four: ``legal_actions`` and
    ``apply``, and what the engine does by itself (the cut, the end of a sequence, the
    show). ``Game`` (``pegboard.cribbage.game``) is the game itself."""

    __slots__ = ()

    def _deal(self) -> None:
        """The deal's cards dealt; ``Game`` shuffles them (C2, C8, C9)."""
        raise NotImplementedError

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the seat to act: every pair of cards to discard (C2) or, among
        three or four, every card to lay away (C8, C9); every card that keeps the count at
        most 31 (C4), or ``go`` when there is none (C5, C10)."""
        legal = self._legal
        if legal is not None:
            return legal
        if self._result is not None:
            legal = ()
        elif self._phase == "discard":
            hand = self._hands[self._current]
            legal = discard_choices(hand) if self._table.two else lay_away_choices(hand)
        elif self._phase == "show":  # with muggins: a claim, or muggins after one (C18, C19)
            legal = CLAIM_OF if self._pending is None else _MUGGINS_CHOICES
        else:
            room = LIMIT - self._count
            plays = self._plays[self._current]
            if room >= 10:  # every card fits
                legal = tuple(plays)
            else:
                fit = [play for play in plays if play.card.value <= room]
                legal = tuple(fit) if fit else (GO,)
        self._legal = legal
        return legal

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act; an illegal one raises and changes nothing.

        ``seat``, when given, is the seat that means to act: acting out of turn is illegal.
        """
        if self._result is not None:
            raise IllegalActionError(N_("the game is over: no more moves"), self._table.end_rule)
        current = self._current
        if seat is not None and seat != current:
            self._out_of_turn(current)
        if type(action) is not Play:
            kind = type(action)
            if kind is Go:
                self._go(current)
            elif kind is self._table.lay_type:
                self._discard(current, action)  # type: ignore[arg-type]  # by its type
            elif kind is Claim:
                self._claim(current, action)  # type: ignore[arg-type]  # by its type
            elif kind is Muggins or kind is NoMuggins:
                self._muggins(current, action)  # type: ignore[arg-type]  # by its type
            else:
                self._not_an_action(action)
            return
        # Playing a card, the most common action, is done here in full: in Python a call
        # costs as much as several of these lines.
        if self._phase != "pegging":
            self._lay_first()
        card = action.card
        # The plays list runs parallel to the hand; searching it compares by identity,
        # where comparing Cards would go through their Python-level ordering methods.
        plays = self._plays[current]
        try:
            at = plays.index(action)
        except ValueError:
            raise IllegalActionError(N_("{card} is not in your hand"), "C4", card=card) from None
        count = self._count + card.value
        if count > LIMIT:
            raise IllegalActionError(
                N_("{card} would make {count}: the count may not pass 31"),
                "C4",
                card=card,
                count=count,
            )
        del plays[at]
        del self._hands[current][at]
        pile = self._pile
        pile.append(card)
        self._count = count
        self._history.append((self._hand_no, current, action))
        self._legal = None
        points = peg_points_of(pile, count)
        if points:
            self._score(current, points, "pegging", tuple(pile))
            if self._result is not None:
                return
        if count == LIMIT:
            self._end_sequence(current)
            return
        # The turn passes to the left (C5, C10): the next seat holding cards that has not
        # said go plays or says go; the player of the card is never asked to say go: left
        # alone, it plays on while it can, and then the sequence ends.
        other = self._left[current]
        while self._gone[other] or not self._hands[other]:
            other = self._left[other]
            if other == current:  # round to the player of the card
                if not self._can_play(current):
                    self._end_sequence(current)
                return
        self._current = other  # to play, or to say go
        if count <= 21:  # every card fits under 31: the legal plays are ready
            self._legal = tuple(self._plays[other])

    def _out_of_turn(self, current: int) -> None:
        table = self._table
        if self._phase == "show":
            if self._pending is None:
                raise IllegalActionError(
                    N_("it is seat {seat}'s turn to claim the points of a hand or crib"),
                    "C18",
                    seat=current,
                )
            raise IllegalActionError(
                N_("it is seat {seat}'s turn to call muggins or let the claim stand"),
                "C19",
                seat=current,
            )
        if self._phase != "discard":
            raise IllegalActionError(
                N_("it is seat {seat}'s turn to peg, not yours"), table.turn_rule, seat=current
            )
        if table.two:
            raise IllegalActionError(
                N_("it is seat {seat}'s turn to discard: the non-dealer lays away first"),
                "C2",
                seat=current,
            )
        raise IllegalActionError(
            N_(
                "it is seat {seat}'s turn to lay a card away: the crib is laid from "
                "the dealer's left round to the dealer"
            ),
            table.deal_rule,
            seat=current,
        )

    def _not_an_action(self, action: object) -> None:
        """An action that is not this table's: two cards laid away among three or four, or
        not a cribbage action at all."""
        two = self._table.two
        if type(action) is Discard:
            raise IllegalActionError(
                N_("among three or four each player lays one card in the crib, not two"),
                self._table.deal_rule,
            )
        if two:
            raise IllegalActionError(
                N_("not a cribbage action: {action!r} (discard two cards, play a card, or go)"),
                "C4",
                action=action,
            )
        raise IllegalActionError(
            N_("not a cribbage action: {action!r} (lay a card away, play a card, or go)"),
            "C10",
            action=action,
        )

    def _lay_first(self) -> None:
        """A card played or a go said before the crib is laid away (C2, C8, C9), or in the
        show with muggins (C18)."""
        if self._phase == "show":
            self._in_show()
        if self._table.two:
            raise IllegalActionError(N_("lay two cards in the crib first"), "C2")
        raise IllegalActionError(N_("lay a card in the crib first"), self._table.deal_rule)

    def _discard(self, seat: int, action: Discard | LayAway) -> None:
        """``seat`` lays ``action``'s cards in the crib: two between two (C2), one among three or
        four (C8, C9); the dealer last, and then the cut."""
        if self._phase != "discard":
            if self._phase == "show":
                self._in_show()
            raise IllegalActionError(
                N_("the crib is already laid away: play a card or go"), self._table.deal_rule
            )
        hand = self._hands[seat]
        cards: tuple[Card, ...] = action.cards
        # Found by identity: comparing Cards with == (list.remove, "in") goes through their
        # Python-level ordering methods, many times slower.
        # A plain loop: a comprehension is a function call of its own (Python 3.11).
        first, second = cards[0], cards[-1]  # the same card when one is laid (C8, C9)
        kept = []
        for card in hand:
            if card is not first and card is not second:
                kept.append(card)
        if len(kept) != len(hand) - len(cards):
            rule = self._table.deal_rule
            missing = [c for c in cards if c not in hand]
            if len(missing) == 1:
                raise IllegalActionError(N_("{card} is not in your hand"), rule, card=missing[0])
            raise IllegalActionError(N_("{cards} are not in your hand"), rule, cards=AllOf(missing))
        self._hands[seat] = kept
        if len(kept) == KEPT:  # always, in a game: _plays_of(kept) without the call
            a, b, c, d = kept
            self._plays[seat] = [
                PLAY_OF[a.index],
                PLAY_OF[b.index],
                PLAY_OF[c.index],
                PLAY_OF[d.index],
            ]
        else:
            self._plays[seat] = _plays_of(kept)
        self._kept[seat] = tuple(kept)
        self._discards[seat] = cards
        self._history.append((self._hand_no, seat, action))
        self._legal = None
        if seat != self._dealer:
            self._current = self._left[seat]
            return
        self._cut()

    def _cut(self) -> None:
        """Turn the starter (C3); a jack is his heels, 2 to the dealer at once."""
        starter = self._stock.pop(0)
        self._starter = starter
        if starter.rank == 11:
            self._score(self._dealer, 2, "his heels", (starter,))
            if self._result is not None:
                return
        self._phase = "pegging"
        self._current = self._left[self._dealer]

    def _go(self, seat: int) -> None:
        if self._phase != "pegging":
            self._lay_first()
        if self._can_play(seat):
            raise IllegalActionError(
                N_("you can play without passing 31 (the count is {count}), so you must"),
                self._table.go_rule,
                count=self._count,
            )
        self._gone[seat] = True
        self._floor[seat] = max(self._floor[seat], LIMIT - self._count)
        self._history.append((self._hand_no, seat, GO))
        self._legal = None
        # A go comes only after a card of this sequence (at count 0 every card fits): the
        # turn passes on to the left, the player of the last card only while it can play
        # on (C5, C10); when no one can, the sequence ends.
        left = self._left
        other = left[seat]
        while self._gone[other] or not self._hands[other]:
            other = left[other]
            if other == seat:  # no one left to ask
                self._end_sequence(self._last_card_player())
                return
        if self._can_play(other):
            self._current = other
            return
        last = self._last_card_player()
        if other == last:  # it cannot play on, and is never asked to say go
            self._end_sequence(last)
        else:
            self._current = other  # to say go in turn

    def _last_card_player(self) -> int:
        """Who played the last card of the current sequence (a go follows it)."""
        _, mover, before = self._history[-2]  # the move before this go: mostly the card
        if before.__class__ is Play:
            return mover
        for _, mover, action in reversed(self._history):
            if action.__class__ is Play:
                return mover
        raise AssertionError("a go with no card played")  # pragma: no cover

    def _can_play(self, seat: int) -> bool:
        room = LIMIT - self._count
        for card in self._hands[seat]:  # noqa: SIM110 - a plain loop beats any() here
            if card.value <= room:
                return True
        return False

    def _end_sequence(self, last: int) -> None:
        """No one can play on: the last card scores 1 unless it made 31 (C5, C10); the next
        seat to its left with cards leads, or the show begins (at once at five-card, C15)."""
        hands = self._hands
        if self._count != LIMIT:
            if hands[last]:
                # Being unable to play on is public: every card held is worth more.
                self._floor[last] = max(self._floor[last], LIMIT - self._count)
                self._score(last, 1, "go", tuple(self._pile))
            else:
                final = not any(hands)
                self._score(last, 1, "last card" if final else "go", tuple(self._pile))
            if self._result is not None:
                return
        if self._table.one_play:  # five-card: one go or 31 ends the play (C15)
            self._show()
            return
        self._count = 0
        self._pile = []
        self._gone = [False] * len(hands)
        seat = self._left[last]  # the next to its left with cards leads
        while not hands[seat]:
            if seat == last:  # round to itself: every card is played
                self._show()
                return
            seat = self._left[seat]
        self._current = seat
        self._legal = tuple(self._plays[seat])  # at count 0 every card fits

    def _in_show(self) -> None:
        """A card or a discard in the show, with muggins: a claim is due (C18, C19)."""
        if self._pending is None:
            raise IllegalActionError(
                N_("this is the show: claim the points of your hand or crib, e.g. 'claim 8'"),
                "C18",
            )
        raise IllegalActionError(
            N_("this is the show: call muggins for points missed ('muggins 2') or 'no muggins'"),
            "C19",
        )

    def _start_claims(self) -> None:
        """With muggins the players count: the hands from the dealer's left, the dealer's
        last, then the crib, each claimed by its owner (C18)."""
        dealer = self._dealer
        rounds = self._table.rounds[dealer]
        items: list[tuple[int, ShowWhat]] = [(seat, "hand") for seat in rounds]
        items.append((dealer, "crib"))
        self._items = items
        self._shown = [None] * (self._table.players + 1)
        self._pending = None
        self._phase = "show"
        self._current = rounds[0]
        self._legal = None

    def _claim(self, seat: int, action: Claim) -> None:
        """``seat`` claims ``action.points`` for its hand or crib (C18): it pegs what it
        claimed, never more than the cards hold (C20); an opponent may then take what it
        missed (C19)."""
        if self._phase != "show" or self._pending is not None:
            raise IllegalActionError(
                N_("no claim is due now: a player claims for a hand or crib at the show"),
                "C18",
            )
        owner, what = self._items.pop(0)
        starter = self._starter
        assert starter is not None
        cards = self._show_cards(owner, what)
        held = self._points_of(cards, what == "crib")
        pegged = min(action.points, held)  # an overclaim is corrected (C20)
        self._shown[owner if what == "hand" else -1] = cards
        self._history.append((self._hand_no, seat, action))
        self._legal = None
        self._score(seat, pegged, what, cards, starter)
        if self._result is not None:
            self._close_show()
            return
        self._pending = (seat, what, cards, pegged, held - pegged)
        self._current = self._left[seat]  # the next to count, an opponent (C19)

    def _muggins(self, seat: int, action: Muggins | NoMuggins) -> None:
        """``seat`` calls muggins for points the claim missed, or lets it stand (C19); a
        call for more than was missed takes only what was missed (C20). Either way the
        window closes and the next count begins."""
        pending = self._pending
        if pending is None:
            raise IllegalActionError(
                N_("muggins may be called only just after an opponent's claim at the show"),
                "C19",
            )
        _, _, cards, _, missed = pending
        self._pending = None
        self._history.append((self._hand_no, seat, action))
        self._legal = None
        if action.__class__ is Muggins:
            taken = min(action.points, missed)
            if taken:
                self._score(seat, taken, "muggins", cards, self._starter)
                if self._result is not None:
                    self._close_show()
                    return
        if self._items:
            self._current = self._items[0][0]
            return
        self._close_show()
        if self._result is None:
            self._dealer = self._table.left[self._dealer]
            self._hand_no += 1
            self._deal()

    def _points_of(self, cards: tuple[Card, ...], crib: bool) -> int:
        """What ``cards`` hold with the starter (C6): four, or a hand of three at five-card
        (C16). The show's one count, with muggins or without."""
        starter = self._starter
        assert starter is not None
        if len(cards) == 4:
            a, b, c, d = cards
            return show_points(a, b, c, d, starter, crib)
        a, b, c = cards
        return show_points3(a, b, c, starter)

    def _close_show(self) -> None:
        """The show's record: the hands and crib claimed for (C18)."""
        starter = self._starter
        assert starter is not None
        shown = self._shown
        self._shows.append((self._hand_no, self._dealer, starter, tuple(shown[:-1]), shown[-1]))

    def _show(self) -> None:
        """Count the hands from the dealer's left (the pone's between two), the dealer's
        last, then the crib (C6, C11, C16); stop at 121 (C7, C12), 61 at five-card (C17)."""
        if self._table.muggins:
            self._start_claims()
            return
        starter = self._starter
        assert starter is not None
        dealer = self._dealer
        table = self._table
        kept = self._kept
        shown: list[tuple[Card, ...] | None] = [None] * table.players
        crib: tuple[Card, ...] | None = None
        for seat in table.rounds[dealer]:  # from the dealer's left, the dealer's last
            shown[seat] = cards = kept[seat]
            self._score(seat, self._points_of(cards, False), "hand", cards, starter)
            if self._result is not None:
                break
        else:
            crib = cards = self._pack  # the crib: _crib() without the call
            for seat in table.rounds[dealer]:
                crib = cards = crib + self._discards[seat]
            self._score(dealer, self._points_of(cards, True), "crib", cards, starter)
        self._shows.append((self._hand_no, dealer, starter, tuple(shown), crib))
        if self._result is not None:
            return
        self._dealer = table.left[dealer]
        self._hand_no += 1
        self._deal()

    def _score(
        self,
        seat: int,
        points: int,
        reason: Reason,
        cards: tuple[Card, ...],
        starter: Card | None = None,
    ) -> None:
        """Peg ``points`` for ``seat``'s score (its side's among four, C9) and log it;
        reaching 121 (61 at five-card) wins at once (C7, C12, C17)."""
        side = self._sides[seat]
        scores = self._scores
        total = scores[side] + points
        scores[side] = total
        self._log.append((self._hand_no, seat, points, reason, cards, starter, total))
        table = self._table
        if total >= table.target:
            self._result = GameResult(side, tuple(scores), table.players, table.target)
            self._legal = ()


_MUGGINS_CHOICES: tuple[Action, ...] = (NO_MUGGINS, *MUGGINS_OF[1:])
"""After a claim: let it stand, or take 1 to 29 points missed (C19)."""
