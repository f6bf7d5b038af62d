"""A game of cribbage, hand after hand until a player (or a side) pegs 121: between two
(C1-C7), among three (C8) or four in two partnerships (C9-C12).

The game is the omniscient position: it knows every hand, the crib and the order of the
deck. Seats, bots and clients see it only through ``observation(seat)``.

Between two, how a hand goes:

(what the engine does by itself, the "chance" steps and the counting, needs no decision,
so it is not an action):

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

Among three or four (``Game.new(seed, players=3)``) the same game is played round the
table: five cards each, dealt from the dealer's left, and among three one from the pack to
the crib (C8, C9); each lays one card away (``discard 5H``), from the dealer's left round
to the dealer; the go passes round the table (C10); the show counts the hands from the
dealer's left, the dealer's last, then the crib (C11); partners opposite peg on one score
(C9); the deal passes to the left.

Five-card cribbage between two (``Game.new(seed, cards=5)``, C13-C17) is the same game
with five cards each, two each to the crib: the first non-dealer pegs three for last before
the first deal (C14), the play ends at the first go or 31 and the cards left are not played
(C15), the hands of three are shown with the starter (C16), and the game is to 61 (C17).

Every score is logged as a public :class:`ScoreEvent` (its ``seat`` the player who made
it, its ``total`` the score of that player's side), and the game ends the moment a score
reaches 121 (C7, C12), even in the middle of the pegging or the show.

The modules: ``game.py`` (this one: how a game starts, its records), ``rules.py`` (the
rules that change it), ``table.py`` (what changes with the number of seats), ``start.py``
(a given position read and checked, C1-C3), ``records.py`` (a game's record written and
replayed), ``position.py`` (the fields, what they show, observations and sampling) and
``deal.py`` (the shuffles, the cut, dealing unseen cards again).

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

from pegboard.core import N_, IllegalActionError, replay_actions
from pegboard.cribbage.actions import LAY_OF, Action, Discard, parse_action
from pegboard.cribbage.cards import Card
from pegboard.cribbage.deal import _shuffled, cut_for_deal
from pegboard.cribbage.events import CutForDeal, HandShow, ScoreEvent
from pegboard.cribbage.position import Move, _check_seat, _plays_of
from pegboard.cribbage.records import game_record, replayed_game
from pegboard.cribbage.rules import Rules
from pegboard.cribbage.start import read_position
from pegboard.cribbage.table import Table, table_of, with_muggins


class Game(Rules):
    """A game of cribbage from the first deal to 121: between seats 0 and 1 (C1-C7), or
    among three or four in partnerships (C8-C12).

    Build it with ``Game.new(seed)`` (the first dealer chosen by a cut unless given;
    ``players=3`` or ``4`` for a table) or ``Game.from_position(...)`` (any hand, for tests
    and analysis); then alternate ``legal_actions()`` and ``apply(action)`` until
    ``is_over``; ``result`` holds the winner.

    Its fields, what they show, ``observation`` and ``sample_hidden`` are ``Position``'s
    (``pegboard.cribbage.position``), its rules ``Rules``' (``pegboard.cribbage.rules``);
    the shuffles and cuts are ``pegboard.cribbage.deal``'s.
    """

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("use Game.new(...) or Game.from_position(...)")

    # -- construction ------------------------------------------------------------------

    @classmethod
    def _blank(
        cls,
        table: Table,
        rng: random.Random,
        origin: dict[str, Any],
        dealer: int,
        scores: Sequence[int] | None = None,
        cuts: tuple[CutForDeal, ...] = (),
        hand_number: int = 1,
    ) -> Game:
        self = object.__new__(cls)
        self._table = table
        self._left = table.left
        self._sides = table.sides
        self._rng = rng
        self._origin = origin
        self._cuts = cuts
        self._first_dealer = dealer
        self._dealer = dealer
        self._hand_no = hand_number
        self._scores = [0] * table.score_count if scores is None else list(scores)
        self._log = []
        self._events = []
        self._shows = []
        self._show_list = []
        self._history = []
        self._moves = []
        self._seen = ([], [], [], [])[: table.players]
        self._result = None
        self._items = []
        self._shown = []
        self._pending = None
        return self

    @classmethod
    def new(
        cls,
        seed: int | None = None,
        dealer: int | None = None,
        *,
        players: int = 2,
        cards: int | None = None,
        muggins: int = 0,
    ) -> Game:
        """A new game for ``players`` (2, 3 or 4), every shuffle drawn from ``seed`` (a fresh
        one, recorded, if None).

        ``cards`` is the cards dealt each: None for the table's own deal (six between two,
        five among three or four), or 5 between two for five-card cribbage (C13-C17), whose
        first non-dealer pegs three for last before the first deal (C14).

        ``muggins`` 1: the players count their own hands and cribs at the show and an
        opponent may take the points they miss (C18-C20); 0, the engine counts them.

        With ``dealer`` None the first dealer is chosen by a cut (C2, C8); ``cuts`` keeps
        every cut made. The deal then passes to the left every hand.
        """
        table = with_muggins(table_of(players, cards), muggins)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        _check_seat(dealer, "dealer", allow_none=True, players=table.players)
        rng = random.Random(seed)
        cuts: tuple[CutForDeal, ...] = ()
        if dealer is None:
            first, cuts = cut_for_deal(rng, table.players)
        else:
            first = dealer
        start: dict[str, Any] = {"seed": seed, "dealer": dealer}
        if not table.two:
            start["players"] = table.players
        if table.cards is not None:  # said only when asked for: six-card records unchanged
            start["cards"] = table.cards
        if table.muggins:  # said only when set: other records unchanged
            start["muggins"] = 1
        game = cls._blank(table, rng, {"new": start}, first, cuts=cuts)
        if table.last:  # three for last, to the first non-dealer (C14)
            game._score(table.left[first], table.last, "three for last", ())
        game._deal()
        return game

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        *,
        dealer: int = 0,
        scores: Sequence[int] | None = None,
        crib: Iterable[Card | str] | str | None = None,
        starter: Card | str | None = None,
        stock: Iterable[Card | str] | str | None = None,
        seed: int = 0,
        hand_number: int = 1,
        cards: int | None = None,
        muggins: int = 0,
    ) -> Game:
        """Any hand of a game, for tests and analysis.

        ``hands`` are the seats' cards, two, three or four hands (C2, C8, C9): a full deal
        each (six between two, five among more) starts the hand at the discard (the
        ``starter``, if given, is the card the cut will turn up; among three ``crib`` is the
        pack's card, C8); four each starts the pegging, and then ``crib`` (four cards: the
        pack's among three, then each seat's from the dealer's left, the dealer's last) and
        the ``starter`` are required (his heels, if any, is taken as already pegged into
        ``scores``: one a player, or one a side among four). With ``cards=5`` it is a hand of
        five-card cribbage (C13-C17): five each at the discard, three each at the pegging
        (three for last, C14, is taken as already in ``scores``). ``stock`` is the undealt deck,
        top first: every card not in the hands, crib or starter (by default in deck order,
        the starter on top). ``seed`` shuffles the hands dealt after this one. ``muggins`` 1
        has the players claim their own shows (C18-C20).
        """
        given = read_position(hands, dealer, scores, crib, starter, stock, seed, hand_number, cards)
        table = with_muggins(table_of(len(given.hands), cards), muggins)
        if table.muggins:
            given.origin["position"]["muggins"] = 1
        game = cls._blank(
            table, random.Random(seed), given.origin, dealer, given.scores, (), hand_number
        )
        held, crib_cards = given.hands, given.crib
        game._start_hand(held, given.stock, tuple(crib_cards[: table.pack]))
        if given.pegging:
            laid, rest = table.laid, crib_cards[table.pack :]
            seat = table.left[dealer]
            for k in range(table.players):
                game._discards[seat] = tuple(rest[k * laid : (k + 1) * laid])
                seat = table.left[seat]
            game._kept = [tuple(h) for h in held]
            game._plays = [_plays_of(h) for h in held]
            game._starter = given.starter
            game._phase = "pegging"
            game._current = table.left[dealer]
        return game

    def _deal(self) -> None:
        """Shuffle the 52 cards and deal one at a time from the dealer's left: six each
        between two (C2), five among three or four, and among three the next card of the
        pack starts the crib (C8, C9)."""
        seed = self._rng.getrandbits(63)
        deck = _shuffled(seed)
        table = self._table
        hands: list[list[Card]] = [[]] * table.players  # every entry is replaced just below
        for seat, part in table.deal_parts[self._dealer]:
            hands[seat] = deck[part]
        self._start_hand(hands, deck[table.stock_part], tuple(deck[table.pack_part]))

    def _start_hand(
        self, hands: list[list[Card]], stock: list[Card], pack: tuple[Card, ...] = ()
    ) -> None:
        """Begin a hand with these fresh lists (the game owns them from now on)."""
        players = self._table.players
        self._phase = "discard"
        self._hands = hands
        # One empty list for every seat: each seat's is replaced at its discard, unchanged.
        self._plays = [[]] * players
        self._kept = [()] * players
        self._discards = [()] * players
        self._pack = pack
        self._stock = stock
        self._starter = None
        self._count = 0
        self._pile = []
        self._hand_start = len(self._history)
        self._gone = [False] * players
        self._floor = [0] * players
        self._current = self._left[self._dealer]
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
        self._seen = tuple([[] for _ in range(self._table.players)])
        here = [i for i, m in enumerate(moves) if m.hand == self._hand_no]
        self._hand_start = here[0] if here else len(moves)

    # -- notation and records ------------------------------------------------------------

    def parse_action(self, text: str) -> Action:
        """Read an action's notation: ``discard 5H JS`` (``discard 5H`` among three or four,
        C8, C9), ``play 5H`` (or ``5H``), ``go``."""
        if self._table.two:
            return parse_action(text)
        words = text.replace(",", " ").split() if isinstance(text, str) else []
        if len(words) == 2 and words[0].lower() in ("discard", "crib", "d"):
            try:
                return LAY_OF[Card.parse(words[1]).index]
            except ValueError:
                pass  # the reader of every table names what is wrong with the card
        action = parse_action(text)
        if isinstance(action, Discard):
            raise IllegalActionError(
                N_("among three or four each player lays one card in the crib, not two"),
                self._table.deal_rule,
            )
        return action

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
        replay_actions(self, actions, self.parse_action)

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"{self._phase}, seat {self._current} to act"
        table = "" if self._table.two else f" of {self._table.players}"
        if self._table.cards == 5:
            table += " (five-card)"
        return f"<cribbage Game{table} hand {self._hand_no}, scores {self.scores}, {state}>"
