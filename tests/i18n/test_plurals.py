"""Every message that shows a count a person reads is a plural message (ngettext), so that
each language can agree its noun or verb with the number: no "1 अंक मिलते हैं", "1 खेलों" or
"1 tables".

The messages are found in the template (``pegboard.pot``, which ``test_catalogs`` keeps
equal to what the source marks) by their English: a count field followed by the noun it
counts ("{n} seconds", "{players} players"), a count of points scored or pegged ("scores
{points}", "you peg {points}"), "{drawable} may be drawn", "best of {games}". A few are
exempt, each for its reason below.
"""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from pegboard.core import Event
from pegboard.cribbage.events import ScoreEvent
from pegboard.cribbage.narration import pegs
from pegboard.i18n import LOCALE_DIR, say, translator

COUNTS = (
    r"(n|count|counts|games|rounds|stock|drawable|points|plays|pips|players|total|two|more|target)"
)
NOUNS = (
    r"(tiles?|cards?|games?|rounds?|points?|pips?|players?|characters?|bytes?|seconds?|"
    r"levels?|connections?|tables?|plays?|deals?|matches|match|reports?|legal actions?|"
    r"independent|seats?|hands?|moves?)"
)
COUNTING = (
    re.compile(r"\{" + COUNTS + r"\} " + NOUNS + r"\b"),
    re.compile(r"\b(scores?|pegs?|peg) \{points\}"),
    re.compile(r"\{drawable\} (may be drawn|of them)"),
    re.compile(r"(?i)\bbest of \{games\}"),
    re.compile(r"\bafter \{(games|rounds)\}"),
)

EXEMPT: dict[str, str] = {
    # The number is a constant of the code, never 1: its noun is always plural.
    "A line holds at most {n} tiles (D1).": "n is the 28 tiles of the set",
    "A name has at most {n} characters.": "n is NAME_LENGTH",
    "A way to reply has at most {n} characters.": "n is CORRECTION_CONTACT_LENGTH",
    "A code from another device is text of at most {n} characters.": "n is CODE_LENGTH",
    "An invitation is claimed with its code (text, at most {n} characters).": "INVITE_LENGTH",
    "A report has at most {n} characters; this one has {count}.": "n is the report limit",
    "A request's body is at most {n} bytes.": "n is a body limit in bytes",
    "A request's line and headers are at most {n} bytes.": "n is --max-header-bytes, >= 1024",
    "That message is too large: at most {n} bytes.": "n is MAX_MESSAGE",
    "JSON nested deeper than {n} levels is not read.": "n is a nesting limit",
    # Draw is for 2 to 4 players (D1): never one player.
    "Draw match: {players} players, seed {seed}, target {target}.": "D1: 2-4 players",
    "Draw round: {players} players, seat {seat} to play first.": "D1: 2-4 players",
    "Draw: {players} players, first to {target} wins. You are seat 1.": "D1: 2-4 players",
    "Draw: {players} players, first to {target} wins; people play seats {seats}.": "D1",
    # A list of the numbers of players a game allows, then the wrong one.
    "{game} is played by {counts} players here, not {count}": "a list of player counts",
    # The page's own messages: a flat table the page's script fills, with no plural forms;
    # their translations are number-neutral ("बेस्ट ऑफ़ {games}", "{games} 场定胜负").
    "Best of {games}": "page message (pegboard.web.messages); number-neutral translations",
}
"""Counting messages that need no plural forms, and why (a count never 1, or a page
message worded so that any number reads right)."""

_RULES_PAGES = re.compile(
    r"^(Once a round is fully settled|Points are pegged as they are made|"
    r"Fives and Threes is a game of dominoes)"
)
"""Rules-page paragraphs whose counts are the rules' targets ({two}, {more}, {target}: 61,
121, 250...), never 1."""


def _template() -> Catalog:
    with (LOCALE_DIR / "pegboard.pot").open("rb") as file:
        return read_po(file)


def counting_messages(template: Catalog) -> list[str]:
    """The singular messages of ``template`` that interpolate a count a person reads."""
    found = []
    for message in template:
        if not message.id or isinstance(message.id, tuple):
            continue
        text = message.id
        if any(pattern.search(text) for pattern in COUNTING):
            found.append(text)
    return found


def not_plural(template: Catalog) -> list[str]:
    return [
        text
        for text in counting_messages(template)
        if text not in EXEMPT and not _RULES_PAGES.match(text) and not _constant_example(text)
    ]


def _constant_example(text: str) -> bool:
    """A rules page's worked example (``with opponents at {a} and {b}, the winner scores
    {points}``): its numbers are the example's, worked out once, never 1."""
    return "{a}" in text or "{seven}" in text


def test_every_message_that_shows_a_count_is_a_plural_message() -> None:
    assert not_plural(_template()) == []


def test_the_exemptions_are_still_messages_and_still_singular() -> None:
    template = _template()
    singular = {m.id for m in template if isinstance(m.id, str)}
    assert set(EXEMPT) <= singular
    assert set(EXEMPT) <= set(counting_messages(template)), "an exemption no longer counts"


def test_the_check_fails_for_a_count_planted_without_plural_forms() -> None:
    """The review's faults, planted back as singular messages, are each caught; their
    plural versions are not."""
    template = Catalog()
    planted = [
        "you peg {points}",
        "{who} pegs {points}",
        "Settlement: {arithmetic} → {player} scores {points}.",
        "Stock: {stock} tile ({drawable} may be drawn) · {others}",
        "Cribbage against {bot} ({level}), the best of {games}: first to 121 wins a game (C7).",
        "Match over after {rounds} rounds.",
        "Too many requests: try again in {n} seconds.",
        "{game}: {players} players, seed {seed}.",
    ]
    for text in planted:
        template.add(text)
    template.add(("{n} report.", "{n} reports."))
    template.add("Scores: {scores} (target {target})")  # a figure after a label: no count
    assert not_plural(template) == planted


def test_the_plural_messages_of_the_counts_say_one_in_each_language() -> None:
    """The forms chosen for 1 and for more (Hindi: no plural verb, oblique plural)."""
    hi = translator("hi")
    one = hi.ngettext("you peg {points}", "you peg {points}", 1).format(points=1)
    assert one == "आपको 1 अंक"
    rounds = "Match over after {rounds} round.", "Match over after {rounds} rounds."
    assert hi.ngettext(*rounds, 1).format(rounds=1) == "1 दौर के बाद मैच समाप्त।"
    assert hi.ngettext(*rounds, 3).format(rounds=3) == "3 दौरों के बाद मैच समाप्त।"
    wait = (
        "Too many requests: try again in {n} second.",
        "Too many requests: try again in {n} seconds.",
    )
    pt = translator("pt")
    assert pt.ngettext(*wait, 1).format(n=1) == "Pedidos demais: tente de novo em 1 segundo."
    assert pt.ngettext(*wait, 2).format(n=2) == "Pedidos demais: tente de novo em 2 segundos."


class _Forms:
    """A translator that shows which form was chosen: ``ONE``/``MANY``, or ``SAID``."""

    lang = "en"

    def __call__(self, message: str) -> str:
        return "SAID"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return "ONE" if n == 1 else "MANY"


def test_an_event_said_to_its_subject_takes_its_plural_forms_by_the_count() -> None:
    """``Event.you_plural``: "you peg 1" and "you peg 2" are plural forms too, not only the
    third person's (the reader is seat 0)."""
    forms = _Forms()
    for points, expected in ((1, "ONE"), (2, "MANY")):
        score = ScoreEvent(1, 0, points, "go", (), None, points)
        event = pegs(score, [points, 0]).fields["pegs"]
        assert isinstance(event, Event)
        assert say(event, forms, reader=0) == expected  # type: ignore[arg-type]
        assert say(event, forms, reader=1) == expected  # type: ignore[arg-type]
