"""The expert's playouts end alike in Python and in C (``FivesPlayout.run_python`` and
``pegboard.fives._fastfives.run_playout``, which ``FivesPlayout.run`` takes with the C core).

Thousands of playouts of every option, from positions at every stage of seeded random hands
(the lead included, scores near the target too), each built as the expert builds its root
and with every legal root action applied: the two loops must leave the same hands, layout,
scores, seat, boneyard and end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from pegboard.fives import FivesHand, FivesRules
from pegboard.fives.bots import playout as playout_module
from pegboard.fives.bots.expert import FivesExpert
from pegboard.fives.bots.playout import FivesPlayout
from pegboard.fives.hand import CORE

both_loops = pytest.mark.skipif(
    CORE != "c", reason="the C core is not in use, so there is only one loop to compare"
)

OPTIONS = [
    FivesRules(game, players, partnerships, reserve, by_fives)  # type: ignore[arg-type]
    for players in (2, 3, 4)
    for partnerships in ((False, True) if players == 4 else (False,))
    for game, reserve, by_fives in (
        ("all-fives", 0, False),
        ("all-fives", 2, False),
        ("all-fives", 0, True),
        ("all-fives", 2, True),
        ("fives-and-threes", 0, False),
    )
]


def fields(playout: FivesPlayout) -> tuple[Any, ...]:
    return tuple(getattr(playout, name) for name in FivesPlayout.__slots__)


def root(hand: FivesHand) -> FivesPlayout:
    """The playout of ``hand``'s position, as the expert builds its root and deals to it."""
    layout = hand.layout
    current = hand.current_player
    assert current is not None
    built = FivesPlayout.build(
        hand.rules,
        [0] * hand.num_players,
        (),
        layout.open_ends(),
        layout.spinner,
        len(layout.tiles),
        current,
        hand.scores,
    )
    return built.with_tiles([sum(t.bit for t in tiles) for tiles in hand.hands], hand.boneyard)


@both_loops
def test_f6_to_f9_playouts_end_alike_in_python_and_in_c() -> None:
    """The search's playouts, in C and in Python, score every ends total alike (F6, F7)
    and end every hand alike (F8, F9), from positions of every option."""
    ends: set[tuple[str, str | None]] = set()
    compared = 0
    for rules in OPTIONS:
        for seed in range(40):
            rng = random.Random(seed)
            scores = None
            if seed % 3:
                scores = [rules.target - rng.randrange(1, 40) for _ in rules.sides]
            hand = FivesHand.deal(rules, seed=seed, leader=seed % rules.players, scores=scores)
            while not hand.is_over:
                if rng.random() < 0.35:
                    start = root(hand)
                    for action in hand.legal_actions():
                        in_c = start.copy()
                        in_c.apply(action, hand.layout.open_ends())
                        in_python = in_c.copy()
                        in_c.run()
                        in_python.run_python()
                        assert fields(in_c) == fields(in_python), (rules, seed, action)
                        ends.add((rules.game, in_c.over))
                        compared += 1
                hand.apply(rng.choice(hand.legal_actions()))
    assert compared > 5000
    assert ends == {
        (game, kind)
        for game in ("all-fives", "fives-and-threes")
        for kind in ("domino", "blocked", "target")
    }


@both_loops
def test_the_expert_runs_its_playouts_in_c() -> None:
    """``FivesPlayout.run`` takes the C loop with the C core (and ``run_python`` without)."""
    assert playout_module._run_in_c is not None
    hand = FivesHand.deal(FivesRules("all-fives", 2), seed=3)
    hand.apply(hand.legal_actions()[0])
    playout = root(hand)
    calls: list[object] = []
    original = playout_module._run_in_c

    def spy(*args: Any) -> Any:
        calls.append(args)
        return original(*args)

    playout_module._run_in_c = spy
    try:
        playout.run()
    finally:
        playout_module._run_in_c = original
    assert len(calls) == 1 and playout.over is not None


@both_loops
def test_run_playout_refuses_what_is_not_a_live_playout() -> None:
    """The C loop checks what it is given (it must never read out of bounds)."""
    hand = FivesHand.deal(FivesRules("all-fives", 2), seed=3)
    hand.apply(hand.legal_actions()[0])
    good = root(hand)
    args = [
        good.hands,
        good.bone,
        good.taken,
        good.limit,
        good.values,
        good.weights,
        good.total,
        good.lone,
        good.spin,
        good.spinner_pending,
        good.current,
        good.scores,
        good.side_of,
        good.table,
        good.exact,
        good.target,
        good.all_fives,
        good.partnerships,
        good.by_fives,
    ]
    assert playout_module._run_in_c is not None
    playout_module._run_in_c(*args)  # the good one is taken
    for index, value in [
        (0, [1]),  # one hand
        (0, [1 << 28, 1]),
        (1, [3]),  # not a playout bit
        (2, 99),  # taken past the boneyard
        (4, []),  # no open end: the lead is FivesPlayout.step's
        (4, [7, 1]),
        (5, [1]),  # a weight per end
        (8, 5),  # no such slot
        (10, 2),  # no seat 2
        (12, (0, 5)),  # no side 5
        (13, (0,) * 10),  # the points of every total
    ]:
        broken = list(args)
        broken[index] = value
        with pytest.raises((ValueError, TypeError)):
            playout_module._run_in_c(*broken)


@both_loops
def test_the_reference_expert_decides_as_the_expert() -> None:
    """``FivesExpert(reference=True)``, today's expert that the equal-time benchmark
    measures (playouts in Python, the sampler's work redone at every deal), values every
    action as the expert does (C loop, one ``Sampler``), from the same seed: only its
    speed differs. And it never calls the C loop."""
    calls: list[object] = []
    original = playout_module._run_in_c
    assert original is not None

    def spy(*args: Any) -> Any:
        calls.append(args)
        return original(*args)

    checked = 0
    for game in ("all-fives", "fives-and-threes"):
        for players in (2, 4):
            rules = FivesRules(game, players)
            for seed in range(6):
                rng = random.Random(seed)
                hand = FivesHand.deal(rules, seed=seed, leader=seed % players)
                while not hand.is_over:
                    seat = hand.current_player
                    assert seat is not None
                    observation = hand.observation(seat)
                    if len(hand.legal_actions()) > 1 and rng.random() < 0.5:
                        in_c = FivesExpert(60).analyse(observation, random.Random(seed))
                        playout_module._run_in_c = spy
                        try:
                            in_python = FivesExpert(60, reference=True).analyse(
                                observation, random.Random(seed)
                            )
                        finally:
                            playout_module._run_in_c = original
                        assert in_python == in_c
                        checked += 1
                    hand.apply(rng.choice(hand.legal_actions()))
    assert checked > 50
    assert not calls
