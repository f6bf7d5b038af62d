"""The arena plays a game's options (``ArenaConfig.options``, ``pegboard arena --option``):
Draw's Block game (D18) deal for deal as the round played by hand, an option the game
refuses named with its rule, a name it does not have refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard.arena import ArenaConfig, run_arena, summarize
from pegboard.arena.deals import plan
from pegboard.cli.main import app
from pegboard.draw import Round
from pegboard.games import make_bot
from pegboard.games.base import OptionError

runner = CliRunner()


def by_hand(seed: int, seating: tuple[int, ...], bot_seeds: tuple[int, ...]) -> tuple[int, ...]:
    """A Block round of the arena's deal ``seed`` played here, greedy then random by entrant:
    its points per entrant."""
    levels = ("greedy", "random")
    bots = [make_bot("draw", levels[seating[s]], seed=bot_seeds[s]) for s in range(2)]
    round_ = Round.deal(2, seed=seed, leader=seed % 2, block=True)
    while not round_.is_over:
        seat = round_.current_player
        assert seat is not None
        round_.apply(bots[seat].act(round_.observation(seat)))
    points = [0, 0]
    for seat, entrant in enumerate(seating):
        points[entrant] = round_.returns()[seat]
    return tuple(points)


def test_d18_the_arena_plays_the_block_game_when_asked() -> None:
    """``block=1``: every play is the Block round of its seed, as played by hand; without
    it the same seeds are Draw's rounds (other points)."""
    config = ArenaConfig("draw", ("greedy", "random"), deals=12, duplicate=True, seed=3,
                         options=(("block", 1),))  # fmt: skip
    results = run_arena(config)
    tasks = plan(config)
    assert [r.points for r in results] == [by_hand(t.seed, t.seating, t.bot_seeds) for t in tasks]
    draw = run_arena(ArenaConfig("draw", ("greedy", "random"), deals=12, duplicate=True, seed=3))
    assert [r.points for r in draw] != [r.points for r in results]
    assert config.to_dict()["options"] == {"block": 1}


def test_d18_the_arena_refuses_an_option_the_game_refuses_or_does_not_have() -> None:
    with pytest.raises(OptionError) as caught:
        ArenaConfig("draw", ("greedy", "random"), options=(("block", 2),))
    assert caught.value.rule == "D18"
    with pytest.raises(ValueError, match="no option 'spinner'"):
        ArenaConfig("draw", ("greedy", "random"), options=(("spinner", 1),))
    with pytest.raises(ValueError, match="no option 'players'"):
        ArenaConfig("draw", ("greedy", "random"), options=(("players", 3),))


def test_d18_pegboard_arena_takes_option_block(tmp_path: Path) -> None:
    out = tmp_path / "block.json"
    result = runner.invoke(
        app,
        ["arena", "draw", "--bots", "greedy,random", "--deals", "4", "--duplicate",
         "--workers", "1", "--option", "block=1", "--json", str(out)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["config"]["options"] == {"block": 1}
    refused = runner.invoke(app, ["arena", "draw", "--workers", "1", "--option", "block=2"])
    assert refused.exit_code == 1 and "(D18)" in refused.output
    assert len(refused.output.strip().splitlines()) == 1
    seats = runner.invoke(app, ["arena", "draw", "--workers", "1", "--option", "players=3"])
    assert seats.exit_code == 1 and "--players" in seats.output


def test_d21_the_arena_seats_partnerships_opposite_and_scores_by_side() -> None:
    """``partnerships=1`` with entrants A, B, A, B (``--bots A,B`` cycled to four seats):
    in every seating of a duplicate deal each level's two entrants sit opposite, partners
    (D21), and each is paid its side's points, as the round played by hand pays them;
    with 3 entrants the option is refused naming D21."""
    bots = ("greedy", "random", "greedy", "random")
    config = ArenaConfig("draw", bots, deals=6, duplicate=True, seed=5,
                         options=(("partnerships", 1),))  # fmt: skip
    results = run_arena(config)
    for task, result in zip(plan(config), results, strict=True):
        seat_of = {entrant: seat for seat, entrant in enumerate(task.seating)}
        assert (seat_of[0] - seat_of[2]) % 4 == 2 and (seat_of[1] - seat_of[3]) % 4 == 2
        played = [make_bot("draw", bots[task.seating[s]], seed=task.bot_seeds[s]) for s in range(4)]
        round_ = Round.deal(4, seed=task.seed, leader=task.seed % 4, partnerships=True)
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            round_.apply(played[seat].act(round_.observation(seat)))
        assert result.points == tuple(round_.returns()[seat_of[e]] for e in range(4))
        assert result.points[0] == result.points[2] and result.points[1] == result.points[3]
    with pytest.raises(OptionError) as caught:
        ArenaConfig("draw", bots[:3], options=(("partnerships", 1),))
    assert caught.value.rule == "D21"


def test_d22_d23_a_side_that_wins_a_deal_wins_for_both_partners() -> None:
    """In partnerships a deal is won by a side (D22: the side out; D23: a blocked hand
    compared side against side): both partners win it and the other side loses, where the
    entrants' points alone would make every deal a draw between partners. The same deals
    alone at four are counted entrant by entrant (a seat wins with more than every other)."""
    bots = ("greedy", "random", "greedy", "random")
    config = ArenaConfig("draw", bots, deals=8, duplicate=True, seed=7,
                         options=(("partnerships", 1),))  # fmt: skip
    results = run_arena(config)
    summary = summarize(config, results)
    sides = [(r.points[0], r.points[1]) for r in results]
    greedy_wins = sum(1 for a, b in sides if a > b)
    random_wins = sum(1 for a, b in sides if b > a)
    ties = len(sides) - greedy_wins - random_wins
    assert greedy_wins > 0  # the fault this is for: 0 wins and every won deal a draw
    for entrant, (wins, losses) in enumerate(
        [(greedy_wins, random_wins), (random_wins, greedy_wins)] * 2
    ):
        record = summary.bots[entrant].record
        assert (record.wins, record.draws, record.losses) == (wins, ties, losses)
    alone = ArenaConfig("draw", bots, deals=4, duplicate=True, seed=7)
    alone_results = run_arena(alone)
    won = [sum(1 for r in alone_results if r.points[e] > max(r.points[:e] + r.points[e + 1 :]))
           for e in range(4)]  # fmt: skip
    assert [bot.record.wins for bot in summarize(alone, alone_results).bots] == won
