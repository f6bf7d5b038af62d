"""A whole match of Draw over the WebSocket protocol: two humans and a bot at one table."""

from __future__ import annotations

import random

from fastapi.testclient import TestClient

import pegboard.games
from tests.web.conftest import (
    Player,
    check_states,
    leaks,
    new_table,
    service_of,
    token_of,
    truth_of,
)

BOT = 1


def test_draw_match_of_two_humans_and_a_bot_plays_to_the_target(client: TestClient) -> None:
    seats = [
        {"kind": "human", "name": "Ana"},
        {"kind": "bot", "level": "expert"},
        {"kind": "human", "name": "Bo"},
    ]
    table = new_table(client, "draw", seats, players=3, target=20, hints=True)  # allowed
    table_id = table["table"]
    # Ana and the watcher ask for updates, as the page does; Bo gets every state whole.
    ana = Player(client, table_id, 0, token_of(table, 0), updates=True)
    bo = Player(client, table_id, 2, token_of(table, 2))
    watcher = Player(client, table_id, None, None, updates=True)
    humans = {0: ana, 2: bo}
    rng = random.Random(7)
    hinted = False
    while True:
        state = ana.settle({BOT})
        if state["view"]["is_over"]:
            break
        player = humans[state["view"]["current"]]
        player.sync()
        assert player.state["seq"] == state["seq"]
        legal = player.state["view"]["legal"]
        assert legal and player.state["view"]["your_turn"]
        if not hinted:  # the expert ranks exactly the legal moves, and only for this seat
            answer = player.answer({"type": "hint"})
            assert answer["type"] == "hint"
            assert {h["action"] for h in answer["hints"]} == {m["action"] for m in legal}
            other = humans[2 - state["view"]["current"]]
            refused = other.answer({"type": "hint"})
            assert refused["code"] == "out_of_turn"
            hinted = True
        player.act(rng.choice(legal)["action"])
    for player in (bo, watcher):
        player.settle({BOT})

    # The log in the database is the match: replayed, it ends as every client was told.
    truth = truth_of(client, table_id)
    final = truth.positions[-1]
    assert final.is_over and max(final.scores) >= 20  # D17
    for player in (ana, bo, watcher):
        assert player.state["seq"] == len(truth.positions) - 1
        assert player.state["view"]["scores"] == list(final.scores)
        assert player.state["table"]["status"] == "over"
    names = ["Ana", "Leo (Expert bot)", "Bo"]  # the bot's name: its seat's, its level beside
    counted = [check_states(p, truth, names) for p in (ana, bo, watcher)]
    assert min(counted) > 20  # a state after every action, rounds' worth of them
    assert len(ana.updates) == counted[0] - 1 and bo.updates == []  # all but the first
    assert watcher.state["view"]["hand"] == []
    assert any(m["seat"] == BOT for m in truth_log(client, table_id))


def truth_log(client: TestClient, table_id: str) -> list[dict[str, object]]:
    rows = service_of(client).store.log(table_id, 1)
    assert [seq for seq, _, _ in rows] == list(range(1, len(rows) + 1))
    replayed = pegboard.games.get("draw").replay(
        {"players": 3, "target": 20}, 11, [(s, a) for _, s, a in rows]
    )
    assert replayed.is_over
    return [{"seq": seq, "seat": seat, "action": action} for seq, seat, action in rows]


def test_the_leak_check_sees_a_hidden_tile_and_not_a_known_one(client: TestClient) -> None:
    """The check the whole-match test relies on can fail: at the first deal, seat 0 may not
    know the other hands nor the stock (D2), and a message naming one of them is caught."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    table = new_table(client, "draw", seats, players=2)
    truth = truth_of(client, table["table"])
    match = truth.positions[0]
    hidden = truth.hidden(0, 0)
    lot = {str(t) for lot in match.lot for t in lot.tiles.values()}
    other_hand = {str(t) for t in match.round.hands[1]}
    assert hidden == ({str(t) for t in match.round.stock} | other_hand) - lot
    assert len(hidden) >= 14
    secret = next(iter(sorted(other_hand - lot)))
    tile = secret.strip("[]").split("|")
    assert leaks({"log": [f"Seat 2 holds {tile[1]}-{tile[0]}"]}, hidden) == [secret]
    assert leaks({"log": [f"Seat 2 holds {secret}"]}, hidden) == [secret]
    own = str(match.round.hands[0][0])
    assert leaks({"hand": [own]}, hidden) == []
