"""Chat at the tables (issue 39, "Chat"): quick phrases that travel as keys, free text
checked and refused in words, two rooms (players, spectators) never crossing, the rate, the
tables where free text is off (partners; a rated table in play when the operator says so),
the history a new reader gets, reports stored once and read with ``pegboard reports``, and
two server processes on one PostgreSQL database hearing each other's lines."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select
from typer.testing import CliRunner

from pegboard.cli.main import app as cli
from pegboard.web.chat import PHRASES
from pegboard.web.db import ChatLineRow, ChatReportRow
from pegboard.web.limits import CHAT_TEXT_LENGTH
from tests.web.conftest import (
    PLAY_LIMITS,
    Player,
    another_browser,
    new_table,
    service_of,
    token_of,
)
from tests.web.test_ratings import Rated

PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human"}]


def chats(player: Player) -> list[dict[str, Any]]:
    """The chat lines the player was told since the last look (a ping's round trip)."""
    return [m["line"] for m in player.sync() if m["type"] == "chat"]


def say(player: Player, message: dict[str, Any]) -> list[dict[str, Any]]:
    """Send a chat message and wait for it to be answered (its line told to every reader,
    the sayer too, before the sayer's ping is): the lines the sayer was told."""
    player.send(message)
    return chats(player)


def two_players(
    client: TestClient, game: str = "draw", **options: Any
) -> tuple[str, Player, Player]:
    table = new_table(client, game, PEOPLE, players=2, **options)
    ana = Player(client, table["table"], 0, token_of(table, 0), chat=True)
    bo = Player(client, table["table"], 1, token_of(table, 1), lang="pt", chat=True)
    for player in (ana, bo):
        assert player.receive() == {"type": "chat_history", "lines": []}
    return table["table"], ana, bo


def answer_to(player: Player, message: dict[str, Any]) -> dict[str, Any]:
    """The one answer (not a state: presence changes come as states) to ``message``."""
    player.send(message)
    (answer,) = [m for m in player.sync() if m["type"] not in ("state", "chat")]
    return answer


def stored(client: TestClient, table_id: str) -> int:
    with service_of(client).store.session() as session:
        return int(
            session.scalar(select(func.count()).where(ChatLineRow.table_id == table_id)) or 0
        )


def test_a_quick_phrase_travels_as_its_key_to_both_players(client: TestClient) -> None:
    _, ana, bo = two_players(client)
    ana.send({"type": "chat", "phrase": "good_luck"})
    (line,) = chats(ana)
    assert (line["phrase"], line["text"], line["seat"], line["room"]) == (
        "good_luck",
        None,
        0,
        "players",
    )
    # The Portuguese reader gets the same key: their page says it in Portuguese.
    assert chats(bo) == [line]
    assert set(PHRASES) == {"good_luck", "well_played", "thanks", "oops", "good_game"}


def test_free_text_is_kept_as_said_and_the_author_is_the_seats_player(client: TestClient) -> None:
    table_id, ana, bo = two_players(client)
    said = "<b>bom jogo</b> & boa sorte 🙂"
    (own,) = say(bo, {"type": "chat", "text": f"  {said}  "})
    (line,) = chats(ana)
    assert line == own
    assert line["text"] == said and line["seat"] == 1  # the page escapes it, as any text
    (other,) = say(ana, {"type": "chat", "phrase": "thanks"})
    assert other["author"] and other["author"] != line["author"]  # who a mute holds on to
    assert stored(client, table_id) == 2


@pytest.mark.parametrize(
    "wrong",
    [
        "",
        "   ",
        "x" * (CHAT_TEXT_LENGTH + 1),
        "abc\u202edef",  # RIGHT-TO-LEFT OVERRIDE
        "abc\u2066def",  # LEFT-TO-RIGHT ISOLATE
        "ab\u200bcd",  # ZERO WIDTH SPACE
        "a\u200db",  # a ZWJ between two Latin letters: joins nothing
        "one\ntwo",
        "tab\there",
        "a\u00a0b",  # NO-BREAK SPACE: a space that is not one
        "\ue000",  # private use
        "\u0378",  # unassigned
    ],
)
def test_free_text_that_cannot_be_seen_as_said_is_refused_in_words_and_nothing_is_said(
    client: TestClient, wrong: str
) -> None:
    table_id, ana, bo = two_players(client)
    answer = answer_to(ana, {"type": "chat", "text": wrong})
    assert answer["type"] == "error" and answer["code"] == "chat_text", answer
    assert answer["message"]
    assert chats(bo) == [] and stored(client, table_id) == 0


def test_what_a_language_needs_to_be_written_is_accepted(client: TestClient) -> None:
    _, ana, bo = two_players(client)
    for said in (
        "शुभकामना",
        "क्\u200dष",
        "अच्\u200cछा",
        "👩\u200d👩\u200d👧",
        "祝你好运",
        "a" * CHAT_TEXT_LENGTH,
    ):
        say(ana, {"type": "chat", "text": said})
    assert [line["text"] for line in chats(bo)] == [
        "शुभकामना",
        "क्\u200dष",
        "अच्\u200cछा",
        "👩\u200d👩\u200d👧",
        "祝你好运",
        "a" * CHAT_TEXT_LENGTH,
    ]


@pytest.mark.parametrize(
    "message",
    [
        {"type": "chat"},
        {"type": "chat", "phrase": "good_luck", "text": "hi"},
        {"type": "chat", "phrase": "insult"},
        {"type": "chat", "phrase": 3},
        {"type": "chat", "text": 3},
        {"type": "report"},
        {"type": "report", "line": "1"},
        {"type": "report", "line": True},
        {"type": "report", "line": 999999},
    ],
)
def test_malformed_chat_messages_are_refused_in_words(
    client: TestClient, message: dict[str, Any]
) -> None:
    table_id, ana, _ = two_players(client)
    answer = answer_to(ana, message)
    assert answer["type"] == "error" and answer["code"] == "malformed", answer
    assert stored(client, table_id) == 0


def test_players_and_spectators_talk_in_rooms_apart(client: TestClient) -> None:
    table_id, ana, bo = two_players(client)
    watcher = Player(another_browser(client), table_id, None, None, chat=True)
    assert watcher.receive() == {"type": "chat_history", "lines": []}
    watcher.send({"type": "chat", "text": "who wins?"})
    (line,) = chats(watcher)
    assert line["room"] == "spectators" and line["seat"] is None and line["author"].startswith("w")
    say(ana, {"type": "chat", "phrase": "thanks"})
    assert [line["phrase"] for line in chats(bo)] == ["thanks"]  # not the spectator's
    assert chats(watcher) == []  # not the players'
    # A client that did not ask for the chat is told nothing of it.
    quiet = Player(another_browser(client), table_id, None, None)
    say(watcher, {"type": "chat", "phrase": "good_game"})
    assert [m for m in quiet.sync() if m["type"].startswith("chat")] == []


def test_a_new_reader_gets_the_last_lines_of_its_own_room(client: TestClient) -> None:
    table_id, ana, bo = two_players(client)
    say(ana, {"type": "chat", "text": "first"})
    say(bo, {"type": "chat", "phrase": "good_luck"})
    watcher = Player(another_browser(client), table_id, None, None, chat=True)
    assert watcher.receive() == {"type": "chat_history", "lines": []}
    say(watcher, {"type": "chat", "text": "hello from the rail"})
    again = Player(client, table_id, 0, ana.token, chat=True)
    history = again.receive()
    assert history["type"] == "chat_history"
    assert [(line["text"], line["phrase"]) for line in history["lines"]] == [
        ("first", None),
        (None, "good_luck"),
    ]
    other = Player(another_browser(client), table_id, None, None, chat=True)
    assert [line["text"] for line in other.receive()["lines"]] == ["hello from the rail"]


def test_too_many_lines_too_fast_are_refused_in_words(client_on: Any, sqlite_url: str) -> None:
    from dataclasses import replace

    client = client_on(sqlite_url, limits=replace(PLAY_LIMITS, chat_rate="3 per 10 seconds"))
    table_id, ana, bo = two_players(client)
    for _ in range(3):
        say(ana, {"type": "chat", "phrase": "oops"})
    answer = answer_to(ana, {"type": "chat", "phrase": "oops"})
    assert answer["type"] == "error" and answer["code"] == "too_many"
    assert len(chats(bo)) == 3 and stored(client, table_id) == 3


def test_f1_partners_have_the_phrases_but_no_free_text(client: TestClient) -> None:
    bot = {"kind": "bot", "level": "beginner"}
    seats = [{"kind": "human", "name": "Ana"}, bot, {"kind": "human"}, bot]
    table = new_table(client, "all-fives", seats, players=4)  # F1: two partnerships
    ana = Player(client, table["table"], 0, token_of(table, 0), chat=True)
    ana.receive()
    answer = answer_to(ana, {"type": "chat", "text": "I hold the double six"})
    assert answer["type"] == "error" and answer["code"] == "chat_off"
    assert "partner" in answer["message"]
    ana.send({"type": "chat", "phrase": "well_played"})
    assert [line["phrase"] for line in chats(ana)] == ["well_played"]
    # Alone (partnerships off), free text is on.
    alone = new_table(client, "all-fives", seats, players=4, partnerships=0)
    cy = Player(client, alone["table"], 0, token_of(alone, 0), chat=True)
    cy.receive()
    cy.send({"type": "chat", "text": "hello"})
    assert [line["text"] for line in chats(cy)] == ["hello"]


def test_a_rated_table_in_play_has_no_free_text_when_the_operator_says_so(
    client_on: Any, sqlite_url: str
) -> None:
    from dataclasses import replace

    client = client_on(sqlite_url, limits=replace(PLAY_LIMITS, rated_text_off=True))
    table = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    ana, bo = table.sit()
    answer = answer_to(ana, {"type": "chat", "text": "gl"})
    assert answer["type"] == "error" and answer["code"] == "chat_off"
    assert stored(client, table.id) == 0
    # On by default.
    other = client_on(sqlite_url.replace("pegboard.db", "other.db"))
    rated = Rated(other, "draw", ["Ana", "Bo"], players=2, target=1)
    cy, _ = rated.sit()
    cy.send({"type": "chat", "text": "gl"})
    assert [m for m in cy.sync() if m["type"] == "error"] == []
    assert stored(other, rated.id) == 1
    for player in (ana, bo, cy, _):
        player.close()


def test_a_report_is_stored_once_and_read_and_closed_with_pegboard_reports(
    client: TestClient, sqlite_url: str
) -> None:
    table_id, ana, bo = two_players(client)
    say(bo, {"type": "chat", "text": "you are bad"})
    (line,) = chats(ana)
    assert answer_to(ana, {"type": "report", "line": line["id"]}) == {
        "type": "reported",
        "line": line["id"],
    }
    assert answer_to(ana, {"type": "report", "line": line["id"]})["type"] == "reported"  # once
    own = answer_to(bo, {"type": "report", "line": line["id"]})
    assert own["type"] == "error" and own["code"] == "malformed"  # one's own line
    watcher = Player(another_browser(client), table_id, None, None, chat=True)
    watcher.receive()
    other_room = answer_to(watcher, {"type": "report", "line": line["id"]})
    assert other_room["type"] == "error"  # not a line of the spectators' room
    with service_of(client).store.session() as session:
        assert session.scalar(select(func.count()).select_from(ChatReportRow)) == 1

    runner = CliRunner()
    listed = runner.invoke(cli, ["reports", "list", "--db", sqlite_url])
    assert listed.exit_code == 0, listed.output
    assert "you are bad" in listed.output and f"table {table_id}" in listed.output
    assert "seat 2" in listed.output and "1 open report of a chat line." in listed.output
    report_id = listed.output.split("Chat report ", 1)[1].split(" ", 1)[0]
    closed = runner.invoke(cli, ["reports", "close", report_id, "--db", sqlite_url])
    assert closed.exit_code == 0 and f"Chat report {report_id} closed." in closed.output
    assert (
        "No open report of a chat line."
        in runner.invoke(cli, ["reports", "list", "--db", sqlite_url]).output
    )
    again = runner.invoke(cli, ["reports", "close", report_id, "--db", sqlite_url])
    assert again.exit_code == 1
    assert (
        "you are bad" in runner.invoke(cli, ["reports", "list", "--all", "--db", sqlite_url]).output
    )


def test_two_processes_on_one_database_hear_each_others_lines(
    fresh_db_url: str, client_on: Any
) -> None:
    if not fresh_db_url.startswith("postgresql"):
        pytest.skip("one process on SQLite: the other tests are its")
    first, second = client_on(fresh_db_url), client_on(fresh_db_url)
    table = new_table(first, "draw", PEOPLE, players=2)
    ana = Player(first, table["table"], 0, token_of(table, 0), chat=True)
    bo = Player(second, table["table"], 1, token_of(table, 1), chat=True)
    ana.receive()
    bo.receive()
    ana.send({"type": "chat", "phrase": "good_luck"})
    bo.send({"type": "chat", "text": "obrigado"})
    heard: list[dict[str, Any]] = []
    deadline = time.monotonic() + 20
    while len(heard) < 2 and time.monotonic() < deadline:
        heard += chats(bo)
        time.sleep(0.05)
    # Each line once (the order they come in may differ between the processes: the page
    # shows them by id, the order they were said in).
    assert sorted(str(line["phrase"] or line["text"]) for line in heard) == [
        "good_luck",
        "obrigado",
    ]
    told: list[dict[str, Any]] = []
    while len(told) < 2 and time.monotonic() < deadline:
        told += chats(ana)
        time.sleep(0.05)
    assert sorted(line["id"] for line in told) == sorted(line["id"] for line in heard)
    time.sleep(0.3)  # nothing comes twice, late
    assert chats(ana) == [] and chats(bo) == []
