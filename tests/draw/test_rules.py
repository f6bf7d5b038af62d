"""D1-D17: one or more tests per rule of docs/rules.md, named after the rule they check.

Positions are built with ``Round.from_position`` (readable hands and stock, index 0 of the
stock drawn first) or dealt from seeds. Only the public API is used.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from pegboard.draw import (
    DOUBLE_SIX,
    DRAW,
    PASS,
    IllegalActionError,
    Match,
    Pass,
    Play,
    Round,
    Tile,
    hand_size,
    pip_count,
    settle,
    settlement_text,
    target_for,
)
from pegboard.draw.match import draw_lot

from .helpers import E, T, play_out, position, snapshot, tiles


def assert_illegal(round_: Round, action: object, rule: str) -> IllegalActionError:
    """``action`` raises IllegalActionError citing ``rule`` and changes nothing."""
    before = snapshot(round_)
    with pytest.raises(IllegalActionError) as caught:
        round_.apply(action)  # type: ignore[arg-type]
    assert caught.value.rule == rule, str(caught.value)
    assert f"({rule})" in str(caught.value)  # the message names the rule too
    assert snapshot(round_) == before
    return caught.value


# -- D1 set and players ------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 5, 8])
def test_d1_two_to_four_players(players: int) -> None:
    with pytest.raises(ValueError, match="D1"):
        Round.deal(players, seed=1)
    with pytest.raises(ValueError, match="D1"):
        Match(players, seed=1)
    with pytest.raises(ValueError, match="D1"):
        hand_size(players)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d1_a_deal_uses_the_28_tiles_of_the_double_six_set(players: int) -> None:
    for seed in range(50):
        round_ = Round.deal(players, seed=seed)
        dealt = [t for hand in round_.hands for t in hand] + list(round_.stock)
        assert sorted(dealt) == list(DOUBLE_SIX)


def test_d1_individual_scores() -> None:
    # Each seat has its own score; nobody shares points with a partner.
    round_ = position(["1-2", "0-0", "3-5", "4-4"], line=[("1-4", None)])
    round_.apply(Play(T("1-2"), E("1-4L")))
    assert round_.returns() == (0 + 8 + 8, 0, 0, 0)


# -- D2 deal ---------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size", "stock"), [(2, 7, 14), (3, 7, 7), (4, 6, 4)])
def test_d2_deal_sizes(players: int, size: int, stock: int) -> None:
    assert hand_size(players) == size
    for seed in range(20):
        round_ = Round.deal(players, seed=seed)
        assert [len(h) for h in round_.hands] == [size] * players
        assert round_.stock_size == stock == len(round_.stock)
        assert round_.line.is_empty
        for seat in range(players):
            obs = round_.observation(seat)
            assert obs.hand_sizes == (size,) * players
            assert obs.stock_size == stock


def test_d2_deal_is_shuffled_and_reproducible_from_the_seed() -> None:
    deals = {Round.deal(2, seed=seed).hands for seed in range(30)}
    assert len(deals) == 30
    assert Round.deal(3, seed=99).hands == Round.deal(3, seed=99).hands
    assert Round.deal(3, seed=99).stock == Round.deal(3, seed=99).stock


def test_d2_hands_are_hidden() -> None:
    round_ = Round.deal(3, seed=4)
    for seat in range(3):
        obs = round_.observation(seat)
        assert obs.hand == round_.hands[seat]
        text = str(obs.to_dict())
        for other in range(3):
            if other != seat:
                for tile in round_.hands[other]:
                    assert str(tile) not in text
        for tile in round_.stock:
            assert str(tile) not in text


# -- D3 first leader ---------------------------------------------------------------------


class ScriptedRandom(random.Random):
    """A Random whose ``sample`` returns scripted tiles, recording how many were asked."""

    def __init__(self, script: Sequence[Sequence[Tile]]) -> None:
        super().__init__(0)
        self.script = list(script)
        self.asked: list[int] = []

    def sample(self, population: object, k: int, *, counts: object = None) -> list[Tile]:  # type: ignore[override]
        self.asked.append(k)
        return list(self.script.pop(0))


def test_d3_lot_tie_is_drawn_again_among_the_tied_players_only() -> None:
    # Seats 1 and 3 tie on 10 pips ([4|6] and [5|5]); only they draw again, and seat 3 wins.
    rng = ScriptedRandom([tiles("1-2 4-6 0-0 5-5"), tiles("0-1 2-3")])
    leader, draws = draw_lot(4, rng)
    assert rng.asked == [4, 2]
    assert len(draws) == 2
    assert draws[0].best == [1, 3]
    assert sorted(draws[1].tiles) == [1, 3]
    assert draws[1].tiles == {1: T("0-1"), 3: T("2-3")}
    assert leader == 3


def test_d3_lot_three_way_tie_then_two_way_tie() -> None:
    rng = ScriptedRandom([tiles("2-6 3-5 4-4 0-1"), tiles("1-2 0-3 1-1"), tiles("6-6 0-0")])
    leader, draws = draw_lot(4, rng)
    assert rng.asked == [4, 3, 2]
    assert sorted(draws[1].tiles) == [0, 1, 2]
    assert sorted(draws[2].tiles) == [0, 1]  # [1|2] and [0|3] tied on 3; seat 2 is out
    assert leader == 0


def test_d3_lot_without_tie_needs_one_draw() -> None:
    rng = ScriptedRandom([tiles("6-6 0-0 1-1")])
    leader, draws = draw_lot(3, rng)
    assert (leader, len(draws), rng.asked) == (0, 1, [3])


def test_d3_seeded_lot_ties_redraw_among_tied_seats_only() -> None:
    ties = 0
    for seed in range(300):
        leader, draws = draw_lot(4, random.Random(seed))
        for earlier, later in itertools.pairwise(draws):
            assert len(earlier.best) > 1
            assert sorted(later.tiles) == earlier.best
            ties += 1
        assert draws[-1].best == [leader]
    assert ties > 0  # the seeds did exercise a tie


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d3_lot_is_fair(players: int) -> None:
    leaders = Counter(draw_lot(players, random.Random(seed))[0] for seed in range(4000))
    for seat in range(players):
        assert abs(leaders[seat] / 4000 - 1 / players) < 0.04, leaders


def test_d3_tiles_dealt_give_no_priority() -> None:
    holders_lead = 0
    for seed in range(200):
        match = Match(4, seed=seed)
        assert match.first_leader == match.lot[-1].best[0]
        assert match.round.leader == match.first_leader == match.round.current_player
        holders = [s for s, h in enumerate(match.round.hands) if T("6-6") in h]
        holders_lead += holders == [match.first_leader]
    # With 4 players the holder of [6|6] leads about a quarter of the time, not always.
    assert 20 < holders_lead < 80


def test_d3_leader_may_open_with_any_tile() -> None:
    round_ = Round.deal(2, seed=11, leader=1)
    assert round_.current_player == 1
    hand = round_.hand(1)
    assert set(round_.legal_actions()) == {Play(t) for t in hand} | {DRAW}
    for tile in hand:
        trial = round_.copy()
        trial.apply(Play(tile))
        assert trial.line.tiles == (tile,)
        assert trial.current_player == 0


def test_d3_only_the_seat_to_play_opens() -> None:
    round_ = position(["1-2 3-4", "5-6 0-0"], current=0)
    assert_illegal(round_, Play(T("5-6")), "D5")  # seat 0 does not hold [5|6]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d3_play_goes_clockwise(players: int) -> None:
    for seed in range(20):
        round_ = Round.deal(players, seed=seed, leader=seed % players)
        rng = random.Random(seed)
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            action = rng.choice(round_.legal_actions())
            round_.apply(action)
            if round_.is_over:
                break
            expected = seat if action == DRAW else (seat + 1) % players
            assert round_.current_player == expected


# -- D4 a turn -----------------------------------------------------------------------------


def test_d4_a_turn_is_draws_then_one_play() -> None:
    round_ = position(["5-5 6-6", "0-1 0-2"], stock="1-1 2-2 1-4 3-3 0-3", line=[("0-4", None)])
    round_.apply(DRAW)
    round_.apply(DRAW)
    round_.apply(DRAW)  # [1|4] fits the 4
    assert round_.current_player == 0
    round_.apply(Play(T("1-4"), E("0-4H")))
    assert round_.current_player == 1
    assert [str(m.action) for m in round_.history] == ["draw", "draw", "draw", "1-4@0-4H"]
    assert [m.seat for m in round_.history] == [0, 0, 0, 0]


def test_d4_anything_else_is_not_an_action() -> None:
    round_ = Round.deal(2, seed=3)
    for nonsense in ["draw", None, 3, T("1-1")]:
        assert_illegal(round_, nonsense, "D4")


# -- D5 play -------------------------------------------------------------------------------


def test_d5_touching_halves_show_the_same_number() -> None:
    round_ = position(["2-5 4-6 1-3", "0-0"], line=[("1-4", None)])
    legal = set(round_.legal_actions())
    assert legal == {Play(T("4-6"), E("1-4H")), Play(T("1-3"), E("1-4L"))}
    assert_illegal(round_, Play(T("2-5"), E("1-4H")), "D5")
    assert_illegal(round_, Play(T("2-5"), E("1-4L")), "D5")
    round_.apply(Play(T("4-6"), E("1-4H")))
    assert round_.line.open_values() == (1, 6)


def test_d5_a_blank_matches_only_a_blank() -> None:
    round_ = position(["1-1 0-5", "2-2"], line=[("0-3", None)])
    assert set(round_.legal_actions()) == {Play(T("0-5"), E("0-3L"))}
    assert_illegal(round_, Play(T("1-1"), E("0-3L")), "D5")


def test_d5_a_tile_may_go_on_either_open_end() -> None:
    round_ = position(["3-4 5-5", "2-2"], line=[("3-6", None), ("4-6", "3-6H")])
    assert set(round_.legal_actions()) == {
        Play(T("3-4"), E("3-6L")),
        Play(T("3-4"), E("4-6L")),
    }


def test_d5_a_play_ends_the_turn() -> None:
    round_ = position(["1-2 1-3", "1-5 1-6", "0-0 0-2"], line=[("1-4", None)])
    round_.apply(Play(T("1-2"), E("1-4L")))
    assert round_.current_player == 1


def test_d5_tile_not_in_hand_is_refused() -> None:
    round_ = position(["1-2 3-5", "4-6"], line=[("1-4", None)])
    assert_illegal(round_, Play(T("4-6"), E("1-4H")), "D5")  # seat 1's tile
    assert_illegal(round_, Play(T("1-4"), E("1-4L")), "D5")  # on the line, not in hand


def test_d5_illegal_placements_in_a_round_cite_their_rule() -> None:
    round_ = position(["1-2 4-4 2-3", "0-0"], line=[("1-4", None)])
    assert_illegal(round_, Play(T("1-2")), "D5")  # no end after the opening
    assert_illegal(round_, Play(T("4-4"), E("4-4A")), "D9")  # not an open end
    assert_illegal(round_, Play(T("2-3"), E("1-4L")), "D5")  # wrong number


# -- D6 draw -------------------------------------------------------------------------------


def test_d6_may_draw_while_holding_a_playable_tile() -> None:
    round_ = position(["1-2 5-5", "0-0 0-3"], stock="4-6 2-2 3-3", line=[("1-4", None)])
    assert round_.can_play()
    assert DRAW in round_.legal_actions()
    assert Play(T("1-2"), E("1-4L")) in round_.legal_actions()
    round_.apply(DRAW)
    assert round_.hand(0) == tuple(sorted(tiles("1-2 5-5 4-6")))
    assert round_.stock_size == 2


def test_d6_the_draw_does_not_end_the_turn_and_any_playable_tile_may_follow() -> None:
    round_ = position(["1-2 5-5", "0-0 0-3"], stock="4-6 2-2 3-3 6-6", line=[("1-4", None)])
    round_.apply(DRAW)  # draws [4|6]
    assert round_.current_player == 0
    legal = set(round_.legal_actions())
    drawn_play = Play(T("4-6"), E("1-4H"))
    held_play = Play(T("1-2"), E("1-4L"))
    assert {drawn_play, held_play, DRAW} <= legal
    # Play the tile held before the draw, not the one just drawn.
    round_.apply(held_play)
    assert round_.current_player == 1
    assert T("4-6") in round_.hand(0)
    assert round_.line.tiles == (T("1-4"), T("1-2"))


def test_d6_may_draw_again_while_the_stock_holds_more_than_two() -> None:
    round_ = position(["1-2", "0-0"], stock="3-3 4-4 5-5 6-6 2-2", line=[("1-4", None)])
    for expected_left in (4, 3, 2):
        assert DRAW in round_.legal_actions()
        round_.apply(DRAW)
        assert round_.current_player == 0
        assert round_.stock_size == expected_left
    assert DRAW not in round_.legal_actions()
    assert round_.hand(0) == tuple(sorted(tiles("1-2 3-3 4-4 5-5")))


def test_d6_draws_come_from_the_stock_in_order() -> None:
    round_ = position(["5-5", "0-0"], stock="2-3 3-6 0-6 1-1", line=[("1-4", None)])
    round_.apply(DRAW)
    assert T("2-3") in round_.hand(0)
    assert round_.stock == tuple(tiles("3-6 0-6 1-1"))
    round_.apply(DRAW)
    assert T("3-6") in round_.hand(0)


# -- D7 forced draw ------------------------------------------------------------------------


@pytest.mark.parametrize("stock", ["2-2 3-3 5-5", "2-2 3-3 5-5 6-6 0-6"])
def test_d7_forced_draw(stock: str) -> None:
    round_ = position(["0-2 3-5", "0-0"], stock=stock, line=[("1-4", None)])
    assert not round_.can_play()
    assert round_.legal_actions() == (DRAW,)
    assert_illegal(round_, PASS, "D8")


def test_d7_forced_draw_repeats_until_a_tile_fits() -> None:
    round_ = position(["0-2", "0-0"], stock="2-2 3-3 4-6 5-5 6-6 0-6", line=[("1-4", None)])
    round_.apply(DRAW)
    assert round_.legal_actions() == (DRAW,)
    round_.apply(DRAW)
    assert round_.legal_actions() == (DRAW,)
    round_.apply(DRAW)  # [4|6] fits the 4
    assert set(round_.legal_actions()) == {Play(T("4-6"), E("1-4H")), DRAW}


def test_d7_forced_draw_down_to_two_then_pass() -> None:
    round_ = position(["0-2", "0-0 2-3"], stock="2-2 3-3 5-5", line=[("1-4", None)])
    round_.apply(DRAW)  # the stock is now two: nobody draws
    assert round_.stock_size == 2
    assert round_.legal_actions() == (PASS,)
    round_.apply(PASS)
    assert round_.current_player == 1


# -- D8 pass -------------------------------------------------------------------------------


def test_d8_no_drawing_with_two_tiles_left() -> None:
    round_ = position(["0-2 4-5", "0-0"], stock="2-2 3-3", line=[("1-4", None)])
    assert DRAW not in round_.legal_actions()
    assert_illegal(round_, DRAW, "D8")
    stuck = position(["0-2", "0-0"], stock="2-2 3-3", line=[("1-4", None)])
    assert_illegal(stuck, DRAW, "D8")  # not even with nothing to play
    empty = position(["0-2", "0-0"], stock="", line=[("1-4", None)])
    assert_illegal(empty, DRAW, "D8")


def test_d8_no_voluntary_pass_while_a_draw_is_possible() -> None:
    for hand in ["0-2", "0-2 4-5"]:  # with no playable tile, and with one
        round_ = position([hand, "0-0"], stock="2-2 3-3 5-5", line=[("1-4", None)])
        assert PASS not in round_.legal_actions()
        error = assert_illegal(round_, PASS, "D8")
        assert "D8" in str(error)


def test_d8_no_voluntary_pass_while_a_play_is_possible() -> None:
    round_ = position(["0-2 4-5", "0-0"], stock="2-2 3-3", line=[("1-4", None)])
    assert round_.legal_actions() == (Play(T("4-5"), E("1-4H")),)
    assert_illegal(round_, PASS, "D8")
    assert_illegal(round_, Pass(), "D8")


def test_d8_who_can_play_must_play() -> None:
    round_ = position(["0-2 4-5 1-6", "0-0"], stock="2-2 3-3", line=[("1-4", None)])
    assert set(round_.legal_actions()) == {Play(T("4-5"), E("1-4H")), Play(T("1-6"), E("1-4L"))}


def test_d8_pass_only_when_neither_play_nor_draw() -> None:
    round_ = position(["0-2 3-5", "1-2 0-0"], stock="2-2 3-3", line=[("1-4", None)])
    assert round_.legal_actions() == (PASS,)
    round_.apply(PASS)
    assert round_.current_player == 1  # a pass ends the turn
    assert not round_.is_over
    assert round_.known_absent(0) == frozenset({1, 4})
    assert round_.observation(1).known_absent[0] == frozenset({1, 4})


def test_d8_pass_with_an_empty_stock() -> None:
    round_ = position(["0-2", "0-0 1-2"], stock="", line=[("1-4", None)])
    assert round_.legal_actions() == (PASS,)
    round_.apply(PASS)
    assert round_.legal_actions() == (Play(T("1-2"), E("1-4L")),)


# -- D9 the line ---------------------------------------------------------------------------


def test_d9_doubles_stay_in_the_line_and_continue_by_their_number() -> None:
    round_ = position(["4-4 2-3", "3-4 0-2"], stock="", line=[("1-4", None)])
    round_.apply(Play(T("4-4"), E("1-4H")))
    assert round_.line.open_ends() == (E("1-4L"), E("4-4B"))
    assert round_.legal_actions() == (Play(T("3-4"), E("4-4B")),)
    round_.apply(Play(T("3-4"), E("4-4B")))
    assert round_.line.tiles == tuple(tiles("1-4 4-4 3-4"))
    assert len(round_.line.open_ends()) == 2


def test_d9_no_spinner_on_the_opening_double() -> None:
    round_ = position(["6-6 0-1", "5-6 4-6 3-6"], stock="")
    round_.apply(Play(T("6-6")))
    assert set(round_.legal_actions()) == {
        Play(t, E(side)) for t in tiles("3-6 4-6 5-6") for side in ("6-6A", "6-6B")
    }
    round_.apply(Play(T("5-6"), E("6-6A")))
    round_.apply(PASS)  # seat 0: [0|1] fits neither 5 nor 6
    round_.apply(Play(T("4-6"), E("6-6B")))
    # Both sides of the double are used; no third end on it.
    assert round_.line.open_values() == (4, 5)
    assert len(round_.line.open_ends()) == 2


# -- D10 no points for plays ---------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d10_no_points_for_plays(players: int) -> None:
    for seed in range(10):
        round_ = Round.deal(players, seed=seed)
        rng = random.Random(seed)
        while not round_.is_over:
            assert round_.returns() == (0,) * players
            assert round_.result is None
            round_.apply(rng.choice(round_.legal_actions()))
        result = round_.result
        assert result is not None
        # Only the settlement scores; the last tile played adds nothing of its own.
        assert (
            round_.returns()
            == result.points
            == settle(result.pip_counts, result.winner if result.kind == "domino" else None)
        )


def test_d10_domino_with_the_last_tile_scores_only_the_counts() -> None:
    # The last tile is [6|6] (12 pips); it earns nothing: seat 0 scores the opponent's 1.
    round_ = position(["6-6", "0-1"], line=[("3-6", None)])
    round_.apply(Play(T("6-6"), E("3-6H")))
    assert round_.returns() == (1, 0)


# -- D11 end of round ----------------------------------------------------------------------


def test_d11_domino_ends_the_round() -> None:
    round_ = position(["1-2", "0-3 5-5", "2-4"], stock="3-3 6-6 0-0", line=[("1-4", None)])
    round_.apply(Play(T("1-2"), E("1-4L")))
    assert round_.is_over
    assert round_.current_player is None
    assert round_.legal_actions() == ()
    result = round_.result
    assert result is not None
    assert (result.kind, result.winner) == ("domino", 0)
    assert result.hands == ((), tuple(tiles("0-3 5-5")), tuple(tiles("2-4")))
    assert_illegal(round_, DRAW, "D11")
    assert_illegal(round_, PASS, "D11")


def test_d11_blocked_round_when_all_pass_in_turn() -> None:
    round_ = position(["1-2 6-6", "3-4 0-1", "1-4 2-3"], stock="5-5 4-4", line=[("5-6", None)])
    round_.apply(Play(T("6-6"), E("5-6H")))  # open numbers 5 and 6: nobody holds one
    for seat in (1, 2):
        assert round_.current_player == seat
        assert round_.legal_actions() == (PASS,)
        round_.apply(PASS)
        assert not round_.is_over  # not everyone has passed yet
    assert round_.legal_actions() == (PASS,)
    round_.apply(PASS)
    assert round_.is_over
    assert round_.result is not None and round_.result.kind == "blocked"


def test_d11_a_play_between_passes_keeps_the_round_going() -> None:
    # Seat 0 passes, seat 1 plays, seat 2 and seat 0 pass: not every player passed in turn.
    round_ = position(["0-0 1-1", "3-6 2-2", "0-1 1-2"], stock="4-4 5-5", line=[("3-4", None)])
    round_.apply(PASS)
    round_.apply(Play(T("3-6"), E("3-4L")))  # open numbers now 4 and 6
    round_.apply(PASS)
    round_.apply(PASS)
    assert not round_.is_over
    assert round_.current_player == 1
    round_.apply(PASS)  # seat 1 holds [2|2]: now all three passed in turn
    assert round_.is_over
    assert round_.result is not None and round_.result.kind == "blocked"


def test_d11_no_block_while_the_stock_can_be_drawn() -> None:
    round_ = position(["0-0", "1-1"], stock="2-2 3-3 5-5", line=[("4-6", None)])
    assert round_.legal_actions() == (DRAW,)
    round_.apply(DRAW)
    assert round_.legal_actions() == (PASS,)


# -- D12 pip count -------------------------------------------------------------------------


def test_d12_pip_count() -> None:
    assert pip_count(tiles("6-6")) == 12
    assert pip_count(tiles("0-0")) == 0
    assert pip_count(tiles("1-2 3-5 0-6")) == 17
    assert pip_count([]) == 0
    assert pip_count(DOUBLE_SIX) == 168


def test_d12_the_stock_tiles_count_for_nobody() -> None:
    # Blocked: the two stock tiles [6|6] and [5|5] (22 pips) are in nobody's count.
    round_ = position(["0-1", "0-2"], stock="6-6 5-5", line=[("3-4", None)])
    round_.apply(PASS)
    round_.apply(PASS)
    result = round_.result
    assert result is not None
    assert result.pip_counts == (1, 2)
    assert result.points == (1, 0)  # 2 - 1, and nothing for the stock
    # Domino: the winner scores the opponents' hands, not the stock.
    round_ = position(["3-5", "0-2"], stock="6-6 5-5", line=[("3-4", None)])
    round_.apply(Play(T("3-5"), E("3-4L")))
    assert round_.returns() == (2, 0)


def test_d12_hands_are_revealed() -> None:
    round_ = position(["1-2", "0-3 5-5", "2-4"], line=[("1-4", None)])
    round_.apply(Play(T("1-2"), E("1-4L")))
    result = round_.result
    assert result is not None
    assert result.pip_counts == (0, 13, 6)
    for seat in range(3):
        obs = round_.observation(seat).to_dict()
        assert obs["result"]["hands"] == [[], ["[0|3]", "[5|5]"], ["[2|4]"]]


# -- D13 domino score ----------------------------------------------------------------------


def test_d13_domino_scores_the_sum_of_the_opponents_counts() -> None:
    assert settle((0, 8, 10), domino_by=0) == (18, 0, 0)
    assert settle((5, 0), domino_by=1) == (0, 5)
    assert settle((4, 7, 0, 12), domino_by=2) == (0, 0, 23, 0)


def test_d13_opponents_at_0_and_8_give_the_winner_8() -> None:
    assert settle((0, 0, 8), domino_by=0) == (8, 0, 0)
    assert settlement_text((0, 0, 8), domino_by=0) == "0 + 8 = 8"
    round_ = position(["1-2", "0-0", "3-5"], line=[("1-4", None)])
    round_.apply(Play(T("1-2"), E("1-4L")))
    result = round_.result
    assert result is not None
    assert (result.kind, result.winner) == ("domino", 0)
    assert result.pip_counts == (0, 0, 8)
    assert result.points == (8, 0, 0)
    assert result.arithmetic == "0 + 8 = 8"


def test_d13_domino_in_a_round_from_a_deal() -> None:
    for seed in range(40):
        round_ = Round.deal(3, seed=seed)
        play_out(round_, random.Random(seed))
        result = round_.result
        assert result is not None
        if result.kind == "domino":
            assert result.winner is not None
            assert round_.hands[result.winner] == ()
            expected = sum(pip_count(h) for s, h in enumerate(round_.hands) if s != result.winner)
            assert result.points[result.winner] == expected
            assert sum(result.points) == expected


def test_d13_a_domino_winner_must_have_an_empty_hand() -> None:
    with pytest.raises(ValueError, match="D13"):
        settle((3, 8), domino_by=0)


# -- D14 blocked score ---------------------------------------------------------------------


def test_d14_blocked_3_8_10_scores_15() -> None:
    assert settle((3, 8, 10)) == (15, 0, 0)
    assert settle((8, 3, 10), domino_by=None) == (0, 15, 0)
    assert settlement_text((3, 8, 10)) == "8 + 10 \u2212 3 = 15"


def test_d14_blocked_3_3_10_scores_nothing() -> None:
    assert settle((3, 3, 10)) == (0, 0, 0)
    assert settle((10, 3, 3)) == (0, 0, 0)
    assert settle((2, 2)) == (0, 0)
    assert settle((5, 5, 5, 5)) == (0, 0, 0, 0)
    assert settlement_text((3, 3, 10)) is None  # no arithmetic, and no English sentence


def test_d14_blocked_3_8_10_through_a_real_round() -> None:
    round_ = position(["1-2 6-6", "3-4 0-1", "1-4 2-3"], stock="5-5 4-4", line=[("5-6", None)])
    round_.apply(Play(T("6-6"), E("5-6H")))
    for _ in range(3):
        round_.apply(PASS)
    result = round_.result
    assert result is not None
    assert (result.kind, result.winner) == ("blocked", 0)
    assert result.pip_counts == (3, 8, 10)
    assert result.points == (15, 0, 0)
    assert result.arithmetic == "8 + 10 \u2212 3 = 15"


def test_d14_blocked_3_3_10_through_a_real_round() -> None:
    round_ = position(["1-2 6-6", "0-3", "1-4 2-3"], stock="5-5 4-4", line=[("5-6", None)])
    round_.apply(Play(T("6-6"), E("5-6H")))
    for _ in range(3):
        round_.apply(PASS)
    result = round_.result
    assert result is not None
    assert (result.kind, result.winner) == ("blocked", None)
    assert result.pip_counts == (3, 3, 10)
    assert result.points == (0, 0, 0)
    assert round_.returns() == (0, 0, 0)


def test_d14_no_bonus_with_three_or_four_players() -> None:
    assert settle((0, 1, 2)) == (3, 0, 0)
    assert settle((1, 2, 3, 4)) == (8, 0, 0, 0)
    assert settle((7, 9)) == (2, 0)


def test_d14_counts_compared_only_when_blocked() -> None:
    # In a domino the lowest opponent count does not matter: only the winner scores.
    assert settle((0, 1, 30), domino_by=0) == (31, 0, 0)
    # A player at zero in a blocked round is not a domino: still minus its own count (0).
    assert settle((0, 4, 9)) == (13, 0, 0)


@pytest.mark.parametrize("counts", [(3,), (1, 2, 3, 4, 5), (-1, 4), (1.5, 2)])
def test_d14_settle_rejects_impossible_counts(counts: tuple[int, ...]) -> None:
    with pytest.raises(ValueError):
        settle(counts)


# -- D15 exact scores ----------------------------------------------------------------------


def test_d15_exact_scores_no_rounding() -> None:
    assert settle((0, 7, 16), domino_by=0) == (23, 0, 0)  # not 20 or 25
    assert settle((4, 11, 8)) == (15, 0, 0)
    assert settle((1, 2)) == (1, 0)  # not rounded down to 0
    round_ = position(["1-2", "0-3", "1-3"], line=[("1-4", None)])
    round_.apply(Play(T("1-2"), E("1-4L")))
    assert round_.returns() == (7, 0, 0)


def test_d15_match_scores_are_exact_sums_never_reduced() -> None:
    for seed in range(4):
        match = Match(3, seed=seed)
        rng = random.Random(seed)
        seen = 0
        previous = (0, 0, 0)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
            if len(match.rounds) > seen:
                seen = len(match.rounds)
                finished = match.rounds[-1]
                expected = tuple(
                    p + q for p, q in zip(previous, finished.result.points, strict=True)
                )
                assert match.scores == finished.scores_after == expected
                assert all(a >= b for a, b in zip(match.scores, previous, strict=True))
                previous = match.scores
        assert sum(match.scores) == sum(sum(r.result.points) for r in match.rounds)


# -- D16 next round ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d16_next_leader_is_clockwise_from_the_last_leader_not_the_winner(players: int) -> None:
    winner_would_differ = 0
    for seed in range(6):
        match = Match(players, seed=seed)
        play_out(match, random.Random(seed), limit=100_000)
        rounds = match.rounds
        assert rounds[0].leader == match.first_leader
        for earlier, later in itertools.pairwise(rounds):
            assert later.leader == (earlier.leader + 1) % players
            if earlier.result.winner is not None and earlier.result.winner != later.leader:
                winner_would_differ += 1
    assert winner_would_differ > 0  # a "winner leads" rule would have failed here


def test_d16_the_next_round_is_shuffled_and_dealt_again() -> None:
    match = Match(2, seed=21)
    rng = random.Random(1)
    first_hands = match.round.hands
    while not match.rounds:
        match.apply(rng.choice(match.legal_actions()))
    assert not match.is_over
    fresh = match.round
    assert fresh.line.is_empty
    assert [len(h) for h in fresh.hands] == [7, 7]
    assert fresh.stock_size == 14
    assert fresh.hands != first_hands
    assert fresh.leader == fresh.current_player == (match.first_leader + 1) % 2
    # A new shuffle: the round in play has its own seed, recorded apart from the first's.
    assert match.to_record()["current_round"]["seed"] != match.rounds[0].seed


# -- D17 end of match ----------------------------------------------------------------------


def test_d17_targets() -> None:
    assert target_for(2) == 100
    assert target_for(3) == 61
    assert target_for(4) == 61
    assert Match(2, seed=1).target == 100
    assert Match(3, seed=1).target == 61
    assert Match(4, seed=1).target == 61
    assert Match(3, seed=1, target=5).target == 5
    with pytest.raises(ValueError):
        Match(2, seed=1, target=0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d17_match_ends_only_after_a_round_is_settled_and_keeps_the_excess(players: int) -> None:
    for seed in range(4):
        match = Match(players, seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            rounds_before = len(match.rounds)
            scores_before = match.scores
            match.apply(rng.choice(match.legal_actions()))
            if len(match.rounds) == rounds_before:
                # Mid-round: no score changes and the match goes on.
                assert match.scores == scores_before
                assert not match.is_over
            elif not match.is_over:
                assert max(match.scores) < match.target
        target = target_for(players)
        last = match.rounds[-1]
        assert last.result is match.round.result  # the final round was settled
        assert max(match.scores) >= target
        # Before the last round nobody had reached the target.
        before = match.rounds[-2].scores_after if len(match.rounds) > 1 else (0,) * players
        assert max(before) < target
        # The excess is kept: the score is the exact sum, not capped at the target.
        winner = match.winner
        assert winner is not None
        assert match.scores[winner] == sum(r.result.points[winner] for r in match.rounds)
        assert match.current_player is None
        assert match.legal_actions() == ()
        with pytest.raises(IllegalActionError) as caught:
            match.apply(DRAW)
        assert caught.value.rule == "D17"


def test_d17_excess_is_kept_with_a_low_target() -> None:
    match = Match(2, seed=3, target=1)
    play_out(match, random.Random(3))
    winner = match.winner
    assert winner is not None
    assert match.scores[winner] >= 1
    assert match.scores[winner] == sum(r.result.points[winner] for r in match.rounds)
    assert any(score > 1 for score in match.scores)  # more than the target, kept


def test_d17_a_shared_highest_score_needs_two_scorers_in_one_round() -> None:
    # D13/D14 pay at most one seat per round, and a match ends with the first round that
    # takes anyone to the target; so at the end exactly one seat is at or past it and the
    # match is never drawn. (docs/rules.md's drawn match cannot arise from D13/D14.)
    for players in (2, 3, 4):
        for seed in range(8):
            match = Match(players, seed=seed, target=30)
            play_out(match, random.Random(seed))
            for finished in match.rounds:
                assert sum(1 for p in finished.result.points if p > 0) <= 1
            assert sum(1 for s in match.scores if s >= 30) == 1
            assert not match.is_drawn
            assert match.winner == match.scores.index(max(match.scores))


# -- illegal actions change nothing --------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_d4_illegal_actions_leave_the_round_exactly_unchanged(players: int) -> None:
    every_play = [Play(t) for t in DOUBLE_SIX] + [
        Play(t, e) for t in DOUBLE_SIX[::3] for e in (E("1-4L"), E("4-4B"), E("0-6H"))
    ]
    for seed in range(6):
        round_ = Round.deal(players, seed=seed)
        rng = random.Random(seed)
        while not round_.is_over:
            legal = set(round_.legal_actions())
            before = snapshot(round_)
            for action in [*every_play, DRAW, PASS]:
                if action not in legal:
                    with pytest.raises(IllegalActionError) as caught:
                        round_.apply(action)
                    assert caught.value.rule in {"D1", "D5", "D8", "D9"}
                    assert snapshot(round_) == before
            round_.apply(rng.choice(round_.legal_actions()))


# -- positions and copies ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hands", "stock", "line"),
    [
        (["1-2 1-2", "3-3"], "", []),
        (["1-2", "1-2"], "", []),
        (["1-2", "3-3"], "1-2", []),
        (["1-4 2-2", "3-3"], "", [("1-4", None)]),
        (["2-2", "3-3"], "0-0 0-0", []),
    ],
)
def test_d1_a_position_holds_each_tile_once(
    hands: list[str], stock: str, line: list[tuple[str, str | None]]
) -> None:
    with pytest.raises(ValueError, match="D1"):
        position(hands, stock=stock, line=line)


def test_d1_position_needs_2_to_4_players_with_tiles_and_a_seat_to_play() -> None:
    with pytest.raises(ValueError, match="D1"):
        position(["1-2"])
    with pytest.raises(ValueError, match="D1"):
        position(["1-2", "1-3", "1-4", "1-5", "1-6"])
    with pytest.raises(ValueError):
        position(["1-2", ""])
    with pytest.raises(ValueError):
        position(["1-2", "3-3"], current=2)
    with pytest.raises(ValueError):
        Round.deal(2, seed=1, leader=2)


def test_d2_round_views_are_copies() -> None:
    round_ = position(["1-2 5-5", "0-3"], stock="2-2 3-3 6-6", line=[("1-4", None)])
    before = snapshot(round_)
    round_.line.play(T("4-4"), E("1-4H"))
    round_.observation(0).line.play(T("4-6"), E("1-4H"))
    assert snapshot(round_) == before
    copy = round_.copy()
    copy.apply(DRAW)
    copy.apply(Play(T("1-2"), E("1-4L")))
    assert snapshot(round_) == before
    assert copy.current_player == 1 and round_.current_player == 0


def test_d2_observation_of_a_seat_not_to_play_offers_no_actions() -> None:
    round_ = Round.deal(3, seed=2, leader=1)
    assert round_.observation(1).legal_actions() == round_.legal_actions()
    assert round_.observation(0).legal_actions() == ()
    assert round_.observation(2).legal_actions() == ()
    with pytest.raises(ValueError):
        round_.observation(3)


def test_d4_round_implements_the_position_protocol() -> None:
    from pegboard.core import Action, Observation, Position

    round_ = Round.deal(3, seed=6)
    assert isinstance(round_, Position)
    assert isinstance(round_.observation(0), Observation)
    assert isinstance(round_.sample_hidden(0, random.Random(0)), Round)
    for action in [*round_.legal_actions(), PASS]:
        assert isinstance(action, Action)
        assert round_.parse_action(str(action)) == action
