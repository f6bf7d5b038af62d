"""Cribbage's chances of winning, read from its tables (issue 37): what the bots may use
as well as ``pegboard.cribbage.odds``, which makes the tables and implements
``WinProbabilities``; this module knows no bot.

``outcome_table()[x][y]``: from the start of a hand with the dealer at ``x`` and the pone at
``y``, the chance of each end of the game (the dealer wins by 1, 2 or 3 game points, then
the pone does: a skunk when the loser ends below 91, a double skunk below 61, C7).
``seat_chances`` reads a state as each seat's chance of winning the game or, given the
match's game points and target, the match (``match_chances``: the loser of a game deals
the next one, ACC rule 1.5).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from pegboard.core import N_
from pegboard.cribbage.events import DOUBLE_SKUNK_LINE, SKUNK_LINE, TARGET
from pegboard.cribbage.game import Game
from pegboard.cribbage.observation import CribbageObservation
from pegboard.games.tables import TablesError, read_tables

PATH: Final = Path(__file__).with_name("cribbage.odds.json.gz")
SCALE: Final = 10_000
"""Chances are stored as whole numbers of 1/SCALE (the samples' error is far larger)."""

Outcome = tuple[float, float, float, float, float, float]
"""The chance of each end of a game: the dealer wins by 1, 2, 3 game points, the pone by 1,
2, 3."""

MatchState = tuple[tuple[int, int], int]
"""A match's game points before the game in play, and its target."""


@functools.cache
def outcome_table() -> tuple[tuple[Outcome, ...], ...]:
    """The data file's outcome table, flattened by state (``x * TARGET + y``)."""
    rows = read_tables(PATH)["tables"]["outcomes"]
    return tuple(tuple(tuple(v / SCALE for v in cell) for cell in row) for row in rows)


def game_outcome(dealer_score: int, pone_score: int) -> Outcome:
    """The chance of each end of a game from a hand's start at these scores."""
    if not (0 <= dealer_score < TARGET and 0 <= pone_score < TARGET):
        raise TablesError(
            N_("no chances from {scores}: each score runs from 0 to 120"),
            scores=f"{dealer_score}-{pone_score}",
        )
    return outcome_table()[dealer_score][pone_score]


def match_chance(points: Sequence[int], target: int, first_dealer: int, seat: int) -> float:
    """The chance that ``seat`` wins a match at ``points`` game points (each needing
    ``target``) when the next game starts with ``first_dealer`` dealing."""
    return match_chances(points[0], points[1], target, first_dealer)[seat]


@functools.cache
def match_chances(p0: int, p1: int, target: int, dealer: int) -> tuple[float, float]:
    """Seat 0's and seat 1's chances of a match at ``p0``-``p1`` game points of ``target``
    when the next game starts, ``dealer`` dealing its first hand."""
    if p0 >= target:
        return (1.0, 0.0)
    if p1 >= target:
        return (0.0, 1.0)
    return after_game(p0, p1, target, dealer, game_outcome(0, 0))


def after_game(p0: int, p1: int, target: int, dealer: int, outcome: Outcome) -> tuple[float, float]:
    """Seat 0's and seat 1's chances of the match over the ends of the game in play (its
    hand dealt by ``dealer``): each end's game points added, the loser dealing next."""
    chance = 0.0
    for k, share in enumerate(outcome):
        if share == 0:
            continue
        winner = dealer if k < 3 else 1 - dealer
        gained = [p0, p1]
        gained[winner] += k % 3 + 1
        chance += share * match_chances(gained[0], gained[1], target, 1 - winner)[0]
    return (chance, 1.0 - chance)


def hand_start(game: Game | CribbageObservation) -> tuple[int, int]:
    """The scores of seats 0 and 1 when the hand in play began (its points taken off)."""
    scores = list(game.scores)
    for event in game.log:
        if event.hand == game.hand_number:
            scores[event.seat] -= event.points
    return scores[0], scores[1]


def seat_chances(
    scores: Sequence[int], dealer: int, winner: int | None, match: MatchState | None
) -> tuple[float, float]:
    """Seat 0's and seat 1's chances from a hand's start at ``scores`` (or a game won by
    ``winner``), of the game alone or, with ``match``, of the match."""
    if match is None:
        if winner is not None:
            return (1.0, 0.0) if winner == 0 else (0.0, 1.0)
        outcome = game_outcome(scores[dealer], scores[1 - dealer])
        dealer_wins = math.fsum(outcome[:3])
        return (dealer_wins, 1 - dealer_wins) if dealer == 0 else (1 - dealer_wins, dealer_wins)
    points, target = match
    if winner is not None:
        loser_score = scores[1 - winner]
        k = 0 if loser_score >= SKUNK_LINE else 1 if loser_score >= DOUBLE_SKUNK_LINE else 2
        gained = list(points)
        gained[winner] += k + 1
        return match_chances(gained[0], gained[1], target, 1 - winner)
    outcome = game_outcome(scores[dealer], scores[1 - dealer])
    return after_game(points[0], points[1], target, dealer, outcome)
