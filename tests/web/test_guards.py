"""Between the network and the app (``pegboard.web.guards``, issue 14): bodies bounded
before they are read, JSON only as application/json, the security headers, no API schema
unless asked for, and WebSockets only from the site's own pages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS, Player, new_table

TWO_HUMANS = {"game": "draw", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


def test_a_body_past_the_limit_is_refused_before_it_is_read(client: TestClient) -> None:
    huge = b'{"game": "draw", "x": "' + b"a" * 20_000_000 + b'"}'
    answer = client.post("/api/tables", content=huge, headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert answer.json()["error"] == "A request's body is at most 16384 bytes."
    assert client.get("/api/tables").json() == []


def test_a_body_without_a_length_is_counted_as_it_arrives(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(1000):
            yield b" " * 1024
        yield b"{}"

    answer = client.post(
        "/api/tables", content=chunks(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 413
    assert "content-length" not in {k.lower() for k in answer.request.headers}


def test_a_lying_length_is_refused(client: TestClient) -> None:
    answer = client.post(
        "/api/tables",
        content=b"{}",
        headers={"content-type": "application/json", "content-length": "-1"},
    )
    assert answer.status_code in (400, 413)


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", None])
def test_a_body_not_sent_as_json_is_refused_with_415(
    client: TestClient, content_type: str | None
) -> None:
    headers = {"content-type": content_type} if content_type else {}
    answer = client.post(
        "/api/tables?lang=pt", content=b'{"game": "draw", "players": 2}', headers=headers
    )
    assert answer.status_code == 415
    assert answer.json()["error"] == "O corpo de um pedido é JSON, enviado como application/json."
    assert client.get("/api/tables").json() == []
    charset = client.post(
        "/api/tables", content=b"[]", headers={"content-type": "application/json; charset=utf-8"}
    )
    assert charset.status_code == 422  # read as JSON: a list is not a table


@pytest.mark.parametrize(
    "path", ["/", "/t/abc", "/api/tables", "/api/tables/nosuch", "/static/app.js"]
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    headers = client.get(path).headers
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "'unsafe-inline'" not in policy.split("script-src")[1].split(";")[0]
    assert "'unsafe-eval'" not in policy
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"


def test_the_page_has_no_inline_script() -> None:
    from pegboard.web.lobby import index_page
    from pegboard.web.static_files import STATIC

    for page in (index_page(), *(p.read_text() for p in (STATIC.parent / "templates").iterdir())):
        for tag in page.split("<script")[1:]:
            assert 'src="' in tag.split(">")[0], tag[:80]
    page = index_page()
    assert " on" not in page.replace(" one", "").lower().split("<body")[1].split(">")[0]


def test_the_api_schema_is_served_only_with_the_docs(
    client: TestClient, client_on: Callable[..., TestClient], tmp_path: object
) -> None:
    assert client.get("/openapi.json").status_code == 404
    assert client.get("/docs").status_code == 404
    with TestClient(create_app(f"sqlite:///{tmp_path}/docs.db", docs=True)) as documented:
        assert documented.get("/openapi.json").json()["info"]["title"] == "pegboard"
        assert documented.get("/docs").status_code == 200


def origin_refused(client: TestClient, table_id: str, origin: str) -> bool:
    try:
        with client.websocket_connect(f"/ws/{table_id}", headers={"origin": origin}) as socket:
            socket.send_json({"type": "hello"})
            socket.receive_json()
    except WebSocketDisconnect as closed:
        assert closed.code == 1008
        return True
    return False


def test_a_socket_from_another_site_is_refused(client: TestClient) -> None:
    table = new_table(client, "draw", TWO_HUMANS["seats"], players=2)  # type: ignore[arg-type]
    assert origin_refused(client, table["table"], "http://evil.example")
    assert origin_refused(client, table["table"], "http://testserver.evil.example")
    assert not origin_refused(client, table["table"], "http://testserver")
    assert (
        Player(client, table["table"], None, None).state["you"] is None
    )  # no Origin: not a browser


def test_an_allowed_origin_is_let_in(tmp_path: object) -> None:
    app = create_app(
        f"sqlite:///{tmp_path}/o.db",
        bot_delay=0,
        limits=PLAY_LIMITS,
        allowed_origins=["https://play.example.org"],
    )
    with TestClient(app) as client:
        table = new_table(client, "draw", TWO_HUMANS["seats"], players=2)  # type: ignore[arg-type]
        assert not origin_refused(client, table["table"], "https://play.example.org")
        assert origin_refused(client, table["table"], "https://other.example.org")


def test_starlettes_own_refusals_are_in_the_apis_format(client: TestClient) -> None:
    wrong_method = client.put("/api/tables", json={})
    assert wrong_method.status_code == 405
    assert wrong_method.json() == {"error": "That request is not valid here."}
    nowhere = client.get("/no/such/page?lang=pt")
    assert nowhere.status_code == 404
    assert nowhere.json() == {"error": "Não há nada neste endereço."}
    assert "content-security-policy" in nowhere.headers


SECURITY_HEADERS = (
    "content-security-policy",
    "x-frame-options",
    "x-content-type-options",
    "referrer-policy",
)


def test_a_fault_of_the_server_is_a_translated_500_with_the_security_headers(
    tmp_path: object,
) -> None:
    """Starlette answers an exception nobody handled from its outermost middleware, outside
    every middleware the app adds: the headers must be put on by something outside it."""
    app = create_app(f"sqlite:///{tmp_path}/fault.db", bot_delay=0)

    def fault() -> None:
        raise RuntimeError("a bug of the server's")

    app.add_api_route("/api/fault", fault)
    with TestClient(app, raise_server_exceptions=False) as client:
        answer = client.get("/api/fault?lang=pt")
        assert answer.status_code == 500
        for name in SECURITY_HEADERS:
            assert name in answer.headers, (name, answer.headers)
        assert answer.json() == {"error": "Algo deu errado. Tente de novo."}
        metrics = client.get("/metrics").text
        assert 'pegboard_refusals_total{kind="http_500"} 1.0' in metrics


def asgi_post(client: TestClient, headers: list[tuple[bytes, bytes]]) -> tuple[int, dict[str, str]]:
    """A POST to ``/api/tables`` through the app's ASGI interface itself, with headers no
    HTTP client would send (raw bytes, as ASGI gives them: latin-1)."""
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"{}", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": "/api/tables",
        "raw_path": b"/api/tables",
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"content-type", b"application/json"), *headers],
        "client": ("127.0.0.1", 5000),
        "server": ("testserver", 80),
        "state": {},
    }
    app: Any = client.app
    assert client.portal is not None
    client.portal.call(app, scope, receive, send)
    start = next(m for m in sent if m["type"] == "http.response.start")
    names = {k.decode("latin-1"): v.decode("latin-1") for k, v in start["headers"]}
    return int(start["status"]), names


@pytest.mark.parametrize(
    "length",
    ["²".encode("latin-1"), "¹".encode("latin-1"), b"9" * 5000, b"-1", b"1e3", b" "],
)
def test_a_length_that_is_no_number_of_bytes_is_refused_not_a_fault(
    client: TestClient, length: bytes
) -> None:
    """``str.isdigit`` takes "²" (and ``int`` cannot read it), and ``int`` refuses more than
    4,300 digits: a length is ASCII digits, and a long one is simply too long."""
    status, headers = asgi_post(client, [(b"content-length", length)])
    assert status in (400, 413), status
    assert headers["x-frame-options"] == "DENY"
