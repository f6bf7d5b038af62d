"""Translations beyond the games' own texts: the engine's refusals and record errors, the
arena, ``--help`` of every command and typer's usage errors, in pt, zh and hi.

The catalog checks of ``tests/i18n/test_catalogs.py`` (every message translated,
placeholders kept, the template up to date) cover every string here too: the engine's templates are marked with
``N_`` and the help texts are extracted by ``pegboard.cli.commands.extract``.
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer import rich_utils
from typer.testing import CliRunner

from pegboard.cli.commands import extract, translate_usage_error
from pegboard.cli.main import app
from pegboard.core import N_, AnyOf, IllegalActionError, RecordError
from pegboard.cribbage import Card, Discard, Game
from pegboard.cribbage import Play as CardPlay
from pegboard.draw import PASS, Match, Play, Round, Tile
from pegboard.i18n import LOCALE_DIR, describe_error, language_of, translator

runner = CliRunner()
LANGS = ("pt", "zh", "hi")


def flat(text: str, lang: str = "en") -> str:
    """Output without rich's boxes and line breaks, so that a wrapped sentence is whole
    (Chinese, which has no spaces, is folded anywhere: its spaces go too)."""
    joint = "" if lang == "zh" else " "
    return joint.join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def has(output: str, words: str, lang: str) -> bool:
    return (words.replace(" ", "") if lang == "zh" else words) in flat(output, lang)


def english_help_texts(command: Any) -> list[str]:
    """Every help text of a click command and its sub-commands, in English."""
    texts = [command.help] if command.help else []
    texts += [p.help for p in command.params if getattr(p, "help", None)]
    for sub in getattr(command, "commands", {}).values():
        texts += english_help_texts(sub)
    return texts


# -- the engine's refusals, at the surface -----------------------------------------------


def _refusal(position: Any, action: Any) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as caught:
        position.apply(action)
    return caught.value


def test_d8_a_pass_while_drawing_is_possible_is_refused_in_each_language() -> None:
    error = _refusal(Round.deal(2, seed=3, leader=0), PASS)
    assert error.rule == "D8"
    # English is the engine's own message, unchanged.
    assert describe_error(error, "en") == str(error)
    assert str(error) == "you may not pass while you can draw: draw, or play a tile (D8)"
    assert describe_error(error, "pt") == (
        "você não pode passar enquanto puder comprar: compre ou coloque uma peça (D8)"
    )
    assert describe_error(error, "zh") == "还能摸牌时不能跳过：请摸牌或出一张骨牌（D8）"
    assert describe_error(error, "hi") == (
        "जब तक उठा सकते हैं, बारी नहीं छोड़ सकते: गोटी उठाएँ या रखें (D8)"
    )


def test_d5_a_tile_not_in_hand_is_named_in_each_language() -> None:
    round_ = Round.deal(2, seed=3, leader=0)
    held = {str(t) for t in round_.hands[round_.current_player]}
    tile = next(
        t for t in (Tile(a, b) for a in range(7) for b in range(a, 7)) if str(t) not in held
    )
    error = _refusal(round_, Play(tile, None))
    assert error.rule == "D5"
    for lang, words in {
        "pt": "não está na sua mão",
        "zh": "不在你的手牌中",
        "hi": "हाथ में नहीं",
    }.items():
        text = describe_error(error, lang)
        assert str(tile) in text and words in text and text.endswith(("(D5)", "（D5）"))


def test_c2_two_cards_not_in_hand_are_joined_in_the_language() -> None:
    game = Game.new(seed=4, dealer=0)
    seat = game.current_player
    assert seat is not None
    deck = (Card.parse(f"{rank}{suit}") for rank in "A23456789" for suit in "SHDC")
    first, second = [c for c in deck if c not in game.hands[seat]][:2]
    error = _refusal(game, Discard(first, second))
    assert error.rule == "C2"
    assert str(error) == f"{first} and {second} are not in your hand (C2)"
    assert describe_error(error, "pt") == f"{first} e {second} não estão na sua mão (C2)"
    assert describe_error(error, "zh") == f"{first}和{second} 不在你的手牌中（C2）"
    assert describe_error(error, "hi") == f"{first} और {second} आपके हाथ में नहीं हैं (C2)"


def test_c2_pegging_before_the_discard_is_refused_in_portuguese() -> None:
    game = Game.new(seed=4, dealer=0)
    seat = game.current_player
    assert seat is not None
    error = _refusal(game, CardPlay(game.hands[seat][0]))
    assert describe_error(error, "pt") == "primeiro ponha duas cartas no crib (C2)"


def test_d1_a_wrong_number_of_players_is_named_in_the_language() -> None:
    with pytest.raises(ValueError) as caught:
        Match(5)
    assert str(caught.value) == "Draw is played by 2 to 4 players, not 5 (D1)"
    assert describe_error(caught.value, "pt") == "Draw é jogado por 2 a 4 jogadores, não 5 (D1)"
    assert describe_error(caught.value, "hi") == "ड्रॉ 2 से 4 खिलाड़ियों के लिए है, 5 के लिए नहीं (D1)"


def test_a_plain_value_error_stays_as_the_engine_wrote_it() -> None:
    with pytest.raises(ValueError) as caught:
        Tile(10, 10)  # a program's mistake, not a user's: not worded by a template
    assert describe_error(caught.value, "zh") == str(caught.value)
    with pytest.raises(ValueError) as caught:
        Tile.parse("10-10")  # a user's: worded
    assert describe_error(caught.value, "zh") == "不是双六骨牌中的一张：'10-10'（写法如 [1|4]）"


def test_lists_of_choices_read_or_in_the_language() -> None:
    error = IllegalActionError(
        N_("say which end {tile} joins: {ends}"), "D5", tile="[6|6]", ends=AnyOf(["6-6A", "6-6B"])
    )
    assert str(error) == "say which end [6|6] joins: 6-6A or 6-6B (D5)"
    assert describe_error(error, "pt") == "diga em qual ponta [6|6] entra: 6-6A ou 6-6B (D5)"


def test_a_refusal_the_catalogs_do_not_know_gives_the_gist_of_its_rule() -> None:
    error = IllegalActionError("a refusal worded after the catalogs were made", "D8")
    assert describe_error(error, "pt") == (
        "você só pode passar quando não puder colocar nem comprar (D8)"
    )
    unknown = IllegalActionError("no rule to fall back on")
    assert describe_error(unknown, "pt") == "no rule to fall back on"


def test_a_record_error_translates_the_refusal_inside_it() -> None:
    record = Round.deal(2, seed=3, leader=0).to_record()
    record["actions"] = ["pass"]
    with pytest.raises(RecordError) as caught:
        Round.from_record(record)
    assert str(caught.value) == (
        "action 1 ('pass') cannot be played: "
        "you may not pass while you can draw: draw, or play a tile (D8)"
    )
    assert describe_error(caught.value, "pt") == (
        "a ação 1 ('pass') não pode ser jogada: "
        "você não pode passar enquanto puder comprar: compre ou coloque uma peça (D8)"
    )


# -- replay, hint, cribbage score ----------------------------------------------------------


def test_replay_of_a_damaged_record_speaks_the_language(tmp_path: Path) -> None:
    record = Round.deal(2, seed=3, leader=0).to_record()
    record["actions"] = ["pass"]
    path = tmp_path / "round.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--lang", "zh"])
    assert result.exit_code == 1
    assert result.output.strip() == (
        "pegboard：错误：第 1 个行动（'pass'）无法执行：还能摸牌时不能跳过：请摸牌或出一张骨牌（D8）"
    )
    path.write_text(json.dumps({"format": "pegboard-record", "version": 9}), encoding="utf-8")
    result = runner.invoke(app, ["replay", str(path), "--lang", "hi"])
    assert "असमर्थित रिकॉर्ड संस्करण 9 (यह pegboard संस्करण 1 पढ़ता है)" in result.output


def test_hint_for_a_seat_not_to_act_speaks_the_language(tmp_path: Path) -> None:
    record = tmp_path / "round.json"
    record.write_text(json.dumps(Round.deal(2, seed=3, leader=0).to_record()), encoding="utf-8")
    result = runner.invoke(app, ["hint", str(record), "--seat", "2", "--lang", "pt"])
    assert result.exit_code == 1
    assert "não é a vez do jogador 2: é a vez do jogador 1" in result.output  # from 1


def test_c6_cribbage_score_names_a_bad_card_in_the_language() -> None:
    result = runner.invoke(app, ["cribbage", "score", "5H 5D 5C XX", "5S", "--lang", "pt"])
    assert result.exit_code == 2
    assert "Erro: não é uma carta: 'XX' (escreva como 5H, 10D, JS ou Q♣)" in result.output
    result = runner.invoke(app, ["cribbage", "score", "5H 5D 5C JS", "5H", "--lang", "hi"])
    assert "स्टार्टर 5H हाथ में भी है (C6)" in result.output


# -- the arena ----------------------------------------------------------------------------

ARENA = ["arena", "draw", "--bots", "greedy,random", "--players", "3", "--deals", "3",
         "--workers", "1", "--seed", "5"]  # fmt: skip
ARENA_WORDS = {
    "pt": ["arena de Draw: 3 jogos (semente 5)", "robô", "vitórias", "empates", "derrotas",
           "pontos por distribuição", "IC 95%", "margens em pontos por distribuição", "margem",
           "intervalos de 95% sobre 3 distribuições independentes"],
    "zh": ["Draw 竞技场：3 局（种子 5）", "机器人", "胜", "负", "每次发牌得分", "95% 置信区间",
           "每次发牌的得分差", "分差", "基于 3 次独立发牌的 95% 区间"],
    "hi": ["Draw अखाड़ा: 3 खेल (सीड 5)", "बॉट", "जीत", "बराबरी", "हार", "प्रति डील अंक",
           "95% विश्वास अंतराल", "प्रति डील अंकों में अंतर", "3 स्वतंत्र डीलों पर 95% अंतराल"],
}  # fmt: skip
ARENA_ENGLISH = re.compile(r"\b(wins|draws|losses|points per|margins?|independent|seed|plays)\b")


@pytest.mark.parametrize("lang", LANGS)
def test_arena_tables_in_each_language(lang: str) -> None:
    result = runner.invoke(app, [*ARENA, "--lang", lang])
    assert result.exit_code == 0, result.output
    output = flat(result.output)
    for words in ARENA_WORDS[lang]:
        assert has(result.output, words, lang), words
    assert ARENA_ENGLISH.findall(output) == []
    assert "greedy#1" in output  # the bots' labels are names, the same in every language


def test_arena_takes_the_language_of_pegboard_and_of_the_environment() -> None:
    result = runner.invoke(app, ["--lang", "pt", *ARENA])
    assert "vitórias" in result.output
    result = runner.invoke(app, ARENA, env={"LANGUAGE": "", "LC_ALL": "", "LANG": "hi_IN.UTF-8"})
    assert "जीत" in result.output
    result = runner.invoke(app, ARENA, env={"LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8"})
    assert "wins" in result.output and "points per deal" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess"], "não há o jogo 'chess'; os jogos são draw, cribbage"),
        (["draw", "--bots", "random,wizard"], "não há robô 'wizard' para Draw; escolha entre:"),
        (["cribbage", "--players", "5"], "cribbage é jogado aqui por 2, 3, 4 jogadores, não 5"),
        (["draw", "--deals", "0"], "--deals é um número inteiro de pelo menos 1, não 0"),
        (["draw", "--workers", "0"], "--workers é um número inteiro de pelo menos 1, não 0"),
        (["draw", "--backend", "cloud"], "o backend é local ou ray, não 'cloud'"),
        (["draw", "--json", "/no/such/dir/x.json"], "o diretório não existe"),
    ],
)
def test_arena_bad_options_in_portuguese(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["arena", *args, "--lang", "pt"])
    assert result.exit_code == 1
    assert result.output.startswith("pegboard: erro: ")
    assert message in result.output
    assert len(result.output.strip().splitlines()) == 1


# -- --help and usage errors --------------------------------------------------------------


def test_every_help_text_has_a_translation_in_every_language() -> None:
    # The extractor must have found every help text typer shows (a docstring of a command
    # it did not recognise would show up here), and each must be translated.
    texts = english_help_texts(typer.main.get_command(app))
    assert len(texts) > 40
    for lang in LANGS:
        _ = translator(lang)
        assert [t for t in texts if _(t) == t] == [], lang


HELP_WORDS = {
    "pt": ["Uso: pegboard arena [OPÇÕES]", "Argumentos", "Opções", "[obrigatório]",
           "Põe robôs para jogar entre si em muitas distribuições e os compara.",
           "Semente mestra: a mesma semente dá a mesma execução.", "[padrão: 100]",
           "Mostra esta mensagem e sai."],
    "zh": ["用法：pegboard arena [选项]", "参数", "选项", "[必填]",
           "让机器人在多次发牌中相互对战并加以比较。", "主种子：相同的种子，相同的运行结果。",
           "[默认：100]", "显示此帮助信息并退出。"],
    "hi": ["उपयोग: pegboard arena [विकल्प]", "आर्ग्युमेंट", "विकल्प", "[आवश्यक]",
           "बॉट को कई डीलों में एक-दूसरे के विरुद्ध खिलाएँ और उनकी तुलना करें।",
           "मुख्य सीड: वही सीड, वही परिणाम।", "[डिफ़ॉल्ट: 100]",
           "यह संदेश दिखाएँ और बाहर निकलें।"],
}  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("where", ["command", "pegboard", "environment"])
def test_arena_help_in_each_language(lang: str, where: str) -> None:
    locales = {"pt": "pt_BR.UTF-8", "zh": "zh_CN.UTF-8", "hi": "hi_IN.UTF-8"}
    env = {"LANGUAGE": "", "LC_ALL": "", "LANG": "C.UTF-8"}
    if where == "command":  # --help is read before --lang: the language must be known first
        args = ["arena", "--help", "--lang", lang]
    elif where == "pegboard":
        args = ["--lang", lang, "arena", "--help"]
    else:
        args, env = ["arena", "--help"], {**env, "LANG": locales[lang]}
    result = runner.invoke(app, args, env=env)
    assert result.exit_code == 0
    output = flat(result.output)
    for words in HELP_WORDS[lang]:
        assert has(result.output, words, lang), words
    arena_command = typer.main.get_command(app).commands["arena"]  # type: ignore[attr-defined]
    for english in english_help_texts(arena_command):
        assert " ".join(english.split()[:4]) not in output
    for english in ("Usage:", "Options", "Arguments", "[required]", "[default:", "Show this"):
        assert english not in output


@pytest.mark.parametrize("lang", LANGS)
def test_the_list_of_commands_in_each_language(lang: str) -> None:
    result = runner.invoke(app, ["--lang", lang, "--help"])
    assert result.exit_code == 0
    _ = translator(lang)
    about = _(
        "Play and study the games {games}: against bots in a terminal, or with other"
        " players on the web app."
    )
    assert has(result.output, about.split("{games}")[0], lang)
    assert has(result.output, _("Print pegboard's version."), lang)
    assert has(result.output, _("Commands"), lang) and "Commands" not in result.output


def test_help_is_english_again_after_an_invocation_in_another_language() -> None:
    runner.invoke(app, ["--lang", "zh", "arena", "--help"])
    assert rich_utils.OPTIONS_PANEL_TITLE == "Options"
    result = runner.invoke(app, ["arena", "--help", "--lang", "en"])
    assert "Master seed: the same seed, the same run." in flat(result.output)
    assert "Usage: pegboard arena [OPTIONS]" in flat(result.output)


USAGE_ERRORS = [
    (["arena", "draw", "--bogus"], {
        "en": "No such option: --bogus (Possible options: --bots)",
        "pt": "Não existe a opção: --bogus (opções possíveis: --bots)",
        "zh": "没有这个选项：--bogus（可能的选项：--bots）",
        "hi": "ऐसा कोई विकल्प नहीं: --bogus (संभावित विकल्प: --bots)",
    }),
    (["hint"], {
        "en": "Missing argument 'RECORD_FILE'.",
        "pt": "Falta o argumento 'RECORD_FILE'.",
        "zh": "缺少参数 'RECORD_FILE'。",
        "hi": "आर्ग्युमेंट 'RECORD_FILE' नहीं दिया गया।",
    }),
    (["arena", "draw", "--deals", "x"], {
        "en": "Invalid value for '--deals': Input should be a valid integer",
        "pt": "Valor inválido para '--deals': O valor deve ser um número inteiro válido",
        "zh": "'--deals' 的值无效：输入应为有效的整数",
        "hi": "'--deals' के लिए अमान्य मान: मान एक मान्य पूर्णांक होना चाहिए",
    }),
    (["chess"], {
        "en": "No such command 'chess'.",
        "pt": "Não existe o comando 'chess'.",
        "zh": "没有命令 'chess'。",
        "hi": "'chess' नाम की कोई कमांड नहीं है।",
    }),
    (["arena", "draw", "extra"], {
        "en": "Got unexpected extra argument(s) (extra)",
        "pt": "Argumento(s) extra inesperado(s) (extra)",
        "zh": "出现了多余的参数（extra）",
        "hi": "अनपेक्षित अतिरिक्त आर्ग्युमेंट (extra)",
    }),
]  # fmt: skip
TRY_HELP = {
    "en": "Try 'pegboard",
    "pt": "Tente 'pegboard",
    "zh": "运行 'pegboard",
    "hi": "सहायता के लिए 'pegboard",
}


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize(("args", "messages"), USAGE_ERRORS)
def test_usage_errors_in_each_language(
    lang: str, args: list[str], messages: dict[str, str]
) -> None:
    result = runner.invoke(app, ["--lang", lang, *args])
    assert result.exit_code == 2
    assert has(result.output, messages[lang], lang)
    assert has(result.output, TRY_HELP[lang], lang)
    if lang != "en":
        assert "Usage:" not in result.output and "Error" not in result.output


def test_a_usage_error_takes_the_language_of_the_environment() -> None:
    env = {"LANGUAGE": "", "LC_ALL": "", "LANG": "pt_BR.UTF-8"}
    result = runner.invoke(app, ["hint"], env=env)
    assert result.exit_code == 2
    assert "Falta o argumento 'RECORD_FILE'." in flat(result.output)


def test_an_unknown_message_of_typer_is_left_as_it_is() -> None:
    pt = translator("pt")
    assert translate_usage_error("Something typer says that we never saw.", pt) is None
    assert translate_usage_error(
        "Invalid value for '-p': Input should be less than or equal to 4", pt
    ) == ("Valor inválido para '-p': O valor deve ser menor ou igual a 4")


# -- choosing the language before parsing -------------------------------------------------


def test_the_language_of_a_command_line() -> None:
    env = {"LANG": "hi_IN.UTF-8"}
    assert language_of(["play", "--lang", "pt"], env) == "pt"
    assert language_of(["--lang=zh_Hans", "arena", "draw"], env) == "zh"
    assert language_of(["arena", "--help"], env) == "hi"
    assert language_of(["play", "--lang", "xx"], env) == "hi"  # the command says it is unknown
    assert language_of(["play", "--lang"], env) == "hi"
    assert language_of(["play", "--", "--lang", "pt"], env) == "hi"


def test_pegboard_lang_reaches_every_command(tmp_path: Path) -> None:
    result = runner.invoke(app, ["--lang", "pt", "replay", str(tmp_path / "none.json")])
    assert result.exit_code == 1
    assert "pegboard: erro: arquivo inexistente: " in result.output
    result = runner.invoke(app, ["--lang", "xx", "version"])
    assert result.exit_code == 2
    assert "choose one of en, pt, zh, hi" in flat(result.output)


# -- the extractor ------------------------------------------------------------------------


def test_the_extractor_finds_help_texts_and_command_docstrings() -> None:
    source = b'''
import typer

def command(x: Annotated[int, typer.Option(help="Option help.")] = 1) -> None:
    """Command help.

    Second paragraph."""
    print(_("A message."))

def helper(value: int) -> None:
    """Not a command: not for users."""

@app.command()
def version() -> None:
    """Print the version."""
'''
    found = [m[2] for m in extract(io.BytesIO(source), ["_"], [], {})]
    assert sorted(found) == sorted(
        ["A message.", "Option help.", "Command help.\n\nSecond paragraph.", "Print the version."]
    )


def test_the_compiled_catalogs_hold_the_help_texts() -> None:
    # The template gets the help texts from the extractor of babel.cfg, so make
    # translations and the test of the template agree (tests/i18n/test_catalogs.py).
    assert (LOCALE_DIR / "pegboard.pot").read_text(encoding="utf-8").count(
        'msgid "Master seed: the same seed, the same run."'
    ) == 1


def test_a_tree_of_commands_run_twice_speaks_the_second_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    command = typer.main.get_command(app)  # one tree for every invocation below
    monkeypatch.setattr("typer.testing._get_command", lambda _app: command)
    pt = runner.invoke(app, ["--lang", "pt", "arena", "--help"])
    zh = runner.invoke(app, ["--lang", "zh", "arena", "--help"])
    en = runner.invoke(app, ["--lang", "en", "arena", "--help"])
    assert "Semente mestra" in flat(pt.output)
    assert has(zh.output, "主种子：相同的种子，相同的运行结果。", "zh")
    assert "Master seed: the same seed, the same run." in flat(en.output)


def test_arena_without_ray_says_which_extra_to_install_in_the_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    result = runner.invoke(app, ["arena", "draw", "--backend", "ray", "--lang", "pt"])
    assert result.exit_code == 1
    assert result.output.strip() == (
        "pegboard: erro: o backend Ray precisa do ray: instale pegboard[cluster]"
        " (pip install 'pegboard[cluster]')"
    )


def test_the_plain_client_explains_unreadable_and_refused_moves_in_portuguese() -> None:
    result = runner.invoke(
        app, ["play", "draw", "--seed", "11", "--lang", "pt"], input="xyzzy\npass\nquit\n"
    )
    assert result.exit_code == 0
    assert (
        "Não entendi: não consigo ler 'xyzzy' como jogada: não é uma peça do jogo duplo-seis: "
        "'xyzzy' (escreva como [1|4])."
    ) in result.output
    assert (
        "Não permitido: você não pode passar enquanto puder comprar: "
        "compre ou coloque uma peça (D8)"
    ) in result.output
    result = runner.invoke(
        app, ["play", "cribbage", "--seed", "2", "--lang", "pt"], input="5H 5H\ngo\nquit\n"
    )
    assert "Não permitido: primeiro ponha duas cartas no crib (C2)" in result.output
