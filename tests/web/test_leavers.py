"""Leavers and disconnects (issue 13): a seat is away when its player has no connection;
after the grace time (``pegboard serve --grace``, ``create_app(grace=...)``) another player
may hand it to a bot at an unrated table (the player takes it back by coming back), or
claim the win at a rated one (the leaver loses by forfeit). Every refusal is translated,
names its problem and changes nothing; a stand-in bot never moves after its player is back,
nor shows its seat's hand to anyone; a restart keeps the stand-in and the forfeit.

The toy game ``tricks`` (tests/games/toy/) is played: two people, Ana (seat 0, who leads
first) and Bo (seat 1). The service's clock is a test clock, moved by hand: no test waits
for the grace time to pass, nor measures anything."""

from __future__ import annotations

import asyncio
import inspect
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.i18n import translator
from pegboard.web import leavers
from pegboard.web.app import create_app
from pegboard.web.records import SeatInfo
from tests.games import toy
from tests.web.conftest import (
    HANG_GUARD,
    OPEN_PLAYERS,
    PLAY_LIMITS,
    Player,
    database_rows,
    new_table,
    seeds,
    service_of,
    token_of,
)
from tests.web.test_generic_game import leaks_of, truth

GRACE = 120.0
PEOPLE = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


class Clock:
    """The service's clock in these tests: it moves when the test says."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def app_on(
    toy_game: pegboard.games.Game, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[str], tuple[TestClient, Clock]]]:
    """``app_on(url)``: a running app on ``url`` (bots in threads, no delay), its test
    clock set, with the toy registered; stopped after the test."""
    monkeypatch.setenv(pegboard.games.ENVIRONMENT, "tests.games.toy:plug_in")
    started: list[TestClient] = []

    def start(url: str) -> tuple[TestClient, Clock]:
        app = create_app(
            url,
            bot_delay=0,
            seed_source=seeds(5, 6, 7),
            limits=PLAY_LIMITS,
            bot_workers=0,
            grace=GRACE,
        )
        client = TestClient(app)
        client.__enter__()
        started.append(client)
        clock = Clock()
        service_of(client).clock = clock
        return client, clock

    yield start
    while OPEN_PLAYERS:
        OPEN_PLAYERS[-1].close()
    for client in reversed(started):
        client.__exit__(None, None, None)


@pytest.fixture
def app(
    app_on: Callable[[str], tuple[TestClient, Clock]], sqlite_url: str
) -> tuple[TestClient, Clock]:
    return app_on(sqlite_url)


def seat_entry(player: Player, seat: int) -> dict[str, Any]:
    entry: dict[str, Any] = player.state["table"]["seats"][seat]
    return entry


def bo_leaves(client: TestClient, table: dict[str, Any]) -> tuple[Player, str]:
    """Ana sits at the table; Bo comes, then goes: Ana's player and Bo's token."""
    ana = Player(client, table["table"], 0, token_of(table, 0))
    token = token_of(table, 1)
    bo = Player(client, table["table"], 1, token)
    bo.close()
    ana.sync()
    return ana, token


def both_move(ana: Player, bo: Player) -> None:
    """Ana leads, Bo answers: both have moved in the match."""
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    bo.act(bo.state["view"]["legal"][0]["action"])
    ana.sync()


def wait_until(check: Callable[[], bool], player: Player) -> None:
    """Sync ``player`` until ``check`` holds (a bot moves in the server's own time);
    bounded, so that a bot that never moves fails the test instead of hanging it."""
    deadline = time.monotonic() + HANG_GUARD
    while not check():
        assert time.monotonic() < deadline, player.state
        player.sync()


# -- the away time and the grace time --------------------------------------------------------


def test_l1_an_away_seat_says_for_how_long_and_when_the_grace_time_ends(
    app: tuple[TestClient, Clock],
) -> None:
    client, clock = app
    table = new_table(client, "tricks", PEOPLE)
    ana, _token = bo_leaves(client, table)
    bo = seat_entry(ana, 1)
    assert (bo["connected"], bo["away"], bo["grace_left"], bo["stand_in"]) == (
        False,
        0,
        GRACE,
        None,
    )
    assert (seat_entry(ana, 0)["away"], seat_entry(ana, 0)["grace_left"]) == (None, None)
    assert ana.state["table"]["leavers"] == "stand_in"
    assert ana.state["table"]["forfeit"] is None
    clock.advance(70)
    ana.send({"type": "hello", "lang": "en"})  # a resync: the state as it is now
    ana.sync()
    assert (seat_entry(ana, 1)["away"], seat_entry(ana, 1)["grace_left"]) == (70, 50)
    clock.advance(60)
    ana.send({"type": "hello", "lang": "en"})
    ana.sync()
    assert (seat_entry(ana, 1)["away"], seat_entry(ana, 1)["grace_left"]) == (130, 0)


def test_l1_the_grace_time_is_a_server_option_of_two_minutes_by_default() -> None:
    from typer.testing import CliRunner

    from pegboard.cli.main import app as cli
    from pegboard.cli.serve import serve
    from pegboard.web.leavers import GRACE_SECONDS
    from pegboard.web.service import TableService

    assert GRACE_SECONDS == 120.0
    assert inspect.signature(TableService).parameters["grace"].default == GRACE_SECONDS
    assert inspect.signature(create_app).parameters["grace"].default == GRACE_SECONDS
    assert inspect.signature(serve).parameters["grace"].default == GRACE_SECONDS
    shown = CliRunner().invoke(cli, ["serve", "--help"], env={"COLUMNS": "200"}).output
    assert "--grace" in shown


# -- the stand-in bot --------------------------------------------------------------------------


def test_l2_after_the_grace_time_an_away_seat_is_played_by_a_bot_until_its_player_is_back(
    app: tuple[TestClient, Clock],
) -> None:
    client, clock = app
    table = new_table(client, "tricks", PEOPLE, hand=4)
    ana, token = bo_leaves(client, table)
    watcher = Player(client, table["table"], None, None)
    clock.advance(GRACE)
    ana.act(ana.state["view"]["legal"][0]["action"])  # Ana leads: Bo's turn, and he is away
    assert ana.state["view"]["current"] == 1
    ana.send({"type": "takeover", "seat": 1})
    # The bot (the toy's strongest level but one: "random") plays Bo's card at once.
    wait_until(lambda: ana.state["seq"] >= 2, ana)
    assert seat_entry(ana, 1)["stand_in"] == "random"
    watcher.sync()
    assert seat_entry(watcher, 1)["stand_in"] == "random"
    # Bo comes back: his seat is his again, told to everyone, and he plays on.
    bo = Player(client, table["table"], 1, token)
    assert seat_entry(bo, 1)["stand_in"] is None and seat_entry(bo, 1)["connected"] is True
    ana.sync()
    assert seat_entry(ana, 1)["stand_in"] is None
    while not ana.state["view"]["is_over"]:
        mover = ana if ana.state["view"]["current"] == 0 else bo
        mover.sync()
        mover.act(mover.state["view"]["legal"][0]["action"])
        ana.sync()
    # Every message to Ana and to the watcher, the stand-in's moves included, shows them
    # only what they may see: never Bo's hand.
    positions = truth(client, table["table"])
    for player in (ana, watcher, bo):
        player.sync()
        assert leaks_of(player, positions) == []


def test_l2_the_stand_in_thinks_from_its_own_seat_s_view_alone(
    app: tuple[TestClient, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, clock = app
    service = service_of(client)
    seen: list[Any] = []
    real = service.pool.bot_move

    async def spy(game: str, level: str, seed: int, observation: Any) -> str:
        seen.append(observation)
        return await real(game, level, seed, observation)

    monkeypatch.setattr(service.pool, "bot_move", spy)
    table = new_table(client, "tricks", PEOPLE, hand=4)
    ana, _token = bo_leaves(client, table)
    clock.advance(GRACE)
    ana.act(ana.state["view"]["legal"][0]["action"])
    ana.send({"type": "takeover", "seat": 1})
    wait_until(lambda: ana.state["seq"] >= 2, ana)
    live = service._tables[table["table"]]
    first = truth(client, table["table"])[1]  # the position the bot thought in
    assert seen and all(type(o) is toy.TricksObservation for o in seen)
    assert seen[0] == first.observation(1)
    assert not {toy.card_text(c) for c in seen[0].hand} & toy.hidden_from(first, 1)
    assert live.record.seats[1].stand_in == "random"


def test_l2_a_stand_in_never_moves_after_its_player_took_the_seat_back(
    app: tuple[TestClient, Clock], monkeypatch: pytest.MonkeyPatch
) -> None:
    client, clock = app
    service = service_of(client)
    thinking, release = threading.Event(), threading.Event()
    real = service.pool.bot_move

    async def slow(game: str, level: str, seed: int, observation: Any) -> str:
        thinking.set()
        await asyncio.to_thread(release.wait, HANG_GUARD)
        return await real(game, level, seed, observation)

    monkeypatch.setattr(service.pool, "bot_move", slow)
    table = new_table(client, "tricks", PEOPLE, hand=4)
    ana, token = bo_leaves(client, table)
    clock.advance(GRACE)
    ana.act(ana.state["view"]["legal"][0]["action"])
    ana.send({"type": "takeover", "seat": 1})
    assert thinking.wait(HANG_GUARD)  # the bot is choosing Bo's card, without the lock
    bo = Player(client, table["table"], 1, token)  # Bo is back meanwhile
    release.set()
    live = service._tables[table["table"]]
    deadline = time.monotonic() + HANG_GUARD
    while live.bot_task is not None and not live.bot_task.done():
        assert time.monotonic() < deadline
        time.sleep(0.01)
    ana.sync()
    assert ana.state["seq"] == 1 and ana.state["view"]["current"] == 1  # no move for Bo
    assert service.store.load_table(table["table"]).seats[1].stand_in is None  # type: ignore[union-attr]
    bo.act(bo.state["view"]["legal"][0]["action"])  # the move is Bo's own
    assert bo.state["seq"] == 2


def test_l2_a_restart_keeps_the_stand_in_and_its_bot_plays_on(
    app_on: Callable[[str], tuple[TestClient, Clock]], sqlite_url: str
) -> None:
    client, clock = app_on(sqlite_url)
    table = new_table(client, "tricks", PEOPLE, hand=4)
    ana, token = bo_leaves(client, table)
    clock.advance(GRACE)
    ana.send({"type": "takeover", "seat": 1})  # Ana's turn: the bot waits for Bo's
    ana.sync()
    assert seat_entry(ana, 1)["stand_in"] == "random"
    ana.close()
    second, _clock = app_on(sqlite_url)  # another server on the same database
    stored = service_of(second).store.load_table(table["table"])
    assert stored is not None and stored.seats[1].stand_in == "random"
    ana = Player(second, table["table"], 0, token_of(table, 0))
    assert seat_entry(ana, 1)["stand_in"] == "random"
    ana.act(ana.state["view"]["legal"][0]["action"])
    wait_until(lambda: ana.state["seq"] >= 2, ana)  # the stand-in played, after the restart
    bo = Player(second, table["table"], 1, token)
    assert seat_entry(bo, 1)["stand_in"] is None
    stored = service_of(second).store.load_table(table["table"])
    assert stored is not None and stored.seats[1].stand_in is None


def test_l2_the_stand_in_level_is_the_table_s_bots_or_the_strongest_but_one() -> None:
    people = [SeatInfo(0, "human", claimed=True), SeatInfo(1, "human", claimed=True)]
    assert (
        leavers.stand_in_level(pegboard.games.get("draw"), people) == "expert"
    )  # random, greedy, expert, ismcts
    with_bots = [*people, SeatInfo(2, "bot", "greedy", claimed=True)]
    assert leavers.stand_in_level(pegboard.games.get("draw"), with_bots) == "greedy"


# -- refusals ------------------------------------------------------------------------------


def refused(player: Player, message: dict[str, Any], client: TestClient) -> dict[str, Any]:
    """The one answer to ``message``, an error; nothing was written, nobody else told."""
    before = database_rows(client)
    answer = player.answer(message)
    assert answer["type"] == "error", answer
    assert database_rows(client) == before
    return answer


def test_l3_each_refused_takeover_says_why_in_the_player_s_language_and_changes_nothing(
    app: tuple[TestClient, Clock],
) -> None:
    client, clock = app
    seats = [*PEOPLE]
    table = new_table(client, "tricks", seats)
    ana, _token = bo_leaves(client, table)
    pt = Player(client, table["table"], 0, token_of(table, 0), lang="pt")
    _ = translator("pt")

    def says(answer: dict[str, Any], english: str, **fields: Any) -> None:
        assert answer["code"] == "leaver"
        assert answer["message"] == _(english).format(**fields)
        assert answer["message"] != english.format(**fields)  # in Portuguese

    # Before the grace time ends.
    early = refused(pt, {"type": "takeover", "seat": 1}, client)
    assert early["code"] == "leaver"
    assert early["message"] == _.ngettext(
        "{name} may still come back: wait {n} more second.",
        "{name} may still come back: wait {n} more seconds.",
        120,
    ).format(name="Bo", n=120)
    clock.advance(GRACE)
    # A present seat (one's own), a seat that is none.
    says(
        refused(pt, {"type": "takeover", "seat": 0}, client),
        "{name} is here: only a seat whose player is away.",
        name="Ana",
    )
    says(
        refused(pt, {"type": "takeover", "seat": 7}, client), "There is no such seat at this table."
    )
    # A spectator.
    watcher = Player(client, table["table"], None, None, lang="pt")
    says(
        refused(watcher, {"type": "takeover", "seat": 1}, client),
        "Only a player at this table may hand an away seat to a bot.",
    )
    # A bot level the game has not.
    says(
        refused(pt, {"type": "takeover", "seat": 1, "level": "grandmaster"}, client),
        "Choose a bot level: {levels}.",
        levels="random, high",
    )
    # A claim at an unrated table.
    says(
        refused(pt, {"type": "claim", "seat": 1}, client),
        "Only a rated table's match is won by a claim: hand the away seat to a bot.",
    )
    # A seat with a bot already.
    ana.send({"type": "takeover", "seat": 1})
    ana.sync()
    pt.sync()
    says(
        refused(pt, {"type": "takeover", "seat": 1}, client),
        "A bot plays for {name} already.",
        name="Bo",
    )
    malformed = refused(pt, {"type": "takeover", "seat": "1"}, client)
    assert malformed["code"] == "malformed"


def test_l3_a_bot_s_seat_and_a_free_seat_are_not_handed_to_a_bot(
    app: tuple[TestClient, Clock],
) -> None:
    client, clock = app
    with_bot = new_table(client, "tricks", [PEOPLE[0], {"kind": "bot", "level": "high"}])
    ana = Player(client, with_bot["table"], 0, token_of(with_bot, 0), lang="hi")
    clock.advance(GRACE)
    _ = translator("hi")
    answer = refused(ana, {"type": "takeover", "seat": 1}, client)
    assert answer["message"] == _(
        "Seat {number} is a bot's: only a person who left can be replaced."
    ).format(number=2)
    free = new_table(client, "tricks", [PEOPLE[0], {"kind": "human"}])
    cy = Player(client, free["table"], 0, token_of(free, 0), lang="zh")
    _ = translator("zh")
    answer = refused(cy, {"type": "takeover", "seat": 1}, client)
    assert answer["message"] == _("Seat {number} has no player yet: nobody left it.").format(
        number=2
    )


def test_l3_nothing_is_handed_to_a_bot_once_the_match_is_over(
    app: tuple[TestClient, Clock],
) -> None:
    client, clock = app
    table = new_table(client, "tricks", PEOPLE, hand=1)
    ana, token = bo_leaves(client, table)
    bo = Player(client, table["table"], 1, token)
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    bo.act(bo.state["view"]["legal"][0]["action"])
    bo.close()
    ana.sync()
    clock.advance(GRACE)
    assert ana.state["view"]["is_over"]
    answer = refused(ana, {"type": "takeover", "seat": 1}, client)
    assert answer["message"] == "The match is over."


# -- a rated table: the claim -------------------------------------------------------------------


@pytest.fixture
def rated_tables(monkeypatch: pytest.MonkeyPatch) -> set[str]:
    """The ids of the tables taken as rated: the toy game's tables of players with no
    identity cannot be made rated through the lobby, so ``leavers.rated`` is told here
    (``test_l4_a_claimed_win_at_a_rated_table_...`` makes a real rated table)."""
    ids: set[str] = set()
    monkeypatch.setattr(leavers, "rated", lambda table: table.id in ids)
    return ids


def test_l4_at_a_rated_table_the_win_is_claimed_and_the_leaver_loses_by_forfeit(
    app_on: Callable[[str], tuple[TestClient, Clock]],
    sqlite_url: str,
    rated_tables: set[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    client, clock = app_on(sqlite_url)
    service = service_of(client)
    rated_leavers: list[int] = []
    monkeypatch.setattr(
        service.leavers, "_rate_forfeit", lambda table, leaver: rated_leavers.append(leaver)
    )
    table = new_table(client, "tricks", PEOPLE, hand=4)
    rated_tables.add(table["table"])
    ana = Player(client, table["table"], 0, token_of(table, 0))
    bo = Player(client, table["table"], 1, token_of(table, 1))
    both_move(ana, bo)  # a forfeit before both have moved is an abort (test_fair_play_rated)
    bo.close()
    ana.sync()
    assert ana.state["table"]["leavers"] == "claim"
    _ = translator("en")
    early = refused(ana, {"type": "claim", "seat": 1}, client)
    assert early["message"] == "Bo may still come back: wait 120 more seconds."
    clock.advance(GRACE)
    takeover = refused(ana, {"type": "takeover", "seat": 1}, client)
    assert takeover["message"] == (
        "At a rated table an away seat is not handed to a bot: claim the win instead."
    )
    ana.send({"type": "claim", "seat": 1})
    ana.sync()
    assert ana.state["table"]["forfeit"] == 1
    assert ana.state["table"]["status"] == "over"
    assert ana.state["table"]["replays"] == [f"/m/{table['table']}-1"]
    assert rated_leavers == [1]
    # The match is over: no move, no second claim; play again starts the next one.
    seq = ana.state["seq"]
    assert refused(ana, {"type": "act", "action": "C1", "seq": seq}, client)["message"] == (
        "The match is over."
    )
    assert refused(ana, {"type": "claim", "seat": 1}, client)["message"] == "The match is over."
    # Stored: another server on the database knows the forfeit, the replay and the
    # player page say who lost.
    second, _clock = app_on(sqlite_url)
    stored = service_of(second).store.load_table(table["table"])
    assert stored is not None and stored.forfeit == 1 and stored.status == "over"
    replay = second.get(f"/m/{table['table']}-1")
    assert replay.status_code == 200
    assert "Bo left: the match is over by forfeit." in replay.text
    ana_page = client.get("/api/me").json()["page"]  # the creator's player
    second.cookies.update(client.cookies)  # as she sees it: the table is private (issue 33)
    assert "Won by forfeit" in second.get(ana_page).text
    ana.send({"type": "again"})
    ana.sync()
    assert ana.state["match"] == 2 and ana.state["table"]["forfeit"] is None


def test_l4_a_claimed_win_at_a_rated_table_rates_the_leaver_last_as_openskill_does(
    app: tuple[TestClient, Clock],
) -> None:
    """The claim and the ratings together, nothing stood in for: a rated Draw table of
    Ana and Bo (each with their own browser and player), Bo goes, Ana claims the win after
    the grace time, and both ratings move as OpenSkill's Plackett-Luce moves them for Ana
    first and Bo last (``tests.web.test_ratings.expected`` calls openskill itself)."""
    from tests.web.test_ratings import NEW, Rated, expected, rating_of

    client, clock = app
    table = Rated(client, "draw", ["Ana", "Bo"], players=2)
    ana, bo = table.sit()
    for _move in range(40):  # until both have moved (Draw's leader may draw first)
        moved = {seat for seat, _action in service_of(client)._tables[table.id].record.actions}
        if moved == {0, 1}:
            break
        mover = ana if ana.state["view"]["your_turn"] else bo
        mover.act(mover.state["view"]["legal"][0]["action"])
        ana.sync()
        bo.sync()
    bo.close()
    ana.sync()
    clock.advance(GRACE)
    ana.send({"type": "claim", "seat": 1})
    ana.sync()
    assert ana.state["table"]["forfeit"] == 1
    want = expected([NEW, NEW], [1.0, 2.0])

    def rated(player: str) -> bool:  # the rating is made in a worker thread after the claim
        found = client.get(f"/api/players/{player}/ratings").json()["ratings"]
        return any(r["game"] == "draw" for r in found)

    for player, (mu, sigma) in zip(table.players, want, strict=True):
        wait_until(lambda p=player: rated(p), ana)  # type: ignore[misc]
        assert rating_of(client, player, "draw") == (mu, sigma, 1)
    assert want[0][0] > NEW[0] > want[1][0]  # Ana up, Bo down
