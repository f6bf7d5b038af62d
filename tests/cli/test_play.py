"""`pegboard play`: a whole match for one human against bots, driven from stdin.

Bad input is refused with the rule that forbids it and the game goes on (nothing
changes); the bots' hands are never shown before the round ends (D12); end of input ends
the match cleanly.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.cribbage import CribbageMatch
from pegboard.draw import Match
from pegboard.games import get

runner = CliRunner()

# Each human turn gets these answers in turn until one is accepted: nonsense, a tile that
# is no tile, a pass while the stock allows a draw, a tile not in hand or on no open end,
# a draw (refused once the stock is down to two), then the first listed move.
BAD_THEN_GOOD = ["xyzzy", "9-9", "pass", "6-6@0-0A", "draw", "1"]


def _play(args: list[str], answers: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "--plain", *args], input="\n".join(answers) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def _final_scores(output: str) -> list[int]:
    line = next(t for t in output.splitlines() if t.startswith("Final scores: "))
    return [int(n) for n in re.findall(r"seat \d+(?: \(you\))?: (\d+)", line)]


def test_d17_scripted_match_with_bad_input_reaches_the_end(tmp_path: Path) -> None:
    record_file = tmp_path / "match.json"
    code, output = _play(
        ["draw", "--players", "2", "--bots", "greedy", "--seed", "11", "--save", str(record_file)],
        BAD_THEN_GOOD * 2000,
    )
    assert code == 0
    assert "Traceback" not in output
    assert "Match over after" in output
    # Every kind of bad input was refused with its reason, and the rule where there is one.
    assert "Not understood: cannot read 'xyzzy' as a move" in output
    assert "Not allowed: [9|9] is not a tile of the double-six set (D1)" in output
    assert "Not allowed: you may not pass while you can draw: draw, or play a tile (D8)" in output
    assert "Not allowed: the stock is down to its last two tiles: nobody draws (D8)" in output
    assert re.search(r"Not allowed: .*\((D5|D9)\)", output)
    # After each refusal the same player is asked again.
    lines = output.splitlines()
    for i, text in enumerate(lines):
        if text.startswith(("Not allowed:", "Not understood:")):
            assert lines[i + 1].startswith("> "), lines[i : i + 2]
    # The record saved is the match that was played, and it replays (D17: a target reached).
    record = json.loads(record_file.read_text())
    match = Match.from_record(record)
    assert match.is_over and max(match.scores) >= 100
    assert _final_scores(output) == list(match.scores)
    for finished in match.rounds:
        assert f"Settlement: {finished.result.arithmetic}" in output


@pytest.mark.parametrize("players", [3, 4])
def test_d12_bots_hands_stay_hidden_until_the_round_ends(players: int, tmp_path: Path) -> None:
    record_file = tmp_path / "match.json"
    code, output = _play(
        ["--players", str(players), "--bots", "random", "--seed", "3", "--save", str(record_file)],
        ["1"] * 3000,
    )
    assert code == 0 and "Match over after" in output
    match = Match.from_record(json.loads(record_file.read_text()))
    assert match.target == 61  # D17: 61 with three or four players
    # The tiles left in the bots' hands at the end of round 1 were never on the line and
    # never in the human's hand: nothing may name them before the hands are revealed.
    before_reveal = output.split("Round 1 is over.")[0]
    hidden = [t for seat in range(1, players) for t in match.rounds[0].result.hands[seat]]
    assert hidden
    for tile in hidden:
        assert f"[{tile.low}|{tile.high}]" not in before_reveal
        assert f"[{tile.high}|{tile.low}]" not in before_reveal
    after_reveal = output.split("Round 1 is over.")[1].split("Scores:")[0]
    for tile in hidden:
        assert str(tile) in after_reveal
    # a bot's draw never names the tile (D6: the stock is face down)
    assert re.search(r"Seat [1-3] draws a tile\.", output)
    assert not re.search(r"Seat [1-3] draws \[", output)


def test_d16_rounds_announce_the_next_leader() -> None:
    _, output = _play(["--seed", "8", "--bots", "random"], ["1"] * 3000)
    leaders = [int(n) for n in re.findall(r"Next round: seat (\d) leads \(D16\)", output)]
    first = int(re.search(r"Seat (\d) leads the first round", output).group(1))  # type: ignore[union-attr]
    assert leaders, "a match to 100 lasts more than one round"
    # Seats are counted from 1 (seat 1, seat 2): the lead goes to the next one, clockwise.
    assert leaders == [(first - 1 + i) % 2 + 1 for i in range(1, len(leaders) + 1)]


def test_end_of_input_ends_the_match_cleanly() -> None:
    code, output = _play(["--seed", "2"], ["1", "1"])
    assert code == 0
    assert "End of input: leaving the match." in output
    assert "Traceback" not in output


def test_quit_leaves_and_saves_the_unfinished_match(tmp_path: Path) -> None:
    record_file = tmp_path / "partial.json"
    code, output = _play(["--seed", "4", "--save", str(record_file)], ["1", "quit"])
    assert code == 0 and "You leave the match." in output
    record = json.loads(record_file.read_text())
    assert record["is_over"] is False and record["current_round"]["actions"]
    Match.from_record(record)  # it replays


def test_help_number_and_show() -> None:
    _, output = _play(["--seed", "6"], ["help", "0", "42", "show", "quit"])
    assert "3-4@4-4B  put [3|4] on side B of the double [4|4]" in output
    assert re.search(r"There is no move 0: choose 1 to \d+\.", output)
    assert re.search(r"There is no move 42: choose 1 to \d+\.", output)
    assert output.count("Your moves:") == 2  # shown once, and again on `show`


def test_a_tile_that_fits_one_end_needs_no_end() -> None:
    # Seed 3 against the greedy bot: the line opens with [4|5] and the human holds [3|5],
    # which fits only the 5.
    _, output = _play(["--seed", "3", "--bots", "greedy"], ["3-5", "quit"])
    assert "You play [3|5] on [4|5] (high end, 5)." in output


def test_board_description_in_the_chosen_language() -> None:
    _, output = _play(["--seed", "3", "--bots", "greedy", "--lang", "pt"], ["quit"])
    assert (
        "Mesa: Peças: [4|5]. Conexões: nenhum. Pontos de encaixe legais para continuação:" in output
    )


def test_same_seed_same_match() -> None:
    assert _play(["--seed", "9"], ["1"] * 60) == _play(["--seed", "9"], ["1"] * 60)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "Draw is played by 2 to 4 players, not 5 (D1)"),
        (["--players", "1"], "Draw is played by 2 to 4 players, not 1 (D1)"),
        (
            ["--bots", "genius"],
            f"no 'genius' bots for draw; choose one of: {', '.join(get('draw').people_levels())}",
        ),
        (["--lang", "xx"], "no board description in 'xx'; choose one of en, pt, zh, hi"),
        (
            ["chess"],
            "no game 'chess' to play; choose one of: draw, cribbage, all-fives, fives-and-threes",
        ),
    ],
)
def test_bad_options_give_a_one_line_error(args: list[str], message: str) -> None:
    code, output = _play(args, [])
    assert code == 1
    assert output.strip() == f"pegboard: error: {message}"


def test_save_into_a_missing_directory_is_refused_before_play(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "m.json"
    code, output = _play(["--save", str(target)], ["1"])
    assert code == 1
    assert (
        output
        == f"pegboard: error: cannot save the record to {target}: no such directory {target.parent}\n"
    )


def test_the_installed_command_plays_plain_from_a_pipe() -> None:
    """What `make play` runs: the console script, reading a real pipe, not a test runner.
    Without --plain: input and output are not a terminal, so play is line by line."""
    script = Path(sys.executable).parent / "pegboard"
    if not script.exists():
        pytest.skip("the pegboard console script is not installed next to this Python")
    completed = subprocess.run(
        [str(script), "play", "--seed", "1"],
        input="1\n1\nquit\n",
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert "Your moves:" in completed.stdout and "You leave the match." in completed.stdout
    assert completed.stderr == ""


def test_play_opens_full_screen_only_in_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """In a terminal `play` opens the full-screen client; with --plain, or when input or
    output is not a terminal, it is line by line."""
    calls: list[tuple[object, ...]] = []
    monkeypatch.setattr(
        "pegboard.cli.tui.full_screen", lambda *args, **options: calls.append((*args, options))
    )
    monkeypatch.setattr("pegboard.cli.play.full_screen_possible", lambda: True)
    result = runner.invoke(app, ["play", "cribbage", "--best-of", "3", "--seed", "5"])
    assert result.exit_code == 0, result.output
    [(game, players, bots, seed, best_of, *_rest, given)] = calls
    assert (game, players, bots, seed, best_of) == ("cribbage", None, "expert", 5, 3)
    assert given == {"options": {"best_of": 3}}  # every option given reaches full screen
    calls.clear()
    result = runner.invoke(app, ["play", "--plain", "--seed", "5"], input="quit\n")
    assert not calls and "Your moves:" in result.output and "You leave" in result.output
    monkeypatch.setattr("pegboard.cli.play.full_screen_possible", lambda: False)
    result = runner.invoke(app, ["play", "--seed", "5"], input="quit\n")
    assert not calls and "Your moves:" in result.output and "You leave" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # the game's own refusals (its description's options), the rule named
        (
            ["cribbage", "--players", "5"],
            "Cribbage is for 2 players (C2), 3 (C8), or 4 in two partnerships, partners "
            "opposite (C9).",
        ),
        (["cribbage", "--best-of", "4"], "A cribbage match is the best of 1, 3, 5 or 7 games."),
        (["draw", "--best-of", "3"], "--best-of is for cribbage"),
        (["draw", "--players", "5"], "Draw is for 2, 3 or 4 players (D1)."),
        (
            ["--bots", "nosuch"],
            f"no 'nosuch' bots for draw; choose one of: {', '.join(get('draw').people_levels())}",
        ),
    ],
)
def test_full_screen_options_are_checked_before_it_opens(
    args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("pegboard.cli.play.full_screen_possible", lambda: True)
    monkeypatch.setattr(
        "pegboard.tui.app.PegboardApp.run", lambda self: pytest.fail("the app opened")
    )
    result = runner.invoke(app, ["play", *args])
    assert result.exit_code == 1
    assert result.output.startswith(f"pegboard: error: {message}")


def test_resume_opens_the_saved_match_in_a_terminal_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from pegboard.tui.app import PegboardApp
    from pegboard.tui.setup import Setup

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    setup = Setup(players=3, lang="pt", seed=4, save_dir=tmp_path / "pegboard")
    state = {
        "game": "draw",
        "setup": setup.saved_setup(),
        "match": Match(3, seed=4).to_record(),
        "bots": {"1": random.Random(1).getstate(), "2": random.Random(2).getstate()},
    }
    setup.store(state, over=False)
    result = runner.invoke(app, ["play", "--resume", "--lang", "en"])
    assert result.exit_code == 1
    assert "--resume goes on full screen: it needs a terminal" in result.output
    opened: list[PegboardApp] = []
    monkeypatch.setattr("pegboard.cli.play.full_screen_possible", lambda: True)
    monkeypatch.setattr("pegboard.tui.app.PegboardApp.run", lambda self: opened.append(self))
    result = runner.invoke(app, ["play", "--resume"])
    assert result.exit_code == 0, result.output
    [resumed] = opened
    assert resumed.setup.players == 3 and resumed.setup.lang == "pt"
    assert resumed.saved is not None and resumed.saved["match"] == state["match"]
    # Either game: without one named, the match saved last.
    crib = Setup(game="cribbage", seed=2, best_of=3, save_dir=tmp_path / "pegboard")
    match = CribbageMatch(best_of=3, seed=2)
    crib.store(
        {
            "game": "cribbage",
            "setup": crib.saved_setup(),
            "match": match.to_record(),
            "bots": {"1": random.Random(1).getstate()},
        },
        over=False,
    )
    draw_file = tmp_path / "pegboard" / "draw-tui.json"
    os.utime(draw_file, (1, 1))  # the Draw match was saved long ago
    opened.clear()
    assert runner.invoke(app, ["play", "--resume"]).exit_code == 0
    assert opened[0].setup.game == "cribbage" and opened[0].setup.best_of == 3
    opened.clear()
    assert runner.invoke(app, ["play", "draw", "--resume"]).exit_code == 0
    assert opened[0].setup.game == "draw"
