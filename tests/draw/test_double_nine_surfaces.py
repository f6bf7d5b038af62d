"""The double-nine set (Draw's ``set`` option, D25-D27) through every surface the registry
reaches: the lobby's option (its label and choices in four languages), the table's view
(tiles of 7, 8 and 9 in the hand and on the line, no hidden tile named), the board's SVG
(pips of 7, 8 and 9), the terminal (``pegboard play --option set=9``), ``replay``,
``hint``, the arena's deals; PettingZoo and OpenSpiel play it with the double-nine numbers
(more in test_double_nine_research.py); and the chances of winning are not offered for it.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard import dominoes, games
from pegboard.cli.main import app
from pegboard.dominoes.svg import _PIPS, render_svg
from pegboard.dominoes.tiles import reading_order
from pegboard.draw import Match, Round, Tile
from pegboard.draw.looks import web as draw_web
from pegboard.games.base import OptionError
from pegboard.i18n import translator

from .helpers import line_of

runner = CliRunner()


def play(args: list[str], answers: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "--plain", *args], input="\n".join(answers) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_d25_the_lobby_offers_the_set_with_translated_words() -> None:
    """The registry's option ``set``: 6 (the default) or 9, its label and choices in words in
    each language; any other value refused naming D25; a match from the lobby's request
    plays the double-nine set, and its record says so (a double-six one does not)."""
    game = games.get("draw")
    (option,) = [o for o in game.describe()["options"] if o["name"] == "set"]
    assert option["choices"] == [6, 9] and option["default"] == 6 and option["rule"] == "D25"
    for lang, label, nine in [
        ("pt", "Jogo de dominó", "Duplo-nove: 55 peças, de [0|0] a [9|9], 7 para cada um"),
        ("zh", "骨牌套装", "双九：55 张骨牌，[0|0] 到 [9|9]，每人 7 张"),
        ("hi", "डोमिनो सेट", "डबल-नाइन: 55 गोटियाँ, [0|0] से [9|9], हर खिलाड़ी को 7"),
    ]:
        _ = translator(lang)
        assert _(option["label"]) == label
        assert _(dict(option["choice_labels"])[9]) == nine
    assert game.check_options({"players": 2})["set"] == 6
    for bad in (7, 12, "9"):
        with pytest.raises(OptionError) as caught:
            game.check_options({"players": 2, "set": bad})
        assert caught.value.rule == "D25"
    match = game.new_match(game.check_options({"players": 3, "set": 9}), 5)
    assert isinstance(match, Match) and match.tile_set == 9 == match.round.tile_set
    record = match.to_record()
    assert record["set"] == 9
    assert game.from_record(json.loads(json.dumps(record))).round.tile_set == 9
    assert "set" not in game.new_match(game.check_options({"players": 3}), 5).to_record()
    assert game.record_start(record)[0]["set"] == 9


def test_d25_the_web_table_shows_tiles_of_seven_eight_and_nine_and_no_hidden_tile() -> None:
    """The table's view of a double-nine match through whole rounds: the viewer's hand and
    the line hold tiles past [6|6], written as the page reads them ("7-9"); no tile of
    another hand or of the stock is named in the hand, the moves, the line or the log."""
    rng = random.Random(3)
    match = Match(2, seed=3, target=30, tile_set=9)
    names = ["Ana", "Bo"]
    shown: set[str] = set()
    while not match.is_over:
        round_ = match.round
        for seat in range(2):
            v = draw_web.draw_view(match, seat, translator("en"), list(names))
            hand = [str(t) for t in round_.hand(seat)]
            # In reading order (by the lower number), not the engine's (D25's tiles last).
            in_order = reading_order(round_.hand(seat))
            assert v["hand"] == [f"{t.low}-{t.high}" for t in in_order], hand
            shown.update(v["hand"])
            current = v["log"][-(1 + len(round_.history)) :]
            text = json.dumps([v["hand"], v["plays"], v["line_description"], current, v["legal"]])
            for tile in [*round_.hand(1 - seat), *round_.stock]:
                assert f"{tile.low}-{tile.high}" not in text and str(tile) not in text
        match.apply(rng.choice(match.round.legal_actions()))
    assert any(max(map(int, t.split("-"))) >= 7 for t in shown)


def test_d25_the_boards_svg_draws_seven_eight_and_nine_pips() -> None:
    """A line of [7|9] [9|9] [8|9]: each half carries as many pips as its number (7, 9, 9,
    9, 9, 8), counted in the SVG the page and the rules page show."""
    line = line_of(("9-9", None), ("7-9", "9-9A"), ("8-9", "9-9B"))
    svg = render_svg(line)
    pips = re.findall(r'<circle cx="([-\d.]+)" cy="([-\d.]+)" r="4"/>', svg)
    assert len(pips) == 7 + 9 + 9 + 9 + 9 + 8
    # The page draws the same pips (board.js and dominoes.js keep their own tables).
    static = Path(dominoes.__file__).parent / "static"
    for name, d in (("board.js", "11"), ("dominoes.js", "D")):
        text = (static / name).read_text()
        for value in (7, 8, 9):
            row = re.search(rf"^  {value}: \[(.*)\],$", text, re.MULTILINE)
            assert row is not None, (name, value)
            places = re.findall(r"\[(-?\w+), (-?\w+)\]", row.group(1))
            numbers = {(int(x.replace(d, "11")), int(y.replace(d, "11"))) for x, y in places}
            assert len(places) == len(numbers) == value, (name, value)
            assert numbers == set(_PIPS[value])


def test_d25_the_terminal_plays_the_double_nine_set_and_replays_and_hints_it(
    tmp_path: Path,
) -> None:
    """``pegboard play draw --option set=9``: the set is said as the match begins, tiles past
    [6|6] are dealt and played; the record (``"set": 9``) replays with the same words, and
    ``hint`` ranks the legal actions of a double-nine position."""
    path = tmp_path / "nine.json"
    args = ["draw", "--players", "2", "--seed", "4", "--bots", "greedy", "--option", "set=9"]
    code, output = play([*args, "--option", "target=30", "--save", str(path)], ["1"] * 900)
    assert code == 0, output[-2000:]
    assert "The double-nine set: 55 tiles, [0|0] to [9|9], 7 each" in output
    assert re.search(r"\[[0-9]\|[789]\]", output)
    record = json.loads(path.read_text())
    assert record["set"] == 9 and record["is_over"] is True
    replay = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert replay.exit_code == 0, replay.output
    assert "The double-nine set" in replay.output
    settled = re.findall(r"Settlement: .*\.", output)
    assert settled and settled == re.findall(
        r"Settlement: .*\.", replay.output.replace(" (you)", "")
    )
    partial = tmp_path / "partial.json"
    play([*args, "--save", str(partial)], ["1", "1", "quit"])
    match = games.get("draw").from_record(json.loads(partial.read_text()))
    assert match.tile_set == 9
    legal = {str(a) for a in match.observation(match.current_player).legal_actions()}
    hinted = runner.invoke(app, ["hint", str(partial), "--json", "--budget", "50"])
    assert hinted.exit_code == 0, hinted.output
    assert {entry["action"] for entry in json.loads(hinted.output)["actions"]} == legal


def test_d25_the_terminal_refuses_another_set_in_words_naming_d25() -> None:
    code, output = play(["draw", "--players", "2", "--option", "set=8"], [])
    assert code == 1 and "(D25)" in output and "double-nine" in output
    result = runner.invoke(app, ["play", "--plain", "draw", "--option", "set=8", "--lang", "pt"])
    assert result.exit_code == 1 and "duplo-nove" in result.output


def test_d25_the_arena_deals_the_double_nine_set() -> None:
    """The arena's deals (``Game.looks.arena``) of Draw with ``set`` 9: rounds and matches
    of the double-nine set, the same deal for a seed."""
    deals = games.get("draw").looks.arena()
    first = deals.start(False, 11, 3, {"set": 9})
    again = deals.start(False, 11, 3, {"set": 9})
    assert first.tile_set == 9 and first.hands == again.hands and first.stock_size == 55 - 21
    assert deals.start(True, 11, 4, {"set": 9, "partnerships": 1}).round.tile_set == 9
    assert deals.start(False, 11, 3, {}).tile_set == 6


def test_d25_pettingzoo_and_openspiel_take_the_double_nine_set() -> None:
    """The research interfaces find the option: a double-nine environment or game has the
    double-nine numbers (167 actions), a double-six one the double-six numbers (86)."""
    pytest.importorskip("pettingzoo")
    from pegboard.envs import game_env

    assert game_env("draw", players=2, set=9).action_space("player_0").n == 167
    assert game_env("draw", players=2, set=6).action_space("player_0").n == 86
    pytest.importorskip("pyspiel")
    from pegboard.openspiel import load_game

    assert load_game("draw", {"players": 2, "set": 9}).num_distinct_actions() == 167
    assert load_game("draw", {"players": 2}).num_distinct_actions() == 86


def test_d27_no_chances_of_winning_are_offered_for_the_double_nine_set() -> None:
    """Draw's tables are of the double-six set: ``covers`` says no for set 9 (so the table
    offers no chances), and asking them anyway is refused in words, never a wrong figure."""
    from pegboard.analysis.odds import known_win_probability
    from pegboard.draw.odds import TABLES
    from pegboard.games.tables import TablesError

    game = games.get("draw")
    assert TABLES.covers(game.check_options({"players": 2}))
    assert not TABLES.covers(game.check_options({"players": 2, "set": 9}))
    assert not TABLES.covers(game.check_options({"players": 4, "set": 9, "partnerships": 1}))
    match = Match(2, seed=2, tile_set=9)
    for ask in (
        lambda: TABLES.between_deals(match),
        lambda: TABLES.within_public(match, 4, random.Random(1)),
        lambda: TABLES.within_deal(match.observation(0), 4, random.Random(1)),
    ):
        with pytest.raises(TablesError, match="double-nine"):
            ask()
    assert known_win_probability(game, match, 0, samples=4) is None
    assert known_win_probability(game, Match(2, seed=2), 0, samples=4) is not None


def test_d26_a_double_nine_round_deals_seven_each_and_records_its_set() -> None:
    for players in (2, 3, 4):
        r = Round.deal(players, seed=1, tile_set=9)
        assert r.hand_sizes == (7,) * players and r.stock_size == 55 - 7 * players
        assert r.to_record()["deal"]["set"] == 9
        assert "set" not in Round.deal(players, seed=1).to_record()["deal"]
    assert Tile(9, 9).pips == 18


@pytest.mark.parametrize(
    ("lang", "count", "settled", "move"),
    [
        ("en", "S1: [9|9] (count 18)", "Settlement: 18 − 3 = 15 → S2 scores 15.",
         "S1 plays [7|9] on [8|9] (high end, 9)."),
        ("pt", "S1: [9|9] (total 18)", "Acerto: 18 − 3 = 15 → S2 marca 15.",
         "S1 joga [7|9] em [8|9] (extremidade de maior valor, 9)."),
        ("zh", "S1：[9|9]（点数 18）", "结算：18 − 3 = 15 → S2得 15 分。",
         "S1出牌：[7|9] 接在 [8|9]（高端，9）。"),
        ("hi", "S1: [9|9] (योग 18)", "हिसाब: 18 − 3 = 15 → S2 को 15 अंक।",
         "S1 की चाल: [7|9] को [8|9] पर (अधिक बिंदु-मूल्य वाला सिरा, 9)।"),
    ],
)  # fmt: skip
def test_d27_a_double_nine_round_is_narrated_in_four_languages(
    lang: str, count: str, settled: str, move: str
) -> None:
    """A blocked Block round of the double-nine set, [9|9] against [1|2]: [9|9] counts 18
    (D12, D27) and the lower count scores 18 − 3 = 15 (D14); a play of [7|9] on [8|9] is
    told as any play is."""
    from pegboard.draw import PASS, Play, narration
    from pegboard.i18n.narration import say

    from .helpers import tiles

    _ = translator(lang)
    name = lambda s: f"S{s + 1}"  # noqa: E731
    blocked = Round.from_position(
        [tiles("9-9"), tiles("1-2")], tiles("3-3"), line=line_of(("0-0", None)), block=True
    )
    assert blocked.tile_set == 9  # the smallest set that holds the tiles given
    blocked.apply(PASS)
    blocked.apply(PASS)
    assert blocked.result is not None and blocked.result.points == (0, 15)
    said = [say(event, _, name, None) for event in narration.settlement(blocked.result)]
    assert count in said and said[-1] == settled
    playing = Round.from_position(
        [tiles("7-9 1-1"), tiles("1-2")], tiles("3-3"), line=line_of(("8-9", None))
    )
    play = next(a for a in playing.legal_actions() if isinstance(a, Play))
    assert say(narration.played(0, play), _, name, None) == move
