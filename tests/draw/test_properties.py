"""Properties over thousands of seeded random rounds and matches (hypothesis).

Hypothesis draws the seeds, the number of players and the policy; the policies choose among
the legal actions at random, with different tastes so that both dominoes and blocked rounds
come up often. The settlement is recomputed here from D12-D14 without calling ``settle``.

Each property holds for Draw and for its Block game (``block``, D18-D20), each played alone
or in partnerships (``partnerships``, four players, D21-D24): the tests are parametrized by
both, Draw's examples the same as before (a partnership example plays its seed at four).
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from pegboard.dominoes.tiles import SETS
from pegboard.draw import (
    DOUBLE_SIX,
    DRAW,
    PASS,
    Action,
    End,
    IllegalActionError,
    Match,
    Play,
    Round,
    Tile,
)

from .helpers import position, snapshot

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
PLAYERS = st.sampled_from([2, 3, 4])
Policy = Callable[[Round, random.Random], Action]


def uniform(round_: Round, rng: random.Random) -> Action:
    return rng.choice(round_.legal_actions())


def play_first(round_: Round, rng: random.Random) -> Action:
    plays = [a for a in round_.legal_actions() if isinstance(a, Play)]
    return rng.choice(plays) if plays else rng.choice(round_.legal_actions())


def draw_first(round_: Round, rng: random.Random) -> Action:
    # Drawing whenever allowed empties the stock: many blocked rounds.
    legal = round_.legal_actions()
    return DRAW if DRAW in legal else rng.choice(legal)


POLICIES = st.sampled_from([uniform, play_first, draw_first])
BLOCK = pytest.mark.parametrize("block", [False, True], ids=["draw", "block"])
"""Draw, and its Block game (D18-D20)."""
PARTNERS = pytest.mark.parametrize("partnerships", [False, True], ids=["alone", "partners"])
"""Players alone, and two sides of partners at four (D21): the seat count drawn is then 4."""

# Turns are bounded: at most 28 plays, 12 draws, and fewer than n passes between plays; with
# the double-nine set (D25) 55 plays and 39 draws.
MAX_STEPS = {6: 28 + 12 + 4 * 29, 9: 55 + 39 + 4 * 56}


def all_tiles(round_: Round) -> list[Tile]:
    return sorted(
        [t for h in round_.hands for t in h] + list(round_.stock) + list(round_.line.tiles)
    )


def fits(tile: Tile, round_: Round) -> bool:
    values = round_.line.open_values()
    return not values or any(tile.has(v) for v in values)


def expected_points(
    round_: Round, partnerships: bool = False
) -> tuple[str, int | None, tuple[int, ...]]:
    """D12-D14 recomputed from the revealed hands, independently of ``settle``; D22 and
    D23 in partnerships: the opponents' two counts to the side of the player out, or to the
    side of the lower total in a blocked round, shown on both partners' seats."""
    hands = round_.hands
    counts = [sum(t.low + t.high for t in hand) for hand in hands]
    n = len(hands)
    empty = [s for s in range(n) if not hands[s]]
    points = [0] * n
    if partnerships:
        partner = {0: 2, 1: 3, 2: 0, 3: 1}
        opponents = {0: (1, 3), 1: (0, 2), 2: (1, 3), 3: (0, 2)}
        if empty:
            (out,) = empty
            points[out] = points[partner[out]] = sum(counts[o] for o in opponents[out])
            return "domino", out, tuple(points)
        ours, theirs = counts[0] + counts[2], counts[1] + counts[3]
        if ours == theirs:
            return "blocked", None, tuple(points)
        side = 0 if ours < theirs else 1
        points[side] = points[side + 2] = max(ours, theirs)
        return "blocked", side, tuple(points)
    if empty:
        (winner,) = empty
        points[winner] = sum(c for s, c in enumerate(counts) if s != winner)
        return "domino", winner, tuple(points)
    lowest = min(counts)
    holders = [s for s in range(n) if counts[s] == lowest]
    if len(holders) > 1:
        return "blocked", None, tuple(points)
    winner = holders[0]
    points[winner] = sum(c for s, c in enumerate(counts) if s != winner) - counts[winner]
    return "blocked", winner, tuple(points)


def hidden_tiles(round_: Round, seat: int, stock_only: bool = False) -> set[tuple[int, int]]:
    """The tiles this seat may not see, as (low, high) (of the stock alone, the sleeping
    tiles in the Block game, when ``stock_only``)."""
    hidden = [] if stock_only else [t for s, h in enumerate(round_.hands) if s != seat for t in h]
    hidden += list(round_.stock)
    return {(t.low, t.high) for t in hidden}


# Every way a tile could be written: [3|5], Tile(3, 5), 3-5 or 5-3 (a lookahead, so that
# overlapping ones such as the two in "1-2-3" are all found). One pass over a text instead
# of a search for each hidden tile in each form: the double-nine set has 55 tiles.
TILE_WRITTEN = re.compile(r"(?=\[(\d)\|(\d)\]|Tile\((\d), (\d)\)|(\d)-(\d))")


def named_tiles(text: str) -> set[tuple[int, int]]:
    """Every tile ``text`` may name, in any of the forms above, as (low, high)."""
    found = set()
    for match in TILE_WRITTEN.finditer(text):
        a, b = (int(d) for d in match.groups() if d is not None)
        found.add((min(a, b), max(a, b)))
    return found


@BLOCK
@PARTNERS
@settings(max_examples=1500, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS, policy=POLICIES)
def test_round_invariants(
    seed: int, players: int, policy: Policy, block: bool, partnerships: bool
) -> None:
    check_round_invariants(seed, players, policy, block, partnerships, 6)


@BLOCK
@PARTNERS
@settings(max_examples=400, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS, policy=POLICIES)
def test_d25_double_nine_round_invariants(
    seed: int, players: int, policy: Policy, block: bool, partnerships: bool
) -> None:
    """The invariants of every round, on the double-nine set's 55 tiles (D25-D27)."""
    check_round_invariants(seed, players, policy, block, partnerships, 9)


def check_round_invariants(
    seed: int, players: int, policy: Policy, block: bool, partnerships: bool, tile_set: int
) -> None:
    players = 4 if partnerships else players
    round_ = Round.deal(
        players,
        seed=seed,
        leader=seed % players,
        block=block,
        partnerships=partnerships,
        tile_set=tile_set,
    )
    every_tile = list(SETS[tile_set])
    sleeping = round_.stock  # D18: in the Block game, the tiles not dealt, never drawn
    rng = random.Random(seed)
    absent: list[set[int]] = [set() for _ in range(players)]
    steps = 0
    while not round_.is_over:
        # D1, D25: the set's 28 (or 55) tiles are conserved, none twice.
        assert all_tiles(round_) == every_tile
        # D9: two open ends once opened.
        assert len(round_.line.open_ends()) == (0 if round_.line.is_empty else 2)
        legal = round_.legal_actions()
        assert legal, "a position that is not over must offer an action"
        seat = round_.current_player
        assert seat is not None
        hand = round_.hand(seat)
        # The legal actions are exactly the rules' ones (D5-D8; D18, D19).
        playable = [t for t in hand if fits(t, round_)]
        can_draw = not block and round_.stock_size > 2
        if block:
            assert round_.stock == sleeping
        assert (DRAW in legal) == can_draw
        assert (PASS in legal) == (not playable and not can_draw)
        assert {a.tile for a in legal if isinstance(a, Play)} == set(playable)
        for action in legal:
            if isinstance(action, Play):
                assert action.tile in hand
                if action.end is None:
                    assert round_.line.is_empty
                else:
                    assert action.end in round_.line.open_ends()
                    assert action.tile.has(action.end.value)
        assert len(set(legal)) == len(legal)
        action = policy(round_, rng)
        if action == PASS:
            absent[seat] |= set(round_.line.open_values())
        round_.apply(action)
        steps += 1
        assert steps <= MAX_STEPS[tile_set]
        # D10: nothing scores before the end.
        if not round_.is_over:
            assert round_.returns() == (0,) * players
        for s in range(players):
            assert round_.known_absent(s) == frozenset(absent[s])
    assert all_tiles(round_) == every_tile
    assert round_.legal_actions() == ()
    assert round_.current_player is None
    result = round_.result
    assert result is not None
    kind, winner, points = expected_points(round_, partnerships)
    event(f"{kind}, winner {'shared' if winner is None else 'single'}")
    assert (result.kind, result.winner, result.points) == (kind, winner, points)
    assert round_.returns() == points
    assert result.pip_counts == tuple(sum(t.pips for t in h) for h in round_.hands)
    if kind == "blocked":
        # D11: blocked only with the stock at two (or fewer) and nobody able to play,
        # after every player passed in turn (D20: the stock asleep in the Block game).
        assert round_.stock_size <= 2 or (block and round_.stock == sleeping)
        assert not any(fits(t, round_) for h in round_.hands for t in h)
        assert [m.action for m in round_.history[-players:]] == [PASS] * players
        assert [m.seat for m in round_.history[-players:]] == [
            (round_.history[-players].seat + i) % players for i in range(players)
        ]
    else:
        last = round_.history[-1]
        assert last.seat == winner and isinstance(last.action, Play)
    if block:  # D18: nobody drew, and every tile not dealt still sleeps
        assert DRAW not in [m.action for m in round_.history]
        assert round_.stock == sleeping and len(sleeping) == len(every_tile) - players * (
            6 if players == 4 and tile_set == 6 else 7
        )


@BLOCK
@PARTNERS
# 75 whole rounds a variant, every seat's view at every step (some 25,000 views in all).
# Planted leaks, tried at 60 rounds here and 20 of double-nine: a stock tile shown at the
# end of a blocked round failed every variant that blocks so, every run; at the end of a
# tied blocked round (rarer) one to four of the eight variants a run, against five or six
# at 150 and 50: so half of those, not that few (75 and 25 failed three and four).
@settings(max_examples=75, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS, policy=POLICIES)
def test_observations_hide_other_hands_and_the_stock(
    seed: int, players: int, policy: Policy, block: bool, partnerships: bool
) -> None:
    check_observations_hidden(seed, players, policy, block, partnerships, 6)


@BLOCK
@PARTNERS
@settings(max_examples=25, suppress_health_check=[HealthCheck.too_slow])  # see above
@given(seed=SEEDS, players=PLAYERS, policy=POLICIES)
def test_d25_double_nine_observations_hide_other_hands_and_the_stock(
    seed: int, players: int, policy: Policy, block: bool, partnerships: bool
) -> None:
    """No observation of a double-nine round names another seat's tile or the stock's
    (D21, D25): rounds of 55 tiles are long, so fewer examples."""
    check_observations_hidden(seed, players, policy, block, partnerships, 9)


def check_observations_hidden(
    seed: int, players: int, policy: Policy, block: bool, partnerships: bool, tile_set: int
) -> None:
    players = 4 if partnerships else players
    round_ = Round.deal(
        players, seed=seed, block=block, partnerships=partnerships, tile_set=tile_set
    )
    rng = random.Random(seed)
    while True:
        for seat in range(players):
            obs = round_.observation(seat)
            assert obs.hand == round_.hand(seat)
            assert obs.line == round_.line
            assert obs.stock_size == round_.stock_size
            assert obs.hand_sizes == tuple(len(h) for h in round_.hands)
            assert obs.legal_actions() == (
                round_.legal_actions() if seat == round_.current_player else ()
            )
            text = json.dumps(obs.to_dict()) + repr(obs)
            if round_.is_over:
                # D12: the hands are revealed at the end; the stock never is (D12, D18).
                assert not named_tiles(text) & hidden_tiles(round_, seat, stock_only=True), seat
                break
            assert obs.block is block and obs.partnerships is partnerships
            # A partner's hand is as hidden as an opponent's (D21): every other seat's.
            assert not named_tiles(text) & hidden_tiles(round_, seat), seat
            # Own tiles and the line are visible.
            for tile in [*round_.hand(seat), *round_.line.tiles]:
                assert str(tile) in text
        if round_.is_over:
            break
        round_.apply(policy(round_, rng))


@BLOCK
@PARTNERS
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS, policy=POLICIES, stop=st.floats(0, 1))
def test_sample_hidden_is_consistent_with_what_the_seat_knows(
    seed: int, players: int, policy: Policy, stop: float, block: bool, partnerships: bool
) -> None:
    players = 4 if partnerships else players
    round_ = Round.deal(players, seed=seed, block=block, partnerships=partnerships)
    rng = random.Random(seed)
    # Play into the round (towards the end, where passes constrain the sample).
    target = int(stop * 80)
    while not round_.is_over and len(round_.history) < target:
        round_.apply(policy(round_, rng))
    if round_.is_over:
        return
    seat = rng.randrange(players)
    before = snapshot(round_)
    sample = round_.sample_hidden(seat, random.Random(seed ^ 0x5EED))
    assert snapshot(round_) == before  # the real round is untouched
    assert sample.hand(seat) == round_.hand(seat)
    assert sample.line == round_.line
    assert [len(h) for h in sample.hands] == [len(h) for h in round_.hands]
    assert sample.stock_size == round_.stock_size
    assert sample.block is block and sample.partnerships is partnerships
    assert sample.current_player == round_.current_player
    assert sample.history == round_.history
    assert all_tiles(sample) == list(DOUBLE_SIX)
    unseen = {t for s, h in enumerate(round_.hands) if s != seat for t in h} | set(round_.stock)
    sampled = {t for s, h in enumerate(sample.hands) if s != seat for t in h} | set(sample.stock)
    assert sampled == unseen
    for s in range(players):
        assert sample.known_absent(s) == round_.known_absent(s)
        if s != seat:
            for tile in sample.hand(s):
                assert not any(tile.has(v) for v in round_.known_absent(s)), (s, tile)
    assert sample.observation(seat).to_dict() == round_.observation(seat).to_dict()
    # The sample is a full position that plays on to a proper end.
    steps = 0
    while not sample.is_over:
        sample.apply(uniform(sample, rng))
        steps += 1
        assert steps <= MAX_STEPS[6]
    assert all_tiles(sample) == list(DOUBLE_SIX)


def test_sample_hidden_resamples() -> None:
    changed = 0
    for seed in range(60):
        round_ = Round.deal(3, seed=seed)
        sample = round_.sample_hidden(0, random.Random(seed))
        if sample.hands != round_.hands or sample.stock != round_.stock:
            changed += 1
        assert sample.hand(0) == round_.hand(0)
    assert changed == 60
    # Different generators give different samples of one position.
    round_ = Round.deal(2, seed=8)
    samples = {round_.sample_hidden(1, random.Random(i)).hands for i in range(20)}
    assert len(samples) > 10


def test_sample_hidden_respects_passes_when_tightly_constrained() -> None:
    # Seat 1 passed on open numbers 1 and 4: of the unseen tiles only [2|3] and [0|0]
    # can be seat 1's, so a correct sample must deal exactly those two to it.
    round_ = position(["5-5 4-6", "2-3 0-0"], stock="1-1 4-4", current=1, line=[("1-4", None)])
    round_.apply(PASS)  # seat 1 holds neither 1 nor 4
    assert round_.known_absent(1) == frozenset({1, 4})
    round_.apply(Play(Tile(4, 6), End(Tile(1, 4), "high")))
    assert not round_.is_over
    for i in range(30):
        sample = round_.sample_hidden(0, random.Random(i))
        assert set(sample.hand(1)) == {Tile(2, 3), Tile(0, 0)}
        assert set(sample.stock) == {Tile(1, 1), Tile(4, 4)}


@BLOCK
@PARTNERS
@settings(max_examples=200, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS, policy=POLICIES, stop=st.floats(0, 1))
def test_round_records_replay_to_identical_states(
    seed: int, players: int, policy: Policy, stop: float, block: bool, partnerships: bool
) -> None:
    players = 4 if partnerships else players
    round_ = Round.deal(
        players, seed=seed, leader=seed % players, block=block, partnerships=partnerships
    )
    rng = random.Random(seed)
    target = int(stop * 100)
    while not round_.is_over and len(round_.history) < target:
        round_.apply(policy(round_, rng))
    record = json.loads(json.dumps(round_.to_record()))
    replayed = Round.from_record(record)
    assert replayed.block is block and replayed.partnerships is partnerships
    assert snapshot(replayed) == snapshot(round_)
    # Both go on identically.
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    while not round_.is_over:
        round_.apply(policy(round_, rng_a))
        replayed.apply(policy(replayed, rng_b))
        assert snapshot(replayed) == snapshot(round_)
    assert replayed.is_over


@BLOCK
@PARTNERS
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS, stop=st.floats(0, 1))
def test_match_records_replay_to_identical_states(
    seed: int, players: int, stop: float, block: bool, partnerships: bool
) -> None:
    players = 4 if partnerships else players
    match = Match(players, seed=seed, target=40, block=block, partnerships=partnerships)
    rng = random.Random(seed)
    full = Match(players, seed=seed, target=40, block=block, partnerships=partnerships)
    total = 0
    while not full.is_over:
        full.apply(uniform(full.round, rng))
        total += 1
    rng = random.Random(seed)
    for _ in range(int(stop * total)):
        match.apply(uniform(match.round, rng))
    record = json.loads(json.dumps(match.to_record()))
    replayed = Match.from_record(record)
    assert replayed.block is block and replayed.round.block is block
    assert replayed.partnerships is partnerships and replayed.round.partnerships is partnerships
    assert replayed.to_record() == record
    assert replayed.scores == match.scores
    assert replayed.rounds == match.rounds
    assert snapshot(replayed.round) == snapshot(match.round)
    for seat in range(players):
        assert replayed.observation(seat).to_dict() == match.observation(seat).to_dict()
    assert Match.from_record(full.to_record()).to_record() == full.to_record()


@BLOCK
@PARTNERS
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=PLAYERS, policy=POLICIES)
def test_every_legal_action_applies_and_nothing_else_does(
    seed: int, players: int, policy: Policy, block: bool, partnerships: bool
) -> None:
    players = 4 if partnerships else players
    round_ = Round.deal(players, seed=seed, block=block, partnerships=partnerships)
    rng = random.Random(seed)
    while not round_.is_over:
        legal = round_.legal_actions()
        for action in legal:
            trial = round_.copy()
            trial.apply(action)  # never raises
            assert len(trial.history) == len(round_.history) + 1
        seat = round_.current_player
        assert seat is not None
        # Any play of a held tile that is not listed is refused.
        ends = round_.line.open_ends() or (None,)
        for tile in round_.hand(seat):
            for end in ends:
                action = Play(tile, end)
                if action not in legal:
                    trial = round_.copy()
                    try:
                        trial.apply(action)
                    except IllegalActionError:
                        continue
                    raise AssertionError(f"{action} applied but is not legal")
        round_.apply(policy(round_, rng))
