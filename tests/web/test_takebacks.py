"""Takebacks (issue 39, "Takebacks and seasons"): at a casual table a player asks to take
back their last move and the other person accepts (the match is as it was before it, the
mover to play again) or declines (nothing changes); refused in words at a rated table, at a
table with nobody else to ask, for a move that is not one's own last, and for a move that
showed what was hidden (the starter cut, C3); a move played meanwhile voids the question;
two server processes on one PostgreSQL database agree on the match after a takeback; the
clock gives back the increment of the move taken back."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.web.clocks import Clock, TimeControl
from tests.web.conftest import Player, new_table, service_of, token_of
from tests.web.test_ratings import Rated

PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def answer_to(player: Player, message: dict[str, Any]) -> list[dict[str, Any]]:
    """What the player was told after ``message`` (up to a ping's pong)."""
    player.send(message)
    return player.sync()


def error_of(told: list[dict[str, Any]]) -> dict[str, Any]:
    (error,) = [m for m in told if m["type"] == "error"]
    return error


def latest(player: Player) -> dict[str, Any]:
    player.sync()
    return player.state


def seated(client: TestClient, game: str = "draw", **options: Any) -> tuple[str, list[Player]]:
    table = new_table(client, game, PEOPLE, **options)
    players = [Player(client, table["table"], seat, token_of(table, seat)) for seat in (0, 1)]
    return table["table"], players


def move(player: Player, pick: int = 0) -> str:
    state = latest(player)
    action: str = state["view"]["legal"][pick]["action"]
    told = answer_to(player, {"type": "act", "action": action, "seq": state["seq"]})
    assert not [m for m in told if m["type"] == "error"], told
    return action


def test_a_move_asked_back_and_accepted_is_as_if_never_played(client: TestClient) -> None:
    table_id, players = seated(client, players=2)
    live = service_of(client)._tables[table_id]
    mover = players[live.current]
    other = players[1 - live.current]
    before = latest(mover)["view"]
    move(mover)
    assert latest(mover)["seq"] == 1
    answer_to(mover, {"type": "takeback"})
    for player in players:
        assert latest(player)["table"]["takeback"] == {"seat": mover.seat, "accepted": []}
    answer_to(other, {"type": "takeback_answer", "accept": True})
    for player in players:
        state = latest(player)
        assert state["seq"] == 0 and state["table"]["takeback"] is None
    after = latest(mover)["view"]
    assert after["your_turn"] and after["hand"] == before["hand"]
    assert after["legal"] == before["legal"]
    assert live.record.actions == [] and live.record.takebacks == 1
    with service_of(client).store.session() as session:
        from sqlalchemy import func, select

        from pegboard.web.db import ActionRow

        assert session.scalar(select(func.count()).where(ActionRow.table_id == table_id)) == 0
    # The mover plays again, another move: the log goes on from there.
    move(mover, pick=-1)
    assert latest(other)["seq"] == 1


def test_a_declined_takeback_changes_nothing(client: TestClient) -> None:
    table_id, players = seated(client, players=2)
    live = service_of(client)._tables[table_id]
    mover, other = players[live.current], players[1 - live.current]
    move(mover)
    answer_to(mover, {"type": "takeback"})
    answer_to(other, {"type": "takeback_answer", "accept": False})
    for player in players:
        state = latest(player)
        assert state["seq"] == 1 and state["table"]["takeback"] is None
    assert len(live.record.actions) == 1


def test_refusals_are_worded_and_change_nothing(client: TestClient) -> None:
    table_id, players = seated(client, players=2)
    live = service_of(client)._tables[table_id]
    mover, other = players[live.current], players[1 - live.current]
    # Nothing played yet; then the other's move is not one's own.
    assert error_of(answer_to(mover, {"type": "takeback"}))["code"] == "no_takeback"
    move(mover)
    refused = error_of(answer_to(other, {"type": "takeback"}))
    assert refused["code"] == "no_takeback" and "your own last move" in refused["message"]
    # No question asked: nothing to answer; one's own question: the others answer it.
    assert error_of(answer_to(other, {"type": "takeback_answer", "accept": True}))["code"] == (
        "no_takeback"
    )
    answer_to(mover, {"type": "takeback"})
    own = error_of(answer_to(mover, {"type": "takeback_answer", "accept": True}))
    assert own["code"] == "no_takeback"
    twice = error_of(answer_to(mover, {"type": "takeback"}))
    assert "asked already" in twice["message"]
    malformed = error_of(answer_to(other, {"type": "takeback_answer", "accept": "yes"}))
    assert malformed["code"] == "malformed"
    assert len(live.record.actions) == 1
    # Translated for its reader.
    pt = Player(client, table_id, other.seat, other.token, lang="pt")
    assert "your own" not in error_of(answer_to(pt, {"type": "takeback"}))["message"]


def test_a_move_played_after_the_question_voids_it(client: TestClient) -> None:
    table_id, players = seated(client, players=2)
    live = service_of(client)._tables[table_id]
    mover, other = players[live.current], players[1 - live.current]
    move(mover)
    answer_to(mover, {"type": "takeback"})
    move(other)
    assert latest(mover)["table"]["takeback"] is None
    refused = error_of(answer_to(other, {"type": "takeback_answer", "accept": True}))
    assert "No takeback is asked" in refused["message"]
    assert len(live.record.actions) == 2


def test_no_takeback_at_a_rated_table_nor_with_nobody_else_to_ask(client: TestClient) -> None:
    rated = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    seats = rated.sit()
    live = service_of(client)._tables[rated.id]
    mover = seats[live.current]
    move(mover)
    refused = error_of(answer_to(mover, {"type": "takeback"}))
    assert refused["code"] == "no_takeback" and "rated" in refused["message"]
    bots = [{"kind": "human", "name": "Cy"}, {"kind": "bot", "level": "beginner"}]
    alone = new_table(client, "cribbage", bots)
    cy = Player(client, alone["table"], 0, token_of(alone, 0))
    move(cy)
    refused = error_of(answer_to(cy, {"type": "takeback"}))
    assert "Nobody else" in refused["message"]
    for player in [*seats, cy]:
        player.close()


def test_c3_a_discard_that_cut_the_starter_cannot_be_taken_back(client: TestClient) -> None:
    table_id, players = seated(client, "cribbage")
    live = service_of(client)._tables[table_id]
    first = players[live.current]
    move(first)  # a discard: nothing hidden shown (the crib is face down)
    answer_to(first, {"type": "takeback"})
    assert latest(first)["table"]["takeback"] is not None
    second = players[1 - first.seat]
    answer_to(second, {"type": "takeback_answer", "accept": False})
    move(second)  # the second discard: the starter is cut (C3)
    assert live.match.game.starter is not None
    refused = error_of(answer_to(second, {"type": "takeback"}))
    assert refused["code"] == "no_takeback" and "hidden" in refused["message"]


def test_c18_with_muggins_a_claim_may_be_taken_back_but_not_the_answer_that_turns_up_the_crib(
    client: TestClient,
) -> None:
    """A claim shows nothing hidden (the hand claimed for was turned up before it, C18):
    taken back and accepted, its claimant claims again. The answer to the dealer's claim
    turns the crib up (its cards were hidden till then): it cannot be taken back."""
    table_id, players = seated(client, "cribbage", muggins=1)
    live = service_of(client)._tables[table_id]
    while (showing := live.match.game.observation(0).showing) is None or (
        showing.claimed is not None
    ):
        move(players[live.current])
    claimant = players[live.current]
    seq = latest(claimant)["seq"]
    move(claimant, pick=3)  # "claim 3"
    answer_to(claimant, {"type": "takeback"})
    answer_to(players[1 - claimant.seat], {"type": "takeback_answer", "accept": True})
    view = latest(claimant)["view"]
    assert latest(claimant)["seq"] == seq and view["claim"] == "claim"
    assert view["showing"]["said"] is None
    while (showing := live.match.game.observation(0).showing) is None or showing.what != "crib":
        move(players[live.current])  # claims of 0, and claims let stand
    answerer = players[1 - live.match.game.dealer]
    assert live.match.hands_over == 0  # the hand is not over: only the crib turned up
    refused = error_of(answer_to(answerer, {"type": "takeback"}))
    assert refused["code"] == "no_takeback" and "hidden" in refused["message"]


def test_the_clock_gives_back_the_increment_and_runs_for_the_mover_again() -> None:
    clock = Clock((100.0, 80.0), 1000.0, running=1)  # seat 0 moved and gained 5; seat 1 runs
    control = TimeControl(100, 5)
    back = clock.taken_back(0, 1012.0, control)
    assert back.left == (95.0, 68.0) and back.running == 0 and back.at == 1012.0
    assert Clock((3.0, 80.0), 1000.0, 1).taken_back(0, 1000.0, control).left[0] == 0.0
    # By correspondence the move taken back had its days; it has them whole again.
    days = TimeControl.correspondence(2)
    again = Clock((172_800.0, 172_800.0), 1000.0, 1).taken_back(0, 5000.0, days)
    assert again.left == (172_800.0, 168_800.0) and again.running == 0


def test_two_processes_agree_on_the_match_after_a_takeback(
    fresh_db_url: str, client_on: Any
) -> None:
    if not fresh_db_url.startswith("postgresql"):
        pytest.skip("one process on SQLite: the other tests are its")
    first, second = client_on(fresh_db_url), client_on(fresh_db_url)
    table = new_table(first, "draw", PEOPLE, players=2)
    ana = Player(first, table["table"], 0, token_of(table, 0))
    bo = Player(second, table["table"], 1, token_of(table, 1))
    leader = ana if latest(ana)["view"]["your_turn"] else bo
    other = bo if leader is ana else ana
    move(leader)
    answer_to(leader, {"type": "takeback"})
    deadline = time.monotonic() + 20
    while latest(other)["table"]["takeback"] is None and time.monotonic() < deadline:
        time.sleep(0.05)
    answer_to(other, {"type": "takeback_answer", "accept": True})
    while latest(leader)["seq"] != 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert latest(leader)["seq"] == 0 and latest(leader)["view"]["your_turn"]
    move(leader, pick=-1)
    while latest(other)["seq"] != 1 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert len(latest(other)["view"]["log"]) == len(latest(leader)["view"]["log"])
