"""The cards of the cribbage rules page as it shows them (``chip``, ``chips``) and its
translated templates filled with them (``fill``): shared by the page's sections
(``rules_page``) and the variants' (``rules_variants``)."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup

from pegboard.cribbage import Card
from pegboard.cribbage.looks.rules_examples import card_words
from pegboard.web.rules.page import RulesContext, element


def fill(template: str, **fields: object) -> Markup:
    """A translated template filled with fields, Markup fields (cards) kept as markup and
    everything else escaped."""
    return Markup.escape(template).format(**fields)


def chip(card: Card, ctx: RulesContext) -> Markup:
    """A card as the page shows it: its rank and suit symbol, named in words for
    assistive technology ("Five of hearts"); ``card`` (and ``red`` for hearts and
    diamonds) for the rules' stylesheet."""
    red = card.suit in ("H", "D")
    return element(
        "span",
        card.symbol,
        class_="card red" if red else "card",
        role="img",
        aria_label=card_words(card, ctx._),
    )


def chips(cards: Sequence[Card], ctx: RulesContext) -> Markup:
    inner = Markup(" ").join(chip(card, ctx) for card in cards)
    return Markup('<span class="cards">{}</span>').format(inner)
