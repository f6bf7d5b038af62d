"""The one sampler of hidden tiles (``pegboard.draw.sampler``): exactly uniform among the
deals a seat cannot tell apart, whichever way it takes (D8: a pass proves the passer holds
neither open number; D6: a draw proves nothing).

The statistical checks enumerate every consistent deal of a small position by brute force
(the other two hands and the stock in drawing order), draw 20,000 samples with a fixed seed
and compare the counts with the uniform ones by a chi-square test; every sample must also be
one of the consistent deals. ``Round.sample_hidden`` (the omniscient round) and
``determinize`` (a seat's observation, for the bots) are both checked, on each of the
sampler's ways: rejection (the default here) and counting (rejection turned off).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterable

import pytest

from pegboard.draw import DOUBLE_SIX, Line, Round, Tile, determinize
from pegboard.draw import sampler as sampler_module
from pegboard.draw.sampler import count_deals, sample_deal
from tests.draw.helpers import tiles

SAMPLES = 20_000
SIGNIFICANCE = 1e-3
"""The test rejects uniformity below this p-value (the seed is fixed: no flakiness)."""

Deal = tuple[frozenset[Tile], frozenset[Tile], tuple[Tile, ...]]


def long_line() -> Line:
    """A line of 19 tiles, open on 0 and 6, so that a seat sees all but a few tiles."""
    line = Line()
    chain = "0-0 0-1 1-1 1-2 2-2 2-3 3-3 3-4 4-4 4-5 5-5 5-6 6-6 0-2 2-4 0-4 0-3 3-5 0-5"
    for tile in tiles(chain):
        if line.is_empty:
            line.play(tile, None)
            continue
        end = next(e for e in line.open_ends() if tile.has(e.value))
        line.play(tile, end)
    assert len(line.tiles) == 19
    return line


def small_position() -> Round:
    """Three seats; seat 0 sees its hand and the line, 7 tiles are hidden from it: two in
    each other hand, three in the stock. Seat 1 passed on a 5, seat 2 on a 2 (D8)."""
    return Round.from_position(
        [tiles("1-3 1-4"), tiles("0-6 1-6"), tiles("3-6 4-6")],
        tiles("1-5 2-5 2-6"),
        current=0,
        line=long_line(),
        absent=[(), (5,), (2,)],
    )


def consistent_deals(round_: Round) -> set[Deal]:
    """Every deal seat 0 cannot tell from ``round_``: by brute force over orderings."""
    hidden = sorted({*round_.hand(1), *round_.hand(2), *round_.stock})
    absent = [round_.known_absent(s) for s in range(3)]
    sizes = [len(round_.hand(s)) for s in range(3)]
    found: set[Deal] = set()
    for order in itertools.permutations(hidden):
        one = frozenset(order[: sizes[1]])
        two = frozenset(order[sizes[1] : sizes[1] + sizes[2]])
        if any(t.low in absent[1] or t.high in absent[1] for t in one):
            continue
        if any(t.low in absent[2] or t.high in absent[2] for t in two):
            continue
        found.add((one, two, tuple(order[sizes[1] + sizes[2] :])))
    return found


def deal_of(sample: Round) -> Deal:
    return frozenset(sample.hand(1)), frozenset(sample.hand(2)), sample.stock


def chi_square_p(counts: Counter[Deal], cells: int, samples: int) -> float:
    """The p-value of the counts against ``cells`` equally likely outcomes."""
    expected = samples / cells
    statistic = sum((counts[c] - expected) ** 2 / expected for c in counts)
    statistic += (cells - len(counts)) * expected  # the outcomes never drawn
    freedom = cells - 1
    try:
        from scipy.stats import chi2
    except ImportError:  # Wilson-Hilferty: the chi-square's cube root is close to normal
        z = ((statistic / freedom) ** (1 / 3) - (1 - 2 / (9 * freedom))) / math.sqrt(
            2 / (9 * freedom)
        )
        return 0.5 * math.erfc(z / math.sqrt(2))
    return float(chi2.sf(statistic, freedom))


def sampled(draw: Callable[[random.Random], Round], seed: int) -> Iterable[Deal]:
    rng = random.Random(seed)
    for _ in range(SAMPLES):
        yield deal_of(draw(rng))


def check_uniform(deals: Iterable[Deal], valid: set[Deal]) -> float:
    counts: Counter[Deal] = Counter()
    for deal in deals:
        assert deal in valid, f"an inconsistent deal: {deal}"
        counts[deal] += 1
    return chi_square_p(counts, len(valid), SAMPLES)


@pytest.fixture(params=["rejection", "counting"])
def way(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each of the sampler's constrained ways: rejection, or counting at once."""
    if request.param == "counting":
        monkeypatch.setattr(sampler_module, "REJECTION_TRIES", 0)
    return str(request.param)


def test_d8_the_small_position_has_a_few_hundred_consistent_deals() -> None:
    round_ = small_position()
    valid = consistent_deals(round_)
    # 7!/(2!2!) = 1260 orderings of hands and stock; the passes rule most out.
    assert 100 < len(valid) < 1260
    hidden = sum(t.bit for t in (*round_.hand(1), *round_.hand(2), *round_.stock))
    forbidden = [0, sum(t.bit for t in DOUBLE_SIX if t.has(5)), 0]
    forbidden[2] = sum(t.bit for t in DOUBLE_SIX if t.has(2))
    assert count_deals(hidden, {1: 2, 2: 2}, forbidden) * math.factorial(3) == len(valid)


def test_d8_sample_hidden_is_uniform_among_consistent_deals(way: str) -> None:
    round_ = small_position()
    valid = consistent_deals(round_)
    p = check_uniform(sampled(lambda rng: round_.sample_hidden(0, rng), 17), valid)
    assert p > SIGNIFICANCE, (way, p)


def test_d8_determinize_is_uniform_among_consistent_deals(way: str) -> None:
    round_ = small_position()
    observation = round_.observation(0)
    valid = consistent_deals(round_)
    p = check_uniform(sampled(lambda rng: determinize(observation, rng), 18), valid)
    assert p > SIGNIFICANCE, (way, p)


def test_d6_with_no_pass_the_shuffle_is_uniform() -> None:
    # Nobody passed: every ordering is consistent (the sampler's one-shuffle way).
    round_ = Round.from_position(
        [tiles("1-3 1-4"), tiles("0-6 1-6"), tiles("3-6 4-6")],
        tiles("1-5 2-5 2-6"),
        current=0,
        line=long_line(),
    )
    valid = consistent_deals(round_)
    assert len(valid) == 1260
    p = check_uniform(sampled(lambda rng: round_.sample_hidden(0, rng), 19), valid)
    assert p > SIGNIFICANCE, p


def biased_sample_hidden(round_: Round, rng: random.Random) -> Round:
    """A planted fault: the constrained seats are dealt first from a shuffle, each taking
    the first tiles it may hold (what round.py's old fallback did): every deal is
    consistent, but not equally likely."""
    hidden = [*round_.hand(1), *round_.hand(2), *round_.stock]
    rng.shuffle(hidden)
    hands: list[list[Tile]] = [list(round_.hand(0)), [], []]
    for seat in (1, 2):
        absent = round_.known_absent(seat)
        for tile in list(hidden):
            if len(hands[seat]) < 2 and tile.low not in absent and tile.high not in absent:
                hands[seat].append(tile)
                hidden.remove(tile)
    return Round.from_position(hands, hidden, current=0, line=round_.line)


def test_the_uniformity_check_rejects_a_biased_sampler() -> None:
    round_ = small_position()
    valid = consistent_deals(round_)
    p = check_uniform(sampled(lambda rng: biased_sample_hidden(round_, rng), 17), valid)
    assert p < 1e-9, p


def test_sample_deal_refuses_what_cannot_be_dealt() -> None:
    pool = sum(t.bit for t in tiles("0-5 1-5 2-5"))
    five = sum(t.bit for t in DOUBLE_SIX if t.has(5))
    with pytest.raises(ValueError, match="D8"):
        sample_deal(pool, {1: 2}, 1, [0, five], random.Random(0))
    with pytest.raises(ValueError, match="D8"):
        sample_deal(pool, {1: 2}, 1, [0, five], random.Random(0), tries=0)
    with pytest.raises(ValueError, match="D1"):
        sample_deal(pool, {1: 2}, 2, [0, 0], random.Random(0))
    # Each seat alone could be dealt, the two together cannot (the counting way says so).
    pool = sum(t.bit for t in tiles("0-5 1-2 3-5"))
    for tries in (None, 0):
        with pytest.raises(ValueError, match="D8"):
            sample_deal(pool, {1: 1, 2: 1}, 1, [0, five, five], random.Random(0), tries=tries)


def test_sample_deal_is_seeded() -> None:
    pool = sum(t.bit for t in DOUBLE_SIX[:12])
    five = sum(t.bit for t in DOUBLE_SIX if t.has(5))
    for tries in (None, 0):
        first = sample_deal(pool, {1: 3, 2: 3}, 4, [0, five, 0], random.Random(5), tries=tries)
        again = sample_deal(pool, {1: 3, 2: 3}, 4, [0, five, 0], random.Random(5), tries=tries)
        assert first == again, tries
    round_ = small_position()
    first_round = [deal_of(round_.sample_hidden(0, random.Random(5))) for _ in range(3)]
    assert first_round == [deal_of(round_.sample_hidden(0, random.Random(5))) for _ in range(3)]


def test_d8_the_searchs_counted_deals_are_uniform_among_consistent_deals() -> None:
    """The searches' dealer counts the deals once for a whole search
    (``sampler.CountedDeals``) when a pass constrains them: its worlds (hands and stock
    order, in playout bits) are uniform among the consistent deals too."""
    from pegboard.dominoes.ranks import ranks_of
    from pegboard.draw.bots.expert import Dealer

    round_ = small_position()
    valid = consistent_deals(round_)
    dealer = Dealer(round_.observation(0))
    assert dealer.counted is not None and dealer.pool is None
    ranks = ranks_of(6)
    by_bit = {ranks.rank_bit[t.index]: t for t in DOUBLE_SIX}

    def tiles_of(bits: int) -> frozenset[Tile]:
        return frozenset(t for bit, t in by_bit.items() if bits & bit)

    def deals() -> Iterable[Deal]:
        rng = random.Random(19)
        for _ in range(SAMPLES):
            hands, stock = dealer.sample(rng)
            yield tiles_of(hands[1]), tiles_of(hands[2]), tuple(by_bit[b] for b in stock)

    assert check_uniform(deals(), valid) > SIGNIFICANCE
