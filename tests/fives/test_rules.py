"""A test per rule of the Fives family (docs/rules.md F1-F9), named after it, with the
acceptance items of issue 15: each checks the engine through its public API."""

from __future__ import annotations

import json
import random

import pytest

import pegboard.games
from pegboard.core import IllegalActionError, WordedError
from pegboard.dominoes import DOUBLE_SIX, End
from pegboard.dominoes.lot import draw_lot
from pegboard.fives import DRAW, PASS, FivesHand, FivesMatch, FivesRules, Play
from pegboard.games import OptionError
from tests.fives.helpers import T, play_out, position, rules

AF, FT = "all-fives", "fives-and-threes"


def unchanged(hand: FivesHand) -> str:
    return json.dumps([hand.to_record(), hand.hands, hand.boneyard], default=str)


# -- F1 players and sides ---------------------------------------------------------------


def test_f1_two_to_four_players_partnerships_opposite_by_default_with_four() -> None:
    for game in (AF, FT):
        for players in (1, 5):
            with pytest.raises(WordedError, match=r"\(F1\)"):
                FivesRules(game, players)  # type: ignore[arg-type]
        assert rules(game, 2).sides == ((0,), (1,))
        assert rules(game, 3).sides == ((0,), (1,), (2,))
        four = rules(game, 4)
        assert four.partnerships and four.sides == ((0, 2), (1, 3))
        assert [four.side_of(s) for s in range(4)] == [0, 1, 0, 1]
        alone = rules(game, 4, partnerships=False)
        assert alone.sides == ((0,), (1,), (2,), (3,))
        with pytest.raises(WordedError, match=r"F1"):
            rules(game, 3, partnerships=True)


def test_f1_one_score_per_partnership_each_seat_showing_its_sides() -> None:
    match = FivesMatch(rules(AF, 4), seed=3)
    rng = random.Random(3)
    while not match.hands:
        match.apply(rng.choice(match.legal_actions()))
    a, b = match.side_scores
    assert match.scores == (a, b, a, b)
    assert len(match.hand.scores) == 2


def test_f1_the_registry_refuses_partnerships_without_four_players() -> None:
    for name in (AF, FT):
        game = pegboard.games.get(name)
        with pytest.raises(OptionError) as refused:
            game.check_options({"players": 3, "partnerships": 1})
        assert refused.value.rule == "F1"
        assert game.check_options({"players": 4})["partnerships"] is None
        assert game.new_match(game.check_options({"players": 4}), 1).rules.partnerships


# -- F2 deal -----------------------------------------------------------------------------


def test_f2_hand_sizes_and_the_boneyard() -> None:
    sizes = {AF: {2: 9, 3: 7, 4: 5}, FT: {2: 7, 3: 5, 4: 5}}
    for game, by_players in sizes.items():
        for players, size in by_players.items():
            hand = FivesHand.deal(rules(game, players), seed=players)
            assert [len(h) for h in hand.hands] == [size] * players
            assert hand.boneyard_count == 28 - size * players
            assert sorted(set(sum(hand.hands, ()) + hand.boneyard)) == list(DOUBLE_SIX)
            assert hand.drawable == (hand.boneyard_count if game == AF else 0)


def test_f2_the_deal_is_the_seeds_shuffle() -> None:
    tiles = list(DOUBLE_SIX)
    random.Random(42).shuffle(tiles)
    hand = FivesHand.deal(rules(FT, 3), seed=42, leader=1)
    assert hand.hands == tuple(tuple(sorted(tiles[5 * s : 5 * s + 5])) for s in range(3))
    assert hand.boneyard == tuple(tiles[15:])
    assert hand.current_player == 1


# -- F3 lead -----------------------------------------------------------------------------


def test_f3_any_tile_may_lead_and_the_first_leader_is_the_lot() -> None:
    for game in (AF, FT):
        match = FivesMatch(rules(game, 3), seed=11)
        leader, _ = draw_lot(3, random.Random(11))
        assert match.first_leader == leader == match.current_player
        hand = match.hand.hand(leader)
        assert set(match.legal_actions()) == {Play(t) for t in hand}


def _next_leaders(game: str, players: int, seeds: range) -> list[tuple[FivesMatch, int]]:
    """(match, number of finished hands) just after each hand ended, over seeded matches."""
    found = []
    for seed in seeds:
        match = FivesMatch(rules(game, players), seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            before = len(match.hands)
            match.apply(rng.choice(match.legal_actions()))
            if len(match.hands) > before and not match.is_over:
                found.append((match, len(match.hands)))
                break
    return found


def test_f3_all_fives_the_dominoer_leads_next_and_a_block_draws_a_new_lot() -> None:
    kinds = set()
    for seed in range(40):
        match = FivesMatch(rules(AF, 3), seed=seed)
        rng = random.Random(seed)
        while not match.is_over:
            before = len(match.hands)
            match.apply(rng.choice(match.legal_actions()))
            if len(match.hands) > before and not match.is_over:
                result = match.hands[-1].result
                kinds.add(result.kind)
                if result.kind == "domino":
                    assert match.hand.leader == result.by
                else:
                    number, _lot = match.lots[-1]
                    assert number == len(match.hands) + 1
        assert json.loads(json.dumps(match.to_record()))["lots"][0]["hand"] == 1
    assert kinds == {"domino", "blocked"}


def test_f3_fives_and_threes_the_lead_passes_one_seat_clockwise() -> None:
    match = FivesMatch(rules(FT, 4, partnerships=False), seed=5)
    rng = random.Random(5)
    while not match.is_over and len(match.hands) < 6:
        match.apply(rng.choice(match.legal_actions()))
    leaders = [h.leader for h in match.hands]
    assert leaders == [(match.first_leader + i) % 4 for i in range(len(leaders))]
    assert len(match.lots) == 1


# -- F4 must play ------------------------------------------------------------------------


def test_f4_drawing_is_refused_while_holding_a_playable_tile() -> None:
    hand = position(AF, [[T(3, 6), T(0, 0)], [T(1, 1)]], [(T(3, 4), None)], [T(2, 2), T(5, 6)])
    before = unchanged(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(DRAW)
    assert refused.value.rule == "F4"
    with pytest.raises(IllegalActionError) as knocked:
        hand.apply(PASS)
    assert knocked.value.rule == "F4"
    assert unchanged(hand) == before
    assert DRAW not in hand.legal_actions()


def test_f4_all_fives_draws_until_a_tile_fits_then_plays_it() -> None:
    boneyard = [T(0, 0), T(1, 1), T(2, 3), T(5, 5)]
    hand = position(AF, [[T(0, 6)], [T(1, 2)]], [(T(3, 4), None)], boneyard)
    assert hand.legal_actions() == (DRAW,)
    hand.apply(DRAW)  # [0|0]: no fit, draw again
    assert hand.legal_actions() == (DRAW,) and hand.current_player == 0
    hand.apply(DRAW)
    hand.apply(DRAW)  # [2|3] fits the 3
    assert hand.legal_actions() == (Play(T(2, 3), End(T(3, 4), "low")),)
    assert hand.drawable == 1


def test_f4_with_the_boneyard_empty_a_player_passes_and_the_reserve_is_never_drawn() -> None:
    hand = position(
        AF, [[T(0, 6)], [T(1, 2), T(4, 5)]], [(T(3, 4), None)], [T(0, 0), T(1, 1)], reserve=2
    )
    assert hand.drawable == 0 and hand.legal_actions() == (PASS,)
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(DRAW)
    assert refused.value.rule == "F4" and "never drawn" in str(refused.value)
    hand.apply(PASS)
    assert hand.current_player == 1


def test_f4_fives_and_threes_knocks_and_never_draws() -> None:
    hand = position(FT, [[T(0, 6), T(1, 1)], [T(1, 2), T(4, 5)]], [(T(3, 4), None)], [T(2, 2)])
    assert hand.legal_actions() == (PASS,)
    assert hand.parse_action("knock") is PASS
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(DRAW)
    assert refused.value.rule == "F4"
    hand.apply(PASS)
    with pytest.raises(IllegalActionError) as must_play:
        hand.apply(PASS)
    assert must_play.value.rule == "F4"


# -- F5 layout ---------------------------------------------------------------------------


def test_f5_the_spinners_ends_are_refused_before_both_sides_hold_a_tile() -> None:
    five = T(5, 5)
    hand = position(AF, [[five, T(4, 5), T(3, 5)], [T(2, 5), T(0, 0)]])
    hand.apply(Play(five))
    hand.apply(Play(T(2, 5), End(five, "A")))
    before = unchanged(hand)
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(Play(T(4, 5), End(five, "C")))
    assert refused.value.rule == "F5"
    assert unchanged(hand) == before
    hand.apply(Play(T(3, 5), End(five, "B")))
    assert hand.layout.spinner is five
    assert {e.side for e in hand.layout.open_ends() if e.tile is five} == {"C", "D"}


def test_f5_fives_and_threes_has_no_spinner() -> None:
    five = T(5, 5)
    hand = position(FT, [[five, T(3, 5)], [T(2, 5), T(0, 0)]])
    hand.apply(Play(five))
    hand.apply(Play(T(2, 5), End(five, "A")))
    hand.apply(Play(T(3, 5), End(five, "B")))
    assert hand.layout.spinner is None and len(hand.layout.open_ends()) == 2


def test_f5_the_first_double_played_later_is_the_spinner_and_only_it() -> None:
    hand = position(AF, [[T(3, 4), T(4, 6), T(0, 0)], [T(4, 4), T(6, 6), T(0, 1)]])
    hand.apply(Play(T(3, 4)))
    hand.apply(Play(T(4, 4), End(T(3, 4), "high")))
    hand.apply(Play(T(4, 6), End(T(4, 4), "B")))
    hand.apply(Play(T(6, 6), End(T(4, 6), "high")))
    layout = hand.layout
    assert layout.spinner is T(4, 4)
    assert {e.side for e in layout.open_ends()} == {"low", "C", "D", "B"}


# -- F6 ends total -----------------------------------------------------------------------


def test_f6_the_worked_totals_12_5_and_9() -> None:
    five = T(5, 5)
    hand = position(AF, [[five, T(3, 5), T(0, 0)], [T(2, 5), T(4, 5), T(1, 1)]])
    hand.apply(Play(five))
    hand.apply(Play(T(2, 5), End(five, "A")))
    hand.apply(Play(T(3, 5), End(five, "B")))
    hand.apply(Play(T(4, 5), End(five, "C")))
    assert [m.total for m in hand.history] == [10, 12, 5, 9]
    assert hand.layout.end_counts() == (2, 3, 4)


# -- F7 scoring in play ------------------------------------------------------------------


def test_f7_fifteen_scores_15_in_all_fives_and_8_in_fives_and_threes() -> None:
    for game, points in ((AF, 15), (FT, 8)):
        # [6|6] with [6|3] on one side: 12 + 3 = 15 (the spinner, or a double at an end)
        hand = position(game, [[T(3, 6), T(0, 0)], [T(2, 6)]], [(T(6, 6), None)])
        hand.apply(Play(T(3, 6), End(T(6, 6), "A")))
        assert hand.history[-1].total == 15
        assert hand.history[-1].points == points == hand.scores[0]


def test_f7_a_total_not_scoring_scores_nothing() -> None:
    for game in (AF, FT):
        hand = position(game, [[T(1, 3), T(0, 0)], [T(1, 2)]], [(T(3, 3), None)])
        hand.apply(Play(T(1, 3), End(T(3, 3), "A")))  # 6 + 1 = 7
        assert hand.history[-1].points == 0 and hand.scores == (0, 0)


def test_f7_a_lead_of_double_five_scores_10_in_all_fives_and_2_in_fives_and_threes() -> None:
    for game, points in ((AF, 10), (FT, 2)):
        hand = position(game, [[T(5, 5), T(0, 0)], [T(1, 5)]])
        hand.apply(Play(T(5, 5)))
        assert hand.history[-1].total == 10
        assert hand.scores[0] == points == hand.last_points


def test_f7_the_fives_and_threes_table() -> None:
    table = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 4: 0, 7: 0, 30: 16}
    ft = rules(FT)
    assert {total: ft.points(total) for total in table} == table
    af = rules(AF)
    assert [af.points(t) for t in (5, 10, 15, 35, 7, 0)] == [5, 10, 15, 35, 0, 0]
    assert [rules(AF, by_fives=True).points(t) for t in (5, 15, 7)] == [1, 3, 0]


# -- F8 end of hand ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("left", "pips", "scored"), [((2, 5), 7, 5), ((2, 6), 8, 10), ((1, 1), 2, 0)]
)
def test_f8_the_dominoer_scores_the_pips_left_rounded_to_five(
    left: tuple[int, int], pips: int, scored: int
) -> None:
    hand = position(AF, [[T(4, 6)], [T(*left)]], [(T(3, 4), None)], [T(0, 0)])
    hand.apply(Play(T(4, 6), End(T(3, 4), "high")))
    result = hand.result
    assert result is not None and result.kind == "domino" and result.by == 0
    assert result.pips == (0, pips) and result.points == (scored, 0)
    assert result.arithmetic(0) == f"{pips} \u2192 {scored}"
    assert hand.scores == (scored, 0) and hand.is_over and hand.current_player is None


def test_f8_by_fives_the_rounded_pips_are_divided_by_five() -> None:
    hand = position(AF, [[T(4, 6)], [T(2, 6), T(0, 1)]], [(T(3, 4), None)], by_fives=True)
    hand.apply(Play(T(4, 6), End(T(3, 4), "high")))
    assert hand.result is not None and hand.result.points == (2, 0)  # 9 -> 10 -> 2
    assert hand.result.arithmetic(0) == "9 \u2192 10 \u00f7 5 = 2"


def test_f8_a_blocked_three_player_hand_with_two_tied_lowest_splits() -> None:
    hands = [[T(1, 2), T(3, 3)], [T(1, 5)], [T(4, 4), T(1, 4)]]
    hand = position(AF, hands, [(T(0, 1), None)])
    hand.apply(Play(T(1, 2), End(T(0, 1), "high")))
    result = hand.result
    assert result is not None and result.kind == "blocked" and result.by is None
    assert result.pips == (6, 6, 13)
    assert result.winners == (0, 1) and result.points == (5, 5, 0)  # 13 / 2 = 6½ -> 5
    assert result.arithmetic(0) == "13 \u00f7 2 = 6\u00bd \u2192 5"
    assert hand.scores == (5, 5, 0)


def test_f8_a_blocked_hand_the_fewest_pips_scores_the_others_and_a_tie_of_two_nobody() -> None:
    hand = position(AF, [[T(1, 2), T(3, 3)], [T(4, 5)]], [(T(0, 1), None)])
    hand.apply(Play(T(1, 2), End(T(0, 1), "high")))
    assert hand.result is not None and hand.result.points == (10, 0)  # 9 -> 10
    assert hand.result.arithmetic(0) == "9 \u2192 10"
    tied = position(AF, [[T(1, 2), T(3, 3)], [T(1, 5)]], [(T(0, 1), None)])
    tied.apply(Play(T(1, 2), End(T(0, 1), "high")))
    assert tied.result is not None and tied.result.winners == () and tied.scores == (0, 0)


def test_f8_all_fives_partnerships_blocked_compare_the_sides_totals() -> None:
    hands = [[T(1, 2), T(3, 3)], [T(4, 5)], [T(1, 1)], [T(3, 4)]]
    hand = position(AF, hands, [(T(0, 1), None)])
    hand.apply(Play(T(1, 2), End(T(0, 1), "high")))
    result = hand.result
    assert result is not None and result.kind == "blocked"
    assert result.side_pips == (8, 16) and result.points == (15, 0)  # 16 -> 15
    assert result.arithmetic(0) == "9 + 7 = 16 \u2192 15"


def test_f8_fives_and_threes_partnerships_go_on_until_both_partners_are_out() -> None:
    hands = [[T(4, 5)], [T(3, 6), T(0, 0)], [T(1, 5), T(2, 6)], [T(1, 2), T(0, 3)]]
    hand = position(FT, hands, [(T(3, 4), None)])
    hand.apply(Play(T(4, 5), End(T(3, 4), "high")))  # ends 3 + 5 = 8, and out: 1 point
    assert not hand.is_over and hand.scores == (1, 0)
    assert hand.history[-1].chip_out and hand.history[-1].points == 1
    hand.apply(Play(T(3, 6), End(T(3, 4), "low")))
    hand.apply(Play(T(1, 5), End(T(4, 5), "high")))
    hand.apply(Play(T(1, 2), End(T(1, 5), "low")))
    assert hand.current_player == 1  # seat 0, out, is skipped
    hand.apply(PASS)
    assert hand.current_player == 2
    hand.apply(Play(T(2, 6), End(T(3, 6), "high")))  # 2 + 2 = 4, out: 1 point
    result = hand.result
    assert result is not None and result.kind == "domino" and result.by == 2
    assert hand.scores == (2, 0) and result.points == (0, 0)


def test_f8_fives_and_threes_alone_the_first_out_ends_the_hand_and_a_block_scores_nothing() -> None:
    hand = position(
        FT, [[T(4, 5)], [T(3, 6)], [T(1, 5)], [T(1, 2)]], [(T(3, 4), None)], partnerships=False
    )
    hand.apply(Play(T(4, 5), End(T(3, 4), "high")))
    assert hand.result is not None and hand.result.kind == "domino" and hand.scores == (1, 0, 0, 0)
    blocked = position(FT, [[T(1, 2), T(3, 3)], [T(4, 5)]], [(T(0, 1), None)])
    blocked.apply(Play(T(1, 2), End(T(0, 1), "high")))
    assert blocked.result is not None and blocked.result.kind == "blocked"
    assert blocked.scores == (0, 0) and blocked.result.points == (0, 0)
    assert blocked.result.arithmetic(0) is None


# -- F9 winning --------------------------------------------------------------------------


def test_f9_fives_and_threes_a_play_past_61_scores_nothing() -> None:
    hand = position(FT, [[T(3, 6), T(0, 0)], [T(2, 6)]], [(T(6, 6), None)], scores=[59, 40])
    hand.apply(Play(T(3, 6), End(T(6, 6), "A")))  # worth 8: 59 + 8 passes 61
    move = hand.history[-1]
    assert move.worth == 8 and move.points == 0 and move.overshot
    assert hand.scores == (59, 40) and not hand.is_over


def test_f9_fives_and_threes_a_chip_out_point_past_61_scores_nothing_and_61_exactly_wins() -> None:
    hand = position(FT, [[T(3, 4)], [T(2, 2)]], [(T(3, 3), None)], scores=[59, 0])
    hand.apply(Play(T(3, 4), End(T(3, 3), "A")))  # 10: 2, and out: 1 -> 62
    assert hand.scores == (59, 0) and hand.result is not None and hand.result.kind == "domino"
    exact = position(FT, [[T(3, 4), T(0, 0)], [T(2, 2)]], [(T(3, 3), None)], scores=[59, 0])
    exact.apply(Play(T(3, 4), End(T(3, 3), "A")))  # 10: 2 -> 61 exactly
    assert exact.scores == (61, 0)
    assert exact.result is not None and exact.result.kind == "target" and exact.result.by == 0


@pytest.mark.parametrize(
    ("players", "partnerships", "by_fives", "before", "after"),
    [
        (2, None, False, 240, 250),
        (3, None, False, 190, 200),
        (4, True, False, 195, 205),
        (2, None, True, 59, 61),
    ],
)
def test_f9_all_fives_is_won_at_once_mid_hand(
    players: int, partnerships: bool | None, by_fives: bool, before: int, after: int
) -> None:
    rest = [[T(0, 0), T(0, 1)], [T(1, 1)], [T(2, 2)], [T(0, 2)]]
    hands = [[T(3, 4), T(2, 3)], *rest[1:players]]
    sides = 2 if partnerships or players == 2 else players
    scores = [before] + [0] * (sides - 1)
    hand = position(
        AF,
        hands,
        [(T(3, 3), None)],
        partnerships=partnerships,
        scores=scores,
        by_fives=int(by_fives),
    )
    hand.apply(Play(T(3, 4), End(T(3, 3), "A")))  # 6 + 4 = 10 (2 by fives)
    assert hand.scores[0] == after and hand.is_over
    assert (
        hand.result is not None
        and hand.result.kind == "target"
        and hand.result.points == (0,) * sides
    )
    assert hand.rules.target == {(2, False): 250, (3, False): 200, (4, False): 200}.get(
        (players, by_fives), 61
    )


def test_f9_matches_end_at_the_target_with_a_winner() -> None:
    for game, players in ((AF, 2), (AF, 4), (FT, 2), (FT, 3)):
        match = FivesMatch(rules(game, players), seed=players)
        rng = random.Random(players)
        while not match.is_over:
            match.apply(rng.choice(match.legal_actions()))
        target = match.target
        winner = match.winner
        assert winner is not None
        if game == FT:
            assert match.side_scores[winner] == 61 and max(match.side_scores) == 61
        else:
            assert match.side_scores[winner] >= target
            assert sorted(match.side_scores)[-2] < target
        with pytest.raises(IllegalActionError) as refused:
            match.apply(PASS)
        assert refused.value.rule == "F9"


def test_f8_the_hand_refuses_moves_once_over() -> None:
    hand = play_out(FivesHand.deal(rules(AF), seed=1), random.Random(1))
    with pytest.raises(IllegalActionError) as refused:
        hand.apply(PASS)
    assert refused.value.rule == "F8"


def test_d5_a_tile_written_without_its_end_is_completed_or_refused() -> None:
    """In the layout as on Draw's line (D5): a tile that fits one open end plays there
    written alone; one that fits none or several is refused, naming D5, nothing changed."""
    from pegboard.core import IllegalActionError
    from pegboard.fives import DOUBLE_SIX, FivesHand, FivesRules, Play

    seen = {"one": False, "none": False, "several": False}
    for seed in range(40):
        hand = FivesHand.deal(FivesRules("all-fives", players=2), seed=seed)
        hand.apply(hand.legal_actions()[0])
        values = [end.value for end in hand.layout.open_ends()]
        for tile in DOUBLE_SIX:
            if tile in hand.layout:
                continue
            fitting = [e for e in hand.layout.open_ends() if tile.has(e.value)]
            text = f"{tile.low}-{tile.high}"
            if len(fitting) == 1:
                assert hand.parse_action(text) == Play(tile, fitting[0])
                seen["one"] = True
                continue
            with pytest.raises(IllegalActionError) as refused:
                hand.parse_action(text)
            assert refused.value.rule == "D5"
            seen["none" if not fitting else "several"] = True
        assert [end.value for end in hand.layout.open_ends()] == values
    assert all(seen.values()), seen
