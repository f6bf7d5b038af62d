"""`pegboard play cribbage --plain --players 3` and `4`: the line-by-line client round a
table of three (C8) or of four in two partnerships (C9), against greedy bots.

Whole games are played to their end by a scripted person (the first card or move each
time); the transcript is checked against the game the record replays: one card laid away
(C8, C9), the partner named (C9), the show counted from the dealer's left (C11), the
scores a seat's or a side's, the end with no skunk (C12), and no other seat's card printed
before it is played or shown. Bad answers are refused with the rule, in English and in
Portuguese.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from pegboard import games
from pegboard.cli.main import app
from pegboard.cli.play import run_table
from pegboard.cribbage import Game
from pegboard.cribbage.looks.cli import CribbageTable
from pegboard.games import make_bot
from pegboard.i18n import translator
from tests.cli.test_cribbage_play import CARD, Script, _play, runner

# A show's line: whose hand or crib it is, as the human reads it (C6, C11).
SHOWN = re.compile(r"^  (Your hand|Seat (\d)'s hand|Your crib|Seat (\d)'s crib)[ :]", re.M)


def _game(players: int, seed: int, tmp_path: Path, *extra: str) -> tuple[str, Game, dict]:
    """A whole game of ``players`` played by answering "1" every time: the transcript, the
    game its record replays and the record."""
    record_file = tmp_path / "game.json"
    args = ["--players", str(players), "--bots", "greedy", "--seed", str(seed)]
    code, output = _play([*args, "--save", str(record_file), *extra], ["1"] * 600)
    assert code == 0, output
    assert "Traceback" not in output
    record = json.loads(record_file.read_text())
    return output, Game.from_record(record), record


def _dealt(record: dict) -> dict[int, dict[int, set[str]]]:
    """Each hand's cards, by seat, as dealt; among three the crib's card from the pack
    (C8) as seat -1's: every card hidden from the human that is not its own."""
    start = {k: v for k, v in record.items() if k not in ("hands_played", "scores", "result")}
    game = Game.from_record({**start, "actions": []})

    def deal(game: Game) -> dict[int, set[str]]:
        cards = {seat: {str(c) for c in hand} for seat, hand in enumerate(game.hands)}
        if game.num_players == 3:
            cards[-1] = {str(game.crib[0])}
        return cards

    dealt = {game.hand_number: deal(game)}
    for text in record["actions"]:
        game.apply(game.parse_action(text))
        if game.hand_number not in dealt and not game.is_over:
            dealt[game.hand_number] = deal(game)
    return dealt


def _sections(output: str) -> list[tuple[int, str]]:
    parts = re.split(r"^— Hand (\d+) ", output, flags=re.M)[1:]
    return [(int(n), text) for n, text in zip(parts[::2], parts[1::2], strict=True)]


def _check_hidden(output: str, record: dict) -> int:
    """Every line of every hand checked against the other seats' hidden cards: a card of
    another seat (or of the pack's crib card) is printed only once that seat played it, or
    at the show; the lines after a show that are not its counts (the end, the next game),
    and those before the first hand but the cut, against the next hand's. Returns how
    many such cards were seen (the check could fail)."""
    dealt = _dealt(record)

    def hidden_of(number: int) -> dict[str, int]:
        cards = dealt.get(number, {})
        return {card: seat for seat, held in cards.items() if seat != 0 for card in held}

    preamble = re.split(r"^— Hand \d+ ", output, flags=re.M)[0]
    for line in preamble.splitlines():
        if not line.startswith("Cut for the deal"):  # a cut of its own pack (C2, C8)
            assert not set(CARD.findall(line)) & set(hidden_of(1)), line
    seen = 0
    for number, text in _sections(output):
        hidden = hidden_of(number)
        played: set[str] = set()
        before_show, _, after_show = text.partition("The show, with the starter")
        for line in before_show.splitlines():
            move = re.match(r"Seat (\d) plays (\S+):", line)
            if move is not None:
                assert hidden.get(move.group(2)) == int(move.group(1)) - 1, line
                played.add(move.group(2))
            for card in CARD.findall(line):
                if card in hidden:
                    assert card in played, f"hand {number}: {card} shown early: {line!r}"
                    seen += 1
        following = hidden_of(number + 1)
        for line in after_show.splitlines()[1:]:
            if not line.startswith("  "):  # not the show's counts: nothing of the next hand
                assert not set(CARD.findall(line)) & set(following), line
    return seen


def _show_orders(output: str) -> list[tuple[int, list[int | str]]]:
    """Each hand's show as the transcript counts it: the seats whose hands are shown in
    order, then ``"crib"``."""
    orders = []
    for number, text in _sections(output):
        if "The show, with the starter" not in text:
            continue
        show = text.split("The show, with the starter")[1]
        order: list[int | str] = []
        for found in SHOWN.finditer(show):
            whose, hand_seat, _ = found.groups()
            if whose.endswith("crib"):
                order.append("crib")
            else:
                order.append(0 if whose == "Your hand" else int(hand_seat) - 1)
        orders.append((number, order))
    return orders


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 6)])
def test_c8_c9_c11_c12_a_whole_game_round_the_table(
    players: int, seed: int, tmp_path: Path
) -> None:
    output, game, record = _game(players, seed, tmp_path)
    assert game.result is not None and game.num_players == players
    lines = output.splitlines()
    rule = "C8" if players == 3 else "C9"
    # One card laid away each, by one number (C8, C9): never two.
    prompts = [text for text in lines if text.startswith("Lay one card in ")]
    assert prompts and all(f"({rule}): one number like '1'" in text for text in prompts)
    assert not any(text.startswith("Lay two cards") for text in lines)
    assert "You lay " in output and "Not allowed" not in output
    # The pegging's status line gives every other seat's cards in hand, and nothing else.
    status = [text for text in lines if text.startswith("Count ")]
    others = " · ".join(f"seat {seat + 1}: \\d" for seat in range(1, players))
    assert status and all(re.search(f"cards held: {others}$", text) for text in status)
    # The show from the dealer's left, the crib last (C11): the engine's order, and the
    # rule's, computed here from each hand's dealer.
    orders = _show_orders(output)
    assert orders
    shown_hands = {show.hand: show for show in game.shows if show is not None}
    for number, order in orders:
        dealer = shown_hands[number].dealer if number in shown_hands else None
        engine = [e.seat for e in game.log if e.hand == number and e.reason == "hand"]
        assert order[: len(engine)] == engine
        if dealer is not None and len(order) == players + 1:
            assert order == [(dealer + 1 + k) % players for k in range(players)] + ["crib"]
    assert any(len(order) == players + 1 for _, order in orders)
    # The end (C12): no skunk round a table, the final scores a seat's or a side's.
    assert "121 reached: the game ends at once (C12)." in output
    assert "skunk" not in output.lower()
    scores = game.scores
    if players == 4:
        final = f"Final scores: you and seat 3: {scores[0]} · seat 2 and seat 4: {scores[1]}"
    else:
        final = f"Final scores: you: {scores[0]} · seat 2: {scores[1]} · seat 3: {scores[2]}"
    assert final in output
    # No other seat's card before it is played or shown.
    assert _check_hidden(output, record) > 0


def test_c9_the_partner_is_named_and_partners_peg_as_one(tmp_path: Path) -> None:
    output, _, _ = _game(4, 6, tmp_path)
    assert "You are seat 1; your partner is seat 3, opposite (C9)." in output
    assert "Your partner: Greedy bot (seat 3). Your opponents: Greedy bot (seats 2 and 4)." in (
        output
    )
    # A score pegged by the partner counts for the human's side (one score a side).
    pegs = re.findall(
        r"Seat 3 pegs (\d+) \(you and seat 3: (\d+) · seat 2 and seat 4: (\d+)\)", output
    )
    assert pegs
    headers = re.findall(
        r"^— Hand \d+ .* · you and seat 3: \d+ · seat 2 and seat 4: \d+ ", output, re.M
    )
    assert headers


def test_c12_a_match_of_four_names_the_winning_side(tmp_path: Path) -> None:
    code, output = _play(
        ["--option", "players=4", "--bots", "greedy", "--seed", "4", "--best-of", "3"],
        ["1"] * 2000,
    )
    assert code == 0
    assert "the best of 3: the first side to 121 wins a game (C12)" in output
    assert re.search(
        r"^Game 2: seat \d deals first \(the first deal passes to the left\)\.$", output, re.M
    )
    assert re.search(
        r"^Match over after \d games: you and seat 3: \d · seat 2 and seat 4: \d \(game points\)\.$",
        output,
        re.M,
    )
    assert re.search(
        r"^(You and your partner \(seat 3\)|Seats 2 and 4) win the match\.$", output, re.M
    )


def _table(
    players: int, seed: int, answers: list[str], lang: str = "en", muggins: int = 0
) -> Script:
    """A game round a table played from ``answers`` until they run out."""
    script = Script(answers)
    game = Game.new(seed=seed, players=players, muggins=muggins)
    bots = {s: make_bot("cribbage", "greedy", seed=s) for s in range(1, players)}
    table = CribbageTable(games.get("cribbage"), game, bots, script, translator(lang), seed=seed)
    run_table(table, script, translator(lang))
    return script


@pytest.mark.parametrize(("players", "rule"), [(3, "C8"), (4, "C9")])
def test_c8_c9_two_cards_are_refused_at_the_lay_away(players: int, rule: str) -> None:
    script = _table(players, 2, ["1 2", "1 1", "discard 2H JS", "play 2H"])
    text = "\n".join(script.lines)
    assert (
        f"Not allowed: among three or four you lay one card in the crib: one number like '1', "
        f"not 2 ({rule})"
    ) in text
    assert (
        f"Not allowed: among three or four each player lays one card in the crib, not two ({rule})"
        in text
    )
    assert f"Not allowed: lay a card in the crib first ({rule})" in text
    assert "You lay" not in text  # nothing was laid: the game still waits for the card


@pytest.mark.parametrize(("players", "rule"), [(3, "C8"), (4, "C9")])
def test_c8_c9_one_number_or_one_card_lays_it_away(players: int, rule: str) -> None:
    game = Game.new(seed=2, players=players)
    while game.current_player != 0:  # the seats before the human lay away first
        seat = game.current_player
        assert seat is not None
        game.apply(make_bot("cribbage", "greedy", seed=seat).act(game.observation(seat)))
    hand = sorted(game.hands[0], key=lambda c: (c.rank, c.index))
    by_number = "\n".join(_table(players, 2, ["2"]).lines)
    assert f"You lay {hand[1]} in" in by_number
    by_card = "\n".join(_table(players, 2, [str(hand[3])]).lines)
    assert f"You lay {hand[3]} in" in by_card
    assert f"({rule}): one number like '1', or the card like '{hand[0]}'." in by_card


def test_c10_a_false_go_is_refused_with_the_tables_rule() -> None:
    # The human lays away, then says go with a card that fits (C10: the play round a table).
    script = _table(3, 4, ["1", "go"])
    text = "\n".join(script.lines)
    assert re.search(
        r"Not allowed: you can play without passing 31 \(the count is \d+\), so you must \(C10\)",
        text,
    )


@pytest.mark.parametrize(
    ("lang", "refused", "prompt"),
    [
        ("en", "Not allowed: ", "Lay one card in your crib (C8): one number like '1'"),
        ("pt", "Não permitido: ", "Ponha uma carta no seu crib (C8): um número como '1'"),
    ],
)
def test_c8_the_refusals_are_translated(lang: str, refused: str, prompt: str) -> None:
    """Two numbers and two cards refused at the lay-away among three, with C8, in the
    person's language."""
    game = Game.new(seed=2, players=3)
    two = " ".join(str(card) for card in game.hands[0][:2])  # seat 1 deals here: it lays last
    script = _table(3, 2, ["1 2", two], lang=lang)
    refusals = [line for line in script.lines if line.startswith(refused)]
    assert len(refusals) == 2, script.lines
    assert all(line.endswith("(C8)") for line in refusals)
    assert any(line.startswith(prompt) for line in script.lines)
    if lang != "en":
        assert "among three" not in "\n".join(script.lines)


@pytest.mark.parametrize(("players", "seed", "right"), [(3, 4, "Seat 3"), (4, 2, "Seat 4")])
def test_c18_c19_muggins_round_a_table(players: int, seed: int, right: str, tmp_path: Path) -> None:
    """Muggins is an option of every table (C18-C20, the engine plays it round a table):
    the human claims its own shows, and is asked to mug only the claims of the seat on its
    right (the player on the claimant's left is asked, C19), the claimant named by its
    seat; the help speaks of an opponent, not of "the bot"."""
    output, game, _ = _game(players, seed, tmp_path, "--option", "muggins=1")
    assert game.result is not None
    assert "How many points do you claim? A number (C18)." in output
    claims = re.findall(r"^(Seat \d) claims \d+ for its (?:hand|crib): ", output, re.M)
    assert claims and set(claims) == {right}
    assert "the bot" not in output
    helped = "\n".join(_table(players, seed, ["help"], muggins=1).lines)
    assert "or the points an opponent missed in its claim, 0 for none (C19)." in helped
    assert "the bot" not in helped


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_hint_ranks_a_position_round_the_table(players: int, tmp_path: Path) -> None:
    """`pegboard hint` on a position of three or four: the seat to act's moves ranked, and
    no chance of winning (the tables are of two players, C2) instead of a crash."""
    game = Game.new(seed=5, players=players)
    while game.phase == "discard":  # into the pegging: every seat laid its card away
        seat = game.current_player
        assert seat is not None
        game.apply(make_bot("cribbage", "greedy", seed=seat).act(game.observation(seat)))
    record_file = tmp_path / "position.json"
    record_file.write_text(json.dumps(game.to_record()))
    result = runner.invoke(app, ["hint", str(record_file), "--json", "--samples", "4"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    legal = {str(action) for action in game.legal_actions()}
    assert {row["action"] for row in document["actions"]} == legal
    assert document["win_probability"] is None


@pytest.mark.parametrize(("players", "seed"), [(3, 4), (4, 6)])
def test_c8_c9_replay_of_a_game_played_round_the_table(
    players: int, seed: int, tmp_path: Path
) -> None:
    """The record the client saved replays line by line to the same end, every hand dealt
    shown (a replay comes after the game)."""
    _, game, _ = _game(players, seed, tmp_path)
    result = runner.invoke(app, ["replay", str(tmp_path / "game.json")])
    assert result.exit_code == 0, result.output
    scores = game.scores
    if players == 4:
        final = f"Final scores: seat 1 and seat 3: {scores[0]} · seat 2 and seat 4: {scores[1]}"
    else:
        final = f"Final scores: seat 1: {scores[0]} · seat 2: {scores[1]} · seat 3: {scores[2]}"
    assert final in result.output
    assert result.output.count("Seat 2 is dealt ") == game.hand_number
