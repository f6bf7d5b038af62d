"""The hand counter of the cribbage rules page ("try it"), answered through the rules
pages' route ``POST /api/rules/cribbage/try`` (``pegboard.web.rules``, which reads the body,
at most its ``MAX_TRY_BYTES``, and calls the page module's ``try_answer``).

``{"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "crib": false, "lang": "hi"}`` is
answered with the engine's count (``score_breakdown``) said the traditional way in the
language, its items and its total::

    {"total": 29, "saying": "fifteen two, ..., and one for his nobs is twenty-nine",
     "total_text": "29 points", "items": [{"kind": "fifteen", "cards": [...], "points": 2}],
     "crib": false, "lang": "en"}

Anything else is answered with 422 and ``{"error": ...}``, translated and naming the rule:
a body that is not such an object, a card that is not one, a hand that is not four cards, a
card chosen twice. The work is bounded: five cards at most are ever counted, and an error
repeats at most ``MAX_ECHO`` characters of what was sent. The language is the body's
``lang`` when it names one we have, else the request's.
"""

from __future__ import annotations

import contextlib
from typing import Any, Final

from pegboard.core import N_
from pegboard.cribbage import Card, score_breakdown
from pegboard.i18n import Translator, describe_error, translator

MAX_ECHO: Final = 12
"""The longest piece of the client's text an error repeats."""

NOT_A_COUNT = N_("Choose four cards and a starter in the menus to count a hand (C6).")
"""Said in the page's terms, menus to choose from: who chose a card never wrote one."""
WRONG_COUNT = N_("A hand or the crib is counted with four cards, not {count} (C6).")
NOT_A_CARD = N_("Not a card: {text} (write it like 5H, 10D, JS or Q♣, C1).")
TWICE = N_("{card} is chosen twice: the deck holds each card once (C1).")


class CountError(Exception):
    """What is wrong with a count, in the reader's words."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _card(text: object, _: Translator) -> Card:
    if not isinstance(text, str) or not 1 <= len(text.strip()) <= 3:
        shown = text[:MAX_ECHO] if isinstance(text, str) else type(text).__name__
        raise CountError(_(NOT_A_CARD).format(text=shown or '""'))
    try:
        return Card.parse(text)
    except ValueError:
        raise CountError(_(NOT_A_CARD).format(text=text.strip())) from None


def count(data: Any, _: Translator) -> dict[str, Any]:
    """The count of a parsed body (``CountError`` naming what is wrong)."""
    if not isinstance(data, dict):
        raise CountError(_(NOT_A_COUNT))
    hand, starter, crib = data.get("hand"), data.get("starter"), data.get("crib", False)
    if not isinstance(hand, list) or starter is None or not isinstance(crib, bool):
        raise CountError(_(NOT_A_COUNT))
    if len(hand) != 4:
        raise CountError(_(WRONG_COUNT).format(count=len(hand)))
    cards = [_card(text, _) for text in hand]
    top = _card(starter, _)
    chosen = [*cards, top]
    for card in chosen:
        if chosen.count(card) > 1:
            raise CountError(_(TWICE).format(card=str(card)))
    try:
        breakdown = score_breakdown(cards, top, crib)
    except ValueError as error:  # the checks above leave nothing for it to refuse
        raise CountError(describe_error(error, _)) from None
    lang = _.lang
    return {
        "total": breakdown.total,
        "saying": breakdown.say(lang),
        "total_text": _.ngettext("{points} point", "{points} points", breakdown.total).format(
            points=breakdown.total
        ),
        "items": [
            {"kind": item.kind, "cards": [str(c) for c in item.cards], "points": item.points}
            for item in breakdown.items
        ],
        "crib": crib,
        "lang": lang,
    }


def count_answer(body: Any, _: Translator) -> tuple[int, dict[str, Any]]:
    """The answer to a body already read as JSON: 200 and the count, or 422 and the error."""
    if isinstance(body, dict):
        asked = body.get("lang")
        if isinstance(asked, str) and len(asked) <= MAX_ECHO:
            with contextlib.suppress(ValueError):  # else the request's language
                _ = translator(asked)
    try:
        return 200, count(body, _)
    except CountError as error:
        return 422, {"error": error.message}
