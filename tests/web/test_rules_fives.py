"""The rules pages of All Fives and Fives and Threes (issue 15): ``/rules/all-fives`` and
``/rules/fives-and-threes`` through the app, in every language, parsed as HTML.

Each page states F1-F9 for players, translated; its diagrams are the engine's drawings
of layouts built by play (``render_layout_svg``), each named and described by the layout
(B1-B5, the spinner's arms included), with the ends total of F6 worked out as
docs/rules.md's examples (12, 5, 9) and a 15 that scores 8 in Fives and Threes (F7).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.fives.looks import rules_page as fives_page
from pegboard.games import Game
from pegboard.i18n import translator
from pegboard.web.rules import page_of
from tests.web.fives_pages import PAGES, fives_registered
from tests.web.test_rules_pages import (
    HTML_LANG,
    Node,
    accessible,
    app_client,
    by_id,
    get_page,
    parse,
    structure,
)

__all__ = ["app_client"]  # a fixture this module uses

LANGS = ("en", "pt", "zh", "hi")
RULES = tuple(f"F{n}" for n in range(1, 10))
PAGE_OF = {
    "all-fives": fives_page.ALL_FIVES_PAGE,
    "fives-and-threes": fives_page.FIVES_AND_THREES_PAGE,
}
DIAGRAMS = {
    "all-fives": fives_page.ALL_FIVES_DIAGRAMS,
    "fives-and-threes": fives_page.FIVES_AND_THREES_DIAGRAMS,
}


@pytest.fixture(scope="module", autouse=True)
def fives_games() -> Iterator[dict[str, Game]]:
    with fives_registered() as games:
        yield games


def page(client: TestClient, name: str, lang: str) -> tuple[Any, Node]:
    return get_page(client, f"/rules/{name}?lang={lang}")


def sections_text(root: Node) -> list[str]:
    """The text of every element in the page's sections outside the drawings, one string
    per text node, stripped."""
    texts = []
    for section in root.find_all("section"):
        stack: list[Node | str] = list(section.children)
        while stack:
            child = stack.pop()
            if isinstance(child, str):
                if child.strip():
                    texts.append(child.strip())
            elif child.tag not in ("svg", "section"):  # subsections are sections too
                stack.extend(child.children)
    return texts


# -- served, in every language -----------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_f1_f9_each_page_is_served_in_every_language(
    app_client: TestClient, name: str, lang: str
) -> None:
    answer, root = page(app_client, name, lang)
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    structure(root, lang)
    _ = translator(lang)
    assert root.find_all("h1")[0].text() == title(name, _)
    # Every rule of the family is stated on each page, cited by its number.
    text = root.find_all("main")[0].text()
    assert {rule for rule in RULES if re.search(rf"\b{rule}\b", text)} == set(RULES)
    # The contents link every section, each a heading.
    ids = by_id(root)
    for section in PAGE_OF[name].all_sections():
        assert re.fullmatch(r"h[2-6]", ids[section.anchor].tag)


@pytest.mark.parametrize("name", PAGES)
def test_each_game_names_its_page_through_the_registry(
    fives_games: dict[str, Game], name: str
) -> None:
    game = fives_games[name]
    assert game.looks.rules is not None
    assert game.looks.rules() is PAGES[name]
    assert page_of(game) is PAGE_OF[name]


def title(name: str, _: Any) -> str:
    """A page's heading: its title with the game's name from the registry, as the lobby's."""
    return str(_(PAGE_OF[name].title)).format(game=_(pegboard.games.get(name).display_name))


@pytest.mark.parametrize("lang", LANGS)
def test_the_index_links_both_pages(app_client: TestClient, lang: str) -> None:
    _answer, root = get_page(app_client, f"/rules?lang={lang}")
    links = {a.attrs["href"]: a.text() for a in root.find_all("a")}
    _ = translator(lang)
    for name in PAGES:
        assert links[f"/rules/{name}?lang={lang}"] == title(name, _)
    assert root.find_all("html")[0].attrs["lang"] == HTML_LANG[lang]


# -- the diagrams ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", PAGES)
def test_f5_the_diagrams_are_the_engines_layouts_named_and_described(
    app_client: TestClient, name: str, lang: str
) -> None:
    _answer, root = page(app_client, name, lang)
    found = accessible(root)
    assert len(found) == len(DIAGRAMS[name]) >= 1
    for drawn, item in zip(found, DIAGRAMS[name], strict=True):
        layout = fives_page.build_layout(item)
        assert drawn["figure"].attrs["id"] == item.ident
        assert drawn["name"] == layout.title(lang)
        assert drawn["description"] == layout.describe(lang)
        svg = next(n for n in drawn["figure"].walk() if n.tag == "svg")
        markers = [n for n in svg.walk() if "marker" in n.attrs.get("class", "").split()]
        assert sorted(m.attrs["data-end"] for m in markers) == sorted(
            e.notation for e in layout.open_ends()
        )
        inner = next(n for n in svg.walk() if n.tag == "desc")
        assert inner.text() == layout.describe(lang)


def test_f5_all_fives_shows_the_spinner_with_two_and_with_four_arms(app_client: TestClient) -> None:
    _answer, root = page(app_client, "all-fives", "en")
    arms = []
    for drawn in accessible(root):
        svg = next(n for n in drawn["figure"].walk() if n.tag == "svg")
        tiles = [n for n in svg.walk() if "tile" in n.attrs.get("class", "").split()]
        assert sum("spinner" in t.attrs["class"].split() for t in tiles) == 1
        ends = [n.attrs["data-end"] for n in svg.walk() if "data-end" in n.attrs]
        arms.append(len(ends))
    # two open ends on the line, then the spinner's two ends opened, then its arms started
    assert arms == [2, 4, 4, 4]
    layouts = [fives_page.build_layout(item) for item in fives_page.ALL_FIVES_DIAGRAMS]
    on_ends = [sum(j.existing.side in ("C", "D") for j in lay.joints) for lay in layouts]
    assert on_ends == [0, 0, 1, 2]  # the last: four arms, each with a tile


@pytest.mark.parametrize("lang", LANGS)
def test_f6_the_spinners_totals_are_worked_out_as_the_rules_examples(
    app_client: TestClient, lang: str
) -> None:
    """docs/rules.md F6: [5|5] with [5|2] on one side 10 + 2 = 12; [2|5] [5|5] [5|3]
    2 + 3 = 5; [5|4] on an end 2 + 3 + 4 = 9; then a fourth arm."""
    expected = [([2, 10], 12), ([2, 3], 5), ([2, 3, 4], 9), ([2, 3, 4, 6], 15)]
    _answer, root = page(app_client, "all-fives", lang)
    points = translator(lang).ngettext("{points} point", "{points} points", 15)
    for drawn, item, (numbers, total) in zip(
        accessible(root), fives_page.ALL_FIVES_DIAGRAMS, expected, strict=True
    ):
        layout = fives_page.build_layout(item)
        assert layout.ends_total() == total == sum(numbers)
        assert list(layout.end_counts()) == numbers
        worked = " + ".join(map(str, numbers)) + f" = {total}"
        assert worked in drawn["caption"]
        if total % 5 == 0:
            assert points.format(points=total) in drawn["caption"]
        else:
            assert (
                translator(lang)("Ends total: {sum}, not a multiple of five: no points.").format(
                    sum=worked
                )
                in drawn["caption"]
            )


@pytest.mark.parametrize("lang", LANGS)
def test_f7_fives_and_threes_shows_a_15_for_8_points(app_client: TestClient, lang: str) -> None:
    _answer, root = page(app_client, "fives-and-threes", lang)
    (drawn,) = accessible(root)
    layout = fives_page.build_layout(fives_page.FIVES_AND_THREES_DIAGRAMS[0])
    assert layout.ends_total() == 15 and layout.spinner is None
    eight = translator(lang).ngettext("{points} point", "{points} points", 8).format(points=8)
    assert "3 + 12 = 15" in drawn["caption"]
    assert f"3 + 5 = {eight}" in drawn["caption"]
    if lang == "en":
        assert "3 fives and 5 threes, 3 + 5 = 8 points" in drawn["caption"]


@pytest.mark.parametrize("lang", LANGS)
def test_f7_the_fives_and_threes_table_scores_the_rules_totals(
    app_client: TestClient, lang: str
) -> None:
    """F7: 3→1, 5→1, 6→2, 9→3, 10→2, 12→4, 15→8, 18→6, 20→4."""
    rules = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}
    _answer, root = page(app_client, "fives-and-threes", lang)
    table = by_id(root)["threes-table"]
    rows = [r for r in table.find_all("tr") if r.find_all("td")]
    said = {int(r.find_all("th")[0].text()): r.find_all("td")[0].text() for r in rows}
    assert set(said) == set(rules)
    _ = translator(lang)
    for total, points in rules.items():
        words = _.ngettext("{points} point", "{points} points", points).format(points=points)
        assert re.search(rf"(?<!\d){re.escape(words)}", said[total]), said[total]


def test_f7_f8_f9_the_worked_numbers_are_the_engines(app_client: TestClient) -> None:
    all_fives = app_client.get("/rules/all-fives?lang=en").text
    assert "A lead of [5|5] scores 10." in all_fives
    assert "7 pips score 5, 8 score 10, and [1|1] alone, 2 pips, scores 0." in all_fives
    assert "reach 250 points with two players, or 200 with three or four" in all_fives
    assert "the game is to 61" in all_fives
    threes = app_client.get("/rules/fives-and-threes?lang=pt").text
    assert "exatamente 61" in threes


# -- translated --------------------------------------------------------------------------------


_NEUTRAL = re.compile(r"\[\d\|\d\]|\bF\d\b|[\d\s.,:;()+=\-–—|\[\]·（），。：；、।]+")


def english_left(english: Node, root: Node, lang: str) -> list[str]:
    """The texts of ``root``'s sections left in English: equal to a text of the English
    page (an untranslated message is its English msgid), or in Chinese and Hindi holding
    a run of three Latin letters. Numbers, tiles and rule numbers alone are neutral."""
    english_texts = {t for t in sections_text(english) if _NEUTRAL.sub("", t)}
    left = []
    for text in sections_text(root):
        if not _NEUTRAL.sub("", text):
            continue
        if text in english_texts or (lang in ("zh", "hi") and re.search(r"[A-Za-z]{3,}", text)):
            left.append(text)
    return left


@pytest.mark.parametrize("lang", ["pt", "zh", "hi"])
@pytest.mark.parametrize("name", PAGES)
def test_no_english_is_left_in_the_rule_text(app_client: TestClient, name: str, lang: str) -> None:
    _answer, english = page(app_client, name, "en")
    _answer, root = page(app_client, name, lang)
    assert len(sections_text(root)) > 20
    assert english_left(english, root, lang) == []
    headings = {n.text() for n in root.walk() if re.fullmatch(r"h[1-6]", n.tag)}
    assert not headings & {n.text() for n in english.walk() if re.fullmatch(r"h[1-6]", n.tag)}


@pytest.mark.parametrize("lang", ["pt", "zh", "hi"])
def test_the_english_check_catches_an_untranslated_text(app_client: TestClient, lang: str) -> None:
    """A paragraph of the English page planted in the translated one is found."""
    _answer, english = page(app_client, "all-fives", "en")
    paragraph = next(
        p.text() for p in english.find_all("p") if p.text().startswith("Shuffle the tiles")
    )
    html = app_client.get(f"/rules/all-fives?lang={lang}").text
    planted = parse(html.replace('<p class="lead">', f'<p>{paragraph}</p><p class="lead">', 1))
    assert english_left(english, planted, lang) == [paragraph]


# -- Try it: POST /api/rules/GAME/try -----------------------------------------------------------


def _try(client: TestClient, name: str, plays: Any, lang: str = "en") -> Any:
    return client.post(f"/api/rules/{name}/try?lang={lang}", json={"plays": plays})


def test_f6_f7_try_scores_the_ends_total_under_each_games_rule(app_client: TestClient) -> None:
    five = _try(app_client, "all-fives", [{"tile": "0-2", "end": "2-5L"}])
    assert five.status_code == 200
    assert five.json()["total"] == 10
    assert "0 + 10 = 10, a multiple of five: 10 points" in five.json()["caption"]
    assert "[0|2]" in five.json()["description"] and five.json()["svg"].startswith("<svg")
    # The same layout family scored by fives and threes: 3 + 0 = 3 is one three.
    three = _try(app_client, "fives-and-threes", [{"tile": "0-6", "end": "6-6B"}], "pt")
    assert three.status_code == 200 and three.json()["total"] == 3
    assert three.json()["score"] == fives_page.fives_and_threes_score(
        _ctx("pt", "fives-and-threes"), 3, "0 + 3 = 3"
    )


def _ctx(lang: str, name: str) -> Any:
    from pegboard.web.rules.page import RulesContext

    return RulesContext(lang=lang, _=translator(lang), game=pegboard.games.get(name))


@pytest.mark.parametrize(
    ("plays", "named"),
    [
        ([{"tile": "4-6", "end": "2-5L"}], "F5"),  # fits no end
        ([{"tile": "1-2", "end": "5-5C"}], "F5"),  # the spinner's ends are not open yet
        ([{"tile": "1-2", "end": "2-5H"}], "F5"),  # not an open end
        ([{"tile": "6-6", "end": "2-5L"}], "[3|5], [0|2], [1|2], [4|6]"),  # not in the hand
        ([{"tile": "3-5", "end": "5-5B"}, {"tile": "3-5", "end": "3-5L"}], "[3|5]"),  # twice
        ("nothing", '"tile"'),
        ([{"tile": 35, "end": "5-5B"}], '"tile"'),
        ([{"tile": "3-5", "end": "5-5B"}] * 5, "4"),  # more than the hand
    ],
)
def test_try_refuses_naming_the_problem(app_client: TestClient, plays: Any, named: str) -> None:
    answer = _try(app_client, "all-fives", plays)
    assert answer.status_code == 422
    assert named in answer.json()["error"]


def test_try_refusals_are_translated(app_client: TestClient) -> None:
    answer = _try(app_client, "all-fives", [{"tile": "4-6", "end": "2-5L"}], "zh")
    assert answer.status_code == 422
    assert "F5" in answer.json()["error"] and "does not fit" not in answer.json()["error"]


def test_the_try_box_is_hidden_without_its_script(app_client: TestClient) -> None:
    for name, ident in (("all-fives", "f-spinner-12"), ("fives-and-threes", "f-threes-15")):
        html = app_client.get(f"/rules/{name}?lang=hi").text
        assert re.search(rf'<figure[^>]*id="{ident}"[^>]*data-try="/api/rules/{name}/try"', html)
        assert re.search(r'<div class="try"[^>]*hidden', html)
        assert "games/rules_fives.js" in html
    assert app_client.get("/static/games/rules_fives.js").status_code == 200
