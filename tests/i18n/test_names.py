"""A person's name is given no gender (issue 41's review): a display name is whatever its
player chose, so a message cannot know whether it names a man or a woman.

- Portuguese: names are never given an article ("o Ana marca 10"): an article before a name
  gives it a gender ("o Ana", "a João"). Every message of the Portuguese catalog that takes
  a person's name, rendered with a masculine and a feminine name, says the name bare.
- Hindi: no verb agrees with a name ("प्रिया एक गोटी उठाता है", "राहुल चली गई"). Hindi verbs
  agree in gender with their unmarked subject, so the narration says a name's deed in the
  ergative (``{player} ने एक गोटी उठाई``: the verb agrees with गोटी) or with the name after
  a postposition (``शुरुआत {player} से``, ``{player} की चाल``, ``{name} के लौटने का समय``).
  The check leaves the honorific plural (``{name} लौट सकते हैं``) alone, though the catalog
  does not use it: a woman's honorific is ``सकती हैं`` (src/pegboard/locale/GLOSSARY.md, hi)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from pegboard.i18n import LOCALE_DIR

NAMES = ("player", "partner", "name", "winner", "loser", "leader", "dealer", "pone", "mover")
"""The fields that hold a person's display name."""
FIELD = re.compile(r"\{(\w+)\}")
ARTICLE = re.compile(
    r"(?i)(?<![\w-])(o|a|os|as|do|da|dos|das|no|na|nos|nas|ao|à|aos|às|pelo|pela)\s+(João|Ana)\b"
)
"""Portuguese articles, bare or joined to a preposition, before a name."""


def named_messages(code: str, names: tuple[str, ...] = NAMES) -> list[tuple[str, str]]:
    """Each (msgid, translation) of ``code``'s catalog whose msgid takes a person's name
    (one of the fields ``names``)."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / "pegboard.po").open("rb") as po:
        catalog = read_po(po)
    found = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if not any(set(FIELD.findall(i)) & set(names) for i in ids if i):
            continue
        found += [(ids[0], s) for s in strings if s]
    return found


def rendered(text: str, person: str, names: tuple[str, ...] = NAMES) -> str:
    """The message with each name field given ``person`` and every other field a mark."""
    fields: dict[str, Any] = {f: (person if f in names else "·") for f in FIELD.findall(text)}
    return FIELD.sub(lambda m: str(fields[m.group(1)]), text)


def articles(code: str) -> list[str]:
    problems = []
    for msgid, text in named_messages(code):
        for person in ("João", "Ana"):
            said = rendered(text, person)
            if ARTICLE.search(said):
                problems.append(f"{msgid!r}: {said}")
                break
    return problems


def test_the_portuguese_catalog_gives_no_name_an_article() -> None:
    assert len(named_messages("pt_BR")) > 50  # the check reads the messages it is about
    assert articles("pt_BR") == []


@pytest.mark.parametrize(
    "planted", ["O {player} compra uma peça.", "Você e o {partner} vencem.", "Vez da {name}."]
)
def test_the_check_finds_an_article_planted_before_a_name(planted: str) -> None:
    for person in ("João", "Ana"):
        if ARTICLE.search(rendered(planted, person)):
            break
    else:
        pytest.fail(f"not found: {planted}")


# -- Hindi: no verb agrees in gender with a name ----------------------------------------

HI_NAMES = (*NAMES, "who", "owner", "bot", "seat", "current")
"""The cribbage narration's ``{who}``, a crib's ``{owner}``, a bot's name and a bare
``{seat}`` or ``{current}`` (``{seat} wins.``) hold names too in Hindi's messages."""
HI_PEOPLE = ("राहुल", "प्रिया")
"""A man's name and a woman's: Hindi names do not inflect, so both render alike, and the
check finds what the verb does after either."""
_DEV = "\u0900-\u097f"
_LETTER = f"[{_DEV}]"
HI_MARKED = re.compile(rf"^\s*(?:और\s+\S+\s+)?(?:ने|को|का|की|के|से|में|पर|तक|द्वारा)(?!{_LETTER})")
"""A name followed by a postposition (alone or after "और <another>") is not the subject the
verb agrees with: ``{player} ने एक गोटी उठाई`` agrees with गोटी, ``{name} को 5 अंक`` has no
verb, ``{name} का समय समाप्त हो गया`` agrees with समय."""
HI_HEAD = re.compile(r"(?:सीट|विकल्प|कमांड|आर्ग्युमेंट|पैरामीटर)\s*$")
"""A field after one of these nouns is that noun's label (``सीट {seat} शुरू करती है``: the
seat leads, and सीट is feminine), not a person."""
HI_CLAUSE_END = re.compile(r"[।:;?!|]")
"""Where a name's clause ends: the danda, a colon, a semicolon. A comma does not end it
(``{player}, जिसने डोमिनो किया, शुरू करेगी`` still says the name's verb after it)."""
HI_GENDERED = re.compile(
    rf"(?<!{_LETTER})(?:"
    # the imperfective participle, with its auxiliary or ending the clause: उठाती है, जीतता
    rf"{_LETTER}+(?:ता|ती)(?=\s+(?:है|हैं|था|थी|थे)(?!{_LETTER})|\s*[।:;,?!)]|\s*$)"
    # the progressive, the perfective of going and being, may, could, have done
    r"|रहा|रही|गया|गई|गयी|हुआ|हुई|सका|सकी|सकता|सकती|चुका|चुकी|चला|चली|लगा|लगी|पाया|पाई"
    # the future: करेगा, करेगी, जाएगी
    rf"|{_LETTER}+(?:ेगा|ेगी|एगा|एगी|ऊँगा|ऊँगी)"
    # the intransitive perfective of the verbs a player's deeds take: पहुँची, लौटा, जीती
    r"|(?:पहुँच|लौट|जीत|हार|बैठ|रुक|निकल|बच)(?:ा|ी)"
    rf")(?!{_LETTER})"
)
"""The masculine or feminine forms of a Hindi verb (the neutral ones, ``सकते हैं`` and the
plural ``जीतते हैं``, are not here)."""


def gendered_verbs(text: str) -> list[str]:
    """Each rendering of ``text`` (with a man's and a woman's name) whose name is the
    unmarked subject of a verb form with a gender in the name's clause, with that form."""
    found = []
    for person in HI_PEOPLE:
        said = rendered(text, person, HI_NAMES)
        for name in re.finditer(person, said):
            if HI_HEAD.search(said[: name.start()]):
                continue
            rest = said[name.end() :]
            end = HI_CLAUSE_END.search(rest)
            clause = rest[: end.start()] if end else rest
            if HI_MARKED.match(clause):
                continue
            verb = HI_GENDERED.search(clause)
            if verb:
                found.append(f"{said} [{verb.group()}]")
    return found


def hindi_agreements() -> list[str]:
    problems = []
    for msgid, text in named_messages("hi", HI_NAMES):
        found = gendered_verbs(text)
        if found:
            problems.append(f"{msgid!r}: {found[0]}")
    return problems


def test_no_hindi_verb_agrees_with_a_name() -> None:
    assert len(named_messages("hi", HI_NAMES)) > 100  # the check reads the messages it is about
    assert hindi_agreements() == []


@pytest.mark.parametrize(
    "planted",
    [
        # the review's examples, as the catalog had them
        "{player} एक गोटी उठाती है।",
        "{name} चला गया: मैच हार मानने से समाप्त हुआ।",
        "{name} अभी लौट सकता है: {n} सेकंड और रुकें।",
        "अगला हाथ: {player}, जिसने डोमिनो किया, शुरू करेगी (F3)।",
        "{player} बाहर हुई: हाथ समाप्त (F8)।",
        "{player} और {partner} {score} के साथ मैच जीतता है।",
        "{who} जीतता है।",
        "{seat} जीतती है।",
    ],
)
def test_the_check_finds_a_verb_planted_to_agree_with_a_name(planted: str) -> None:
    assert gendered_verbs(planted)


@pytest.mark.parametrize(
    "said",
    [
        "{player} ने एक गोटी उठाई।",
        "{name} ने मेज़ छोड़ दी: मैच हार मानने से समाप्त हुआ।",
        "{name} अभी लौट सकते हैं: {n} सेकंड और रुकें।",
        "अगला दौर: शुरुआत {player} से (F3)।",
        "{player} की चाल: {action}",
        "{player} और {partner} ने {score} अंकों से मैच जीता (F9)।",
        "{name} की ओर से एक बॉट पहले से खेल रहा है।",
        "{name}: {time}, चल रही है",
        "दौर {number}: सीट {leader} शुरू करती है।",
        "विकल्प {name} कोई मान नहीं लेता।",
    ],
)
def test_the_check_leaves_a_verb_that_agrees_with_something_else(said: str) -> None:
    assert gendered_verbs(said) == []
