"""A hand of each game of the Fives family over the REST lobby and the WebSocket protocol:
a person and bots at one table, every state the view of the position at its seq for the
seat, and no message naming another hand's tile or the boneyard's (F2)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.bots import RandomBot
from pegboard.dominoes.tiles import Tile
from pegboard.games import bot_levels, register_bot, unregister_bots
from pegboard.web import views
from pegboard.web.app import create_app
from tests.web.conftest import (
    OPEN_PLAYERS,
    PLAY_LIMITS,
    Player,
    new_table,
    service_of,
    strip_svg,
    tile_pattern,
    token_of,
)

GAMES = ("all-fives", "fives-and-threes")


@pytest.fixture
def fives_client(sqlite_url: str) -> Iterator[TestClient]:
    """The app with bots thinking in its own process (a random bot registered for a game
    that has none yet), moving at once."""
    added = [game for game in GAMES if "random" not in bot_levels(game)]
    for game in added:
        register_bot(game, "random", RandomBot)
    seeds = iter(range(300, 400))
    app = create_app(
        sqlite_url, bot_delay=0, limits=PLAY_LIMITS, bot_workers=0, seed_source=seeds.__next__
    )
    with TestClient(app) as client:
        yield client
        while OPEN_PLAYERS:  # the sockets first, or the client waits for them
            OPEN_PLAYERS[-1].close()
    for game in added:
        unregister_bots(game)


def hidden_at(
    game: str, config: dict[str, object], seed: int, log: list[tuple[int, str]], seat: int
) -> set[Tile]:
    match = pegboard.games.get(game).replay(config, seed, log)
    hand = match.hand
    secret = set(hand.boneyard)
    if not hand.is_over:
        secret |= {t for other in range(match.players) if other != seat for t in hand.hand(other)}
    return secret


@pytest.mark.parametrize(("game", "players"), [("all-fives", 2), ("fives-and-threes", 4)])
def test_f2_a_hand_over_the_protocol_against_bots_leaks_nothing(
    fives_client: TestClient, game: str, players: int
) -> None:
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": "random"}] * (
        players - 1
    )
    table = new_table(fives_client, game, seats, players=players)
    table_id = table["table"]
    ana = Player(fives_client, table_id, 0, token_of(table, 0), updates=True)  # as the page
    bots = set(range(1, players))
    rng = random.Random(3)
    while True:
        state = ana.settle(bots)
        view = state["view"]
        if view["is_over"] or view["hands_played"]:
            break
        assert view["your_turn"] and view["legal"]
        ana.act(rng.choice(view["legal"])["action"])
    store = service_of(fives_client).store
    record = store.load_table(table_id)
    assert record is not None
    log = [(seat, action) for _seq, seat, action in store.log(table_id, record.match_number)]
    assert any(seat in bots for seat, _action in log) and any(seat == 0 for seat, _a in log)
    states = [m for m in ana.messages if m["type"] == "state"]
    assert [m["seq"] for m in states] == sorted({m["seq"] for m in states})
    for message in states:
        seq = message["seq"]
        position = pegboard.games.get(game).replay(record.config, record.seed, log[:seq])
        bots = [f"{name} (Random bot)" for name in ("Leo", "Tara", "Nico")[: players - 1]]
        assert message["view"] == views.view(position, game, 0, "en", ["Ana", *bots])
        if position.hands:
            continue  # a new deal: the end of the last hand revealed the old one's tiles
        secret = hidden_at(game, record.config, record.seed, log[:seq], 0)
        text = repr(strip_svg(message))
        assert [t for t in secret if tile_pattern(t).search(text)] == []
    assert len(states) > 5
