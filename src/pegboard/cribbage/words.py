"""The words of counting aloud, in one table per language, so that translation stays easy.

A new language (``pegboard.core.languages``) is a new entry with the same keys:
``per_language`` refuses a table without it. ``{count_f}`` is the count as it
stands before a noun that needs another form of the number: Portuguese feminine nouns
("duas sequências"), Chinese measure words ("两对"); elsewhere it is the plain number.
"""

from __future__ import annotations

from typing import Final

from pegboard.core.languages import (
    per_language,
)

NUMBERS_EN: Final[tuple[str, ...]] = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three",
    "twenty-four", "twenty-five", "twenty-six", "twenty-seven", "twenty-eight",
    "twenty-nine", "thirty", "thirty-one",
)  # fmt: skip

NUMBERS_PT: Final[tuple[str, ...]] = (
    "zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove", "dez",
    "onze", "doze", "treze", "quatorze", "quinze", "dezesseis", "dezessete", "dezoito",
    "dezenove", "vinte", "vinte e um", "vinte e dois", "vinte e três", "vinte e quatro",
    "vinte e cinco", "vinte e seis", "vinte e sete", "vinte e oito", "vinte e nove",
    "trinta", "trinta e um",
)  # fmt: skip

NUMBERS_ZH: Final[tuple[str, ...]] = (
    "零", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十",
    "十一", "十二", "十三", "十四", "十五", "十六", "十七", "十八", "十九", "二十",
    "二十一", "二十二", "二十三", "二十四", "二十五", "二十六", "二十七", "二十八",
    "二十九", "三十", "三十一",
)  # fmt: skip

NUMBERS_HI: Final[tuple[str, ...]] = (
    "शून्य", "एक", "दो", "तीन", "चार", "पाँच", "छह", "सात", "आठ", "नौ", "दस",
    "ग्यारह", "बारह", "तेरह", "चौदह", "पंद्रह", "सोलह", "सत्रह", "अठारह", "उन्नीस",
    "बीस", "इक्कीस", "बाईस", "तेईस", "चौबीस", "पच्चीस", "छब्बीस", "सत्ताईस", "अट्ठाईस",
    "उनतीस", "तीस", "इकतीस",
)  # fmt: skip

WORDS: Final[dict[str, dict[str, str]]] = per_language(
    en={
        "comma": ", ",
        # The show (C6): each item is said with the running total.
        "fifteen": "fifteen {total}",
        "item is": "{item} is {total}",
        "last": "and {part}",
        "nothing": "nothing",
        "pair": "a pair",
        "pairs": "{count} pairs",
        "pair royal": "a pair royal",
        "double pair royal": "a double pair royal",
        "run": "a run of {length}",
        "runs": "{count} runs of {length}",
        "flush": "a flush of {length}",
        "nobs": "one for his nobs",
        # Pegging (C4): each item is said with its points.
        "item for": "{item} for {points}",
        "fifteen peg": "fifteen",
        "thirty-one": "thirty-one",
        # Fixed sayings (C3, C5, C14).
        "his heels": "two for his heels",
        "go": "go for one",
        "last card": "one for last",
        "three for last": "three for last",
        # Points missed in a claim, taken by an opponent (C19).
        "muggins": "muggins",
    },
    pt={
        "comma": ", ",
        "fifteen": "quinze {total}",
        "item is": "{item} são {total}",
        "last": "e {part}",
        "nothing": "nada",
        "pair": "um par",
        "pairs": "{count} pares",
        "pair royal": "uma trinca",
        "double pair royal": "uma quadra",
        "run": "uma sequência de {length}",
        "runs": "{count_f} sequências de {length}",
        "flush": "um flush de {length}",
        "nobs": "o valete do naipe",
        "item for": "{item} vale {points}",
        "fifteen peg": "quinze",
        "thirty-one": "trinta e um",
        "his heels": "dois pelo valete virado",
        "go": "um pelo go",
        "last card": "um pela última carta",
        "three for last": "três de compensação",
        "muggins": "muggins",
    },
    zh={
        "comma": "，",
        "fifteen": "十五得{total}",
        "item is": "{item}共{total}",
        "last": "再加{part}",
        "nothing": "没有得分",
        "pair": "一对",
        "pairs": "{count_f}对",
        "pair royal": "三条",
        "double pair royal": "四条",
        "run": "{length}张顺子",
        "runs": "{count_f}个{length}张顺子",
        "flush": "{length}张同花",
        "nobs": "同花J",
        "item for": "{item}得{points}",
        "fifteen peg": "十五",
        "thirty-one": "三十一",
        "his heels": "翻出 J 得二",
        "go": "Go 得一",
        "last card": "最后一张得一",
        "three for last": "非庄家先得三",
        "muggins": "漏分被抢",
    },
    hi={
        "comma": ", ",
        "fifteen": "पंद्रह {total}",
        "item is": "{item} मिलाकर {total}",
        "last": "और {part}",
        "nothing": "कुछ नहीं",
        "pair": "एक जोड़ी",
        "pairs": "{count} जोड़ियाँ",
        "pair royal": "पेयर रॉयल",
        "double pair royal": "डबल पेयर रॉयल",
        "run": "{length} पत्तों की रन",
        "runs": "{length} पत्तों की {count} रन",
        "flush": "{length} पत्तों का फ़्लश",
        "nobs": "नॉब्स",
        "item for": "{item} के {points}",
        "fifteen peg": "पंद्रह",
        "thirty-one": "इकतीस",
        "his heels": "हील्स के दो",
        "go": "गो का एक",
        "last card": "आखिरी पत्ते का एक",
        "three for last": "लास्ट के तीन",
        "muggins": "मगिन्स",
    },
)
"""``WORDS[lang][key]``: a template filled with ``str.format``."""

NUMBERS: Final[dict[str, tuple[str, ...]]] = per_language(
    en=NUMBERS_EN, pt=NUMBERS_PT, zh=NUMBERS_ZH, hi=NUMBERS_HI
)
"""``NUMBERS[lang][n]``: the number ``n`` (0-31) in words."""

BEFORE_NOUN: Final[dict[str, dict[int, str]]] = {
    "pt": {1: "uma", 2: "duas"},
    "zh": {2: "两"},
}
"""The forms of ``{count_f}`` that differ from the plain number."""


def number(n: int, lang: str) -> str:
    """``n`` in words when the table has it, else in digits."""
    names = NUMBERS[lang]
    return names[n] if 0 <= n < len(names) else str(n)


def number_before_noun(n: int, lang: str) -> str:
    """``n`` as it stands before a noun: ``{count_f}`` (see the module's docstring)."""
    return BEFORE_NOUN.get(lang, {}).get(n) or number(n, lang)


def words(lang: str) -> dict[str, str]:
    """The table of ``lang``; ``ValueError`` naming the languages there are."""
    try:
        return WORDS[lang]
    except KeyError:
        raise ValueError(f"no words for language {lang!r}; there are: {', '.join(WORDS)}") from None
