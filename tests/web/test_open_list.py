"""The open tables' list cannot be flooded (issue 33: six addresses within the limits pushed
a real table out of the 50-entry list in seconds): a player identity holds at most
``--public-tables-per-player`` public tables waiting at once, the list shows at most as
many of one creator (identity or address), and a table with a person there waiting comes
before the others. On SQLite and PostgreSQL (the list is one query with window
functions), each on a database of its own (the list is all of it)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.web.limits import DEFAULT, Limits
from tests.web.conftest import PLAY_LIMITS, Player, another_browser, new_table, token_of

WITHIN_THE_LIMITS = dataclasses.replace(
    PLAY_LIMITS,
    open_tables_per_client=DEFAULT.open_tables_per_client,
    public_tables_per_player=DEFAULT.public_tables_per_player,
)
"""The defaults of the caps this tests (the rates lifted: a test is faster than people)."""
TWO = [{"kind": "human"}, {"kind": "human"}]


def public_table(browser: TestClient) -> Any:
    return browser.post(
        "/api/tables", json={"game": "draw", "players": 2, "seats": TWO, "public": True}
    )


def listed(client: TestClient) -> list[dict[str, Any]]:
    answer = client.get("/api/tables")
    assert answer.status_code == 200
    tables: list[dict[str, Any]] = answer.json()
    return tables


def test_a_player_holds_a_bounded_number_of_public_tables_waiting(
    client_on: Callable[..., TestClient], fresh_db_url: str
) -> None:
    client = client_on(fresh_db_url, limits=WITHIN_THE_LIMITS)
    made = [public_table(client) for _ in range(3)]
    assert [a.status_code for a in made] == [201, 201, 201]
    refused = client.post(
        "/api/tables",
        json={"game": "draw", "players": 2, "seats": TWO, "public": True, "lang": "pt"},
    )
    assert refused.status_code == 429
    assert "3 mesas públicas" in refused.json()["error"]
    assert public_table(client).json()["error"].startswith("You already have 3 public tables")
    # A private table is not listed: not capped by this. Another identity of the same
    # address has its own three.
    private = client.post("/api/tables", json={"game": "draw", "players": 2, "seats": TWO})
    assert private.status_code == 201
    assert public_table(another_browser(client)).status_code == 201
    # Once one of the three is under way (its seat taken), another may be opened.
    first = made[0].json()
    taken = another_browser(client).post(f"/api/tables/{first['table']}/seats/1/join", json={})
    assert taken.status_code == 200
    assert public_table(client).status_code == 201


def test_six_addresses_cannot_push_a_waiting_person_out_of_the_list(
    client_on: Callable[..., TestClient], fresh_db_url: str
) -> None:
    client = client_on(fresh_db_url, limits=WITHIN_THE_LIMITS)
    real = new_table(client, "draw", TWO, players=2, public=True)
    ana = Player(client, real["table"], 0, token_of(real, 0))  # she waits at her table
    flooders = [another_browser(client, client=(f"192.0.2.{n}", 50000)) for n in range(1, 7)]
    made: dict[str, str] = {}
    for n, flooder in enumerate(flooders):
        for _ in range(DEFAULT.open_tables_per_client + 5):
            if n % 2:
                flooder.cookies.clear()  # a new identity for each table: only its address
            answer = public_table(flooder)
            if answer.status_code == 201:
                made[answer.json()["table"]] = f"192.0.2.{n + 1}"
    assert len(made) >= 60  # three kept one identity (3 each), three did not (20 each)
    shown = listed(client)
    assert shown[0]["table"] == real["table"]  # a person is there, waiting
    per_address: dict[str, int] = {}
    for table in shown[1:]:
        per_address[made[table["table"]]] = per_address.get(made[table["table"]], 0) + 1
    assert per_address and max(per_address.values()) <= DEFAULT.public_tables_per_player
    ana.close()


def test_a_table_with_a_person_waiting_comes_before_newer_ones(
    client_on: Callable[..., TestClient], fresh_db_url: str
) -> None:
    client = client_on(fresh_db_url, limits=WITHIN_THE_LIMITS)
    waiting = new_table(client, "draw", TWO, players=2, public=True)
    ana = Player(client, waiting["table"], 0, token_of(waiting, 0))
    others = [another_browser(client, client=(f"198.51.100.{n}", 50000)) for n in (1, 2)]
    newer = [public_table(other).json()["table"] for other in others]
    assert [t["table"] for t in listed(client)] == [waiting["table"], *reversed(newer)]
    ana.close()  # she went: her table is one of the others again, newest first
    assert [t["table"] for t in listed(client)] == [*reversed(newer), waiting["table"]]


@pytest.mark.parametrize("given, expected", [(["--public-tables-per-player", "5"], 5), ([], 3)])
def test_serve_hands_public_tables_per_player_to_the_app(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch, given: list[str], expected: int
) -> None:
    import uvicorn
    from typer.testing import CliRunner

    from pegboard.cli.main import app
    from pegboard.web import app as web_app

    made: list[Limits] = []
    monkeypatch.setattr(
        web_app, "create_app", lambda url, **options: made.append(options["limits"])
    )
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: None)
    result = CliRunner().invoke(app, ["serve", "--db", sqlite_url, *given], env={"LANGUAGE": "en"})
    assert result.exit_code == 0, result.output
    assert made[0].public_tables_per_player == expected
