"""The page's language list is written by the server from the one definition of the
languages (``pegboard.core.languages``, B5), and ``static/i18n.js`` reads the list from the
page: neither the page (its template, ``templates/lobby.html``) nor its scripts keep a list
of their own."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from fastapi.testclient import TestClient

from pegboard.core.languages import ALL
from pegboard.web.static_files import STATIC

TEMPLATES = STATIC.parent / "templates"


class Options(HTMLParser):
    """The ``<option>``s of ``#lang-select``: (value, lang, data-key, text)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.found: list[list[str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = {key: value or "" for key, value in attrs}
        if tag == "select":
            self.inside = named.get("id") == "lang-select"
        elif tag == "option" and self.inside:
            self.found.append([named["value"], named["lang"], named["data-key"], ""])

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside and self.found:
            self.found[-1][3] += data.strip()


def test_b5_the_page_offers_every_language_of_the_definition(client: TestClient) -> None:
    for path in ("/", "/t/abc"):
        options = Options()
        options.feed(client.get(path).text)
        assert [tuple(option) for option in options.found] == [
            (language.locale, language.tag, language.key, language.name) for language in ALL
        ]


def test_b5_the_static_page_and_scripts_name_no_language() -> None:
    """The codes the old page wrote out (``pt_BR``, ``zh-Hans``...) appear in neither."""
    codes = {language.locale for language in ALL} | {language.tag for language in ALL}
    codes -= {language.key for language in ALL}  # "en", "hi" are words of any text
    for path in (TEMPLATES / "lobby.html", TEMPLATES / "base.html", STATIC / "i18n.js"):
        text = path.read_text(encoding="utf-8")
        named = {code for code in codes if re.search(rf"[\"'=]{re.escape(code)}[\"' ]", text)}
        assert not named, f"{path.name} names {named}"


def test_without_javascript_the_lobby_says_so_in_each_language() -> None:
    """Issue 41's review: the lobby's <noscript> was English only. The page is one for
    every reader, so it says it in each language, each marked with its own."""
    import re

    from pegboard.i18n import ALL, translator
    from pegboard.web.lobby import NO_SCRIPT, index_page

    (inner,) = re.findall(r"<noscript>(.*?)</noscript>", index_page(), flags=re.S)
    said = dict(re.findall(r'<p lang="([^"]+)">([^<]+)</p>', inner))
    assert set(said) == {language.tag for language in ALL}
    for language in ALL:
        words = translator(language.key)(NO_SCRIPT)
        assert said[language.tag] == words
        assert language.key == "en" or words != NO_SCRIPT  # translated
