"""The rules pages (issue 12): ``GET /rules``, ``GET /rules/{game}`` and the Draw page's
"try it" endpoint, read through the app (TestClient) and parsed as HTML.

The seven diagram descriptions of the seed pages (tests/draw/test_seed_descriptions.py
holds them, copied from the seed pages) must each be, exactly, the accessible description
of its diagram on /rules/draw in that language: the ``<svg role="img">``'s
``aria-describedby`` element; its ``aria-labelledby`` is the seed's title.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.draw.looks import rules_page as draw_page
from pegboard.draw.looks.rules_page import BY_ID, build_line
from pegboard.web.rules import page_of, render_page
from pegboard.web.rules.page import RulesPage, element, figure, items, paragraph, table
from tests.draw.test_seed_descriptions import DIAGRAMS, SEEDS, _line
from tests.web.conftest import PLAY_LIMITS

SEED_TITLES = {
    "hi": "रखी गई {tile}",
    "zh": "已出牌 {tile}",
    "pt": "Peça colocada {tile}",
    "en": "Placed tile {tile}",
}
"""The seeds' diagram titles (000 Hindi, 001 Chinese, 002 Portuguese), English alike."""
SEED_CAPTIONS = {
    "hi": "चिह्न उपलब्ध जोड़-स्थान दिखाते हैं।",
    "zh": "标记表示可接牌位置。",
    "pt": "As marcas mostram os pontos de encaixe disponíveis.",
    "en": "Markers show the available joining points.",
}
HTML_LANG = {"en": "en", "pt": "pt-BR", "zh": "zh-Hans", "hi": "hi"}
SECTION_OF = {
    "1-4": "matching",
    "1-1": "matching",
    "6-6": "matching",
    "0-0": "matching",
    "4-4": "doubles",
    "3-4": "doubles",
    "2-2": "doubles",
}
"""The section each diagram is in, as in the seeds."""


# -- A small HTML tree -----------------------------------------------------------------------

VOID = {"br", "hr", "img", "input", "link", "meta"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node | str] = field(default_factory=list)
    parent: Node | None = None

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.walk()

    def find_all(self, tag: str) -> list[Node]:
        return [n for n in self.walk() if n.tag == tag]

    def ancestors(self) -> Iterator[Node]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v if v is not None else "" for k, v in attrs}, parent=self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v if v is not None else "" for k, v in attrs}, parent=self.current)
        self.current.children.append(node)

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None, f"</{tag}> closes nothing"
        assert node is self.current, f"</{tag}> closes <{tag}> over <{self.current.tag}>"
        assert node.parent is not None
        self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(html: str) -> Node:
    builder = TreeBuilder()
    builder.feed(html)
    builder.close()
    assert builder.current is builder.root, "an element is left open"
    return builder.root


def by_id(root: Node) -> dict[str, Node]:
    found: dict[str, Node] = {}
    for node in root.walk():
        ident = node.attrs.get("id")
        if ident is not None:
            assert ident not in found, f"duplicate id {ident!r}"
            found[ident] = node
    return found


def accessible(root: Node) -> list[dict[str, Any]]:
    """Every ``<svg role="img">``: its name and description (the texts of the elements its
    aria-labelledby and aria-describedby name), the caption of its figure, its section."""
    ids = by_id(root)
    found = []
    for svg in root.find_all("svg"):
        if svg.attrs.get("role") != "img":
            continue
        name = " ".join(ids[i].text() for i in svg.attrs["aria-labelledby"].split())
        described = " ".join(ids[i].text() for i in svg.attrs["aria-describedby"].split())
        figure_node = next(a for a in svg.ancestors() if a.tag == "figure")
        caption = next(n for n in figure_node.walk() if n.tag == "figcaption")
        section = next(a for a in svg.ancestors() if a.tag == "section")
        found.append(
            {
                "name": name,
                "description": described,
                "caption": caption.text(),
                "section": section.attrs["aria-labelledby"],
                "figure": figure_node,
            }
        )
    return found


@pytest.fixture(scope="module")
def app_client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    from pegboard.web.app import create_app

    url = f"sqlite:///{tmp_path_factory.mktemp('rules') / 'pegboard.db'}"
    with TestClient(create_app(url, bot_delay=0, limits=PLAY_LIMITS)) as client:
        yield client


def get_page(client: TestClient, path: str, **headers: str) -> tuple[Any, Node]:
    answer = client.get(path, headers=headers)
    return answer, parse(answer.text)


# -- The diagrams' accessible text -----------------------------------------------------------


@pytest.mark.parametrize("lang", ["pt", "zh", "hi", "en"])
def test_each_seed_description_is_its_diagrams_accessible_description(
    app_client: TestClient, lang: str
) -> None:
    answer, root = get_page(app_client, f"/rules/draw?lang={lang}")
    assert answer.status_code == 200
    diagrams = accessible(root)
    # The seeds' seven diagrams, then the Block game's (D18-D20) and the double-nine set's
    # (D25), which no seed has.
    assert len(DIAGRAMS) == 7 and len(diagrams) == len(draw_page.DIAGRAMS) == 9
    block, nine = diagrams[-2:]
    assert block["section"] == "block"
    assert block["description"] == build_line(BY_ID["d-block"].plays).describe(lang)
    assert nine["section"] == "double-nine"
    assert nine["description"] == build_line(BY_ID["d-nine"].plays).describe(lang)
    for found, (key, _plays) in zip(diagrams[:7], DIAGRAMS.items(), strict=True):
        tile = "[{}|{}]".format(*key.split("-"))
        assert found["description"] == SEEDS[lang][key]
        assert found["name"] == SEED_TITLES[lang].format(tile=tile)
        assert SEED_CAPTIONS[lang] in found["caption"]
        assert found["name"] in found["caption"]
        assert found["section"] == SECTION_OF[key]


def test_the_diagrams_are_the_engines_drawings_of_lines_built_by_play(
    app_client: TestClient,
) -> None:
    """Each diagram's SVG is the renderer's own, with markers on the continuation points."""
    _answer, root = get_page(app_client, "/rules/draw?lang=hi")
    lines = [_line(*plays) for plays in DIAGRAMS.values()]
    lines.append(build_line(BY_ID["d-block"].plays))
    lines.append(build_line(BY_ID["d-nine"].plays))
    for found, line in zip(accessible(root), lines, strict=True):
        svg = next(n for n in found["figure"].walk() if n.tag == "svg")
        markers = [n for n in svg.walk() if "marker" in n.attrs.get("class", "").split()]
        assert sorted(m.attrs["data-end"] for m in markers) == sorted(
            e.notation for e in line.open_ends()
        )
        inner = next(n for n in svg.walk() if n.tag == "desc")
        assert inner.text() == line.describe("hi")
        assert "id" not in inner.attrs  # the figure's ids name it, once on the page
        assert svg.attrs["role"] == "img"


def test_d19_the_block_diagram_leaves_the_hand_it_names_only_a_pass() -> None:
    """The Block section's example, played by the engine: the line's open numbers are 1 and
    3, and a Block round where the hand is [0|5] [2|6] [5|6] offers that seat a pass only."""
    from pegboard.dominoes.tiles import DOUBLE_SIX
    from pegboard.draw import Round, Tile
    from pegboard.draw.actions import Pass

    line = build_line(BY_ID["d-block"].plays)
    assert sorted(line.open_values()) == [1, 3]
    hand = [Tile.parse(text) for text in ("0-5", "2-6", "5-6")]
    assert all(str(tile) in BY_ID["d-block"].lead for tile in hand)
    rest = [t for t in DOUBLE_SIX if t not in hand and t not in line.tiles]
    position = Round.from_position(
        [hand, rest[:3]], rest[3:], current=0, line=line, leader=1, block=True
    )
    assert position.legal_actions() == (Pass(),)


def _tiles(*texts: str) -> list[Any]:
    from pegboard.draw import Tile

    return [Tile.parse(text) for text in texts]


def test_d22_the_partnership_example_scores_the_two_opponents_counts_only(
    app_client: TestClient,
) -> None:
    """The partnership section's round, played out by the engine: seat 1 places its last
    tile; the opponents keep [1|4] and [2|6] (5 + 8 = 13 by their pips), the partner [4|6].
    Both partners show 13, the opponents 0, and the partner's tile changes nothing (the
    same round with the partner holding [0|0] scores the same); the page's table and lead
    say so."""
    from pegboard.draw import Play, Round

    result = draw_page.partnership_hand()
    assert result.kind == "domino" and result.winner == 0 and result.partnerships
    assert result.pip_counts == (0, 5, 10, 8)
    assert result.points == (13, 0, 13, 0)
    other = Round.from_position(
        [_tiles("3-3"), _tiles("1-4"), _tiles("0-0"), _tiles("2-6")],
        _tiles("4-6", "6-6"),
        line=build_line(draw_page.PARTNER_LINE),
        partnerships=True,
    )
    other.apply(next(a for a in other.legal_actions() if isinstance(a, Play)))
    assert other.result is not None and other.result.points == result.points
    _answer, root = get_page(app_client, "/rules/draw?lang=en")
    rows = by_id(root)["partnership-table"].find_all("tr")[1:]
    cells = [[c.text() for c in row.children if isinstance(c, Node)] for row in rows]
    assert [row[0] for row in cells] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    assert [row[1] for row in cells] == ["Seats 1 and 3", "Seats 2 and 4"] * 2
    assert [row[2] for row in cells] == ["\u2014", "[1|4]", "[4|6]", "[2|6]"]
    assert [row[3:] for row in cells] == [["0", "13"], ["5", "0"], ["10", "13"], ["8", "0"]]
    lead = by_id(root)["partnerships"].parent
    assert lead is not None
    text = lead.text()
    assert "scores 5 + 8 = 13; seat 3's count, 10, is ignored." in text


def test_d23_the_blocked_partnership_example_scores_the_lower_sides_opponents_total(
    app_client: TestClient,
) -> None:
    """The blocked example (sides of 3 + 4 = 7 and 5 + 8 = 13), played out by the engine:
    nobody holds a 6 for the line [6|6] and the stock is down to two, so four passes block
    the round; the side of 7 scores 13, its own 7 not subtracted; equal sides score
    nothing."""
    from pegboard.draw import Pass, Round

    def blocked(*hands: str) -> tuple[int, ...]:
        round_ = Round.from_position(
            [_tiles(hand) for hand in hands],
            _tiles("0-0", "1-1"),
            line=build_line((("6-6", None),)),
            partnerships=True,
        )
        for _seat in range(4):
            assert round_.legal_actions() == (Pass(),)
            round_.apply(Pass())
        assert round_.result is not None and round_.result.kind == "blocked"
        return round_.result.points

    counts = draw_page.BLOCKED_COUNTS
    assert counts == (3, 5, 4, 8)
    assert blocked("1-2", "0-5", "1-3", "3-5") == (13, 0, 13, 0)
    assert blocked("1-2", "0-5", "1-4", "0-3") == (0, 0, 0, 0)  # 3 + 5 against 5 + 3
    english = app_client.get("/rules/draw?lang=en").text
    assert "with sides of 3 + 4 = 7 and 5 + 8 = 13, the first side scores 13." in english
    assert "score reaches or passes 100 once a round" in english  # D24: pagat's 100


def test_the_title_msgid_matches_the_engines_title() -> None:
    from pegboard.i18n import translator

    for lang in SEED_TITLES:
        for plays in DIAGRAMS.values():
            line = _line(*plays)
            tile = line.plays()[-1][0]
            assert translator(lang)(draw_page.TITLE).format(tile=tile) == line.title(lang)


def test_worked_examples_are_the_engines_settlement(app_client: TestClient) -> None:
    text = app_client.get("/rules/draw?lang=pt").text
    # In the seed page's words (tests/web/test_seed_pages.py).
    assert "adversários com zero e oito dão 8 pontos ao vencedor" in text
    assert "com 3, 8 e 10, recebe 8 + 10 − 3 = 15" in text
    assert "3, 3 e 10 não dá prêmio" in text
    english = app_client.get("/rules/draw?lang=en").text
    assert "reaches or passes 100 points with two players, or 61 with three" in english


# -- The page's structure --------------------------------------------------------------------


def structure(root: Node, lang: str) -> None:
    html = root.find_all("html")
    assert len(html) == 1 and html[0].attrs["lang"] == HTML_LANG[lang]
    assert len(root.find_all("h1")) == 1
    ids = by_id(root)
    for link in root.find_all("a"):
        href = link.attrs.get("href", "")
        if href.startswith("#"):
            assert href[1:] in ids, f"the contents' link {href} goes nowhere"
    for script in root.find_all("script"):
        assert script.attrs.get("src", "").startswith("/static/"), "an inline script"
        assert script.text().strip() == ""
    for node in root.walk():
        assert not any(name.startswith("on") for name in node.attrs), node.tag
        assert "style" not in node.attrs or node.tag == "svg"


@pytest.mark.parametrize("lang", ["en", "pt", "zh", "hi"])
@pytest.mark.parametrize("path", ["/rules/draw", "/rules/cribbage", "/rules"])
def test_structure(app_client: TestClient, path: str, lang: str) -> None:
    answer, root = get_page(app_client, f"{path}?lang={lang}")
    assert answer.status_code == 200
    assert answer.headers["content-type"].startswith("text/html")
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    structure(root, lang)


def test_every_section_has_a_heading_and_a_contents_entry(app_client: TestClient) -> None:
    _answer, root = get_page(app_client, "/rules/draw?lang=zh")
    toc = next(n for n in root.find_all("nav") if "toc" in n.attrs.get("class", ""))
    targets = [a.attrs["href"][1:] for a in toc.find_all("a")]
    page = page_of(pegboard.games.get("draw"))
    assert targets == [s.anchor for s in page.all_sections()] + ["corrections"]
    ids = by_id(root)
    for anchor in targets:
        assert re.fullmatch(r"h[2-6]", ids[anchor].tag), anchor
    assert ids["scoring"].text() == "局末与结算"


def test_the_correction_form(app_client: TestClient) -> None:
    _answer, root = get_page(app_client, "/rules/draw?lang=hi")
    (form,) = root.find_all("form")
    assert form.attrs["method"] == "post" and form.attrs["action"] == "/rules/draw/corrections"
    fields = {n.attrs["name"]: n for n in form.walk() if "name" in n.attrs}
    assert fields["text"].tag == "textarea" and "required" in fields["text"].attrs
    assert fields["text"].attrs["maxlength"] == "2000"
    assert (
        fields["contact"].attrs["maxlength"] == "200" and "required" not in fields["contact"].attrs
    )
    assert fields["lang"].attrs == {"type": "hidden", "name": "lang", "value": "hi"}
    assert by_id(root)["corrections"].text() == "कोई पुरानी जानकारी दिखी? सुधार की जानकारी दें"


def test_the_generic_page_of_a_game_without_its_own(plain_toy_game: Any) -> None:
    html = render_page(plain_toy_game, "pt")
    root = parse(html)
    structure(root, "pt")
    assert "Tricks" in root.find_all("h1")[0].text()
    for option in plain_toy_game.options:
        refusal = option.refusal()
        assert refusal.rule is None or f"({refusal.rule})" in html


def test_a_game_s_own_rules_page_and_page_module_come_from_its_folder(
    toy_game: Any, app_client: TestClient
) -> None:
    """The toy is one folder (tests/games/toy/): its rules page and its page module are
    its look's, served with no edit anywhere else, and gone when it is unregistered."""
    answer, root = get_page(app_client, "/rules/tricks")
    assert root.find_all("h1")[0].text() == "How to play Tricks"
    assert "T3. Seat 1 leads the first trick" in answer.text
    games = {game["name"]: game for game in app_client.get("/api/games").json()}
    assert games["tricks"]["page"] == "tricks"
    module = app_client.get("/static/games/tricks.js")
    assert module.status_code == 200 and "tricks-won" in module.text
    pegboard.games.unregister("tricks")
    assert app_client.get("/static/games/tricks.js").status_code == 404


def test_pages_escape_what_they_show() -> None:
    assert str(paragraph("<b>&")) == "<p>&lt;b&gt;&amp;</p>"
    assert str(items(["<i>"])) == "<ul><li>&lt;i&gt;</li></ul>"
    assert "&lt;x&gt;" in str(table(["<x>"], [["a"]]))
    assert str(element("a", "x", href='"><script>')) == '<a href="&#34;&gt;&lt;script&gt;">x</a>'
    with pytest.raises(ValueError):
        element("a b", "x")
    with pytest.raises(ValueError):
        figure("1bad", "<svg></svg>", title="t", caption="c", description="d")


def test_draw_is_a_rules_page_of_its_own() -> None:
    rules = pegboard.games.get("draw").looks.rules
    assert rules is not None and isinstance(rules(), RulesPage)
    assert page_of(pegboard.games.get("draw")) is draw_page.PAGE


# -- Language ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "header", "lang"),
    [
        ("?lang=pt", "", "pt"),
        ("?lang=pt_BR", "hi", "pt"),
        ("?lang=zh_Hans", "", "zh"),
        ("?lang=hi", "zh-CN", "hi"),
        ("?lang=fr", "zh-CN,zh;q=0.9", "zh"),  # a language we lack: the visitor's
        ("", "fr-FR, pt-BR;q=0.8, en;q=0.5", "pt"),
        ("", "en;q=0.2, hi;q=0.9", "hi"),
        ("", "de, fr", "en"),
        ("", "", "en"),
    ],
)
def test_language_negotiation(app_client: TestClient, query: str, header: str, lang: str) -> None:
    headers = {"accept-language": header} if header else {}
    _answer, root = get_page(app_client, f"/rules/draw{query}", **headers)
    assert root.find_all("html")[0].attrs["lang"] == HTML_LANG[lang]


def test_the_language_switch_links_every_language(app_client: TestClient) -> None:
    _answer, root = get_page(app_client, "/rules/draw?lang=zh")
    nav = next(n for n in root.find_all("nav") if "lang" in n.attrs.get("class", "").split())
    links = {a.attrs["hreflang"]: a for a in nav.find_all("a")}
    assert set(links) == set(HTML_LANG.values())
    assert links["zh-Hans"].attrs.get("aria-current") == "true"
    assert links["hi"].attrs["href"] == "/rules/draw?lang=hi"


def test_the_index_lists_every_games_page(app_client: TestClient) -> None:
    _answer, root = get_page(app_client, "/rules?lang=hi")
    hrefs = [a.attrs["href"] for a in root.find_all("a")]
    for name in pegboard.games.names():
        assert f"/rules/{name}?lang=hi" in hrefs


@pytest.mark.parametrize("lang", ["en", "pt", "zh", "hi"])
def test_an_unknown_game_is_a_translated_404_page_naming_the_games(
    app_client: TestClient, lang: str
) -> None:
    answer, root = get_page(app_client, f"/rules/chess?lang={lang}")
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")
    structure(root, lang)
    text = root.text()
    assert "chess" in text
    from pegboard.i18n import translator

    for name in pegboard.games.names():
        assert translator(lang)(pegboard.games.get(name).display_name) in text
    long = app_client.get("/rules/" + "x" * 5000)
    assert long.status_code in (404, 414) and "x" * 100 not in long.text


def test_the_api_tells_the_table_where_the_rules_are(app_client: TestClient) -> None:
    games = {g["name"]: g for g in app_client.get("/api/games").json()}
    assert games["draw"]["rules"] == "/rules/draw"
    assert games["draw"]["rules_anchors"]["round_end"] == "scoring"
    assert games["cribbage"]["rules"] == "/rules/cribbage"


# -- Try it -----------------------------------------------------------------------------------


def try_it(client: TestClient, body: Any, lang: str = "en") -> Any:
    return client.post(f"/api/rules/draw/try?lang={lang}", json=body)


@pytest.mark.parametrize("lang", ["pt", "zh", "hi", "en"])
def test_try_it_places_1_1_on_the_1_of_1_4(app_client: TestClient, lang: str) -> None:
    answer = try_it(app_client, {"plays": [["1-4", None], ["1-1", "1-4L"]]}, lang)
    assert answer.status_code == 200
    body = answer.json()
    assert body["description"] == SEEDS[lang]["1-1"]
    assert body["title"] == SEED_TITLES[lang].format(tile="[1|1]")
    assert body["caption"] == SEED_CAPTIONS[lang]
    assert body["svg"].startswith("<svg") and 'data-end="1-1B"' in body["svg"]


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "does not fit"), ("pt", "(D5)"), ("hi", "(D5)"), ("zh", "（D5）")],
)
def test_a_tile_that_does_not_fit_is_refused_naming_d5(
    app_client: TestClient, lang: str, words: str
) -> None:
    answer = try_it(app_client, {"plays": [["1-4", None], ["5-5", "1-4L"]]}, lang)
    assert answer.status_code == 422
    error = answer.json()["error"]
    assert "D5" in error[-5:] and words in error
    if lang != "en":
        assert "does not fit" not in error  # translated


@pytest.mark.parametrize(
    "body",
    [
        {"plays": [["1-4", None]] * 29},
        {"plays": [["x" * 17, None]]},
        {"plays": "1-4"},
        {"plays": [["1-4"]]},
        {"plays": [[1, 4]]},
        [],
        None,
        {"plays": [["9-9", None]]},
        {"plays": [["1-4", None], ["1-1", "nowhere"]]},
        {"plays": [["1-4", None], ["1-4", "1-4L"]]},
        {"plays": [["1-4", "1-4L"]]},
    ],
)
def test_bad_input_is_refused_in_words_never_a_500(app_client: TestClient, body: Any) -> None:
    answer = try_it(app_client, body, "pt")
    assert answer.status_code == 422
    assert isinstance(answer.json()["error"], str) and answer.json()["error"]


def test_oversized_input_is_refused_before_any_work(app_client: TestClient) -> None:
    answer = app_client.post(
        "/api/rules/draw/try", content=b'{"plays": [' + b'["1-4", null],' * 400 + b"]}"
    )
    assert answer.status_code == 413
    too_many = try_it(app_client, {"plays": [["1-4", None]] * 29})
    assert too_many.status_code == 422 and "at most 28" in too_many.json()["error"]
    assert app_client.post("/api/rules/draw/try", content=b"{not json").status_code == 422
    assert app_client.post("/api/rules/chess/try", json={}).status_code == 404


def test_the_try_it_controls_are_on_the_page(app_client: TestClient) -> None:
    _answer, root = get_page(app_client, "/rules/draw?lang=hi")
    tries = [n for n in root.find_all("figure") if "data-try" in n.attrs]
    assert [f.attrs["id"] for f in tries] == ["d-1-4", "d-2-2"]
    assert tries[0].attrs["data-try"] == "/api/rules/draw/try"
    scripts = [s.attrs["src"] for s in root.find_all("script")]
    assert scripts == ["/static/games/rules_draw.js"]
    assert app_client.get("/static/games/rules_draw.js").status_code == 200
    assert app_client.get("/static/rules.css").status_code == 200


@pytest.mark.parametrize(
    ("lang", "heading", "stock"),
    [
        ("en", "The double-nine set", "41, 34 or 27 tiles"),
        ("pt", "O jogo duplo-nove", "41, 34 ou 27 peças"),
        ("zh", "双九骨牌", "41、34 或 27 张"),
        ("hi", "डबल-नाइन सेट", "41, 34 या 27 गोटियाँ"),
    ],
)
def test_d25_d26_the_double_nine_section_says_what_the_engine_deals(
    app_client: TestClient, lang: str, heading: str, stock: str
) -> None:
    """The page's double-nine section (D25-D27) in four languages: its stock sizes are the
    engine's deals of the set (55 less 7 a seat), its diagram's open numbers the engine's
    line; "try it" still lays the double-six tiles only, refusing [9|9] naming D1."""
    from pegboard.draw import Round

    answer, _root = get_page(app_client, f"/rules/draw?lang={lang}")
    text = answer.text
    assert heading in text and stock in text
    assert [Round.deal(n, seed=1, tile_set=9).stock_size for n in (2, 3, 4)] == [41, 34, 27]
    assert build_line(BY_ID["d-nine"].plays).open_values() == (7, 8)
    refused = app_client.post("/api/rules/draw/try?lang=en", json={"plays": [["9-9", None]]})
    assert refused.status_code == 422 and refused.json()["error"].endswith("(D1)")
