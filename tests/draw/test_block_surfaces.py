"""The Block game (Draw's ``block`` option, D18-D20) through every surface the registry
reaches: the terminal (``pegboard play --option block=1``), ``replay``, ``hint``, the web
lobby's table, PettingZoo and OpenSpiel; and its narration, a Block pass and a Block
round's end, in the four languages. (The arena's ``--option`` is tests/arena/test_options.py.)
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard import games
from pegboard.cli.main import app
from pegboard.draw import DRAW, PASS, Match, Round, narration
from pegboard.draw.text import announce, settlement_lines
from pegboard.i18n import translator
from pegboard.i18n.narration import say

from .helpers import line_of, tiles

runner = CliRunner()


def block_pass_round() -> Round:
    """Seat 0 cannot play on [3|4] and passes (D19); seat 1 passes too: blocked (D20)."""
    r = Round.from_position(
        [tiles("1-1 2-5"), tiles("0-6")], tiles("6-6 5-6"), line=line_of(("3-4", None)), block=True
    )
    r.apply(PASS)
    r.apply(PASS)
    return r


@pytest.mark.parametrize(
    ("lang", "passed", "you", "ended", "move"),
    [
        ("en", "Seat 1 passes: no tile fits.", "You pass: no tile fits.",
         "The round is blocked: every player passed in turn.",
         "pass (no tile fits, and nobody draws in the Block game)"),
        ("pt", "Jogador 1 passa: nenhuma peça encaixa.", "Você passa: nenhuma peça encaixa.",
         "A rodada está trancada: todos os jogadores passaram, um após o outro.",
         "passar (nenhuma peça encaixa, e no jogo Block ninguém compra)"),
        ("zh", "1号座位跳过：没有骨牌能接。", "你跳过：没有骨牌能接。",
         "封局：每位玩家依次跳过。", "跳过（没有骨牌能接，不摸牌玩法中谁都不摸牌）"),
        ("hi", "सीट 1 ने बारी छोड़ी: कोई गोटी नहीं बैठती।", "आपने बारी छोड़ी: कोई गोटी नहीं बैठती।",
         "दौर अवरुद्ध हो गया: हर खिलाड़ी ने बारी-बारी से बारी छोड़ी।",
         "बारी छोड़ें (कोई गोटी नहीं बैठती, और ब्लॉक खेल में कोई गोटी नहीं उठाता)"),
    ],
)  # fmt: skip
def test_d19_d20_a_block_pass_and_a_block_round_are_told_in_four_languages(
    lang: str, passed: str, you: str, ended: str, move: str
) -> None:
    """D19: a pass in the Block game says no tile fits (Draw's says nothing of the stock
    it cannot name here); D20: a blocked Block round says every player passed, not that
    the stock is down to two (Draw's sentence, kept for Draw)."""
    _ = translator(lang)
    assert say(narration.played(0, PASS, block=True), _, lambda s: seat_name(s, lang), None) == (
        passed
    )
    assert say(narration.played(0, PASS, block=True), _, lambda s: "x", 0) == you
    assert say(narration.move(PASS, block=True), _, lang=lang) == move
    result = block_pass_round().result
    assert result is not None and result.block
    first = say(narration.settlement(result)[0], _, lambda s: "x", None)
    assert first == ended
    assert ended in settlement_lines(result, None, _)[0]
    # Draw's own words stay Draw's.
    assert say(narration.played(0, PASS), _, lambda s: "x", 0) == _("You pass.")
    assert "Block" not in announce(0, PASS, "en", translator("en"))


def seat_name(seat: int, lang: str) -> str:
    return {"en": "Seat {n}", "pt": "Jogador {n}", "zh": "{n}号座位", "hi": "सीट {n}"}[lang].format(
        n=seat + 1
    )


def play(args: list[str], answers: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "--plain", *args], input="\n".join(answers) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_d18_the_terminal_plays_block_and_replays_and_hints_its_record(tmp_path: Path) -> None:
    """``pegboard play draw --option block=1``: the turn says the tiles asleep, offers no
    draw, a pass is told as the Block game's; the saved record replays with the same
    words, and ``hint`` on a Block position ranks its legal actions, no draw among them."""
    path = tmp_path / "block.json"
    args = ["draw", "--players", "2", "--seed", "4", "--bots", "greedy", "--option", "block=1"]
    code, output = play([*args, "--option", "target=30", "--save", str(path)], ["1"] * 600)
    assert code == 0, output[-2000:]
    assert "Asleep: 14 tiles (nobody draws in the Block game)" in output
    assert "Stock:" not in output and "draws a tile" not in output
    assert "passes: no tile fits." in output or "You pass: no tile fits." in output
    record = json.loads(path.read_text())
    assert record["block"] is True and record["is_over"] is True
    replay = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert replay.exit_code == 0, replay.output
    assert "draws a tile" not in replay.output
    assert output.count("every player passed in turn") == replay.output.count(
        "every player passed in turn"
    )
    partial = tmp_path / "partial.json"
    code, output = play([*args, "--save", str(partial)], ["1", "1", "quit"])
    match = games.get("draw").from_record(json.loads(partial.read_text()))
    assert match.block
    seat = match.current_player
    legal = {str(a) for a in match.observation(seat).legal_actions()}
    hinted = runner.invoke(app, ["hint", str(partial), "--json", "--budget", "50"])
    assert hinted.exit_code == 0, hinted.output
    ranked = {entry["action"] for entry in json.loads(hinted.output)["actions"]}
    assert ranked == legal and "draw" not in ranked


def test_d18_the_terminal_refuses_a_bad_block_naming_d18() -> None:
    code, output = play(["draw", "--players", "2", "--option", "block=3"], [])
    assert code == 1 and "(D18)" in output


def test_d18_the_web_lobby_offers_block_and_its_table_plays_it() -> None:
    """The lobby's description of Draw has the option, its choices in words, and a match
    made from the lobby's request (``check_options`` then ``new_match``, as a table is
    made) is a Block match."""
    described = games.get("draw").describe()
    (option,) = [o for o in described["options"] if o["name"] == "block"]
    assert option["choices"] == [0, 1] and option["rule"] == "D18"
    assert [value for value, _label in option["choice_labels"]] == [0, 1]
    game = games.get("draw")
    match = game.new_match(game.check_options({"players": 2, "block": 1}), 9)
    assert isinstance(match, Match) and match.block
    assert DRAW not in match.observation(match.current_player).legal_actions()


def test_d18_pettingzoo_plays_block_with_no_draw_and_no_sleeping_tile() -> None:
    """``game_env("draw", block=1)``: the mask never allows the draw's number, and no
    observation vector changes with the sleeping tiles (the same deal with other tiles
    asleep gives the same vectors)."""
    pytest.importorskip("pettingzoo")
    from pegboard.draw.encoding import DRAW_DRAW_ACTION
    from pegboard.envs import game_env

    for seed in range(20):
        env = game_env("draw", players=2, block=1)
        env.reset(seed=seed)
        assert env.unwrapped.round.block
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                env.step(None)
                continue
            mask = observation["action_mask"]
            assert not mask[DRAW_DRAW_ACTION]
            env.step(int(mask.nonzero()[0][0]))
    from pegboard.draw.encoding import ENCODING

    rng = random.Random(6)
    for _ in range(30):
        dealt = Round.deal(2, seed=rng.getrandbits(32), block=True)
        asleep = list(dealt.stock)
        twins = [
            Round.from_position(dealt.hands, rng.sample(asleep, 10), block=True) for _ in range(2)
        ]
        while True:  # the same moves in both: every seat's vector the same at every step
            for seat in range(2):
                vectors = [ENCODING.encode(twin.observation(seat)) for twin in twins]
                assert list(vectors[0]) == list(vectors[1])
            if twins[0].is_over:
                break
            action = rng.choice(twins[0].legal_actions())
            for twin in twins:
                twin.apply(action)


def test_d18_openspiel_plays_block_with_no_draw_chance_and_searches_it() -> None:
    """``load_game("draw", {"block": 1})``: after the lot and the deal no chance node comes
    (nobody draws), no player may take the draw's number, the returns are the round's; the
    ISMCTS search's states from a Block observation are Block rounds."""
    pytest.importorskip("pyspiel")
    from pegboard.draw.encoding import DRAW_DRAW_ACTION
    from pegboard.draw.looks.openspiel import search_state
    from pegboard.openspiel import load_game

    game = load_game("draw", {"players": 3, "block": 1})
    rng = random.Random(4)
    for _ in range(50):
        state = game.new_initial_state()
        chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                chance += 1
                state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
            else:
                legal = state.legal_actions()
                assert DRAW_DRAW_ACTION not in legal
                state.apply_action(rng.choice(legal))
        assert chance == 1 + 21  # the lot, then the 7 tiles of each of 3 hands
        assert state.table.round.block
    round_ = Round.deal(3, seed=2, block=True)
    round_.apply(round_.legal_actions()[0])
    searched = search_state(round_.observation(1), rng)
    assert searched.table.round.block
    assert re.search(r"block", repr(game.get_parameters()))
