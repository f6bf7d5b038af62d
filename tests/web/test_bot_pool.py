"""The server's bots and hints think in a pool of worker processes (``bot_pool``): they
choose there exactly as in the server's own process, only the seat's observation goes
there, a worker that dies is replaced, and the tables with bots are rebuilt in the
background while the server already answers. No test here measures speed
(``benchmarks/bench_web_bots.py`` does)."""

from __future__ import annotations

import asyncio
import copy
import os
import pickle
import random
import threading
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.bots import Evaluation
from pegboard.cribbage import CribbageMatch
from pegboard.draw import Match
from pegboard.games import bot_levels, make_bot, quick_level
from pegboard.hints import hint
from pegboard.web import games, table_bots
from pegboard.web.app import create_app
from pegboard.web.bot_pool import BotPool, ThinkingError, WorkerCrashError
from pegboard.web.db import make_engine, upgrade
from pegboard.web.records import SeatInfo, TableRecord
from pegboard.web.store import Store

from .conftest import Player, new_table, seeds, service_of, token_of

HANG_GUARD = 60.0
"""Seconds before a test that waits fails (a guard against hanging, not a measure)."""


class Crash:
    """An argument whose unpickling ends the worker process on the spot (as a segfault or
    the OOM killer would)."""

    def __reduce__(self) -> tuple[Callable[[int], None], tuple[int]]:
        return (os._exit, (70,))


def positions(game: str, count: int, seed: int) -> list[games.AnyMatch]:
    """Positions of random play (each with a seat to act), from the deal on."""
    rng = random.Random(seed)
    asked = {"draw": {"players": 3}, "cribbage": {"best_of": 1}}.get(game, {})
    match = pegboard.games.get(game).new_match(pegboard.games.get(game).check_options(asked), seed)
    found: list[games.AnyMatch] = []
    while len(found) < count and match.current_player is not None:
        if rng.random() < 0.3:
            found.append(copy.deepcopy(match))
        seat = match.current_player
        legal = match.observation(seat).legal_actions()
        pegboard.games.get(game).play(match, seat, str(rng.choice(list(legal))))
    return found


def ranked(evaluations: list[Evaluation]) -> list[tuple[Any, ...]]:
    return [(str(e.action), e.value, e.unit, dict(e.details)) for e in evaluations]


@pytest.mark.parametrize("game", ["draw", "cribbage"])
def test_the_pool_moves_and_hints_as_the_server_process_would(game: str) -> None:
    """Same game, level, seed and observation: the same move, in a worker process and in a
    thread of this process (the server's rebuilt tables rely on it) as ``make_bot`` gives;
    and the same hint as ``pegboard.hints.hint`` on the position."""
    matches = positions(game, 4, seed=41)
    cases = [  # (ISMCTS, the slowest by far, on one position)
        (level, 1000 * n + len(level), match)
        for n, match in enumerate(matches)
        for level in bot_levels(game)
        if level != "ismcts" or n == 0
    ]
    hinted = [(1000 * n, match) for n, match in enumerate(matches[:2])]
    assert len({level for level, _, _ in cases}) >= 3

    async def run(pool: BotPool) -> tuple[list[str], list[list[tuple[Any, ...]]]]:
        try:
            moves = [
                await pool.bot_move(game, level, seed, match.observation(match.current_player))
                for level, seed, match in cases
            ]
            hints = [
                ranked(
                    (
                        await pool.hint(
                            game,
                            seed,
                            m.observation(m.current_player),
                            table=f"t{seed}",
                            address="a",
                        )
                    ).ranking
                )
                for seed, m in hinted
            ]
            return moves, hints
        finally:
            await pool.close()

    expected_moves = [
        str(make_bot(game, level, seed=seed).act(match.observation(match.current_player)))
        for level, seed, match in cases
    ]
    expected_hints = [ranked(hint(m, m.current_player, "expert", seed)) for seed, m in hinted]
    for workers in (2, 0):
        assert asyncio.run(run(BotPool(workers))) == (expected_moves, expected_hints)


def test_what_crosses_to_a_worker_is_the_seats_observation_alone() -> None:
    """Positions that differ only in what a seat may not know give that seat byte-identical
    pickles of its observation: nothing hidden from the seat can reach the worker."""
    rng = random.Random(5)
    differed = 0
    for match in positions("draw", 8, seed=3) + positions("cribbage", 8, seed=4):
        seat = match.current_player
        assert seat is not None
        if isinstance(match, Match):
            twin = copy.copy(match)
            twin._round = match.round.sample_hidden(seat, rng)  # type: ignore[misc]
            differed += twin.round.hands != match.round.hands
        else:
            assert isinstance(match, CribbageMatch)
            twin = match.sample_hidden(seat, rng)
            differed += twin.game.hands != match.game.hands
        mine = pickle.dumps(match.observation(seat))
        assert pickle.dumps(twin.observation(seat)) == mine
    assert differed >= 8  # the twins really were other deals


def test_a_dead_worker_is_replaced_and_an_error_leaves_the_pool_whole() -> None:
    match = positions("draw", 1, seed=8)[0]
    observation = match.observation(match.current_player)
    expected = str(make_bot("draw", "expert", seed=3).act(observation))

    async def run() -> None:
        pool = BotPool(1)
        try:
            assert await pool.bot_move("draw", "expert", 3, observation) == expected
            with pytest.raises(WorkerCrashError):
                await pool.bot_move("draw", "expert", 3, Crash())
            assert await pool.bot_move("draw", "expert", 3, observation) == expected
            # An error in the bot comes back as text; the worker lives on.
            with pytest.raises(ThinkingError) as error:
                await pool.bot_move("draw", "no-such-level", 3, observation)
            assert error.value.kind == "ValueError" and "no-such-level" in error.value.message
            assert await pool.bot_move("draw", "expert", 3, observation) == expected
        finally:
            await pool.close()

    asyncio.run(run())


def test_a_quick_level_moves_on_the_loop_as_a_worker_would_and_starts_no_worker() -> None:
    """Every quick level of every game (random, greedy, beginner, casual) gives the move
    the same bot makes in a process of its own, with no worker started; a level that
    thinks (the expert) starts them."""
    cases = [
        (game, level, 100 * n + k, match)
        for k, game in enumerate(games.game_names())
        for level in bot_levels(game)
        if quick_level(game, level)
        for n, match in enumerate(positions(game, 3, seed=20 + k))
    ]
    assert {level for _, level, _, _ in cases} >= {"random", "greedy", "beginner", "casual"}
    assert not quick_level("draw", "expert") and not quick_level("draw", "no-such-level")

    async def run() -> tuple[list[str], bool]:
        pool = BotPool(1)
        try:
            moves = [
                await pool.bot_move(game, level, seed, match.observation(match.current_player))
                for game, level, seed, match in cases
            ]
            started = pool.started
            thinking = positions("draw", 1, seed=2)[0]
            await pool.bot_move("draw", "expert", 1, thinking.observation(thinking.current_player))
            assert pool.started
            return moves, started
        finally:
            await pool.close()

    moves, started = asyncio.run(run())
    assert not started
    assert moves == [
        str(make_bot(game, level, seed=seed).act(match.observation(match.current_player)))
        for game, level, seed, match in cases
    ]


def test_a_table_whose_bots_are_quick_starts_no_worker(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    client = client_on(sqlite_url)
    table = new_table(
        client,
        "draw",
        [{"kind": "human"}, {"kind": "bot", "level": "greedy"}, {"kind": "bot", "level": "casual"}],
        players=3,
    )
    human = Player(client, table["table"], 0, token_of(table, 0))
    for _ in range(4):  # the bots move after each of the human's moves
        state = human.settle({1, 2})
        if state["view"]["is_over"]:
            break
        human.act(state["view"]["legal"][0]["action"])
    assert len(service_of(client).store.log(table["table"], 1)) >= 4
    assert not service_of(client).pool.started
    human.close()


def test_a_bot_whose_worker_died_moves_on_the_new_pool(
    client_on: Callable[..., TestClient], sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_bots, "RETRY_FIRST", 0.01)
    seed = next(s for s in range(100) if Match(2, seed=s).current_player == 0)  # the bot leads
    client = client_on(sqlite_url, seed=seeds(seed))
    pool = service_of(client).pool
    moves = pool.bot_move
    calls: list[int] = []

    async def first_one_crashes(game: str, level: str, seed: int, observation: Any) -> str:
        calls.append(seed)
        return await moves(game, level, seed, Crash() if len(calls) == 1 else observation)

    monkeypatch.setattr(pool, "bot_move", first_one_crashes)
    table = new_table(
        client, "draw", [{"kind": "bot", "level": "strong"}, {"kind": "human"}], players=2
    )
    human = Player(client, table["table"], 1, token_of(table, 1))
    state = human.settle({0})
    assert state["view"]["current"] == 1  # the bot moved, after its worker died once
    assert calls[0] == calls[1]  # the same move tried again, with the same seed
    assert service_of(client).store.log(table["table"], 1)[0][1] == 0
    human.close()


def test_the_server_answers_while_the_bots_tables_are_rebuilt_and_the_bots_resume(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Start-up with many tables whose bot is to move: the app answers requests before any
    is rebuilt; a table a client opens meanwhile is rebuilt once (with the rebuild's own
    waiters); then every bot plays on."""
    engine = make_engine(sqlite_url)
    upgrade(engine)
    store = Store(engine)
    # Seeds whose cut makes seat 1 deal (C2): the bot at seat 0 discards first.
    table_seeds = [s for s in range(2000) if CribbageMatch(best_of=1, seed=s).current_player == 0]
    table_seeds = table_seeds[:200]
    for n, seed in enumerate(table_seeds):
        store.create_table(
            TableRecord(
                id=f"t{n:04d}",
                game="cribbage",
                config={"best_of": 1},
                status="open",
                match_number=1,
                seed=seed,
                seats=[SeatInfo(0, "bot", "greedy", claimed=True), SeatInfo(1, "human")],
            )
        )
    engine.dispose()

    gate = threading.Event()  # every replay waits for it: the rebuild is held up
    replayed: Counter[int] = Counter()
    replay = games.replay_narrated

    def held_up(
        game: str, config: Any, seed: int, actions: Any
    ) -> tuple[games.AnyMatch, list[Any]]:
        replayed[seed] += 1
        gate.wait(HANG_GUARD)
        return replay(game, config, seed, actions)

    monkeypatch.setattr(games, "replay_narrated", held_up)
    with TestClient(create_app(sqlite_url, bot_delay=0, seed_source=seeds(1))) as client:
        try:
            tables = service_of(client)._tables
            assert client.get("/api/tables").status_code == 200
            assert client.get("/api/messages", params={"lang": "pt"}).status_code == 200
            made = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
            assert client.get(f"/api/tables/{made['table']}").status_code == 200
            assert set(tables) == {made["table"]}  # none of the 200 is rebuilt yet
            portal = client.portal
            assert portal is not None
            rebuilding = portal.call(lambda: list(service_of(client)._loading))
            assert rebuilding  # the resume is under way, held up at the gate
            later = next(f"t{n:04d}" for n in range(199, 0, -1) if f"t{n:04d}" not in rebuilding)
            opened = [  # by a client: one being rebuilt, one the resume has not reached
                portal.start_task_soon(service_of(client).get, table_id)
                for table_id in (rebuilding[0], later)
            ]
        finally:
            gate.set()
        portal.call(service_of(client).bots.resumed)
        assert [f.result(HANG_GUARD) for f in opened] == [tables[rebuilding[0]], tables[later]]
        assert set(tables) == {made["table"]} | {f"t{n:04d}" for n in range(200)}
        assert replayed == Counter(table_seeds)  # each table rebuilt exactly once
        bots = [t.bot_task for t in tables.values() if t.bot_task is not None]
        assert len(bots) == 200
        portal.call(lambda: asyncio.wait(bots, timeout=HANG_GUARD))
        for table in tables.values():
            if table.id != made["table"]:
                assert [seat for seat, _ in table.record.actions] == [0]  # the bot's discard
                assert table.match.current_player == 1


def test_serve_hands_bot_workers_to_the_app(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from pegboard.cli.main import app
    from pegboard.web import app as web_app

    made: list[int | None] = []

    def create(url: str, **options: Any) -> str:
        made.append(options["bot_workers"])
        return "the app"

    monkeypatch.setattr(web_app, "create_app", create)
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)
    runner = CliRunner()
    for given, expected in ([["--bot-workers", "3"], 3], [["--bot-workers", "0"], 0], [[], None]):
        result = runner.invoke(app, ["serve", "--db", sqlite_url, *given], env={"LANGUAGE": "en"})
        assert result.exit_code == 0, result.output
        assert made.pop() == expected
    result = runner.invoke(app, ["serve", "--db", sqlite_url, "--bot-workers", "-1"])
    assert result.exit_code == 2 and "--bot-workers" in result.output
