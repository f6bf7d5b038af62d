"""The two cores of ``Round`` behave identically (round.py, _purecore.py, _fastround.c).

``Round`` runs on the C core when it is compiled; ``PureRound`` is the same class on the
pure-Python reference core. Thousands of seeded random rounds are played by both, step by
step, comparing the whole state, the legal actions (the very same objects), the errors for
illegal actions, observations, hidden-information samples and records; for Draw and for the
Block game (D18-D20), which the cores play with the whole stock as their reserve; for
both in partnerships (D21-D23), which the cores settle by side (``_points``); and for every
one of them on the double-nine set (D25-D27), 55 tiles in 64-bit hands (2,000 rounds).
"""

from __future__ import annotations

import copy
import os
import pickle
import random
from typing import Any

import pytest

from pegboard.core import IllegalActionError
from pegboard.dominoes.tiles import DOUBLE_NINE
from pegboard.draw import DOUBLE_SIX, DRAW, PASS, End, Line, Play, Tile
from pegboard.draw._purecore import ACTIONS, PureCore
from pegboard.draw.round import CORE, CORE_METHODS, PureRound, Round

PURE_FORCED = os.environ.get("PEGBOARD_PURE_PYTHON", "").strip().lower() in ("1", "true", "yes")
both_cores = pytest.mark.skipif(
    CORE != "c", reason="the C core is not in use, so there is only one core to compare"
)

# Not legal now, or not actions at all: each must be refused the same way by both cores.
JUNK: list[Any] = [
    "draw",
    None,
    3,
    ("1-2",),
    Play(Tile(0, 0), End(Tile(6, 6), "A")),
    Play(Tile(2, 5), End(Tile(2, 5), "high")),
    Play(Tile(1, 3), End(Tile(4, 4), "B")),
    Play(Tile(0, 7)),  # of the double-nine set only: refused in a double-six round (D1)
    Play(Tile(6, 9), End(Tile(6, 6), "A")),
]
# Each set's actions (the double-six set's are numbered first, up to PASS, D25).
SET_ACTIONS = {6: ACTIONS[: ACTIONS.index(PASS) + 1], 9: ACTIONS}


def state(r: Round) -> tuple[Any, ...]:
    """Everything a round holds, cheaply (through its core's accessors)."""
    return (
        r.num_players,
        r.current_player,
        r.leader,
        r.is_over,
        r.stock_size,
        r.reserve,
        r.block,
        r.partnerships,
        r.tile_set,
        r._points(),
        r._hand_masks(),
        r._stock_tiles(),
        r._placements(),
        r._open_ends(),
        r._history_codes(),
        r._absent_masks(),
        r._domino_seat(),
    )


def public_view(r: Round) -> tuple[Any, ...]:
    """Everything the public API shows of a round (dearer: built at a few steps only)."""
    n = r.num_players
    line = r.line
    return (
        r.hands,
        r.stock,
        line.tiles,
        line.joints,
        line.open_ends(),
        line.describe("en"),
        r.history,
        r.result,
        r.returns(),
        [r.known_absent(s) for s in range(n)],
        None if r.is_over else [r.can_play(s) for s in range(n)],
        [r.observation(s).to_dict() for s in range(n)],
        r.to_record(),
        repr(r),
    )


def refusal(r: Round, action: Any) -> tuple[str, str | None] | None:
    try:
        r.apply(action)
    except IllegalActionError as error:
        return (str(error), error.rule)
    return None


def play_both(
    players: int, seed: int, block: bool = False, partnerships: bool = False, tile_set: int = 6
) -> set[str | None]:
    """Play one seeded random round with both cores, comparing them at every step (of the
    Block game when ``block``, in partnerships when ``partnerships``, on the double-nine set
    when ``tile_set`` is 9).

    Returns the rules named by the refusals of the illegal actions tried on the way.
    """
    rules: set[str | None] = set()
    rng = random.Random(seed)
    leader = seed % players
    options: dict[str, Any] = {"block": block, "partnerships": partnerships, "tile_set": tile_set}
    fast = Round.deal(players, seed=seed, leader=leader, **options)
    pure = PureRound.deal(players, seed=seed, leader=leader, **options)
    assert fast.block is pure.block is block
    assert fast.partnerships is pure.partnerships is partnerships
    assert fast.tile_set == pure.tile_set == tile_set
    step = 0
    while True:
        assert state(fast) == state(pure), (players, seed, step)
        legal = fast.legal_actions()
        other = pure.legal_actions()
        assert len(legal) == len(other) and all(a is b for a, b in zip(legal, other, strict=True))
        if step % 16 == 0 or fast.is_over:
            assert public_view(fast) == public_view(pure), (players, seed, step)
        if rng.random() < 0.15 or fast.is_over:  # an illegal action: same error, no change
            hand = fast._hand_masks()[fast._current_seat()]
            mine = [a for a in ACTIONS if isinstance(a, Play) and a.tile.bit & hand]
            pools = ([*SET_ACTIONS[tile_set], *JUNK], [*JUNK, DRAW, PASS])
            bad = rng.choice(mine if mine and rng.random() < 0.5 else rng.choice(pools))
            if bad not in legal:
                before = state(fast)
                expected = refusal(pure, bad)
                assert expected is not None, bad
                assert refusal(fast, bad) == expected, (players, seed, step, bad)
                assert state(fast) == before == state(pure)
                assert fast.legal_actions() is legal
                rules.add(expected[1])
        if fast.is_over:
            break
        if step % 23 == 3:  # copies are whole and independent, pickled or not
            assert state(pickle.loads(pickle.dumps(pure))) == state(pure)
            for twin in (pickle.loads(pickle.dumps(fast)), copy.deepcopy(fast), fast.copy()):
                assert type(twin) is type(fast) and state(twin) == state(fast)
                assert (twin.line, twin.history, twin.to_record()) == (
                    fast.line,
                    fast.history,
                    fast.to_record(),
                )
                twin.apply(twin.legal_actions()[-1])
                assert state(twin) != state(fast) == state(pure)
        if step % 13 == 4:
            seat = rng.randrange(players)
            sample = fast.sample_hidden(seat, random.Random(step))
            reference = pure.sample_hidden(seat, random.Random(step))
            assert state(sample) == state(reference)
            assert state(fast) == state(pure)  # sampling leaves the round alone
        action = rng.choice(legal)
        fast.apply(action)
        pure.apply(action)
        step += 1
    record = fast.to_record()
    assert Round.from_record(record).to_record() == record
    assert PureRound.from_record(record).to_record() == record
    return rules


def test_c_core_is_compiled() -> None:
    """``pip install -e .`` (``make test``) compiles the C core, and ``Round`` runs on it."""
    if PURE_FORCED:
        assert CORE == "python" and Round is PureRound
        pytest.skip("PEGBOARD_PURE_PYTHON forces the pure-Python core")
    assert CORE == "c", "the C core was not built: reinstall with a C compiler (pip install -e .)"
    from pegboard.draw import _fastround

    assert issubclass(Round, _fastround.Core)
    assert issubclass(PureRound, PureCore) and not issubclass(PureRound, _fastround.Core)


def test_hot_path_is_the_cores_own() -> None:
    """No Python layer between ``Round`` and its core on ``legal_actions`` and ``apply``:
    the names ``Round`` binds (where readers and type checkers look) are the core's own
    objects, and ``CORE`` names that core."""
    cores = {"python": PureCore}
    if CORE == "c":
        from pegboard.draw import _fastround

        cores["c"] = _fastround.Core
    assert Round.CORE == CORE and PureRound.CORE == "python"
    for cls in (Round, PureRound):
        core = cls.__mro__[1]
        assert core is cores[cls.CORE]
        for name in CORE_METHODS:
            assert vars(cls)[name] is vars(core)[name], (cls.__name__, name)


@both_cores
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_rounds_identical_in_both_cores(players: int) -> None:
    rules: set[str | None] = set()
    for seed in range(700):
        rules |= play_both(players, seed)
    # every kind of refusal was compared; D1: a tile of the double-nine set only (D25)
    assert rules == {"D1", "D4", "D5", "D8", "D9", "D11"}


@both_cores
@pytest.mark.parametrize("players", [2, 3, 4])
def test_d18_to_d20_block_rounds_identical_in_both_cores(players: int) -> None:
    """The Block game through both cores: nobody draws (D18), a player who cannot play
    passes (D19), a full turn of passes blocks the round (D20); the refusals of a draw and
    of a pass with a play in hand are the Block game's rules, D8 never."""
    rules: set[str | None] = set()
    for seed in range(700):
        rules |= play_both(players, seed, block=True)
    assert rules == {"D1", "D4", "D5", "D9", "D11", "D18", "D19"}


@both_cores
@pytest.mark.parametrize("block", [False, True], ids=["draw", "block"])
def test_d21_to_d23_partnership_rounds_identical_in_both_cores(block: bool) -> None:
    """Partnerships for four (D21) through both cores, in Draw and in Block: the same play,
    and the same points by side at every step (``_points``: zeros until the end, then the
    side of the player out scores the opponents' two counts, D22, or the side of the lower
    total the opponents' total, D23), both partners showing them."""
    rules: set[str | None] = set()
    kinds: set[tuple[str, bool]] = set()
    for seed in range(1000):
        rules |= play_both(4, seed, block=block, partnerships=True)
        result = Round.deal(4, seed=seed, leader=seed % 4, block=block, partnerships=True)
        rng = random.Random(seed)
        while not result.is_over:
            result.apply(rng.choice(result.legal_actions()))
        settled = result.result
        assert settled is not None
        kinds.add((settled.kind, any(settled.points)))
    assert rules >= {"D4", "D5", "D9", "D11"}
    # both ends of a round were compared: dominoes, and blocked rounds won by a side
    assert kinds >= {("domino", True), ("blocked", True)}


@both_cores
def test_d2_deals_identical_in_both_cores_for_any_seed() -> None:
    """The deal is random.Random(seed).shuffle of DOUBLE_SIX, whichever core shuffles."""
    rng = random.Random(2026)
    seeds: list[Any] = [0, 1, -1, 2**31, 2**32 - 1, 2**32, -(2**32), 2**63, 2**64 - 1]
    seeds += [-(2**64) + 1, 2**64, 2**100, -(2**70), "seed", b"seed", 1.5, True]
    seeds += [rng.getrandbits(bits) * rng.choice((1, -1)) for bits in range(1, 70)]
    for seed in seeds:
        for players in (2, 3, 4):
            fast = Round.deal(players, seed=seed)
            pure = PureRound.deal(players, seed=seed)
            assert state(fast) == state(pure), seed
            tiles = list(DOUBLE_SIX)
            random.Random(seed).shuffle(tiles)
            size = 6 if players == 4 else 7
            assert fast.hands == tuple(
                tuple(sorted(tiles[s * size : (s + 1) * size])) for s in range(players)
            )
            assert fast.stock == tuple(tiles[players * size :])


@both_cores
def test_d2_the_c_shuffle_uses_pythons_mersenne_twister() -> None:
    """The C deal's generator gives random.Random(seed)'s words, past its first block too."""
    from pegboard.draw import _fastround

    for seed in [0, 1, -7, 2**32 - 1, 2**32, 2**64 - 1, 123456789123456789]:
        reference = random.Random(seed)
        expected = [reference.getrandbits(32) for _ in range(1500)]
        assert _fastround._mt_words(seed, 1500) == expected
        assert _fastround._mt_words(seed, 30) == expected[:30]
    with pytest.raises(OverflowError):
        _fastround._mt_words(2**64, 1)


@both_cores
@pytest.mark.parametrize("block", [False, True])
def test_positions_with_a_line_identical_in_both_cores(block: bool) -> None:
    """``from_position`` with a line already laid: both cores continue it alike."""
    rng = random.Random(7)
    for _ in range(300):
        players = rng.choice((2, 3, 4))
        r = PureRound.deal(players, seed=rng.getrandbits(32), block=block)
        for _ in range(rng.randrange(40)):  # play some of a round, then start from there
            if r.is_over:
                break
            r.apply(rng.choice(r.legal_actions()))
        if r.is_over or any(not hand for hand in r.hands):
            continue
        args = ([list(h) for h in r.hands], list(r.stock), r.current_player, r.line)
        fast = Round.from_position(*args, block=block)
        pure = PureRound.from_position(*args, block=block)
        assert fast.block is pure.block is block
        while not pure.is_over:
            assert state(fast) == state(pure)
            assert fast.legal_actions() == pure.legal_actions()
            action = rng.choice(pure.legal_actions())
            fast.apply(action)
            pure.apply(action)
        assert public_view(fast) == public_view(pure)


@both_cores
def test_c_core_refuses_a_malformed_state() -> None:
    """The C core checks what it is given (it must never read out of bounds)."""
    opening = ACTIONS.index(Play(Tile(3, 4)))
    for hands, stock, current, placed in [
        ([1], [], 0, []),  # one hand
        ([1, 2, 4, 8, 16], [], 0, []),  # five hands
        ([1, 2], [28], 0, []),  # no tile 28
        ([1, 2], [-1], 0, []),
        ([1, 2], [], 2, []),  # no seat 2
        ([1 << 28, 2], [], 0, []),  # no tile 28 in a hand
        ([1, 2], [], 0, [len(ACTIONS)]),  # no such action
        ([1, 2], [], 0, [opening, opening]),  # an opening twice
        ([1, 2], [], 0, [ACTIONS.index(DRAW)]),  # a draw is not a placement
        ([1, 2], [], 0, [ACTIONS.index(Play(Tile(0, 1), End(Tile(0, 0), "A")))]),  # no line
    ]:
        with pytest.raises((ValueError, TypeError)):
            Round._make(hands, stock, current, placed)
    good = Round.deal(3, seed=5)._getstate()
    for index, value in [(0, (1,)), (1, (29,)), (2, 99), (3, 3), (4, -1), (5, 9), (6, (0,))]:
        broken = list(good)
        broken[index] = value
        with pytest.raises(ValueError):
            Round._fromstate(tuple(broken))
    with pytest.raises(ValueError):
        Round._fromstate((*good[:8], (5,), (0,), False, -1, 2))  # no seat 5 at a table of 3
    for reserve in (-1, 56):  # a reserve is 0 to 55 tiles (D6, D18, D25)
        with pytest.raises(ValueError):
            Round._fromstate((*good[:12], reserve))
        with pytest.raises(ValueError):
            Round._make([1, 2], [5], 0, [], reserve)
        with pytest.raises(ValueError):
            Round._deal(2, 5, 0, reserve)
    for make in (Round, PureRound):  # partnerships are for 4 players (D21)
        with pytest.raises(ValueError, match="D21"):
            make._deal(3, 5, 0, 2, True)
        with pytest.raises(ValueError, match="D21"):
            make._make([1, 2], [5], 0, [], 2, True)
        with pytest.raises(ValueError):
            make._fromstate((*good[:12], 2, True))
    # A state of 13, from before partnerships, is one of players alone (D21).
    four = Round.deal(4, seed=5)._getstate()
    assert (
        Round._fromstate(four[:13])._getstate()
        == four
        == PureRound._fromstate(four[:13])._getstate()
    )
    # A state of 12, from before the Block game, is a Draw round's (pickles made then).
    assert (
        Round._fromstate(good[:12])._getstate()
        == good
        == PureRound._fromstate(good[:12])._getstate()
    )
    with pytest.raises(TypeError):
        Round.__new__(Round).apply(PASS)  # an undealt core plays nothing
    r = Round._make([1, 2], [5], 0, [opening])  # a well-formed one is taken
    three_four = Tile(3, 4).index
    assert r._placements() == (opening,)
    assert r._open_ends() == (2 * three_four, 2 * three_four + 1)


def test_illegal_actions_name_their_rule_and_change_nothing() -> None:
    """Both cores' refusals (they share one explanation: ``_purecore.reject``)."""
    for cls in (Round, PureRound):
        line = Line.from_plays([(Tile(4, 4), None)])
        r = cls.from_position(
            [[Tile(3, 4), Tile(0, 1)], [Tile(6, 6)]], [Tile(2, 2)], current=0, line=line
        )
        before = state(r)
        cases: list[tuple[Any, str]] = [
            (Play(Tile(6, 6), End(Tile(4, 4), "A")), "D5"),  # not in hand
            (Play(Tile(3, 4)), "D5"),  # no end named
            (Play(Tile(3, 4), End(Tile(3, 3), "A")), "D9"),  # not an open end
            (Play(Tile(0, 1), End(Tile(4, 4), "B")), "D5"),  # does not fit
            (DRAW, "D8"),  # the stock is down to its reserve
            (PASS, "D8"),  # can play
            ("3-4", "D4"),  # not an action object
        ]
        for action, rule in cases:
            with pytest.raises(IllegalActionError) as caught:
                r.apply(action)
            assert caught.value.rule == rule, action
            assert state(r) == before
        over = cls.from_position([[Tile(3, 4)], [Tile(6, 6)]], line=line)
        over.apply(Play(Tile(3, 4), End(Tile(4, 4), "A")))  # a domino (D11)
        before = state(over)
        with pytest.raises(IllegalActionError, match="round is over") as caught:
            over.apply(PASS)
        assert caught.value.rule == "D11"
        assert state(over) == before


# -- the double-nine set (D25-D27) ------------------------------------------------------------


@both_cores
@pytest.mark.parametrize(
    ("players", "block", "partnerships"),
    [
        (2, False, False),
        (3, False, False),
        (4, False, False),
        (2, True, False),
        (3, True, False),
        (4, True, False),
        (4, False, True),
        (4, True, True),
    ],
    ids=["draw2", "draw3", "draw4", "block2", "block3", "block4", "partners", "partners-block"],
)
def test_d25_double_nine_rounds_identical_in_both_cores(
    players: int, block: bool, partnerships: bool
) -> None:
    """The double-nine set (D25) through both cores, step by step, for every option: 7 tiles
    each (D26), the 55 tiles' plays, draws and passes, the settlement (D27) and the
    refusals; no tile is of another set, so D1 is never the rule broken. 250 rounds per
    option, 2,000 in all."""
    rules: set[str | None] = set()
    kinds: set[str] = set()
    for seed in range(250):
        rules |= play_both(players, seed, block=block, partnerships=partnerships, tile_set=9)
        if seed % 10 == 0:
            r = Round.deal(players, seed=seed, block=block, partnerships=partnerships, tile_set=9)
            rng = random.Random(seed)
            while not r.is_over:
                r.apply(rng.choice(r.legal_actions()))
            assert r.result is not None
            kinds.add(r.result.kind)
    assert "D1" not in rules and rules >= {"D4", "D5", "D9", "D11"}
    assert rules >= ({"D18", "D19"} if block else {"D8"})
    assert "domino" in kinds


@both_cores
def test_d26_double_nine_deals_identical_in_both_cores_for_any_seed() -> None:
    """The double-nine deal is random.Random(seed).shuffle of DOUBLE_NINE's 55 tiles, 7 to
    each seat, the rest the stock (D26), whichever core shuffles."""
    rng = random.Random(2027)
    seeds: list[Any] = [0, 1, -1, 2**32, 2**63, 2**64 - 1, -(2**64) + 1, 2**64, "seed", 1.5]
    seeds += [rng.getrandbits(bits) * rng.choice((1, -1)) for bits in range(1, 70, 3)]
    for seed in seeds:
        for players in (2, 3, 4):
            fast = Round.deal(players, seed=seed, tile_set=9)
            pure = PureRound.deal(players, seed=seed, tile_set=9)
            assert state(fast) == state(pure), seed
            tiles = list(DOUBLE_NINE)
            random.Random(seed).shuffle(tiles)
            assert fast.hands == tuple(
                tuple(sorted(tiles[s * 7 : (s + 1) * 7])) for s in range(players)
            )
            assert fast.stock == tuple(tiles[players * 7 :])
            assert fast.stock_size == 55 - 7 * players


@both_cores
def test_d25_c_core_refuses_a_set_it_does_not_know() -> None:
    """Sets are 6 and 9 (D1, D25): both cores refuse another; a double-six core refuses a
    tile past [6|6] in a hand or the stock."""
    for make in (Round, PureRound):
        for bad in (7, 12, 0):
            with pytest.raises(ValueError):
                make._deal(2, 5, 0, 2, False, bad)
            with pytest.raises(ValueError):
                make._make([1, 2], [5], 0, [], 2, False, bad)
    with pytest.raises(ValueError):
        Round._make([1 << 40, 2], [5], 0, [], 2, False, 6)
    with pytest.raises(ValueError):
        Round._make([1, 2], [40], 0, [], 2, False, 6)
    nine = Round._make([1 << 40, 2], [54], 0, [], 2, False, 9)
    assert nine.hands[0] == (Tile(4, 8),) and nine.stock == (Tile(9, 9),)
