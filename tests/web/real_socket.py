"""A client of a real server over a real WebSocket (the ``websockets`` library), for the
tests that run ``pegboard serve`` in a subprocess or a thread: a seat or a spectator that
keeps every state's seq, syncs by ping, plays, reconnects."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.web.conftest import HANG_GUARD


class RealClient:
    """A player (or a spectator) over a real WebSocket; it keeps every state's seq."""

    def __init__(
        self, sockets: ExitStack, base: str, table_id: str, seat: int | None, token: str | None
    ) -> None:
        self.seat, self.token, self.table_id = seat, token, table_id
        self.sockets = sockets
        self.seqs: list[tuple[int, int]] = []
        """(match, seq) of every state received, in order."""
        self.closes: list[int | None] = []
        self.connect(base)

    def connect(self, base: str) -> None:
        url = base.replace("http://", "ws://") + f"/ws/{self.table_id}"
        self.socket: ClientConnection = self.sockets.enter_context(connect(url))
        hello: dict[str, Any] = {"type": "hello", "since": 0}
        if self.seat is not None:
            hello.update(seat=self.seat, token=self.token)
        self.socket.send(json.dumps(hello))
        self.state = self.receive()
        assert self.state["type"] == "state", self.state

    def receive(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=HANG_GUARD))
        if message["type"] == "state":
            self.state = message
            self.seqs.append((message["match"], message["seq"]))
        return message

    def sync(self) -> list[dict[str, Any]]:
        self.socket.send(json.dumps({"type": "ping"}))
        got = []
        while (message := self.receive())["type"] != "pong":
            got.append(message)
        return got

    def until(self, done: Callable[[dict[str, Any]], bool]) -> None:
        while not done(self.state):
            self.receive()

    def at(self, match: int, seq: int) -> None:
        self.until(lambda s: (s["match"], s["seq"]) >= (match, seq))

    def act(self, action: str) -> None:
        """Play ``action`` from the last state; the server's answers are states only, and
        the table moved on by exactly that move."""
        seq = self.state["seq"]
        self.socket.send(json.dumps({"type": "act", "action": action, "seq": seq}))
        assert all(m["type"] == "state" for m in self.sync())
        assert self.state["seq"] == seq + 1, self.state

    def closed(self) -> int | None:
        """Read until the server closes the socket: its close code."""
        try:
            while True:
                self.receive()
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd else None
