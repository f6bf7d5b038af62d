"""Reading what clients send: JSON that is shallow, and text that is real Unicode.

Python's ``json`` module parses any depth until it runs out of stack (a ``RecursionError``,
not a ``ValueError``), and it accepts ``"\\ud800"``, a lone surrogate that no database or
encoder will take later. Both are refused here, before any value reaches the service, so
a request or a message is either a clean value or a ``WireError`` that names the problem.
"""

from __future__ import annotations

import json
import re
from typing import Any, Final, Literal

STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
BRACKET: Final = re.compile(r"[\[\]{}]")

Problem = Literal["json", "depth", "unicode"]


class WireError(ValueError):
    """Input that is not JSON (``json``), nested too deep (``depth``), or that holds text
    which is not Unicode (``unicode``: a lone surrogate)."""

    def __init__(self, problem: Problem) -> None:
        super().__init__(problem)
        self.problem: Problem = problem


def depth(text: str) -> int:
    """How deep arrays and objects nest in the JSON ``text`` (brackets in strings skipped).

    One pass of two regular expressions: cheap enough for every message and body, which
    the server bounds in size before this is called.
    """
    deepest = level = 0
    for bracket in BRACKET.findall(STRING.sub("", text)):
        level += 1 if bracket in "[{" else -1
        deepest = max(deepest, level)
    return deepest


def is_unicode(value: Any) -> bool:
    """Whether every string in ``value`` (keys too) can be written as UTF-8."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def loads(data: str | bytes, max_depth: int) -> Any:
    """The JSON value of ``data``; ``WireError`` if it is not JSON, nests deeper than
    ``max_depth``, or holds a string that is not Unicode."""
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise WireError("unicode") from None
    else:
        text = data
    if depth(text) > max_depth:
        raise WireError("depth")
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        raise WireError("json") from None
    if not is_unicode(value):
        raise WireError("unicode")
    return value


def ascii_number(text: str, most: int) -> int | None:
    """The whole number ``text`` writes in ASCII digits (at most ``most``: a larger one,
    however many digits it has, is ``most``), or None for any other text.

    Not ``str.isdigit``: it also takes "²", "①" or "١", which ``int`` refuses or reads as
    another script's digits, and ``int`` refuses more than 4,300 digits; a number a client
    writes in an address, a query or a header is ASCII."""
    if not (text.isascii() and text.isdigit()):
        return None
    digits = text.lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return most
    return min(int(digits), most)
