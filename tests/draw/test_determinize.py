"""Determinization (search bots' view of a round): consistent with the observation, and
uniform among the deals that keep what passes proved (D8); a draw proves nothing (D6)."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from pegboard.core import RecordError
from pegboard.draw import DOUBLE_SIX, PASS, DrawObservation, Pass, Round, Tile, determinize
from pegboard.draw.determinize import trailing_passes
from tests.draw.helpers import line_of, tiles


def random_position(seed: int) -> Round:
    """A round some way in, by uniformly random legal moves: draws, plays and passes."""
    rng = random.Random(seed)
    players = rng.choice([2, 3, 4])
    round_ = Round.deal(players, seed=seed, leader=rng.randrange(players))
    for _ in range(rng.randrange(0, 40)):
        legal = round_.legal_actions()
        if round_.is_over:
            break
        round_.apply(legal[rng.randrange(len(legal))])
        if round_.is_over:
            break
    return round_


def positions_in_play(count: int) -> list[Round]:
    rounds = [random_position(seed) for seed in range(count * 2)]
    return [r for r in rounds if not r.is_over][:count]


def assert_consistent(observation: DrawObservation, determinized: Round) -> None:
    seat = observation.seat
    seen = determinized.observation(seat)
    assert seen.hand == observation.hand
    assert seen.line == observation.line
    assert seen.line.plays() == observation.line.plays()
    assert seen.hand_sizes == observation.hand_sizes
    assert seen.stock_size == observation.stock_size
    assert seen.current_player == observation.current_player
    assert seen.leader == observation.leader
    assert seen.known_absent == observation.known_absent
    assert seen.legal == observation.legal
    # Every other hand holds no tile showing a number its seat is proven not to hold.
    for other, hand in enumerate(determinized.hands):
        for tile in hand:
            assert not (set(observation.known_absent[other]) & {tile.low, tile.high})
    # The 28 tiles of a dealt round, each exactly once: hands, stock and line.
    everything = [t for hand in determinized.hands for t in hand]
    everything += list(determinized.stock) + list(determinized.line.tiles)
    assert sorted(everything) == list(DOUBLE_SIX)


def test_determinized_round_matches_what_the_seat_sees() -> None:
    checked = 0
    for round_ in positions_in_play(60):
        for seat in range(round_.num_players):
            observation = round_.observation(seat)
            rng = random.Random(seat)
            for _ in range(3):
                assert_consistent(observation, determinize(observation, rng))
                checked += 1
    assert checked > 300


def test_determinized_hidden_tiles_vary() -> None:
    round_ = Round.deal(2, seed=5)
    observation = round_.observation(0)
    rng = random.Random(1)
    opponents = {determinize(observation, rng).hand(1) for _ in range(30)}
    stocks = {determinize(observation, rng).stock for _ in range(30)}
    assert len(opponents) > 20
    assert len(stocks) > 20
    # The seat's own hand never changes.
    assert {determinize(observation, rng).hand(0) for _ in range(10)} == {round_.hand(0)}


def test_determinize_is_seeded() -> None:
    observation = random_position(3).observation(0)
    first = determinize(observation, random.Random(9))
    second = determinize(observation, random.Random(9))
    assert first.hands == second.hands and first.stock == second.stock


def blocked_position() -> Round:
    """Seat 1 cannot play on 0 or 6 and the stock is down to two: it must pass (D8)."""
    return Round.from_position(
        [tiles("1-1 2-2"), tiles("3-4 2-5"), tiles("1-2 3-3")],
        tiles("4-4 5-5"),
        current=1,
        line=line_of(("0-6", None)),
    )


def test_d8_a_pass_proves_the_passer_holds_neither_open_number() -> None:
    round_ = blocked_position()
    assert round_.legal_actions() == (PASS,)
    round_.apply(PASS)
    observation = round_.observation(2)
    assert observation.known_absent[1] == frozenset({0, 6})
    rng = random.Random(4)
    for _ in range(200):
        hand = determinize(observation, rng).hand(1)
        assert not any(t.has(0) or t.has(6) for t in hand)


def test_d6_a_draw_proves_nothing() -> None:
    # Seat 0 draws at the opening, when every tile fits: nothing about its hand is proven.
    round_ = Round.deal(2, seed=11)
    round_.apply(round_.legal_actions()[-1])  # the draw, listed last
    observation = round_.observation(1)
    assert observation.known_absent == (frozenset(), frozenset())
    rng = random.Random(0)
    numbers = set()
    for _ in range(50):
        for tile in determinize(observation, rng).hand(0):
            numbers |= {tile.low, tile.high}
    assert numbers == set(range(7))


def test_d11_passes_so_far_are_kept_so_a_block_ends_the_round() -> None:
    round_ = blocked_position()
    round_.apply(PASS)  # seat 1
    # Seat 2 holds [1|2] [3|3]: it cannot play on 0 or 6 either, and passes.
    round_.apply(PASS)
    observation = round_.observation(0)
    assert trailing_passes(observation.history) == 2
    determinized = determinize(observation, random.Random(0))
    # Seat 0 cannot play: its pass is the third in a row, and the round blocks (D11).
    assert determinized.legal_actions() == (PASS,)
    determinized.apply(PASS)
    assert determinized.is_over
    assert determinized.result is not None and determinized.result.kind == "blocked"


def test_trailing_passes_counts_only_the_last_run() -> None:
    round_ = blocked_position()
    round_.apply(PASS)
    history = round_.history
    assert trailing_passes(history) == 1
    assert trailing_passes(()) == 0
    assert all(isinstance(m.action, Pass) for m in history)


def test_uniform_among_deals_that_keep_the_constraints() -> None:
    # Three players; seat 1 is proven to hold no 4, 5 or 6, seat 2 no 0, 1 or 2. From seat
    # 0's view 25 tiles are unseen (this position leaves some out of play, which seat 0
    # cannot tell): seat 1 holds four, seat 2 four. Every valid pair of hands is equally
    # likely, so each tile's chance to be in a hand is the share of valid deals putting it
    # there. (Dealing seat 1 from its allowed tiles, then seat 2 from what is left, is off
    # by 16 standard deviations on [3|3] here: this test catches it.)
    round_ = Round.from_position(
        [tiles("0-0 1-1"), tiles("1-2 2-3 0-2 1-3"), tiles("3-4 4-5 5-6 3-5")],
        tiles("0-1 2-2"),
        current=0,
        line=line_of(("0-3", None)),
        absent=[(), (4, 5, 6), (0, 1, 2)],
    )
    observation = round_.observation(0)
    unseen = [t for t in DOUBLE_SIX if t not in tiles("0-0 1-1 0-3")]
    in_one: Counter[Tile] = Counter()
    in_two: Counter[Tile] = Counter()
    valid = 0
    for one in itertools.combinations([t for t in unseen if t.high < 4], 4):
        for two in itertools.combinations([t for t in unseen if t not in one and t.low > 2], 4):
            valid += 1
            in_one.update(one)
            in_two.update(two)
    rng = random.Random(2024)
    draws = 4000
    seen_one: Counter[Tile] = Counter()
    seen_two: Counter[Tile] = Counter()
    for _ in range(draws):
        determinized = determinize(observation, rng)
        seen_one.update(determinized.hand(1))
        seen_two.update(determinized.hand(2))
    for exact, seen in ((in_one, seen_one), (in_two, seen_two)):
        assert set(seen) == set(exact)
        for tile, ways in exact.items():
            p = ways / valid
            sigma = (draws * p * (1 - p)) ** 0.5
            assert abs(seen[tile] - draws * p) < 5 * sigma, (tile, seen[tile], draws * p)


def test_from_position_keeps_leader_passes_and_absent_in_its_record() -> None:
    round_ = Round.from_position(
        [tiles("1-1 2-2"), tiles("3-4 2-5"), tiles("1-2 3-3")],
        tiles("4-4 5-5"),
        current=2,
        line=line_of(("0-6", None)),
        leader=0,
        passes=1,
        absent=[(), (0, 6), ()],
    )
    assert round_.leader == 0
    assert round_.known_absent(1) == frozenset({0, 6})
    replayed = Round.from_record(round_.to_record())
    assert replayed.leader == 0
    assert replayed.known_absent(1) == frozenset({0, 6})
    # Seat 2 passes (second in a row), seat 0 passes: the third pass blocks the round.
    for r in (round_, replayed):
        r.apply(PASS)
        r.apply(PASS)
        assert r.is_over


def test_from_position_refuses_a_held_number_known_absent() -> None:
    with pytest.raises(ValueError, match="D8"):
        Round.from_position([tiles("1-1 2-2"), tiles("3-4 0-5")], tiles("4-4"), absent=[(), (0, 6)])
    with pytest.raises(ValueError, match="passes"):
        Round.from_position([tiles("1-1"), tiles("3-4")], passes=2)
    with pytest.raises(ValueError, match="leader"):
        Round.from_position([tiles("1-1"), tiles("3-4")], leader=5)


def test_bad_record_extras_are_record_errors() -> None:
    record = blocked_position().to_record()
    record["position"]["passes"] = 7
    with pytest.raises(RecordError):
        Round.from_record(record)


def test_determinize_refuses_a_finished_round() -> None:
    round_ = blocked_position()
    for _ in range(3):
        round_.apply(PASS)
    assert round_.is_over
    with pytest.raises(ValueError, match="over"):
        determinize(round_.observation(0), random.Random(0))
