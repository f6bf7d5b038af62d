"""The two cores of ``FivesHand`` behave identically (hand.py, _purecore.py, _fastfives.c).

``FivesHand`` runs on the C core when it is compiled; ``PureFivesHand`` is the same class on
the pure-Python reference core. Thousands of seeded random hands of every option (both
games; 2, 3 and 4 players, alone and in partnerships; All Fives' reserve and scoring by
fives; scores near the target before the hand) are played by both, step by step, comparing
the whole state, the legal actions (the very same objects), the scores and the end, the
errors for illegal actions, observations, hidden-information samples and records.
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from collections import Counter
from typing import Any

import pytest

from pegboard.core import IllegalActionError
from pegboard.dominoes import DOUBLE_SIX, End, Tile
from pegboard.dominoes.actions import DRAW, PASS, Play
from pegboard.fives import FivesRules
from pegboard.fives._purecore import ACTIONS, PureCore, core_rules
from pegboard.fives.determinize import determinize
from pegboard.fives.hand import CORE, CORE_METHODS, FivesHand, PureFivesHand

PURE_FORCED = os.environ.get("PEGBOARD_PURE_PYTHON", "").strip().lower() in ("1", "true", "yes")
both_cores = pytest.mark.skipif(
    CORE != "c", reason="the C core is not in use, so there is only one core to compare"
)


def every_option() -> list[FivesRules]:
    """Every rules object the Fives family allows (F1, F4, F9): 20 of them."""
    found = []
    for players in (2, 3, 4):
        for partnerships in (False, True) if players == 4 else (False,):
            for reserve in (0, 2):
                for by_fives in (False, True):
                    found.append(FivesRules("all-fives", players, partnerships, reserve, by_fives))
            found.append(FivesRules("fives-and-threes", players, partnerships))
    return found


OPTIONS = every_option()

# Not legal now, or not actions at all: each must be refused the same way by both cores.
JUNK: list[Any] = [
    "draw",
    None,
    3,
    ("1-2",),
    Play(Tile(0, 0), End(Tile(6, 6), "C")),
    Play(Tile(2, 5), End(Tile(2, 5), "high")),
    Play(Tile(1, 3), End(Tile(4, 4), "B")),
]


def state(h: FivesHand) -> tuple[Any, ...]:
    """Everything a hand's core holds, cheaply (through its accessors)."""
    return (
        h.num_players,
        h.current_player,
        h.leader,
        h.is_over,
        h.scores,
        h.boneyard_count,
        h.drawable,
        h._current_seat(),
        h._hand_masks(),
        h._bone_tiles(),
        h._placements(),
        h._open_ends(),
        h._history_codes(),
        h._end_state(),
    )


def public_view(h: FivesHand) -> tuple[Any, ...]:
    """Everything the public API shows of a hand (dearer: built at a few steps only)."""
    n = h.num_players
    layout = h.layout
    return (
        h.hands,
        h.boneyard,
        layout.plays(),
        layout.open_ends(),
        layout.spinner,
        layout.ends_total() if not layout.is_empty else 0,
        layout.describe("en"),
        h.history,
        h.last_points,
        h.result,
        None if h.is_over else [h.can_play(s) for s in range(n)],
        [h.observation(s).to_dict() for s in range(n)],
        h.to_record(),
        repr(h),
    )


def refusal(h: FivesHand, action: Any) -> tuple[str, str | None] | None:
    try:
        h.apply(action)
    except IllegalActionError as error:
        return (str(error), error.rule)
    return None


def start_scores(rules: FivesRules, rng: random.Random) -> list[int] | None:
    """A hand's scores before it: none, anywhere, or near the target (F9's ends)."""
    kind = rng.randrange(3)
    if kind == 0:
        return None
    if kind == 1:
        return [rng.randrange(rules.target) for _ in range(rules.num_sides)]
    return [rules.target - rng.randrange(1, 16) for _ in range(rules.num_sides)]


def play_both(rules: FivesRules, seed: int, seen: Counter[str]) -> None:
    """Play one seeded random hand with both cores, comparing them at every step; count in
    ``seen`` what the hand went through (the rules of refusals, how it ended, ...)."""
    rng = random.Random(seed)
    n = rules.players
    leader = seed % n
    scores = start_scores(rules, rng)
    # Every step of every hand compares the cores' state; one hand in four also compares the
    # dearer things (the public view mid-hand, copies, samples, records), to keep it quick.
    thorough = seed % 4 == 0
    fast = FivesHand.deal(rules, seed=seed, leader=leader, scores=scores)
    pure = PureFivesHand.deal(rules, seed=seed, leader=leader, scores=scores)
    step = 0
    while True:
        assert state(fast) == state(pure), (rules, seed, step)
        legal = fast.legal_actions()
        other = pure.legal_actions()
        assert len(legal) == len(other) and all(a is b for a, b in zip(legal, other, strict=True))
        if (thorough and step % 8 == 0) or fast.is_over:
            assert public_view(fast) == public_view(pure), (rules, seed, step)
        if rng.random() < 0.1 or fast.is_over:  # an illegal action: same error, no change
            hand = fast._hand_masks()[fast._current_seat()]
            mine = [a for a in ACTIONS if isinstance(a, Play) and a.tile.bit & hand]
            bad = rng.choice(mine if mine and rng.random() < 0.5 else [*ACTIONS, *JUNK])
            if bad not in legal:
                before = state(fast)
                expected = refusal(pure, bad)
                assert expected is not None, bad
                assert refusal(fast, bad) == expected, (rules, seed, step, bad)
                assert state(fast) == before == state(pure)
                assert fast.legal_actions() is legal
                seen[f"refused {expected[1]}"] += 1
        if fast.is_over:
            break
        if thorough and step % 11 == 3:  # copies are whole and independent, pickled or not
            assert state(pickle.loads(pickle.dumps(pure))) == state(pure)
            for twin in (pickle.loads(pickle.dumps(fast)), copy.deepcopy(fast), fast.copy()):
                assert type(twin) is type(fast) and state(twin) == state(fast)
                assert public_view(twin) == public_view(fast)
                twin.apply(twin.legal_actions()[-1])
                assert state(twin) != state(fast) == state(pure)
        if (
            thorough and step % 7 == 4
        ):  # hidden information: the same samples, the same searched position
            seat = rng.randrange(n)
            sample = fast.sample_hidden(seat, random.Random(step))
            reference = pure.sample_hidden(seat, random.Random(step))
            assert state(sample) == state(reference)
            searched = determinize(fast.observation(seat), random.Random(step))
            assert state(searched) == state(sample)
            assert state(fast) == state(pure)  # sampling leaves the hand alone
        action = rng.choice(legal)
        fast.apply(action)
        pure.apply(action)
        step += 1
    result = fast.result
    assert result is not None
    seen[f"{rules.game} {result.kind}"] += 1
    for move in fast.history:
        seen["draw" if move.action is DRAW else "knock" if move.action is PASS else "play"] += 1
        seen["overshot"] += move.overshot
        seen["chip-out"] += move.chip_out
    seen["spinner arms"] += any(end.side == "C" for _, end in fast.layout.plays() if end)
    if thorough:
        record = fast.to_record()
        assert FivesHand.from_record(record).to_record() == record
        assert PureFivesHand.from_record(record).to_record() == record


def test_c_core_is_compiled() -> None:
    """``pip install -e .`` (``make test``) compiles the C core, and ``FivesHand`` runs on it."""
    if PURE_FORCED:
        assert CORE == "python" and FivesHand is PureFivesHand
        pytest.skip("PEGBOARD_PURE_PYTHON forces the pure-Python core")
    assert CORE == "c", "the C core was not built: reinstall with a C compiler (pip install -e .)"
    from pegboard.fives import _fastfives

    assert issubclass(FivesHand, _fastfives.Core)
    assert issubclass(PureFivesHand, PureCore) and not issubclass(PureFivesHand, _fastfives.Core)


def test_hot_path_is_the_cores_own() -> None:
    """No Python layer between ``FivesHand`` and its core on ``legal_actions``, ``apply`` and
    ``is_over``: the names ``FivesHand`` binds are the core's own objects."""
    cores: dict[str, type] = {"python": PureCore}
    if CORE == "c":
        from pegboard.fives import _fastfives

        cores["c"] = _fastfives.Core
    assert FivesHand.CORE == CORE and PureFivesHand.CORE == "python"
    for cls in (FivesHand, PureFivesHand):
        core = cls.__mro__[1]
        assert core is cores[cls.CORE]
        for name in CORE_METHODS:
            assert vars(cls)[name] is vars(core)[name], (cls.__name__, name)


@both_cores
@pytest.mark.parametrize("game", ["all-fives", "fives-and-threes"])
def test_f4_to_f9_random_hands_identical_in_both_cores(game: str) -> None:
    """120 hands of each option: 1,920 of All Fives' 16 options, 480 of Fives and Threes' 4,
    compared at every step: F4's must play and draw, F5's layout and spinner, F6's ends
    total, F7's points, F8's ends of a hand, F9's target and overshoot."""
    seen: Counter[str] = Counter()
    for rules in OPTIONS:
        if rules.game == game:
            for seed in range(120):
                play_both(rules, seed, seen)
    # Every way through a hand was compared: every refusal, every end, F9's overshoot...
    assert {key for key in seen if key.startswith("refused")} == {
        "refused F4",
        "refused F5",
        "refused D5",
        "refused F8",
    }
    assert {f"{game} domino", f"{game} blocked", f"{game} target"} <= set(seen)
    assert seen["play"] and seen["knock"]
    if game == "all-fives":
        assert seen["draw"] and seen["spinner arms"]
    else:
        assert seen["overshot"] and seen["chip-out"]


@both_cores
def test_f2_deals_identical_in_both_cores_for_any_seed() -> None:
    """The deal is random.Random(seed).shuffle of DOUBLE_SIX, whichever core shuffles."""
    rng = random.Random(2026)
    seeds: list[Any] = [0, 1, -1, 2**31, 2**32 - 1, 2**32, -(2**32), 2**63, 2**64 - 1]
    seeds += [-(2**64) + 1, 2**64, 2**100, -(2**70), "seed", b"seed", 1.5, True]
    seeds += [rng.getrandbits(bits) * rng.choice((1, -1)) for bits in range(1, 70)]
    for seed in seeds:
        for rules in OPTIONS:
            fast = FivesHand.deal(rules, seed=seed)
            pure = PureFivesHand.deal(rules, seed=seed)
            assert state(fast) == state(pure), seed
            tiles = list(DOUBLE_SIX)
            random.Random(seed).shuffle(tiles)
            size = rules.hand_size
            assert fast.hands == tuple(
                tuple(sorted(tiles[s * size : (s + 1) * size])) for s in range(rules.players)
            )
            assert fast.boneyard == tuple(tiles[rules.players * size :])


@both_cores
def test_f2_the_c_shuffle_uses_pythons_mersenne_twister() -> None:
    """The C deal's generator gives random.Random(seed)'s words, past its first block too."""
    from pegboard.fives import _fastfives

    for seed in [0, 1, -7, 2**32 - 1, 2**32, 2**64 - 1, 123456789123456789]:
        reference = random.Random(seed)
        expected = [reference.getrandbits(32) for _ in range(1500)]
        assert _fastfives._mt_words(seed, 1500) == expected
        assert _fastfives._mt_words(seed, 30) == expected[:30]
    with pytest.raises(OverflowError):
        _fastfives._mt_words(2**64, 1)


@both_cores
def test_f5_positions_with_a_layout_identical_in_both_cores() -> None:
    """``from_position`` with a layout already laid (a spinner's arms open, some of them):
    both cores continue it alike, blocked at once included."""
    rng = random.Random(7)
    for _ in range(300):
        rules = rng.choice(OPTIONS)
        h = PureFivesHand.deal(rules, seed=rng.getrandbits(32))
        for _ in range(rng.randrange(30)):  # play some of a hand, then start from there
            if h.is_over:
                break
            h.apply(rng.choice(h.legal_actions()))
        if h.is_over or any(not hand for hand in h.hands):
            continue
        current = h.current_player
        args = ([list(t) for t in h.hands], list(h.boneyard), h.layout.plays(), current, current)
        fast = FivesHand.from_position(rules, *args, scores=h.scores)
        pure = PureFivesHand.from_position(rules, *args, scores=h.scores)
        while True:
            assert state(fast) == state(pure)
            assert fast.legal_actions() == pure.legal_actions()
            if pure.is_over:
                break
            action = rng.choice(pure.legal_actions())
            fast.apply(action)
            pure.apply(action)
        assert public_view(fast) == public_view(pure)


@both_cores
def test_c_core_refuses_a_malformed_state() -> None:
    """The C core checks what it is given (it must never read out of bounds)."""
    spec = core_rules(FivesRules("all-fives", 2))
    lead = ACTIONS.index(Play(Tile(3, 4)))
    for args in [
        (spec, [1], [], [], 0, 0, [0, 0]),  # one hand for two seats
        (spec, [1, 2, 4], [], [], 0, 0, [0, 0]),
        (spec, [1, 2], [28], [], 0, 0, [0, 0]),  # no tile 28
        (spec, [1, 2], [-1], [], 0, 0, [0, 0]),
        (spec, [1, 2], [], [], 2, 0, [0, 0]),  # no seat 2
        (spec, [1, 2], [], [], 0, -1, [0, 0]),
        (spec, [1 << 28, 2], [], [], 0, 0, [0, 0]),  # no tile 28 in a hand
        (spec, [1, 2], [], [len(ACTIONS)], 0, 0, [0, 0]),  # no such action
        (spec, [1, 2], [], [lead, lead], 0, 0, [0, 0]),  # a lead twice
        (spec, [1, 2], [], [ACTIONS.index(DRAW)], 0, 0, [0, 0]),  # a draw is no placement
        (spec, [1, 2], [], [ACTIONS.index(Play(Tile(0, 1), End(Tile(0, 0), "A")))], 0, 0, [0, 0]),
        (spec, [1, 2], [], [], 0, 0, [0]),  # one score for two sides
        (spec, [1, 2], [], [], 0, 0, [0, -1]),
        (spec[:-1], [1, 2], [], [], 0, 0, [0, 0]),  # not rules
    ]:
        with pytest.raises((ValueError, TypeError)):
            FivesHand._make(*args)
    good = FivesHand.deal(FivesRules("all-fives", 3), seed=5)._getstate()
    for index, value in [(1, (1,)), (2, (29,)), (3, 99), (5, 3), (6, -1), (7, (1, 2)), (9, 4)]:
        broken = list(good)
        broken[index] = value
        with pytest.raises(ValueError):
            FivesHand._fromstate(tuple(broken))
    for history in [((5, 0, -1, 0, 0, 0, 0),), ((0, 9999, -1, 0, 0, 0, 0),), ((0, 0, 0),)]:
        with pytest.raises(ValueError):
            FivesHand._fromstate((*good[:8], history, 0, -1))
    with pytest.raises(TypeError):
        FivesHand.__new__(FivesHand).apply(PASS)  # an undealt core plays nothing
    h = FivesHand._make(spec, [1, 2], [5], [lead], 0, 1, [0, 0])  # a well-formed one is taken
    three_four = Tile(3, 4).index
    assert h._placements() == (lead,)
    assert h._open_ends() == (4 * three_four, 4 * three_four + 1)


@both_cores
@pytest.mark.parametrize("by_fives", [False, True])
def test_f8_shared_blocks_identical_in_both_cores(by_fives: bool) -> None:
    """Two or three seats tied lowest share a blocked All Fives hand's count (F8), a half
    rounding up: rare in random hands, so hundreds of shares are set up here, each blocked
    at once ([0|0] led, no 0 in any hand, nothing to draw)."""
    rng = random.Random(42)
    tied = [[Tile(1, 5)], [Tile(2, 4)], [Tile(3, 3)]]  # 6 pips each
    others = [t for t in DOUBLE_SIX if t.low and t not in (Tile(1, 5), Tile(2, 4), Tile(3, 3))]
    shares: Counter[tuple[int, int]] = Counter()
    for _ in range(300):
        players = rng.choice((3, 4))
        ties = rng.choice((2, 3)) if players == 4 else 2
        rules = FivesRules("all-fives", players, False, 0, by_fives)
        rest = rng.sample(others, players - ties + rng.randrange(4))
        hands = [*tied[:ties], *([] for _ in range(players - ties))]
        for i, tile in enumerate(rest):  # every other seat more than 6 pips
            hands[ties + i % (players - ties)].append(tile)
        if any(sum(t.pips for t in hand) <= 6 for hand in hands[ties:]):
            continue
        fast = FivesHand.from_position(rules, hands, (), [(Tile(0, 0), None)])
        pure = PureFivesHand.from_position(rules, hands, (), [(Tile(0, 0), None)])
        assert fast.is_over and state(fast) == state(pure) and fast.result == pure.result
        result = fast.result
        assert result is not None and result.kind == "blocked"
        shares[(result.shared, result.counted[0] % (5 * result.shared))] += 1
    # shares by two and by three, with remainders at, below and above the half
    assert len({share for share, _ in shares}) == 2 and len(shares) >= 12
