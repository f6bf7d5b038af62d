"""`pegboard play cribbage`: a whole game or match against a bot, driven from stdin.

Every score is explained as it happens with the scores after it (C4-C6); bad input is
refused with the rule that forbids it and the game asks again (nothing changes); the bot's
cards are never shown before it plays them or the show counts them; end of input ends the
game cleanly.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard import games
from pegboard.cli.main import app
from pegboard.cli.play import run_table
from pegboard.cli.terminal import Terminal
from pegboard.cribbage import Card, CribbageMatch, Discard, Game
from pegboard.cribbage.looks.cli import BOT, CribbageTable
from pegboard.games import get, make_bot
from pegboard.i18n import translator

runner = CliRunner()

# Each human turn gets these answers in turn until one is accepted. At the discard:
# nonsense, a go, one card, the same card twice, a single number, then two numbers. At the
# pegging: nonsense, then "go" (refused while a card fits, C5) and "1", the first legal move.
BAD_THEN_GOOD = ["xyzzy", "go", "discard 5H", "1 1", "1", "1 2"]

CARD = re.compile(r"(?<![\w])(?:10|[2-9AJQK])[SHDC](?![\w])")
SCORE = re.compile(r"(you peg|the bot pegs) (\d+) \(you: (\d+) · the bot: (\d+)\)\.", re.I)


def _play(args: list[str], answers: list[str]) -> tuple[int, str]:
    result = runner.invoke(
        app, ["play", "--plain", "cribbage", *args], input="\n".join(answers) + "\n"
    )
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


class Script(Terminal):
    """A terminal that answers from a list and keeps what was said."""

    def __init__(self, answers: list[str]) -> None:
        self.answers = list(answers)
        self.lines: list[str] = []

    def say(self, text: str = "") -> None:
        self.lines.append(text)

    def ask(self, prompt: str) -> str | None:
        if not self.answers:
            return None
        answer = self.answers.pop(0)
        self.lines.append(prompt + answer)
        return answer


def _table(game: Game, answers: list[str]) -> tuple[CribbageTable, Script]:
    script = Script(answers)
    bots = {BOT: make_bot("cribbage", "greedy", seed=1)}
    table = CribbageTable(games.get("cribbage"), game, bots, script, translator("en"), seed=0)
    return table, script


def test_c7_scripted_game_with_bad_input_reaches_the_end(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    code, output = _play(["--seed", "11", "--save", str(record_file)], BAD_THEN_GOOD * 400)
    assert code == 0
    assert "Traceback" not in output
    game = Game.from_record(json.loads(record_file.read_text()))
    assert game.result is not None
    # Every kind of bad input was refused with its reason, and the rule where there is one.
    assert "Not understood: cannot read 'xyzzy' as a move" in output
    assert "Not allowed: lay two cards in the crib first (C2)" in output
    assert "Not allowed: a discard is exactly two cards, not 1: 'discard 5H' (C2)" in output
    assert "Not allowed: a discard is two different cards, not card 1 twice (C2)" in output
    assert re.search(r"Not allowed: a discard is two cards, not only \w+: give two numbers", output)
    assert re.search(r"Not allowed: you can play without passing 31 \(the count is \d+\)", output)
    # After each refusal the same player is asked again.
    lines = output.splitlines()
    for i, text in enumerate(lines):
        if text.startswith(("Not allowed:", "Not understood:")):
            assert lines[i + 1].startswith("> "), lines[i : i + 2]
    # The result printed is the game that was played and saved.
    winner = "You win" if game.result.winner == 0 else "The bot wins"
    scores = game.result.scores
    assert f"{winner} the game, {max(scores)} to {min(scores)}." in output
    assert f"Final scores: you: {scores[0]} · the bot: {scores[1]}" in output
    assert ("A skunk:" in output or "A double skunk:" in output) == game.result.skunk


def test_c4_c6_every_score_is_explained_with_the_scores_after_it(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    code, output = _play(["--seed", "3", "--save", str(record_file)], ["1 2", "1"] * 400)
    assert code == 0
    game = Game.from_record(json.loads(record_file.read_text()))
    scored = [e for e in game.log if e.points]
    printed = [m.groups() for m in SCORE.finditer(output)]
    assert len(printed) == len(scored)
    for (who, points, mine, bots), event in zip(printed, scored, strict=True):
        assert who.lower() == ("you peg" if event.seat == 0 else "the bot pegs")
        assert int(points) == event.points
        assert event.total == (int(mine) if event.seat == 0 else int(bots))
    # Each score is said the way the game's log says it (C4-C6: "fifteen two ... is six").
    for event in game.log:
        saying = event.saying
        if event.reason in ("hand", "crib"):
            cards = " ".join(str(c) for c in event.cards)
            assert f"{cards} + {event.starter}: {saying}." in output
        else:
            assert saying[:1].upper() + saying[1:] + ":" in output
    # Each hand's show comes in order: non-dealer, dealer, crib (C6).
    assert output.count("The show, with the starter") == len(game.shows)
    assert re.search(r"The bot's hand \(non-dealer\).*\n.*\n?.*Your hand \(dealer\)", output)


def test_bots_cards_stay_hidden_until_played_or_shown(tmp_path: Path) -> None:
    record_file = tmp_path / "game.json"
    # Seed 8 against the greedy bot (the default, the expert, plays another game).
    code, output = _play(
        ["--seed", "8", "--bots", "greedy", "--save", str(record_file)], ["1 2", "1"] * 400
    )
    assert code == 0
    record = json.loads(record_file.read_text())
    # Replay the game to learn what the bot was dealt in each hand.
    start = {k: v for k, v in record.items() if k not in ("hands_played", "scores", "result")}
    game = Game.from_record({**start, "actions": []})
    dealt: dict[int, set[Card]] = {game.hand_number: set(game.hands[1])}
    for text in record["actions"]:
        game.apply(game.parse_action(text))
        if game.hand_number not in dealt and not game.is_over:
            dealt[game.hand_number] = set(game.hands[1])
    assert len(dealt) >= 3
    sections = re.split(r"^— Hand (\d+) ", output, flags=re.M)[1:]
    checked = 0
    for number, text in zip(sections[::2], sections[1::2], strict=True):
        bot_cards = {str(c) for c in dealt[int(number)]}
        before_show = text.split("The show, with the starter")[0]
        played: set[str] = set()
        for line in before_show.splitlines():
            played.update(re.findall(r"The bot plays (\S+):", line))
            for card in CARD.findall(line):
                if card in bot_cards:
                    assert card in played, f"hand {number}: {card} shown early: {line!r}"
                    checked += 1
        if "The show, with the starter" in text:
            # ... and the show does reveal the four cards the bot kept.
            show = text.split("The show, with the starter")[1]
            assert any(c in show for c in bot_cards - played)
    assert checked > 0  # the bot's played cards were seen, so the check could fail


def test_c4_c5_a_play_past_31_a_card_not_in_hand_and_a_false_go_are_refused() -> None:
    # The human (pone) leads 10H, the bot pairs it with 10D (the only card that scores),
    # the human makes 25 with 5C and the bot, holding only tens, must say go (C5).
    game = Game.from_position(
        ["10H 5C 6C 7C", "10D QD KD JD"], dealer=1, crib="6H 6S 2C 9S", starter="9H"
    )
    table, script = _table(game, ["10H", "5C", "7C", "QD", "go", "6C", "quit"])
    run_table(table, script, translator("en"))
    said = script.lines
    assert "The bot plays 10D: count 20." in said
    assert "  A pair for two: the bot pegs 2 (you: 0 · the bot: 2)." in said
    assert "The bot says go." in said
    assert "Not allowed: 7C would make 32: the count may not pass 31 (C4)" in said
    assert "Not allowed: QD is not in your hand (C4)" in said
    assert (
        "Not allowed: you can play without passing 31 (the count is 25), so you must (C5)" in said
    )
    assert "You play 6C: count 31." in said
    assert "  Thirty-one for two: you peg 2 (you: 2 · the bot: 2)." in said
    assert "  The count starts again at zero." in said
    # Each refusal left the game as it was: 7C is still in hand, and the count went on.
    assert Card.parse("7C") in game.hands[0]


def test_c5_go_while_able_to_play_is_refused_and_nothing_changes() -> None:
    game = Game.from_position(
        ["10H KS 2C 3C", "10D QD 4D 5D"], dealer=1, crib="6H 6S 6C 9S", starter="9H"
    )
    before = game.to_record()
    table, script = _table(game, ["go", "quit"])
    run_table(table, script, translator("en"))
    assert (
        "Not allowed: you can play without passing 31 (the count is 0), so you must (C5)"
        in script.lines
    )
    assert game.to_record() == before


def test_c2_discard_by_numbers_or_cards() -> None:
    game = Game.from_position(["5H 5D 5C JS 2C 9D", "AS 3S 6H 8C KD QH"], dealer=1)
    # The hand is listed by rank: 2C 5H 5D 5C 9D JS; "1 5" lays 2C and 9D away.
    table, script = _table(game, ["7 1", "AS 3S", "1 5", "quit"])
    run_table(table, script, translator("en"))
    assert "Your hand: 1. 2C  2. 5H  3. 5D  4. 5C  5. 9D  6. JS" in script.lines
    assert "Not understood: there is no card 7: choose from 1 to 6" in script.lines
    assert "Not allowed: AS and 3S are not in your hand (C2)" in script.lines
    assert "You lay 2C 9D in the bot's crib." in script.lines
    assert game.kept[0] == tuple(Card.parse(c) for c in ("5H", "5D", "5C", "JS"))
    assert Discard(Card.parse("2C"), Card.parse("9D")) in [m.action for m in game.history]


def test_c3_his_heels_is_announced() -> None:
    # The starter will be a jack: the dealer (the bot) pegs 2 at once.
    game = Game.from_position(["5H 5D 5C 2S 2C 9D", "AS 3S 6H 8C KD QH"], dealer=1, starter="JD")
    table, script = _table(game, ["1 2", "quit"])
    run_table(table, script, translator("en"))
    assert "The starter is cut: JD (C3)." in script.lines
    assert "  Two for his heels: the bot pegs 2 (you: 0 · the bot: 2)." in script.lines


def test_c7_a_match_plays_to_its_game_points(tmp_path: Path) -> None:
    record_file = tmp_path / "match.json"
    code, output = _play(
        ["--best-of", "3", "--bots", "random", "--seed", "7", "--save", str(record_file)],
        ["1 2", "1"] * 2000,
    )
    assert code == 0
    match = CribbageMatch.from_record(json.loads(record_file.read_text()))
    assert match.is_over and match.target == 2
    assert output.count(" the game, ") == len(match.games)
    for number, finished in enumerate(match.games[1:], 2):
        deals = "you deal" if finished.first_dealer == 0 else "the bot deals"
        assert f"Game {number}: {deals} first (the loser of a game deals the next)." in output
    points = match.points
    assert (
        f"Match over after {len(match.games)} games: you: {points[0]} · the bot: {points[1]}"
        in output
    )
    assert ("You win the match." if match.winner == 0 else "The bot wins the match.") in output


def test_end_of_input_ends_the_game_cleanly() -> None:
    code, output = _play(["--seed", "2"], ["1 2", "1"])
    assert code == 0
    assert "End of input: leaving the match." in output
    assert "Traceback" not in output


def test_same_seed_same_game() -> None:
    answers = ["1 2", "1"] * 40
    assert _play(["--seed", "9"], answers) == _play(["--seed", "9"], answers)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--players", "5"],
            "cribbage is for two players, three (C8) or four in two partnerships (C9), not 5",
        ),
        (
            ["--bots", "genius"],
            f"no 'genius' bots for cribbage; choose one of: {', '.join(get('cribbage').people_levels())}",
        ),
        (["--best-of", "2"], "a match is the best of an odd number of games, not 2"),
    ],
)
def test_bad_options_give_a_one_line_error(args: list[str], message: str) -> None:
    code, output = _play(args, [])
    assert code == 1
    assert output.strip() == f"pegboard: error: {message}"


def test_best_of_is_for_cribbage_only() -> None:
    result = runner.invoke(app, ["play", "--plain", "draw", "--best-of", "3"], input="")
    assert result.exit_code == 1
    assert "--best-of is for cribbage" in result.output


@pytest.mark.parametrize(
    ("args", "line"),
    [
        ([], "Cribbage against the Expert bot: first to 121 wins (C7). You are seat 1."),
        (
            ["--option", "cards=5"],
            "Cribbage against the Expert bot: first to 61 wins (C17). You are seat 1.",
        ),
        (["--option", "cards=5", "--best-of", "3"], "Game 1: first to 61 wins (C17)."),
        (
            ["--option", "cards=5", "--best-of", "3"],
            "a match, first to 2 game points (a game won is 1, a lurch 2). You are seat 1.",
        ),
        (["--option", "cards=5"], "The bot pegs three for last (C14)."),
        (
            ["--option", "cards=5", "--lang", "pt"],
            "vence quem chegar primeiro a 61 (C17). Você é o jogador 1.",
        ),
    ],
)
def test_c17_the_intro_reads_the_games_target_and_rule(args: list[str], line: str) -> None:
    """A five-card game (the option cards=5, C13) is introduced to 61 under C17 (a match:
    a lurch worth 2, no double skunk), its three for last said (C14), and is one: five cards
    in the hand; six-card's line stays 121 and C7, with no three for last."""
    code, output = _play(["--seed", "3", *args], [])
    assert code == 0
    assert line in output
    hand = next(text for text in output.splitlines() if "1. " in text)
    assert ("6. " in hand) == ("cards=5" not in args)
    assert ("(C14)" in output) == ("cards=5" in args)  # three for last, in any language
