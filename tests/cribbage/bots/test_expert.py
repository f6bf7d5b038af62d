"""The cribbage expert: exact discard values (C6), pegging search (C4, C5, C7), strength."""

from __future__ import annotations

import math
import random
import statistics
from fractions import Fraction
from itertools import combinations

import pytest

from pegboard.bots import RandomBot
from pegboard.bots.base import Bot
from pegboard.cribbage import (
    DECK,
    GO,
    CribbageMatch,
    Discard,
    Game,
    Play,
    parse_cards,
    peg_points,
    score_hand,
)
from pegboard.cribbage.bots.discard import crib_total, discard_values, expected_crib, expected_hand
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.pegging_search import WIN, PeggingSearch
from pegboard.cribbage.scoring import peg_rank_points, rank_value
from pegboard.games import bot_levels, make_bot

HANDS = (
    "5H 5S 5D JC 4C 6C",
    "JH 5H 2S 3S KD QC",
    "2H 3H 4H 5H 6H 7H",
    "JS JH 10D 4C 4S QH",
    "AC 2D 9S 9H KC 7D",
)


def brute_hand(kept: tuple[object, ...], unseen: list[object]) -> Fraction:
    total = 0
    for starter in unseen:
        total += score_hand(kept, starter)  # type: ignore[arg-type]
    return Fraction(total, len(unseen))


def brute_crib(discards: tuple[object, ...], unseen: list[object]) -> Fraction:
    """Every opponent pair, then every starter left: the plain enumeration."""
    total = 0
    cases = 0
    for x, y in combinations(unseen, 2):
        for starter in unseen:
            if starter is x or starter is y:
                continue
            total += score_hand((*discards, x, y), starter, is_crib=True)  # type: ignore[arg-type]
            cases += 1
    assert cases == 1035 * 44
    return Fraction(total, cases)


@pytest.mark.parametrize("text", HANDS)
def test_c6_expected_hand_is_exact_over_the_46_starters(text: str) -> None:
    hand = parse_cards(text)
    unseen = [c for c in DECK if c not in hand]
    assert len(unseen) == 46
    for value in discard_values(hand, own_crib=True):
        kept = tuple(c for c in hand if c not in value.discard.cards)
        exact = brute_hand(kept, unseen)  # type: ignore[arg-type]
        assert value.hand == exact
        assert abs(expected_hand(kept, unseen) - float(exact)) < 1e-12


def test_c6_expected_crib_matches_the_plain_enumeration() -> None:
    """Rank patterns + crib flush + nobs give exactly the 45,540-case enumeration."""
    for text, pairs in (("5H 5S 5D JC 4C 6C", ((3, 4), (0, 3))), ("2H 3H 4H 5H 6H 7H", ((0, 1),))):
        hand = parse_cards(text)
        unseen = [c for c in DECK if c not in hand]
        for i, j in pairs:
            discards = (hand[i], hand[j])
            exact = brute_crib(discards, unseen)  # type: ignore[arg-type]
            assert Fraction(crib_total(discards, unseen), 1035 * 44) == exact
            assert abs(expected_crib(discards, unseen) - float(exact)) < 1e-12


def test_c6_net_adds_the_crib_for_the_dealer_and_takes_it_for_the_pone() -> None:
    hand = parse_cards("5H 5S 5D JC 4C 6C")
    for mine, theirs in zip(discard_values(hand, True), discard_values(hand, False), strict=True):
        assert mine.discard is theirs.discard
        assert mine.net == mine.hand + mine.crib
        assert theirs.net == theirs.hand - theirs.crib
    # Laying 5-5 in one's own crib beats laying it in the opponent's by twice its value.
    five_five = next(
        v
        for v in discard_values(hand, True)
        if v.discard.cards[0].rank == 5 and v.discard.cards[1].rank == 5
    )
    assert five_five.crib > 8  # two fives in a crib are worth a lot; a crib averages ~4-5


def test_discard_analysis_ranks_all_15_choices_with_hand_crib_and_net() -> None:
    game = Game.new(seed=4, dealer=1)
    for seat in (0, 1):
        seen = game.observation(game.current_player)  # type: ignore[arg-type]
        rows = CribbageExpert().analyse(seen, random.Random(0))
        assert len(rows) == 15 and {r.action for r in rows} == set(seen.legal)
        assert [r.value for r in rows] == sorted((r.value for r in rows), reverse=True)
        for row in rows:
            assert row.unit == "expected net points"
            assert set(row.details) == {"hand", "crib", "pegging", "net"}
            sign = 1 if seen.dealer == seen.seat else -1
            assert row.details["net"] == pytest.approx(
                row.details["hand"] + sign * row.details["crib"]
            )
        game.apply(rows[0].action)
        del seat


def test_c4_rank_pegging_points_equal_peg_points() -> None:
    rng = random.Random(4)
    checked = 0
    while checked < 3000:
        pile = rng.sample(DECK, rng.randrange(1, 9))
        count = sum(c.value for c in pile)
        if count > 31:
            continue
        assert peg_rank_points([c.rank for c in pile], count) == peg_points(pile)
        checked += 1


def test_c4_a_ranks_count_is_its_cards_value() -> None:
    # An ace counts 1, a ten and every face card 10 (C4), as the searches by rank count it.
    assert all(rank_value(card.rank) == card.value for card in DECK)
    assert [rank_value(r) for r in (1, 9, 10, 11, 12, 13)] == [1, 9, 10, 10, 10, 10]


def test_c4_search_takes_a_31_and_a_pair() -> None:
    # Count 21 after a ten: the seat holds a 10 (31 for 2, and a pair for 2 more) and a 4.
    search = PeggingSearch([[10, 4], [2, 3]], me=0, dealer=1, scores=(0, 0), shows=(0, 0, 0))
    values = search.root(0, 21, [1, 10], (False, False))
    assert values[10] > values[4]


def test_c7_search_avoids_handing_over_the_game() -> None:
    """At 119, the opponent wins with any 2 points: leading a 5 lets its ten make 15."""
    hands = [[5, 4], [10, 12]]
    near = PeggingSearch(hands, me=0, dealer=1, scores=(60, 119), shows=(0, 0, 0))
    values = near.root(0, 0, [], (False, False))
    assert values[5] <= -WIN + 5  # the ten on the five makes 15: the game is lost
    assert values[4] > -WIN + 5
    far = PeggingSearch(hands, me=0, dealer=1, scores=(0, 0), shows=(0, 0, 0))
    assert far.endgame is False and max(far.root(0, 0, [], (False, False)).values()) < WIN


def test_c7_near_121_the_search_gives_up_points_to_keep_the_game() -> None:
    """On an 8, a 7 makes 15 (2 points), but the opponent's 6 then makes a run of three:
    worth it at 0-0, fatal when the opponent sits at 119 (C4, C7)."""
    hands = [[4, 5, 7], [6, 12]]
    far = PeggingSearch(hands, me=0, dealer=1, scores=(0, 0), shows=(0, 0, 0))
    values = far.root(0, 8, [8], (False, False))
    assert max(values, key=values.__getitem__) == 7
    near = PeggingSearch(hands, me=0, dealer=1, scores=(100, 119), shows=(0, 0, 0))
    values = near.root(0, 8, [8], (False, False))
    assert max(values, key=values.__getitem__) != 7
    assert values[7] <= -WIN


def test_c7_search_wins_in_the_show_when_the_pegging_cannot() -> None:
    """The pone (seat 0) at 110 with a 12-point hand counts first and wins (C6, C7)."""
    search = PeggingSearch([[1], [2]], me=0, dealer=1, scores=(110, 115), shows=(12, 3, 2))
    assert search.root(0, 0, [], (False, False))[1] >= WIN - 2


def play_hand(seed: int, bots: list[Bot], bot_seed: int) -> tuple[int, int]:
    game = Game.new(seed=seed, dealer=seed % 2)
    rngs = [random.Random(bot_seed * 2 + seat) for seat in (0, 1)]
    while not game.is_over and game.hand_number == 1:
        seat = game.current_player
        assert seat is not None
        seen = game.observation(seat)
        action = bots[seat].choose(seen, rngs[seat])
        assert action in seen.legal
        game.apply(action, seat=seat)
    return game.scores


def test_expert_moves_are_legal_and_deterministic_for_a_seed() -> None:
    def moves(seed: int) -> list[str]:
        game = Game.new(seed=seed)
        bots = [make_bot("cribbage", "expert", seed=1), make_bot("cribbage", "expert", seed=2)]
        taken = []
        while not game.is_over and game.hand_number <= 2:
            seat = game.current_player
            assert seat is not None
            action = bots[seat].act(game.observation(seat))
            assert action in game.legal_actions()
            game.apply(action)
            taken.append(str(action))
        return taken

    assert moves(7) == moves(7)


def test_pegging_analysis_ranks_every_legal_action() -> None:
    game = Game.new(seed=9, dealer=0)
    expert = CribbageExpert(8)
    rng = random.Random(0)
    seen_go = False
    while not game.is_over and game.hand_number == 1:
        seen = game.observation(game.current_player)  # type: ignore[arg-type]
        rows = expert.analyse(seen, rng)
        assert {r.action for r in rows} == set(seen.legal) and len(rows) == len(seen.legal)
        seen_go = seen_go or rows[0].action is GO
        if isinstance(rows[0].action, Play):
            assert rows[0].unit.startswith("expected pegging margin")
        game.apply(rows[0].action)
        assert not isinstance(rows[0].action, Discard) or len(rows) == 15


def test_expert_is_registered() -> None:
    assert "expert" in bot_levels("cribbage")
    assert make_bot("cribbage", "expert", seed=0).name == "expert"


def test_expert_beats_random_in_duplicate_hands() -> None:
    """60 duplicate deal pairs (each deal twice, seats exchanged): the expert's mean margin
    is more than 4 standard errors above zero, which chance alone gives about 1 in 30,000."""
    margins = []
    for seed in range(60):
        a, b = CribbageExpert(8), RandomBot()
        s = play_hand(seed, [a, b], seed)
        t = play_hand(seed, [b, a], seed)
        margins.append((s[0] - s[1]) + (t[1] - t[0]))
    mean = statistics.fmean(margins)
    error = statistics.stdev(margins) / math.sqrt(len(margins))
    assert mean > 4 * error


def test_expert_plays_a_match_from_match_observations() -> None:
    match = CribbageMatch(seed=3, best_of=1)
    bots = [make_bot("cribbage", "expert", seed=s) for s in (0, 1)]
    for _ in range(30):
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)), seat=seat)


def test_analysis_is_the_same_for_the_same_seed() -> None:
    game = Game.new(seed=12, dealer=0)
    for _ in range(3):
        game.apply(game.legal_actions()[0])  # both discards and the pone's lead
    seen = game.observation(game.current_player)  # type: ignore[arg-type]
    first = CribbageExpert(6).analyse(seen, random.Random(3))
    assert CribbageExpert(6).analyse(seen, random.Random(3)) == first


def test_a_time_limit_still_searches_one_deal_and_plays_legally() -> None:
    game = Game.new(seed=5, dealer=1)
    expert = CribbageExpert(1000, time_limit=1e-6)
    rng = random.Random(0)
    while not game.is_over and game.hand_number == 1:
        seen = game.observation(game.current_player)  # type: ignore[arg-type]
        rows = expert.analyse(seen, rng)
        assert {r.action for r in rows} == set(seen.legal)
        game.apply(rows[0].action)
    with pytest.raises(ValueError, match="time limit"):
        CribbageExpert(time_limit=0)


def test_hints_show_the_15_discards_with_hand_crib_and_net() -> None:
    from pegboard.hints import hint

    game = Game.new(seed=1, dealer=0)
    rows = hint(game, 1)
    assert len(rows) == 15
    exact = {v.discard: v for v in discard_values(game.observation(1).hand, own_crib=False)}
    for row in rows:
        value = exact[row.action]
        assert {k: v for k, v in row.details.items() if k != "pegging"} == {
            "hand": float(value.hand),
            "crib": float(value.crib),
            "net": float(value.net),
        }
