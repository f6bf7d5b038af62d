"""Names of seats and players (issue 33): invisible and direction characters are taken out
(a name of nothing else is refused, never taken for a name), names are kept in NFKC, so
that "Ａｎａ" and "Ana" are one name (``/p/NAME`` too), and names in Hindi (with their
combining marks, ZWJ and ZWNJ), Chinese and Portuguese are kept as typed."""

from __future__ import annotations

import unicodedata
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import another_browser, claim, invite_of, new_table

INVISIBLE = [
    "\u200b",  # zero width space
    "\ufeff",  # byte order mark, zero width no-break space
    "\u202e",  # right-to-left override
    "\u202a",  # left-to-right embedding
    "\u2066",  # left-to-right isolate
    "\u200f",  # right-to-left mark
    "\u2060",  # word joiner
    "\u00ad",  # soft hyphen
    "\U000e0041",  # tag latin capital letter A
    "\U000e0001",  # language tag
    "\u3164",  # hangul filler
    "\uffa0",  # halfwidth hangul filler
    "\u115f",  # hangul choseong filler
    "\u2800",  # braille pattern blank
    "\u180e",  # mongolian vowel separator
    "\u034f",  # combining grapheme joiner
    "\u200d",  # a zero width joiner between nothing visible
    "\u200c",  # a zero width non-joiner between nothing visible
]
KEPT = [
    "प्रिया शर्मा",  # Hindi: combining vowel signs and a virama
    "क्\u200dषमा",  # a ZWJ asks for the half form of क
    "राज्\u200cकुमार",  # a ZWNJ keeps the virama shown
    "王小明",
    "欧阳娜娜",
    "João Conceição",
    "Ângela Müller",
    "👩\u200d💻 Ana",  # an emoji's ZWJ sequence
]


def put_name(client: TestClient, name: str, lang: str = "en") -> Any:
    return client.put("/api/me", json={"name": name, "lang": lang})


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c[0]):04X}")
def test_a_name_of_invisible_characters_alone_is_refused_everywhere(
    client: TestClient, char: str
) -> None:
    for name in (char, char * 3, f"{char} {char}"):
        answer = put_name(client, name, "pt")
        assert answer.status_code == 422, (name, answer.text)
        assert "nome" in answer.json()["error"]
        seats = [{"kind": "human", "name": name}, {"kind": "bot", "level": "random"}]
        refused = client.post("/api/tables", json={"game": "draw", "players": 2, "seats": seats})
        assert refused.status_code == 422, refused.text
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    answer = claim(another_browser(client), table["table"], invite_of(table, 1), name=char)
    assert answer.status_code == 422


@pytest.mark.parametrize("char", INVISIBLE, ids=lambda c: f"U+{ord(c[0]):04X}")
def test_invisible_characters_are_taken_out_of_a_name(client: TestClient, char: str) -> None:
    answer = put_name(client, f"{char}A{char}n{char}a{char}")
    assert answer.status_code == 200, answer.text
    assert answer.json()["name"] == "Ana"
    seats = [{"kind": "human", "name": f"Bo{char}b"}, {"kind": "bot", "level": "random"}]
    table = new_table(client, "draw", seats, players=2)
    summary = client.get(f"/api/tables/{table['table']}").json()
    assert summary["seats"][0]["name"] == "Bob"


def test_names_are_kept_in_nfkc_and_found_so(client: TestClient) -> None:
    me = put_name(client, "Ａｎａ").json()  # fullwidth letters
    assert me["name"] == "Ana"
    for asked in ("Ana", "Ａｎａ", "Ana\u200b"):
        page = client.get(f"/p/{asked}")
        assert page.status_code == 200, asked
        assert f"<h1>{me['name']}</h1>" in page.text
    decomposed = "Joa\u0303o"  # "João" typed as o + combining tilde
    client.cookies.clear()
    assert put_name(client, decomposed).json()["name"] == "João"
    assert client.get("/p/João").status_code == 200
    assert client.get(f"/p/{decomposed}").status_code == 200


@pytest.mark.parametrize("name", KEPT)
def test_names_in_hindi_chinese_and_portuguese_are_kept(client: TestClient, name: str) -> None:
    assert unicodedata.normalize("NFKC", name) == name  # typed as NFKC keeps it
    answer = put_name(client, name)
    assert answer.status_code == 200, answer.text
    assert answer.json()["name"] == name
    seats = [{"kind": "human", "name": name}, {"kind": "bot", "level": "random"}]
    table = new_table(client, "draw", seats, players=2)
    assert client.get(f"/api/tables/{table['table']}").json()["seats"][0]["name"] == name
    assert client.get(f"/p/{name}").status_code == 200


def test_joiners_are_kept_only_between_what_shows() -> None:
    from pegboard.web.tables import visible_name

    assert visible_name("क्\u200dषमा") == "क्\u200dषमा"
    assert visible_name("\u200dक्षमा\u200c") == "क्षमा"  # at the ends: nothing to join
    assert visible_name("क्\u200d\u200d\u200dष") == "क्\u200dष"  # one is enough
    assert visible_name("a \u200d b") == "a b"  # nothing to join across a space
    assert visible_name("A\u200dna") == "Ana"  # nothing Latin to join: no second "Ana"
    assert visible_name("می\u200cخواهم") == "می\u200cخواهم"  # a Persian ZWNJ
    assert visible_name("❤\ufe0f\u200d🔥") == "❤\ufe0f\u200d🔥"  # after a variation selector
    assert visible_name("र\u200d्") == "र\u200d्"  # the eyelash ra: a ZWJ before the virama
