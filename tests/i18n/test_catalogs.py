"""Translations: every message of the clients in English, Portuguese (pt_BR), Chinese
(zh_Hans) and Hindi, through the gettext catalogs in ``src/pegboard/locale``.

The catalogs are checked against the source: a message added to the code and not to the
template, or not translated in one of the three languages, or a ``.mo`` not compiled
again after its ``.po`` changed, fails here (``make translations`` redoes the first and
the last; the translating is for a person).
"""

from __future__ import annotations

import gettext
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.cribbage import Card, parse_cards, score_breakdown
from pegboard.cribbage.scoring import peg_breakdown
from pegboard.cribbage.words import NUMBERS, WORDS
from pegboard.i18n import (
    LOCALE_DIR,
    LOCALES,
    environment_language,
    locale_language,
    resolve_language,
    translator,
)

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = LOCALE_DIR / "pegboard.pot"
TRANSLATED = ("pt_BR", "zh_Hans", "hi")
KEYWORDS = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}
"""Babel's keywords and the page's ``NC_`` (a message in a role), as ``make translations``."""
runner = CliRunner()


def _read_po(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=locale)


def _po(locale: str) -> Catalog:
    return _read_po(LOCALE_DIR / locale / "LC_MESSAGES" / "pegboard.po", locale)


def _ids(catalog: Catalog) -> set[str | tuple[str, ...]]:
    return {message.id for message in catalog if message.id}


def _key(message_id: str | tuple[str, ...]) -> str:
    return message_id if isinstance(message_id, str) else message_id[0]


def _hashable(value: str | tuple[str, ...] | list[str]) -> str | tuple[str, ...]:
    return value if isinstance(value, str) else tuple(value)


def untranslated(template: Catalog, catalog: Catalog) -> list[str]:
    """The messages of ``template`` that ``catalog`` lacks, leaves empty (in any plural
    form) or marks fuzzy (a guess gettext would not use)."""
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, context=message.context)
        if found is None:
            problems.append(f"missing: {_key(message.id)!r}")
            continue
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        if not forms or not all(forms):
            problems.append(f"empty: {_key(message.id)!r}")
        elif found.fuzzy:
            problems.append(f"fuzzy: {_key(message.id)!r}")
    return problems


def placeholders(text: str) -> set[str]:
    """The ``str.format`` fields of ``text``, with their conversions: ``{game!r}``."""
    return {
        f"{name}!{conversion}" if conversion else name
        for _, name, _spec, conversion in string.Formatter().parse(text)
        if name is not None
    }


# -- the catalogs ------------------------------------------------------------------------


def test_the_template_holds_every_message_of_the_source() -> None:
    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    extracted = {
        (context, message if isinstance(message, str) else tuple(message[:2]))
        for _file, _line, message, _comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS
        )
    }
    template = {
        (m.context, m.id if isinstance(m.id, str) else tuple(m.id[:2]))
        for m in _read_po(TEMPLATE)
        if m.id
    }
    assert extracted, "nothing extracted: is babel.cfg's pattern right?"
    assert sorted(map(str, extracted - template)) == [], "not in the template: make translations"
    assert sorted(map(str, template - extracted)) == [], "no longer in the source"


@pytest.mark.parametrize("locale", TRANSLATED)
def test_every_message_is_translated(locale: str) -> None:
    assert untranslated(_read_po(TEMPLATE), _po(locale)) == []


def test_the_check_fails_for_a_missing_empty_or_fuzzy_translation() -> None:
    template = Catalog()
    for text in ("Scores: {scores}", "You pass.", "Hands revealed:"):
        template.add(text)
    catalog = Catalog(locale="pt_BR")
    catalog.add("Scores: {scores}", "Placar: {scores}")
    catalog.add("You pass.", "")
    catalog.add("Hands revealed:", "Mãos reveladas:", flags=["fuzzy"])
    catalog.add("Interrupted", "Interrompido")  # extra entries harm nobody
    assert untranslated(template, catalog) == [
        "empty: 'You pass.'",
        "fuzzy: 'Hands revealed:'",
    ]
    assert untranslated(template, Catalog(locale="hi")) == [
        "missing: 'Scores: {scores}'",
        "missing: 'You pass.'",
        "missing: 'Hands revealed:'",
    ]


@pytest.mark.parametrize("locale", TRANSLATED)
def test_placeholders_of_each_translation_match_the_message(locale: str) -> None:
    wrong = []
    for message in _po(locale):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(placeholders(i) for i in ids))
        for form in forms:
            # A plural form may leave out the count ("{n} card" -> "one card"), no more.
            got = placeholders(form)
            if got - wanted or wanted - got - {"n", "count", "games", "rounds", "stock"}:
                wrong.append((ids[0], form))
    assert wrong == []


@pytest.mark.parametrize("locale", TRANSLATED)
def test_the_compiled_catalogs_match_their_sources(locale: str) -> None:
    source = _po(locale)
    with (LOCALE_DIR / locale / "LC_MESSAGES" / "pegboard.mo").open("rb") as file:
        compiled = read_mo(file)
    expected = {_hashable(m.id): _hashable(m.string) for m in source if m.id and not m.fuzzy}
    found = {_hashable(m.id): _hashable(m.string) for m in compiled if m.id}
    assert found == expected, "a .mo is stale: make translations"


def test_every_language_has_a_catalog_gettext_finds() -> None:
    for key, locale in LOCALES.items():
        if key == "en":
            continue
        catalog = gettext.translation("pegboard", LOCALE_DIR, languages=[locale])
        assert catalog.gettext("Hands revealed:") != "Hands revealed:"


def test_plural_forms_follow_the_count() -> None:
    pt = translator("pt")
    one = "Match over after {rounds} round."
    many = "Match over after {rounds} rounds."
    assert pt.ngettext(one, many, 1).format(rounds=1) == "Partida encerrada após 1 rodada."
    assert pt.ngettext(one, many, 7).format(rounds=7) == "Partida encerrada após 7 rodadas."
    assert translator("en").ngettext(one, many, 1) == one
    assert translator("zh").ngettext(one, many, 3).format(rounds=3) == "对局在 3 局后结束。"


# -- choosing the language ---------------------------------------------------------------


def test_aliases_and_locale_names() -> None:
    assert translator("pt_BR").lang == "pt"
    assert translator("zh_Hans").lang == "zh"
    assert locale_language("pt_BR.UTF-8") == "pt"
    assert locale_language("hi_IN.UTF-8") == "hi"
    assert locale_language("zh_CN.utf8") == "zh"
    assert locale_language("C.UTF-8") == "en"
    assert locale_language("fr_FR.UTF-8") is None
    with pytest.raises(ValueError, match="choose one of en, pt, zh, hi"):
        resolve_language("xx")


def test_the_environment_picks_the_language_in_gettext_order() -> None:
    assert environment_language({}) == "en"
    assert environment_language({"LANG": "pt_BR.UTF-8"}) == "pt"
    assert environment_language({"LANG": "pt_BR.UTF-8", "LC_ALL": "hi_IN.UTF-8"}) == "hi"
    # LANGUAGE is a list of preferences: the first one there is a catalog for wins.
    assert environment_language({"LANGUAGE": "fr:de:zh_CN", "LANG": "pt_BR.UTF-8"}) == "zh"
    assert environment_language({"LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"}) == "en"


def test_play_speaks_the_language_of_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pt_BR.UTF-8")
    result = runner.invoke(app, ["play", "--seed", "3"], input="quit\n")
    assert result.exit_code == 0
    assert "Você é o jogador 1." in result.output
    assert "Você sai da partida." in result.output
    # --lang wins over the environment.
    result = runner.invoke(app, ["play", "--seed", "3", "--lang", "en"], input="quit\n")
    assert "You leave the match." in result.output


# -- whole games in each language --------------------------------------------------------

# The Draw answers of tests/cli/test_play.py: bad answers, then the first listed move.
BAD_THEN_GOOD = ["xyzzy", "9-9", "pass", "6-6@0-0A", "draw", "1"]
ENGLISH = re.compile(r"\b(Seat|You|Your|Round|Stock|Line|Board|Settlement|Scores)\b")

DRAW_PHRASES = {
    "pt": [
        "Draw: 2 jogadores, vence quem chegar primeiro a 100. Você é o jogador 1.",
        "Não permitido: você não pode passar enquanto puder comprar: compre ou coloque uma peça (D8)",
        "Não permitido: [6|6] não está na sua mão (D5)",
        "Pontas abertas: ",
        "Mãos reveladas:",
        "Partida encerrada após ",
        "Placar final: ",
    ],
    "zh": [
        "摸牌多米诺：2 名玩家，先到 100 分者获胜。你是 1 号座位。",
        "不允许：还能摸牌时不能跳过：请摸牌或出一张骨牌（D8）",
        "不允许：[6|6] 不在你的手牌中（D5）",
        "开放末端：",
        "亮出手牌：",
        "最终得分：",
    ],
    "hi": [
        "ड्रॉ: 2 खिलाड़ी, जो पहले 100 तक पहुँचे वह जीतता है। आप सीट 1 हैं।",
        "अनुमति नहीं: जब तक उठा सकते हैं, बारी नहीं छोड़ सकते: गोटी उठाएँ या रखें (D8)",
        "अनुमति नहीं: [6|6] आपके हाथ में नहीं है (D5)",
        "खुले सिरे: ",
        "हाथ खोले गए:",
        "अंतिम स्कोर: ",
    ],
}


@pytest.mark.parametrize("lang", ["pt", "zh", "hi"])
def test_d17_a_whole_draw_match_in_each_language(lang: str) -> None:
    result = runner.invoke(
        app,
        ["play", "draw", "--seed", "11", "--lang", lang],
        input="\n".join(BAD_THEN_GOOD * 2000) + "\n",
    )
    assert result.exit_code == 0, result.output[-2000:]
    output = result.output
    for phrase in DRAW_PHRASES[lang]:
        assert phrase in output
    # The board description (B5) comes in the same language (a phrase of its seed page).
    assert {"pt": "Conexões:", "zh": "连接:", "hi": "जोड़:"}[lang] in output
    assert ENGLISH.findall(output) == []


CRIBBAGE_PHRASES = {
    # The bot's level in words of the language, never the command's key (issue 41's review:
    # "बॉट (greedy)", "机器人（strong）", "o robô (strong)").
    "pt": ["Cribbage contra o Robô guloso", "Corte: a vira é ", "Placar final: "],
    "zh": ["与贪心机器人对战克里比奇", "切出起始牌：", "最终得分："],
    "hi": ["लालची बॉट के विरुद्ध क्रिबेज", "स्टार्टर पलटा गया: ", "अंतिम स्कोर: "],
}
COUNTING = {"pt": "quinze dois", "zh": "十五得二", "hi": "पंद्रह दो"}


@pytest.mark.parametrize("lang", ["pt", "zh", "hi"])
def test_c7_a_whole_cribbage_game_in_each_language(lang: str) -> None:
    # Two numbers lay the crib in the discard; one number plays in the pegging (each is
    # refused, in the user's language, in the other phase).
    result = runner.invoke(
        app,
        ["play", "cribbage", "--seed", "2", "--bots", "greedy", "--lang", lang],
        input="1 2\n1\n" * 400,
    )
    assert result.exit_code == 0, result.output[-2000:]
    output = result.output
    for phrase in CRIBBAGE_PHRASES[lang]:
        assert phrase in output
    assert COUNTING[lang] in output  # some show counts a fifteen, aloud in the language
    assert ENGLISH.findall(output) == []
    assert " is " not in output and " for " not in output  # no English counting


# -- counting aloud (C4, C6) -------------------------------------------------------------


def test_c6_counting_words_have_the_same_keys_and_numbers_in_every_language() -> None:
    for lang, table in WORDS.items():
        assert table.keys() == WORDS["en"].keys(), lang
        assert len(NUMBERS[lang]) == 32, lang  # 0 to 31, the largest count said


def test_c6_fifteen_two_fifteen_four_and_a_pair_is_six_in_four_languages() -> None:
    # 7-8-7-K with a 2 starter: two fifteens (each 7 with the 8) and the pair of sevens.
    breakdown = score_breakdown(parse_cards("7H 8D 7C KS"), Card.parse("2S"))
    assert breakdown.total == 6
    assert breakdown.say("en") == "fifteen two, fifteen four, and a pair is six"
    assert breakdown.say("pt") == "quinze dois, quinze quatro, e um par são seis"
    assert breakdown.say("zh") == "十五得二，十五得四，再加一对共六"
    assert breakdown.say("hi") == "पंद्रह दो, पंद्रह चार, और एक जोड़ी मिलाकर छह"


def test_c6_double_runs_take_the_form_of_the_number_before_their_noun() -> None:
    # 3-4-5-5 with a 9 starter: no fifteen, the pair of fives (2), two runs of 3-4-5 (6).
    breakdown = score_breakdown(parse_cards("3H 4D 5C 5S"), Card.parse("9H"))
    assert breakdown.total == 8
    phrases = {lang: breakdown.say(lang) for lang in WORDS}
    assert phrases["en"] == "a pair is two, and two runs of three is eight"
    assert "duas sequências de três" in phrases["pt"]
    assert "两个三张顺子" in phrases["zh"]
    assert "तीन पत्तों की दो रन" in phrases["hi"]


def test_c4_pegging_words_in_four_languages() -> None:
    breakdown = peg_breakdown(parse_cards("5H 5D 5C"))
    assert breakdown.say("en") == "fifteen for two, and a pair royal for six"
    assert breakdown.say("pt") == "quinze vale dois, e uma trinca vale seis"
    assert breakdown.say("zh") == "十五得二，再加三条得六"
    assert breakdown.say("hi") == "पंद्रह के दो, और पेयर रॉयल के छह"


def test_cribbage_score_counts_in_the_chosen_language() -> None:
    result = runner.invoke(app, ["cribbage", "score", "7H 8D 7C KS", "2S", "--lang", "zh"])
    assert result.exit_code == 0
    assert "十五得二，十五得四，再加一对共六." in result.output


def test_hint_table_in_the_chosen_language(tmp_path: Path) -> None:
    from pegboard.draw import Round

    record = tmp_path / "round.json"
    record.write_text(json.dumps(Round.deal(2, seed=3, leader=0).to_record()), encoding="utf-8")
    result = runner.invoke(
        app, ["hint", str(record), "--seat", "1", "--budget", "20", "--lang", "pt"]
    )
    assert result.exit_code == 0, result.output
    assert "jogador 1: " in result.output and "jogada" in result.output


def test_replay_in_the_chosen_language(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.json"), "--lang", "pt"])
    assert result.exit_code == 1
    assert "arquivo inexistente: " in result.output
    record = tmp_path / "match.json"
    runner.invoke(app, ["play", "--seed", "3", "--save", str(record)], input="quit\n")
    result = runner.invoke(app, ["replay", str(record), "--lang", "hi"])
    assert result.exit_code == 0
    assert "ड्रॉ मैच: 2 खिलाड़ी, सीड 3, लक्ष्य 100।" in result.output
    assert "मैच पूरा नहीं हुआ।" in result.output


# -- a count beside a name ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "colon"), [("en", ": "), ("pt", ": "), ("zh", "："), ("hi", ": ")]
)
def test_a_count_beside_a_seat_s_name_is_set_apart_from_it(lang: str, colon: str) -> None:
    """Issue 41's review: "Tiles in hand" read "seat 2 7 · seat 3 6" in every language, the
    seat's number and its count run together; each count follows its seat's name after the
    language's own colon (zh's is full-width)."""
    from pegboard.fives.match import FivesMatch
    from pegboard.fives.rules import FivesRules
    from pegboard.fives.text import view_lines

    _ = translator(lang)
    match = FivesMatch(FivesRules("all-fives", 3), seed=3)
    names = {seat: _("Seat {number}").format(number=seat + 1) for seat in range(3)}
    lines = view_lines(match.observation(0), lang, _, names.__getitem__)
    sizes = next(line for line in lines if names[1] in line and names[2] in line)
    for seat in (1, 2):
        assert re.search(re.escape(names[seat] + colon) + r"\d+\b", sizes), sizes
