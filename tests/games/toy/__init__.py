"""A toy game that lives only in the tests: the check that a game is one package (issues 11
and 34): its rules and description here, its own page module and rules page in ``looks/``.

**Tricks** is a two-player trick game with hidden hands. Its rules, numbered as the real
games' rules are:

- T1: the cards are 1 to 9; a seeded shuffle deals each seat ``hand`` cards (1 to 4,
  default 3); the rest is the stock, which nobody sees and nobody plays.
- T2: a seat plays a card of its own hand (``lay C7``, or ``C7``). Cards are written
  ``C1`` to ``C9``, so that a test can look for a hidden one in any text.
- T3: seat 0 leads the first trick; the other seat follows with any card; the higher
  card takes the trick, and its seat leads the next.
- T4: the match is over when the hands are empty; each trick is a point.

Nothing under ``src/pegboard`` knows this game: it is registered at test time (the
``toy_game`` fixture), or in another process through ``PEGBOARD_GAMES=tests.games.toy:
plug_in``, and every surface must serve it from its description alone.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Self

from pegboard import games
from pegboard.bots.base import AnalysingBot, Evaluation, RandomBot, legal_or_raise
from pegboard.core import (
    N_,
    Event,
    IllegalActionError,
    RecordError,
    check_record,
    new_record,
)
from pegboard.games import Game, Option, register_bot, unregister_bots
from tests.games.toy.looks import LOOKS

NAME = "tricks"
CARDS = tuple(range(1, 10))
SEATS = 2


@dataclass(frozen=True, slots=True)
class Lay:
    """Play one card (T2); written ``lay C7``."""

    card: int

    def __str__(self) -> str:
        return f"lay {card_text(self.card)}"

    @classmethod
    def parse(cls, text: str) -> Lay:
        words = text.split()
        if words and words[0] == "lay":
            words = words[1:]
        number = words[0].removeprefix("C") if len(words) == 1 else ""
        if not number.isdigit() or int(number) not in CARDS:
            raise ValueError(f"not a move of tricks: {text!r} (write 'lay C7')")
        return cls(int(number))


def card_text(card: int) -> str:
    return f"C{card}"


@dataclass(frozen=True, slots=True)
class TricksObservation:
    """What one seat may know: its own hand, the cards laid, the tricks taken."""

    seat: int
    hand: tuple[int, ...]
    trick: tuple[int, ...]
    laid: tuple[int, ...]
    tricks: tuple[int, ...]
    to_act: int | None

    def legal_actions(self) -> tuple[Lay, ...]:
        if self.to_act != self.seat:
            return ()
        return tuple(Lay(card) for card in self.hand)

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hand": [card_text(c) for c in self.hand],
            "trick": [card_text(c) for c in self.trick],
            "laid": [card_text(c) for c in self.laid],
            "tricks": list(self.tricks),
            "to_act": self.to_act,
        }


class TricksMatch:
    """A match of tricks: the full position, both hands and the stock included."""

    def __init__(self, hand: int = 3, seed: int = 0) -> None:
        self.hand_size = hand
        self.seed = seed
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[:hand]), sorted(deck[hand : 2 * hand])]
        self.stock = deck[2 * hand :]
        self.trick: list[tuple[int, int]] = []  # (seat, card) of the trick on the table
        self.laid: list[int] = []
        self.tricks = [0, 0]
        self.leader = 0
        self.actions: list[str] = []

    @property
    def num_players(self) -> int:
        return SEATS

    @property
    def is_over(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    @property
    def current_player(self) -> int | None:
        if self.is_over:
            return None
        return self.leader if not self.trick else 1 - self.leader

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(self.tricks)

    @property
    def winner(self) -> int | None:
        if not self.is_over or self.tricks[0] == self.tricks[1]:
            return None
        return 0 if self.tricks[0] > self.tricks[1] else 1

    def legal_actions(self) -> tuple[Lay, ...]:
        seat = self.current_player
        return () if seat is None else tuple(Lay(card) for card in self.hands[seat])

    def parse_action(self, text: str) -> Lay:
        return Lay.parse(text)

    def apply(self, action: Lay) -> list[Event]:
        seat = self.current_player
        if seat is None:
            raise IllegalActionError(N_("the match is over"), "T4")
        if not isinstance(action, Lay) or action.card not in self.hands[seat]:
            raise IllegalActionError(
                N_("{card} is not in your hand"), "T2", card=str(action).removeprefix("lay ")
            )
        self.hands[seat].remove(action.card)
        self.trick.append((seat, action.card))
        self.laid.append(action.card)
        self.actions.append(str(action))
        card = card_text(action.card)
        events = [Event(N_("{player} lays {card}"), {"card": card}, {"player": seat})]
        if len(self.trick) == SEATS:
            taker = max(self.trick, key=lambda laid: laid[1])[0]
            self.tricks[taker] += 1
            self.leader = taker
            self.trick = []
            events.append(Event(N_("{player} takes the trick"), {}, {"player": taker}, "score"))
        return events

    def observation(self, seat: int) -> TricksObservation:
        return TricksObservation(
            seat=seat,
            hand=tuple(self.hands[seat]),
            trick=tuple(card for _seat, card in self.trick),
            laid=tuple(self.laid),
            tricks=tuple(self.tricks),
            to_act=self.current_player,
        )

    def sample_hidden(self, seat: int, rng: random.Random) -> Self:
        """The other hand and the stock dealt again from the cards ``seat`` has not seen."""
        other = 1 - seat
        unseen = self.hands[other] + self.stock
        rng.shuffle(unseen)
        copy = self.copy()
        copy.hands[other] = sorted(unseen[: len(self.hands[other])])
        copy.stock = unseen[len(self.hands[other]) :]
        return copy

    def copy(self) -> Self:
        twin = type(self).__new__(type(self))
        twin.hand_size, twin.seed = self.hand_size, self.seed
        twin.hands = [list(h) for h in self.hands]
        twin.stock = list(self.stock)
        twin.trick, twin.laid = list(self.trick), list(self.laid)
        twin.tricks, twin.leader = list(self.tricks), self.leader
        twin.actions = list(self.actions)
        return twin

    def to_record(self) -> dict[str, Any]:
        record = new_record(NAME, "match")
        record.update(hand=self.hand_size, seed=self.seed, actions=list(self.actions))
        return record

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> TricksMatch:
        options, seed, actions = record_start(record)
        match = cls(options["hand"], seed)
        for number, text in enumerate(actions, 1):
            try:
                match.apply(match.parse_action(str(text)))
            except ValueError as error:
                raise RecordError(
                    N_("action {number} ({text!r}) cannot be played"), number=number, text=text
                ) from error
        return match


def record_start(record: dict[str, Any]) -> tuple[dict[str, Any], int, list[str]]:
    """A record's options, seed and actions (``RecordError`` when it is none of tricks)."""
    record = check_record(record, NAME, "match")
    hand, seed, actions = record.get("hand"), record.get("seed"), record.get("actions")
    if (
        not isinstance(hand, int)
        or not 1 <= hand <= 4
        or not isinstance(seed, int)
        or not isinstance(actions, list)
    ):
        raise RecordError(N_("a record of tricks has a hand, a seed and actions"))
    return {"players": SEATS, "hand": hand}, seed, [str(text) for text in actions]


class HighBot(AnalysingBot):
    """Ranks each card by the chance it takes the trick against the unseen cards."""

    name = "high"

    def analyse(self, observation: Any, rng: random.Random) -> list[Evaluation]:
        legal = legal_or_raise(observation)
        unseen = [c for c in CARDS if c not in observation.hand and c not in observation.laid]
        evaluations = []
        for action in legal:
            if observation.trick:
                value = 1.0 if action.card > observation.trick[0] else 0.0
            else:
                value = sum(c < action.card for c in unseen) / max(1, len(unseen))
            evaluations.append(Evaluation(action, value, "expected points"))
        return sorted(evaluations, key=lambda e: (-e.value, e.action.card))


@dataclass(frozen=True)
class TricksEncoding:
    """Cards as action numbers 0-8; the observation as one-hots of hand, trick and laid
    cards, the tricks taken (relative to the seat) and whether the seat is to act."""

    num_actions: int = len(CARDS)
    observation_size: int = 3 * len(CARDS) + SEATS + 1
    max_length: int = 8

    def encode(self, observation: Any) -> Sequence[float]:
        vector = [0.0] * self.observation_size
        for offset, cards in enumerate((observation.hand, observation.trick, observation.laid)):
            for card in cards:
                vector[offset * len(CARDS) + card - 1] = 1.0
        for place in range(SEATS):
            seat = (observation.seat + place) % SEATS
            vector[3 * len(CARDS) + place] = observation.tricks[seat] / 4
        vector[-1] = 1.0 if observation.to_act == observation.seat else 0.0
        return vector

    def action_index(self, observation: Any, action: Any) -> int:
        return int(action.card) - 1

    def action(self, observation: Any, index: int) -> Any:
        if not 0 <= index < len(CARDS):
            raise ValueError(f"no action {index} in tricks")
        return Lay(index + 1)


ENCODING = TricksEncoding()


def new_match(options: Mapping[str, Any], seed: int) -> TricksMatch:
    return TricksMatch(int(options["hand"]), seed)


def apply(match: TricksMatch, seat: int, action: Any) -> list[Event]:
    return match.apply(action)


GAME = Game(
    name=NAME,
    display_name=N_("Tricks"),
    min_players=SEATS,
    max_players=SEATS,
    options=(
        Option(
            name="players",
            label=N_("Players"),
            default=SEATS,
            problem=N_("Tricks is for two players (T1)."),
            rule="T1",
            minimum=SEATS,
            maximum=SEATS,
        ),
        Option(
            name="hand",
            label=N_("Cards in a hand"),
            default=3,
            problem=N_("A hand is {minimum} to {maximum} cards (T1)."),
            rule="T1",
            minimum=1,
            maximum=4,
        ),
    ),
    new_match=new_match,
    from_record=TricksMatch.from_record,
    apply=apply,
    over_rule="T4",
    match_type=TricksMatch,
    record_start=record_start,
    looks=LOOKS,
    encoding=lambda options: ENCODING,
)

LEVELS = {"random": RandomBot, "high": HighBot}


def plug_in() -> Game:
    """Register the toy's bots and return the game (the plug-in hook of ``PEGBOARD_GAMES``)."""
    for level, factory in LEVELS.items():
        register_bot(NAME, level, factory)
    return GAME


def install() -> Game:
    """Register the toy game and its bots in this process."""
    games.register(plug_in())
    return GAME


def uninstall() -> None:
    games.unregister(NAME)
    unregister_bots(NAME)


def hidden_from(match: TricksMatch, seat: int) -> set[str]:
    """The cards ``seat`` must never be shown while the match is on, as they are written
    (``C7``): the other hand and the stock."""
    return {card_text(c) for c in match.hands[1 - seat] + match.stock}
