"""The cribbage expert playing for the match (issue 37): near the end it values its choices by
the chance of winning from the tables; before it, it plays exactly as the expert does."""

from __future__ import annotations

import random
import statistics

import pytest

from pegboard.bots.base import CHANCE_UNIT
from pegboard.cribbage import DECK, Discard, Game, parse_cards
from pegboard.cribbage.bots.expert import (
    ENDGAME_UNIT,
    MATCH_FROM,
    CribbageExpert,
    PeggingSearch,
    _hidden_deals,
    chance_of,
)
from pegboard.cribbage.chances import seat_chances
from pegboard.cribbage.determinize import game_view
from pegboard.games import bot_levels, make_bot
from pegboard.games import get as get_game
from pegboard.hints import strongest_analyser

SIX = "7D 10D AH 4S 8D JS"
"""The pone's six cards at 112 against the dealer at 109 (found by playing out random
endgames: the match expert's discard differs from the expert's here)."""


def test_c3_c6_c7_near_the_end_the_discard_is_chosen_by_the_chance_of_winning() -> None:
    six = list(parse_cards(SIX))
    others = [c for c in DECK if c not in six][:6]
    game = Game.from_position([six, others], dealer=1, scores=(112, 109))
    seen = game.observation(0)
    points = CribbageExpert().choose(seen, random.Random(1))
    match = CribbageExpert(objective="match").choose(seen, random.Random(1))
    assert isinstance(points, Discard) and isinstance(match, Discard)
    assert {str(c) for c in points.cards} == {"7D", "10D"}  # the most net points
    assert {str(c) for c in match.cards} == {"7D", "8D"}
    # Played out over 400 other deals, the match expert's discard wins clearly more often.
    expert = CribbageExpert(objective="match")
    view = game_view(seen)
    chance = chance_of(0, 1, None)
    deals = _hidden_deals(view, 400, random.Random(99))
    rows = {str(r.action): r for r in CribbageExpert().analyse(seen, random.Random(1))}
    won = {
        str(d): statistics.fmean(expert._played_out(view, six, rows[str(d)], deals, chance))
        for d in (points, match)
    }
    assert won[str(match)] > won[str(points)] + 0.1
    rows_match = CribbageExpert(objective="match").analyse(seen, random.Random(1))
    assert {r.unit for r in rows_match} == {CHANCE_UNIT}
    assert all(0 <= r.value <= 1 for r in rows_match)


def test_c7_before_the_end_it_plays_as_the_expert_unless_a_line_may_reach_121() -> None:
    # Before MATCH_FROM it is the expert, value for value, except where the expert's own
    # pegging search says a line may reach 121 (its unit says a game won or lost is worth
    # ±100): there it values the same deals by the chance of winning.
    same = chances = 0
    for seed in range(3):
        game = Game.new(seed=seed, dealer=seed % 2)
        points, match = CribbageExpert(), CribbageExpert(objective="match")
        while not game.is_over and max(game.scores) < MATCH_FROM:
            seat = game.current_player
            assert seat is not None
            seen = game.observation(seat)
            if len(seen.legal_actions()) > 1:
                theirs = points.analyse(seen, random.Random(seed))
                ours = match.analyse(seen, random.Random(seed))
                if theirs[0].unit == ENDGAME_UNIT:
                    assert {r.unit for r in ours} == {CHANCE_UNIT}
                    assert all(0 <= r.value <= 1 for r in ours)
                    chances += 1
                else:
                    assert ours == theirs
                    same += 1
            game.apply(points.choose(seen, random.Random(seed)))
    assert same > 0 and chances > 0  # both kinds of decision were met


def test_c4_c5_c6_c7_a_pegging_line_ends_in_the_tables_chance() -> None:
    # The pone (seat 0) at 117 holds a 4 alone, the dealer at 60 a king; the count is 27
    # after the dealer's 7, 10 and 10: the 4 makes 31 for 2 (C4), then the king is the
    # dealer's last card for 1 (C5), and the shows follow, the pone first (C6).
    chance = chance_of(0, 1, None)
    search = PeggingSearch([[4], [13]], 0, 1, (117, 60), (3, 2, 1), chance)
    values = search.root(0, 27, [7, 10, 10], (False, False))
    # 117 + 2 = 119, the pone's show 3: 122, the game won before the dealer counts.
    assert values == {4: 1.0}
    # A show of 1 instead leaves 120 - 61 after the dealer's 2 and crib 1 (64): the next
    # hand's start, dealt by the pone of this one (seat 0 deals), read from the tables.
    search = PeggingSearch([[4], [13]], 0, 1, (117, 60), (1, 2, 1), chance)
    expected = seat_chances((120, 64), 0, None, None)[0]
    assert search.root(0, 27, [7, 10, 10], (False, False)) == {4: pytest.approx(expected)}
    assert expected > 0.9  # seat 0, needing 1 as the next dealer, nearly always wins


def test_it_is_a_research_level_until_measured() -> None:
    levels = bot_levels("cribbage")
    assert "match-expert" in levels and levels.index("match-expert") < levels.index("expert")
    assert "match-expert" not in get_game("cribbage").people_levels()
    # Hints and reports keep the expert's points: the strongest analyser is the expert.
    assert strongest_analyser(get_game("cribbage")) == "expert"
    bot = make_bot("cribbage", "match-expert", seed=1)
    assert "objective='match'" in repr(bot.bot)
