"""Fair play (issue 13): the expert's hints are off at a table of two or more people unless
its creator allowed them (``"hints": true`` at creation), and refused with a translated
reason; a table of one person and bots has them; the server offers no undo."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.web.conftest import Player, new_table, token_of

TWO_PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def test_h1_hints_are_off_by_default_at_a_table_of_two_people_and_the_refusal_says_why(
    client: TestClient,
) -> None:
    table = new_table(client, "cribbage", TWO_PEOPLE)
    assert client.get(f"/api/tables/{table['table']}").json()["hints"] is False
    ana = Player(client, table["table"], 0, token_of(table, 0), lang="pt")
    bo = Player(client, table["table"], 1, token_of(table, 1))
    ana.sync()  # who is here: Bo came
    for player, words in ((ana, "criador"), (bo, "fair play")):
        answer = player.answer({"type": "hint"})
        assert answer["type"] == "error" and answer["code"] == "no_hints", answer
        assert words in answer["message"]
    ana.close()
    bo.close()


def test_h1_the_creator_may_allow_hints_at_a_table_of_people(client: TestClient) -> None:
    table = new_table(client, "cribbage", TWO_PEOPLE, hints=True)
    assert client.get(f"/api/tables/{table['table']}").json()["hints"] is True
    ana = Player(client, table["table"], 0, token_of(table, 0))
    bo = Player(client, table["table"], 1, token_of(table, 1))
    ana.sync()  # who is here: Bo came
    mover = ana if ana.state["view"]["your_turn"] else bo
    answer = mover.answer({"type": "hint"})
    assert answer["type"] == "hint" and answer["hints"]
    ana.close()
    bo.close()


def test_h1_a_table_of_one_person_and_bots_has_hints(client: TestClient) -> None:
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    assert client.get(f"/api/tables/{table['table']}").json()["hints"] is True
    ana = Player(client, table["table"], 0, token_of(table, 0))
    ana.settle({1})
    assert ana.answer({"type": "hint"})["type"] == "hint"
    ana.close()


def test_h2_hints_that_are_not_true_or_false_are_a_translated_422(client: TestClient) -> None:
    for value in ("yes", 1, None, [True]):
        answer = client.post(
            "/api/tables",
            json={"game": "cribbage", "seats": TWO_PEOPLE, "hints": value, "lang": "pt"},
        )
        assert answer.status_code == 422, (value, answer.text)
        assert '"hints"' in answer.json()["error"] and "dicas" in answer.json()["error"]


def test_h3_the_server_offers_no_undo(client: TestClient) -> None:
    table = new_table(client, "cribbage", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    ana = Player(client, table["table"], 0, token_of(table, 0))
    answer = ana.answer({"type": "undo"})
    assert answer["type"] == "error" and answer["code"] == "unknown"
    ana.close()
