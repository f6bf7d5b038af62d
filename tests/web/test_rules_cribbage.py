"""The cribbage rules page (``GET /rules/cribbage``) and its hand counter
(``POST /api/rules/cribbage/try``): every section in every language, the scoring table and
the worked examples held to the engine and to the published rules (docs/rules.md, C1-C7),
and the counter's answers, its translated errors and its bounds."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient

from pegboard.cribbage import Card, parse_cards, score_breakdown
from pegboard.cribbage.events import DOUBLE_SKUNK_LINE, SKUNK_LINE, TARGET
from pegboard.cribbage.looks import rules_page as page_module
from pegboard.cribbage.looks.rules_api import NOT_A_CARD, NOT_A_COUNT, TWICE, WRONG_COUNT
from pegboard.cribbage.looks.rules_examples import (
    BEST_HAND,
    BEST_STARTER,
    PEGGING_PLAYS,
    card_words,
    pegging_example,
)
from pegboard.cribbage.looks.rules_page import PAGE
from pegboard.i18n import translator

LANGS = ("en", "pt", "zh", "hi")
HTML_LANG = {"en": "en", "pt": "pt-BR", "zh": "zh-Hans", "hi": "hi"}
TRY = "/api/rules/cribbage/try"
BEST = {"hand": ["5H", "5D", "5C", "JS"], "starter": "5S", "crib": False}

SHOW_POINTS = {  # docs/rules.md C6, row by row of the page's show table
    "Each combination of cards totalling 15": "2",
    "A pair": "2",
    "Three of a kind (a pair royal)": "6",
    "Four of a kind (a double pair royal)": "12",
    "A run of three or more cards": "1 per card",
    "A flush: the four cards of the hand in one suit": "4",
    "A flush of five, with the starter": "5",
    "In the crib, a flush counts only with the starter": "5",
    "The jack of the starter's suit (his nobs)": "1",
}
PEG_POINTS = {  # C4, C5
    "A total of exactly 15": "2",
    "A total of exactly 31": "2",
    "A pair with the card before": "2",
    "Three of a kind in a row": "6",
    "Four of a kind in a row": "12",
    "A run of three or more, in any order": "1 per card",
    "Go: the last card of a sequence below 31": "1",
    "The very last card of the pegging (unless it makes 31)": "1",
}


# -- reading the page ------------------------------------------------------------------------


class Tree(HTMLParser):
    """The page as nested elements: enough to read its tables, ids and texts."""

    VOID: ClassVar[set[str]] = {"br", "hr", "img", "input", "link", "meta"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root: dict[str, Any] = {"tag": "", "attrs": {}, "children": []}
        self.stack = [self.root]
        self.ids: dict[str, dict[str, Any]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = {"tag": tag, "attrs": dict(attrs), "children": []}
        self.stack[-1]["children"].append(node)
        if "id" in node["attrs"]:
            assert node["attrs"]["id"] not in self.ids, f"id twice: {node['attrs']['id']}"
            self.ids[node["attrs"]["id"]] = node
        if tag not in self.VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        while self.stack[-1]["tag"] != tag:
            self.stack.pop()
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        self.stack[-1]["children"].append(data)


def parse(html: str) -> Tree:
    tree = Tree()
    tree.feed(html)
    return tree


def text(node: Any) -> str:
    if isinstance(node, str):
        return node
    return "".join(text(child) for child in node["children"])


def find(node: Any, tag: str) -> list[dict[str, Any]]:
    if isinstance(node, str):
        return []
    found = [node] if node["tag"] == tag else []
    for child in node["children"]:
        found.extend(find(child, tag))
    return found


def cells(row: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in row["children"] if not isinstance(c, str) and c["tag"] in ("th", "td")]


def body_rows(table: dict[str, Any]) -> list[list[dict[str, Any]]]:
    (tbody,) = find(table, "tbody")
    return [cells(row) for row in find(tbody, "tr")]


def card_labels(node: Any) -> list[str]:
    return [s["attrs"]["aria-label"] for s in find(node, "span") if s["attrs"].get("role") == "img"]


@pytest.fixture
def pages(client: TestClient) -> dict[str, str]:
    got = {}
    for lang in LANGS:
        answer = client.get(f"/rules/cribbage?lang={lang}")
        assert answer.status_code == 200
        got[lang] = answer.text
    return got


# -- the page ----------------------------------------------------------------------------------


def test_the_page_has_every_section_in_every_language(pages: dict[str, str]) -> None:
    anchors = [s.anchor for s in PAGE.all_sections()]
    assert {"deal", "heels", "pegging", "go", "show", "scoring", "best-hand", "winning"} <= set(
        anchors
    )
    assert {"q-highest", "q-crib-flush", "q-first"} <= set(anchors)
    for lang, html in pages.items():
        _ = translator(lang)
        tree = parse(html)
        (root,) = find(tree.root, "html")
        assert root["attrs"]["lang"] == HTML_LANG[lang]
        (h1,) = find(tree.root, "h1")
        assert text(h1) == _("How to play {game}").format(game=_("Cribbage"))
        for section in PAGE.all_sections():
            heading = tree.ids[section.anchor]
            assert re.fullmatch("h[2-4]", heading["tag"]), section.anchor
            assert text(heading) == _(section.title)
            assert f'href="#{section.anchor}"' in html  # in the table of contents
        if lang != "en":  # translated through the catalogs, not left in English
            assert "Pegging to 31" not in html and "The non-dealer always counts" not in html


def section_of(html: str, anchor: str) -> str:
    tree = parse(html)
    (section,) = [
        s for s in find(tree.root, "section") if s["attrs"].get("aria-labelledby") == anchor
    ]
    return text(section)


def test_the_tables_moments_open_the_part_that_matters(client: TestClient) -> None:
    anchors = {s.anchor for s in PAGE.all_sections()}
    assert dict(PAGE.anchors) == {
        "turn": "pegging",
        "round_end": "scoring",
        "match_end": "winning",
        "game_end": "winning",
    }
    assert set(PAGE.anchors.values()) <= anchors
    (info,) = [g for g in client.get("/api/games").json() if g["name"] == "cribbage"]
    assert info["rules"].startswith("/rules/cribbage")
    assert info["rules_anchors"] == dict(PAGE.anchors)


def test_the_page_states_the_published_numbers(pages: dict[str, str]) -> None:
    assert (TARGET, SKUNK_LINE, DOUBLE_SKUNK_LINE) == (121, 91, 61)  # C7
    for html in pages.values():
        words = section_of(html, "winning")
        for number in (TARGET, SKUNK_LINE, DOUBLE_SKUNK_LINE):
            assert str(number) in words
        assert "29" in section_of(html, "q-highest")


def _table(html: str, ident: str) -> list[list[dict[str, Any]]]:
    return body_rows(parse(html).ids[ident])


def test_the_scoring_tables_agree_with_the_rules_and_the_engine(pages: dict[str, str]) -> None:
    for lang, html in pages.items():
        _ = translator(lang)
        for ident, published in (("scoring-show", SHOW_POINTS), ("scoring-pegging", PEG_POINTS)):
            rows = _table(html, ident)
            assert [text(r[0]) for r in rows] == [_(what) for what in published], ident
            for row, (what, points) in zip(rows, published.items(), strict=True):
                assert text(row[1]) == _(points), (lang, what)
                labels = card_labels(row[2])
                if not labels:  # the go and the last card: shown in the pegging example
                    assert "Go" in what or "last card" in what
                    continue
                engine = int(re.split("[:：]", text(row[2]))[-1])  # zh's colon is full-width
                if points.isdigit():
                    assert engine == int(points), (lang, what)
                else:  # a run: 1 for each of its cards
                    assert engine == len(labels) >= 3


def test_the_crib_flush_row_holds_only_with_the_starter() -> None:
    hand, other, same = parse_cards("2H 6H 9H QH"), Card.parse("KC"), Card.parse("KH")
    flush = [i for i in score_breakdown(hand, other, True).items if i.kind == "flush"]
    assert flush == []  # four hearts in the crib, a club cut: no flush
    assert [i.points for i in score_breakdown(hand, same, True).items if i.kind == "flush"] == [5]
    assert [i.points for i in score_breakdown(hand, other).items if i.kind == "flush"] == [4]


def test_the_highest_hand_is_shown_as_cards_and_said_the_traditional_way(
    pages: dict[str, str],
) -> None:
    for lang, html in pages.items():
        _ = translator(lang)
        figure = parse(html).ids["best-hand-cards"]
        expected = [card_words(c, _) for c in (*BEST_HAND, BEST_STARTER)]
        assert card_labels(figure) == expected
        said = score_breakdown(BEST_HAND, BEST_STARTER).say(lang)
        (quote,) = find(figure, "q")
        assert text(quote) == said and quote["attrs"]["lang"] == lang
        assert "29" in text(figure)
    assert card_labels(parse(pages["en"]).ids["best-hand-cards"]) == [
        "Five of hearts",
        "Five of diamonds",
        "Five of clubs",
        "Jack of spades",
        "Five of spades",
    ]
    assert "fifteen sixteen, a double pair royal is twenty-eight" in pages["en"]
    assert card_labels(parse(pages["hi"]).ids["best-hand-cards"])[0] == "पाँच (पान)"


def test_the_pegging_example_is_played_by_the_engine(pages: dict[str, str]) -> None:
    example = pegging_example()
    assert [(s.seat, None if s.card is None else str(s.card)) for s in example.steps] == list(
        PEGGING_PLAYS
    )
    scored = [(e.reason, e.points) for s in example.steps for e in s.scores]
    # A fifteen, 31 with a pair, a run of three, a go, the last card (C4, C5).
    assert scored == [("pegging", 2), ("pegging", 4), ("pegging", 3), ("go", 1), ("last card", 1)]
    kinds = [i.kind for s in example.steps for e in s.scores for i in e.items]
    assert kinds == ["fifteen", "thirty-one", "pair", "run"]
    # The show in its order: the non-dealer's hand, the dealer's, the crib (C6).
    assert [(e.seat, e.reason) for e in example.shows] == [(1, "hand"), (0, "hand"), (0, "crib")]
    for lang, html in pages.items():
        rows = _table(html, "pegging-example-table")
        assert len(rows) == len(example.steps)
        for row, step in zip(rows, example.steps, strict=True):
            assert text(row[2]).startswith(str(step.count))
            for score in step.scores:
                assert score.say(lang) in text(row[3])
            if step.card is not None:
                assert card_labels(row[1]) == [card_words(step.card, translator(lang))]
        assert "fifteen for two" in pages["en"] and "पंद्रह के दो" in pages["hi"]


def test_the_counter_is_a_form_hidden_without_its_script(pages: dict[str, str]) -> None:
    for lang, html in pages.items():
        tree = parse(html)
        form = tree.ids["hand-counter"]
        assert "hidden" in form["attrs"] and form["attrs"]["data-endpoint"] == TRY
        assert form["attrs"]["data-lang"] == lang
        selects = find(form, "select")
        assert [s["attrs"]["id"] for s in selects] == [f"count-card-{n}" for n in range(1, 5)] + [
            "count-starter"
        ]
        for select in selects:  # each labelled, 52 cards named in words
            assert f'for="{select["attrs"]["id"]}"' in html
            options = [o for o in find(select, "option") if o["attrs"]["value"]]
            assert len(options) == 52
        assert "<noscript>" in html
        assert '<script type="module" src="/static/games/rules_cribbage.js">' in html


def test_the_script_is_served(client: TestClient) -> None:
    answer = client.get("/static/games/rules_cribbage.js")
    assert answer.status_code == 200 and "hand-counter" in answer.text


# -- the counter ---------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_the_counter_counts_the_29_hand_in_each_language(client: TestClient, lang: str) -> None:
    answer = client.post(TRY, json={**BEST, "lang": lang})
    assert answer.status_code == 200
    body = answer.json()
    assert body["total"] == 29 and body["lang"] == lang
    assert body["saying"] == score_breakdown(BEST_HAND, BEST_STARTER).say(lang)
    assert sum(item["points"] for item in body["items"]) == 29
    assert body["total_text"] == translator(lang).ngettext(
        "{points} point", "{points} points", 29
    ).format(points=29)
    if lang == "en":
        assert body["saying"].endswith("and one for his nobs is twenty-nine")


def test_the_counter_takes_the_request_language_without_one_in_the_body(client: TestClient) -> None:
    body = client.post(f"{TRY}?lang=zh", json=BEST).json()
    assert body["lang"] == "zh" and body["saying"].endswith("共二十九")


def test_the_counter_applies_the_crib_flush_rule(client: TestClient) -> None:
    hand = ["2H", "6H", "9H", "QH"]

    def flush(starter: str, crib: bool) -> int:
        answer = client.post(TRY, json={"hand": hand, "starter": starter, "crib": crib})
        assert answer.status_code == 200
        body = answer.json()
        engine = score_breakdown(parse_cards(" ".join(hand)), Card.parse(starter), crib)
        assert body["total"] == engine.total and body["crib"] is crib
        return sum(i["points"] for i in body["items"] if i["kind"] == "flush")

    assert flush("KC", crib=False) == 4  # four hearts in a hand
    assert flush("KC", crib=True) == 0  # but not in the crib
    assert flush("KH", crib=True) == 5  # the crib's flush needs the starter


@pytest.mark.parametrize("lang", LANGS)
def test_the_counters_errors_are_translated_and_name_the_rule(
    client: TestClient, lang: str
) -> None:
    _ = translator(lang)
    cases: list[tuple[Any, str, dict[str, object]]] = [
        ({"hand": ["5H", "5H", "5C", "JS"], "starter": "5S"}, TWICE, {"card": "5H"}),
        ({"hand": ["5H", "5D", "5C", "JS"], "starter": "JS"}, TWICE, {"card": "JS"}),
        ({"hand": ["5H", "XX", "5C", "JS"], "starter": "5S"}, NOT_A_CARD, {"text": "XX"}),
        ({"hand": ["5H", "5D", "5C"], "starter": "5S"}, WRONG_COUNT, {"count": 3}),
        ({"hand": ["5H", 5, "5C", "JS"], "starter": "5S"}, NOT_A_CARD, {"text": "int"}),
        ({"hand": "5H 5D 5C JS", "starter": "5S"}, NOT_A_COUNT, {}),
        ({"hand": ["5H", "5D", "5C", "JS"]}, NOT_A_COUNT, {}),
        ({**BEST, "crib": "yes"}, NOT_A_COUNT, {}),
        (["5H"], NOT_A_COUNT, {}),
    ]
    for body, template, fields in cases:
        sent = {**body, "lang": lang} if isinstance(body, dict) else body
        answer = client.post(f"{TRY}?lang={lang}", json=sent)
        assert answer.status_code == 422, body
        message = _(template).format(**fields)
        assert answer.json() == {"error": message}
        assert re.search(r"[(（].*C[16][)）]", message)  # the rule it names
        if lang != "en":
            assert message != template.format(**fields), "left in English"


def test_the_counter_refuses_oversized_input_without_work(client: TestClient) -> None:
    answer = client.post(TRY, json={"hand": ["5H"] * 5000, "starter": "5S"})
    assert answer.status_code == 413 and "error" in answer.json()
    answer = client.post(TRY, json={"hand": list(range(900)), "starter": "5S"})
    assert answer.status_code == 422
    assert answer.json()["error"] == WRONG_COUNT.format(count=900)
    long = "5" * 3000 + "H"
    answer = client.post(TRY, json={"hand": [long, "5D", "5C", "JS"], "starter": "5S"})
    assert answer.status_code == 422 and len(answer.json()["error"]) < 120


def test_the_counter_answers_a_deeply_nested_body_without_a_500(client: TestClient) -> None:
    answer = client.post(
        TRY, content="[" * 2000 + "]" * 2000, headers={"content-type": "application/json"}
    )
    assert answer.status_code == 422


def test_try_answer_is_the_page_modules_counter() -> None:
    _ = translator("pt")
    status, body = page_module.try_answer({**BEST, "lang": "pt"}, _)
    assert status == 200 and body["total"] == 29 and body["saying"].startswith("quinze dois")


def test_an_example_s_points_follow_its_cards_after_the_language_s_colon(
    pages: dict[str, str],
) -> None:
    """Issue 41's review: the scoring table's ": " was a literal, half-width in Chinese."""
    for lang, colon in (("en", ": "), ("pt", ": "), ("zh", "："), ("hi", ": ")):
        found = re.findall(r"</span>(.{1,2})<span class=\"example-points\">", pages[lang])
        assert found and set(found) == {colon}, (lang, set(found))


# -- the variants: three and four (C8-C12), five-card (C13-C17) ------------------------------


def test_c8_the_three_player_deal_is_laid_away_by_the_engine(pages: dict[str, str]) -> None:
    """Seat 3 deals; seats 1, 2, 3 lay one card each, in that order; the crib is the pack's
    card and the three laid away (four cards), and its show is the engine's: 5C KD QC 5D with
    10H turned is six fifteens (each five with each of K, Q, 10) and a pair: 14."""
    from pegboard.cribbage.looks import rules_variants as variants

    deal = variants.three_deal()
    assert deal.crib == parse_cards("5C KD QC 5D")
    assert [len(hand) for hand in deal.dealt] == [5, 5, 5]
    assert [len(hand) for hand in deal.kept] == [4, 4, 4]
    assert deal.crib_show.total == 14  # counted by hand: 6 fifteens (12) + a pair (2)
    rows = _table(pages["en"], "three-deal-table")
    assert [text(row[0]) for row in rows] == ["Seat 1", "Seat 2", "Seat 3"]
    assert [card_labels(row[2]) for row in rows] == [
        ["King of diamonds"],
        ["Queen of clubs"],
        ["Five of diamonds"],
    ]
    crib = text(parse(pages["en"]).ids["three-crib"])
    assert "it scores 14 for the dealer" in crib
    for lang, html in pages.items():
        words = section_of(html, "players")
        assert all(rule in words for rule in ("C8", "C9", "C10", "C11", "C12")), lang
        assert "14" in words and str(TARGET) in words, lang


def test_c9_partners_sit_opposite_as_the_page_says(pages: dict[str, str]) -> None:
    from pegboard.cribbage import Game
    from pegboard.cribbage.events import side_of

    assert [side_of(4, seat) for seat in range(4)] == [0, 1, 0, 1]
    game = Game.new(1, players=4)
    assert len(game.scores) == 2  # one score a side
    assert "seats 1 and 3 against seats 2 and 4" in section_of(pages["en"], "players")


def test_c14_three_for_last_is_the_first_score_of_a_five_card_game(pages: dict[str, str]) -> None:
    from pegboard.cribbage import Game

    for seed in (0, 1, 2):
        game = Game.new(seed, cards=5)
        first = game.log[0]
        assert (first.reason, first.points, first.seat) == ("three for last", 3, game.pone)
    assert "the first non-dealer pegs 3" in section_of(pages["en"], "five-card")


def test_c16_the_five_card_hands_are_the_books_counts(pages: dict[str, str]) -> None:
    """The books' worked examples (docs/rules.md C16): a nine and two sixes with a six turned
    is twelve; 4 5 6 with a six turned, twelve; 6 7 8 with an eight turned, two sequences of
    three and more, twelve (Cassell); a flush of three is 3, and 4 with the starter; the
    highest hand of three, three fives and the fourth turned, is 20."""
    from pegboard.cribbage.looks import rules_variants as variants

    books = [12, 12, 12, 3, 4, 20]
    counted = [variants.five_hand(hand, starter).total for hand, starter, _ in variants.FIVE_HANDS]
    assert counted == books
    rows = _table(pages["en"], "five-card-table")
    assert [text(row[2]) for row in rows] == [str(n) for n in books]
    assert [text(row[3]) for row in rows][:3] == ["Britannica", "Britannica", "Cassell"]
    for lang, html in pages.items():
        words = section_of(html, "five-card")
        assert all(f"C1{n}" in words for n in range(3, 8)), lang


def test_c17_the_five_card_game_is_to_61_with_a_lurch_below_31(pages: dict[str, str]) -> None:
    from pegboard.cribbage import Game
    from pegboard.cribbage.events import FIVE_CARD_TARGET, LURCH_LINE

    assert (FIVE_CARD_TARGET, LURCH_LINE) == (61, 31)  # Hoyle, Dawson
    assert Game.new(0, cards=5).target == 61
    for html in pages.values():
        words = section_of(html, "five-card")
        assert "61" in words and "31" in words
    intro = parse(pages["en"]).ids
    assert 'href="#five-card"' in pages["en"] and 'href="#players"' in pages["en"]
    assert "five-card" in intro and "players" in intro


# -- the score counted by the players, with muggins (C18-C20) --------------------------------


def test_c18_c19_c20_the_muggins_show_is_claimed_through_the_engine(pages: dict[str, str]) -> None:
    """The pone's 5H 5D JS 4C with the 6S turned holds 17 (four fifteens 8, a pair 2, two
    runs of three 6, his nobs 1); claimed 15, the dealer mugs the 2 (C19). The dealer's
    2C 3C 9D KD holds 4 (9+6, 2+3+K); claimed 6, it pegs 4 and the call takes nothing (C20).
    The crib AH 7H 8S QC holds 7 (7+8, A+8+6, the run 6 7 8), claimed exactly."""
    from pegboard.cribbage.looks import rules_muggins

    starter, counts = rules_muggins.muggins_show()
    assert str(starter) == "6S"
    by_hand = [(15, 17, 15, 2), (6, 4, 4, 0), (7, 7, 7, 0)]
    assert [(c.claimed, c.held, c.pegged, c.mugged) for c in counts] == by_hand
    rows = _table(pages["en"], "muggins-table")
    assert [[text(cell) for cell in row[1:]] for row in rows] == [
        [str(n) for n in row] for row in by_hand
    ]
    whose = ["Seat 2's hand", "Seat 1's hand", "The dealer's crib"]
    assert [text(row[0])[: len(name)] for row, name in zip(rows, whose, strict=True)] == whose
    assert card_labels(rows[0][0])[:2] == ["Five of hearts", "Five of diamonds"]
    example = text(parse(pages["en"]).ids["muggins-example"])
    assert (
        "the hand holds 17, seat 2 claimed 15, and the dealer took the 2 missed points" in example
    )
    for lang, html in pages.items():
        words = section_of(html, "muggins")
        assert all(rule in words for rule in ("C18", "C19", "C20")), lang
        assert "17" in words and "29" in words, lang
    assert 'href="#muggins"' in pages["en"]
