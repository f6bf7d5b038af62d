"""Reports of a correction (issue 12): the rules pages' form and its JSON twin store a
report, never show it, bound its length and its rate per client, and answer in the page's
language; whatever they refuse stores nothing (every test that refuses counts the rows)."""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import func, inspect, select

from pegboard.web.app import create_app
from pegboard.web.corrections import FORM_BODY_BYTES, router
from pegboard.web.db import CorrectionRow, alembic_config, make_engine, upgrade
from pegboard.web.store import Store
from tests.web.conftest import PLAY_LIMITS, another_browser, database_rows, new_table, service_of

FORM = "/rules/draw/corrections"
API = "/api/rules/draw/corrections"
MANY = dataclasses.replace(PLAY_LIMITS, corrections_rate="1000/minute")
"""Limits under which no test but the rate's own meets the rate of reports."""


def reports(client: TestClient) -> list[CorrectionRow]:
    with service_of(client).store.session() as session:
        return list(session.scalars(select(CorrectionRow).order_by(CorrectionRow.id)))


def count(client: TestClient) -> int:
    with service_of(client).store.session() as session:
        return int(session.scalar(select(func.count()).select_from(CorrectionRow)) or 0)


@pytest.fixture
def many(client_on: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    return client_on(sqlite_url, limits=MANY)


# -- stored ----------------------------------------------------------------------------------


def test_a_report_from_the_form_is_stored_and_thanked_in_the_pages_language(
    fresh_db_url: str, client_on: Callable[..., TestClient]
) -> None:
    client = client_on(fresh_db_url, limits=MANY)
    before = datetime.now(UTC) - timedelta(seconds=5)
    text = "  O exemplo de 3, 8 e 10\r\nestá errado.\n  "
    answer = client.post(FORM, data={"text": text, "contact": " ana@example.com ", "lang": "pt"})
    assert answer.status_code == 201, answer.text
    assert answer.headers["content-type"].startswith("text/html")
    assert '<html lang="pt-BR"' in answer.text
    assert "Obrigado: sua correção foi recebida" in answer.text
    assert 'href="/rules/draw?lang=pt"' in answer.text
    [row] = reports(client)
    assert (row.page, row.lang, row.status, row.contact) == (
        "draw",
        "pt",
        "open",
        "ana@example.com",
    )
    assert row.text == "O exemplo de 3, 8 e 10\nestá errado."  # CRLF is one line break
    created = row.created_at if row.created_at.tzinfo else row.created_at.replace(tzinfo=UTC)
    assert before <= created <= datetime.now(UTC) + timedelta(seconds=5)
    assert row.closed_at is None


def test_a_report_from_the_json_route_is_stored(
    fresh_db_url: str, client_on: Callable[..., TestClient]
) -> None:
    client = client_on(fresh_db_url, limits=MANY)
    answer = client.post(
        "/api/rules/cribbage/corrections", json={"text": "29 的说明有误", "lang": "zh_Hans"}
    )
    assert answer.status_code == 201, answer.text
    assert answer.json() == {"message": "谢谢：你的报告已收到，网站维护者会阅读它。"}
    [row] = reports(client)
    assert (row.page, row.lang, row.text, row.contact) == ("cribbage", "zh", "29 的说明有误", None)


def test_the_longest_report_and_contact_are_taken(many: TestClient) -> None:
    text = "\n" + "a\r\n" * 999 + "bc" + "  "  # 2000 characters once CRLF is one
    answer = many.post(API, json={"text": text, "contact": "c" * 200})
    assert answer.status_code == 201, answer.text
    [row] = reports(many)
    assert len(row.text) == 2000 and row.contact == "c" * 200


def test_the_language_is_the_pages_or_else_the_visitors(many: TestClient) -> None:
    answer = many.post(FORM, data={"text": "x"}, headers={"accept-language": "hi-IN,hi;q=0.9"})
    assert answer.status_code == 201
    assert '<html lang="hi"' in answer.text and "धन्यवाद" in answer.text
    answer = many.post(API + "?lang=zh", json={"text": "x"})
    assert answer.json()["message"].startswith("谢谢")
    assert [r.lang for r in reports(many)] == ["hi", "zh"]


# -- refused, and nothing stored --------------------------------------------------------------

TEXT_REFUSALS = [
    ("", None, "A report needs its text: say what is out of date."),
    (" \r\n\t ", None, "A report needs its text: say what is out of date."),
    ("x" * 2001, None, "A report has at most 2000 characters; this one has 2001."),
    ("a\x00b", None, "A report may not hold control characters."),
    ("red \x1b[31m", None, "A report may not hold control characters."),
    ("a\x7fb", None, "A report may not hold control characters."),
    ("ok", "c" * 201, "A way to reply has at most 200 characters."),
    ("ok", "ana\n@example.com", "A way to reply is one line, without control characters."),
    ("ok", "ana\x00", "A way to reply is one line, without control characters."),
]


@pytest.mark.parametrize(("text", "contact", "message"), TEXT_REFUSALS)
def test_a_report_the_rules_refuse_is_named_and_not_stored(
    many: TestClient, text: str, contact: str | None, message: str
) -> None:
    answer = many.post(API, json={"text": text, "contact": contact})
    assert answer.status_code == 422, answer.text
    assert answer.json() == {"error": message}
    fields = {"text": text, "lang": "en", **({"contact": contact} if contact else {})}
    page = many.post(FORM, data=fields)
    assert page.status_code == 422, page.text
    assert f'<p role="alert" class="error">{message}</p>' in html.unescape(page.text)
    assert count(many) == 0


def test_refusals_are_translated(many: TestClient) -> None:
    long = "x" * 2345
    answer = many.post(API, json={"text": long, "lang": "pt"})
    assert answer.json() == {"error": "Uma correção tem no máximo 2000 caracteres; esta tem 2345."}
    page = many.post(FORM, data={"text": "  ", "lang": "hi"})
    assert "रिपोर्ट में पाठ होना ज़रूरी है" in page.text and '<html lang="hi"' in page.text
    answer = many.post(API, json={"text": "ok", "contact": "c" * 201, "lang": "zh"})
    assert answer.json() == {"error": "回复方式最多 200 个字符。"}
    assert count(many) == 0


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({}, "A report needs its text: say what is out of date."),
        ({"text": 7}, "A report needs its text: say what is out of date."),
        ({"text": ["a"]}, "A report needs its text: say what is out of date."),
        ({"text": "ok", "contact": 7}, "A way to reply is text."),
        ([], "The request's body must be a JSON object."),
    ],
)
def test_a_json_body_of_another_shape_is_refused(many: TestClient, body: Any, message: str) -> None:
    answer = many.post(API, json=body)
    assert (answer.status_code, answer.json()) == (422, {"error": message})
    assert count(many) == 0


def test_a_lone_surrogate_is_refused(many: TestClient) -> None:
    for body in (b'{"text": "a\\ud800b"}', b'{"text": "ok", "contact": "\\udfff"}'):
        answer = many.post(API, content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 422, answer.text
        assert answer.json() == {"error": "The request holds text that is not valid Unicode."}
    # Form-encoded, a surrogate's UTF-8 bytes are no UTF-8: the form cannot be read.
    page = many.post(
        FORM,
        content=b"text=a%ED%A0%80b&lang=en",
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert page.status_code == 422
    assert "The form could not be read: send it again." in page.text
    assert count(many) == 0


def test_an_unknown_game_is_404_and_stores_nothing(many: TestClient) -> None:
    answer = many.post("/api/rules/chess/corrections", json={"text": "x", "lang": "pt"})
    assert answer.status_code == 404
    assert answer.json() == {"error": "Nenhum jogo com esse nome tem página de regras."}
    page = many.post("/rules/chess/corrections", data={"text": "x", "lang": "en"})
    assert page.status_code == 404
    assert "No game of that name has a rules page." in page.text
    assert "<form" not in page.text and "/rules/chess" not in page.text
    assert count(many) == 0


def test_a_game_registered_later_has_its_reports(many: TestClient, toy_game: Any) -> None:
    answer = many.post("/api/rules/tricks/corrections", json={"text": "T1 is unclear"})
    assert answer.status_code == 201
    assert [r.page for r in reports(many)] == ["tricks"]


def test_the_error_page_gives_the_form_back_with_what_was_typed(many: TestClient) -> None:
    text = "\n<script>alert(1)</script> & " + "x" * 2000
    page = many.post(FORM, data={"text": text, "contact": 'a"><b>@x', "lang": "zh"}).text
    assert "<script>" not in page and "<b>" not in page
    form = re.search(r"<form .*?</form>", page, re.DOTALL)
    assert form is not None
    assert 'action="/rules/draw/corrections"' in form[0] and 'method="post"' in form[0]
    textarea = re.search(r"<textarea[^>]*>\n(.*?)</textarea>", form[0], re.DOTALL)
    assert textarea is not None
    assert textarea[1] == "\n&lt;script&gt;alert(1)&lt;/script&gt; &amp; " + "x" * 2000
    contact = re.search(r'<input [^>]*name="contact"[^>]*value="([^"]*)"', form[0])
    assert contact is not None and html.unescape(contact[1]) == 'a"><b>@x'
    assert '<input type="hidden" name="lang" value="zh">' in form[0]
    assert 'maxlength="2000"' in form[0] and 'maxlength="200"' in form[0]
    assert "required" in form[0]
    assert "哪里有误" in form[0] and "发送报告" in form[0]  # as on the rules page, in zh
    assert 'class="corrections"' in form[0]  # styled as the rules page's form
    assert count(many) == 0


def test_a_post_that_is_not_the_form_is_refused(many: TestClient) -> None:
    page = many.post(FORM, json={"text": "x"})
    assert page.status_code == 415
    assert "A report is sent with the form of a rules page." in page.text
    many_fields = "&".join(f"f{n}=1" for n in range(20))
    page = many.post(
        FORM, content=many_fields, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert page.status_code == 422
    answer = many.post(API, data={"text": "x"})  # the JSON route takes JSON only
    assert answer.status_code == 415
    assert count(many) == 0


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_another_sites_page_cannot_post_the_form(many: TestClient, site: str) -> None:
    page = many.post(FORM, data={"text": "spam"}, headers={"sec-fetch-site": site})
    assert page.status_code == 403
    assert "A report is sent from this site's own rules pages." in html.unescape(page.text)
    assert count(many) == 0
    ours = many.post(FORM, data={"text": "ok"}, headers={"sec-fetch-site": "same-origin"})
    assert ours.status_code == 201 and count(many) == 1


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "http://testserver.evil.example", "null"]
)
def test_without_sec_fetch_site_another_sites_origin_cannot_post_the_form(
    many: TestClient, origin: str
) -> None:
    """A browser that sends no ``Sec-Fetch-Site`` (older ones, or one a proxy stripped it
    from) still names the page's origin on a POST: another site's is refused."""
    page = many.post(f"{FORM}?lang=pt", data={"text": "spam"}, headers={"origin": origin})
    assert page.status_code == 403
    assert "Uma correção é enviada pelas páginas de regras do próprio site." in html.unescape(
        page.text
    )
    assert count(many) == 0


def test_the_site_s_own_origin_or_none_at_all_may_post_the_form(
    many: TestClient, tmp_path: Any
) -> None:
    ours = many.post(FORM, data={"text": "ok"}, headers={"origin": "http://testserver"})
    assert ours.status_code == 201
    # No Origin and no Sec-Fetch-Site: curl, or a browser too old to send either.
    bare = many.post(FORM, data={"text": "ok too"})
    assert bare.status_code == 201 and count(many) == 2
    app = create_app(
        f"sqlite:///{tmp_path}/proxied.db", limits=MANY, allowed_origins=["https://play.example"]
    )
    with TestClient(app) as proxied:
        allowed = proxied.post(
            FORM, data={"text": "ok"}, headers={"origin": "https://play.example"}
        )
        assert allowed.status_code == 201


# -- the rate per client ------------------------------------------------------------------------


def test_too_many_reports_from_one_address_are_refused_and_not_stored(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url, limits=PLAY_LIMITS)
    for n in range(3):
        assert client.post(API, json={"text": f"json {n}"}).status_code == 201
    for n in range(2):  # the form counts with the JSON route
        assert client.post(FORM, data={"text": f"form {n}"}).status_code == 201
    answer = client.post(API, json={"text": "one more", "lang": "hi"})
    assert answer.status_code == 429
    wait = int(answer.headers["retry-after"])
    assert 0 < wait <= 600
    assert answer.json() == {
        "error": f"आपके पते से बहुत सारी रिपोर्टें आई हैं: {wait} सेकंड बाद फिर कोशिश करें।"
    }
    page = client.post(FORM, data={"text": "and the form", "lang": "pt"})
    assert page.status_code == 429 and "Correções demais do seu endereço" in page.text
    assert "and the form" in page.text  # given back to send later
    assert count(client) == 5
    # Another address has its own count.
    other = another_browser(client, client=("203.0.113.9", 4000))
    assert other.post(API, json={"text": "from elsewhere"}).status_code == 201
    assert count(client) == 6


def test_a_refused_report_is_not_counted(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    two = dataclasses.replace(PLAY_LIMITS, corrections_rate="2/minute")
    client = client_on(sqlite_url, limits=two)
    assert client.post(API, json={"text": "first"}).status_code == 201
    for _n in range(5):
        assert client.post(API, json={"text": ""}).status_code == 422
        assert client.post("/api/rules/chess/corrections", json={"text": "x"}).status_code == 404
    assert client.post(API, json={"text": "second"}).status_code == 201
    assert client.post(API, json={"text": "third"}).status_code == 429
    assert [r.text for r in reports(client)] == ["first", "second"]


# -- bounded bodies -------------------------------------------------------------------------


def test_the_longest_form_in_devanagari_fits_though_it_passes_the_body_limit(
    many: TestClient,
) -> None:
    """A browser form-encodes each Devanagari or Chinese character as 9 bytes: the longest
    report and contact are more than the server's 16 KiB, and the form's route takes them."""
    text, contact = "क" * 2000, "ख" * 200
    answer = many.post(FORM, data={"text": text, "contact": contact, "lang": "hi"})
    assert int(answer.request.headers["content-length"]) > PLAY_LIMITS.max_body_bytes
    assert answer.status_code == 201, answer.text
    assert reports(many)[0].text == text


def test_bodies_are_bounded(many: TestClient) -> None:
    form = "text=" + "x" * FORM_BODY_BYTES
    answer = many.post(
        FORM, content=form, headers={"content-type": "application/x-www-form-urlencoded"}
    )
    assert answer.status_code == 413
    assert answer.json() == {"error": f"A request's body is at most {FORM_BODY_BYTES} bytes."}
    # The JSON route has the server's own limit.
    answer = many.post(API, json={"text": "x" * PLAY_LIMITS.max_body_bytes})
    assert answer.status_code == 413
    answer = many.post(
        "/api/tables",
        content=b"{" + b" " * 17000 + b"}",
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 413  # the form's budget is its route's alone
    assert count(many) == 0


# -- never shown publicly -------------------------------------------------------------------


def test_no_route_shows_a_report(many: TestClient) -> None:
    secret = "a-report-nobody-may-read"
    assert many.post(API, json={"text": secret, "contact": "secret@example.com"}).status_code == 201
    assert many.post(FORM, data={"text": secret}).status_code == 201
    # The module's routes are the two posts; no other method reaches a report.
    assert sorted((r.path, sorted(r.methods)) for r in router.routes) == [  # type: ignore[attr-defined]
        ("/api/rules/{game}/corrections", ["POST"]),
        ("/rules/{game}/corrections", ["POST"]),
    ]
    for path in (FORM, API):
        for method in ("GET", "PUT", "PATCH", "DELETE"):
            assert many.request(method, path).status_code == 405
    table = new_table(many, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    for path in (
        "/",
        "/api/tables",
        f"/api/tables/{table['table']}",
        "/api/games",
        "/api/messages",
    ):
        answer = many.get(path)
        assert secret not in answer.text and "secret@example.com" not in answer.text


def test_the_schema_describes_the_json_route() -> None:
    document = create_app("sqlite://", docs=True).openapi()
    route = document["paths"]["/api/rules/{game}/corrections"]
    assert set(route) == {"post"}
    body = route["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["required"] == ["text"]
    assert body["properties"]["text"]["minLength"] == 1
    assert body["properties"]["contact"]["anyOf"] == [{"type": "string"}, {"type": "null"}]
    answers = route["post"]["responses"]
    assert answers["201"]["content"]["application/json"]["schema"]["$ref"].endswith(
        "/CorrectionReceived"
    )
    assert {"404", "413", "415", "422", "429", "503"} <= set(answers)
    assert "/rules/{game}/corrections" not in document["paths"]  # the form is no API


# -- the migration --------------------------------------------------------------------------


def test_the_migration_adds_the_table_to_a_database_in_use(fresh_db_url: str) -> None:
    engine = make_engine(fresh_db_url)
    try:
        config = alembic_config(engine)
        command.upgrade(config, "0002")
        assert "corrections" not in inspect(engine).get_table_names()
        with engine.begin() as connection:  # a table of the older schema, to be kept
            connection.exec_driver_sql(
                "INSERT INTO tables (id, game, config, created_at, status, match_number) "
                "VALUES ('t1', 'draw', '{}', CURRENT_TIMESTAMP, 'open', 1)"
            )
        upgrade(engine)
        assert "corrections" in inspect(engine).get_table_names()
        store = Store(engine)
        number = store.add_correction("draw", "hi", "पाठ", None)
        assert [(c.id, c.page, c.lang, c.text, c.status) for c in store.corrections()] == [
            (number, "draw", "hi", "पाठ", "open")
        ]
        assert store.close_correction(number) == "closed"
        assert store.close_correction(number) == "already"
        assert store.close_correction(number + 1) == "none"
        assert store.corrections() == []
        [closed] = store.corrections(every=True)
        assert closed.status == "closed" and closed.closed_at is not None
        assert closed.closed_at.tzinfo is not None and closed.created_at.tzinfo is not None
        command.downgrade(config, "0002")
        assert "corrections" not in inspect(engine).get_table_names()
        with engine.connect() as connection:
            assert connection.exec_driver_sql("SELECT id FROM tables").scalars().all() == ["t1"]
        upgrade(engine)
    finally:
        engine.dispose()


def test_the_rows_a_fuzz_run_compares_hold_the_reports(many: TestClient) -> None:
    """``database_rows`` (the fuzz tests' proof that a refused request wrote nothing) sees a
    report: a refused request that stored one would fail them."""
    before = database_rows(many)
    assert many.post(API, json={"text": "seen"}).status_code == 201
    assert database_rows(many) != before
