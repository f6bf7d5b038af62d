"""Cribbage for three players (C8) and for four in two partnerships (C9), hand after hand
until a player or side pegs 121 (C12).

The two-player game is ``pegboard.cribbage.game.Game``, kept as it is (its records, its
seeds' deals and its speed); this is the same game round a table of three or four, written
plainly rather than for speed. ``TableGame`` is the omniscient position; seats see it only
through ``observation(seat)``.

How a hand goes (the engine deals, cuts, ends a sequence and counts by itself):

1. **Deal** (C8, C9): a fresh shuffle from the game's seed; five cards each, one at a time
   from the dealer's left, and among three one card from the top of the pack to the crib.
2. **Lay away** (C8, C9): from the dealer's left round to the dealer, each lays one card in
   the crib (``discard 5H``); no seat's observation shows another's card.
3. **Starter** (C3): the top card of the stock; a jack is 2 to the dealer (his heels).
4. **Play** (C4, C10): from the dealer's left, ``play 5H`` or, only when no card fits under
   31, ``go``. A seat that has said go, or holds no card, is passed over; when no one can
   play, the last card scores 1 (or nothing more after 31) and the next seat to its left
   with cards leads.
5. **Show** (C11): the hands from the dealer's left, the dealer's last, then the crib.

Every score is a public ``ScoreEvent`` (its ``seat`` is the player who made it, its
``total`` the score of that player's side, C9); the game ends the moment a score reaches
121 (C12).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any, Final

from pegboard.core import (
    N_,
    IllegalActionError,
    RecordError,
    WordedError,
    check_record,
    new_record,
    replay_actions,
)
from pegboard.cribbage.actions import GO, PLAY_OF, Discard, Go, Play, parse_action
from pegboard.cribbage.cards import DECK, Card, parse_cards
from pegboard.cribbage.deal import _shuffled
from pegboard.cribbage.events import TARGET, Reason, ScoreEvent
from pegboard.cribbage.multi_position import TablePosition
from pegboard.cribbage.multi_view import (
    LAY_OF,
    LayAway,
    TableAction,
    TableMove,
    TableResult,
    TableShow,
    side_of,
    sides_of,
)
from pegboard.cribbage.scoring import peg_points_of, show_points

PLAYERS: Final = (3, 4)
"""The tables this game seats: three players (C8) or two partnerships of two (C9)."""

HAND_SIZE: Final = 5
"""Five cards each among three or four (C8, C9)."""

LIMIT: Final = 31


def _players_checked(players: object) -> int:
    if not isinstance(players, int) or isinstance(players, bool) or players not in PLAYERS:
        raise WordedError(
            N_(
                "this cribbage is for three players (C8) or four in two partnerships (C9), "
                "not {players!r}"
            ),
            players=players,
        )
    return players


def cut_for_deal_among(
    players: int, rng: random.Random
) -> tuple[int, tuple[tuple[Card, ...], ...]]:
    """The cut for the first deal among ``players`` (C8): each seat cuts a card from a
    shuffled deck, the lowest rank deals (ace low, suits do not rank), and when the lowest is
    tied every seat cuts again from a fresh shuffle. Returns the dealer and every cut."""
    cuts: list[tuple[Card, ...]] = []
    while True:
        cut = tuple(rng.sample(DECK, players))
        cuts.append(cut)
        low = min(card.rank for card in cut)
        lowest = [seat for seat, card in enumerate(cut) if card.rank == low]
        if len(lowest) == 1:
            return lowest[0], tuple(cuts)


class TableGame(TablePosition):
    """A game of cribbage for three players or two partnerships, from the first deal to
    121 (C8-C12). Build it with ``TableGame.new(players=3, seed=...)``; then alternate
    ``legal_actions()`` and ``apply(action)`` until ``is_over``; ``result`` holds the winner.
    Its fields, what they show and ``observation`` are ``TablePosition``'s
    (``pegboard.cribbage.multi_position``)."""

    __slots__ = ()

    def __init__(self) -> None:
        raise TypeError("use TableGame.new(...)")

    @classmethod
    def new(cls, players: int = 3, seed: int | None = None, dealer: int | None = None) -> TableGame:
        """A new game for ``players`` (3 or 4), every shuffle drawn from ``seed`` (a fresh one,
        recorded, if None). With ``dealer`` None the first dealer is chosen by a cut (C8)."""
        players = _players_checked(players)
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        if dealer is not None and (
            not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players
        ):
            raise ValueError(f"the dealer is a seat from 0 to {players - 1}, not {dealer!r}")
        self = object.__new__(cls)
        self._players = players
        self._rng = random.Random(seed)
        self._origin = {"new": {"seed": seed, "dealer": dealer, "players": players}}
        if dealer is None:
            dealer, self._cuts = cut_for_deal_among(players, self._rng)
        else:
            self._cuts = ()
        self._first_dealer = self._dealer = dealer
        self._hand_no = 1
        self._scores = [0] * sides_of(players)
        self._log = []
        self._shows = []
        self._history = []
        self._result = None
        self._deal()
        return self

    @classmethod
    def from_position(
        cls,
        hands: Sequence[str],
        *,
        dealer: int = 0,
        crib: str,
        starter: str,
        scores: Sequence[int] | None = None,
        seed: int = 0,
    ) -> TableGame:
        """A hand at the start of its play, for tests and analysis: ``hands`` are the four
        cards each seat kept (three or four hands, C8, C9), ``crib`` its four cards and
        ``starter`` the turned card (his heels, if any, taken as already pegged into
        ``scores``: one a player, or one a side among four). The stock is every other card,
        in deck order; ``seed`` shuffles the hands dealt after this one."""
        players = _players_checked(len(hands))
        held = [parse_cards(hand) for hand in hands]
        crib_cards = list(parse_cards(crib))
        turned = Card.parse(starter)
        given = [card for hand in held for card in hand] + crib_cards + [turned]
        if any(len(hand) != 4 for hand in held) or len(crib_cards) != 4:
            raise ValueError("at the play each hand and the crib hold four cards (C8, C9)")
        if len(set(given)) != len(given):
            raise ValueError("a card is given twice (C1)")
        game = cls.new(players=players, seed=seed, dealer=dealer)
        game._origin = {
            "position": {
                "hands": [" ".join(map(str, hand)) for hand in held],
                "dealer": dealer,
                "crib": " ".join(map(str, crib_cards)),
                "starter": str(turned),
                "scores": None if scores is None else list(scores),
                "seed": seed,
            }
        }
        if scores is not None:
            if len(scores) != len(game._scores) or any(
                not isinstance(v, int) or not 0 <= v < TARGET for v in scores
            ):
                raise ValueError(
                    f"the scores are {len(game._scores)} whole numbers from 0 to 120,"
                    f" not {scores!r} (C12)"
                )
            game._scores = list(scores)
        game._hands = [list(hand) for hand in held]
        game._kept = [tuple(hand) for hand in held]
        game._crib = crib_cards
        game._laid = [None] * players
        game._stock = [card for card in DECK if card not in given]
        game._starter = turned
        game._phase = "pegging"
        game._current = (dealer + 1) % players
        return game

    # -- rules ---------------------------------------------------------------------------

    def legal_actions(self) -> tuple[TableAction, ...]:
        """Every card to lay away (C8, C9), or every card that keeps the count at most 31
        (C4), or ``go`` when none does (C10)."""
        if self._result is not None:
            return ()
        hand = sorted(self._hands[self._current], key=lambda c: c.index)
        if self._phase == "discard":
            return tuple(LAY_OF[c.index] for c in hand)
        fit = tuple(PLAY_OF[c.index] for c in hand if c.value <= LIMIT - self._count)
        return fit or (GO,)

    def parse_action(self, text: str) -> TableAction:
        """Read ``discard 5H`` (one card, C8, C9), ``play 5H`` (or ``5H``) or ``go``."""
        words = text.replace(",", " ").split() if isinstance(text, str) else []
        if len(words) == 2 and words[0].lower() in ("discard", "crib", "d"):
            try:
                return LAY_OF[Card.parse(words[1]).index]
            except ValueError:
                pass  # the two-player reader names what is wrong with the card
        action = parse_action(text)
        if isinstance(action, Discard):
            raise IllegalActionError(
                N_("among three or four each player lays one card in the crib, not two"),
                self._deal_rule,
            )
        return action

    def apply(self, action: TableAction, seat: int | None = None) -> None:
        """Take ``action`` for the seat to act; an illegal one raises and changes nothing.
        ``seat``, when given, is the seat that means to act: acting out of turn is illegal."""
        if self._result is not None:
            raise IllegalActionError(N_("the game is over: no more moves"), "C12")
        current = self._current
        if seat is not None and seat != current:
            if self._phase == "discard":
                raise IllegalActionError(
                    N_(
                        "it is seat {seat}'s turn to lay a card away: the crib is laid from "
                        "the dealer's left round to the dealer"
                    ),
                    self._deal_rule,
                    seat=current,
                )
            raise IllegalActionError(
                N_("it is seat {seat}'s turn to peg, not yours"), "C10", seat=current
            )
        if isinstance(action, LayAway):
            self._lay_away(current, action.card)
        elif isinstance(action, Play):
            self._play(current, action)
        elif isinstance(action, Go):
            self._go(current)
        elif isinstance(action, Discard):
            raise IllegalActionError(
                N_("among three or four each player lays one card in the crib, not two"),
                self._deal_rule,
            )
        else:
            raise IllegalActionError(
                N_("not a cribbage action: {action!r} (lay a card away, play a card, or go)"),
                "C10",
                action=action,
            )

    @property
    def _deal_rule(self) -> str:
        return "C8" if self._players == 3 else "C9"

    def _deal(self) -> None:
        """Shuffle and deal five each, one at a time from the dealer's left; among three,
        the next card of the pack starts the crib (C8, C9)."""
        deck = _shuffled(self._rng.getrandbits(63))
        n = self._players
        self._hands = [[] for _ in range(n)]
        for i in range(HAND_SIZE * n):
            self._hands[(self._dealer + 1 + i) % n].append(deck[i])
        dealt = HAND_SIZE * n
        self._crib = [deck[dealt]] if n == 3 else []
        self._stock = deck[dealt + len(self._crib) :]
        self._phase = "discard"
        self._kept = [() for _ in range(n)]
        self._laid = [None] * n
        self._starter = None
        self._count = 0
        self._pile = []
        self._last = None
        self._gone = [False] * n
        self._hand_start = len(self._history)
        self._current = (self._dealer + 1) % n

    def _lay_away(self, seat: int, card: Card) -> None:
        if self._phase != "discard":
            raise IllegalActionError(
                N_("the crib is already laid away: play a card or go"), self._deal_rule
            )
        hand = self._hands[seat]
        if card not in hand:
            raise IllegalActionError(N_("{card} is not in your hand"), self._deal_rule, card=card)
        hand.remove(card)
        self._kept[seat] = tuple(hand)
        self._laid[seat] = card
        self._crib.append(card)
        self._history.append(TableMove(self._hand_no, seat, LAY_OF[card.index]))
        if seat != self._dealer:
            self._current = (seat + 1) % self._players
            return
        starter = self._stock.pop(0)  # C3: the cut turns the top of the stock
        self._starter = starter
        self._phase = "pegging"
        self._current = (self._dealer + 1) % self._players
        if starter.rank == 11:
            self._score(self._dealer, 2, "his heels", (starter,))

    def _play(self, seat: int, action: Play) -> None:
        if self._phase != "pegging":
            raise IllegalActionError(N_("lay a card in the crib first"), self._deal_rule)
        card = action.card
        hand = self._hands[seat]
        if card not in hand:
            raise IllegalActionError(N_("{card} is not in your hand"), "C4", card=card)
        count = self._count + card.value
        if count > LIMIT:
            raise IllegalActionError(
                N_("{card} would make {count}: the count may not pass 31"),
                "C4",
                card=card,
                count=count,
            )
        hand.remove(card)
        self._pile.append(card)
        self._count = count
        self._last = seat
        self._history.append(TableMove(self._hand_no, seat, action))
        points = peg_points_of(self._pile, count)
        if points:
            self._score(seat, points, "pegging", tuple(self._pile))
            if self._result is not None:
                return
        if count == LIMIT:
            self._end_sequence(seat)
        else:
            self._pass_turn(seat)

    def _go(self, seat: int) -> None:
        if self._phase != "pegging":
            raise IllegalActionError(N_("lay a card in the crib first"), self._deal_rule)
        if self._can_play(seat):
            raise IllegalActionError(
                N_("you can play without passing 31 (the count is {count}), so you must"),
                "C10",
                count=self._count,
            )
        self._gone[seat] = True
        self._history.append(TableMove(self._hand_no, seat, GO))
        self._pass_turn(seat)

    def _pass_turn(self, actor: int) -> None:
        """The turn after ``actor``'s card or go (C10): the next seat to the left that holds
        cards and has not said go plays or says go; the player of the last card is never
        asked to say go: when it is the only one left it plays on while it can, and when
        no one can play the sequence ends."""
        last = self._last
        assert last is not None  # a go comes only after a card: at 0 every card fits
        n = self._players
        for step in range(1, n + 1):
            seat = (actor + step) % n
            if self._gone[seat] or not self._hands[seat]:
                continue
            if seat != last or self._can_play(seat):
                self._current = seat
                return
            break
        self._end_sequence(last)

    def _can_play(self, seat: int) -> bool:
        room = LIMIT - self._count
        return any(card.value <= room for card in self._hands[seat])

    def _end_sequence(self, last: int) -> None:
        """No one can play on: the last card scores 1 unless it made 31 (C5, C10); the next
        seat to its left with cards leads, or the show begins."""
        if self._count != LIMIT:
            final = not any(self._hands)
            self._score(last, 1, "last card" if final else "go", tuple(self._pile))
            if self._result is not None:
                return
        self._count = 0
        self._pile = []
        self._last = None
        self._gone = [False] * self._players
        n = self._players
        for step in range(1, n + 1):
            seat = (last + step) % n
            if self._hands[seat]:
                self._current = seat
                return
        self._show()

    def _show(self) -> None:
        """Count the hands from the dealer's left, the dealer's last, then the crib (C11);
        stop at 121 (C12)."""
        starter = self._starter
        assert starter is not None
        n = self._players
        shown: list[tuple[Card, ...] | None] = [None] * n
        crib: tuple[Card, ...] | None = None
        for step in range(1, n + 1):
            seat = (self._dealer + step) % n
            shown[seat] = cards = self._kept[seat]
            a, b, c, d = cards
            self._score(seat, show_points(a, b, c, d, starter, False), "hand", cards, starter)
            if self._result is not None:
                break
        else:
            crib = cards = tuple(self._crib)
            a, b, c, d = cards
            points = show_points(a, b, c, d, starter, True)
            self._score(self._dealer, points, "crib", cards, starter)
        self._shows.append(TableShow(self._hand_no, self._dealer, starter, tuple(shown), crib))
        if self._result is not None:
            return
        self._dealer = (self._dealer + 1) % n
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
        """Peg ``points`` for ``seat``'s side and log it; 121 wins at once (C12)."""
        side = side_of(self._players, seat)
        total = self._scores[side] + points
        self._scores[side] = total
        self._log.append(ScoreEvent(self._hand_no, seat, points, reason, cards, starter, total))
        if total >= TARGET:
            self._result = TableResult(self._players, side, tuple(self._scores))

    # -- records -------------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """A versioned JSON record: how the game started, and every action since."""
        record = new_record("cribbage", "game")
        record.update(self._origin)
        record["players"] = self._players
        record["first_dealer"] = self._first_dealer
        record["cuts"] = [[str(c) for c in cut] for cut in self._cuts]
        record["actions"] = [str(m.action) for m in self._history]
        record["hands_played"] = self._hand_no
        record["scores"] = list(self._scores)
        record["result"] = None if self._result is None else self._result.to_dict()
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> TableGame:
        """Replay a record exactly; raise ``RecordError`` if anything differs."""
        check_record(record, game="cribbage", kind="game")
        try:
            if "position" in record:
                pos = record["position"]
                game = cls.from_position(
                    pos["hands"],
                    dealer=pos["dealer"],
                    crib=pos["crib"],
                    starter=pos["starter"],
                    scores=pos["scores"],
                    seed=pos["seed"],
                )
            else:
                start = record["new"]
                game = cls.new(players=start["players"], seed=start["seed"], dealer=start["dealer"])
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(
                N_("the game record does not replay: {reason}"), reason=error
            ) from error
        replay_actions(game, record.get("actions"), game.parse_action)
        replayed = game.to_record()
        for key in ("players", "first_dealer", "cuts", "hands_played", "scores", "result"):
            if key in record and record[key] != replayed[key]:
                raise RecordError(N_("the replayed {key} differ from the record"), key=key)
        return game

    def replay(self, actions: Iterable[str]) -> None:
        replay_actions(self, actions, self.parse_action)
