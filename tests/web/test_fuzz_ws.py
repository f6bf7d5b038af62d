"""Fuzzing the WebSocket protocol (issue 14): a malformed message, as the first message or
after a valid hello, is answered with an ``error`` (or, as a first message, an error and a
documented close code), never an unhandled exception, a 1011 or a socket dropped without a
word, and it changes nothing: the table's seq and its log in the store stay as they were.

Every text frame the server sends must also be valid UTF-8 (Starlette's TestClient passes
Python strings through, but a real server must encode them).

Hypothesis runs derandomized and bounded. What the fuzzers found (issue 14: a token with a
lone surrogate, JSON nested 1,500 deep) is pinned by the regression tests at the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pegboard.web import wire
from pegboard.web.app import create_app
from pegboard.web.limits import DEFAULT
from tests.web.conftest import PLAY_LIMITS, Player, new_table, seeds, service_of, token_of

FUZZ = settings(
    max_examples=60,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
TYPES = ["hello", "act", "hint", "lang", "again", "ping"]
CODES = {
    "illegal",
    "out_of_turn",
    "stale",
    "malformed",
    "too_large",
    "unknown",
    "auth",
    "not_over",
    "no_hints",
    "no_table",
    "server",
}
FIRST_CLOSES = {1008, 4401, 4404}
"""The close codes a refused first message may get (docs/web.md)."""


class Table:
    """A Draw table of two humans on its own database, with a player at each seat."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
        self.id: str = table["table"]
        self.tokens = [token_of(table, 0), token_of(table, 1)]
        self.players = [Player(client, self.id, seat, self.tokens[seat]) for seat in (0, 1)]
        self.players[0].sync()
        current = self.players[0].state["view"]["current"]
        self.to_move = self.players[current]
        self.waiting = self.players[1 - current]

    def fingerprint(self) -> tuple[int, list[tuple[int, int, str]]]:
        """The live table's seq and its log in the store."""
        live = service_of(self.client)._tables[self.id]
        return live.seq, service_of(self.client).store.log(self.id, 1)


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Table]:
    path: Path = tmp_path_factory.mktemp("fuzz") / "pegboard.db"
    with TestClient(
        create_app(f"sqlite:///{path}", bot_delay=0, seed_source=seeds(3), limits=PLAY_LIMITS)
    ) as client:
        made = Table(client)
        yield made
        for player in made.players:
            player.close()


# -- what the server answers ---------------------------------------------------------------


def decoded(frame: dict[str, Any]) -> dict[str, Any]:
    """A text frame the server sent, checked to be UTF-8 and a JSON object."""
    text = frame.get("text")
    assert isinstance(text, str), frame
    text.encode("utf-8")  # a lone surrogate could not go out on a real socket
    message: dict[str, Any] = json.loads(text)
    return message


def check_error(message: dict[str, Any]) -> None:
    assert message["code"] in CODES, message
    assert isinstance(message["message"], str) and message["message"], message
    assert message["rule"] is None or isinstance(message["rule"], str), message


def send(socket: Any, frame: str | bytes) -> None:
    if isinstance(frame, str):
        socket.send_text(frame)
    else:
        socket.send_bytes(frame)


def is_ping(frame: str | bytes) -> bool:
    """Whether the server takes ``frame`` for a ping (and answers a pong): JSON as shallow
    and as real Unicode as the server reads (``wire``), whose type is ping."""
    if not isinstance(frame, str) or len(frame.encode("utf-8", "surrogatepass")) > 4096:
        return False
    try:
        value = wire.loads(frame, DEFAULT.max_json_depth)
    except wire.WireError:
        return False
    return isinstance(value, dict) and value.get("type") == "ping"


def answers_after_hello(player: Player, frame: str | bytes) -> list[dict[str, Any]]:
    """Send ``frame``, then a ping: the messages before that ping's pong, each checked."""
    send(player.socket, frame)
    player.socket.send_json({"type": "ping"})
    pongs = 2 if is_ping(frame) else 1
    got = []
    while True:
        frame_in = player.socket.receive()
        assert frame_in["type"] == "websocket.send", f"the socket was closed: {frame_in}"
        message = decoded(frame_in)
        if message["type"] == "pong":
            pongs -= 1
            if pongs == 0:
                return got
            continue
        assert message["type"] in {"error", "state", "hint"}, message
        if message["type"] == "error":
            check_error(message)
        got.append(message)


def refused_after_hello(table: Table, player: Player, frame: str | bytes) -> list[dict[str, Any]]:
    """The answers to a message after a valid hello: the socket lives on (the ping after it
    is answered) and the table is unchanged."""
    before = table.fingerprint()
    got = answers_after_hello(player, frame)
    assert table.fingerprint() == before
    for message in got:
        if message["type"] == "state":
            player.state = message
            assert message["seq"] == before[0]
    return got


def first_message(table: Table, frame: str | bytes) -> list[dict[str, Any]]:
    """A fresh socket's answers to its first message: an error then a documented close,
    or (a message that is a hello after all) the state."""
    before = table.fingerprint()
    got: list[dict[str, Any]] = []
    with table.client.websocket_connect(f"/ws/{table.id}") as socket:
        send(socket, frame)
        while True:
            frame = socket.receive()
            if frame["type"] == "websocket.close":
                assert frame["code"] in FIRST_CLOSES, (frame, got)
                assert [m["type"] for m in got] == ["error"], got
                break
            message = decoded(frame)
            got.append(message)
            if message["type"] == "state":
                assert len(got) == 1, got
                break
            assert message["type"] == "error", message
            check_error(message)
    assert table.fingerprint() == before
    return got


# -- what a client may send ----------------------------------------------------------------

SAFE_TEXT = st.text(max_size=40)  # Hypothesis's text has no lone surrogates
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-(10**40), 10**40)
    | st.floats(allow_nan=False)
    | SAFE_TEXT
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(SAFE_TEXT, inner, max_size=4),
    max_leaves=20,
)
FIELDS = st.sampled_from(["type", "seat", "token", "since", "lang", "action", "seq"]) | SAFE_TEXT
MESSAGES = st.dictionaries(FIELDS, JSON_VALUES, max_size=6).flatmap(
    lambda body: (
        st.sampled_from([*TYPES, "nope", ""]).map(lambda kind: {**body, "type": kind})
        | st.just(body)
    )
)
"""Objects with (mostly) a type of the protocol and any fields of any values."""

WRONG = {
    # each field of each message type, and values of the wrong type for it
    "hello": {"seat": "x", "token": 5, "since": "x", "lang": 5},
    "act": {"action": None, "seq": None},
    "hint": {},
    "lang": {"lang": None},
    "again": {},
    "ping": {},
}
WRONG_VALUES = (
    st.none()
    | st.booleans()
    | st.floats()
    | st.lists(st.integers(), max_size=3)
    | st.dictionaries(SAFE_TEXT, st.integers(), max_size=2)
    | SAFE_TEXT
    | st.integers(-(10**30), 10**30)
)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


MAX_SAFE_DEPTH = 500
"""How deep the generated JSON nests: past the server's limit (16) it is refused, and the
regression tests below go deeper still."""

FRAMES = st.one_of(
    JSON_VALUES.map(json.dumps),
    MESSAGES.map(json.dumps),
    st.text(max_size=200),
    st.binary(max_size=200),
    st.integers(1, MAX_SAFE_DEPTH).map(nested),
    st.integers(4097, 9000).map(lambda n: " " * n),
    st.integers(1, 9000).map(lambda n: b"{" * n),
    st.integers(4000, 4060).map(lambda n: '{"type":"act","action":"x","seq":' + "9" * n + "}"),
)


@st.composite
def wrong_fields(draw: st.DrawFn) -> dict[str, Any]:
    """A message of each type with one or more of its fields of a wrong type (or an extra
    field nobody asked for)."""
    kind = draw(st.sampled_from(TYPES))
    message: dict[str, Any] = {"type": kind}
    for name in WRONG[kind]:
        if draw(st.booleans()):
            message[name] = draw(WRONG_VALUES)
    if draw(st.booleans()):
        message[draw(SAFE_TEXT)] = draw(WRONG_VALUES)
    message["type"] = kind
    return message


SURROGATES = st.sampled_from(["\\ud800", "\\udfff", "\\udbff\\u0041", "a\\ud83d"])


@st.composite
def with_surrogates(draw: st.DrawFn) -> str:
    """JSON text of a message whose field values (or type) hold lone surrogates, escaped."""
    kind = draw(st.sampled_from([*TYPES, "\\ud800"]))
    fields = draw(st.lists(st.sampled_from(["lang", "action", "since", "x"]), max_size=3))
    parts = [f'"type": "{kind}"', '"seq": 0'] + [f'"{f}": "{draw(SURROGATES)}"' for f in fields]
    return "{" + ", ".join(parts) + "}"


# -- after a valid hello -------------------------------------------------------------------


@given(frame=FRAMES)
@FUZZ
def test_any_frame_after_hello_is_answered_and_changes_nothing(
    table: Table, frame: str | bytes
) -> None:
    refused_after_hello(table, table.waiting, frame)


@given(message=wrong_fields())
@FUZZ
def test_wrong_types_after_hello_are_refused(table: Table, message: dict[str, Any]) -> None:
    got = refused_after_hello(table, table.to_move, json.dumps(message))
    action, seq = message.get("action"), message.get("seq")
    if message["type"] == "act" and not (isinstance(action, str) and type(seq) is int):
        assert [(m["type"], m["code"]) for m in got] == [("error", "malformed")]


@given(message=with_surrogates())
@FUZZ
def test_lone_surrogates_after_hello_are_answered(table: Table, message: str) -> None:
    # The seat to move: its acts are read (and refused: a lone surrogate is no move).
    refused_after_hello(table, table.to_move, message)


# -- as the first message ------------------------------------------------------------------


@given(frame=FRAMES)
@FUZZ
def test_any_first_frame_is_refused_with_a_close_code(table: Table, frame: str | bytes) -> None:
    first_message(table, frame)


@given(message=wrong_fields())
@FUZZ
def test_wrong_types_in_a_first_message_are_refused(table: Table, message: dict[str, Any]) -> None:
    got = first_message(table, json.dumps(message))
    if message["type"] != "hello":
        assert got[0]["type"] == "error"


@given(message=with_surrogates())
@FUZZ
def test_lone_surrogates_in_a_first_message_are_refused(table: Table, message: str) -> None:
    first_message(table, message)


def test_a_hello_with_a_wrong_seat_or_token_gets_4401(table: Table) -> None:
    for seat, token in [(0, "nope"), (1, table.tokens[0]), ("0", table.tokens[0]), (True, 1)]:
        message = {"type": "hello", "seat": seat, "token": token}
        got = first_message(table, json.dumps(message))
        assert [(m["type"], m["code"]) for m in got] == [("error", "auth")]


# -- what the fuzzers found (issue 14), fixed --------------------------------------------------------------


def test_a_hello_with_a_lone_surrogate_token_is_refused(table: Table) -> None:
    got = first_message(table, '{"type": "hello", "seat": 0, "token": "\\ud800"}')
    assert [(m["type"], m["code"]) for m in got] == [("error", "malformed")]


def test_a_first_message_nested_too_deep_is_refused(table: Table) -> None:
    got = first_message(table, nested(1500))
    assert [(m["type"], m["code"]) for m in got] == [("error", "malformed")]


def test_a_message_nested_too_deep_after_hello_is_refused(table: Table) -> None:
    # A socket of its own: the failure must not break the module's players.
    before = table.fingerprint()
    with table.client.websocket_connect(f"/ws/{table.id}") as socket:
        socket.send_json({"type": "hello", "since": 0})
        assert decoded(socket.receive())["type"] == "state"
        socket.send_text(nested(1500))
        answer = decoded(socket.receive())
        assert (answer["type"], answer["code"]) == ("error", "malformed")
    assert table.fingerprint() == before
