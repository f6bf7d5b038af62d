"""A table is private (reached only by its links) or public (listed in the lobby, joinable
by anyone), chosen at its creation and shown at the table (issue 13, "Tables"): through the
REST API a table is private unless its request says ``"public": true``."""

from __future__ import annotations

from pathlib import Path

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import select, text

from pegboard.web.db import TableRow, alembic_config, make_engine, upgrade
from tests.web.conftest import Player, new_table, token_of

TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]


def listed(client: TestClient) -> list[str]:
    return [t["table"] for t in client.get("/api/tables").json()]


def test_t1_a_table_is_private_unless_its_request_says_public(client: TestClient) -> None:
    private = new_table(client, "draw", TWO_HUMANS, players=2)
    told = new_table(client, "draw", TWO_HUMANS, players=2, public=False)
    public = new_table(client, "draw", TWO_HUMANS, players=2, public=True)
    assert listed(client) == [public["table"]]  # both private ones have a free seat, unlisted
    assert client.get(f"/api/tables/{private['table']}").json()["public"] is False
    assert client.get(f"/api/tables/{told['table']}").json()["public"] is False
    assert client.get(f"/api/tables/{public['table']}").json()["public"] is True
    # Shown at the table: every state's summary says which it is.
    ana = Player(client, private["table"], 0, token_of(private, 0))
    assert ana.state["table"]["public"] is False
    ana.close()


@pytest.mark.parametrize("value", ["yes", 1, None, [], {}])
def test_t1_public_is_true_or_false_and_anything_else_is_refused_in_words(
    client: TestClient, value: object
) -> None:
    body = {"game": "draw", "players": 2, "seats": TWO_HUMANS, "public": value}
    for lang, words in (("en", '"public" is true or false'), ("pt", '"public" é true ou false')):
        answer = client.post("/api/tables", json={**body, "lang": lang})
        assert answer.status_code == 422
        assert words in answer.json()["error"]
    assert listed(client) == []
    assert client.get("/api/tables").status_code == 200


def test_t1_a_private_tables_seat_cannot_be_joined_from_the_list(client: TestClient) -> None:
    private = new_table(client, "draw", TWO_HUMANS, players=2)
    answer = client.post(f"/api/tables/{private['table']}/seats/1/join", json={"lang": "pt"})
    assert answer.status_code == 403
    assert "privada" in answer.json()["error"]
    seats = client.get(f"/api/tables/{private['table']}").json()["seats"]
    assert seats[1]["claimed"] is False
    public = new_table(client, "draw", TWO_HUMANS, players=2, public=True)
    assert client.post(f"/api/tables/{public['table']}/seats/1/join", json={}).status_code == 200


def test_t1_tables_made_before_the_choice_existed_are_private(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    try:
        command.upgrade(alembic_config(engine), "0003")
        with engine.begin() as connection:
            connection.execute(  # the columns of 0003: there is no public yet
                text(
                    "INSERT INTO tables (id, game, config, created_at, status, match_number)"
                    " VALUES ('old', 'draw', '{}', '2026-01-01', 'open', 1)"
                )
            )
        upgrade(engine)
        with engine.connect() as connection:
            assert connection.execute(select(TableRow.public)).scalar_one() is False
    finally:
        engine.dispose()
