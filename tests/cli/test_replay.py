"""`pegboard replay`: a recorded match or round, move by move, with each settlement as
arithmetic (D13, D14) and the final scores; bad files give a one-line error, exit 1.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pegboard import games
from pegboard.cli.main import app
from pegboard.draw import Line, Match, Round, Tile
from pegboard.games import make_bot
from pegboard.tui.setup import Setup

runner = CliRunner()


def _replay(path: Path, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["replay", str(path), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def _bot_match(players: int, seed: int) -> Match:
    match = Match(players, seed=seed)
    bots = [make_bot("draw", "greedy" if s else "random", seed=seed + s) for s in range(players)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)))  # type: ignore[arg-type]
    return match


def _write(tmp_path: Path, record: Any, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(record) if not isinstance(record, str) else record)
    return path


@pytest.mark.parametrize(("players", "seed"), [(2, 21), (3, 22), (4, 23)])
def test_d17_replay_of_a_match_prints_each_settlement_and_the_final_scores(
    players: int, seed: int, tmp_path: Path
) -> None:
    match = _bot_match(players, seed)
    code, output = _replay(_write(tmp_path, match.to_record()))
    assert code == 0
    for finished in match.rounds:
        assert f"Round {finished.number}: seat {finished.leader + 1} leads." in output
        assert f"Settlement: {finished.result.arithmetic}" in output
    expected = " · ".join(f"seat {s}: {score}" for s, score in enumerate(match.scores, 1))
    assert f"Final scores: {expected}" in output
    assert output.count("Final scores:") == 1
    # every action of the record is printed, one line each, with the seat that took it
    actions = sum(len(r.actions) for r in match.rounds)
    moves = [t for t in output.splitlines() if re.match(r"  Seat \d (opens|plays|draws|passes)", t)]
    assert len(moves) == actions


def _first_round_boards(match: Match) -> list[str]:
    """The board description (B3) after each play of ``match``'s first round, in Chinese."""
    first = match.rounds[0]
    round_ = Round.deal(2, seed=first.seed, leader=first.leader)
    boards = []
    for text in first.actions:
        action = round_.parse_action(text)
        round_.apply(action)
        if text not in ("draw", "pass"):
            boards.append(round_.line.describe("zh"))
    return boards


def _first_round_printed(output: str) -> list[str]:
    return [t.strip() for t in output.split("第 2 局：")[0].splitlines() if t.startswith("      ")]


def test_b3_replay_with_boards_prints_the_board_after_each_play(tmp_path: Path) -> None:
    match = _bot_match(2, 5)
    _, output = _replay(_write(tmp_path, match.to_record()), "--lang", "zh", "--boards")
    assert _first_round_printed(output) == _first_round_boards(match)


def test_replay_prints_the_moves_and_the_board_only_where_a_round_ends(tmp_path: Path) -> None:
    # Issue 35, defect 14: the whole board after every move buried the moves.
    match = _bot_match(2, 5)
    _, output = _replay(_write(tmp_path, match.to_record()), "--lang", "zh")
    assert _first_round_printed(output) == _first_round_boards(match)[-1:]
    plays = sum(1 for text in match.rounds[0].actions if text not in ("draw", "pass"))
    assert plays > 5


def test_replay_reads_the_full_screen_apps_save(tmp_path: Path) -> None:
    # Issue 35, defect 14: `pegboard replay ~/.local/state/pegboard/draw-tui.json` said
    # "not a pegboard record": the app's save holds the record beside its set-up.
    setup = Setup(game="draw", players=2, seed=3, lang="en", save_dir=tmp_path)
    game = games.get("draw")
    match = game.new_match(setup.match_options(), 3)
    for _ in range(6):
        seat = match.current_player
        game.play(match, seat, match.legal_actions()[0])
    setup.save(match, {})
    assert setup.save_path is not None and setup.save_path.exists()
    code, output = _replay(setup.save_path)
    assert code == 0, output
    assert "Draw match: 2 players, seed 3" in output
    assert "(the round was not finished)" in output


def test_a_file_that_is_no_record_says_what_replay_reads(tmp_path: Path) -> None:
    code, output = _replay(_write(tmp_path, '{"format": "chess-pgn"}'))
    assert code == 1
    assert "pegboard replay reads a record written by play --save" in output
    assert "GAME-tui.json" in output


def _round_record(
    hands: list[list[str]], stock: list[str], opening: str, actions: list[str]
) -> dict[str, Any]:
    line = Line.from_plays([(Tile.parse(opening), None)])
    round_ = Round.from_position(
        [[Tile.parse(t) for t in hand] for hand in hands],
        [Tile.parse(t) for t in stock],
        current=0,
        line=line,
    )
    round_.replay(actions)
    return round_.to_record()


def test_d14_blocked_round_replay_shows_the_seed_arithmetic(tmp_path: Path) -> None:
    # RULES D14: counts 3, 8 and 10 give the 3-player 8 + 10 − 3 = 15.
    record = _round_record([["0-3"], ["2-6"], ["4-6"]], ["0-0", "5-5"], "1-5", ["pass"] * 3)
    code, output = _replay(_write(tmp_path, record))
    assert code == 0
    assert "The round is blocked" in output
    assert "Settlement: 8 + 10 − 3 = 15 → seat 1 scores 15." in output


def test_d14_shared_lowest_count_scores_nothing(tmp_path: Path) -> None:
    # RULES D14: 3, 3 and 10 give nothing.
    record = _round_record([["0-3"], ["1-2"], ["4-6"]], ["0-0", "1-1"], "5-5", ["pass"] * 3)
    _, output = _replay(_write(tmp_path, record))
    assert "Settlement: tied lowest count 3: nobody scores." in output


def test_d13_domino_against_a_blank_double_scores_the_others(tmp_path: Path) -> None:
    # RULES D13: opponents with 0 and 8 give the winner 8.
    record = _round_record([["5-6"], ["0-0"], ["2-6"]], ["1-1", "3-3"], "1-5", ["5-6@1-5H"])
    _, output = _replay(_write(tmp_path, record))
    assert "Seat 1 played the last tile of the hand: domino." in output
    assert "Settlement: 0 + 8 = 8 → seat 1 scores 8." in output


def test_replay_of_an_unfinished_match(tmp_path: Path) -> None:
    match = Match(2, seed=1)
    for _ in range(3):
        match.apply(match.legal_actions()[0])
    code, output = _replay(_write(tmp_path, match.to_record()))
    assert code == 0
    assert "(the round was not finished)" in output
    assert "The match was not finished." in output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "is not JSON (line 1, column 2"),
        ("[1, 2]", "a record must be a JSON object"),
        ('{"format": "chess-pgn"}', "not a pegboard record (format is 'chess-pgn')"),
        (
            '{"format": "pegboard-record", "version": 9, "game": "draw"}',
            "unsupported record version 9",
        ),
        (
            '{"format": "pegboard-record", "version": 1, "game": "chess", "kind": "match"}',
            "cannot replay a record of the game 'chess'; this pegboard replays: draw, cribbage",
        ),
        (
            '{"format": "pegboard-record", "version": 1, "game": "draw", "kind": "table"}',
            "a Draw record is a 'match' or a 'round', not 'table'",
        ),
    ],
)
def test_bad_record_files_give_a_one_line_error(content: str, message: str, tmp_path: Path) -> None:
    code, output = _replay(_write(tmp_path, content))
    assert code == 1
    assert output.count("\n") == 1 and output.startswith("pegboard: error: ")
    assert message in output


def test_a_record_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    record = _bot_match(2, 7).to_record()
    record["rounds"][0]["actions"][0] = "pass"  # D8: nobody passes while they can draw
    code, output = _replay(_write(tmp_path, record))
    assert code == 1
    assert output.startswith("pegboard: error: ") and "Traceback" not in output
    tampered = _bot_match(2, 7).to_record()
    tampered["scores"] = [999, 0]
    code, output = _replay(_write(tmp_path, tampered, "scores.json"))
    assert code == 1 and "the replayed scores differ from the record" in output


def test_missing_file_and_directory(tmp_path: Path) -> None:
    code, output = _replay(tmp_path / "nope.json")
    assert code == 1 and output == f"pegboard: error: no such file: {tmp_path / 'nope.json'}\n"
    code, output = _replay(tmp_path)
    assert code == 1 and "is a directory" in output
