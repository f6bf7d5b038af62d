"""The analysis' grades mean what players mean (a blunder a player sees as one, the
expert's own play not called one) and the analysis is blind (issue 36's acceptance)."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest

import pegboard.games
from pegboard.analysis import analyse_decision, grade
from pegboard.analysis.search import TOLERANCE_SHARE
from pegboard.cribbage import Game as CribbageHand
from pegboard.dominoes.line import Line
from pegboard.draw import Match as DrawMatch
from pegboard.draw import Round, Tile
from pegboard.games import make_bot
from tests.analysis.conftest import OPTIONS

GAMES = ["draw", "cribbage", "all-fives", "fives-and-threes"]


def _discard(observation: Any, *cards: str) -> Any:
    return next(a for a in observation.legal_actions() if {str(c) for c in a.cards} == set(cards))


def test_c6_throwing_away_a_29_hand_is_a_blunder() -> None:
    """Six cards holding 5-5-5-J with the five of the jack's suit to turn up: the best hand
    in cribbage (29, with the starter). Keeping 5-5-5-J is worth 14 points before the
    starter (four fifteens of J+5 and 5+5+5 make 8, the pair royal 6); throwing two fives
    into the dealer's crib leaves 5-J-9-2 (one fifteen, 2 points) and is a blunder."""
    cribbage = pegboard.games.get("cribbage")
    hand = CribbageHand.from_position(
        [["5S", "5H", "5D", "JC", "9H", "2S"], ["AC", "3D", "7H", "8S", "QH", "KD"]],
        dealer=1,
        starter="5C",
    )
    observation = hand.observation(0)
    kept_29 = _discard(observation, "9H", "2S")
    thrown = _discard(observation, "5S", "5H")
    best = analyse_decision("cribbage", observation, kept_29, level="expert", seed=1)
    assert best.values[0].action == str(kept_29) and best.loss == 0
    assert best.values[0].details["hand"] > 14  # 14 before the starter, and a cut adds more
    blunder = analyse_decision("cribbage", observation, thrown, level="expert", seed=1)
    assert blunder.loss > 12  # at least the 14 points less the 2 kept
    assert grade(blunder.loss, cribbage.grading) == "blunder"
    assert grade(best.loss, cribbage.grading) is None


def test_d13_the_draw_domino_that_lets_the_last_tile_out_is_a_blunder() -> None:
    """Draw for two, the line [0|6], the stock down to two tiles (no drawing, D7), seat 0
    holding [0|5] and [4|6], seat 1 one tile and known to hold no 0, 1, 2, 3, 4 or 6 (it
    passed on them): its tile is [5|5]. [4|6] on the six leaves ends 0 and 4: seat 1
    passes, and [0|5] goes out, scoring [5|5]'s 10 pips (D12). [0|5] on the nought opens a
    five: seat 1 goes out with [5|5] and scores [4|6]'s 10. The wrong domino costs 20."""
    draw = pegboard.games.get("draw")
    line = Line()
    line.play(Tile(0, 6), None)
    position = Round.from_position(
        [[Tile(0, 5), Tile(4, 6)], [Tile(5, 5)]],
        stock=[Tile(1, 1), Tile(2, 2)],
        current=0,
        line=line,
        absent=[[], [0, 1, 2, 3, 4, 6]],
    )
    observation = position.observation(0)
    wrong = position.parse_action("0-5@0-6L")
    right = position.parse_action("4-6@0-6H")
    assert set(observation.legal_actions()) == {wrong, right}
    searched = analyse_decision("draw", observation, wrong, level="expert", seed=3)
    assert searched.values[0].action == str(right)
    assert searched.loss == pytest.approx(20)
    assert grade(searched.loss, draw.grading) == "blunder"
    kept = analyse_decision("draw", observation, right, level="expert", seed=3)
    assert kept.loss == 0 and grade(kept.loss, draw.grading) is None


@pytest.mark.parametrize("game", GAMES)
def test_the_experts_own_choices_are_not_blunders(game: str) -> None:
    """Two experts play seeded deals from 0-0 (the arena's: a round, a hand), and each
    decision is analysed as a report does (the expert's budget, re-searched to the
    tolerance): none is graded a blunder (the thresholds were measured on such deals)."""
    described = pegboard.games.get(game)
    deals = described.looks.arena()  # type: ignore[misc]
    tolerance = described.grading.inaccuracy * TOLERANCE_SHARE
    decisions = 0
    for seed in (41, 42):
        position = deals.start(False, seed, 2, {})  # the default options
        bots = [make_bot(game, "expert", seed=seed + seat) for seat in range(2)]
        while not deals.finished(position, False):
            seat = position.current_player
            observation = position.observation(seat)
            action = bots[seat].act(observation)
            if len(observation.legal_actions()) > 1:
                searched = analyse_decision(
                    game, observation, action, level="expert", seed=seed, tolerance=tolerance
                )
                decisions += 1
                assert grade(searched.loss, described.grading, searched.error) != "blunder"
            deals.apply(position, seat, action)
    assert decisions >= 8


def _decision_positions(game: str, seed: int, count: int) -> list[tuple[Any, int, Any]]:
    """Positions of a seeded match of ``game`` where the seat to act has a choice: the
    match, the seat and the action a greedy bot took there (every third decision)."""
    described = pegboard.games.get(game)
    match = described.new_match(described.check_options(OPTIONS[game]), seed)
    bots = [make_bot(game, "greedy", seed=seed + seat) for seat in range(2)]
    found: list[tuple[Any, int, Any]] = []
    decisions = 0
    while not match.is_over and len(found) < count:
        seat = match.current_player
        action = bots[seat].act(match.observation(seat))
        if len(match.observation(seat).legal_actions()) > 1:
            decisions += 1
            if decisions % 3 == 1:
                found.append((copy.deepcopy(match), seat, action))
        described.play(match, seat, action)
    return found


def _redealt(match: Any, seat: int, rng: random.Random) -> tuple[Any, Any, Any]:
    """The seat's observation of ``match`` with everything it cannot see dealt again, and
    the hidden part (the other hand, the stock) before and after."""
    if isinstance(match, DrawMatch):  # a Draw match re-deals through its round
        twin_round = match.round.sample_hidden(seat, rng)
        observation = dataclasses.replace(
            match.observation(seat), round=twin_round.observation(seat)
        )
        return observation, _hidden(match.round, seat), _hidden(twin_round, seat)
    twin = match.sample_hidden(seat, rng)
    part = "game" if hasattr(match, "game") else "hand"
    before, after = getattr(match, part), getattr(twin, part)
    return twin.observation(seat), _hidden(before, seat), _hidden(after, seat)


def _hidden(position: Any, seat: int) -> Any:
    return (tuple(position.hands[1 - seat]), tuple(getattr(position, "stock", ())))


@pytest.mark.parametrize("game", GAMES)
def test_the_analysis_is_blind_to_the_hidden_tiles_and_cards(game: str) -> None:
    """Every tile or card the seat cannot see dealt again, consistently with what it saw
    (``sample_hidden``: the other hand, the stock or the deck): each decision's values,
    loss and error are the same (the analysis sees the seat's observation alone)."""
    redealt = 0
    positions = _decision_positions(game, 21, 4)
    assert len(positions) == 4
    for number, (match, seat, action) in enumerate(positions):
        expected = analyse_decision(
            game, match.observation(seat), action, level="expert", budget=30, seed=number
        )
        for k in range(2):
            observation, before, after = _redealt(match, seat, random.Random(100 * number + k))
            redealt += before != after
            again = analyse_decision(
                game, observation, action, level="expert", budget=30, seed=number
            )
            assert again == expected
    assert redealt >= 6  # the hidden tiles or cards did change
