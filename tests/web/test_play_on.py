"""Play on from a replay's position (issue 36): ``POST /api/matches/ID/play-on`` makes a new
unrated table from the position after move K of a finished match (the same deal, the first
K moves in its log), a person at the seat asked, bots at the others; ``GET
/api/matches/ID/positions/K/hint`` is the expert's ranking there. A match in play is refused,
and nothing of it said."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.web import views
from pegboard.web.db import TableRow
from tests.web.conftest import Player, leaks, new_table, service_of, token_of, truth_of

BOTS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]


def finished(client: TestClient, game: str, **options: Any) -> str:
    """A finished match of ``game`` (Ana plays at random against a random bot): its id."""
    table = new_table(client, game, BOTS, **options)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    rng = random.Random(3)
    while not ana.settle({1})["view"]["is_over"]:
        ana.act(rng.choice(ana.state["view"]["legal"])["action"])
    ana.close()
    return f"{table['table']}-1"


def seat_to_act(client: TestClient, match: str, seat: int) -> int:
    """A move near the middle of ``match`` after which ``seat`` is to act."""
    truth = truth_of(client, match.rsplit("-", 1)[0])
    moves = len(truth.positions) - 1
    return next(k for k in range(moves // 2, moves) if truth.positions[k].current_player == seat)


@pytest.mark.parametrize(("game", "options"), [("draw", {"players": 2}), ("cribbage", {})])
def test_playing_on_starts_an_unrated_table_at_the_replays_position(
    client_on: Callable[..., TestClient], db_url: str, game: str, options: dict[str, Any]
) -> None:
    client = client_on(db_url)
    match = finished(client, game, **options)
    old = truth_of(client, match.rsplit("-", 1)[0])
    at = seat_to_act(client, match, 1)
    answer = client.post(f"/api/matches/{match}/play-on", json={"at": at, "seat": 1})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    # As POST /api/tables answers: the person's seat with its token, a bot at the other.
    assert [s["kind"] for s in made["seats"]] == ["bot", "human"]
    assert made["seats"][0]["level"] == "expert"  # the game's default level
    assert made["seats"][1]["link"].startswith(f"/t/{made['table']}#seat=1&token=")
    new = truth_of(client, made["table"])
    # The same deal and the first `at` moves: the engine's position is the replay's.
    assert new.positions[at].to_record() == old.positions[at].to_record()
    assert len(new.positions) == at + 1  # the person is to act: no bot moved yet
    with service_of(client).store.session() as session:
        row = session.get(TableRow, made["table"])
        assert row is not None and row.rated is False
    # The person sees the hand they had, the same scores, and can move.
    person = Player(client, made["table"], 1, made["seats"][1]["token"])
    view = person.state["view"]
    assert person.state["seq"] == at and view["current"] == 1
    expected = views.view(old.positions[at], game, 1, "en")
    assert view["hand"] == expected["hand"]
    scores = [key for key in ("scores", "score", "points") if key in expected]
    assert scores and all(view[key] == expected[key] for key in scores)
    legal = view["legal"][0]["action"]
    person.act(legal)
    assert person.state["seq"] > at
    person.close()


def test_a_match_in_play_is_refused_and_nothing_of_it_said(client: TestClient) -> None:
    table = new_table(client, "draw", BOTS, players=2)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    ana.act(ana.settle({1})["view"]["legal"][0]["action"])
    ana.settle({1})
    truth = truth_of(client, table["table"])
    hidden = truth.hidden(len(truth.positions) - 1, None)
    match = f"{table['table']}-1"
    for answer in (
        client.post(f"/api/matches/{match}/play-on", json={"at": 1, "seat": 0, "lang": "pt"}),
        client.get(f"/api/matches/{match}/positions/1/hint", params={"seat": 0, "lang": "pt"}),
    ):
        assert answer.status_code == 409
        assert "ainda" in answer.json()["error"]  # translated: still being played
        assert leaks({"answer": answer.text}, hidden) == []
    ana.close()


def test_a_bad_move_seat_or_level_is_refused_in_words(client: TestClient) -> None:
    match = finished(client, "draw", players=2, target=1)
    moves = len(truth_of(client, match.rsplit("-", 1)[0]).positions) - 1
    address = f"/api/matches/{match}/play-on"
    for body, words in (
        ({"at": moves + 1, "seat": 0}, f"from 0 to {moves}"),
        ({"at": moves, "seat": 0}, "The match is over after move"),
        ({"at": 1, "seat": 2}, "A seat is a whole number, from 0 to 1"),
        ({"at": -1, "seat": 0}, "at"),
        ({"at": "3", "seat": 0}, "at"),
        ({"at": 1, "seat": 0, "level": "grandmaster"}, "Choose a bot level: "),
    ):
        answer = client.post(address, json=body)
        assert answer.status_code == 422, body
        assert words in answer.json()["error"], (body, answer.json())
    pt = client.post(address, json={"at": 1, "seat": 2, "lang": "pt"})
    assert pt.status_code == 422 and "lugar" in pt.json()["error"]
    assert client.post("/api/matches/nothing-1/play-on", json={"at": 0, "seat": 0}).status_code == (
        404
    )


def test_the_expert_ranks_the_seat_to_act_and_refuses_another(client: TestClient) -> None:
    match = finished(client, "draw", players=2)
    at = seat_to_act(client, match, 1)
    truth = truth_of(client, match.rsplit("-", 1)[0])
    legal = {str(a) for a in truth.positions[at].legal_actions()}
    answer = client.get(f"/api/matches/{match}/positions/{at}/hint", params={"seat": 1})
    assert answer.status_code == 200, answer.text
    ranked = answer.json()
    assert ranked["match"] == match and ranked["at"] == at and ranked["seat"] == 1
    assert {h["action"] for h in ranked["hints"]} == legal
    values = [h["value"] for h in ranked["hints"]]
    assert values == sorted(values, reverse=True) and all(h["label"] for h in ranked["hints"])
    # The seat's chance there, from its own view (issue 37): the library's estimate from
    # that seat's observation with the hint's seed.
    assert 0 <= ranked["chance"] <= 1
    other = client.get(
        f"/api/matches/{match}/positions/{at}/hint", params={"seat": 0, "lang": "pt"}
    )
    assert other.status_code == 409 and "Ana" in other.json()["error"]
    for params in ({"seat": 5}, {"seat": "x"}, {}):
        bad = client.get(f"/api/matches/{match}/positions/{at}/hint", params=params)
        assert bad.status_code == 422 and "seat" in bad.json()["error"], params
    far = client.get(f"/api/matches/{match}/positions/99999/hint", params={"seat": 1})
    assert far.status_code == 422 and "move" in far.json()["error"]
