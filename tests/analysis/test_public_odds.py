"""Every seat's chance of winning from a match's public facts alone (issue 37): what the web
may show a spectator, or a player beside the board. It must never read a hidden hand."""

from __future__ import annotations

import collections
import copy
import itertools
import math
import random
from typing import Any

import pytest

from pegboard import games
from pegboard.analysis import AnalysisError, public_win_probabilities
from pegboard.analysis.odds import MAX_SAMPLES
from pegboard.cribbage import CribbageMatch
from pegboard.cribbage.cards import DECK
from pegboard.cribbage.determinize import public_determinize as cribbage_public
from pegboard.cribbage.determinize import public_held
from pegboard.dominoes.actions import Pass as DominoPass
from pegboard.draw.determinize import public_determinize as draw_public
from pegboard.draw.match import Match as DrawMatch
from pegboard.draw.round import Round
from pegboard.fives.determinize import public_determinize as fives_public
from pegboard.fives.hand import FivesHand
from tests.draw.helpers import tiles

GAMES = ("draw", "all-fives", "fives-and-threes", "cribbage")


def _match(name: str, seed: int, moves: int, **options: Any) -> Any:
    """A match of ``name`` (two seats unless ``options`` say) after ``moves`` random legal
    moves (fewer if it ends)."""
    game = games.get(name)
    options = game.check_options(options or ({} if name == "cribbage" else {"players": 2}))
    match = game.new_match(options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.current_player is None:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


def _twin(name: str, match: Any, seed: int) -> Any:
    """``match`` with every hidden hand dealt again, its public facts kept."""
    twin = copy.deepcopy(match)
    rng = random.Random(seed)
    if name == "draw":
        twin._part = draw_public(match.observation(0).round, rng)
    elif name == "cribbage":
        twin._game = cribbage_public(match.observation(0).game, rng)
    else:
        view = match.hand.observation(0)
        twin._part = fives_public(view, rng)
    return twin


def _hands(name: str, match: Any) -> list[Any]:
    seats = range(match.num_players)
    if name == "cribbage":
        return [match.observation(seat).game.hand for seat in seats]
    if name == "draw":
        return [match.observation(seat).round.hand for seat in seats]
    return [match.observation(seat).hand.hand for seat in seats]


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("moves", [0, 5, 9])
def test_the_public_chances_never_read_a_hand(name: str, moves: int) -> None:
    """Two matches with the same public facts and other hands: the same estimate, seed for
    seed (it would differ, seed for seed, if any hand were read)."""
    game = games.get(name)
    match = _match(name, 3, moves)
    twin = _twin(name, match, 8)
    assert _hands(name, match) != _hands(name, twin)  # the hidden hands differ
    first = public_win_probabilities(game, match, samples=16, seed=5)
    assert public_win_probabilities(game, twin, samples=16, seed=5) == first
    assert public_win_probabilities(game, match, samples=16, seed=5) == first  # seeded
    assert public_win_probabilities(game, match, samples=16, seed=6) != first


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("draw", {"players": 3}),
        ("draw", {"players": 4}),
        ("all-fives", {"players": 4, "partners": True}),
        ("draw", {"players": 2, "block": 1}),
    ],
)
def test_with_more_seats_the_public_chances_never_read_a_hand(
    name: str, options: dict[str, Any]
) -> None:
    game = games.get(name)
    match = _match(name, 6, 7, **options)
    twin = _twin(name, match, 2)
    assert _hands(name, match) != _hands(name, twin)
    first = public_win_probabilities(game, match, samples=12, seed=1)
    assert public_win_probabilities(game, twin, samples=12, seed=1) == first
    if options.get("block"):  # the worlds are Block rounds: the stock sleeps (D18)
        world = draw_public(match.observation(0).round, random.Random(1))
        assert world.observation(world.current_player).block
    assert len(first) == options["players"] and sum(first) == pytest.approx(
        1 if name == "draw" else 2, abs=1e-3
    )


def _draw_world(hands: tuple[str, str], stock: str) -> DrawMatch:
    match = DrawMatch(2, seed=5)
    match._scores = [40, 70]
    match._part = Round.from_position(
        [tiles(hands[0]), tiles(hands[1])],
        tiles(stock),
        current=0,
        line=None,
        absent=[(), (0, 6)],
    )
    return match


def test_d8_a_passers_public_worlds_hold_no_tile_of_the_ends_it_passed_on() -> None:
    # Seat 1 passed on 0 and 6 (D8): in every world it holds no tile showing either.
    match = _draw_world(("0-0 0-6 1-1 2-2 3-3", "1-2 1-3 2-3 4-5 1-5"), "2-4 3-4 3-5 4-4")
    view = match.observation(0).round
    rng = random.Random(1)
    held: set[str] = set()
    for _ in range(200):
        world = draw_public(view, rng)
        for tile in world.hand(1):
            assert not {tile.low, tile.high} & {0, 6}
            held.add(str(tile))
        assert len(world.hand(0)) == 5 and len(world.hand(1)) == 5
        assert world.stock_size == 4
    assert "0-0" not in held and len(held) > 10  # the worlds vary, within what is proven
    # Seat 0 proved nothing: its worlds do give it 0s and 6s.
    assert any({0, 6} & {t.low, t.high} for t in draw_public(view, random.Random(2)).hand(0))


def test_d8_the_draw_estimate_is_the_same_whatever_the_hands_hold() -> None:
    game = games.get("draw")
    first = _draw_world(("0-0 0-6 1-1 2-2 3-3", "1-2 1-3 2-3 4-5 1-5"), "2-4 3-4 3-5 4-4")
    second = _draw_world(("0-0 1-1 2-2 4-5 3-3", "3-5 1-3 2-3 1-2 1-5"), "2-4 3-4 0-6 4-4")
    assert first.observation(0) != second.observation(0)
    assert first.observation(1) != second.observation(1)
    estimate = public_win_probabilities(game, first, samples=24, seed=9)
    assert public_win_probabilities(game, second, samples=24, seed=9) == estimate


def _cribbage_with_a_go(seed: int) -> CribbageMatch:
    """A cribbage match in the pegging just after a seat said go."""
    rng = random.Random(seed)
    match = CribbageMatch(seed=seed)
    while True:
        view = match.observation(0).game
        if view.phase == "pegging" and max(view.held_above) > 0 and any(view.hand_sizes):
            return match
        match.apply(rng.choice(match.legal_actions()))


def test_c5_a_gos_player_holds_no_card_under_the_room_in_any_public_world() -> None:
    found = 0
    for seed in range(40):
        match = _cribbage_with_a_go(seed)
        view = match.observation(0).game
        floors = view.held_above
        rng = random.Random(seed)
        for _ in range(20):
            world = cribbage_public(view, rng)
            for seat in (0, 1):
                held = world.observation(seat).hand
                assert len(held) == view.hand_sizes[seat]
                assert all(card.value > floors[seat] for card in held)
            public = world.observation(0)
            assert public.played == view.played and public.count == view.count
            assert public.scores == view.scores and public.starter == view.starter
        found += 1
    assert found == 40


def test_c5_at_the_discard_both_hands_and_the_uncut_starter_are_dealt_afresh() -> None:
    match = CribbageMatch(seed=4)
    view = match.observation(0).game
    assert view.phase == "discard"
    worlds = [cribbage_public(view, random.Random(s)) for s in range(6)]
    for seat in (0, 1):
        dealt = {frozenset(world.observation(seat).hand) for world in worlds}
        assert len(dealt) == 6 and frozenset(match.observation(seat).game.hand) not in dealt


def test_f4_a_passer_holds_no_tile_of_the_numbers_it_passed_on_since() -> None:
    checked = 0
    for seed in range(60):
        match = _match("all-fives", seed, 0)
        rng = random.Random(seed)
        while match.current_player is not None and len(match.hands) == 0:
            view = match.hand.observation(0)
            last = view.history[-1] if view.history else None
            if last is not None and isinstance(last.action, DominoPass):
                for _ in range(10):
                    world: FivesHand = fives_public(view, rng)
                    for tile in world.observation(last.seat).hand:
                        assert not {tile.low, tile.high} & set(last.values)
                checked += 1
            match.apply(rng.choice(match.legal_actions()))
    assert checked >= 5


@pytest.mark.parametrize("name", GAMES)
def test_two_sides_chances_sum_to_one_and_a_finished_match_is_one_or_zero(name: str) -> None:
    game = games.get(name)
    match = _match(name, 2, 7)
    chances = public_win_probabilities(game, match, samples=8, seed=1)
    assert len(chances) == 2 and sum(chances) == pytest.approx(1, abs=1e-3)
    while match.current_player is not None:
        match.apply(match.legal_actions()[0])
    final = public_win_probabilities(game, match, samples=8, seed=1)
    assert sorted(final) == [0.0, 1.0]


@pytest.mark.parametrize("name", GAMES)
def test_at_a_deals_start_the_public_estimate_is_the_table_within_the_playouts_error(
    name: str,
) -> None:
    """Nothing of the deal is public: the worlds are fresh deals, played out by the quick
    player, so the estimate is the table's within the sampling and the playout's error
    (not exact: the table is the expert's deals, the playout a quicker player's)."""
    game = games.get(name)
    match = _match(name, 11, 0)
    table = public_win_probabilities(game, match, samples=0)
    estimate = public_win_probabilities(game, match, samples=256, seed=3)
    assert estimate == pytest.approx(table, abs=0.06)


def test_the_public_estimate_is_bounded_work_and_refuses_another_games_match() -> None:
    draw, cribbage = games.get("draw"), games.get("cribbage")
    match = _match("draw", 1, 3)
    with pytest.raises(AnalysisError, match="1 to 1024 worlds"):
        public_win_probabilities(draw, match, samples=MAX_SAMPLES + 1)
    with pytest.raises(AnalysisError, match="not a match of cribbage"):
        public_win_probabilities(cribbage, match)


def test_c5_both_held_hands_are_drawn_uniformly_among_the_consistent_pairs() -> None:
    """``public_held`` against every pair counted by hand: seat 1 said go at 26 (its cards
    are all worth more than 5), seat 0 is to play and holds a card that fits (room 5)."""
    unseen = [card for card in DECK if card.rank in (1, 4, 7, 10)][:8]
    floors, fits, room, sizes = (0, 5), 0, 5, (2, 2)
    consistent = [
        (frozenset(first), frozenset(second))
        for first in itertools.combinations(unseen, 2)
        if any(card.value <= room for card in first)
        for second in itertools.combinations([c for c in unseen if c not in first], 2)
        if all(card.value > floors[1] for card in second)
    ]
    rng = random.Random(12)
    draws = 300 * len(consistent)
    counts = collections.Counter(
        tuple(frozenset(hand) for hand in public_held(unseen, sizes, floors, fits, room, rng))
        for _ in range(draws)
    )
    assert set(counts) == set(consistent)  # every pair, and no other
    expected = draws / len(consistent)
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    # Chi-square with len - 1 degrees of freedom: far under its 99.9% point.
    assert chi_square < len(consistent) + 5 * math.sqrt(2 * len(consistent))
