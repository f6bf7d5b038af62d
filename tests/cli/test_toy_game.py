"""The command line serves a game it does not know (issue 11): the test-only toy game
``tricks`` (tests/games/toy/) is played whole with ``pegboard play --plain``, replayed
with ``pegboard replay``, ranked by ``pegboard hint`` and run in ``pegboard arena``, with
no change to any file under ``src/pegboard``. The human's output never shows a card the
human may not see while the match is on (the other hand, the stock)."""

from __future__ import annotations

import json
import os
import re
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pegboard import games
from pegboard.arena import ArenaConfig, plan
from pegboard.cli.main import app
from pegboard.games import Game, make_bot
from pegboard.i18n import say, seat_words, translator
from tests.games import toy

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
HUMAN = 0
CARD = re.compile(r"\bC[1-9]\b")


NOTATION_EXAMPLE = "(write 'lay C7')"
"""The toy's refusal of an unreadable move names a card as an example of the notation."""


def _cards(text: str) -> set[str]:
    """The cards written in ``text`` (the notation's fixed example left out)."""
    return set(CARD.findall(text.replace(NOTATION_EXAMPLE, "")))


def _seat(seat: int) -> str:
    return seat_words(translator("en"))(seat)


# -- play, through a real process and a pipe --------------------------------------------


class Session:
    """``pegboard play --plain tricks`` in a process that finds the toy game through
    ``PEGBOARD_GAMES``, answered prompt by prompt: ``ask`` returns what was printed
    before the next prompt."""

    def __init__(self, *args: str) -> None:
        env = {
            **os.environ,
            games.ENVIRONMENT: "tests.games.toy:plug_in",
            "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)]),
            "PYTHONUNBUFFERED": "1",
            "LANGUAGE": "en",
        }
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from pegboard.cli.main import main; main()", *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
        )
        self.transcript = ""

    def read(self, timeout: float = 60) -> tuple[str, bool]:
        """The output up to the next prompt (True), or to the end of the process (False)."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        chunk = b""
        while True:
            text = chunk.decode("utf-8", errors="replace")
            if text.endswith("> ") and (len(text) == 2 or text[-3] == "\n"):
                self.transcript += text
                return text, True
            left = deadline - time.monotonic()
            assert left > 0, f"no prompt within {timeout}s: {self.transcript + text}"
            ready, _, _ = select.select([self.process.stdout], [], [], left)
            if not ready:
                continue
            byte = os.read(self.process.stdout.fileno(), 1)
            if not byte:
                self.transcript += text
                return text, False
            chunk += byte

    def answer(self, text: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(text.encode() + b"\n")
        self.process.stdin.flush()

    def close(self) -> int:
        if self.process.stdin is not None:
            self.process.stdin.close()
        return self.process.wait(timeout=60)


def _view(text: str) -> tuple[list[str], list[str]]:
    """The human's hand and the cards laid, as the last view in ``text`` shows them."""
    hand = re.findall(r"^  hand: (.*)$", text, re.MULTILINE)[-1].split()
    laid = re.findall(r"^  laid: (.*)$", text, re.MULTILINE)[-1].split()
    return hand, laid


def _state_before_human_move(game: Game, record: dict[str, Any], moves: int) -> Any:
    """The match of ``record`` at the human's turn after ``moves`` moves of the human."""
    options, seed, actions = toy.record_start(record)
    match = game.new_match(options, seed)
    made = 0
    for text in actions:
        if match.current_player == HUMAN:
            if made == moves:
                break
            made += 1
        game.play(match, match.current_player, text)
    return match


@pytest.mark.parametrize(("seed", "hand"), [(3, 3), (8, 4), (21, 1)])
def test_tricks_is_played_whole_and_shows_the_human_no_hidden_card(
    seed: int, hand: int, tmp_path: Path, toy_game: Game
) -> None:
    record_file = tmp_path / "tricks.json"
    session = Session(
        "play", "tricks", "--plain", "--seed", str(seed), "--option", f"hand={hand}",
        "--bots", "high", "--save", str(record_file),
    )  # fmt: skip
    # Before each prompt: how many moves the human had made, and what was printed so far.
    prompts: list[tuple[int, str]] = []
    moves = 0
    tried = set()
    refusals = 0
    while True:
        text, prompted = session.read()
        if not prompted:
            break
        prompts.append((moves, session.transcript))
        hand_cards, laid = _view(session.transcript)
        if "help" not in tried:
            tried.add("help")
            session.answer("help")
        elif "show" not in tried:
            tried.add("show")
            session.answer("show")
        elif "nonsense" not in tried:
            tried.add("nonsense")
            session.answer("xyzzy")
        elif "number" not in tried:
            tried.add("number")
            session.answer("0")
        elif laid and "laid" not in tried:  # a public card, not in the hand: refused (T2)
            tried.add("laid")
            refusals += 1
            session.answer(laid[0])
        elif moves % 2:
            moves += 1
            session.answer(f"lay {hand_cards[-1]}")  # by its notation
        else:
            moves += 1
            session.answer("1")  # by its number
    assert session.close() == 0, session.transcript
    output = session.transcript
    assert "Traceback" not in output
    assert moves == hand
    assert "Answer with the number of a move" in output
    assert "Not understood: not a move of tricks: 'xyzzy'" in output
    assert "There is no move 0: choose 1 to" in output
    if refusals:
        assert re.search(r"Not allowed: C[1-9] is not in your hand \(T2\)", output)
    # The match was played to its end and saved; the output says how it ended.
    record = json.loads(record_file.read_text())
    match = toy_game.from_record(record)
    assert match.is_over and sum(match.scores) == hand
    scores = " · ".join(f"{_seat(s)}: {n}" for s, n in enumerate(match.scores))
    assert f"Final scores: {scores}" in output
    if match.winner is None:
        assert "A tie between" in output
    else:
        assert f"{_seat(match.winner)} wins." in output
    # Every move, the bot's and the human's, was narrated from the rules' events.
    for text in record["actions"]:
        assert output.count(f"lays {text.removeprefix('lay ')}") == 1, text
    # Hidden information: before each prompt, none of the cards hidden from the human at
    # that moment had been printed (once laid, a card is public).
    for made, shown in prompts:
        state = _state_before_human_move(toy_game, record, made)
        hidden = toy.hidden_from(state, HUMAN)
        assert hidden, "a hand of tricks always leaves a stock"
        assert not _cards(shown) & hidden, (made, _cards(shown) & hidden)
    # The stock is never shown, not even once the match is over.
    assert not _cards(output) & {toy.card_text(c) for c in match.stock}


def test_play_refuses_an_option_of_tricks_naming_its_rule(toy_game: Game) -> None:
    for args, message in [
        (["--option", "hand=9"], "A hand is 1 to 4 cards (T1)."),
        (["--players", "3"], "Tricks is for two players (T1)."),
        (["--option", "colour=2"], "tricks has no option 'colour'; its options are: players, hand"),
        (["--best-of", "3"], "--best-of is for cribbage, not for tricks"),
        (["--option", "hand"], "--option is NAME=VALUE, not 'hand'"),
        (["--bots", "wizard"], "no 'wizard' bots for tricks; choose one of: random, high"),
    ]:
        result = runner.invoke(app, ["play", "tricks", "--plain", "--lang", "en", *args])
        assert result.exit_code == 1, args
        assert result.output.strip() == f"pegboard: error: {message}"
    result = runner.invoke(app, ["play", "tricks", "--plain", "--lang", "pt", "-o", "colour=2"])
    assert result.output.strip().startswith("pegboard: erro: ") and "colour" in result.output
    assert "has no option" not in result.output


def test_play_in_process_matches_the_record(tmp_path: Path, toy_game: Game) -> None:
    """The same through the test runner, with the game registered in this process only."""
    record_file = tmp_path / "t.json"
    result = runner.invoke(
        app,
        ["play", "tricks", "--plain", "--seed", "5", "--lang", "en", "--save", str(record_file)],
        input="1\n" * 10,
    )
    assert result.exit_code == 0, result.output
    match = toy_game.from_record(json.loads(record_file.read_text()))
    assert match.is_over
    assert "Tricks: 2 players. You are Seat 1." in result.output
    hidden_at_start = toy.hidden_from(toy_game.new_match({"hand": 3}, 5), HUMAN)
    first_view = result.output.split("> ")[0]
    assert not _cards(first_view) & hidden_at_start


# -- replay, hint, arena ------------------------------------------------------------------


def _bot_match(game: Game, seed: int, hand: int = 3) -> Any:
    match = game.new_match(game.check_options({"hand": hand}), seed)
    bots = [make_bot("tricks", "random", seed=seed + s) for s in (0, 1)]
    while match.current_player is not None:
        seat = match.current_player
        game.play(match, seat, str(bots[seat].act(match.observation(seat))))
    return match


def test_replay_narrates_every_action_by_the_seat_to_act(tmp_path: Path, toy_game: Game) -> None:
    match = _bot_match(toy_game, 4, hand=4)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(match.to_record()))
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0, result.output
    # The narration is the rules' events, said in order, numbered by action.
    _ = translator("en")
    twin = toy_game.new_match({"players": 2, "hand": 4}, 4)
    expected = []
    for number, text in enumerate(match.actions, 1):
        _notation, events = toy_game.play(twin, twin.current_player, text)
        expected += [f"  {number}. {say(e, _)}" for e in events]
    lines = result.output.splitlines()
    assert lines[0] == "Tricks: 2 players, seed 4."
    assert lines[1 : 1 + len(expected)] == expected
    scores = " · ".join(f"{_seat(s)}: {n}" for s, n in enumerate(match.scores))
    assert f"Final scores: {scores}" in result.output
    # A record cut short replays as far as it goes.
    cut = match.to_record()
    cut["actions"] = cut["actions"][:3]
    path.write_text(json.dumps(cut))
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 0 and "The match was not finished." in result.output


def test_replay_refuses_a_record_that_does_not_replay(tmp_path: Path, toy_game: Game) -> None:
    record = _bot_match(toy_game, 4).to_record()
    path = tmp_path / "t.json"
    record["actions"][1] = record["actions"][0]  # a card laid already: not in the hand
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert result.exit_code == 1
    assert "action 2" in result.output and "is not in your hand (T2)" in result.output
    record["actions"] = [*record["actions"][:1], *record["actions"][2:], "lay C9", "lay C9"]
    toy.uninstall()
    try:
        result = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    finally:
        toy.install()
    assert result.exit_code == 1
    assert "cannot replay a record of the game 'tricks'; this pegboard replays: draw, cribbage" in (
        result.output
    )


@pytest.mark.parametrize("seed", [1, 2, 6])
def test_hint_ranks_as_the_high_bot_analyses(seed: int, tmp_path: Path, toy_game: Game) -> None:
    import random

    match = _bot_match(toy_game, seed, hand=4)
    record = match.to_record()
    for cut in (0, 1, 3, 4):  # to lead, to follow, in later tricks
        record["actions"] = match.actions[:cut]
        position = toy_game.from_record(record)
        seat = position.current_player
        path = tmp_path / f"t{cut}.json"
        path.write_text(json.dumps(record))
        result = runner.invoke(app, ["hint", str(path), "--json", "--seed", "3"])
        assert result.exit_code == 0, result.output
        answer = json.loads(result.output)
        assert answer["win_probability"] is None  # the toy game has no tables of its chances
        shown = answer["actions"]
        analysed = toy.HighBot().analyse(position.observation(seat), random.Random(3))
        ranked = sorted(analysed, key=lambda e: -e.value)  # best first, ties as analysed
        assert [(e["action"], e["value"]) for e in shown] == [
            (str(e.action), e.value) for e in ranked
        ]
        assert {e["unit"] for e in shown} == {"expected points"}
        table = runner.invoke(app, ["hint", str(path), "--lang", "en"]).output
        assert f"seat {seat + 1}: {len(ranked)} legal actions (high)" in table  # from 1
        assert table.index(str(ranked[0].action)) < table.index(str(ranked[-1].action))
        assert "expected points" in table and "Chance of winning" not in table
        # --seat counts from 1, as the command's words do: the other seat is 2 - seat.
        other = runner.invoke(app, ["hint", str(path), "--seat", str(2 - seat), "--lang", "en"])
        assert other.exit_code == 1
        assert f"seat {2 - seat} is not to act: it is seat {seat + 1}'s turn" in other.output
    record["actions"] = match.actions
    path.write_text(json.dumps(record))
    over = runner.invoke(app, ["hint", str(path), "--lang", "en"])
    assert over.exit_code == 1 and "the game is over: there is nothing to hint" in over.output
    weak = runner.invoke(app, ["hint", str(tmp_path / "t0.json"), "--level", "random"])
    assert weak.exit_code == 1 and "levels that give hints: high" in weak.output


def _replayed(config: ArenaConfig, task: Any) -> tuple[int, ...]:
    """A play of the arena's plan, played here by the same seeded bots."""
    game = games.get(config.game)
    match = game.new_match(game.check_options({}), task.seed)
    bots = [
        make_bot("tricks", config.bots[entrant], seed=task.bot_seeds[seat])
        for seat, entrant in enumerate(task.seating)
    ]
    while match.current_player is not None:
        seat = match.current_player
        game.play(match, seat, str(bots[seat].act(match.observation(seat))))
    points = [0, 0]
    for seat, entrant in enumerate(task.seating):
        points[entrant] = match.scores[seat]
    return tuple(points)


@pytest.mark.parametrize("duplicate", [False, True])
def test_the_arena_plays_whole_matches_of_tricks(
    duplicate: bool, tmp_path: Path, toy_game: Game
) -> None:
    path = tmp_path / "arena.json"
    args = ["arena", "tricks", "--bots", "high,random", "--deals", "8", "--workers", "1",
            "--seed", "7", "--json", str(path), "--lang", "en"]  # fmt: skip
    if duplicate:
        args.append("--duplicate")
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "Tricks arena:" in result.output and "points per match" in result.output
    data = json.loads(path.read_text())
    assert data["config"]["matches"] is True and data["config"]["unit"] == "match"
    assert data["plays"] == (16 if duplicate else 8) == len(data["results"])
    config = ArenaConfig("tricks", ("high", "random"), deals=8, duplicate=duplicate, seed=7)
    tasks = plan(config)
    for play, task in zip(data["results"], tasks, strict=True):
        assert sum(play["points"]) == 3  # each trick is a point, three cards a hand
        assert tuple(play["points"]) == _replayed(config, task)
    for entrant, bot in enumerate(data["bots"]):
        total = sum(p["points"][entrant] for p in data["results"])
        assert bot["wins"] + bot["draws"] + bot["losses"] == data["plays"]
        assert bot["mean_points"] == pytest.approx(total / data["plays"])


def test_the_arena_refuses_tricks_options_it_cannot_seat(toy_game: Game) -> None:
    for args, message in [
        (["--bots", "high,random,random"], "Tricks is played by 2 players here, not 3"),
        (["--bots", "high,wizard"], "no 'wizard' bot for Tricks; choose from: random, high"),
    ]:
        result = runner.invoke(app, ["arena", "tricks", "--lang", "en", *args])
        assert result.exit_code == 1
        assert result.output.strip() == f"pegboard: error: {message}"


def test_leaving_a_match_of_tricks_saves_what_was_played(tmp_path: Path, toy_game: Game) -> None:
    for answers, said in [("1\nquit\n", "You leave the match."), ("1\n", "End of input")]:
        record_file = tmp_path / "left.json"
        result = runner.invoke(
            app,
            [
                "play",
                "tricks",
                "--plain",
                "--seed",
                "2",
                "--lang",
                "en",
                "--save",
                str(record_file),
            ],
            input=answers,
        )
        assert result.exit_code == 0, result.output
        assert said in result.output and "Final scores" not in result.output
        left = toy_game.from_record(json.loads(record_file.read_text()))
        assert not left.is_over and left.current_player == HUMAN
        # The human made one move, and the bot its answer (and its lead, if it took the trick).
        assert len(left.actions) in (2, 3)


def test_the_generic_table_speaks_the_user_s_language(toy_game: Game) -> None:
    result = runner.invoke(
        app, ["play", "tricks", "--plain", "--seed", "2", "--lang", "pt"], input="?\n1\n1\n1\n"
    )
    assert result.exit_code == 0, result.output
    assert "Tricks: 2 jogadores. Você é Lugar 1." in result.output
    assert "Responda com o número de uma jogada" in result.output
    assert "Suas jogadas:" in result.output
    assert re.search(r"Placar final: Lugar 1: \d · Lugar 2: \d", result.output)
