"""Draw's expert playing for the match (``draw.bots.match``, the research level
``match-expert``, issue 37): its values of a round's ends are the tables' chances of winning
the match (D16, D17), it is the expert far from the target, the search reads them the same in
C and in Python, and it plays whole matches legally.

Its strength (its match win rate against the expert in duplicate matches) is measured in
the arena (docs/odds.md), not here.
"""

from __future__ import annotations

import random

import pytest

from pegboard.draw import Match
from pegboard.draw.bots import ismcts
from pegboard.draw.bots.expert import Dealer
from pegboard.draw.bots.ismcts import SEARCH_CORE, Outcomes, code_of, search
from pegboard.draw.bots.levels import ExpertBot
from pegboard.draw.bots.match import MATCH_WITHIN, MOST_POINTS, MatchExpertBot, outcomes_for
from pegboard.draw.chances import chances_from
from pegboard.games import make_bot


def match_at(players: int, scores: tuple[int, ...], seed: int) -> Match:
    """A match of ``players`` alone whose scores are ``scores`` at the start of a round."""
    match = Match(players, seed=seed)
    match._scores = list(scores)
    return match


def test_d17_a_round_that_reaches_the_target_wins_the_match_and_others_read_the_tables() -> None:
    """The values of a round's ends, two players needing 10 and 30 (90-70 to 100), the next
    round led by seat 1 (D16): a round giving seat 0 10 points or more is the match won
    (D17), 9 points is the tables' chance at needs 1 and 30, nobody scoring is the chance at
    the same needs; every row's chances sum to 1."""
    outcomes = ismcts_outcomes((10, 30), following=1)
    assert outcomes.of([10, 0]) == [1.0, 0.0]
    assert outcomes.of([MOST_POINTS + 5, 0]) == [1.0, 0.0]
    assert outcomes.of([0, 30]) == [0.0, 1.0]
    assert outcomes.of([9, 0]) == list(chances_from([1, 30], 1))
    assert outcomes.of([0, 0]) == list(chances_from([10, 30], 1))
    assert outcomes.of([0, 29]) == list(chances_from([10, 1], 1))
    for start in range(0, len(outcomes.values), 2):
        assert sum(outcomes.values[start : start + 2]) == pytest.approx(1.0)


def ismcts_outcomes(needs: tuple[int, ...], following: int) -> Outcomes:
    from pegboard.draw.bots.match import _outcomes

    return _outcomes(needs, following)


def test_d17_it_plays_for_the_match_only_near_the_target() -> None:
    """Outcomes only once a seat needs at most ``MATCH_WITHIN`` of the target, in a match of
    players alone on the double-six set; a round alone, a partnership match and a match of
    the double-nine set have none (no tables: the expert's margins)."""
    target = 100
    near = int(MATCH_WITHIN * target)
    far = match_at(2, (target - near - 1, 0), seed=1)
    close = match_at(2, (target - near, 0), seed=1)
    assert outcomes_for(far.observation(0)) is None
    assert outcomes_for(close.observation(0)) is not None
    assert outcomes_for(close.observation(0).round) is None
    partners = Match(4, seed=1, partnerships=True)
    partners._scores = [90, 90, 90, 90]
    assert outcomes_for(partners.observation(0)) is None
    nine = Match(2, seed=1, tile_set=9)
    nine._scores = [95, 95]
    assert outcomes_for(nine.observation(0)) is None


def test_far_from_the_target_it_is_the_expert() -> None:
    """At 0-0 the match expert ranks every action as the expert does (same seed)."""
    for seed in range(6):
        match = Match(2 + seed % 3, seed=seed)
        seat = match.current_player
        assert seat is not None
        observation = match.observation(seat)
        if len(observation.legal_actions()) < 2:
            continue
        ours = MatchExpertBot().analyse(observation, random.Random(seed))
        theirs = ExpertBot().analyse(observation, random.Random(seed))
        assert [(e.action, e.value) for e in ours] == [(e.action, e.value) for e in theirs]


def test_outcomes_that_are_the_margins_grow_the_margins_tree() -> None:
    """Plumbing: an ``Outcomes`` whose values are the seats' margins (two players: the
    winner's points, less for the other) grows the very tree the margins grow."""
    values: list[float] = [0.0, 0.0] * (MOST_POINTS + 1)
    for winner in (0, 1):
        for points in range(MOST_POINTS + 1):
            values.extend(float(points if s == winner else -points) for s in (0, 1))
    as_margins = Outcomes(2, MOST_POINTS, tuple(values))
    match = Match(2, seed=3)
    seat = match.current_player
    assert seat is not None
    view = match.observation(seat).round
    moves = list(dict.fromkeys(code_of(a) for a in view.legal))
    plain = search(Dealer(view), moves, random.Random(1), 300, None, 0.7)
    through = search(Dealer(view), moves, random.Random(1), 300, None, 0.7, outcomes=as_margins)
    assert [(m, c.visits, c.total) for m, c in plain.children.items()] == [
        (m, c.visits, c.total) for m, c in through.children.items()
    ]


@pytest.mark.skipif(SEARCH_CORE != "c", reason="the C search is not in use")
def test_the_c_search_reads_the_outcomes_as_python_does() -> None:
    """Near the end of matches of two, three and four, the C search and the Python one
    grow the same tree from the tables' outcomes."""
    compared = 0
    for players, scores in ((2, (80, 70)), (3, (50, 40, 45)), (4, (45, 50, 30, 52))):
        for seed in range(4):
            match = match_at(players, scores, seed)
            seat = match.current_player
            assert seat is not None
            observation = match.observation(seat)
            outcomes = outcomes_for(observation)
            assert outcomes is not None
            view = observation.round
            moves = list(dict.fromkeys(code_of(a) for a in view.legal))
            roots = []
            for in_c in (True, False):
                with pytest.MonkeyPatch.context() as patch:
                    if not in_c:
                        patch.setattr(ismcts, "_search_in_c", None)
                    root = search(
                        Dealer(view), moves, random.Random(seed), 200, None, 0.28, outcomes=outcomes
                    )
                roots.append([(m, c.visits, c.total) for m, c in root.children.items()])
            assert roots[0] == roots[1]
            compared += 1
    assert compared == 12


def test_it_plays_whole_matches_legally() -> None:
    """Whole matches of two and of three with the match expert in a seat, to their end."""
    for players in (2, 3):
        match = Match(players, seed=players, target=30)
        bots = [
            make_bot("draw", "match-expert" if s == 0 else "expert", seed=s) for s in range(players)
        ]
        while not match.is_over:
            seat = match.current_player
            assert seat is not None
            match.apply(bots[seat].act(match.observation(seat)))
        assert match.winner is not None
