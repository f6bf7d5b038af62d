"""Bots' moves go before hints, and hints are shared fairly per table and per address
(issue 33: 64 sockets of one address asking for hints made every bot of the server wait,
a victim's expert move 0.41 s -> 3.8 s at the median).

The app's pool is real but its workers are faked (``HeldWorkers``): what the pool hands a
worker waits there until the test lets it through, so the order in which the pool hands
them on is seen exactly, without a process or a clock. The queue itself
(``pegboard.web.thinking_queue``) is tested on its own at the end."""

from __future__ import annotations

import asyncio
import dataclasses
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.bots import move_seed
from pegboard.draw import Match
from pegboard.web import bot_pool
from pegboard.web.app import create_app
from pegboard.web.bot_pool import BotPool
from pegboard.web.limits import Limits
from pegboard.web.thinking_queue import HintsWaitingError, ThinkingQueue

from .conftest import (
    HANG_GUARD,
    OPEN_PLAYERS,
    PLAY_LIMITS,
    Player,
    another_browser,
    new_table,
    service_of,
    token_of,
)

HUMAN_LEADS = [s for s in range(400) if Match(2, seed=s).current_player == 0]
"""Deals of Draw for two whose seat 0 (the human's) leads: each table's seed is its own."""


@dataclass
class Call:
    """One thing handed to a worker: a bot's move or a hint, and its answer to be."""

    function: Callable[..., Any]
    args: tuple[Any, ...]
    future: Future[Any] = field(default_factory=Future)

    @property
    def kind(self) -> str:
        return "move" if self.function is bot_pool.bot_move else "hint"

    def answer(self) -> None:
        """A quick answer of the right kind: a greedy bot's move (legal), no hints."""
        if self.kind == "move":
            game, _level, seed, observation = self.args
            self.future.set_result(bot_pool.bot_move(game, "greedy", seed, observation))
        else:
            self.future.set_result(bot_pool.Hint([], None))


class HeldWorkers:
    """The pool's executor, faked: each call waits until ``let_through`` (or, once
    ``hold`` is False, is answered as it comes)."""

    def __init__(self) -> None:
        self.calls: list[Call] = []
        self.hold = True
        self._lock = threading.Lock()

    def submit(self, guarded: Callable[..., Any], function: Callable[..., Any], *args: Any) -> Any:
        call = Call(function, args)
        with self._lock:
            self.calls.append(call)
            if not self.hold:
                call.answer()
        return call.future

    def held(self) -> list[Call]:
        with self._lock:
            return [c for c in self.calls if not c.future.done()]

    def let_through(self, kind: str | None = None) -> Call:
        """Answer the oldest call held (of ``kind``: "move" or "hint")."""
        call = next(c for c in self.held() if kind in (None, c.kind))
        call.answer()
        return call

    def let_all_through(self) -> None:
        with self._lock:
            self.hold = False
            for call in self.calls:
                if not call.future.done():
                    call.answer()

    def wait_for(self, count: int) -> None:
        """Until ``count`` calls were handed over in all."""
        deadline = time.monotonic() + HANG_GUARD
        while len(self.calls) < count:
            assert time.monotonic() < deadline, f"{[c.kind for c in self.calls]}, not {count}"
            time.sleep(0.005)


@dataclass
class Watched:
    """The app, its faked workers, and how many hints and moves reached its pool."""

    client: TestClient
    workers: HeldWorkers
    asked: dict[str, int]

    def settle(self, kind: str, count: int) -> None:
        """Until ``count`` ``kind``s ("hint" or "move") reached the pool, and are queued:
        the few steps of the loop from the pool's door to its queue, none of which waits
        for anything else, have run."""
        deadline = time.monotonic() + HANG_GUARD
        while self.asked[kind] < count:
            assert time.monotonic() < deadline, f"{self.asked[kind]} {kind}s, not {count}"
            time.sleep(0.005)
        portal = self.client.portal
        assert portal is not None

        async def steps() -> None:
            for _ in range(20):
                await asyncio.sleep(0)

        portal.call(steps)


@pytest.fixture
def watch(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., Watched]]:
    """``watch(workers=1, limits=PLAY_LIMITS)``: an app whose pool has ``workers`` faked
    workers, and what reaches them."""
    held = HeldWorkers()
    clients: list[TestClient] = []

    def start(workers: int = 1, limits: Limits = PLAY_LIMITS) -> Watched:
        table_seeds = iter(HUMAN_LEADS)
        app = create_app(
            sqlite_url,
            bot_delay=0,
            bot_workers=workers,
            limits=limits,
            seed_source=lambda: next(table_seeds),
        )
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        pool = service_of(client).pool
        asked = {"hint": 0, "move": 0}

        async def ready() -> HeldWorkers:
            return held

        hint, move = pool.hint, pool.bot_move

        async def counted_hint(*args: Any, **options: Any) -> Any:
            asked["hint"] += 1
            return await hint(*args, **options)

        async def counted_move(*args: Any, **options: Any) -> Any:
            asked["move"] += 1
            return await move(*args, **options)

        monkeypatch.setattr(pool, "_ready", ready)
        monkeypatch.setattr(pool, "start", lambda: None)  # no process is started
        monkeypatch.setattr(pool, "hint", counted_hint)
        monkeypatch.setattr(pool, "bot_move", counted_move)
        return Watched(client, held, asked)

    yield start
    held.let_all_through()
    while OPEN_PLAYERS:
        OPEN_PLAYERS[-1].close()
    for client in clients:
        client.__exit__(None, None, None)


@dataclass
class Seated:
    """A person's socket at a table of theirs (they lead, an expert bot follows), and the
    seed the hints of its first position are thought with (which tells them apart)."""

    player: Player
    table_id: str
    seed: int


def seated(client: TestClient) -> Seated:
    """A new table of a person and an expert bot, the person's socket from ``client``
    (its address)."""
    table = new_table(
        client, "draw", [{"kind": "human"}, {"kind": "bot", "level": "expert"}], players=2
    )
    player = Player(client, table["table"], 0, token_of(table, 0))
    assert player.state["view"]["current"] == 0
    seed = service_of(client)._tables[table["table"]].record.seed
    return Seated(player, table["table"], move_seed(seed, 0))


def answer(player: Player) -> dict[str, Any]:
    """The next message that is not a state (a hint, or an error)."""
    while (message := player.receive())["type"] == "state":
        pass
    return message


def answer_at_once(player: Player, message: dict[str, Any], workers: HeldWorkers) -> Any:
    """Send ``message``; its answer if it comes while every call stays held in the workers
    (None: it did not, within the hang guard), then let them all through."""
    got: list[dict[str, Any]] = []
    reader = threading.Thread(target=lambda: got.append(answer(player)))
    player.send(message)
    reader.start()
    reader.join(HANG_GUARD)
    came = got[0] if got else None
    workers.let_all_through()
    reader.join(HANG_GUARD)
    return came


def test_a_bot_move_asked_after_many_hints_goes_before_them(
    watch: Callable[..., Watched],
) -> None:
    watched = watch()
    client, workers = watched.client, watched.workers
    flood = [seated(client) for _ in range(5)]  # the most one address has out
    victim = seated(client).player
    for n, asking in enumerate(flood, start=1):
        asking.player.send({"type": "hint"})
        watched.settle("hint", n)
    workers.wait_for(1)  # the first hint thinks; four wait
    victim.act(victim.state["view"]["legal"][0]["action"])
    assert victim.state["view"]["current"] == 1  # the expert bot's turn: asked after them
    watched.settle("move", 1)
    order = []
    for count in range(2, 7):
        order.append(workers.let_through().kind)
        workers.wait_for(count)
    order += [call.kind for call in workers.held()]
    assert order == ["hint", "move", "hint", "hint", "hint", "hint"]
    workers.let_all_through()
    for asking in flood:
        assert answer(asking.player)["type"] == "hint"
    assert victim.settle({1})["view"]["current"] == 0  # the bot moved


def test_two_addresses_hints_take_turns(watch: Callable[..., Watched]) -> None:
    """One address asks for three hints, then another for three: each address's next hint
    in turn, not the first address's three first."""
    watched = watch()
    client, workers = watched.client, watched.workers
    other = another_browser(client, client=("192.0.2.7", 50000))
    first = seated(client)
    ours = [seated(client) for _ in range(3)]
    theirs = [seated(other) for _ in range(3)]
    first.player.send({"type": "hint"})
    watched.settle("hint", 1)
    workers.wait_for(1)
    for n, asking in enumerate(ours + theirs, start=2):
        asking.player.send({"type": "hint"})
        watched.settle("hint", n)
    names = {asking.seed: f"ours {n}" for n, asking in enumerate(ours)}
    names |= {asking.seed: f"theirs {n}" for n, asking in enumerate(theirs)}
    for count in range(2, 8):
        workers.let_through()
        workers.wait_for(count)
    served = [names[call.args[1]] for call in workers.calls[1:]]
    assert served == ["ours 0", "theirs 0", "ours 1", "theirs 1", "ours 2", "theirs 2"]
    workers.let_all_through()
    for asking in [first, *ours, *theirs]:
        assert answer(asking.player)["type"] == "hint"


def test_the_same_hint_asked_twice_at_a_table_is_thought_once(
    watch: Callable[..., Watched],
) -> None:
    """Two sockets of one seat (two tabs, or a double click): the same question while the
    first is thought out waits for the same answer."""
    watched = watch()
    client, workers = watched.client, watched.workers
    table = seated(client)
    other_tab = Player(client, table.table_id, 0, table.player.token)
    table.player.send({"type": "hint"})
    watched.settle("hint", 1)
    workers.wait_for(1)
    other_tab.send({"type": "hint"})
    watched.settle("hint", 2)
    workers.let_all_through()
    first, second = answer(table.player), answer(other_tab)
    assert first["type"] == second["type"] == "hint"
    assert first["hints"] == second["hints"]
    assert len(workers.calls) == 1  # thought once


def test_a_hint_at_a_new_position_while_the_tables_first_is_out_is_refused(
    watch: Callable[..., Watched],
) -> None:
    """The table moved on (the seat played from another tab) while its hint was thought
    out: a hint at the new position is refused at once (``busy``), the first is refused as
    stale when it comes, and the next one is answered."""
    watched = watch(workers=2)
    client, workers = watched.client, watched.workers
    table = seated(client)
    other_tab = Player(client, table.table_id, 0, table.player.token)
    table.player.send({"type": "hint"})
    watched.settle("hint", 1)
    workers.wait_for(1)
    other_tab.act(other_tab.state["view"]["legal"][0]["action"])
    watched.settle("move", 1)
    workers.wait_for(2)
    assert workers.let_through("move").kind == "move"  # the bot's, in the second worker
    assert other_tab.settle({1})["view"]["current"] == 0  # the person's turn again
    refused = answer_at_once(other_tab, {"type": "hint"}, workers)
    assert refused is not None, "the second hint waited"
    assert refused["type"] == "error" and refused["code"] == "busy", refused
    assert "still being worked out" in refused["message"]
    assert answer(table.player)["code"] == "stale"
    assert other_tab.answer({"type": "hint"})["type"] == "hint"


def test_an_address_has_a_bounded_number_of_hints_waiting(
    watch: Callable[..., Watched],
) -> None:
    """``--hints-per-client 2``: one hint thinks, two wait; one more from that address is
    refused at once (``too_many``), while another address's waits its turn."""
    watched = watch(limits=dataclasses.replace(PLAY_LIMITS, hints_per_client=2))
    client, workers = watched.client, watched.workers
    ours = [seated(client) for _ in range(4)]
    theirs = seated(another_browser(client, client=("192.0.2.7", 50000)))
    for n, asking in enumerate(ours[:3], start=1):
        asking.player.send({"type": "hint"})
        watched.settle("hint", n)
    workers.wait_for(1)
    theirs.player.send({"type": "hint"})
    watched.settle("hint", 4)
    refused = answer_at_once(ours[3].player, {"type": "hint"}, workers)
    assert refused is not None, "the hint past the bound waited"
    assert refused["type"] == "error" and refused["code"] == "too_many", refused
    assert "your address" in refused["message"]
    for asking in [*ours[:3], theirs]:
        assert answer(asking.player)["type"] == "hint"
    assert ours[3].player.answer({"type": "hint"})["type"] == "hint"  # none waits now


# -- the queue on its own ----------------------------------------------------------------


def test_the_queue_serves_moves_first_then_each_address_in_turn() -> None:
    async def run() -> list[str]:
        queue = ThinkingQueue(1)
        order: list[str] = []
        release = asyncio.Event()

        async def hold() -> None:
            async with queue.move():
                await release.wait()

        async def think(name: str, address: str | None) -> None:
            slot = queue.move() if address is None else queue.hint(address, 10)
            async with slot:
                order.append(name)
                await asyncio.sleep(0)

        holder = asyncio.create_task(hold())
        await asyncio.sleep(0)
        asked = [("a1", "A"), ("a2", "A"), ("a3", "A"), ("b1", "B"), ("c1", "C"), ("b2", "B")]
        tasks = [asyncio.create_task(think(name, address)) for name, address in asked]
        await asyncio.sleep(0)
        tasks.append(asyncio.create_task(think("move", None)))
        await asyncio.sleep(0)
        assert queue.hints_waiting("A") == 3 and queue.hints_waiting("B") == 2
        release.set()
        await asyncio.gather(holder, *tasks)
        return order

    assert asyncio.run(run()) == ["move", "a1", "b1", "c1", "a2", "b2", "a3"]


def test_the_queue_refuses_past_the_bound_and_forgets_a_waiter_that_went() -> None:
    async def run() -> None:
        queue = ThinkingQueue(1)
        release = asyncio.Event()

        async def hold() -> None:
            async with queue.move():
                await release.wait()

        async def think(address: str) -> str:
            async with queue.hint(address, 2):
                return address

        holder = asyncio.create_task(hold())
        await asyncio.sleep(0)
        waiting = [asyncio.create_task(think("A")) for _ in range(2)]
        await asyncio.sleep(0)
        with pytest.raises(HintsWaitingError):
            async with queue.hint("A", 2):
                pass
        waiting[0].cancel()  # its asker went: its place is free
        await asyncio.sleep(0)
        assert queue.hints_waiting("A") == 1
        waiting.append(asyncio.create_task(think("A")))
        await asyncio.sleep(0)
        release.set()
        await holder
        assert await asyncio.gather(*waiting[1:]) == ["A", "A"]
        # Every slot came back: one more goes through at once.
        async with asyncio.timeout(HANG_GUARD), queue.move():
            pass

    asyncio.run(run())


def test_a_slot_given_to_a_waiter_that_was_cancelled_goes_to_the_next() -> None:
    async def run() -> list[str]:
        queue = ThinkingQueue(1)
        order: list[str] = []

        async def think(name: str) -> None:
            async with queue.hint("A", 10):
                order.append(name)

        holding = queue.move()
        await holding.__aenter__()
        first, second = asyncio.create_task(think("first")), asyncio.create_task(think("second"))
        await asyncio.sleep(0)
        await holding.__aexit__(None, None, None)  # the slot goes to ``first``...
        first.cancel()  # ...which is cancelled before it runs
        await asyncio.gather(first, second, return_exceptions=True)
        async with asyncio.timeout(HANG_GUARD), queue.move():  # no slot was lost
            pass
        return order

    assert asyncio.run(run()) == ["second"]


def test_threads_mode_queues_nothing_but_keeps_one_hint_per_table(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``workers=0``: everything thinks at once, as before the pool (no address's bound
    applies, since nothing waits); a table's hints are still one at a time."""
    gate = threading.Event()

    def held_ranking(*args: Any) -> list[Any]:
        gate.wait(HANG_GUARD)
        return []

    monkeypatch.setattr(bot_pool, "hint_ranking", held_ranking)

    async def run() -> None:
        pool = BotPool(0)
        observation = Match(2, seed=HUMAN_LEADS[0]).observation(0)
        try:
            asked = [
                asyncio.create_task(
                    pool.hint("draw", 1, observation, table=f"t{n}", address="A", most_waiting=1)
                )
                for n in range(3)
            ]
            await asyncio.sleep(0)
            with pytest.raises(bot_pool.HintBusyError):
                await pool.hint("draw", 2, observation, table="t0", address="A")
            gate.set()
            assert [hint.ranking for hint in await asyncio.gather(*asked)] == [[], [], []]
        finally:
            gate.set()
            await pool.close()

    asyncio.run(run())


def test_serve_hands_hints_per_client_to_the_app(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from pegboard.cli.main import app
    from pegboard.web import app as web_app

    made: list[int] = []

    def create(url: str, **options: Any) -> str:
        made.append(options["limits"].hints_per_client)
        return "the app"

    monkeypatch.setattr(web_app, "create_app", create)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)
    runner = CliRunner()
    for given, expected in ([["--hints-per-client", "9"], 9], [[], 4]):
        result = runner.invoke(app, ["serve", "--db", sqlite_url, *given], env={"LANGUAGE": "en"})
        assert result.exit_code == 0, result.output
        assert made.pop() == expected
    result = runner.invoke(app, ["serve", "--db", sqlite_url, "--hints-per-client", "0"])
    assert result.exit_code == 2 and "--hints-per-client" in result.output
