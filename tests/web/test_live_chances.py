"""Every seat's chance of winning on a live table (issue 37, ``pegboard.web.table_chances``):
for the clients that switch it on, after each move, from the public facts only; never at a
rated table."""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard import games
from pegboard.analysis import public_win_probabilities
from pegboard.web.bot_pool import BotPool
from pegboard.web.table_chances import SAMPLES, chances_seed
from tests.web.conftest import (
    Player,
    another_browser,
    claim,
    invite_of,
    leaks,
    new_table,
    play_out,
    service_of,
    token_of,
    truth_of,
)

TWO = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def chances_at(player: Player, seq: int, tries: int = 400) -> dict[str, Any]:
    """The ``chances`` message of the position ``seq`` (worked out in the pool's thread:
    asked again until it has come)."""
    for _ in range(tries):
        for message in player.messages + player.sync():
            if message["type"] == "chances" and message.get("seq") == seq and message["chances"]:
                return message
        time.sleep(0.01)
    raise AssertionError(f"no chances at move {seq}: {player.messages[-5:]}")


def seated(client: TestClient, game: str, **options: Any) -> tuple[dict[str, Any], list[Player]]:
    table = new_table(client, game, TWO, **options)
    players = [Player(client, table["table"], s, token_of(table, s)) for s in (0, 1)]
    return table, players


@pytest.mark.parametrize("game", ["draw", "cribbage", "all-fives"])
def test_a_spectator_who_switched_it_on_gets_every_seats_chance_after_a_move(
    client: TestClient, game: str
) -> None:
    table, players = seated(client, game, **({"players": 2} if game == "draw" else {}))
    assert client.get(f"/api/tables/{table['table']}").json()["chances"] is True
    watching = Player(client, table["table"], None, None)
    other = Player(client, table["table"], None, None)
    answer = watching.answer({"type": "chances", "on": True})
    assert answer["type"] == "chances" and answer["on"] is True and answer["seq"] == 0
    first = chances_at(watching, 0)
    play_out(players, random.Random(4), moves=3)
    players[0].sync()
    seq = players[0].state["seq"]
    message = chances_at(watching, seq)
    assert message["match"] == 1 and len(message["chances"]) == 2
    assert sum(message["chances"]) == pytest.approx(1, abs=1e-6)
    # What the library gives from the same public facts, with the position's seed.
    service = service_of(client)
    live = service._tables[table["table"]]
    description = games.get(game)
    seed = chances_seed(live.record.seed, 1, seq)
    expected = public_win_probabilities(description, live.match, samples=SAMPLES, seed=seed)
    assert message["chances"] == pytest.approx(list(expected))
    assert first["seq"] == 0
    # The spectator who did not switch it on got none; nor did the players.
    for player in (other, *players):
        player.sync()
        assert [m for m in player.messages if m["type"] == "chances"] == []
    # Off: no more.
    assert watching.answer({"type": "chances", "on": False}) == {"type": "chances", "on": False}
    before = len([m for m in watching.messages if m["type"] == "chances"])
    play_out(players, random.Random(5), moves=2)
    time.sleep(0.3)
    watching.sync()
    assert len([m for m in watching.messages if m["type"] == "chances"]) == before
    for player in (watching, other, *players):
        player.close()


def test_a_seat_may_switch_it_on_for_itself_and_nothing_names_a_hidden_tile(
    client: TestClient,
) -> None:
    """The chances go to the seat that asked, and no message to a spectator or a seat
    names a tile it may not know (the tests' scan of hidden information)."""
    table, players = seated(client, "draw", players=2)
    watching = Player(client, table["table"], None, None)
    assert players[1].answer({"type": "chances", "on": True})["type"] == "chances"
    watching.answer({"type": "chances", "on": True})
    rng = random.Random(7)
    for _ in range(6):
        play_out(players, rng, moves=1)
        players[0].sync()
        seq = players[0].state["seq"]
        chances_at(players[1], seq)
        chances_at(watching, seq)
        if players[0].state["view"]["is_over"]:
            break
    players[0].sync()
    assert [m for m in players[0].messages if m["type"] == "chances"] == []
    truth = truth_of(client, table["table"])
    for player in (watching, *players):
        for message in player.messages:
            seq = message.get("seq", players[0].state["seq"])
            assert leaks(message, truth.hidden(seq, player.seat)) == [], message
    for player in (watching, *players):
        player.close()


def test_a_rated_table_refuses_the_chances_in_words_and_changes_nothing(
    client: TestClient,
) -> None:
    made = new_table(client, "draw", [*TWO[:1], {"kind": "human"}], players=2, rated=True)
    browser = another_browser(client, client=("192.0.2.9", 50000))
    answer = claim(browser, made["table"], invite_of(made, 1), name="Bo")
    assert answer.status_code == 200, answer.text
    ana = Player(client, made["table"], 0, made["seats"][0]["token"])
    bo = Player(browser, made["table"], 1, answer.json()["token"], lang="pt")
    watching = Player(client, made["table"], None, None)
    assert client.get(f"/api/tables/{made['table']}").json()["chances"] is False
    english = watching.answer({"type": "chances", "on": True})
    assert english["type"] == "error" and english["code"] == "no_chances"
    assert "rated table" in english["message"]
    for player in (ana, bo):
        player.sync()  # who is here
        refused = player.answer({"type": "chances", "on": True})
        assert refused["code"] == "no_chances"
    translated = next(m for m in bo.messages if m.get("code") == "no_chances")
    assert translated["message"] != english["message"] and "ranqueada" in translated["message"]
    play_out([ana, bo], random.Random(3), moves=3)
    time.sleep(0.3)
    for player in (ana, bo, watching):
        player.sync()
        assert [m for m in player.messages if m["type"] == "chances"] == []
    assert service_of(client).chances._wanted == {}
    for player in (ana, bo, watching):
        player.close()


def test_a_partnership_draw_table_does_not_offer_chances_its_tables_do_not_hold(
    client: TestClient,
) -> None:
    # Draw's tables are of players alone (D21, D24: partners score as a side to 100).
    four = [TWO[0], *({"kind": "bot", "level": "random"} for _ in range(3))]
    made = new_table(client, "draw", four, players=4, partnerships=1)
    assert client.get(f"/api/tables/{made['table']}").json()["chances"] is False
    alone = new_table(client, "draw", four, players=4)
    assert client.get(f"/api/tables/{alone['table']}").json()["chances"] is True
    watching = Player(client, made["table"], None, None)
    refused = watching.answer({"type": "chances", "on": True})
    assert refused["code"] == "no_chances"
    assert "do not cover this table's options" in refused["message"]
    watching.close()


def test_a_chances_message_says_on_or_off(client: TestClient) -> None:
    table, players = seated(client, "draw", players=2)
    watching = Player(client, table["table"], None, None)
    refused = watching.answer({"type": "chances", "on": "yes"})
    assert refused["code"] == "malformed" and "true or false" in refused["message"]
    for player in (watching, *players):
        player.close()


def test_a_move_while_the_chances_are_worked_out_replaces_the_one_waiting(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Coalesced per table: the pool is asked for the positions in turn, but a position
    the table left before its turn came is never worked out."""
    service = service_of(client)
    asked: list[int] = []
    real = service.pool.chances

    async def slow(game: str, seed: int, match: Any, samples: int, *, table: str) -> Any:
        asked.append(seed)
        await asyncio.sleep(0.3)
        return await real(game, seed, match, samples, table=table)

    monkeypatch.setattr(service.pool, "chances", slow)
    table, players = seated(client, "draw", players=2)
    watching = Player(client, table["table"], None, None)
    watching.answer({"type": "chances", "on": True})  # position 0 is being worked out
    play_out(players, random.Random(2), moves=3)  # 1 and 2 wait in turn, 3 replaces them
    players[0].sync()
    seq = players[0].state["seq"]
    chances_at(watching, seq)
    assert len(asked) == 2  # position 0, then the last one only
    seqs = [m["seq"] for m in watching.messages if m["type"] == "chances" and m["chances"]]
    assert seqs == [seq]  # position 0's answer came after the table had left it: dropped
    for player in (watching, *players):
        player.close()


def test_a_move_taken_back_and_another_made_gets_its_own_chances(client: TestClient) -> None:
    """The new move has the seq of the one taken back: the takebacks' count tells the two
    positions apart, so the chances are worked out again (and say so)."""
    table, players = seated(client, "draw", players=2)
    live = service_of(client)._tables[table["table"]]
    watching = Player(client, table["table"], None, None)
    watching.answer({"type": "chances", "on": True})
    chances_at(watching, 0)
    mover, other = players[live.current], players[1 - live.current]
    mover.sync()
    legal = mover.state["view"]["legal"]
    mover.act(legal[0]["action"])
    first = chances_at(watching, 1)
    assert first["takebacks"] == 0
    mover.send({"type": "takeback"})
    mover.sync()
    other.send({"type": "takeback_answer", "accept": True})
    other.sync()
    assert live.record.takebacks == 1 and live.seq == 0
    mover.sync()
    mover.act(legal[-1]["action"])
    for _ in range(400):
        watching.sync()
        again = [
            m
            for m in watching.messages
            if m["type"] == "chances" and m.get("takebacks") == 1 and m.get("seq") == 1
        ]
        if again and again[-1]["chances"]:
            break
        time.sleep(0.01)
    else:
        raise AssertionError("no chances for the move made after the takeback")
    for player in (watching, *players):
        player.close()


def test_a_position_on_its_way_is_worked_out_once_for_everyone_who_wants_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = service_of(client)
    asked: list[int] = []
    real = service.pool.chances

    async def slow(game: str, seed: int, match: Any, samples: int, *, table: str) -> Any:
        asked.append(seed)
        await asyncio.sleep(0.3)
        return await real(game, seed, match, samples, table=table)

    monkeypatch.setattr(service.pool, "chances", slow)
    table, players = seated(client, "draw", players=2)
    first = Player(client, table["table"], None, None)
    second = Player(client, table["table"], None, None)
    first.answer({"type": "chances", "on": True})
    second.answer({"type": "chances", "on": True})  # while position 0 is in the pool
    assert chances_at(first, 0)["chances"] == chances_at(second, 0)["chances"]
    assert len(asked) == 1
    for player in (first, second, *players):
        player.close()


@pytest.mark.parametrize("game", ["draw", "cribbage"])
def test_the_pool_works_the_chances_out_in_a_worker_as_the_library_does(game: str) -> None:
    description = games.get(game)
    match = description.new_match(
        description.check_options({"players": 2} if game == "draw" else {}), 8
    )
    rng = random.Random(8)
    for _ in range(6):
        match.apply(rng.choice(match.legal_actions()))
    expected = list(public_win_probabilities(description, match, samples=SAMPLES, seed=77))

    async def run(pool: BotPool) -> Any:
        try:
            return await pool.chances(game, 77, match, SAMPLES, table="t")
        finally:
            await pool.close()

    for workers in (1, 0):
        assert asyncio.run(run(BotPool(workers))) == expected
