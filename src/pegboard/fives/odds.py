"""The chances of winning a match of All Fives or Fives and Threes (issue 37, docs/odds.md).

SAMPLING (written first; the tables follow).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Final

from pegboard.bots.base import SeededBot
from pegboard.fives.bots.expert import FivesExpert
from pegboard.fives.hand import FivesHand
from pegboard.fives.rules import ALL_FIVES, FivesRules, GameName

LOT: Final = -1
"""A sample's next leader when a new lot finds them (All Fives after a blocked hand, F3)."""


def configuration_rules(game: GameName, configuration: str) -> FivesRules:
    """The rules a configuration's deals are played by ("4-partners-reserve": four players
    in two partnerships, the boneyard's last two tiles never drawn)."""
    words = configuration.split("-")
    return FivesRules(
        game,
        players=int(words[0]),
        partnerships="partners" in words,
        reserve=2 if "reserve" in words else 0,
    )


def configurations_of(game: GameName) -> tuple[str, ...]:
    """Every kind of table whose deals play or score differently: 2, 3 and 4 alone, 4 in
    partnerships (F1), and in All Fives each again with F4's reserve of two tiles. F9's
    scores by five play as the points do (every All Fives score is a multiple of five), so
    they need no sample of their own."""
    tables = ("2", "3", "4", "4-partners")
    if game != ALL_FIVES:
        return tables
    return (*tables, *(f"{table}-reserve" for table in tables))


def sample_hand(game: GameName, configuration: str, seed: int) -> list[Any]:
    """One hand of ``configuration`` played by four (or two, three) experts, each its own
    bot seeded from ``seed`` and seeing only its observation, from the standard start: seat
    0 leads, every score 0. What it returns, as JSON ints: ``[next, end, plays]``. ``next``
    is the seat that leads the next hand (F3: the one who dominoed in All Fives, ``LOT``
    after a blocked hand; always 1 in Fives and Threes), ``end`` the points each side
    scores at the end of the hand (F8; empty in Fives and Threes, which scores none), and
    ``plays`` the scoring plays in order, flat: side, points, side, points... (the
    chip-out point of Fives and Threes is part of its play's points). Seat 0 leads, so a
    seat is its place after the leader, and a side (0 the leader's) too."""
    rules = configuration_rules(game, configuration)
    stream = random.Random(seed)
    hand = FivesHand.deal(rules, seed=stream.getrandbits(63), leader=0)
    bots = [SeededBot(FivesExpert(), stream.getrandbits(63)) for _ in range(rules.players)]
    while (seat := hand.current_player) is not None:
        hand.apply(bots[seat].act(hand.observation(seat)))
    plays: list[int] = []
    for move in hand.history:
        if move.worth:
            plays += [rules.side_of(move.seat), move.worth]
    result = hand.result
    assert result is not None
    if result.kind == "target":  # unreachable from 0 in one hand; kept out of the samples
        raise AssertionError("a hand from 0 reached the target")
    if not rules.all_fives:
        next_leader = 1
    elif result.kind == "domino" and result.by is not None:
        next_leader = result.by
    else:
        next_leader = LOT
    end = list(result.points) if rules.all_fives else []
    return [next_leader, end, plays]


def data_path(game: GameName) -> Path:
    return Path(__file__).with_name(f"{game}.odds.json.gz")


class FivesOdds:
    """The tables of one game of the family (``pegboard.games.WinProbabilities``)."""

    def __init__(self, game: GameName) -> None:
        self.game = game

    @property
    def path(self) -> Path:
        return data_path(self.game)

    @property
    def configurations(self) -> tuple[str, ...]:
        return configurations_of(self.game)

    def sample_deal(self, configuration: str, seed: int) -> Any:
        return sample_hand(self.game, configuration, seed)
