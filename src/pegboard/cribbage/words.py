"""The words of counting aloud, in one table per language, so that translation stays easy.

Only English exists for now; a new language is a new entry with the same keys.
"""

from __future__ import annotations

from typing import Final

NUMBERS_EN: Final[tuple[str, ...]] = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three",
    "twenty-four", "twenty-five", "twenty-six", "twenty-seven", "twenty-eight",
    "twenty-nine", "thirty", "thirty-one",
)  # fmt: skip

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
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
    },
}
"""``WORDS[lang][key]``: a template filled with ``str.format``."""

NUMBERS: Final[dict[str, tuple[str, ...]]] = {"en": NUMBERS_EN}
"""``NUMBERS[lang][n]``: the number ``n`` (0-31) in words."""

LANGUAGES: Final[tuple[str, ...]] = tuple(WORDS)


def number(n: int, lang: str) -> str:
    """``n`` in words when the table has it, else in digits."""
    names = NUMBERS[lang]
    return names[n] if 0 <= n < len(names) else str(n)


def words(lang: str) -> dict[str, str]:
    """The table of ``lang``; ``ValueError`` naming the languages there are."""
    try:
        return WORDS[lang]
    except KeyError:
        raise ValueError(f"no words for language {lang!r}; there are: {', '.join(WORDS)}") from None
