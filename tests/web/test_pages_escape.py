"""What a person types shows as text on every server-rendered page (issue 34): the pages come
from Jinja2 templates with autoescape (``pegboard.web.pages``), and a player's name made of
markup (``<script>``, an ``<img onerror>`` that leaves its attribute) is written as the name,
never as an element, on the replay, player, players-named, leaderboard, correction, 404 (a
missing rules page's among them) and 429 pages, in each language. With autoescape off, the
same pages run the name's markup: ``test_the_check_finds_the_markup_with_autoescape_off``
shows the check catches it."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient

from pegboard.web import pages, ratings
from pegboard.web.db import MatchRow
from tests.web.conftest import (
    PLAY_LIMITS,
    Player,
    another_browser,
    new_table,
    service_of,
    token_of,
)
from tests.web.test_ratings import Rated, finish_with

SCRIPT = "<script>x()</script>"
IMG = '"><img src=x onerror=z>'
"""Two names a player may take (at most 24 characters): an element, and a quote that ends
an attribute before one."""
NOBODY = '"><img src=n onerror=n>'
"""A name in an address that names nothing (a 404 page writes it)."""
LANGS = ("en", "pt", "zh", "hi")
LIMITS = dataclasses.replace(PLAY_LIMITS, pages_rate="1000/minute")


class Markup(HTMLParser):
    """A page's elements, texts and attributes' values as a browser's parser reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.injected: list[str] = []
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        self.texts.extend(value for value in named.values() if value)
        if tag == "img" or (tag == "script" and "src" not in named):
            self.injected.append(f"<{tag}>")
        self.injected.extend(f"{tag} {name}" for name in named if name.startswith("on"))

    def handle_data(self, data: str) -> None:
        self.texts.append(data)


def injected(page: str) -> list[str]:
    """The elements and handlers of ``page`` that none of the templates writes."""
    parser = Markup()
    parser.feed(page)
    return parser.injected


def shows(page: str, name: str) -> bool:
    """Whether ``name`` is in one of the page's texts or attributes' values (a 404 page
    writes the address it was asked for in its language links only)."""
    parser = Markup()
    parser.feed(page)
    return any(name in text for text in parser.texts)


@pytest.fixture
def app(client_on: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    return client_on(sqlite_url, limits=LIMITS)


def hostile_pages(client: TestClient) -> Iterator[tuple[str, str, str]]:
    """(what, page, name it must show) for each converted page holding a typed name."""
    # A finished match of SCRIPT against a bot: its replay names SCRIPT (hands, narration).
    seats = [{"kind": "human", "name": SCRIPT}, {"kind": "bot", "level": "random"}]
    table = new_table(client, "draw", seats, players=2, target=1)
    seat = Player(client, table["table"], 0, token_of(table, 0))
    rng = random.Random(3)
    while not seat.settle({1})["view"]["is_over"]:
        seat.act(rng.choice(seat.state["view"]["legal"])["action"])
    seat.close()
    # SCRIPT and IMG at a rated table, rated often enough to be on the leaderboard.
    rated = Rated(client, "draw", [SCRIPT, IMG], players=2, target=1)
    store = service_of(client).store
    for number in range(1, ratings.PROVISIONAL_MATCHES + 1):
        if number > 1:
            with store.session() as session, session.begin():
                session.add(MatchRow(table_id=rated.id, number=number, seed=number))
        finish_with(client, rated.id, [5.0, 1.0], number)
        assert ratings.rate_match(store, rated.id, number) is not None
    script, img = rated.players
    twin = another_browser(client)  # a second player named IMG: /p/IMG lists both
    assert twin.put("/api/me", json={"name": IMG}).status_code == 200
    for lang in LANGS:
        asked = {"lang": lang}
        yield "replay", client.get(f"/m/{table['table']}-1", params=asked).text, SCRIPT
        yield "player", client.get(f"/p/{script}", params=asked).text, SCRIPT
        yield "opponent", client.get(f"/p/{img}", params=asked).text, SCRIPT
        yield "player (img)", client.get(f"/p/{img}", params=asked).text, IMG
        yield "players named", client.get(f"/p/{quote(IMG, safe='')}", params=asked).text, IMG
        yield "leaderboard", client.get("/leaderboard/draw", params=asked).text, IMG
        for what, path in (
            ("no such player", f"/p/{quote(NOBODY, safe='')}"),
            ("no such game", f"/leaderboard/{quote(NOBODY, safe='')}"),
            ("no such match", f"/m/{quote(NOBODY, safe='')}"),
            ("no such rules page", f"/rules/{quote(NOBODY, safe='')}"),
        ):
            answer = client.get(path, params=asked)
            assert answer.status_code == 404, (path, answer.text)
            yield what, answer.text, NOBODY
        form = {"text": SCRIPT + " " + "x" * 3000, "contact": IMG, "lang": lang}
        answer = client.post("/rules/draw/corrections", data=form)
        assert answer.status_code == 422  # too long: the form again with what was typed
        yield "correction", answer.text, IMG
        yield "correction (text)", answer.text, SCRIPT


def test_a_name_of_markup_shows_as_text_on_every_page(app: TestClient) -> None:
    checked = 0
    for what, page, name in hostile_pages(app):
        assert injected(page) == [], (what, page)
        assert shows(page, name), (what, name)
        checked += 1
    assert checked == 12 * len(LANGS)


def test_the_429_page_writes_its_address_as_text(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=dataclasses.replace(PLAY_LIMITS, pages_rate="1/minute"))
    path = f"/p/{quote(NOBODY, safe='')}"
    client.get(path)
    refused = client.get(path, params={"lang": "hi"})
    assert refused.status_code == 429
    assert injected(refused.text) == [] and 'href="/p/&#34;&gt;&lt;img' in refused.text


def test_the_check_finds_the_markup_with_autoescape_off(
    app: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same pages, rendered without autoescape: the names' markup is the page's."""
    monkeypatch.setattr(pages, "ENVIRONMENT", pages.environment(autoescape=False))
    found = {what for what, page, _name in hostile_pages(app) if injected(page)}
    assert found == {
        "replay",
        "player",
        "opponent",
        "player (img)",
        "players named",
        "leaderboard",
        "no such player",
        "no such game",
        "no such match",
        "no such rules page",
        "correction",
        "correction (text)",
    }
