"""The Fives expert playing for the match (issue 37, ``FivesExpert(objective="match")``, the
research level ``match-expert``): near the end each playout's end is read through the
tables, the chance of winning the match; far from it, it plays exactly as the expert."""

from __future__ import annotations

import random

import pytest

from pegboard.bots.base import CHANCE_UNIT, SeededBot
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.fives.bots.expert import MATCH_WITHIN, FivesExpert
from pegboard.fives.hand import FivesHand
from pegboard.fives.rules import GAMES, FivesRules
from pegboard.games import bot_levels, make_bot
from pegboard.games import get as get_game
from pegboard.hints import strongest_analyser
from tests.fives.bots.test_basic import _random_position


@pytest.mark.parametrize("game", GAMES)
def test_it_is_a_research_level_until_measured(game: str) -> None:
    levels = bot_levels(game)
    assert levels.index("match-expert") < levels.index("expert")
    assert "match-expert" not in get_game(game).people_levels()
    # Hints and reports keep the expert's points: the strongest analyser is the expert.
    assert strongest_analyser(get_game(game)) == "expert"
    bot = make_bot(game, "match-expert", seed=1)
    assert "objective='match'" in repr(bot.bot)
    with pytest.raises(ValueError, match="'points' or the 'match'"):
        FivesExpert(objective="win")  # type: ignore[arg-type]


def test_f1_f4_f9_it_plays_only_legal_actions() -> None:
    """In seeded positions of every configuration (scores drawn anywhere below the target in
    four of ten, so many near it), its choice is legal; where it plays for the match, its
    values are chances (from 0 to 1, in the match's unit)."""
    matched = 0
    for seed in range(160):
        hand = _random_position(seed)
        if hand.is_over:
            continue
        seat = hand.current_player
        assert seat is not None
        view = hand.observation(seat)
        bot = FivesExpert(budget=40, objective="match")
        assert bot.choose(view, random.Random(seed)) in view.legal_actions()
        if bot.plays_for_the_match(view) and len(view.legal_actions()) > 1:
            rows = bot.analyse(view, random.Random(seed))
            assert {row.unit for row in rows} == {CHANCE_UNIT}
            assert all(0 <= row.value <= 1 for row in rows)
            matched += 1
    assert matched >= 10


@pytest.mark.parametrize("game", GAMES)
def test_far_from_the_target_it_plays_as_the_expert(game: str) -> None:
    """Until a side is within ``MATCH_WITHIN`` of the target, every decision's ranking is
    the expert's, value for value (the same playouts on the same deals)."""
    rules = FivesRules(game, players=2)  # type: ignore[arg-type]
    below = int(rules.target * (1 - MATCH_WITHIN)) - 1
    for seed in range(3):
        hand = FivesHand.deal(rules, seed=seed, leader=seed % 2, scores=(below, below - seed))
        points, match = FivesExpert(budget=60), FivesExpert(budget=60, objective="match")
        while not hand.is_over and max(hand.scores) <= below:
            seat = hand.current_player
            assert seat is not None
            view = hand.observation(seat)
            assert not match.plays_for_the_match(view)
            if len(view.legal_actions()) > 1:
                assert match.analyse(view, random.Random(seed)) == points.analyse(
                    view, random.Random(seed)
                )
            hand.apply(points.choose(view, random.Random(seed)))


def _near_end_match(game: str, seed: int) -> object:
    described = get_game(game)
    match = described.new_match(described.check_options({"players": 2}), seed)
    casual = random.Random(seed)
    # Played on by random legal moves until a side is near the target.
    while not match.is_over and max(match.side_scores) < 0.75 * match.rules.target:
        legal = match.hand.legal_actions()
        match.apply(legal[casual.randrange(len(legal))])
    return match


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_makes_the_same_choices(game: str) -> None:
    """Two match experts of the same seed play the same whole match from near its end."""
    finished = []
    for _ in range(2):
        match = _near_end_match(game, 4)
        bots = [SeededBot(FivesExpert(budget=60, objective="match"), 11 + s) for s in range(2)]
        chosen = []
        while not match.is_over:  # type: ignore[attr-defined]
            seat = match.current_player  # type: ignore[attr-defined]
            action = bots[seat].act(match.observation(seat))  # type: ignore[attr-defined]
            chosen.append(str(action))
            match.apply(action)  # type: ignore[attr-defined]
        finished.append(chosen)
    assert finished[0] == finished[1] and finished[0]


@pytest.mark.parametrize("game", GAMES)
def test_it_never_peeks(game: str) -> None:
    """Two matches the seat cannot tell apart (the hidden tiles dealt again consistently
    with what it saw, ``sample_hidden``) get the same ranking, value for value."""
    match = _near_end_match(game, 8)
    seat = match.current_player  # type: ignore[attr-defined]
    other = match.sample_hidden(seat, random.Random(99))  # type: ignore[attr-defined]
    assert other.hand.hands != match.hand.hands  # type: ignore[attr-defined]
    bot = FivesExpert(budget=80, objective="match")
    seen = match.observation(seat)  # type: ignore[attr-defined]
    assert bot.plays_for_the_match(seen.hand)
    assert bot.analyse(seen, random.Random(5)) == bot.analyse(
        other.observation(seat), random.Random(5)
    )


def _tiles(text: str) -> list[Tile]:
    return [Tile(int(t[0]), int(t[2])) for t in text.split()]


MINE = "0-2 0-5 1-1 1-6 2-5 3-6 5-6"
"""Seat 0's hand, leading at 57 against 55 in Fives and Threes (found by playing out
near-end hands: the two experts' leads differ here)."""


def test_f7_f9_near_61_the_lead_is_chosen_for_the_match_not_the_points() -> None:
    """Fives and Threes, two players, 57-55, seat 0 to lead (F9: exactly 61, a play past it
    scores nothing). [3|6] scores 3 at once (ends total 9, F7), to 60, from where only a
    play worth exactly 1 wins; [1|6] scores nothing (7) and keeps 57, from where a 4 or
    several smaller plays win. The expert takes the points (at any seed and budget
    tried); the match expert, reading its playouts' ends through the tables, leads [1|6].
    Played out by the expert itself to the end of the hand (no table in it) over 300
    worlds of the tiles seat 0 cannot see, [1|6] left seat 0 at 61 in 58% of them and the
    other side in 23%; [3|6] in 61% and 34%."""
    rules = FivesRules("fives-and-threes", players=2)
    mine = _tiles(MINE)
    theirs = _tiles("0-1 0-4 2-2 2-4 2-6 3-3 6-6")
    rest = [t for t in DOUBLE_SIX if t not in mine and t not in theirs]
    hand = FivesHand.from_position(rules, [mine, theirs], rest, leader=0, scores=[57, 55])
    view = hand.observation(0)
    for seed in (1, 2):
        assert str(FivesExpert().choose(view, random.Random(seed))) == "3-6"
        chosen = FivesExpert(objective="match").choose(view, random.Random(seed))
        assert str(chosen) == "1-6"
    rows = {
        str(r.action): r for r in FivesExpert(objective="match").analyse(view, random.Random(1))
    }
    assert rows["1-6"].unit == CHANCE_UNIT
    assert rows["1-6"].value > rows["3-6"].value
