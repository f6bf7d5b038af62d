"""The Block game, Draw's ``block`` option (docs/rules.md D18-D20): one test per rule, named
after it, on both cores (``Round`` and ``PureRound``); the properties over thousands of
seeded rounds are tests/draw/test_properties.py's, parametrized by ``block``, and the step
by step comparison of the cores is tests/draw/test_cores.py's."""

from __future__ import annotations

import json
import random

import pytest

from pegboard import games
from pegboard.core import RecordError
from pegboard.draw import DRAW, PASS, End, IllegalActionError, Match, Play, Tile
from pegboard.draw.round import PureRound, Round
from pegboard.games.base import OptionError

from .helpers import line_of, tiles

CORES = pytest.mark.parametrize("cls", [Round, PureRound], ids=["round", "pure"])


def block_position(
    cls: type[Round],
    hands: list[str],
    sleeping: str,
    current: int = 0,
    line: tuple[tuple[str, str | None], ...] = (),
) -> Round:
    """A Block position from text: the hands, the sleeping tiles, the line."""
    return cls.from_position(
        [tiles(h) for h in hands],
        tiles(sleeping),
        current=current,
        line=line_of(*line),
        block=True,
    )


@CORES
@pytest.mark.parametrize(("players", "sleeping"), [(2, 14), (3, 7), (4, 4)])
def test_d18_the_deal_is_draws_and_the_rest_sleeps(
    cls: type[Round], players: int, sleeping: int
) -> None:
    """D18 (with D2): a seed deals the Block game the very hands it deals Draw; the tiles
    not dealt (14, 7 or 4) sleep, and nobody may draw them."""
    for seed in range(40):
        draw = cls.deal(players, seed=seed, leader=seed % players)
        block = cls.deal(players, seed=seed, leader=seed % players, block=True)
        assert block.block and not draw.block
        assert block.hands == draw.hands and set(block.stock) == set(draw.stock)
        assert block.stock_size == sleeping
        assert DRAW in draw.legal_actions() and DRAW not in block.legal_actions()
        with pytest.raises(IllegalActionError, match="nobody draws") as caught:
            block.apply(DRAW)
        assert caught.value.rule == "D18"
        with pytest.raises(IllegalActionError) as caught:
            block.draw_tile(block.stock[0])  # not even a chosen tile (OpenSpiel's chance)
        assert caught.value.rule == "D18"
        assert block.stock_size == sleeping and not block.history


@CORES
def test_d18_the_sleeping_tiles_count_for_nobody(cls: type[Round]) -> None:
    """D18 (as D12's last two tiles): the sleeping [6|6] and [5|6] add nothing to a blocked
    round's counts or to the winner's points."""
    r = block_position(cls, ["1-2 0-5", "2-6 0-4"], "6-6 5-6 5-5", current=0, line=(("3-3", None),))
    r.apply(PASS)
    r.apply(PASS)
    assert r.result is not None
    assert r.result.pip_counts == (8, 12)
    assert r.result.points == (4, 0)  # 12 - 8, D14
    assert all(t not in hand for hand in r.result.hands for t in tiles("6-6 5-6 5-5"))


@CORES
def test_d18_no_seat_sees_the_sleeping_tiles_during_or_after_the_round(
    cls: type[Round],
) -> None:
    """D18: every seat's observation, its JSON and the round's result name no sleeping
    tile, while the round goes on and once it is over; the observation gives their number."""
    for seed in range(30):
        r = cls.deal(3, seed=seed, block=True)
        sleeping = r.stock
        rng = random.Random(seed)
        while True:
            for seat in range(3):
                obs = r.observation(seat)
                assert obs.block and obs.stock_size == 7
                text = json.dumps(obs.to_dict()) + repr(obs)
                for tile in sleeping:
                    assert str(tile) not in text and f"{tile.low}-{tile.high}" not in text
            if r.is_over:
                break
            r.apply(rng.choice(r.legal_actions()))
        assert r.result is not None
        result = json.dumps(r.result.to_dict())
        assert not any(f"{t.low}-{t.high}" in result or str(t) in result for t in sleeping)


@CORES
def test_d19_a_player_who_cannot_play_passes_with_tiles_asleep(cls: type[Round]) -> None:
    """D19: with 14 tiles asleep, a seat holding no tile on 3 or 4 passes (in Draw it would
    draw, D7); the pass proves it holds neither number."""
    r = block_position(cls, ["1-1 2-5", "3-6 0-0"], "6-6 5-6 0-1", line=(("3-4", None),))
    assert r.legal_actions() == (PASS,)
    r.apply(PASS)
    assert r.known_absent(0) == frozenset({3, 4})
    assert not r.is_over and r.current_player == 1


@CORES
def test_d19_a_player_who_can_play_must_play(cls: type[Round]) -> None:
    """D19: a seat with a tile that fits may not pass; the refusal cites D19 and changes
    nothing."""
    r = block_position(cls, ["1-3 2-5", "3-6 0-0"], "6-6 5-6", line=(("3-4", None),))
    assert PASS not in r.legal_actions()
    assert r.legal_actions() == (Play(Tile(1, 3), End(Tile(3, 4), "low")),)
    before = r.to_record()
    with pytest.raises(IllegalActionError, match="must play") as caught:
        r.apply(PASS)
    assert caught.value.rule == "D19"
    assert r.to_record() == before


@CORES
def test_d20_every_player_passing_in_turn_blocks_the_round_settled_by_d14(
    cls: type[Round],
) -> None:
    """D20: three passes in turn at a table of three block the round with tiles asleep;
    D14 settles it: counts 3, 8 and 10 give the single lowest 8 + 10 - 3 = 15."""
    r = block_position(cls, ["1-2", "2-6", "4-6"], "0-0 5-5 3-3", current=1, line=(("0-3", None),))
    for seat in (1, 2, 0):
        assert not r.is_over and r.current_player == seat
        r.apply(PASS)
    assert r.is_over and r.stock_size == 3
    assert r.result is not None
    assert (r.result.kind, r.result.winner) == ("blocked", 0)
    assert r.result.pip_counts == (3, 8, 10)
    assert r.result.points == (15, 0, 0)


@CORES
def test_d20_a_play_between_passes_does_not_block(cls: type[Round]) -> None:
    """D20: the passes must come in turn, every player's: a play between them starts the
    count again."""
    r = block_position(cls, ["1-2 0-6", "3-5 2-6"], "5-5", line=(("4-6", None),))
    r.apply(Play(Tile(0, 6), End(Tile(4, 6), "high")))
    r.apply(PASS)  # seat 1 holds no 4 and no 0
    r.apply(PASS)  # seat 0 holds no 4 and no 0
    assert r.is_over and r.result is not None and r.result.kind == "blocked"
    r = block_position(cls, ["1-2 0-6", "3-5 2-6 4-5"], "5-5", line=(("4-6", None),))
    r.apply(Play(Tile(0, 6), End(Tile(4, 6), "high")))
    r.apply(Play(Tile(4, 5), End(Tile(4, 6), "low")))
    r.apply(PASS)  # seat 0 holds no 5 and no 0
    r.apply(Play(Tile(3, 5), End(Tile(4, 5), "high")))
    assert not r.is_over  # one pass, then a play: no block


@CORES
def test_d18_a_round_record_says_block_and_one_without_it_is_draws(cls: type[Round]) -> None:
    """D18: the record of a Block round says so and replays as Block; a Draw round's
    record is as it was (no ``block`` key), and reads as Draw."""
    r = cls.deal(2, seed=11, block=True)
    rng = random.Random(3)
    while not r.is_over:
        r.apply(rng.choice(r.legal_actions()))
    record = json.loads(json.dumps(r.to_record()))
    assert record["deal"]["block"] is True
    again = cls.from_record(record)
    assert again.block and again.to_record() == record
    draw = cls.deal(2, seed=11).to_record()
    assert "block" not in draw["deal"]
    assert not cls.from_record(draw).block
    position = block_position(cls, ["1-2", "3-4"], "5-5").to_record()
    assert position["position"]["block"] is True
    assert cls.from_record(position).block


def test_d18_a_match_of_block_is_recorded_and_replayed_as_block() -> None:
    """D18, D16, D17: every round of a Block match is dealt as Block; its record says so
    and replays; a record without ``block`` is a Draw match; a bad one is refused."""
    match = Match(2, seed=8, target=60, block=True)
    rng = random.Random(8)
    rounds = 0
    while not match.is_over:
        assert match.round.block and DRAW not in match.round.legal_actions()
        match.apply(rng.choice(match.round.legal_actions()))
        rounds = max(rounds, len(match.rounds))
    assert rounds > 1
    record = json.loads(json.dumps(match.to_record()))
    assert record["block"] is True
    assert Match.from_record(record).to_record() == record
    draw = Match(2, seed=8).to_record()
    assert "block" not in draw and not Match.from_record(draw).block
    with pytest.raises(RecordError):
        Match.from_record({**record, "block": "yes"})
    with pytest.raises(RecordError):  # the same actions do not replay as Draw
        Match.from_record({key: value for key, value in record.items() if key != "block"})


def test_d18_block_is_an_option_of_draw_in_the_registry() -> None:
    """D18: the registry's Draw takes ``block`` (0 or 1, "no" or "yes" for people, 0 by
    default), starts a Block match with 1, refuses anything else citing D18, and reads a
    record's start back with it."""
    game = games.get("draw")
    option = game.option("block")
    assert option.choices == (0, 1) and option.default == 0 and option.rule == "D18"
    assert dict(option.choice_labels).keys() == {0, 1}
    assert game.check_options({"players": 2})["block"] == 0
    options = game.check_options({"players": 3, "block": 1})
    match = game.new_match(options, 5)
    assert match.block and match.round.block
    assert not game.new_match(game.check_options({"players": 3}), 5).block
    for bad in (2, -1, True, "1"):
        with pytest.raises(OptionError) as caught:
            game.check_options({"players": 2, "block": bad})
        assert caught.value.rule == "D18" and caught.value.option == "block"
    start = game.record_start(match.to_record())
    assert start[0]["block"] == 1
    assert game.record_start(Match(2, seed=1).to_record())[0]["block"] == 0
    replayed = game.replay(start[0], start[1], [])
    assert replayed.block
