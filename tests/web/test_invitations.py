"""Invitations are one-time invitations, not seat keys (issue 13, "Tables"): claiming one
gives the claimer a fresh seat token of their own and the invitation stops working; nobody
else, the table's creator included, keeps a key to a seat another person holds. The seats
say who is connected and who is away."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.web.conftest import (
    Player,
    check_states,
    claim,
    invite_of,
    new_table,
    token_of,
    truth_of,
)

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]


def refused_hello(client: TestClient, table_id: str, seat: int, token: str) -> str:
    with client.websocket_connect(f"/ws/{table_id}") as socket:
        socket.send_json({"type": "hello", "seat": seat, "token": token})
        message = socket.receive_json()
    code: str = message["code"]
    return code


def test_t2_an_invitation_works_once_and_gives_its_claimer_a_key_of_their_own(
    client: TestClient,
) -> None:
    table = new_table(client, "draw", TWO_HUMANS, players=2)
    table_id = table["table"]
    invited = table["seats"][1]
    # The creator's answer holds their own key and an invitation: no key to seat 2.
    assert "token" in table["seats"][0] and "token" not in invited
    assert invited["invite"].startswith(f"/t/{table_id}#invite=")
    code = invite_of(table, 1)
    assert refused_hello(client, table_id, 1, code) == "auth"  # the code is not a key

    first = claim(client, table_id, code, name="Bo")
    assert first.status_code == 200, first.text
    assert first.json()["seat"] == 1
    token = first.json()["token"]
    assert token != code
    for lang, words in (("en", "an invitation works once"), ("pt", "um convite vale uma vez")):
        again = claim(client, table_id, code, name="Cy", lang=lang)
        assert again.status_code == 410
        assert words in again.json()["error"]
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["claimed"] is True and seats[1]["name"] == "Bo"  # Cy took nothing

    bo = Player(client, table_id, 1, token)
    assert bo.state["you"] == 1 and bo.state["view"]["names"][1] == "Bo"
    assert refused_hello(client, table_id, 1, code) == "auth"
    bo.close()


def test_t2_the_name_the_creator_wrote_stands_until_the_claimer_gives_theirs(
    client: TestClient,
) -> None:
    table = new_table(
        client, "draw", [{"kind": "human"}, {"kind": "human", "name": "Bo"}], players=2
    )
    answer = claim(client, table["table"], invite_of(table, 1))
    assert answer.status_code == 200
    assert client.get(f"/api/tables/{table['table']}").json()["seats"][1]["name"] == "Bo"


@pytest.mark.parametrize(
    "body",
    [{}, {"invite": 7}, {"invite": None}, {"invite": ["x"]}, {"invite": "x" * 65}],
)
def test_t2_a_claim_that_is_no_invitation_is_refused_in_words(
    client: TestClient, body: dict[str, object]
) -> None:
    table = new_table(client, "draw", TWO_HUMANS, players=2)
    answer = client.post(f"/api/tables/{table['table']}/claim", json={**body, "lang": "pt"})
    assert answer.status_code == 422
    assert "convite" in answer.json()["error"]
    assert client.get(f"/api/tables/{table['table']}").json()["seats"][1]["claimed"] is False


def test_t2_a_wrong_code_or_table_claims_nothing(client: TestClient) -> None:
    table = new_table(client, "draw", TWO_HUMANS, players=2)
    other = new_table(client, "draw", TWO_HUMANS, players=2)
    assert claim(client, table["table"], "not-a-code").status_code == 410
    # One table's invitation is no invitation to another.
    assert claim(client, other["table"], invite_of(table, 1)).status_code == 410
    assert claim(client, "nosuchtable", invite_of(table, 1)).status_code == 404
    name = claim(client, table["table"], invite_of(table, 1), name="\x00")
    assert name.status_code == 422  # and the invitation is not spent by a refused claim
    assert claim(client, table["table"], invite_of(table, 1)).status_code == 200


def test_t2_joining_from_the_list_spends_the_seats_invitation(client: TestClient) -> None:
    table = new_table(client, "draw", TWO_HUMANS, players=2, public=True)
    joined = client.post(f"/api/tables/{table['table']}/seats/1/join", json={"name": "Di"})
    assert joined.status_code == 200
    assert claim(client, table["table"], invite_of(table, 1)).status_code == 410


def test_t2_a_seat_given_up_is_opened_by_no_key_and_no_invitation(client: TestClient) -> None:
    table = new_table(client, "draw", TWO_HUMANS, players=2)
    token = token_of(table, 1)
    left = client.post(f"/api/tables/{table['table']}/seats/1/leave", json={"token": token})
    assert left.status_code == 200
    assert refused_hello(client, table["table"], 1, token) == "auth"
    assert claim(client, table["table"], invite_of(table, 1)).status_code == 410


def test_t2_the_seats_say_who_is_connected_and_who_is_away(client: TestClient) -> None:
    seats = [
        {"kind": "human", "name": "Ana"},
        {"kind": "human"},
        {"kind": "bot", "level": "random"},
    ]
    table = new_table(client, "draw", seats, players=3)
    table_id = table["table"]
    ana = Player(client, table_id, 0, token_of(table, 0))

    def presence() -> list[bool | None]:
        return [seat["connected"] for seat in ana.state["table"]["seats"]]

    assert presence() == [True, None, None]  # seat 2 not claimed yet; seat 3 a bot
    token = token_of(table, 1)
    ana.sync()
    assert presence() == [True, False, None]  # claimed, but nobody there yet
    bo = Player(client, table_id, 1, token)
    ana.sync()
    assert presence() == [True, True, None]
    second_tab = Player(client, table_id, 1, token)
    watcher = Player(client, table_id, None, None)
    bo.close()
    ana.sync()
    assert presence() == [True, True, None]  # Bo's other tab is still open
    second_tab.close()
    ana.sync()
    assert presence() == [True, False, None]  # away
    assert watcher.sync()[-1]["table"]["seats"][1]["connected"] is False
    # Every state of these comings and goings is a view of the position, nothing hidden.
    truth = truth_of(client, table_id)
    for player in (ana, watcher):
        assert check_states(player, truth, ["Ana", "", "Tara (Random bot)"]) >= 1


def test_a_seat_given_up_at_a_private_table_is_reinvited_by_a_seated_player(
    client: TestClient,
) -> None:
    """Nobody can join a private table from the list: the seat Bo gave up would stay empty
    for ever, so a person seated there (Ana) asks for a new one-time invitation to it."""
    table = new_table(client, "draw", TWO_HUMANS, players=2)
    table_id = table["table"]
    bo = claim(client, table_id, invite_of(table, 1)).json()["token"]
    assert (
        client.post(f"/api/tables/{table_id}/seats/1/leave", json={"token": bo}).status_code == 200
    )
    joined = client.post(f"/api/tables/{table_id}/seats/1/join", json={"name": "Cy"})
    assert joined.status_code == 403  # private
    ana = token_of(table, 0)
    url = f"/api/tables/{table_id}/seats/1/invite"
    # Only a seated person may ask, with their own seat's key.
    assert client.post(url, json={"seat": 0, "token": "not-it"}).status_code == 403
    assert client.post(url, json={"seat": 1, "token": bo}).status_code == 403  # given up
    no_seat = client.post(url, json={"token": ana})
    assert no_seat.status_code == 422 and "seat" in no_seat.json()["error"]
    answer = client.post(url, json={"seat": 0, "token": ana})
    assert answer.status_code == 200, answer.text
    link = answer.json()["invite"]
    assert link.startswith(f"/t/{table_id}#invite=")
    code = link.split("#invite=")[1]
    cy = claim(client, table_id, code, name="Cy")
    assert cy.status_code == 200
    assert claim(client, table_id, code).status_code == 410  # once
    taken = client.post(url, json={"seat": 0, "token": ana})
    assert taken.status_code == 409 and "taken" in taken.json()["error"]
    summary = client.get(f"/api/tables/{table_id}").json()
    assert summary["seats"][1]["name"] == "Cy"


def test_issue35_d12_an_invitation_is_checked_before_a_name_and_the_check_claims_nothing(
    client: TestClient,
) -> None:
    table = new_table(client, "draw", TWO_HUMANS, players=2)
    table_id = table["table"]
    code = invite_of(table, 1)
    check = f"/api/tables/{table_id}/invitation"
    valid = client.post(check, json={"invite": code})
    assert valid.status_code == 200 and valid.json() == {"valid": True}  # nothing else told
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert seats[1]["claimed"] is False  # checking claims nothing
    assert claim(client, table_id, code, name="Bo").status_code == 200
    for lang, words in (("en", "an invitation works once"), ("pt", "um convite vale uma vez")):
        spent = client.post(check, json={"invite": code, "lang": lang})
        assert spent.status_code == 410 and words in spent.json()["error"]
    never = client.post(check, json={"invite": "no-such-code"})
    assert never.status_code == 410
    assert client.post(check, json={"invite": 7}).status_code == 422
    assert client.post("/api/tables/nosuch/invitation", json={"invite": code}).status_code == 404
