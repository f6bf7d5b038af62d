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
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from pegboard.core import IllegalActionError, RecordError, check_record, new_record
from pegboard.cribbage.actions import GO, Action, Discard, Go, Play, parse_action
from pegboard.cribbage.cards import DECK, Card
from pegboard.cribbage.events import (
    TARGET,
    CutForDeal,
    GameResult,
    HandShow,
    Reason,
    ScoreEvent,
)
from pegboard.cribbage.observation import CribbageObservation, Phase, PublicMove
from pegboard.cribbage.scoring import peg_points, score_hand

HAND_SIZE: Final = 6
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


def cut_for_deal(rng: random.Random) -> tuple[int, tuple[CutForDeal, ...]]:
    """The cut for the first deal (C2): each seat cuts a card from a shuffled deck.

    The lower card deals (ace low; suits do not rank), and equal ranks cut again from a
    fresh shuffle. Returns the dealer and every cut made.
    """
    cuts: list[CutForDeal] = []
    while True:
        first, second = rng.sample(DECK, 2)
        cut = CutForDeal((first, second))
        cuts.append(cut)
        if cut.dealer is not None:
            return cut.dealer, tuple(cuts)


def _as_card(card: Card | str) -> Card:
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    raise ValueError(f"not a card: {card!r}")


def _as_cards(cards: Iterable[Card | str] | str) -> list[Card]:
    if isinstance(cards, str):
        return [Card.parse(word) for word in cards.replace(",", " ").split()]
    return [_as_card(c) for c in cards]


class Game:
    """A game of cribbage between seats 0 and 1, from the first deal to 121 (C1-C7).

    Build it with ``Game.new(seed)`` (the first dealer chosen by a cut unless given) or
    ``Game.from_position(...)`` (any hand, for tests and analysis); then alternate
    ``legal_actions()`` and ``apply(action)`` until ``is_over``; ``result`` holds the winner.
    """

    __slots__ = (
        "_count",
        "_current",
        "_cuts",
        "_dealer",
        "_discards",
        "_first_dealer",
        "_floor",
        "_gone",
        "_hand_no",
        "_hand_seed",
        "_hands",
        "_history",
        "_kept",
        "_legal",
        "_log",
        "_origin",
        "_phase",
        "_pile",
        "_played",
        "_result",
        "_rng",
        "_scores",
        "_shows",
        "_starter",
        "_stock",
    )

    _rng: random.Random
    _origin: dict[str, Any]
    _cuts: tuple[CutForDeal, ...]
    _first_dealer: int
    _dealer: int
    _hand_no: int
    _hand_seed: int | None
    _phase: Phase
    _hands: list[list[Card]]
    _kept: list[tuple[Card, ...]]
    _discards: list[tuple[Card, ...]]
    _stock: list[Card]
    _starter: Card | None
    _count: int
    _pile: list[Card]
    _played: list[tuple[int, Card]]
    _gone: list[bool]
    _floor: list[int]
    _current: int
    _scores: list[int]
    _log: list[ScoreEvent]
    _shows: list[HandShow]
    _history: list[Move]
    _legal: tuple[Action, ...] | None
    _result: GameResult | None

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
        self._hand_seed = None
        self._scores = list(scores)
        self._log = []
        self._shows = []
        self._history = []
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
        _check_seat(dealer, "dealer")
        if len(hands) != 2:
            raise ValueError(f"cribbage here is for two players, not {len(hands)} hands (C2)")
        held = [_as_cards(hand) for hand in hands]
        score_list = list(scores)
        if len(score_list) != 2 or any(
            not isinstance(s, int) or not 0 <= s < TARGET for s in score_list
        ):
            raise ValueError(f"scores are two whole numbers from 0 to 120, not {scores!r}")
        sizes = {len(h) for h in held}
        if sizes == {HAND_SIZE}:
            if crib is not None:
                raise ValueError("before the discard the crib is empty (C2)")
            crib_cards: list[Card] = []
        elif sizes == {KEPT}:
            if crib is None or starter is None:
                raise ValueError("a hand at the pegging needs its crib and its starter (C3)")
            crib_cards = _as_cards(crib)
            if len(crib_cards) != KEPT:
                raise ValueError(f"the crib holds four cards, not {len(crib_cards)} (C2)")
        else:
            raise ValueError("give both hands six cards (to discard) or four (to peg) (C2)")
        top = None if starter is None else _as_card(starter)
        used = [c for hand in held for c in hand] + crib_cards + ([top] if top else [])
        if len(set(used)) != len(used):
            twice = sorted({str(c) for c in used if used.count(c) > 1})
            raise ValueError(f"cards appear twice in the position: {', '.join(twice)} (C1)")
        given_stock = None if stock is None else _as_cards(stock)
        if given_stock is None:
            rest = [c for c in DECK if c not in set(used)]
        else:
            rest = list(given_stock)
            if len(rest) + len(used) != len(DECK) or set(rest) | set(used) != set(DECK):
                raise ValueError("the stock must hold every other card of the deck, once (C1)")
        if sizes == {HAND_SIZE} and top is not None:
            rest.insert(0, top)  # the cut turns it up
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        if not isinstance(hand_number, int) or hand_number < 1:
            raise ValueError(f"hands are numbered from 1, not {hand_number!r}")
        origin = {
            "position": {
                "hands": [[str(c) for c in hand] for hand in held],
                "dealer": dealer,
                "scores": score_list,
                "crib": None if crib is None else [str(c) for c in crib_cards],
                "starter": None if top is None else str(top),
                "stock": None if given_stock is None else [str(c) for c in given_stock],
                "seed": seed,
                "hand_number": hand_number,
            }
        }
        game = cls._blank(random.Random(seed), origin, dealer, score_list, (), hand_number)
        pone = 1 - dealer
        game._start_hand(held, rest)
        if sizes == {KEPT}:
            game._discards = [tuple(crib_cards[:2]), tuple(crib_cards[2:])]
            if pone == 1:
                game._discards.reverse()
            game._kept = [tuple(h) for h in held]
            game._starter = top
            game._phase = "pegging"
            game._current = pone
        return game

    def _deal(self) -> None:
        """Shuffle the 52 cards and deal six each, one at a time, the pone first (C2)."""
        self._hand_seed = self._rng.getrandbits(63)
        deck = list(DECK)
        random.Random(self._hand_seed).shuffle(deck)
        pone = 1 - self._dealer
        hands: list[list[Card]] = [[], []]
        hands[pone] = deck[0 : 2 * HAND_SIZE : 2]
        hands[self._dealer] = deck[1 : 2 * HAND_SIZE : 2]
        self._start_hand(hands, deck[2 * HAND_SIZE :])

    def _start_hand(self, hands: list[list[Card]], stock: list[Card]) -> None:
        self._phase = "discard"
        self._hands = [list(hands[0]), list(hands[1])]
        self._kept = [(), ()]
        self._discards = [(), ()]
        self._stock = list(stock)
        self._starter = None
        self._count = 0
        self._pile = []
        self._played = []
        self._gone = [False, False]
        self._floor = [0, 0]
        self._current = 1 - self._dealer
        self._legal = None

    def copy(self) -> Game:
        """An independent copy of this position (the future shuffles included)."""
        other = object.__new__(Game)
        for name in Game.__slots__:
            setattr(other, name, getattr(self, name))
        other._rng = random.Random()
        other._rng.setstate(self._rng.getstate())
        other._hands = [list(h) for h in self._hands]
        other._kept = list(self._kept)
        other._discards = list(self._discards)
        other._stock = list(self._stock)
        other._pile = list(self._pile)
        other._played = list(self._played)
        other._gone = list(self._gone)
        other._floor = list(self._floor)
        other._scores = list(self._scores)
        other._log = list(self._log)
        other._shows = list(self._shows)
        other._history = list(self._history)
        return other

    # -- state ---------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return 2

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

    def returns(self) -> tuple[int, int]:
        """Game points per seat: +1/+2/+3 to the winner (win, skunk, double skunk), the
        opposite to the loser; zeros while the game goes on."""
        if self._result is None:
            return (0, 0)
        points = self._result.game_points
        return (points, -points) if self._result.winner == 0 else (-points, points)

    @property
    def phase(self) -> Phase:
        return "over" if self._result is not None else self._phase

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def pone(self) -> int:
        """The non-dealer, who discards first, leads the pegging and counts first."""
        return 1 - self._dealer

    @property
    def first_dealer(self) -> int:
        return self._first_dealer

    @property
    def cuts(self) -> tuple[CutForDeal, ...]:
        """The cuts for the first deal (C2); empty when the dealer was given."""
        return self._cuts

    @property
    def hand_number(self) -> int:
        return self._hand_no

    @property
    def scores(self) -> tuple[int, int]:
        return (self._scores[0], self._scores[1])

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The cards each seat holds (omniscient: never show this to a seat)."""
        return (tuple(self._hands[0]), tuple(self._hands[1]))

    @property
    def kept(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The four cards each seat kept for the show (omniscient; empty before discarding)."""
        return (self._kept[0], self._kept[1])

    @property
    def crib(self) -> tuple[Card, ...]:
        """The crib so far, the pone's cards first (omniscient until the show)."""
        pone = 1 - self._dealer
        return self._discards[pone] + self._discards[self._dealer]

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
    def played(self) -> tuple[tuple[int, Card], ...]:
        """Every card played this hand, with its seat, in order."""
        return tuple(self._played)

    @property
    def log(self) -> tuple[ScoreEvent, ...]:
        """Every score of the game, in order (public)."""
        return tuple(self._log)

    @property
    def shows(self) -> tuple[HandShow, ...]:
        """What each finished hand's show revealed (public)."""
        return tuple(self._shows)

    @property
    def history(self) -> tuple[Move, ...]:
        """Every action of the game, in order (omniscient: discards show their cards)."""
        return tuple(self._history)

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
            hand = sorted(self._hands[self._current], key=lambda c: c.index)
            legal = tuple(Discard(a, b) for i, a in enumerate(hand) for b in hand[i + 1 :])
        else:
            room = LIMIT - self._count
            plays = tuple(Play(c) for c in self._hands[self._current] if c.value <= room)
            legal = plays or (GO,)
        self._legal = legal
        return legal

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act; an illegal one raises and changes nothing.

        ``seat``, when given, is the seat that means to act: acting out of turn is illegal.
        """
        if self._result is not None:
            raise IllegalActionError("the game is over: no more moves", "C7")
        current = self._current
        if seat is not None and seat != current:
            if self._phase == "discard":
                raise IllegalActionError(
                    f"it is seat {current}'s turn to discard: the non-dealer lays away first",
                    "C2",
                )
            raise IllegalActionError(f"it is seat {current}'s turn to peg, not yours", "C4")
        cls = action.__class__
        if cls is Discard:
            self._discard(current, action)  # type: ignore[arg-type]
        elif cls is Play:
            self._play(current, action.card)  # type: ignore[union-attr]
        elif cls is Go:
            self._go(current)
        else:
            raise IllegalActionError(
                f"not a cribbage action: {action!r} (discard two cards, play a card, or go)",
                "C4",
            )

    def parse_action(self, text: str) -> Action:
        """Read an action's notation: ``discard 5H JS``, ``play 5H`` (or ``5H``), ``go``."""
        return parse_action(text)

    def _discard(self, seat: int, action: Discard) -> None:
        if self._phase != "discard":
            raise IllegalActionError("the crib is already laid away: play a card or go", "C2")
        hand = self._hands[seat]
        missing = [str(c) for c in action.cards if c not in hand]
        if missing:
            verb = "is" if len(missing) == 1 else "are"
            raise IllegalActionError(f"{' and '.join(missing)} {verb} not in your hand", "C2")
        self._hands[seat] = [c for c in hand if c not in action.cards]
        self._kept[seat] = tuple(self._hands[seat])
        self._discards[seat] = action.cards
        self._history.append(Move(self._hand_no, seat, action))
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

    def _play(self, seat: int, card: Card) -> None:
        if self._phase != "pegging":
            raise IllegalActionError("lay two cards in the crib first", "C2")
        hand = self._hands[seat]
        if card not in hand:
            raise IllegalActionError(f"{card} is not in your hand", "C4")
        if self._count + card.value > LIMIT:
            raise IllegalActionError(
                f"{card} would make {self._count + card.value}: the count may not pass 31",
                "C4",
            )
        hand.remove(card)
        self._pile.append(card)
        self._count += card.value
        self._played.append((seat, card))
        self._history.append(Move(self._hand_no, seat, Play(card)))
        self._legal = None
        points = peg_points(self._pile)
        if points:
            self._score(seat, points, "pegging", tuple(self._pile))
            if self._result is not None:
                return
        if self._count == LIMIT:
            self._end_sequence(seat)
            return
        other = 1 - seat
        if not self._gone[other] and self._hands[other]:
            self._current = other  # to play, or to say go
        elif self._can_play(seat):
            self._current = seat
        else:
            self._end_sequence(seat)

    def _go(self, seat: int) -> None:
        if self._phase != "pegging":
            raise IllegalActionError("lay two cards in the crib first", "C2")
        if self._can_play(seat):
            raise IllegalActionError(
                f"you can play without passing 31 (the count is {self._count}), so you must",
                "C5",
            )
        self._gone[seat] = True
        self._floor[seat] = max(self._floor[seat], LIMIT - self._count)
        self._history.append(Move(self._hand_no, seat, GO))
        self._legal = None
        other = 1 - seat
        # A go comes only just after the other seat played (at count 0 any card fits).
        if self._can_play(other):
            self._current = other
        else:
            self._end_sequence(other)

    def _can_play(self, seat: int) -> bool:
        room = LIMIT - self._count
        return any(c.value <= room for c in self._hands[seat])

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
        elif self._hands[last]:
            self._current = last
        else:
            self._show()

    def _show(self) -> None:
        """Count the pone's hand, the dealer's hand, then the crib (C6); stop at 121."""
        starter = self._starter
        assert starter is not None
        dealer, pone = self._dealer, 1 - self._dealer
        shown: list[tuple[Card, ...] | None] = [None, None]
        crib: tuple[Card, ...] | None = None
        for seat, cards, is_crib in (
            (pone, self._kept[pone], False),
            (dealer, self._kept[dealer], False),
            (dealer, self._discards[pone] + self._discards[dealer], True),
        ):
            if is_crib:
                crib = cards
            else:
                shown[seat] = cards
            points = score_hand(cards, starter, is_crib)
            self._score(seat, points, "crib" if is_crib else "hand", cards, starter)
            if self._result is not None:
                break
        self._shows.append(HandShow(self._hand_no, dealer, starter, (shown[0], shown[1]), crib))
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
        self._scores[seat] += points
        self._log.append(
            ScoreEvent(
                self._hand_no,
                seat,
                points,
                reason,
                cards,
                starter,
                self._scores[seat],
            )
        )
        if self._scores[seat] >= TARGET:
            self._result = GameResult(seat, (self._scores[0], self._scores[1]))
            self._legal = ()

    # -- hidden information --------------------------------------------------------------

    def observation(self, seat: int) -> CribbageObservation:
        """What ``seat`` may know: its own cards and discards, and everything public."""
        _check_seat(seat, "seat")
        other = 1 - seat
        history = tuple(
            PublicMove(
                m.hand,
                m.seat,
                "discard" if m.seat != seat and isinstance(m.action, Discard) else str(m.action),
            )
            for m in self._history
        )
        current = self.current_player
        return CribbageObservation(
            seat=seat,
            current_player=current,
            phase=self.phase,
            hand_number=self._hand_no,
            dealer=self._dealer,
            scores=self.scores,
            hand=tuple(self._hands[seat]),
            kept=self._kept[seat],
            discards=self._discards[seat],
            hand_sizes=(len(self._hands[0]), len(self._hands[1])),
            discarded=(bool(self._discards[0]), bool(self._discards[1])),
            crib_size=len(self._discards[seat]) + len(self._discards[other]),
            starter=self._starter,
            count=self._count,
            pile=tuple(self._pile),
            played=tuple(self._played),
            said_go=(self._gone[0], self._gone[1]),
            held_above=(self._floor[0], self._floor[1]),
            log=tuple(self._log),
            shows=tuple(self._shows),
            history=history,
            legal=self.legal_actions() if seat == current else (),
            result=self._result,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> Game:
        """A position ``seat`` cannot tell from this one, for search by bots.

        The cards ``seat`` has not seen (the other hand, the other seat's discards, the
        undealt stock with the starter still in it) are dealt again at random, keeping
        every size and every public fact: the cards the other seat played are its own, and
        after a go it holds only cards worth more than the room that was left (C5). Later
        hands are shuffled from ``rng``.
        """
        _check_seat(seat, "seat")
        game = self.copy()
        game._rng = random.Random(rng.getrandbits(63))
        game._origin = {"sampled": True}
        if self._result is not None:
            return game
        other = 1 - seat
        held = self._hands[other]
        discards = self._discards[other]
        pool = [*held, *discards, *self._stock]
        floor = self._floor[other]
        eligible = [c for c in pool if c.value > floor]
        # The true hand is always eligible, so there are enough cards to choose from.
        new_held = rng.sample(eligible, len(held))
        rest = [c for c in pool if c not in new_held]
        rng.shuffle(rest)
        new_discards = tuple(sorted(rest[: len(discards)], key=lambda c: c.index))
        game._hands[other] = new_held
        game._discards[other] = new_discards
        game._stock = rest[len(discards) :]
        if self._phase == "pegging" or self._kept[other]:
            played = [c for s, c in self._played if s == other]
            game._kept[other] = tuple(played + new_held)
        game._legal = None
        return game

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record: how the game started, and every action since."""
        if "sampled" in self._origin:
            raise RecordError("a sampled position has no record: it never happened")
        record = new_record("cribbage", "game")
        record.update(self._origin)
        record["first_dealer"] = self._first_dealer
        record["cuts"] = [[str(c) for c in cut.cards] for cut in self._cuts]
        record["actions"] = [str(m.action) for m in self._history]
        record["hands_played"] = self._hand_no
        record["scores"] = list(self._scores)
        record["result"] = None if self._result is None else self._result.to_dict()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Game:
        """Replay a game record exactly; raise ``RecordError`` if anything differs."""
        check_record(record, game="cribbage", kind="game")
        try:
            if "new" in record:
                start = record["new"]
                game = cls.new(seed=start["seed"], dealer=start["dealer"])
            elif "position" in record:
                pos = record["position"]
                game = cls.from_position(
                    pos["hands"],
                    dealer=pos["dealer"],
                    scores=pos["scores"],
                    crib=pos["crib"],
                    starter=pos["starter"],
                    stock=pos["stock"],
                    seed=pos["seed"],
                    hand_number=pos["hand_number"],
                )
            else:
                raise RecordError("a game record needs a 'new' or a 'position'")
            game.replay(record["actions"])
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as error:
            raise RecordError(f"the game record does not replay: {error}") from error
        replayed = game.to_record()
        for key in ("first_dealer", "cuts", "hands_played", "scores", "result"):
            if key in record and record[key] != replayed[key]:
                raise RecordError(f"the replayed {key} differ from the record")
        return game

    def replay(self, actions: Iterable[str]) -> None:
        """Apply actions given in notation, in order; raise ``RecordError`` at a bad one."""
        if isinstance(actions, str):
            raise RecordError("the actions of a record are a list of moves")
        for number, text in enumerate(actions, 1):
            if self._result is not None:
                raise RecordError(f"action {number} ({text!r}) comes after the game ended")
            try:
                self.apply(parse_action(text))
            except ValueError as error:
                raise RecordError(
                    f"action {number} ({text!r}) cannot be played: {error}"
                ) from error

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._phase}, seat {self._current} to act"
        return f"<cribbage Game hand {self._hand_no}, scores {self.scores}, {state}>"


def _check_seat(seat: object, what: str, allow_none: bool = False) -> None:
    if seat is None and allow_none:
        return
    if not isinstance(seat, int) or isinstance(seat, bool) or seat not in (0, 1):
        raise ValueError(f"the {what} is seat 0 or 1, not {seat!r}")
