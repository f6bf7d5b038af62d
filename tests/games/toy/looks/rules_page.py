"""The toy's own rules page (T1-T4), in English only: a test game's words are in no catalog."""

from __future__ import annotations

from markupsafe import Markup

from pegboard.web.rules.page import RulesContext, RulesPage, Section, items, paragraph


def _deal(ctx: RulesContext) -> Markup:
    del ctx
    return paragraph(
        "T1. The cards are C1 to C9; a seeded shuffle deals each of two players a hand of 1 "
        "to 4 cards (3 unless asked); the rest is the stock, which nobody sees or plays."
    )


def _play(ctx: RulesContext) -> Markup:
    del ctx
    return items(
        [
            "T2. A player lays a card of their own hand (lay C7).",
            "T3. Seat 1 leads the first trick, the other follows with any card; the higher "
            "card takes the trick, and its player leads the next.",
            "T4. The match is over when the hands are empty; each trick is a point.",
        ]
    )


PAGE = RulesPage(
    title="How to play Tricks",
    intro=None,
    sections=(Section("deal", "The deal", _deal), Section("play", "The play", _play)),
)
