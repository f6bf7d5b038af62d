"""Updates (``pegboard.web.updates``): a state told as what changed since the last one.

Applied in order to the first state, the updates give exactly every later state, for
every game of the registry, every seat and a spectator; they carry a fraction of the
bytes; a client that does not ask for them gets every state whole; a resync or a new
language sends the state whole again.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.web import views
from pegboard.web.updates import apply_update, update_of
from tests.web.conftest import Player, new_table, token_of, truth_of

CONFIGS = {
    "draw": {"players": 3, "target": 30},
    "cribbage": {"players": 2, "best_of": 1},
    "all-fives": {"players": 2},
    "fives-and-threes": {"players": 4},
}


def test_every_game_of_the_registry_has_a_config_here() -> None:
    assert set(CONFIGS) == set(pegboard.games.names())


def state_of(match: Any, game: str, seat: int | None, seq: int, status: str) -> dict[str, Any]:
    """A state message as ``TableService.state`` makes it (the summary reduced to its
    status, which is what changes in it during a match)."""
    return {
        "type": "state",
        "seq": seq,
        "match": 1,
        "table": {"status": status},
        "you": seat,
        "view": views.view(match, game, seat, "en", None),
    }


@pytest.mark.parametrize("game", sorted(CONFIGS))
def test_updates_rebuild_every_state_of_a_match_for_every_seat(game: str) -> None:
    config = pegboard.games.get(game).check_options(CONFIGS[game])
    match = pegboard.games.get(game).new_match(config, 2026)
    rng = random.Random(5)
    seats: list[int | None] = [*range(pegboard.games.get(game).players(config)), None]
    told = {seat: state_of(match, game, seat, 0, "playing") for seat in seats}
    rebuilt = dict(told)
    seq = 0
    while match.current_player is not None and seq < 300:
        legal = views.view(match, game, match.current_player, "en", None)["legal"]
        pegboard.games.get(game).play(match, match.current_player, rng.choice(legal)["action"])
        seq += 1
        status = "over" if match.current_player is None else "playing"
        for seat in seats:
            state = state_of(match, game, seat, seq, status)
            update = update_of(told[seat], state)
            assert update is not None and update["type"] == "update"
            assert json.loads(json.dumps(update)) == update  # plain JSON, as it is sent
            rebuilt[seat] = apply_update(rebuilt[seat], update)
            assert rebuilt[seat] == state, (seat, seq)
            # Nothing that stayed the same is sent again.
            old = told[seat]["view"]
            assert all(old.get(key) != value for key, value in update["view"].items())
            told[seat] = state
        if status == "over":
            assert "table" in update  # the summary goes when it changed
    assert seq > 10


def test_a_grown_log_goes_as_its_new_lines_and_an_unchanged_drawing_not_at_all() -> None:
    config = pegboard.games.get("draw").check_options(CONFIGS["draw"])
    match = pegboard.games.get("draw").new_match(config, 7)
    seat = match.current_player
    before = state_of(match, "draw", seat, 0, "playing")
    pegboard.games.get("draw").play(match, seat, before["view"]["legal"][0]["action"])
    after = state_of(match, "draw", seat, 1, "playing")
    update = update_of(before, after)
    assert update is not None
    old_log, new_log = before["view"]["log"], after["view"]["log"]
    assert update["append"] == {"log": new_log[len(old_log) :]} and "log" not in update["view"]
    assert "track_svg" not in update["view"]  # no score changed: the score track is not sent
    assert "table" not in update and "gone" not in update
    assert after["view"]["line_svg"] != before["view"]["line_svg"]
    assert update["view"]["line_svg"] == after["view"]["line_svg"]


def test_a_removed_key_and_a_shortened_list_are_told_too() -> None:
    before = {"type": "state", "seq": 4, "match": 1, "table": {}, "you": 0, "view": {}}
    before["view"] = {"log": ["a", "b", "c"], "hand": ["x"], "extra": 1, "same": [1]}
    after = dict(before, seq=5, view={"log": ["a", "b"], "hand": ["x", "y"], "same": [1]})
    update = update_of(before, after)
    assert update == {
        "type": "update",
        "seq": 5,
        "match": 1,
        "you": 0,
        "view": {"log": ["a", "b"]},  # not a longer list: whole
        "append": {"hand": ["y"]},
        "gone": ["extra"],
    }
    assert apply_update(before, update) == after
    assert before["view"]["hand"] == ["x"]  # the old state is left as it was


def test_another_seat_or_another_message_is_never_an_update() -> None:
    state = {"type": "state", "seq": 1, "match": 1, "table": {}, "you": 0, "view": {}}
    assert update_of(state, dict(state, you=1)) is None
    assert update_of(state, dict(state, you=None)) is None
    assert update_of(state, {"type": "hint", "hints": []}) is None
    assert update_of(state, dict(state, seq=2)) == {
        "type": "update",
        "seq": 2,
        "match": 1,
        "you": 0,
        "view": {},
    }


def play_some(players: dict[int, Player], moves: int) -> None:
    rng = random.Random(11)
    for _ in range(moves):
        anyone = next(iter(players.values()))
        anyone.sync()
        view = anyone.state["view"]
        if view["is_over"]:
            return
        mover = players[view["current"]]
        mover.sync()
        mover.act(rng.choice(mover.state["view"]["legal"])["action"])


def test_over_the_socket_updates_only_for_who_asked_and_whole_at_a_resync(
    client: TestClient,
) -> None:
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    table_id = table["table"]
    ana = Player(client, table_id, 0, token_of(table, 0), updates=True)
    bo = Player(client, table_id, 1, token_of(table, 1))
    watcher = Player(client, table_id, None, None, updates=True)
    play_some({0: ana, 1: bo}, 6)
    for player in (ana, bo, watcher):
        player.sync()
    assert len(ana.updates) >= 6 and len(watcher.updates) >= 6 and bo.updates == []
    # The rebuilt states are the states a client asking for none got.
    for player in (ana, watcher):
        assert player.state["seq"] == bo.state["seq"]
    final = truth_of(client, table_id).positions[-1]
    assert watcher.state["view"] == views.view(final, "draw", None, "en", ["", ""])
    # A second hello is a resync, and a new language a new state: both whole.
    for message in ({"type": "hello"}, {"type": "lang", "lang": "pt"}):
        got = ana.answer(message)
        assert got["type"] == "state"
        assert got["view"]["lang"] == {"hello": "en", "lang": "pt_BR"}[message["type"]]
    # ... after which the updates go on from that state.
    count = len(ana.updates)
    play_some({0: ana, 1: bo}, 2)
    ana.sync()
    assert len(ana.updates) > count and ana.state["view"]["lang"] == "pt_BR"
