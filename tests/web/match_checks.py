"""The checks of the browser tests' whole matches (``test_e2e_matches``): the pages'
words, axe and width at a point of a match, the final scores against the server's record,
and each table's own checks at the phase where they hold (``Looks``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from playwright.sync_api import Page

import pegboard.games
from pegboard.cribbage.cards import Card
from pegboard.cribbage.scoring import score_hand, show_points3
from tests.web.page_checks import axe_violations, horizontal_overflow
from tests.web.test_e2e import shot

LOCALE = Path(pegboard.__file__).parent / "locale"
DIALOG = "dialog[open]"
DESKTOP = (1280, 900)
PHONE = (390, 844)


@dataclass(frozen=True)
class Language:
    code: str  # the catalog's (pt_BR)
    locale: str  # the browser's (pt-BR)
    tag: str  # the page's <html lang>


LANGUAGES = {
    "en": Language("en", "en-US", "en"),
    "pt": Language("pt_BR", "pt-BR", "pt-BR"),
    "zh": Language("zh_Hans", "zh-CN", "zh-Hans"),
    "hi": Language("hi", "hi-IN", "hi"),
}


@dataclass(frozen=True)
class Setting:
    """One match of the grid: its game, language and screen, its table's options, the seed
    of its deals, and whether it is set up in the lobby (else through the API)."""

    game: str
    lang: str
    size: tuple[int, int]
    options: dict[str, Any]
    seed: int
    kind: str = ""  # the id's word for a table other than the game's plain one
    lobby: bool = False

    @property
    def seats(self) -> int:
        return int(self.options.get("players", 2))

    @property
    def id(self) -> str:
        return "-".join(filter(None, (self.game, self.kind, self.lang, str(self.size[0]))))


# -- checks ------------------------------------------------------------------------------------


@functools.cache
def english_patterns(code: str) -> tuple[re.Pattern[str], ...]:
    """The messages of the catalogs that ``code`` translates to something else, as
    patterns of their English text (a field, ``{name}`` or ``%(name)s``, matches any
    text). Only messages with an English word of 3 letters or more outside their fields."""
    with (LOCALE / code / "LC_MESSAGES" / "pegboard.po").open("rb") as po:
        catalog = read_po(po)
    field = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]")
    patterns = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if not english or english in strings:
                continue
            words = field.split(english)
            if not any(re.search(r"[A-Za-z]{3}", word) for word in words):
                continue
            body = r".+?".join(
                re.escape(word.strip()) if i in (0, len(words) - 1) else re.escape(word)
                for i, word in enumerate(words)
            )
            patterns.append(re.compile(rf"\s*{body}\s*", re.DOTALL))
    return tuple(patterns)


VISIBLE_TEXTS = """() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let node;
  while ((node = walker.nextNode())) {
    const parent = node.parentElement;
    const text = node.textContent.trim();
    if (!text || !parent || parent.closest('script, style, noscript, #lang-select')) continue;
    if (!parent.checkVisibility()) continue;
    found.push(text);
  }
  for (const element of document.querySelectorAll('[aria-label]')) {
    if (element.checkVisibility()) found.push(element.getAttribute('aria-label'));
  }
  return found;
}"""


def untranslated(page: Page, lang: str) -> list[str]:
    """The texts shown on a page in ``lang`` that are an English message of the catalogs,
    left in English."""
    if lang == "en":
        return []
    patterns = english_patterns(LANGUAGES[lang].code)
    texts: list[str] = page.evaluate(VISIBLE_TEXTS)
    return sorted({text for text in texts if any(p.fullmatch(text) for p in patterns)})


def check_page(page: Page, lang: str, name: str, problems: list[str], *, axe: bool = True) -> None:
    """axe (unless told not), the page's width and its words, at one point of a match;
    what fails is kept in ``problems`` (every point is checked, then the test fails with
    all of them)."""
    shot(page, name)
    for rule in axe_violations(page) if axe else ():
        problems.append(f"{name}: axe {rule}")
    if (extra := horizontal_overflow(page)) > 0:
        problems.append(f"{name}: {extra} px of horizontal scrolling")
    for text in untranslated(page, lang):
        problems.append(f"{name}: untranslated {text!r}")


def final_numbers(page: Page) -> list[int]:
    """Each seat's number in the "Match over" list: the last number of its line."""
    lines = page.locator("#match-over li").all_inner_texts()
    return [int(re.findall(r"\d+", line)[-1]) for line in lines]


def pegged(page: Page) -> list[int]:
    """The front pegs of the score board, lane by lane (a seat's, or a side's)."""
    pegs = page.locator("#track circle.peg.front")
    lanes = {
        int(pegs.nth(i).get_attribute("data-seat") or -1): int(
            pegs.nth(i).get_attribute("data-score") or -1
        )
        for i in range(pegs.count())
    }
    return [lanes[lane] for lane in sorted(lanes)]


def recorded(page: Page, base: str) -> Any:
    """The server's record of the table's first match, replayed by the game's rules."""
    table = page.url.split("#")[0].split("/t/")[1]
    answer = page.request.get(f"{base}/api/matches/{table}-1/record")
    assert answer.ok, answer.text()
    record = answer.json()
    return pegboard.games.get(record["game"]).from_record(record)


# -- each table's own checks -----------------------------------------------------------------


def message_pattern(text: str) -> re.Pattern[str]:
    """A translated message as a pattern: each of its fields matches any text."""
    return re.compile(".+?".join(re.escape(part) for part in re.split(r"\{[^{}]*\}", text)))


def longest_words(text: str) -> str:
    """The longest run of a translated message's own words between its fields."""
    return max(re.split(r"\{[^{}]*\}", text), key=len)


HAND_TILES = """() => [...document.querySelectorAll('.tile-button')].map(
  b => [b.dataset.tile, b.querySelectorAll('svg circle').length])"""

SHOWS = """() => [...document.querySelectorAll('dialog[open] li.shown')].map(li => ({
  seat: Number(li.dataset.seat),
  what: li.dataset.what,
  cards: [...li.querySelectorAll('.shown-cards .card-chip')]
    .filter(chip => !chip.closest('.with-starter')).map(chip => chip.dataset.card),
  starter: li.querySelector('.with-starter .card-chip').dataset.card,
  points: li.querySelector('.points').textContent,
}))"""


@dataclass
class Looks:
    """The checks of one match's own table, each at the phase where it holds: the table at
    the person's first turn (``start``), each of their turns (``turn``), the cards they lay
    away (``laid``), each dialog (``dialog``) and the match's end (``end``)."""

    setting: Setting
    _: Callable[[str], str]
    seen_high: bool = False  # a tile of 7, 8 or 9 in the hand (double-nine)
    discards: list[int] = field(default_factory=list)  # the cards laid at each discard
    shows: int = 0  # the cribbage shows checked
    settlements: int = 0  # the partnership rounds' ends checked
    hand_ends: int = 0  # the Fives hands' ends checked

    @property
    def partners(self) -> bool:
        return bool(self.setting.options.get("partnerships"))

    @property
    def five_card(self) -> bool:
        return self.setting.options.get("cards") == 5

    @property
    def target(self) -> int:
        """The cribbage board's end: 61 at five-card (C17), else 121."""
        return 61 if self.five_card else 121

    def start(self, page: Page) -> None:
        _ = self._
        # The heading names the variant, and "How to play" opens its own section of the
        # rules (issue 40): double-nine (D25), five-card (C13-C17), three players (C8-C12).
        heading = page.inner_text(".table-head")
        rules = page.get_attribute(".table-head a.rules-link", "href") or ""
        if self.setting.options.get("set") == 9:
            assert _("Double-nine set") in heading, heading
        if self.five_card:
            assert _("Five-card cribbage") in heading and rules.endswith("#five-card"), rules
        elif self.setting.game == "cribbage" and self.setting.seats > 2:
            assert rules.endswith("#players"), rules
        if self.setting.game == "draw" and self.partners:
            sides = page.locator("#sides li").all_inner_texts()
            assert len(sides) == 2, sides  # D21: you and your partner, the other two
            assert message_pattern(_("You and {name}")).match(sides[0]), sides
            assert message_pattern(_("{first} and {second}")).match(sides[1]), sides
            partners = page.locator(".partner-badge")
            assert partners.count() == 1 and partners.inner_text() == _("Your partner")
            assert page.locator(".side-badge").count() == 4
            assert page.locator(".tile-button").count() == 7  # D26: 7 each at four
        if self.fives:
            # F1: with 4, you and your partner opposite, one side each; the layout drawn.
            sides = page.locator("#sides .side-name").all_inner_texts()
            assert len(sides) == 2, sides
            assert message_pattern(_("You and {name}")).fullmatch(sides[0]), sides
            assert message_pattern(_("{first} and {second}")).fullmatch(sides[1]), sides
            assert page.locator("#layout svg[role=img]").count() == 1
        if self.setting.game == "cribbage":
            assert page.locator("#players .player").count() == self.setting.seats
            label = board(page, _, self.target, self.setting.seats)
            partners = page.locator(".partner-badge")
            if self.setting.seats == 4:  # C9: sides of partners sitting opposite
                # "You and Tara ...: 0 ...; Leo ... and Nico ..."
                assert label.count(longest_words(_("{first} and {second}"))) == 2, label
                assert partners.count() == 1 and partners.inner_text() == _("Your partner")
                assert page.locator(".side-badge").count() == 4
            else:
                assert partners.count() == 0  # nobody's partner (C8)

    @property
    def fives(self) -> bool:
        return self.setting.game in ("all-fives", "fives-and-threes")

    def turn(self, page: Page) -> None:
        if self.fives:  # F4: Draw and Knock/Pass exactly when no tile fits
            if page.locator(".tile-button[aria-disabled=false]").count():
                assert page.locator("#draw-button, #pass-button").count() == 0
            elif page.locator("#draw-button").count():
                assert self.setting.game == "all-fives", "nothing is drawn in Fives and Threes"
            else:
                button = page.locator("#pass-button")
                assert button.count() == 1, "no tile fits, no draw, and yet no pass (F4)"
                all_fives = self.setting.game == "all-fives"
                assert button.inner_text() == (self._("Pass") if all_fives else self._("Knock"))
        if self.setting.options.get("set") == 9:  # D25: each tile drawn with its pips
            for tile, drawn in page.evaluate(HAND_TILES):
                ends = [int(n) for n in re.findall(r"\d+", tile)]
                assert len(ends) == 2 and drawn == sum(ends), (tile, drawn)
                self.seen_high = self.seen_high or max(ends) >= 7
        if self.setting.game == "cribbage":
            assert 0 <= int(page.inner_text("#count")) <= 31  # C4, C10
            if page.locator("#discard-button").count():
                # Six each between two (C2), five among three (C8) and at five-card (C13).
                dealt = 6 if self.setting.seats == 2 and not self.five_card else 5
                assert page.locator(".card-button").count() == dealt
                prompt = page.inner_text(".hand-box .prompt")
                one = self.setting.seats > 2
                _ = self._
                assert prompt == (
                    _("Choose a card for the crib.") if one else _("Choose two cards for the crib.")
                )

    def laid(self, cards: int) -> None:
        """One card away among three (C8), two between two (C2) and at five-card (C13)."""
        assert cards == (1 if self.setting.seats > 2 else 2), cards
        self.discards.append(cards)

    def dialog(self, page: Page) -> None:
        if self.fives and page.locator(f"{DIALOG} #revealed").count():
            self.hand_end(page)
        if self.setting.game == "cribbage" and page.locator(f"{DIALOG} li.shown").count():
            self.show(page)
        settlement = page.locator(f"{DIALOG} #settlement")
        if self.partners and self.setting.game == "draw" and settlement.count():
            said = settlement.inner_text()
            _ = self._
            # a side's points name both partners (D22, D23); equal sides score nothing
            named = (
                _("{player} and {partner} win the round: +{points}."),
                _("You and {partner} win the round: +{points}."),
            )
            assert said == _("Nobody scores this round.") or any(
                message_pattern(words).fullmatch(said) for words in named
            ), said
            self.settlements += 1

    def hand_end(self, page: Page) -> None:
        """F8: every hand revealed, each count the pips of its tiles, the end's arithmetic."""
        rows = page.locator(f"{DIALOG} #revealed tbody tr")
        assert rows.count() >= 2
        for row in range(rows.count()):
            cells = rows.nth(row)
            tiles = [c.get_attribute("data-tile") or "" for c in cells.locator(".tile-chip").all()]
            pips = sum(int(n) for tile in tiles for n in tile.split("-"))
            assert int(cells.locator("td.pips").inner_text()) == pips
        assert page.locator(f"{DIALOG} .summary").count() >= 1
        if not self.hand_ends:  # the first hand's settlement (a later one may be nothing)
            assert page.locator(f"{DIALOG} #arithmetic li").count() >= 1
        self.hand_ends += 1

    def show(self, page: Page) -> None:
        """C11 (C16 at five-card): the hands from the dealer's left, the dealer's last,
        then the dealer's crib; each with the starter, its points as the rules count them."""
        shows = page.evaluate(SHOWS)
        players = self.setting.seats
        if len(shows) == players + 1:  # the game did not end during the show
            dealer = shows[-1]["seat"]
            assert [show["what"] for show in shows] == ["hand"] * players + ["crib"]
            assert [show["seat"] for show in shows[:-1]] == [
                (dealer + k) % players for k in range(1, players + 1)
            ]
        for show in shows:
            cards = [Card.parse(card) for card in show["cards"]]
            starter = Card.parse(show["starter"])
            crib = show["what"] == "crib"
            points = int(re.findall(r"\d+", show["points"])[-1])
            if self.five_card and not crib:  # a hand of three (C16)
                assert len(cards) == 3, show
                assert points == show_points3(*cards, starter), show
            else:
                assert len(cards) == 4, show
                assert points == score_hand(cards, starter, is_crib=crib), show
        self.shows += 1

    def end(self, page: Page, match: Any) -> None:
        if self.setting.options.get("set") == 9:
            assert self.seen_high, "no tile of 7, 8 or 9 in the hand of a double-nine match"
        if self.partners and self.setting.game == "draw":
            assert self.settlements, "no partnership round's end seen"
        if self.setting.game == "cribbage":
            assert self.discards and self.shows, (self.discards, self.shows)
        if self.fives:
            assert self.hand_ends, "no hand's end seen"
        if self.five_card:
            told = page.inner_text("body")
            # The log: three for last before the first deal (C14), every hand to 61 (C17).
            assert "three for last" in told.lower() and "(to 61)" in told, told
            assert "(to 121)" not in told
            assert match.cards == 5


def board(page: Page, _: Callable[[str], str], target: int, seats: int) -> str:
    """The cribbage board's accessible name: its target, and a street (a back peg) a player
    among two or three, a side among four (C9). Returns the name."""
    label = page.locator("#track svg[aria-label]").first.get_attribute("aria-label") or ""
    head = _("Cribbage board to {target}: {scores}.").split("{scores}")[0]
    assert label.startswith(head.format(target=target)), label
    streets = 2 if seats == 4 else seats
    assert label.count(longest_words(_("{name}: {score} (back peg {back})"))) == streets, label
    return label
