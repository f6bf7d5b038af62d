"""`pegboard replay` of cribbage records: every hand dealt, discarded and pegged, each
score explained, each show counted aloud (C6), the result with any skunk (C7); a bad
record gives a one-line error and exit code 1.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.cribbage import CribbageMatch, Game
from pegboard.games import make_bot

runner = CliRunner()


def _replay(path: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def _write(tmp_path: Path, record: Any, name: str = "record.json") -> Path:
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    return path


def _bot_game(seed: int) -> Game:
    game = Game.new(seed=seed)
    bots = [
        make_bot("cribbage", level, seed=seed + s) for s, level in enumerate(("greedy", "random"))
    ]
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    return game


def _bot_match(seed: int) -> CribbageMatch:
    match = CribbageMatch(best_of=3, seed=seed)
    bots = [make_bot("cribbage", "greedy", seed=seed + s) for s in (0, 1)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)))
    return match


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c6_c7_replay_of_a_game_prints_the_shows_and_the_final_scores(
    seed: int, tmp_path: Path
) -> None:
    game = _bot_game(seed)
    code, output = _replay(_write(tmp_path, game.to_record()))
    assert code == 0
    result = game.result
    assert result is not None
    # Every show, counted aloud the way the game's log says it, in order: pone, dealer, crib.
    shows = [e for e in game.log if e.reason in ("hand", "crib")]
    assert shows
    position = 0
    for event in shows:
        cards = " ".join(str(c) for c in event.cards)
        line = f"{cards} + {event.starter}: {event.saying}."
        found = output.find(line, position)
        assert found > position, line
        position = found
    s0, s1 = game.scores
    assert f"Final scores: seat 1: {s0} · seat 2: {s1}" in output  # seats counted from 1
    won, lost = result.scores[result.winner], result.scores[result.loser]
    assert f"Seat {result.winner + 1} wins the game, {won} to {lost}." in output
    assert ("skunk" in output) == result.skunk
    # Every action of the record is printed, one line each.
    moves = re.findall(r"^  Seat \d (?:lays|plays|says go)", output, flags=re.M)
    assert len(moves) == len(game.history)


def test_c2_c3_replay_shows_the_deal_the_discards_and_the_starter(tmp_path: Path) -> None:
    game = _bot_game(4)
    first = Game.new(seed=4)
    code, output = _replay(_write(tmp_path, game.to_record()))
    assert code == 0
    for cut in first.cuts:
        assert f"Cut for the deal: seat 1 {cut.cards[0]}, seat 2 {cut.cards[1]}" in output
    for seat, hand in enumerate(first.hands):
        assert f"Seat {seat + 1} is dealt {' '.join(str(c) for c in hand)}." in output
    discards = [m for m in game.history if m.hand == 1][:2]
    for move in discards:
        cards = " ".join(str(c) for c in sorted(move.action.cards))  # type: ignore[union-attr]
        assert f"Seat {move.seat + 1} lays {cards} in seat {first.dealer + 1}'s crib." in output
    starter = game.shows[0].starter
    assert f"The starter is cut: {starter} (C3)." in output


def test_c4_each_pegging_score_is_explained_with_the_count(tmp_path: Path) -> None:
    game = _bot_game(5)
    code, output = _replay(_write(tmp_path, game.to_record()))
    assert code == 0
    # The count printed after each play is the sum of the sequence (C4), never above 31.
    counts = [int(c) for c in re.findall(r"plays \S+: count (\d+)\.", output)]
    assert counts and max(counts) <= 31
    pegged = [e for e in game.log if e.reason in ("pegging", "go", "last card", "his heels")]
    lines = re.findall(r"^    (\S.*): seat (\d) pegs (\d+) \(", output, flags=re.M)
    assert len(lines) == len(pegged)
    for (saying, seat, points), event in zip(lines, pegged, strict=True):
        assert saying.lower() == event.saying and int(seat) == event.seat + 1  # from 1
        assert int(points) == event.points


def test_c7_replay_of_a_match(tmp_path: Path) -> None:
    match = _bot_match(6)
    code, output = _replay(_write(tmp_path, match.to_record()))
    assert code == 0
    assert f"Cribbage match, seed 6: first to {match.target} game points." in output
    for finished in match.games:
        scores = finished.result.scores
        won, lost = scores[finished.result.winner], scores[finished.result.loser]
        assert f"Seat {finished.result.winner + 1} wins the game, {won} to {lost}." in output
    p0, p1 = match.points
    assert (
        f"Match over after {len(match.games)} game{'s' * (len(match.games) > 1)}: "
        f"seat {match.winner + 1} wins, "
        f"seat 1: {p0} · seat 2: {p1} (game points)." in output
    )


def test_replay_of_an_unfinished_game_and_of_a_position(tmp_path: Path) -> None:
    game = Game.new(seed=9)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    code, output = _replay(_write(tmp_path, game.to_record()))
    assert code == 0 and "The game was not finished." in output
    position = Game.from_position(
        ["10H 5C 6C 7C", "10D QD KD JD"], dealer=1, crib="6H 6S 2C 9S", starter="9H"
    )
    for text in ["10H", "10D", "5C", "go", "6C"]:
        position.apply(position.parse_action(text))
    code, output = _replay(_write(tmp_path, position.to_record(), "position.json"))
    assert code == 0
    assert "Seat 1 holds 10H 5C 6C 7C." in output and "Crib 6H 6S 2C 9S, starter 9H." in output
    assert "    Thirty-one for two: seat 1 pegs 2 (seat 1: 2 · seat 2: 2)." in output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            '{"format": "pegboard-record", "version": 1, "game": "cribbage", "kind": "round"}',
            "a cribbage record is a 'match' or a 'game', not 'round'",
        ),
        (
            '{"format": "pegboard-record", "version": 1, "game": "cribbage", "kind": "game"}',
            "a game record needs a 'new' or a 'position'",
        ),
        (
            '{"format": "pegboard-record", "version": 1, "game": "cribbage", "kind": "match"}',
            "does not replay",
        ),
    ],
)
def test_bad_cribbage_records_give_a_one_line_error(
    content: str, message: str, tmp_path: Path
) -> None:
    code, output = _replay(_write(tmp_path, content))
    assert code == 1
    assert output.count("\n") == 1 and output.startswith("pegboard: error: ")
    assert message in output


def test_a_tampered_record_is_refused(tmp_path: Path) -> None:
    record = _bot_game(7).to_record()
    record["actions"][0] = "go"  # C2: the hand starts with the discard
    code, output = _replay(_write(tmp_path, record))
    assert code == 1 and output.count("\n") == 1
    assert "cannot be played" in output and "(C2)" in output
    tampered = _bot_game(7).to_record()
    tampered["scores"] = [121, 0]
    code, output = _replay(_write(tmp_path, tampered, "scores.json"))
    assert code == 1 and "the replayed scores differ from the record" in output
    match = _bot_match(8).to_record()
    match["points"] = [0, 0]
    code, output = _replay(_write(tmp_path, match, "match.json"))
    assert code == 1 and output.startswith("pegboard: error: ")


def _table_match(players: int, seed: int) -> CribbageMatch:
    match = CribbageMatch(best_of=3, seed=seed, players=players)
    bots = [make_bot("cribbage", "greedy", seed=seed + s) for s in range(players)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)))
    return match


def test_c8_replay_of_a_match_of_three(tmp_path: Path) -> None:
    match = _table_match(3, 8)
    code, output = _replay(_write(tmp_path, match.to_record()))
    assert code == 0, output
    assert "(the lowest card deals, C8)." in output
    assert "The crib starts with " in output and " from the pack (C8)." in output
    assert "Seat 3 is dealt " in output and "lays a card" not in output  # all shown
    for finished in match.games:
        assert f"Seat {finished.result.winner + 1} wins the game: " in output
    if len(match.games) > 1:
        second = match.games[1].first_dealer + 1
        assert f"Game 2: seat {second} deals first (the first deal passes to the left)." in output
    assert f"seat {match.winner + 1} wins, " in output


def test_c9_replay_of_a_match_of_four_names_the_sides(tmp_path: Path) -> None:
    match = _table_match(4, 9)
    code, output = _replay(_write(tmp_path, match.to_record()))
    assert code == 0, output
    assert "seat 1 and seat 3: 0 · seat 2 and seat 4: 0 (to 121)" in output
    side = match.winner
    assert side is not None
    a, b = match.points
    assert (
        f"seats {side + 1} and {side + 3} win, seat 1 and seat 3: {a} · seat 2 and seat 4: {b} "
        "(game points)." in output
    )
    # A game record of four replays too, one card laid away each (C9).
    game = Game.new(seed=9, players=4)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    code, output = _replay(_write(tmp_path, game.to_record(), "game.json"))
    assert code == 0 and "Seat 4 is dealt " in output and "The starter is cut" in output


def test_c13_c14_replay_of_a_five_card_match_and_game(tmp_path: Path) -> None:
    """A five-card match's record (cards 5) replays as five-card, every game to 61 with its
    three for last said before its first hand (C14); it dealt six cards and failed at the
    first discard before. A five-card game's record too."""
    match = CribbageMatch(best_of=3, seed=4, cards=5)
    bots = [make_bot("cribbage", "greedy", seed=s) for s in (4, 5)]
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat)))
    code, output = _replay(_write(tmp_path, match.to_record()))
    assert code == 0, output
    assert output.count("three for last (C14).") == len(match.games)
    assert "(to 121)" not in output and "(to 61)" in output
    dealt = re.findall(r"is dealt ((?:\S+ )*\S+)\.", output)
    assert dealt and all(len(cards.split()) == 5 for cards in dealt)
    game = Game.new(seed=9, cards=5)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    code, output = _replay(_write(tmp_path, game.to_record(), "game.json"))
    assert code == 0, output
    assert output.count("three for last (C14).") == 1 and "(to 61)" in output
