"""Partnership Draw and Block for four, Draw's ``partnerships`` option (docs/rules.md
D21-D24): one test per rule, named after it, on both cores (``Round`` and ``PureRound``);
the properties over thousands of seeded rounds are tests/draw/test_properties.py's,
parametrized by ``partnerships``, and the step by step comparison of the cores is
tests/draw/test_cores.py's."""

from __future__ import annotations

import itertools
import json
import random

import pytest

from pegboard import games
from pegboard.core import RecordError
from pegboard.draw import PASS, Match, Play, Tile
from pegboard.draw.narration import settlement
from pegboard.draw.round import PureRound, Round
from pegboard.draw.scoring import settle, settlement_text
from pegboard.games.base import OptionError

from .helpers import line_of, tiles

CORES = pytest.mark.parametrize("cls", [Round, PureRound], ids=["round", "pure"])
BLOCK = pytest.mark.parametrize("block", [False, True], ids=["draw", "block"])


def partners_position(
    cls: type[Round],
    hands: list[str],
    stock: str,
    current: int = 0,
    line: tuple[tuple[str, str | None], ...] = (),
    block: bool = False,
) -> Round:
    """A position of four partners from text: the hands, the stock (or sleeping tiles),
    the line."""
    return cls.from_position(
        [tiles(h) for h in hands],
        tiles(stock),
        current=current,
        line=line_of(*line),
        block=block,
        partnerships=True,
    )


@CORES
@BLOCK
def test_d21_partners_sit_opposite_and_the_turn_alternates_sides(
    cls: type[Round], block: bool
) -> None:
    """D21: seats 0 and 2 against 1 and 3; the deal and the play are those of four alone
    (the same hands, the same legal actions), and every turn passes to the other side."""
    for seed in range(30):
        alone = cls.deal(4, seed=seed, leader=seed % 4, block=block)
        partners = cls.deal(4, seed=seed, leader=seed % 4, block=block, partnerships=True)
        assert partners.partnerships and not alone.partnerships
        assert partners.sides == ((0, 2), (1, 3)) and alone.sides == ((0,), (1,), (2,), (3,))
        assert partners.hands == alone.hands and partners.stock == alone.stock
        rng = random.Random(seed)
        while not partners.is_over:
            assert partners.legal_actions() == alone.legal_actions()
            action = rng.choice(partners.legal_actions())
            partners.apply(action)
            alone.apply(action)
        seats = [move.seat for move in partners.history]
        turns = [seat for i, seat in enumerate(seats) if i == 0 or seats[i - 1] != seat]
        assert all((a + 1) % 4 == b for a, b in itertools.pairwise(turns))
        assert all(a % 2 != b % 2 for a, b in itertools.pairwise(turns))


@CORES
def test_d21_partnerships_are_for_four_players(cls: type[Round]) -> None:
    """D21: two or three players cannot play in partnerships; the refusal names the rule."""
    for players in (2, 3):
        with pytest.raises(ValueError, match="D21"):
            cls.deal(players, seed=1, partnerships=True)
        with pytest.raises(ValueError, match="D21"):
            Match(players, seed=1, partnerships=True)
    with pytest.raises(ValueError, match="D21"):
        partners_position(cls, ["1-2", "3-4", "5-6"], "")
    with pytest.raises(ValueError, match="D21"):
        cls.deal(4, seed=1, partnerships=1)  # type: ignore[arg-type]


@CORES
@BLOCK
def test_d21_a_partners_hand_is_hidden_from_its_partner(cls: type[Round], block: bool) -> None:
    """D21: each seat's observation, and its JSON, never names a tile of its partner's hand
    (nor of the opponents' or of the stock) while the round goes on; only the hand sizes."""
    for seed in range(40):
        r = cls.deal(4, seed=seed, block=block, partnerships=True)
        rng = random.Random(seed)
        while not r.is_over:
            for seat in range(4):
                observation = r.observation(seat)
                assert observation.partnerships
                text = json.dumps(observation.to_dict()) + repr(observation)
                partner = r.hand((seat + 2) % 4)
                assert observation.hand_sizes[(seat + 2) % 4] == len(partner)
                for tile in [*partner, *r.hand((seat + 1) % 4), *r.stock]:
                    assert str(tile) not in text and f"{tile.low}-{tile.high}" not in text
            r.apply(rng.choice(r.legal_actions()))


@CORES
@BLOCK
def test_d22_the_hand_ends_when_one_partner_is_out_and_the_side_scores_the_opponents(
    cls: type[Round], block: bool
) -> None:
    """D22: seat 0 plays its last tile while its partner still holds [6|6]: the hand ends
    there, and seats 0 and 2 score the opponents' 5 + 8 = 13, the partner's 12 ignored."""
    stock = "0-0 0-1" if not block else "0-0 0-1 0-2 0-3"
    r = partners_position(
        cls, ["2-3", "1-4 0-4", "6-6 1-2", "2-6 0-5"], stock, current=0, line=(("3-3", None),)
    )
    r.apply(Play(Tile(2, 3), r.line.open_ends()[0]))
    assert r.is_over and r.current_player is None
    result = r.result
    assert result is not None and result.partnerships
    assert (result.kind, result.winner, result.winning_side) == ("domino", 0, 0)
    assert result.pip_counts == (0, 9, 15, 13)
    assert result.points == (22, 0, 22, 0)  # 9 + 13, neither 15 added nor subtracted
    assert result.arithmetic == "9 + 13 = 22"
    assert r.returns() == (22, 0, 22, 0)
    # D13 alone would have given the player out the three others' 9 + 15 + 13.
    assert settle(result.pip_counts, 0) == (37, 0, 0, 0)


@CORES
def test_d22_a_partner_out_scores_for_both(cls: type[Round]) -> None:
    """D22: seat 3 goes out: its side, seats 1 and 3, scores seats 0 and 2's counts."""
    r = partners_position(
        cls, ["1-2 5-5", "0-6", "4-4", "3-4"], "0-0 6-6", current=3, line=(("3-5", None),)
    )
    r.apply(Play(Tile(3, 4), r.line.open_ends()[1]))
    result = r.result
    assert result is not None and (result.winner, result.winning_side) == (3, 1)
    assert result.points == (0, 21, 0, 21)  # 13 + 8
    words = [str(event) for event in settlement(result)]
    assert words[-1] == "Settlement: 13 + 8 = 21 → seat 3 and seat 1 score 21."


@CORES
@BLOCK
def test_d23_blocked_the_side_with_the_lower_total_scores_the_opponents_total(
    cls: type[Round], block: bool
) -> None:
    """D23: blocked on [0|0] with no 0 left in hand: seats 0 and 2 count 3 + 2 = 5, seats 1
    and 3 count 7 + 11 = 18; seats 0 and 2 score 18, their own 5 not subtracted. (Alone,
    D14 would give the single lowest seat 2 alone 3 + 7 + 11 - 2 = 19.)"""
    stock = "0-1 0-2" if not block else "0-1 0-2 0-3 0-4 0-5"
    r = partners_position(
        cls, ["1-2", "3-4", "1-1", "5-6"], stock, line=(("0-0", None),), block=block
    )
    for seat in range(4):
        assert r.current_player == seat and r.legal_actions() == (PASS,)
        r.apply(PASS)
    result = r.result
    assert result is not None and r.is_over
    assert (result.kind, result.winner, result.winning_side) == ("blocked", 0, 0)
    assert result.points == (18, 0, 18, 0)
    assert result.arithmetic == "7 + 11 = 18"
    assert settle(result.pip_counts, None) == (0, 0, 19, 0)
    words = [str(event) for event in settlement(result)]
    assert "seat 0 and seat 2 together count 5 (D23)." in words
    assert "seat 1 and seat 3 together count 18 (D23)." in words
    assert words[-1] == "Settlement: 7 + 11 = 18 → seat 0 and seat 2 score 18."


@CORES
def test_d23_equal_side_totals_score_nothing(cls: type[Round]) -> None:
    """D23: sides of 3 + 7 = 10 and 2 + 8 = 10 in a blocked hand: nobody scores."""
    r = partners_position(cls, ["1-2", "1-1", "3-4", "2-6"], "0-1 0-2", line=(("0-0", None),))
    for _ in range(4):
        r.apply(PASS)
    result = r.result
    assert result is not None
    assert (result.kind, result.winner, result.winning_side) == ("blocked", None, None)
    assert result.points == (0, 0, 0, 0) and result.arithmetic is None
    assert str(settlement(result)[-1]) == (
        "Settlement: the sides' counts are equal, 10 each: nobody scores (D23)."
    )
    assert settlement_text(result.pip_counts, None, partnerships=True) is None


@BLOCK
def test_d24_a_sides_score_to_100_wins_the_match(block: bool) -> None:
    """D24: partners share one score (each seat shows its side's), the target is 100 (61
    for four alone, D17), and the first side to reach it wins; only one side scores a
    round, so no match ends drawn."""
    assert Match(4, seed=1).target == 61
    for seed in range(12):
        match = Match(4, seed=seed, block=block, partnerships=True)
        assert match.target == 100 and match.sides == ((0, 2), (1, 3))
        rng = random.Random(seed)
        while not match.is_over:
            match.apply(rng.choice(match.round.legal_actions()))
            scores = match.scores
            assert scores[0] == scores[2] and scores[1] == scores[3]
        side = match.winner
        assert side is not None and not match.is_drawn
        assert match.scores[side] >= 100 > match.scores[1 - side]
        sums = [sum(r.result.points[s] for r in match.rounds) for s in (0, 1)]
        assert sums == list(match.scores[:2])
        assert all(sum(1 for p in r.result.points[:2] if p) <= 1 for r in match.rounds)
        event = games.get("draw").outcome(match)  # type: ignore[misc]
        assert event is not None
        assert str(event) == (
            f"seat {side} and seat {side + 2} win the match with {match.scores[side]} (D24)."
        )
    chosen = Match(4, seed=3, target=30, partnerships=True)
    assert chosen.target == 30


@CORES
def test_d21_a_round_record_says_partnerships_and_one_without_it_is_alone(
    cls: type[Round],
) -> None:
    """D21: the record of a partnership round says so and replays as one; the record of a
    round alone is as it was (no ``partnerships`` key)."""
    r = cls.deal(4, seed=11, partnerships=True)
    rng = random.Random(3)
    while not r.is_over:
        r.apply(rng.choice(r.legal_actions()))
    record = json.loads(json.dumps(r.to_record()))
    assert record["deal"]["partnerships"] is True
    assert record["result"]["partnerships"] is True
    again = cls.from_record(record)
    assert again.partnerships and again.to_record() == record
    alone = cls.deal(4, seed=11)
    while not alone.is_over:
        alone.apply(alone.legal_actions()[0])
    alone_record = alone.to_record()
    assert "partnerships" not in alone_record["deal"]
    assert "partnerships" not in alone_record["result"]
    assert "partnerships" not in json.dumps(alone.observation(0).to_dict())


def test_d21_a_match_record_of_partners_replays_and_a_bad_one_is_refused() -> None:
    """D21, D24: a partnership match's record says so and replays; without the key it is a
    match alone, whose different settlement (D13, D14) does not replay the recorded one."""
    match = Match(4, seed=8, target=60, partnerships=True)
    rng = random.Random(8)
    while not match.is_over:
        match.apply(rng.choice(match.round.legal_actions()))
    record = json.loads(json.dumps(match.to_record()))
    assert record["partnerships"] is True
    assert Match.from_record(record).to_record() == record
    assert "partnerships" not in Match(4, seed=8).to_record()
    with pytest.raises(RecordError):
        Match.from_record({**record, "partnerships": "yes"})
    with pytest.raises(RecordError):
        Match.from_record({key: value for key, value in record.items() if key != "partnerships"})


def test_d21_partnerships_are_an_option_of_draw_in_the_registry() -> None:
    """D21: the registry's Draw takes ``partnerships`` (0 or 1, 0 by default) with block 0
    or 1, refuses it with 2 or 3 players citing D21, and reads a record's start back."""
    game = games.get("draw")
    option = game.option("partnerships")
    assert option.choices == (0, 1) and option.default == 0 and option.rule == "D21"
    assert game.check_options({"players": 4})["partnerships"] == 0
    for block in (0, 1):
        options = game.check_options({"players": 4, "block": block, "partnerships": 1})
        match = game.new_match(options, 5)
        assert match.partnerships and match.round.partnerships
        assert match.block is bool(block)
        assert game.sides is not None and game.sides(match) == ((0, 2), (1, 3))
        start = game.record_start(match.to_record())
        assert start[0]["partnerships"] == 1 and start[0]["block"] == block
        assert game.replay(start[0], start[1], []).partnerships
    for players in (2, 3):
        with pytest.raises(OptionError) as caught:
            game.check_options({"players": players, "partnerships": 1})
        assert caught.value.rule == "D21" and caught.value.option == "partnerships"
    for bad in (2, -1, "1"):
        with pytest.raises(OptionError) as caught:
            game.check_options({"players": 4, "partnerships": bad})
        assert caught.value.rule == "D21"
    assert game.record_start(Match(4, seed=1).to_record())[0]["partnerships"] == 0
    assert game.sides(game.new_match(game.check_options({"players": 4}), 1)) == (
        (0,),
        (1,),
        (2,),
        (3,),
    )
