"""Partnership Draw and Block for four (Draw's ``partnerships`` option, D21-D24) through
every surface the registry reaches: the web lobby's option and the table's view (partners
marked, the sides' scores, the side's win, no partner's tile named), the terminal (``pegboard
play --option partnerships=1``), ``replay``, ``hint``, PettingZoo and OpenSpiel; and the
narration of a side's points and win in the four languages. (The arena's seating is
tests/arena/test_options.py's.)
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
from pegboard.draw import PASS, Match, Play, Round, Tile, narration
from pegboard.draw.looks import web as draw_web
from pegboard.i18n import translator
from pegboard.i18n.narration import say
from pegboard.web.views import view

from .helpers import line_of, tiles

runner = CliRunner()


def blocked_partners() -> Round:
    """Blocked on [0|0] (D23): seats 0 and 2 count 3 + 2 = 5, seats 1 and 3 count 7 + 11."""
    r = Round.from_position(
        [tiles("1-2"), tiles("3-4"), tiles("1-1"), tiles("5-6")],
        tiles("0-1 0-2"),
        line=line_of(("0-0", None)),
        partnerships=True,
    )
    for _ in range(4):
        r.apply(PASS)
    return r


def seat_name(seat: int, lang: str) -> str:
    return {"en": "Seat {n}", "pt": "Jogador {n}", "zh": "{n}号座位", "hi": "सीट {n}"}[lang].format(
        n=seat + 1
    )


@pytest.mark.parametrize(
    ("lang", "settled", "you", "counted", "won"),
    [
        ("en", "Settlement: 7 + 11 = 18 → Seat 1 and Seat 3 score 18.",
         "Settlement: 7 + 11 = 18 → you and Seat 3 score 18.",
         "Seat 1 and Seat 3 together count 5 (D23).",
         "Seat 2 and Seat 4 win the match with 104 (D24)."),
        ("pt", "Acerto: 7 + 11 = 18 → Jogador 1 e Jogador 3 marcam 18.",
         "Acerto: 7 + 11 = 18 → você e Jogador 3 marcam 18.",
         "Jogador 1 e Jogador 3 somam juntos 5 (D23).",
         "Jogador 2 e Jogador 4 vencem a partida com 104 (D24)."),
        ("zh", "结算：7 + 11 = 18 → 1号座位和3号座位得 18 分。",
         "结算：7 + 11 = 18 → 你和3号座位得 18 分。",
         "1号座位和3号座位合计点数 5（D23）。",
         "2号座位和4号座位以 104 分赢得对局（D24）。"),
        ("hi", "हिसाब: 7 + 11 = 18 → सीट 1 और सीट 3 को 18 अंक।",
         "हिसाब: 7 + 11 = 18 → आपको और सीट 3 को 18 अंक।",
         "सीट 1 और सीट 3 का कुल योग 5 (D23)।",
         "सीट 2 और सीट 4 ने 104 अंक बनाकर मैच जीता (D24)।"),
    ],
)  # fmt: skip
def test_d23_d24_a_sides_points_and_win_are_told_in_four_languages(
    lang: str, settled: str, you: str, counted: str, won: str
) -> None:
    """D23: the sides' counts and the side's points, both partners named ("you and ..." for
    a partner reading); D24: the side's win."""
    _ = translator(lang)
    result = blocked_partners().result
    assert result is not None
    events = narration.settlement(result)
    name = lambda s: seat_name(s, lang)  # noqa: E731
    assert say(events[-1], _, name, None) == settled
    assert say(events[-1], _, name, 0) == you
    assert counted in [say(event, _, name, None) for event in events]
    assert say(narration.side_won(1, 104), _, name, None) == won


def play(args: list[str], answers: list[str]) -> tuple[int, str]:
    result = runner.invoke(app, ["play", "--plain", *args], input="\n".join(answers) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_d21_the_terminal_names_the_partner_apart_from_the_opponents() -> None:
    """As a match of partners begins, the terminal says which bot is the human's partner
    (seat 3, opposite) and which two are the opponents (seats 2 and 4), not "Your
    opponents" for all three; players alone keep the one line. The Fives family's
    partnerships (F1, the default with 4) are told the same way."""
    args = ["--players", "4", "--seed", "4", "--bots", "greedy"]
    partners = "Your partner: Greedy bot (seat 3). Your opponents: Greedy bot (seats 2 and 4)."
    _code, output = play(["draw", *args, "--option", "partnerships=1"], ["quit"])
    assert partners in output and "Your opponents: Greedy bot\n" not in output
    _code, output = play(["draw", *args, "--option", "partnerships=1", "--lang", "pt"], ["quit"])
    assert (
        "Seu parceiro: Robô guloso (jogador 3). Seus adversários: Robô guloso (jogadores "
        "2 e 4)." in output
    )
    _code, output = play(["draw", *args], ["quit"])
    assert "Your opponents: Greedy bot\n" in output and "Your partner" not in output
    _code, output = play(["all-fives", *args], ["quit"])
    assert partners in output


@pytest.mark.parametrize("block", [0, 1])
def test_d21_the_terminal_plays_partnerships_and_replays_and_hints_its_record(
    tmp_path: Path, block: int
) -> None:
    """``pegboard play draw --players 4 --option partnerships=1``: the sides are said as
    the match begins, the scores are the sides', a round's settlement names both partners;
    the saved record replays with the same words, and ``hint`` ranks its legal actions."""
    path = tmp_path / "partners.json"
    args = ["draw", "--players", "4", "--seed", "4", "--bots", "greedy"]
    args += ["--option", "partnerships=1", "--option", f"block={block}"]
    code, output = play([*args, "--option", "target=30", "--save", str(path)], ["1"] * 600)
    assert code == 0, output[-2000:]
    assert "Partnerships: seat 1 (you) and seat 3 against seat 2 and seat 4" in output
    assert "scores: seat 1 (you) and seat 3: 0 · seat 2 and seat 4: 0" in output
    settled = re.findall(r"Settlement: .* score \d+\.", output)
    assert settled and all(" and seat " in line for line in settled)
    record = json.loads(path.read_text())
    assert record["partnerships"] is True and record["is_over"] is True
    replay = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert replay.exit_code == 0, replay.output
    # The same settlements, said by a replay that has no "you".
    replayed = re.findall(r"Settlement: .* score \d+\.", replay.output)
    said = [line.replace(" (you)", "").replace("→ you and", "→ seat 1 and") for line in settled]
    assert replayed == said
    assert "win the match with" in replay.output and "(D24)" in replay.output
    partial = tmp_path / "partial.json"
    code, output = play([*args, "--save", str(partial)], ["1", "1", "quit"])
    match = games.get("draw").from_record(json.loads(partial.read_text()))
    assert match.partnerships
    seat = match.current_player
    legal = {str(a) for a in match.observation(seat).legal_actions()}
    hinted = runner.invoke(app, ["hint", str(partial), "--json", "--budget", "50"])
    assert hinted.exit_code == 0, hinted.output
    assert {entry["action"] for entry in json.loads(hinted.output)["actions"]} == legal


def test_d21_the_terminal_refuses_partnerships_with_three_in_words_naming_d21() -> None:
    code, output = play(["draw", "--players", "3", "--option", "partnerships=1"], [])
    assert code == 1 and "(D21)" in output and "4 players" in output
    result = runner.invoke(
        app,
        ["play", "--plain", "draw", "--players", "3", "--option", "partnerships=1", "--lang", "pt"],
    )
    assert result.exit_code == 1 and "Parcerias são para 4 jogadores" in result.output


def test_d21_the_web_lobby_offers_partnerships_with_a_translated_label() -> None:
    """The lobby's description of Draw has the option, its label and choices in words in
    each language, and a match made from the lobby's request is a partnership match."""
    described = games.get("draw").describe()
    (option,) = [o for o in described["options"] if o["name"] == "partnerships"]
    assert option["choices"] == [0, 1] and option["rule"] == "D21"
    for lang, label in [
        ("pt", "Parcerias (4 jogadores, parceiros frente a frente)"),
        ("zh", "搭档（4 名玩家，搭档相对而坐）"),
        ("hi", "साझेदारी (4 खिलाड़ी, साझेदार आमने-सामने)"),
    ]:
        assert translator(lang)(option["label"]) == label
    game = games.get("draw")
    match = game.new_match(game.check_options({"players": 4, "partnerships": 1}), 9)
    assert isinstance(match, Match) and match.partnerships


def test_d21_the_web_table_marks_partners_shows_the_sides_and_names_no_partners_tile() -> None:
    """The table's view of a partnership match: the sides with their scores ("You and ..."
    for the viewer's side), and at every step of a whole match no tile of the partner's
    hand (or an opponent's, or the stock) named in the view's hand, moves, line or log; the
    end names the side that won, partners together."""
    rng = random.Random(12)
    match = Match(4, seed=12, target=40, partnerships=True)
    names = ["Ana", "Bo", "Cy", "Di"]
    while not match.is_over:
        round_ = match.round
        for seat in range(4):
            v = draw_web.draw_view(match, seat, translator("en"), list(names))
            sides = v["sides"]
            assert [s["seats"] for s in sides] == [[0, 2], [1, 3]]
            mine = sides[seat % 2]
            partner = names[(seat + 2) % 4]
            assert mine["yours"] and mine["label"] == f"You and {partner}"
            assert sides[1 - seat % 2]["label"] in ("Ana and Cy", "Bo and Di")
            assert [s["score"] for s in sides] == list(match.scores[:2])
            current = v["log"][-(1 + len(round_.history)) :]
            text = json.dumps([v["hand"], v["plays"], v["line_description"], current, v["legal"]])
            hidden = [*round_.hand((seat + 2) % 4), *round_.hand((seat + 1) % 4), *round_.stock]
            for tile in hidden:
                assert f"{tile.low}-{tile.high}" not in text and str(tile) not in text
        match.apply(rng.choice(match.round.legal_actions()))
    side = match.winner
    assert side is not None
    v = draw_web.draw_view(match, side, translator("en"), list(names))
    assert v["winner_text"] == f"You and {names[side + 2]} win the match with " + (
        f"{match.scores[side]} (D24)."
    )
    public = draw_web.draw_view(match, None, translator("pt"), list(names))
    assert public["winner_text"] == (
        f"{names[side]} e {names[side + 2]} vencem a partida com {match.scores[side]} (D24)."
    )
    assert view(match, "draw", 1, "en")["sides"]  # through the registry's views too


def test_d22_the_web_round_end_says_the_sides_points() -> None:
    """The round's end in the table's view: the side's points in words, partners named."""
    match = Match(4, seed=3, partnerships=True)
    rng = random.Random(3)
    while not match.rounds:
        match.apply(rng.choice(match.round.legal_actions()))
    last = draw_web.draw_view(match, 0, translator("en"), ["Ana", "Bo", "Cy", "Di"])["last_round"]
    result = match.rounds[0].result
    if result.winning_side is None:
        assert "equal" in last["arithmetic"]
    else:
        assert " and " in last["settlement_words"] and "win the round" in last["settlement_words"]
    assert any("Settlement" in line for line in last["summary"])


def test_d22_d23_the_round_end_heading_names_the_winning_side_once() -> None:
    """The round end's heading (``settlement_words``, the dialog's h3) names the side that
    won the round and its points, the reader first as "you" on that side and otherwise the
    one out first; it is not one of the summary's lines (it repeated the settlement
    sentence that follows it). The points are the other side's two counts (D22, D23)."""
    names = ["Ana", "Bo", "Cy", "Di"]
    kinds = set()
    for seed in range(30):
        match = Match(4, seed=seed, partnerships=True)
        rng = random.Random(seed)
        while not match.rounds:
            match.apply(rng.choice(match.round.legal_actions()))
        result = match.rounds[0].result
        side = result.winning_side
        kinds.add(result.kind if side is not None else "equal")
        for seat in range(4):
            last = draw_web.draw_view(match, seat, translator("en"), list(names))["last_round"]
            heading = last.get("settlement_words")
            if side is None:
                assert heading is None  # the page says "Nobody scores this round."
                continue
            assert heading not in last["summary"]
            points = result.pip_counts[1 - side] + result.pip_counts[3 - side]
            if seat % 2 == side:
                expected = f"You and {names[(seat + 2) % 4]} win the round: +{points}."
            else:
                first = result.winner if result.kind == "domino" else side
                assert first is not None
                pair = (names[first], names[(first + 2) % 4])
                expected = f"{pair[0]} and {pair[1]} win the round: +{points}."
            assert heading == expected
    assert {"domino", "blocked"} <= kinds
    pt = draw_web.draw_view(match, None, translator("pt"), list(names))["last_round"]
    if match.rounds[0].result.winning_side is not None:
        assert " vencem a rodada: +" in pt["settlement_words"]


def test_d21_pettingzoo_plays_partnerships_and_partners_share_their_rewards() -> None:
    """``game_env("draw", players=4, partnerships=1)``: rounds of partners whose final
    rewards are equal for partners and opposite between the sides; refused with 3."""
    pytest.importorskip("pettingzoo")
    from pegboard.envs import game_env

    with pytest.raises(ValueError, match="D21"):
        game_env("draw", players=3, partnerships=1)
    for seed in range(20):
        env = game_env("draw", players=4, partnerships=1)
        env.reset(seed=seed)
        assert env.unwrapped.round.partnerships
        final: dict[str, float] = {}
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _info = env.last()
            if termination or truncation:
                final[agent] = float(reward)
                env.step(None)
                continue
            env.step(int(observation["action_mask"].nonzero()[0][0]))
        rewards = [final[f"player_{s}"] for s in range(4)]
        assert rewards[0] == rewards[2] == -rewards[1] == -rewards[3]


def test_d21_openspiel_plays_partnerships_and_searches_them() -> None:
    """``load_game("draw", {"players": 4, "partnerships": 1})``: partners' returns are
    equal; the ISMCTS search's states from a partnership observation are partnership
    rounds."""
    pytest.importorskip("pyspiel")
    from pegboard.draw.looks.openspiel import search_state
    from pegboard.openspiel import load_game

    game = load_game("draw", {"players": 4, "partnerships": 1})
    rng = random.Random(4)
    for _ in range(30):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _p in state.chance_outcomes()]))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert returns[0] == returns[2] and returns[1] == returns[3]
        assert state.table.round.partnerships
    round_ = Round.deal(4, seed=2, partnerships=True)
    round_.apply(round_.legal_actions()[0])
    assert search_state(round_.observation(1), rng).table.round.partnerships
    assert re.search(r"partnerships", repr(game.get_parameters()))


def test_d22_the_domino_of_one_partner_is_told_with_the_one_out_first() -> None:
    r = Round.from_position(
        [tiles("1-2 5-5"), tiles("0-6"), tiles("4-4"), tiles("3-4")],
        tiles("0-0 6-6"),
        current=3,
        line=line_of(("3-5", None)),
        partnerships=True,
    )
    r.apply(Play(Tile(3, 4), r.line.open_ends()[1]))
    assert r.result is not None
    said = say(narration.settlement(r.result)[-1], translator("en"), lambda s: f"S{s}", None)
    assert said == "Settlement: 13 + 8 = 21 → S3 and S1 score 21."


def test_d24_no_chances_of_winning_are_given_for_partners_rather_than_wrong_ones() -> None:
    """Draw's tables of the chances of winning are of players alone (targets of D17, one
    score each): a partnership match, whose sides play to 100 (D24), is refused in words,
    and the surfaces that show a chance beside something else show none."""
    from pegboard.analysis.odds import known_win_probability
    from pegboard.draw.odds import TABLES
    from pegboard.games.tables import TablesError

    game = games.get("draw")
    match = Match(4, seed=2, partnerships=True)
    for ask in (
        lambda: TABLES.between_deals(match),
        lambda: TABLES.within_public(match, 4, random.Random(1)),
        lambda: TABLES.within_deal(match.observation(0), 4, random.Random(1)),
    ):
        with pytest.raises(TablesError, match="partnership"):
            ask()
    assert known_win_probability(game, match, 0, samples=4) is None
    assert known_win_probability(game, Match(4, seed=2), 0, samples=4) is not None
