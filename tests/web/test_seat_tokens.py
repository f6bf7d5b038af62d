"""A seat's token is checked on every action, not only at hello; a seat given up or taken
closes its other sockets at once; an invitation and a join of one seat: exactly one wins;
a failed commit is told to the clients before their sockets close (issue 14)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect

from pegboard.i18n import translator
from pegboard.web.db import make_engine, upgrade
from pegboard.web.service import TableService
from pegboard.web.store import Store
from pegboard.web.table_body import read_new_table
from pegboard.web.tables import ClientError, LiveTable, LobbyError, hash_token
from tests.web.conftest import PLAY_LIMITS, Player, new_table, service_of, token_of

EN = translator("en")  # the language of a body's refusal

T = TypeVar("T")


OPENED = itertools.count()


class Socket:
    """A connection as the service sees one: what it was sent, and how it was closed."""

    def __init__(self, seat: int | None, lang: str = "en", address: str = "test") -> None:
        self.seat = seat
        self.lang = lang
        self.address = address
        self.opened = next(OPENED)
        self.token_hash: str | None = None
        self.sent: list[dict[str, Any]] = []
        self.closed: int | None = None

    def send(self, message: dict[str, Any]) -> None:
        if self.closed is None:
            self.sent.append(message)

    def close(self, code: int) -> None:
        if self.closed is None:
            self.closed = code


def with_service(url: str, body: Callable[[TableService], Awaitable[T]]) -> T:
    async def main() -> T:
        engine = make_engine(url)
        await asyncio.to_thread(upgrade, engine)
        store = Store(engine)
        service = TableService(store, bot_delay=0, seed_source=lambda: 7, limits=PLAY_LIMITS)
        try:
            return await body(service)
        finally:
            await service.close()
            store.dispose()
            engine.dispose()

    return asyncio.run(main())


TWO_HUMANS = {
    "game": "draw",
    "players": 2,
    "seats": [{"kind": "human"}, {"kind": "human"}],
    "public": True,  # its free seat may be joined from the list
}


async def seated(service: TableService) -> tuple[LiveTable, dict[int, str]]:
    """A new table of two people, both seats claimed: each seat's token."""
    table, tokens, invites = await service.maker.create(read_new_table(TWO_HUMANS, EN))
    seat, tokens[1] = await service.seats.claim(table, invites[1], None, "en")
    assert seat == 1
    return table, tokens


async def move_for(service: TableService, table: LiveTable, socket: Socket) -> str:
    """A legal move of the socket's seat, from the state it was sent."""
    view = service.state(table, socket)["view"]
    action: str = view["legal"][0]["action"]
    return action


def test_a_socket_whose_seat_was_given_up_cannot_play_for_the_new_holder(sqlite_url: str) -> None:
    async def body(service: TableService) -> None:
        table, tokens = await seated(service)
        first, old, second_tab = Socket(0), Socket(1), Socket(1)
        await service.seats.connect(table, first, tokens[0])
        await service.seats.connect(table, old, tokens[1])
        await service.seats.connect(table, second_tab, tokens[1])
        if table.match.current_player == 0:
            await service.act(table, first, await move_for(service, table, first), table.seq)
        assert table.match.current_player == 1
        action = await move_for(service, table, old)

        await service.seats.leave(table, 1, tokens[1], "en")
        for socket in (old, second_tab):  # closed at once, told why
            assert socket.closed == 4403
            assert socket.sent[-1]["code"] == "auth"
        await service.seats.join(table, 1, "Bo", "en")  # a newcomer takes the seat
        seq = table.seq
        with pytest.raises(ClientError) as refused:
            await service.act(table, old, action, seq)  # its reader had the message already
        assert refused.value.code == "auth"
        with pytest.raises(ClientError):
            await service.hints.hint(table, old)
        with pytest.raises(ClientError):
            await service.switch_language(table, old, "pt_BR")  # no view of the new hand
        assert table.seq == seq
        assert len(await asyncio.to_thread(service.store.log, table.id, 1)) == seq

    with_service(sqlite_url, body)


def test_a_token_replaced_after_hello_is_refused_at_the_next_action(sqlite_url: str) -> None:
    """The same seat, a token changed under it without a broadcast (as a second server
    process would): the service compares the hash on each action, not the hello's answer."""

    async def body(service: TableService) -> None:
        table, tokens = await seated(service)
        mover = table.match.current_player
        assert mover is not None
        socket = Socket(mover)
        await service.seats.connect(table, socket, tokens[mover])
        table.record.seats[mover].token_hash = hash_token("someone else's")
        with pytest.raises(ClientError) as refused:
            await service.act(table, socket, await move_for(service, table, socket), 0)
        assert refused.value.code == "auth" and socket.closed == 4403
        assert table.seq == 0

    with_service(sqlite_url, body)


@pytest.mark.parametrize("join_first", [False, True])
def test_an_invitation_and_a_join_of_one_seat_exactly_one_wins(
    db_url: str, join_first: bool
) -> None:
    async def body(service: TableService) -> list[str]:
        winners = []
        for _try in range(30):
            table, _tokens, invites = await service.maker.create(read_new_table(TWO_HUMANS, EN))
            invited = service.seats.claim(table, invites[1], "Cy", "en")
            join = service.seats.join(table, 1, "Bo", "en")
            pair = (join, invited) if join_first else (invited, join)
            results = await asyncio.gather(*pair, return_exceptions=True)
            by_name = dict(
                zip(("join", "claim") if join_first else ("claim", "join"), results, strict=True)
            )
            won = [name for name, result in by_name.items() if not isinstance(result, Exception)]
            assert len(won) == 1, by_name
            seat = table.record.seats[1]
            assert seat.claimed and seat.invite_hash is None  # the invitation is spent
            if won == ["claim"]:
                assert isinstance(by_name["join"], LobbyError) and by_name["join"].status == 409
                claimed = by_name["claim"]
                assert isinstance(claimed, tuple)
                assert seat.token_hash == hash_token(claimed[1]) and seat.name == "Cy"
            else:
                assert isinstance(by_name["claim"], LobbyError)
                assert by_name["claim"].status == 410
                assert seat.name == "Bo"
            stored = await asyncio.to_thread(service.store.load_table, table.id)
            assert stored is not None and stored.seats[1].token_hash == seat.token_hash
            winners += won
        return winners

    winners = with_service(db_url, body)
    assert len(winners) == 30


def test_a_failed_commit_sends_the_error_then_closes(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    players = [
        Player(client, table["table"], n, token_of(table, n), lang)
        for n, lang in ((0, "en"), (1, "pt"))
    ]
    for player in players:
        player.sync()
    current = players[0].state["view"]["current"]
    mover, other = players[current], players[1 - current]
    action = mover.state["view"]["legal"][0]["action"]

    def broken(*args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(service_of(client).store, "add_actions", broken)
    mover.send({"type": "act", "action": action, "seq": 0})
    said = {
        "en": "The move could not be saved: connect again.",
        "pt": "Não foi possível salvar a jogada: conecte-se de novo.",
    }
    for player, lang in (
        (mover, "en" if current == 0 else "pt"),
        (other, "pt" if current == 0 else "en"),
    ):
        told = player.receive()  # each in its own language, the mover too
        assert told == {"type": "error", "code": "server", "message": said[lang], "rule": None}
        with pytest.raises(WebSocketDisconnect) as closed:
            player.receive()
        assert closed.value.code == 1011
        player.close()
    monkeypatch.undo()
    again = Player(client, table["table"], current, token_of(table, current))
    assert again.state["seq"] == 0  # rebuilt from the log: the move was never saved
