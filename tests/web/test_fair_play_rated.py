"""Fair play at rated tables (issue 33, ``pegboard.web.fair_play``): a forfeit is rated only
once every seat has moved (before that the match is aborted, unrated); leaving a rated
match in play resigns it; a newcomer needs finished matches before a rated table; players
who share an address or a device are not rated against each other.

The toy game ``tricks`` (tests/games/toy/) is played: Ana (seat 0) leads. The service's
clock is a test clock, moved by hand: no test waits for the grace time."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import select

from pegboard.web import ratings
from pegboard.web.db import MatchRow, RatingChangeRow
from tests.web.conftest import (
    PLAY_LIMITS,
    FakeTime,
    Player,
    another_browser,
    claim,
    invite_of,
    new_table,
    play_out,
    service_of,
)
from tests.web.test_leavers import GRACE, both_move, wait_until
from tests.web.test_ratings import Rated

STRICT = dataclasses.replace(PLAY_LIMITS, rated_after=0, rated_shared_addresses=False)
"""The play limits with the address rule of rated tables on (``conftest.PLAY_LIMITS`` lifts
it: one test address makes every table there)."""


def match_row(client: TestClient, table_id: str, number: int = 1) -> MatchRow:
    with service_of(client).store.session() as session:
        row = session.get(MatchRow, (table_id, number))
        assert row is not None
        session.expunge(row)
        return row


def rating_changes(client: TestClient, table_id: str) -> list[RatingChangeRow]:
    with service_of(client).store.session() as session:
        return list(
            session.scalars(select(RatingChangeRow).where(RatingChangeRow.table_id == table_id))
        )


def refusal(answer: Any) -> str:
    assert answer.status_code == 409, answer.text
    error: str = answer.json()["error"]
    return error


# -- forfeits: rated only once every seat has moved ----------------------------------------------


def test_a_claim_before_every_seat_moved_aborts_the_match_unrated(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """The sock-puppet's win: Bo never moves and goes; Ana claims after the grace time.
    The match is over, aborted: no rating changes, now or at the next start."""
    client, clock = toy_app(STRICT)
    table = Rated(client, "tricks", ["Ana", "Bo"])
    ana, bo = table.sit()
    ana.act(ana.state["view"]["legal"][0]["action"])  # Ana leads; Bo has not moved
    bo.close()
    ana.sync()
    clock.advance(GRACE)
    ana.send({"type": "claim", "seat": 1})
    ana.sync()
    summary = ana.state["table"]
    assert (summary["forfeit"], summary["ending"], summary["aborted"]) == (1, "claim", True)
    assert summary["status"] == "over"
    row = match_row(client, table.id)
    assert row.aborted and row.standings is None and row.finished_at is not None
    assert ratings.rate_pending(service_of(client).store) == 0
    assert rating_changes(client, table.id) == []
    replay = client.get(f"/m/{table.id}-1").text
    assert "Bo left: the match is over by forfeit." in replay
    assert "The match is aborted: not every player had moved yet, so it is not rated." in replay
    assert "Aborted" in client.get(f"/p/{table.players[0]}").text


def test_a_claim_once_both_moved_is_rated(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, clock = toy_app(STRICT)
    table = Rated(client, "tricks", ["Ana", "Bo"], hand=4)
    ana, bo = table.sit()
    both_move(ana, bo)
    bo.close()
    ana.sync()
    clock.advance(GRACE)
    ana.send({"type": "claim", "seat": 1})
    ana.sync()
    assert (ana.state["table"]["ending"], ana.state["table"]["aborted"]) == ("claim", False)
    wait_until(lambda: len(rating_changes(client, table.id)) == 2, ana)
    ranks = {c.player_id: (c.rank, c.kind) for c in rating_changes(client, table.id)}
    assert ranks == {table.players[0]: (1, "forfeit"), table.players[1]: (2, "forfeit")}


# -- leaving is resigning --------------------------------------------------------------------


def leave(table: Rated, seat: int) -> Any:
    return table.browsers[seat].post(
        f"/api/tables/{table.id}/seats/{seat}/leave", json={"token": table.tokens[seat]}
    )


def test_leaving_a_rated_match_in_play_resigns_it_and_rates_the_leaver_last(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """The leave escape: Bo, losing, leaves. The match is over at once, lost by Bo, rated;
    nobody takes Bo's seat in the middle of it (the position's result is Bo's)."""
    client, _clock = toy_app(STRICT)
    table = Rated(client, "tricks", ["Ana", "Bo"], hand=4)
    ana, bo = table.sit()
    both_move(ana, bo)
    assert leave(table, 1).status_code == 200
    ana.sync()
    summary = ana.state["table"]
    assert (summary["forfeit"], summary["ending"], summary["aborted"]) == (1, "resign", False)
    assert summary["status"] == "over" and not summary["seats"][1]["claimed"]
    wait_until(lambda: len(rating_changes(client, table.id)) == 2, ana)
    ranks = {c.player_id: c.rank for c in rating_changes(client, table.id)}
    assert ranks == {table.players[0]: 1, table.players[1]: 2}
    # The seat is free, but not in this match: no invitation, no join.
    invite = client.post(
        f"/api/tables/{table.id}/seats/1/invite",
        json={"seat": 0, "token": table.tokens[0]},
    )
    assert invite.status_code == 409 and invite.json()["error"] == "The match is over."
    replay = client.get(f"/m/{table.id}-1").text
    assert "Bo left the table: the match is over by resignation." in replay
    assert "Lost by forfeit" in client.get(f"/p/{table.players[1]}").text


def test_leaving_before_every_seat_moved_aborts_the_match(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, _clock = toy_app(STRICT)
    table = Rated(client, "tricks", ["Ana", "Bo"])
    _ana, bo = table.sit()
    assert leave(table, 0).status_code == 200  # Ana leaves before anyone moved
    bo.sync()
    summary = bo.state["table"]
    assert (summary["forfeit"], summary["ending"], summary["aborted"]) == (0, "resign", True)
    assert rating_changes(client, table.id) == []


def test_leaving_an_unrated_match_frees_the_seat_and_the_match_goes_on(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """Casual tables keep the leavers' rules: the seat is free to take, nothing ends."""
    client, _clock = toy_app(STRICT)
    made = new_table(
        client, "tricks", [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]
    )
    bo_browser = another_browser(client, client=("192.0.2.7", 5000))
    token = claim(bo_browser, made["table"], invite_of(made, 1)).json()["token"]
    answer = bo_browser.post(f"/api/tables/{made['table']}/seats/1/leave", json={"token": token})
    assert answer.status_code == 200
    summary = client.get(f"/api/tables/{made['table']}").json()
    assert summary["forfeit"] is None and summary["status"] == "open"


# -- newcomers -------------------------------------------------------------------------------


def finish_a_match_against_a_bot(browser: TestClient, rng: random.Random) -> None:
    made = new_table(browser, "tricks", [{"kind": "human"}, {"kind": "bot", "level": "random"}])
    person = Player(browser, made["table"], 0, made["seats"][0]["token"])
    while not person.state["view"]["is_over"]:
        person.settle({1})
        if person.state["view"]["is_over"]:
            break
        person.act(rng.choice(person.state["view"]["legal"])["action"])
    person.close()


def test_a_newcomer_finishes_matches_before_a_rated_table(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """With ``rated_after`` 2: a new browser may not make a rated table, nor claim a seat
    at one, until it has finished two matches (here against a bot); then it may."""
    client, _clock = toy_app(dataclasses.replace(STRICT, rated_after=2))
    people = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]
    refused = client.post("/api/tables", json={"game": "tricks", "seats": people, "rated": True})
    assert refused.status_code == 409
    assert refused.json()["error"] == (
        "A rated table is for players who have finished 2 matches at unrated tables first "
        "(you have finished 0): play a few against the bots."
    )
    in_portuguese = client.post(
        "/api/tables", json={"game": "tricks", "seats": people, "rated": True, "lang": "pt"}
    )
    assert "partidas" in in_portuguese.json()["error"]
    rng = random.Random(33)
    finish_a_match_against_a_bot(client, rng)
    assert (
        client.post(
            "/api/tables", json={"game": "tricks", "seats": people, "rated": True}
        ).status_code
        == 409
    )
    finish_a_match_against_a_bot(client, rng)
    made = new_table(client, "tricks", people, rated=True)
    bo = another_browser(client, client=("192.0.2.9", 5000))
    assert "(you have finished 0)" in refusal(claim(bo, made["table"], invite_of(made, 1)))
    finish_a_match_against_a_bot(bo, rng)
    finish_a_match_against_a_bot(bo, rng)
    assert claim(bo, made["table"], invite_of(made, 1)).status_code == 200


# -- one person, one side --------------------------------------------------------------------


PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]
ADDRESS_REFUSAL = (
    "At a rated table each seat is a different person: you and seat 1 have played from the "
    "same address or device, so you are not rated against each other."
)


def test_a_second_identity_from_the_creators_address_is_refused_a_rated_seat(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    client, _clock = toy_app(STRICT)
    made = new_table(client, "tricks", PEOPLE, rated=True)
    puppet = another_browser(client)  # another identity, the creator's address
    assert refusal(claim(puppet, made["table"], invite_of(made, 1))) == ADDRESS_REFUSAL
    elsewhere = another_browser(client, client=("192.0.2.20", 5000))
    assert claim(elsewhere, made["table"], invite_of(made, 1)).status_code == 200


def test_a_club_may_rate_players_of_one_address_but_never_one_device(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """``rated_shared_addresses``: one address is no bar; an identity whose other browser
    became Ana (by Ana's "use on another device" code) still is."""
    client, _clock = toy_app(dataclasses.replace(STRICT, rated_shared_addresses=True))
    made = new_table(client, "tricks", PEOPLE, rated=True)
    same_address = another_browser(client)
    assert claim(same_address, made["table"], invite_of(made, 1)).status_code == 200

    second = new_table(client, "tricks", PEOPLE, rated=True)
    bo_home = another_browser(client, client=("192.0.2.30", 5000))
    bo_home.put("/api/me", json={"name": "Bo"})
    bo_code = bo_home.post("/api/me/code").json()["code"]
    bo_phone = another_browser(client, client=("192.0.2.31", 5000))
    assert bo_phone.post("/api/me/device", json={"code": bo_code}).status_code == 200
    ana_code = client.post("/api/me/code").json()["code"]
    assert bo_phone.post("/api/me/device", json={"code": ana_code}).status_code == 200
    # Bo's phone is Ana's now: Bo (at home) and Ana shared a device.
    answer = claim(bo_home, second["table"], invite_of(second, 1))
    assert refusal(answer) == ADDRESS_REFUSAL


def test_a_match_whose_players_came_to_share_an_address_is_not_rated(
    toy_app: Callable[..., tuple[TestClient, FakeTime]],
) -> None:
    """Claimed from two addresses, but Bo's seat then plays from Ana's: the match ends by
    its rules, and nobody's rating changes."""
    client, _clock = toy_app(STRICT)
    table = Rated(client, "tricks", ["Ana", "Bo"], hand=1)
    ana = Player(client, table.id, 0, table.tokens[0])
    bo_at_anas = another_browser(client)  # Ana's address (the test client's own)
    bo = Player(bo_at_anas, table.id, 1, table.tokens[1])
    play_out([ana, bo], random.Random(5))
    assert ana.state["view"]["is_over"]
    assert match_row(client, table.id).standings is not None
    assert ratings.rate_pending(service_of(client).store) == 0
    assert rating_changes(client, table.id) == []
