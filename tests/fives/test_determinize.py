"""``sample_hidden`` is exact: over small positions where every deal can be listed, its
samples fall on the deals that agree with the seat's observation, each as often as the
count of deals behind it says (a draw proves the drawer held no tile of the open numbers
*then*; a tile it drew later may show them, F4)."""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Iterator
from itertools import permutations

import pytest

from pegboard.core import IllegalActionError
from pegboard.dominoes import Tile
from pegboard.fives import FivesHand, FivesRules
from pegboard.fives.determinize import Sampler, sample_hands
from pegboard.fives.hand import FivesObservation
from tests.fives.helpers import T

State = tuple[tuple[tuple[Tile, ...], ...], tuple[Tile, ...]]


def agreeing_states(hand: FivesHand, seat: int, start: FivesHand) -> Counter[State]:
    """Every deal of the tiles ``seat`` cannot see into the other hands and the boneyard
    of ``start``, replayed with the actions of ``hand``; the states of those whose seat's
    observation is ``hand``'s, counted."""
    sizes = [len(start.hand(s)) for s in range(start.num_players)]
    others = [s for s in range(start.num_players) if s != seat]
    unseen = [t for s in others for t in start.hand(s)] + list(start.boneyard)
    actions = [move.action for move in hand.history]
    wanted = hand.observation(seat).to_dict()
    found: Counter[State] = Counter()
    for order in permutations(unseen):
        hands = [list(start.hand(s)) for s in range(start.num_players)]
        rest = list(order)
        for s in others:
            hands[s], rest = rest[: sizes[s]], rest[sizes[s] :]
        try:
            again = FivesHand.from_position(
                start.rules,
                hands,
                rest,
                start.layout.plays(),
                leader=start.leader,
                to_play=start.current_player,
            )
            for action in actions:
                again.apply(action)
        except (IllegalActionError, ValueError):
            continue
        if again.observation(seat).to_dict() == wanted:
            found[(again.hands, again.boneyard)] += 1
    return found


def scenario(seed: int, game: str) -> tuple[FivesHand, FivesHand]:
    """A small position (two seats, few tiles) and the same after some random moves."""
    rng = random.Random(seed)
    tiles = [T(a, b) for a in range(7) for b in range(a, 7)]
    rng.shuffle(tiles)
    lead = tiles.pop()
    hands = [tiles[:3], tiles[3:5]]
    boneyard = tiles[5:9] if game == "all-fives" else tiles[5:7]
    start = FivesHand.from_position(
        FivesRules(game, 2),  # type: ignore[arg-type]  # a name of the family
        hands,
        boneyard,
        [(lead, None)],
        leader=0,
        to_play=0,
    )
    hand = start.copy()
    for _ in range(rng.randrange(2, 7)):
        if hand.is_over:
            break
        hand.apply(rng.choice(hand.legal_actions()))
    return start, hand


@pytest.mark.parametrize("seed", [1, 4, 7, 12, 19, 23])
@pytest.mark.parametrize("game", ["all-fives", "fives-and-threes"])
def test_sample_hidden_is_uniform_over_the_deals_that_agree(game: str, seed: int) -> None:
    start, hand = scenario(seed, game)
    seat = 0
    truth = agreeing_states(hand, seat, start)
    assert truth, "the true deal agrees with itself"
    assert (hand.hands, hand.boneyard) in truth
    rng = random.Random(seed)
    draws = 2000
    seen: Counter[State] = Counter()
    for _ in range(draws):
        sample = hand.sample_hidden(seat, rng)
        seen[(sample.hands, sample.boneyard)] += 1
    assert set(seen) <= set(truth)  # never a deal that disagrees
    total = sum(truth.values())
    for state, deals in truth.items():
        expected = draws * deals / total
        # five standard deviations of a binomial count: fails only for a wrong weight
        spread = 5 * (expected * (1 - deals / total)) ** 0.5 + 1
        assert abs(seen[state] - expected) <= spread, (state, seen[state], expected)


def test_a_tile_drawn_after_a_draw_may_show_the_numbers_that_draw_proved_absent() -> None:
    # The ends show 3 and 4: seat 1 draws [1|1] (no fit), then [3|5], and plays it; seat
    # 0 plays [5|6] (ends 4 and 6) and seat 1 draws again: its [4|6] shows the 4 its
    # first draw proved absent then. Every sample agrees with some deal.
    start = FivesHand.from_position(
        FivesRules("all-fives", 2),
        [[T(5, 6), T(2, 2), T(0, 2)], [T(0, 0)]],
        [T(1, 1), T(3, 5), T(4, 6), T(0, 1)],
        [(T(3, 4), None)],
        leader=1,
        to_play=1,
    )
    hand = start.copy()
    for text in ("draw", "draw", "3-5@3-4L", "5-6@3-5H", "draw"):
        hand.apply(hand.parse_action(text))
    truth = agreeing_states(hand, 0, start)
    assert truth
    rng = random.Random(3)
    states = {(s.hands, s.boneyard) for s in (hand.sample_hidden(0, rng) for _ in range(300))}
    assert states <= set(truth)


def sampled_positions() -> Iterator[tuple[FivesObservation, int]]:
    """Observations of random seats at random moments of seeded random hands, every table
    size of both games (partnerships too), the end of each hand (its hands shown) with
    them: 1,419 positions, with the seed of each."""
    for game in ("all-fives", "fives-and-threes"):
        for players, partnerships in ((2, False), (3, False), (4, False), (4, True)):
            rules = FivesRules(game, players, partnerships=partnerships)
            for seed in range(25):
                rng = random.Random(seed)
                hand = FivesHand.deal(rules, seed=seed, leader=seed % players)
                while not hand.is_over:
                    if rng.random() < 0.3:
                        yield hand.observation(rng.randrange(players)), seed
                    hand.apply(rng.choice(hand.legal_actions()))
                yield hand.observation(seed % players), seed


SAMPLES_BEFORE_THE_SAMPLER = "df53f03b403d47de55fd47b3128ada58fcd0f5a385bb15c4df4c7800107f6b1c"
"""The digest of four samples from each of ``sampled_positions`` (one random stream per
position), drawn by ``sample_hands`` as it was before ``Sampler`` (commit f1f5886)."""


def test_the_samples_are_those_of_the_sampler_before_it_kept_its_work() -> None:
    # Sampler keeps what depends on the observation and _place its choices; the samples
    # must not change for a seed, drawn afresh (sample_hands) or from one kept Sampler.
    fresh = hashlib.sha256()
    kept = hashlib.sha256()
    positions = 0
    for observation, seed in sampled_positions():
        rng = random.Random(seed)
        for _ in range(4):
            hands, boneyard = sample_hands(observation, rng)
            fresh.update(repr((hands, [t.index for t in boneyard])).encode())
        rng = random.Random(seed)
        sampler = Sampler(observation)
        for _ in range(4):
            hands, boneyard = sampler.sample(rng)
            kept.update(repr((hands, [t.index for t in boneyard])).encode())
        positions += 1
    assert positions == 1419
    assert fresh.hexdigest() == SAMPLES_BEFORE_THE_SAMPLER
    assert kept.hexdigest() == SAMPLES_BEFORE_THE_SAMPLER
