"""Finished matches (issue 13): ``/m/ID`` replays a finished match move by move with every
hand shown, ``/api/matches/ID/record`` gives its engine record; a match in play is never
replayed, and no answer about it names a hidden tile or card."""

from __future__ import annotations

import html
import random
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.analysis import win_probability
from pegboard.web.limits import REPLAY_BATCH
from tests.web.conftest import Player, leaks, new_table, token_of, truth_of

BOTS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]


def play_out(client: TestClient, table: dict[str, Any]) -> None:
    ana = Player(client, table["table"], 0, token_of(table, 0))
    rng = random.Random(3)
    while not ana.settle({1})["view"]["is_over"]:
        ana.act(rng.choice(ana.state["view"]["legal"])["action"])
    ana.close()


def hands_on(page: str) -> dict[int, str]:
    """Each seat's hand as the replay page writes it."""
    return {
        int(seat): html.unescape(text)
        for seat, text in re.findall(r'<dd data-seat="(\d+)">(.*?)</dd>', page, re.S)
    }


def at_of(page: str) -> int:
    found = re.search(r'data-at="(\d+)"', page)
    assert found is not None, page
    return int(found.group(1))


def test_m1_a_finished_match_replays_move_by_move_with_every_hand(client: TestClient) -> None:
    table = new_table(client, "draw", BOTS, players=2, target=1)  # one round (D17)
    play_out(client, table)
    truth = truth_of(client, table["table"])
    moves = len(truth.positions) - 1
    address = f"/m/{table['table']}-1"
    last = client.get(address)
    assert last.status_code == 200 and at_of(last.text) == moves  # the last move by default
    for at in (0, 1, moves // 2, moves):
        page = client.get(f"{address}?at={at}").text
        assert at_of(page) == at
        match = truth.positions[at]
        # Every seat's hand, as the engine holds it then (not only one seat's).
        expected = {
            seat: " ".join(f"{tile.low}-{tile.high}" for tile in hand) or "—"
            for seat, hand in enumerate(match.round.hands)
        }
        assert hands_on(page) == expected
        # The board as it stands: the line's description after this play, for screen
        # readers only (the drawing shows it).
        if at:
            assert (
                re.search(r'class="replay-description visually-hidden"', page)
                or not match.round.line
            )
    # Navigation: first, back, forward, last, by links the keys follow (replay.js).
    middle = client.get(f"{address}?at=1").text
    for key, to in (("Home", 0), ("ArrowLeft", 0), ("ArrowRight", 2), ("End", moves)):
        assert re.search(rf'href="{address}\?at={to}&amp;lang=en"[^>]*data-key="{key}"', middle)
    assert 'src="/static/replay.js"' in middle
    # The settlement of the round is said at its last move.
    assert re.search(r"<li>[^<]*(scores|wins|blocked)", last.text, re.I), last.text


def test_m2_the_record_of_a_finished_match_is_the_engines(client: TestClient) -> None:
    table = new_table(client, "cribbage", BOTS)
    play_out(client, table)
    answer = client.get(f"/api/matches/{table['table']}-1/record")
    assert answer.status_code == 200
    assert "attachment" in answer.headers["content-disposition"]
    record = answer.json()
    truth = truth_of(client, table["table"])
    assert record == truth.positions[-1].to_record()
    again = pegboard.games.get("cribbage").from_record(record)
    assert again.is_over and again.to_record() == record


def test_m3_a_match_in_play_is_never_replayed_nor_its_record_given(client: TestClient) -> None:
    for game, options in (("draw", {"players": 2}), ("cribbage", {})):
        table = new_table(client, game, BOTS, **options)
        ana = Player(client, table["table"], 0, token_of(table, 0))
        ana.act(ana.settle({1})["view"]["legal"][0]["action"])
        ana.settle({1})
        match_id = f"{table['table']}-1"
        truth = truth_of(client, table["table"])
        seq = len(truth.positions) - 1
        hidden = truth.hidden(seq, 0) | truth.hidden(seq, 1)
        assert hidden
        for path in (
            f"/m/{match_id}",
            f"/m/{match_id}?at=1",
            f"/api/matches/{match_id}/record",
            f"/api/matches/{match_id}/positions?from=0",
        ):
            answer = client.get(path + ("&" if "?" in path else "?") + "lang=pt")
            assert answer.status_code == 409, path
            assert "ainda" in answer.text  # translated: still being played
            assert leaks({"answer": answer.text}, hidden) == []
        # The table's answers name no earlier match of it yet, nor its log.
        summary = client.get(f"/api/tables/{table['table']}").text
        assert leaks({"summary": summary}, hidden) == []
        ana.close()


def test_m4_no_such_match_is_a_translated_404(client: TestClient) -> None:
    table = new_table(client, "draw", BOTS, players=2, target=1)
    for text in ("nothing", f"{table['table']}-2", f"{table['table']}-x", "-1", "a" * 200 + "-1"):
        for path in (f"/m/{text}", f"/api/matches/{text}/record", f"/api/matches/{text}/positions"):
            answer = client.get(path, params={"lang": "pt"})
            assert answer.status_code == 404, (path, answer.text)
            assert "Não há" in answer.text


def test_m5_play_again_starts_a_match_of_its_own_address_the_table_links_the_earlier(
    client: TestClient,
) -> None:
    table = new_table(client, "draw", BOTS, players=2, target=1)
    table_id = table["table"]
    assert client.get(f"/api/tables/{table_id}").json()["replays"] == []
    play_out(client, table)
    assert client.get(f"/api/tables/{table_id}").json()["replays"] == [f"/m/{table_id}-1"]
    ana = Player(client, table_id, 0, token_of(table, 0))
    ana.send({"type": "again"})
    ana.sync()
    assert ana.state["match"] == 2
    # The state's summary links the first match; the second is in play, so not replayed.
    assert ana.state["table"]["replays"] == [f"/m/{table_id}-1"]
    assert client.get(f"/m/{table_id}-1").status_code == 200
    assert client.get(f"/m/{table_id}-2").status_code == 409
    ana.close()


def test_m6_the_player_page_links_each_finished_match_to_its_replay(client: TestClient) -> None:
    me = client.put("/api/me", json={"name": "Ana"}).json()
    finished = new_table(client, "draw", BOTS, players=2, target=1)
    play_out(client, finished)
    in_play = new_table(client, "cribbage", BOTS)
    page = client.get(f"/p/{me['id']}").text
    assert f'href="/m/{finished["table"]}-1"' in page
    assert f"/m/{in_play['table']}-1" not in page


def test_a_match_s_address_is_not_read_as_a_tile_but_the_tile_itself_is() -> None:
    """The scan's blind spot is the addresses alone: a table id ending in 1 before the
    match's number (``/m/Xq1-1``) once read as the tile 1-1 and failed this file's scan of
    a page that shows no tile; the same tile written in the page's text is still found."""
    from tests.web.conftest import ADDRESS, PATTERNS, leaks

    one_one = "[1|1]"
    assert one_one in PATTERNS
    page = '<a href="/m/aB_x9Zq1-1?lang=pt">Português</a>'
    assert ADDRESS.search(page)
    assert leaks({"answer": page}, {one_one}) == []
    assert leaks({"answer": page + " a mão tem 1-1"}, {one_one}) == [one_one]


def test_a_match_number_in_other_digits_is_a_404_not_a_fault(client: TestClient) -> None:
    """``str.isdigit`` takes superscripts and circled digits, which ``int`` cannot read."""
    table = new_table(client, "draw", BOTS, players=2, target=1)
    play_out(client, table)
    for number in ("²", "¹", "①", "١", "1²"):
        for path in (f"/m/abc-{number}", f"/m/{table['table']}-{number}"):
            for route in (path, f"/api/matches/{path[3:]}/record"):
                answer = client.get(route, params={"lang": "pt"})
                assert answer.status_code == 404, (route, answer.status_code)
                assert "Não há" in answer.text
                assert answer.headers["x-frame-options"] == "DENY"


def test_a_move_that_is_no_number_is_a_translated_422(client: TestClient) -> None:
    table = new_table(client, "draw", BOTS, players=2, target=1)
    play_out(client, table)
    address = f"/m/{table['table']}-1"
    for at in ("①", "²", "abc", "-1", "1.5", "١"):
        answer = client.get(address, params={"at": at, "lang": "pt"})
        assert answer.status_code == 422, (at, answer.status_code)
        assert "número" in answer.text  # says what is wrong, in Portuguese
        assert answer.headers["x-frame-options"] == "DENY"
    # A number past the last move is the last move, however long it is written.
    moves = at_of(client.get(address).text)
    for at in ("999999", "9" * 5000, "0" * 20 + "1"):
        answer = client.get(address, params={"at": at})
        assert answer.status_code == 200
        assert at_of(answer.text) == (1 if at.endswith("01") else moves)


def test_m7_the_viewer_s_positions_are_the_engine_s_every_hand_shown_a_batch_at_a_time(
    client: TestClient,
) -> None:
    """Issue 35, defect 7: the replay page's viewer steps without reloading, from
    ``/api/matches/ID/positions``: each position's public view, what its move did and
    every seat's hand, a bounded batch at a time, and the rounds with where each starts."""
    table = new_table(client, "draw", BOTS, players=2, target=40)  # a few rounds
    play_out(client, table)
    truth = truth_of(client, table["table"])
    moves = len(truth.positions) - 1
    address = f"/api/matches/{table['table']}-1/positions"
    answer = client.get(address, params={"from": 1, "count": 5}).json()
    assert answer["moves"] == moves and answer["from"] == 1
    assert [shown["at"] for shown in answer["positions"]] == [1, 2, 3, 4, 5]
    for shown in answer["positions"]:
        match = truth.positions[shown["at"]]
        expected = [[f"{tile.low}-{tile.high}" for tile in hand] for hand in match.round.hands]
        assert shown["hands"] == expected
        assert shown["said"]  # what the move did, in words
        assert shown["view"]["seat"] is None and "log" not in shown["view"]
    # The rounds, each where it starts: the first at the deal, the others after a settlement.
    parts = answer["parts"]
    assert parts[0] == {"at": 0, "label": "Round 1"}
    assert [part["label"] for part in parts] == [f"Round {n + 1}" for n in range(len(parts))]
    assert len(parts) == len(truth.positions[-1].rounds) > 1
    for part in parts[1:]:
        before = truth.positions[part["at"] - 1]
        assert len(before.rounds) == int(part["label"].split()[-1]) - 2
    # Bounded: however many are asked for, at most a batch; past the last move, fewer.
    many = client.get(address, params={"from": 0, "count": "9" * 50}).json()["positions"]
    assert len(many) == REPLAY_BATCH
    tail = client.get(address, params={"from": moves - 1}).json()["positions"]
    assert [shown["at"] for shown in tail] == [moves - 1, moves]
    # Translated, and a bad number is a translated 422 naming what is wrong.
    said = client.get(address, params={"from": 0, "count": 1, "lang": "pt"}).json()
    assert said["parts"][0]["label"] == "Rodada 1"
    for params in ({"from": "x"}, {"from": "-1"}, {"count": "0"}, {"count": "²"}):
        refused = client.get(address, params={**params, "lang": "pt"})
        assert refused.status_code == 422, params
        assert refused.json()["field"] in params and "número" in refused.json()["error"]


def test_each_replayed_position_has_each_seat_s_chance_from_its_deal_s_start(
    client: TestClient,
) -> None:
    """Issue 37: the viewer shows each player's chance of winning move by move, the tables'
    from the start of the deal in play (public facts only: the same for every position of
    a round, 1 and 0 once the match is won)."""
    table = new_table(client, "draw", BOTS, players=2, target=40)
    play_out(client, table)
    truth = truth_of(client, table["table"])
    game = pegboard.games.get("draw")
    moves = len(truth.positions) - 1
    address = f"/api/matches/{table['table']}-1/positions"
    shown = client.get(address, params={"from": 0}).json()["positions"]
    shown += client.get(address, params={"from": moves - 1}).json()["positions"]
    for position in shown:
        match = truth.positions[position["at"]]
        expected = [win_probability(game, match, seat, samples=0) for seat in (0, 1)]
        assert position["chances"] == pytest.approx(expected, abs=1e-4)
        assert sum(position["chances"]) == pytest.approx(1, abs=1e-3)
    assert shown[-1]["chances"] in ([1.0, 0.0], [0.0, 1.0])  # the match is over
    first_round = [p["chances"] for p in shown if p["at"] < len(truth.positions[0].round.hands[0])]
    assert len({tuple(c) for c in first_round}) == 1  # one round, one chance: the table's


def test_c18_c19_a_muggins_match_replays_with_its_claims_and_muggins(client: TestClient) -> None:
    """The replay page and the viewer's positions of a finished match with muggins: each
    claim and each answer is a move said in words ("Ana claims 8.", "... calls muggins for
    2.", "... lets the claim stand."), a position at a claim turns up the hand or crib
    claimed for (``showing``), and the record replays (C18, C19)."""
    table = new_table(client, "cribbage", BOTS, best_of=1, muggins=1)
    play_out(client, table)
    truth = truth_of(client, table["table"])
    final = truth.positions[-1]
    assert final.is_over and final.muggins == 1
    record = client.get(f"/api/matches/{table['table']}-1/record").json()
    assert record["muggins"] == 1
    address = f"/api/matches/{table['table']}-1/positions"
    moves = len(truth.positions) - 1
    said: list[str] = []
    showing = 0
    for start in range(1, moves + 1, REPLAY_BATCH):
        answer = client.get(address, params={"from": start, "count": REPLAY_BATCH}).json()
        for shown in answer["positions"]:
            said.append(shown["said"])
            view = shown["view"]
            if view["showing"] is not None:
                showing += 1
                assert view["claim"] is None and not view.get("legal")  # nobody's to act
    assert showing > 10
    text = " ".join(str(s) for s in said)
    assert re.search(r"claims \d+\.", text) and "lets the claim stand." in text
    assert re.search(r"calls muggins for \d+\.", text)
    last = client.get(f"/m/{table['table']}-1").text
    assert re.search(r"claims \d+\.", html.unescape(last))
