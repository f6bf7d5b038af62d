"""One English word, one role (issue 41): a word the code uses at several places must mean
the same thing at each, or each role gets a context of its own (gettext's ``msgctxt``).

English lets one word do several jobs that other languages say with different words:
"Count" was the pegging's running count (a table header, the table's label) and a button
that counts a hand; Portuguese says *Contagem* and *Contar*, Chinese 累计 and 计分. One
msgid for all three forced one translation on every role (issue 41's review, zh 9).

So every single word translated at more than one place of the source (the Python and the
templates as Babel extracts them, the page's scripts' ``t("...")``, the static pages'
``data-i18n``) is listed in ``ONE_ROLE`` with the role it has and the number of places
that use it. A new place changes the number and fails here: if the word has the same role
there, raise the number; if another, give that place a context
(``_.pgettext("role", "Word")``; ``NC_`` and ``pgettext`` in the page) and translate it.
A phrase names its role itself, so only single words are held to this.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

ROOT = Path(__file__).resolve().parents[2]
SOURCE = ROOT / "src" / "pegboard"
KEYWORDS = {**DEFAULT_KEYWORDS, "NC_": ((1, "c"), 2)}
REGISTRY = "web/messages.py"
"""The page's messages are listed there once for extraction; the scripts are the places."""
SCRIPT_CALL = re.compile(r"""\bt\(\s*(["'])((?:\\.|(?!\1).)*)\1""")
STATIC_MARK = re.compile(r"""\bdata-i18n(?:-title|-label)?="([^"]*)\"""")

ONE_ROLE: dict[str, tuple[str, int]] = {
    # word: (its one role, the number of places that use it)
    "Analyse": ("a button or link: have the expert analyse a match", 3),
    "Autoplay": ("a button: step through a replay by itself", 2),
    "Back": ("a replay's button: one move back", 2),
    "Bot": ("a seat's kind: played by a program", 3),
    "Claimed": ("the points a player claimed at the show with muggins (a label, a header)", 2),
    "Close": ("a button: close a dialog or panel", 6),
    "Connected": ("the socket's state: connected", 2),
    "Continue": ("a button: go on after a pause", 2),
    "Crib": ("cribbage's crib (a noun, a label)", 4),
    "Cribbage": ("the game's name", 2),
    "Date": ("a table's column: the day something happened", 2),
    "Dealer": ("cribbage's dealer (a label or a badge)", 3),
    "First": ("a replay's button: the first position", 2),
    "Forward": ("a replay's button: one move forward", 2),
    "Game": ("the game's kind (Draw, cribbage...): a label or a column", 8),
    "Go": ("cribbage's go: the button and the word said", 3),
    "Hint": ("a button: ask for a hint", 3),
    "Human": ("a seat's kind: played by a person", 4),
    "Invite": ("a heading or button: invitations to a table", 3),
    "Join": ("a button: join a table", 2),
    "Knock": ("Fives and Threes' pass: the button", 2),
    "Language": ("the label of the language's choice", 3),
    "Last": ("a replay's button: the last position", 2),
    "Leader": ("the badge of the seat that led the round", 2),
    "Leaderboards": ("a heading: the leaderboards", 2),
    "Log": ("the heading of the match's log", 2),
    "Matchpoints": ("a daily deal's column: its matchpoints", 3),
    "Move": ("a move of a match (a noun: which move)", 2),
    "Moves": ("the moves of a match (a heading, a list's name)", 2),
    "Opponents": ("the opponents (a heading, a column)", 2),
    "Pass": ("a button: pass the turn", 6),
    "Play": ("a daily deal's link and its column: play it", 3),
    "Player": ("a table's column: the player", 8),
    "Players": ("the players (a label, a heading, an option)", 8),
    "Points": ("a number of points (a column, a label)", 7),
    "Provisional": ("a rating's state: still provisional", 2),
    "Rank": ("a table's column: the place in a ranking", 5),
    "Rating": ("a table's column: the player's rating", 3),
    "Replay": ("a link to a match's replay, and its column", 4),
    "Replays": ("the list of a table's replays", 2),
    "Results": ("a daily deal's results (a heading, a link)", 2),
    "Score": ("a number of points scored (a column, a seat's label)", 5),
    "Scores": ("the seats' scores (a heading, a caption, a label)", 5),
    "Seasons": ("the heading of the rating seasons", 2),
    "Sides": ("the heading of the sides of partners and their scores", 2),
    "Skunk": ("cribbage's skunk: how a game ended", 2),
    "Spectate": ("a button or link: watch a table", 4),
    "Starter": ("cribbage's starter card (a label)", 5),
    "Status": ("a table's or a rating's state (a label, a column)", 2),
    "Winning": ("a rules page's section: how the match is won", 2),
    "You": ("the reader, as a player's name or a heading", 5),
    "decisions": ("a column: the number of decisions analysed", 2),
    "dealer": ("cribbage's dealer, within a sentence", 2),
    "non-dealer": ("cribbage's non-dealer, within a sentence", 2),
    "you": ("the reader, within a sentence", 2),
}


@functools.cache
def places() -> Counter[str]:
    """How many places of the source translate each message that has no context (scanned
    once: the scan reads every source file, some seconds)."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as file:
        method_map, options_map = parse_mapping_cfg(file)
    found: Counter[str] = Counter()
    for filename, _line, message, _comments, context in extract_from_dir(
        ROOT, method_map, options_map, keywords=KEYWORDS
    ):
        if context is None and isinstance(message, str) and not filename.endswith(REGISTRY):
            found[message] += 1
    for path in [*SOURCE.rglob("*.js"), *SOURCE.rglob("*.html")]:
        text = path.read_text(encoding="utf-8")
        found.update(msgid for _quote, msgid in SCRIPT_CALL.findall(text))
        found.update(STATIC_MARK.findall(text))
    return found


def unreviewed(found: Counter[str], reviewed: dict[str, tuple[str, int]]) -> list[str]:
    """The single words at several places whose places are not the reviewed ones."""
    problems = []
    for word, count in sorted(found.items()):
        if count < 2 or len(word.split()) != 1 or "{" in word:
            continue
        if word not in reviewed:
            problems.append(f"{word!r} is used at {count} places: one role? (see this module)")
        elif reviewed[word][1] != count:
            role, was = reviewed[word]
            problems.append(
                f"{word!r} is used at {count} places, not {was}: each as {role!r}, "
                "or a msgctxt for the new role"
            )
    return problems


def test_each_word_used_at_several_places_has_one_role() -> None:
    found = places()
    assert found["Players"] >= 2 and found["Close"] >= 2  # the scan reads the source
    assert unreviewed(found, ONE_ROLE) == []
    stale = sorted(word for word in ONE_ROLE if found[word] < 2)
    assert stale == [], f"no longer at several places: {stale}"


def test_count_has_a_context_for_each_of_its_roles() -> None:
    """The review's example: the running count and the counter's button are two messages."""
    found = places()
    assert found["Count"] == 0
    with (ROOT / "src/pegboard/locale/pegboard.pot").open("rb") as file:
        from babel.messages.pofile import read_po

        template = read_po(file)
    contexts = {message.context for message in template if message.id == "Count"}
    assert contexts == {"running count", "button: count a hand"}


def test_a_hand_of_cribbage_and_a_hand_of_dominoes_are_two_messages() -> None:
    """A cribbage hand is a deal of cards, a Fives hand a round of dominoes: one English word,
    two in Chinese and Hindi (第 N 次发牌 and 第 N 局; हाथ and दौर)."""
    from pegboard.i18n import translator

    for lang, cribbage, fives in (("zh", "第 2 次发牌", "第 2 局"), ("hi", "हाथ 2", "दौर 2")):
        _ = translator(lang)
        assert _.pgettext("cribbage", "Hand {number}").format(number=2) == cribbage
        assert _.pgettext("the Fives family", "Hand {number}").format(number=2) == fives
    found = places()
    assert found["Hand {number}"] == found["Hand {number} is over."] == 0


def test_the_check_finds_a_word_given_another_place() -> None:
    """ "Count" as it was (a header, a label, a button, one msgid): found; so is a reviewed
    word given one more place."""
    found = Counter({"Count": 3, "Close": 7, "Players": 8})
    assert len(unreviewed(found, {"Close": ONE_ROLE["Close"], "Players": ONE_ROLE["Players"]})) == 2
