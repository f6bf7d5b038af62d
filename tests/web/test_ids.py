"""The ids of tables and players (``pegboard.web.tables.new_id``): letters and digits only,
so that a double-click selects a whole id and no id reads like a domino or a card on a
page (which the hidden-information scans of these tests would take for a leak)."""

from __future__ import annotations

import string

from fastapi.testclient import TestClient

from pegboard.web.players import PLAYER_ID_LENGTH
from pegboard.web.tables import ID_ALPHABET, TABLE_ID_LENGTH, new_id
from tests.web.conftest import PATTERNS, leaks, new_table

ALPHANUMERIC = set(string.ascii_letters + string.digits)


def test_ids_are_letters_and_digits_of_the_asked_length_and_do_not_repeat() -> None:
    ids = [new_id(10) for _ in range(3000)]
    assert set(ID_ALPHABET) == ALPHANUMERIC and len(ID_ALPHABET) == 62
    assert all(len(i) == 10 and set(i) <= ALPHANUMERIC for i in ids)
    assert len(set(ids)) == len(ids)
    assert set("".join(ids)) == ALPHANUMERIC  # every letter and digit is drawn
    assert len(new_id(3)) == 3


def test_no_id_reads_like_a_tile_or_a_card() -> None:
    every = set(PATTERNS)
    found = [i for i in (new_id(10) for _ in range(10000)) if leaks({"id": i}, every)]
    assert found == []


def test_the_scan_would_read_a_tile_in_an_id_with_a_dash() -> None:
    """Why ids have no ``-``: ``secrets.token_urlsafe`` ids such as this one made the
    mid-match page scan of test_ratings fail now and then (a player id holding ``3-1``)."""
    assert leaks({"player": "qm3-1DgGIr"}, {"[1|3]"}) == ["[1|3]"]


def test_tables_and_players_get_such_ids(client: TestClient) -> None:
    table = new_table(client, "draw", [{"kind": "human"}, {"kind": "human"}], players=2)
    assert len(table["table"]) == TABLE_ID_LENGTH and set(table["table"]) <= ALPHANUMERIC
    me = client.put("/api/me", json={"name": "Ana"}).json()
    assert len(me["id"]) == PLAYER_ID_LENGTH and set(me["id"]) <= ALPHANUMERIC
