"""A game of two-player cribbage (C1-C7), hand after hand until a player pegs 121.

The game is the omniscient position: it knows both hands, the crib and the order of the
deck. Seats, bots and clients see it only through ``observation(seat)``.

How a hand goes, and what the engine does by itself (the "chance" steps and the counting
need no decision, so they are not actions):

1. **Deal** (C2): a fresh shuffle from the game's seed; six cards each, dealt one at a
   time starting with the non-dealer ("pone").
2. **Discard** (C2): the pone, then the dealer, lays two cards in the crib
   (``discard 5H JS``). The choices are simultaneous in spirit: neither seat's observation
   shows the other's discard.
3. **Starter** (C3): cut by the engine as soon as both have discarded: the starter is the
   top card of the undealt stock (the stock is kept in the order of the cut). A jack
   scores 2 to the dealer at once ("his heels"), which can win the game.
4. **Pegging** (C4, C5): the pone leads; ``play 5H`` or, only when no card fits under 31,
   ``go``. A player with no cards left is passed over without a word; when neither player
   can go on, the sequence ends by itself and the last card scores 1 ("go"), or nothing
   more after 31 (which already scored 2). The player after the one who played the last
   card leads the next sequence.
5. **Show** (C6): when every card is played, the pone's hand, the dealer's hand and the
   crib are counted, in that order, each with the starter. Then the deal passes and the
   next hand is dealt.

Every score is logged as a public :class:`ScoreEvent`, and the game ends the moment a
score reaches 121 (C7), even in the middle of the pegging or the show.

The modules: ``game.py`` (this one: how a game starts, the rules that change it, its
records), ``start.py`` (a given position read and checked, C1-C3), ``records.py`` (a
game's record written and replayed), ``position.py`` (the
fields, what they show, observations and sampling) and ``deal.py`` (the shuffles, the cut,
dealing unseen cards again).

Speed (bots and searches play many random games; ``benchmarks/bench_cribbage_game.py``):
the deal repeats ``random.Random(seed).shuffle`` without its Python-level calls; actions
come from precomputed tables of the interned values; the log, the history and the shows
are kept as plain tuples and turned into their classes when first asked for; cards are
found by identity (``==`` on a Card goes through its Python ordering methods); and the
legal plays are kept ready when every card fits. The tests compare each shortcut with its
plain definition.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from pegboard.core import (
    N_,
    AllOf,
    IllegalActionError,
    replay_actions,
)
from pegboard.cribbage.actions import (
    DISCARD_OF,
    GO,
    PLAY_OF,
    Action,
    Discard,
    Go,
    Play,
    parse_action,
)
from pegboard.cribbage.cards import Card
from pegboard.cribbage.deal import (
    _shuffled,
    cut_for_deal,
)
from pegboard.cribbage.events import TARGET, CutForDeal, GameResult, HandShow, Reason, ScoreEvent
from pegboard.cribbage.position import (
    HAND_SIZE,
    KEPT,
    LIMIT,
    Move,
    Position,
    _check_seat,
    _plays_of,
)
from pegboard.cribbage.records import game_record, replayed_game
from pegboard.cribbage.scoring import peg_points_of, show_points
from pegboard.cribbage.start import read_position


def _discard_choices(hand: list[Card]) -> tuple[Action, ...]:
    """Every pair of ``hand`` (C2), in deck order: the cards sorted by index, then pairs
    ``(i, j)`` with ``i < j`` in lexicographic order."""
    row = DISCARD_OF
    pairs: tuple[Discard | None, ...]
    if len(hand) == HAND_SIZE:  # always, in a game; unrolled as it is the common case
        c1, c2, c3, c4, c5, c6 = hand
        a, b, c, d, e, f = sorted((c1.index, c2.index, c3.index, c4.index, c5.index, c6.index))
        ra, rb, rc, rd, re = row[a], row[b], row[c], row[d], row[e]
        pairs = (
            ra[b], ra[c], ra[d], ra[e], ra[f],
            rb[c], rb[d], rb[e], rb[f],
            rc[d], rc[e], rc[f],
            rd[e], rd[f],
            re[f],
        )  # fmt: skip
    else:
        ordered = sorted([card.index for card in hand])
        pairs = tuple([row[x][y] for i, x in enumerate(ordered) for y in ordered[i + 1 :]])
    return pairs  # type: ignore[return-value]  # distinct cards: never None


class Game(Position):
    """A game of cribbage between seats 0 and 1, from the first deal to 121 (C1-C7).

    Build it with ``Game.new(seed)`` (the first dealer chosen by a cut unless given) or
    ``Game.from_position(...)`` (any hand, for tests and analysis); then alternate
    ``legal_actions()`` and ``apply(action)`` until ``is_over``; ``result`` holds the winner.

    Its fields, what they show, ``observation`` and ``sample_hidden`` are ``Position``'s
    (``pegboard.cribbage.position``); the shuffles and cuts are ``pegboard.cribbage.deal``'s.
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("use Game.new(...) or Game.from_position(...)")

    # -- construction ------------------------------------------------------------------

    @classmethod
    def _blank(
        cls,
        rng: random.Random,
        origin: dict[str, Any],
        dealer: int,
        scores: Sequence[int] = (0, 0),
        cuts: tuple[CutForDeal, ...] = (),
        hand_number: int = 1,
    ) -> Game:
        self = object.__new__(cls)
        self._rng = rng
        self._origin = origin
        self._cuts = cuts
        self._first_dealer = dealer
        self._dealer = dealer
        self._hand_no = hand_number
        self._scores = list(scores)
        self._log = []
        self._events = []
        self._shows = []
        self._show_list = []
        self._history = []
        self._moves = []
        self._seen = ([], [])
        self._result = None
        return self

    @classmethod
    def new(cls, seed: int | None = None, dealer: int | None = None) -> Game:
        """A new game, every shuffle drawn from ``seed`` (a fresh one, recorded, if None).

        With ``dealer`` None the first dealer is chosen by a cut (C2); ``cuts`` keeps every
        cut made. The deal then alternates every hand.
        """
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        _check_seat(dealer, "dealer", allow_none=True)
        rng = random.Random(seed)
        cuts: tuple[CutForDeal, ...] = ()
        if dealer is None:
            first, cuts = cut_for_deal(rng)
        else:
            first = dealer
        game = cls._blank(rng, {"new": {"seed": seed, "dealer": dealer}}, first, cuts=cuts)
        game._deal()
        return game

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        *,
        dealer: int = 0,
        scores: Sequence[int] = (0, 0),
        crib: Iterable[Card | str] | str | None = None,
        starter: Card | str | None = None,
        stock: Iterable[Card | str] | str | None = None,
        seed: int = 0,
        hand_number: int = 1,
    ) -> Game:
        """Any hand of a game, for tests and analysis.

        ``hands`` are the two seats' cards: six each starts the hand at the discard (the
        ``starter``, if given, is the card the cut will turn up); four each starts the
        pegging, and then ``crib`` (four cards: the pone's two, then the dealer's two) and
        the ``starter`` are required (his heels, if any, is taken as already pegged into
        ``scores``). ``stock`` is the undealt deck, top first: every card not in the hands,
        crib or starter (by default in deck order, the starter on top). ``seed`` shuffles
        the hands dealt after this one.
        """
        given = read_position(hands, dealer, scores, crib, starter, stock, seed, hand_number)
        game = cls._blank(random.Random(seed), given.origin, dealer, given.scores, (), hand_number)
        pone = 1 - dealer
        held, crib_cards = given.hands, given.crib
        game._start_hand(held, given.stock)
        if given.pegging:
            game._discards = [tuple(crib_cards[:2]), tuple(crib_cards[2:])]
            if pone == 1:
                game._discards.reverse()
            game._kept = [tuple(h) for h in held]
            game._plays = [_plays_of(h) for h in held]
            game._starter = given.starter
            game._phase = "pegging"
            game._current = pone
        return game

    def _deal(self) -> None:
        """Shuffle the 52 cards and deal six each, one at a time, the pone first (C2)."""
        seed = self._rng.getrandbits(63)
        deck = _shuffled(seed)
        pone = 1 - self._dealer
        hands: list[list[Card]] = [[], []]
        hands[pone] = deck[0 : 2 * HAND_SIZE : 2]
        hands[self._dealer] = deck[1 : 2 * HAND_SIZE : 2]
        self._start_hand(hands, deck[2 * HAND_SIZE :])

    def _start_hand(self, hands: list[list[Card]], stock: list[Card]) -> None:
        """Begin a hand with these fresh lists (the game owns them from now on)."""
        self._phase = "discard"
        self._hands = hands
        self._plays = [[], []]
        self._kept = [(), ()]
        self._discards = [(), ()]
        self._stock = stock
        self._starter = None
        self._count = 0
        self._pile = []
        self._hand_start = len(self._history)
        self._gone = [False, False]
        self._floor = [0, 0]
        self._current = 1 - self._dealer
        self._legal = None

    def _adopt_record(
        self, log: Sequence[ScoreEvent], shows: Sequence[HandShow], moves: Sequence[Move]
    ) -> None:
        """Take ``log``, ``shows`` and ``moves`` as this game's public record, for
        ``determinize``: a position rebuilt with ``from_position`` starts its record afresh,
        while the seat it stands in for had seen the earlier hands too. The moves of this
        hand must be the ones that led here; the rest is record only, out of the play."""
        self._log = [(e.hand, e.seat, e.points, e.reason, e.cards, e.starter, e.total) for e in log]
        self._events = []
        self._shows = [(s.hand, s.dealer, s.starter, s.hands, s.crib) for s in shows]
        self._show_list = []
        self._history = [(m.hand, m.seat, m.action) for m in moves]
        self._moves = []
        self._seen = ([], [])
        here = [i for i, m in enumerate(moves) if m.hand == self._hand_no]
        self._hand_start = here[0] if here else len(moves)

    # -- rules ---------------------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions of the seat to act: every pair of cards to discard (C2), or every
        card that keeps the count at most 31 (C4), or ``go`` when there is none (C5)."""
        legal = self._legal
        if legal is not None:
            return legal
        if self._result is not None:
            legal = ()
        elif self._phase == "discard":
            legal = _discard_choices(self._hands[self._current])
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
            raise IllegalActionError(N_("the game is over: no more moves"), "C7")
        current = self._current
        if seat is not None and seat != current:
            if self._phase == "discard":
                raise IllegalActionError(
                    N_("it is seat {seat}'s turn to discard: the non-dealer lays away first"),
                    "C2",
                    seat=current,
                )
            raise IllegalActionError(
                N_("it is seat {seat}'s turn to peg, not yours"), "C4", seat=current
            )
        if type(action) is not Play:
            if type(action) is Discard:
                self._discard(current, action)
            elif type(action) is Go:
                self._go(current)
            else:
                raise IllegalActionError(
                    N_("not a cribbage action: {action!r} (discard two cards, play a card, or go)"),
                    "C4",
                    action=action,
                )
            return
        # Playing a card, the most common action, is done here in full: in Python a call
        # costs as much as several of these lines.
        if self._phase != "pegging":
            raise IllegalActionError(N_("lay two cards in the crib first"), "C2")
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
        other = 1 - current
        if not self._gone[other] and self._hands[other]:
            self._current = other  # to play, or to say go
            if count <= 21:  # every card fits under 31: the legal plays are ready
                self._legal = tuple(self._plays[other])
        elif self._can_play(current):
            pass  # the same seat plays on
        else:
            self._end_sequence(current)

    def parse_action(self, text: str) -> Action:
        """Read an action's notation: ``discard 5H JS``, ``play 5H`` (or ``5H``), ``go``."""
        return parse_action(text)

    def _discard(self, seat: int, action: Discard) -> None:
        if self._phase != "discard":
            raise IllegalActionError(N_("the crib is already laid away: play a card or go"), "C2")
        hand = self._hands[seat]
        first, second = action.cards
        # Found by identity: comparing Cards with == (list.remove, "in") goes through their
        # Python-level ordering methods, many times slower.
        kept = []
        for card in hand:
            if card is not first and card is not second:
                kept.append(card)
        if len(kept) != len(hand) - 2:
            missing = [c for c in action.cards if c not in hand]
            if len(missing) == 1:
                raise IllegalActionError(N_("{card} is not in your hand"), "C2", card=missing[0])
            raise IllegalActionError(N_("{cards} are not in your hand"), "C2", cards=AllOf(missing))
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
        self._discards[seat] = action.cards
        self._history.append((self._hand_no, seat, action))
        self._legal = None
        if seat != self._dealer:
            self._current = self._dealer
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
        self._current = 1 - self._dealer

    def _go(self, seat: int) -> None:
        if self._phase != "pegging":
            raise IllegalActionError(N_("lay two cards in the crib first"), "C2")
        if self._can_play(seat):
            raise IllegalActionError(
                N_("you can play without passing 31 (the count is {count}), so you must"),
                "C5",
                count=self._count,
            )
        self._gone[seat] = True
        self._floor[seat] = max(self._floor[seat], LIMIT - self._count)
        self._history.append((self._hand_no, seat, GO))
        self._legal = None
        other = 1 - seat
        # A go comes only just after the other seat played (at count 0 any card fits).
        if self._can_play(other):
            self._current = other
        else:
            self._end_sequence(other)

    def _can_play(self, seat: int) -> bool:
        room = LIMIT - self._count
        for card in self._hands[seat]:  # noqa: SIM110 - a plain loop beats any() here
            if card.value <= room:
                return True
        return False

    def _end_sequence(self, last: int) -> None:
        """Neither seat can go on: the last card scores 1 unless it made 31 (C5)."""
        if self._count != LIMIT:
            if self._hands[last]:
                # Being unable to play on is public: every card held is worth more.
                self._floor[last] = max(self._floor[last], LIMIT - self._count)
            final = not self._hands[0] and not self._hands[1]
            if final:
                self._score(last, 1, "last card", tuple(self._pile))
            else:
                self._score(last, 1, "go", tuple(self._pile))
            if self._result is not None:
                return
        self._count = 0
        self._pile = []
        self._gone = [False, False]
        other = 1 - last
        if self._hands[other]:
            self._current = other
            self._legal = tuple(self._plays[other])  # at count 0 every card fits
        elif self._hands[last]:
            self._current = last
            self._legal = tuple(self._plays[last])
        else:
            self._show()

    def _show(self) -> None:
        """Count the pone's hand, the dealer's hand, then the crib (C6); stop at 121."""
        starter = self._starter
        assert starter is not None
        dealer = self._dealer
        pone = 1 - dealer
        kept = self._kept
        shown: list[tuple[Card, ...] | None] = [None, None]
        crib: tuple[Card, ...] | None = None
        shown[pone] = cards = kept[pone]
        a, b, c, d = cards
        self._score(pone, show_points(a, b, c, d, starter, False), "hand", cards, starter)
        if self._result is None:
            shown[dealer] = cards = kept[dealer]
            a, b, c, d = cards
            self._score(dealer, show_points(a, b, c, d, starter, False), "hand", cards, starter)
            if self._result is None:
                crib = cards = self._discards[pone] + self._discards[dealer]
                a, b, c, d = cards
                self._score(dealer, show_points(a, b, c, d, starter, True), "crib", cards, starter)
        self._shows.append((self._hand_no, dealer, starter, (shown[0], shown[1]), crib))
        if self._result is not None:
            return
        self._dealer = pone
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
        """Peg ``points`` for ``seat`` and log it; reaching 121 wins at once (C7)."""
        scores = self._scores
        total = scores[seat] + points
        scores[seat] = total
        self._log.append((self._hand_no, seat, points, reason, cards, starter, total))
        if total >= TARGET:
            self._result = GameResult(seat, (self._scores[0], self._scores[1]))
            self._legal = ()

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record: how the game started, and every action since
        (``pegboard.cribbage.records``)."""
        return game_record(self)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay a game record exactly; raise ``RecordError`` if anything differs."""
        return replayed_game(cls, record)

    def replay(self, actions: Iterable[str]) -> None:
        """Apply actions given in notation, in order; raise ``RecordError`` at a bad one."""
        replay_actions(self, actions, parse_action)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._phase}, seat {self._current} to act"
        return f"<cribbage Game hand {self._hand_no}, scores {self.scores}, {state}>"
