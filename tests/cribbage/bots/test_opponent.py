"""The expert's model of the other seat's hidden cards in the pegging (issue 43, C2, C4,
C5): the plays it reads, what a play says, and its chances against the frequencies with
which the expert, as the other seat, did hold each rank."""

from __future__ import annotations

import math
import random

from benchmarks.bench_cribbage_opponent import calibration, self_play_positions

from pegboard.bots.base import Bot
from pegboard.cribbage import Game
from pegboard.cribbage.actions import Play
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.opponent import (
    PlayChoice,
    deal_weight,
    play_choices,
    rank_chances,
    reply_points,
    weighted_deals,
)
from pegboard.cribbage.determinize import hidden_deal
from pegboard.cribbage.scoring import peg_rank_points


def test_c5_each_play_is_read_at_the_count_it_was_made() -> None:
    """The count before each of the other seat's plays is rebuilt from the plays alone
    (a pile ends at 31 or when the next card would pass it, C5), equal to the engine's,
    over whole hands of the expert with go's and 31s among them."""
    expert: Bot = CribbageExpert(determinizations=4)
    checked = 0
    for seed in range(12):
        game = Game.new(seed=seed, dealer=seed % 2)
        rng = random.Random(seed)
        counts: list[tuple[int, int]] = []  # (seat, count before its play)
        while game.hand_number == 1 and not game.is_over:
            seat = game.current_player
            assert seat is not None
            action = expert.choose(game.observation(seat), rng)
            if isinstance(action, Play):
                counts.append((seat, game.count))
            game.apply(action, seat=seat)
            if game.phase == "pegging":
                for watcher in (0, 1):
                    view = game.observation(watcher)
                    theirs = [c for s, c in counts if s != watcher]
                    choices = play_choices(view)
                    assert [c.count for c in choices] == theirs
                    for choice in choices:
                        fits = [v is not None for v in choice.values]
                        assert fits == [choice.count + min(r, 10) <= 31 for r in range(1, 14)]
                    checked += len(choices)
    assert checked > 100


def test_c4_the_reply_expected_on_a_lone_king() -> None:
    """A king led (count 10): the next seat scores on it with a 5 (fifteen, 2) or a king
    (a pair, 2) and nothing else (C4); a hand of four cards from a full deck holds 4/13 of
    a card of each rank, so it may expect (2 + 2) x 4/13 points."""
    assert math.isclose(reply_points([13], 10), 16 / 13)
    # After a 5 on it (fifteen): a 5 pairs it (2); a 6 runs nothing, a 10 makes 25...
    assert math.isclose(reply_points([13, 5], 15), 2 * 4 / 13)
    assert reply_points([10, 10, 10, 1], 31) == 0  # at 31 the pile ends (C5)


def test_c4_not_pairing_the_card_before_is_evidence_against_holding_its_rank() -> None:
    """A seat that played a 3 on a 7 when it could have paired it (2 points) is less likely
    to hold a 7 than one that could not; the model's chances move accordingly."""
    values = tuple(
        peg_rank_points([7, r], 7 + min(r, 10)) - reply_points([7, r], 7 + min(r, 10))
        for r in range(1, 14)
    )
    choice = PlayChoice(7, 3, (), values)
    assert choice.likelihood([7, 13]) < 0.8 * choice.likelihood([2, 13])  # 0.20 against 0.26
    assert math.isclose(choice.likelihood([3]), 1.0)  # no choice, no evidence

    # The pone leads a 3, the dealer plays a 7 (count 10), and the pone plays a 4 (14) where
    # a 5 would have made fifteen: from the dealer's seat a 5 in the pone's hand is now less
    # likely than the deals and the discard alone say.
    game = Game.from_position(
        ["7S 8D 9C KH", "3H 4D QC JS"], dealer=0, crib="AS 2S 5H 6H", starter="10D"
    )
    game.apply(game.parse_action("play 3H"), seat=1)
    game.apply(game.parse_action("play 7S"), seat=0)
    game.apply(game.parse_action("play 4D"), seat=1)
    view = game.observation(0)
    plain = rank_chances(view, random.Random(1), 3000, read_plays=False)
    read = rank_chances(view, random.Random(1), 3000)
    assert read[5 - 1] < 0.8 * plain[5 - 1]


def test_the_weighted_deals_keep_every_public_fact_and_replay_for_a_seed() -> None:
    game = Game.new(seed=21, dealer=1)
    expert: Bot = CribbageExpert(determinizations=4)
    rng = random.Random(2)
    while not (game.phase == "pegging" and len(game.played) >= 3):
        seat = game.current_player
        assert seat is not None
        game.apply(expert.choose(game.observation(seat), rng), seat=seat)
    view = game.observation(game.current_player)  # type: ignore[arg-type]
    first = weighted_deals(view, random.Random(8), 24, 96, play_choices(view))
    assert weighted_deals(view, random.Random(8), 24, 96, play_choices(view)) == first
    assert len(first) == 24
    seen = {*view.hand, *view.discards, *(c for _, c in view.played), view.starter}
    assert all(not (set(d.hand) | set(d.discards)) & seen for d in first)
    # Reading the plays changes the weights of some deals, and never makes one impossible.
    deals = [hidden_deal(view, random.Random(k)) for k in range(50)]
    choices = play_choices(view)
    assert choices
    with_plays = [deal_weight(view, d, choices) for d in deals]
    without = [deal_weight(view, d, None) for d in deals]
    assert all(w > 0 for w in with_plays)
    assert with_plays != without


def test_the_model_is_calibrated_against_the_expert_as_the_other_seat() -> None:
    """Issue 43: over the pegging decisions of 24 hands of the expert against itself (seeds
    never used to choose the model's temperatures), the model's chance that the other seat
    holds each rank, in bins, against the frequency with which it did: every bin of 100
    predictions or more within three standard errors and two points. And it knows more
    than the deals alone: a lower log loss than the uniform deals' (0.382 against 0.419 on
    40 hands, ``python -m benchmarks cribbage_opponent``)."""
    positions = self_play_positions(24, seed=920_000)
    model = calibration(positions, 800, "discard+plays")
    for predicted, held, n in model.bins:
        if n >= 100:
            error = math.sqrt(max(held * (1 - held), 0.01) / n)
            assert abs(predicted - held) <= 3 * error + 0.02, (predicted, held, n)
    uniform = calibration(positions, 200, "uniform")
    assert model.log_loss < uniform.log_loss - 0.015
    assert model.brier < uniform.brier - 0.003
