"""The front door of a real ``pegboard serve`` (issue 33, "A server that holds when exposed"):
headers bounded (431), half-sent requests timed out, connections per address capped, and
room kept for a person's request when half-sent ones fill the process's descriptors.

These bounds live below the app, in the server's HTTP protocol (``pegboard.web.front_door``),
so they are tried on real sockets. Linux routes all of 127/8 to the loopback: a client
socket bound to 127.0.0.2 is another address to the server."""

from __future__ import annotations

import json
import pickle
import re
import resource
import socket
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner
from websockets.sync.client import ClientConnection, connect

from pegboard.cli.main import app
from pegboard.web.front_door import DoorRules, FrontDoor
from tests.web.conftest import HANG_GUARD, PLAY_LIMIT_OPTIONS, Server

HALF_SENT = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
"""A request line and a header, and never the blank line that ends the headers."""


def server_with(
    tmp_path: Path,
    servers: list[Server],
    *options: str,
    preexec_fn: Callable[[], object] | None = None,
) -> Server:
    server = Server(
        f"sqlite:///{tmp_path / 'pegboard.db'}",
        tmp_path,
        [*PLAY_LIMIT_OPTIONS, *options],
        preexec_fn=preexec_fn,
    )
    servers.append(server)
    return server


def connection(server: Server, source: str) -> socket.socket:
    """A TCP connection to ``server`` from the loopback address ``source``."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(HANG_GUARD)
    sock.connect(("127.0.0.1", server.port))
    return sock


def half_sent(server: Server, source: str) -> socket.socket:
    sock = connection(server, source)
    sock.sendall(HALF_SENT)
    return sock


def closed_by_server(sock: socket.socket, within: float = HANG_GUARD) -> bool:
    """Whether the server closes ``sock`` (EOF or reset) within ``within`` seconds (a
    guard against hanging: the server's own time is the option under test)."""
    sock.settimeout(within)
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionError:
        return True
    return True


def status_from(server: Server, source: str, path: str = "/healthz") -> int | None:
    """A whole request from ``source``: its answer's status (None: closed unanswered)."""
    answer = b""
    with connection(server, source) as sock:
        try:
            sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
            while chunk := sock.recv(65536):
                answer += chunk
        except ConnectionError:
            return None
    return int(answer.split(b" ", 2)[1]) if answer else None


def response(sock: socket.socket) -> bytes:
    """One whole response read from a kept-alive connection (its head and its body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(65536)
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += sock.recv(65536)
    return head


def served_soon(server: Server, source: str) -> bool:
    """Whether a request from ``source`` is answered 200 within the guard's time (a place
    given back reaches the server as soon as it hears the socket close)."""
    deadline = time.monotonic() + HANG_GUARD
    while time.monotonic() < deadline:
        if status_from(server, source) == 200:
            return True
        time.sleep(0.05)
    return False


def vm_rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def settled_rss_kib(pid: int) -> int:
    """The server's resident memory once it has stopped changing (the server reads what
    was sent in its own time)."""
    last, deadline = vm_rss_kib(pid), time.monotonic() + 5
    while time.monotonic() < deadline:
        time.sleep(0.3)
        now = vm_rss_kib(pid)
        if now == last:
            return now
        last = now
    return last


@contextmanager
def sockets() -> Iterator[list[socket.socket]]:
    held: list[socket.socket] = []
    try:
        yield held
    finally:
        for sock in held:
            sock.close()


# -- headers -------------------------------------------------------------------------------


def test_unfinished_headers_past_the_limit_get_431_and_hold_no_memory(
    tmp_path: Path, servers: list[Server]
) -> None:
    """Eight sockets each send a header of 4 MiB that never ends. Before, the server kept
    every byte (32 MiB and more); now each is answered 431 (or cut) after 16 KiB and some."""
    server = server_with(tmp_path, servers)
    pid = server.process.pid
    before = settled_rss_kib(pid)
    piece = b"a" * 65536
    with sockets() as held:
        for _ in range(8):
            sock = connection(server, "127.0.0.1")
            held.append(sock)
            try:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: ")
                for _piece in range(64):  # 4 MiB
                    sock.sendall(piece)
            except ConnectionError:
                pass  # the server closed it: what is left unsent is never read
        grown = settled_rss_kib(pid) - before
        assert grown < 8 * 1024, f"the server grew by {grown} KiB"
        for sock in held:
            assert answer_or_close(sock) in (b"", b"HTTP/1.1 431")


def answer_or_close(sock: socket.socket) -> bytes | None:
    """The first bytes of the server's answer (``b""``: it closed, or reset the connection
    with data unread); None if it neither answered nor closed within the guard's time."""
    sock.settimeout(HANG_GUARD)
    try:
        return sock.recv(12)
    except ConnectionError:
        return b""
    except TimeoutError:
        return None


def test_whole_headers_past_the_limit_get_431_in_the_clients_language(
    tmp_path: Path, servers: list[Server]
) -> None:
    server = server_with(tmp_path, servers, "--max-header-bytes", "4096")
    big = httpx.get(
        f"{server.base}/api/games",
        headers={"Accept-Language": "pt-BR", "X-Filler": "a" * 5000},
        timeout=HANG_GUARD,
    )
    assert big.status_code == 431
    assert big.headers["connection"] == "close"
    assert big.headers["x-content-type-options"] == "nosniff"
    assert "content-security-policy" in big.headers
    assert big.json() == {"error": "A linha e os cabeçalhos de um pedido têm no máximo 4096 bytes."}
    small = httpx.get(f"{server.base}/api/games", headers={"X-Filler": "a" * 3000})
    assert small.status_code == 200


# -- time ----------------------------------------------------------------------------------


def test_half_sent_requests_are_closed_after_the_header_time(
    tmp_path: Path, servers: list[Server]
) -> None:
    """200 half-sent or silent connections from 127.0.0.2-5 (each address within its cap):
    a request from 127.0.0.1 is answered, and every one of them is closed once
    ``--header-seconds`` have passed. The deadline is the headers', not the connection's:
    headers sent in pieces within it are answered, a kept-alive connection waits between
    requests (until uvicorn's own 5 s of keep-alive), and a WebSocket outlives it."""
    server = server_with(tmp_path, servers, "--header-seconds", "0.5")
    table = new_table(server)
    with sockets() as held, watching(server, table, "127.0.0.1") as spectator:
        held += [half_sent(server, f"127.0.0.{2 + n % 4}") for n in range(100)]
        held += [connection(server, f"127.0.0.{2 + n % 4}") for n in range(100)]  # silent
        assert status_from(server, "127.0.0.1") == 200
        with connection(server, "127.0.0.1") as slow:
            for piece in (b"GET /healthz HTTP/1.1\r\n", b"Host: x\r\n", b"\r\n"):
                slow.sendall(piece)
                time.sleep(0.1)
            assert response(slow).startswith(b"HTTP/1.1 200")
            answered = time.monotonic()
            assert all(closed_by_server(sock) for sock in held)
            time.sleep(max(0.0, answered + 0.6 - time.monotonic()))  # past the deadline
            slow.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            assert response(slow).startswith(b"HTTP/1.1 200")
        spectator.send(json.dumps({"type": "ping"}))
        while json.loads(spectator.recv(timeout=HANG_GUARD))["type"] != "pong":
            pass


def test_a_trickled_request_and_a_body_that_never_comes_are_closed_too(
    tmp_path: Path, servers: list[Server]
) -> None:
    """A byte at a time restarted uvicorn's keep-alive timer for ever; the second request
    of a kept-alive connection has its own deadline from its first byte. A body announced
    and not sent has as long again as the headers had."""
    server = server_with(tmp_path, servers, "--header-seconds", "0.5")
    with connection(server, "127.0.0.1") as trickle, connection(server, "127.0.0.1") as post:
        trickle.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        assert response(trickle).startswith(b"HTTP/1.1 200")
        trickle.settimeout(0.1)
        closed = False
        for byte in b"GET /healthz HTTP/1.1\r\nX-Slow: " + b"a" * 100:  # 0.1 s a byte
            try:
                trickle.sendall(bytes([byte]))
                closed = trickle.recv(1) == b""
            except TimeoutError:
                continue
            except ConnectionError:
                closed = True
            if closed:
                break
        assert closed
        post.sendall(
            b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n{"
        )
        assert closed_by_server(post)


def new_table(server: Server) -> str:
    body = {"game": "draw", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = httpx.post(f"{server.base}/api/tables", json=body, timeout=HANG_GUARD)
    assert created.status_code == 201, created.text
    table_id: str = created.json()["table"]
    return table_id


@contextmanager
def watching(server: Server, table_id: str, source: str) -> Iterator[ClientConnection]:
    """A spectator's WebSocket from ``source``, past its hello."""
    with connect(
        f"ws://127.0.0.1:{server.port}/ws/{table_id}", source_address=(source, 0)
    ) as socket_:
        socket_.send(json.dumps({"type": "hello", "since": 0}))
        assert json.loads(socket_.recv(timeout=HANG_GUARD))["type"] == "state"
        yield socket_


# -- connections per address ---------------------------------------------------------------


def test_one_address_holds_at_most_its_connections_websockets_included(
    tmp_path: Path, servers: list[Server]
) -> None:
    """8 connections per address, 2 of them WebSockets: the ninth of 127.0.0.2 is closed at
    once, while another address connects; a WebSocket that closes gives its place back; a
    trusted proxy (127.0.0.4), through which every client comes, is not one client."""
    server = server_with(
        tmp_path,
        servers,
        *("--sockets-per-client", "2", "--connections-per-client", "8"),
        *("--proxy", "127.0.0.4"),
    )
    table = new_table(server)
    with ExitStack() as stack, sockets() as held:
        stack.enter_context(watching(server, table, "127.0.0.2"))
        stack.enter_context(watching(server, table, "127.0.0.2"))
        held += [connection(server, "127.0.0.2") for _ in range(6)]
        ninth = connection(server, "127.0.0.2")
        held.append(ninth)
        assert closed_by_server(ninth)
        assert status_from(server, "127.0.0.3") == 200
        held += [connection(server, "127.0.0.4") for _ in range(12)]
        assert status_from(server, "127.0.0.4") == 200
        stack.close()  # the two WebSockets
        assert served_soon(server, "127.0.0.2")


def test_connections_per_client_must_leave_room_for_pages() -> None:
    result = CliRunner().invoke(
        app, ["serve", "--connections-per-client", "66"], env={"LANGUAGE": "en"}
    )
    assert result.exit_code == 2
    words = " ".join(re.sub("[│╭╮╰╯─]", " ", result.output).split())  # out of rich's box
    assert "--connections-per-client" in words
    assert "66 leaves no room for pages" in words
    assert "at least 70 connections" in words


def test_the_front_door_reaches_the_worker_processes_whole() -> None:
    """``--workers N``: uvicorn hands its configuration, the front door with it, to each
    worker by pickle; the worker's door counts from nothing."""
    door = FrontDoor(DoorRules(16384, 10.0, 128, ("10.0.0.0/8", "*.sock")))
    door.enter("192.0.2.1")
    copy = pickle.loads(pickle.dumps(door))
    assert copy.rules == door.rules
    assert copy.client_key("10.1.2.3") is None  # a trusted proxy's network
    assert copy.client_key("*.sock") is None
    assert copy.client_key("2001:db8::1") == copy.client_key("2001:db8::2") == "2001:db8::/64"
    assert copy.client_key("::ffff:192.0.2.1") == "192.0.2.1"


# -- descriptors ---------------------------------------------------------------------------


def open_files(soft: int, hard: int) -> Callable[[], None]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))

    return limit


def test_serve_raises_its_open_files_limit_to_the_hard_one(
    tmp_path: Path, servers: list[Server]
) -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 512:
        pytest.skip(f"the hard limit of open files is {hard}")
    server = server_with(tmp_path, servers, preexec_fn=open_files(256, 512))
    limits = Path(f"/proc/{server.process.pid}/limits").read_text()
    line = next(line for line in limits.splitlines() if line.startswith("Max open files"))
    assert line.split()[3:5] == ["512", "512"]


def test_half_sent_requests_past_the_descriptors_leave_room_for_a_person(
    tmp_path: Path, servers: list[Server]
) -> None:
    """A server that may open 256 files, and 300 half-sent requests from 8 addresses
    (each within its cap): before, they took every descriptor and nobody else was
    served; now the longest waiting is closed to make room."""
    server = server_with(tmp_path, servers, preexec_fn=open_files(256, 256))
    with sockets() as held:
        for n in range(300):
            held.append(half_sent(server, f"127.0.0.{2 + n % 8}"))
        assert status_from(server, "127.0.0.1") == 200
