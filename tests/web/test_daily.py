"""The daily deals on the site (issue 38): players of one day get the same deals, each at a
table of one deal against the expert; one attempt per identity, resumed and never begun
again; the results only to those who played the day out, their matchpoints and par as an
independent recomputation gives them; no day after today; a daily deal's replay hidden
from those who have not played the day; no hints; on SQLite and PostgreSQL."""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.daily import Day, day_seeds
from pegboard.games import make_bot
from pegboard.i18n import translator
from pegboard.web import daily_store
from pegboard.web.app import create_app
from tests.web.conftest import PLAY_LIMITS, Player, another_browser, service_of

TODAY = Day.parse("2026-12-05")
GAME = "cribbage"  # ten moves a deal: the quickest day


@pytest.fixture
def daily_client(client: TestClient) -> TestClient:
    client.app.state.daily_today = lambda: TODAY  # type: ignore[attr-defined]
    return client


def start(browser: TestClient, day: Day = TODAY, game: str = GAME, **body: Any) -> Any:
    return browser.post(f"/api/daily/{game}/{day}", json={"lang": "en", **body})


def seat_of(answer: dict[str, Any]) -> tuple[str, str | None]:
    """The table of the answer's deal and the seat's token in its link (none: the seat
    opens by the player's identity)."""
    link = answer["link"]
    token = link.split("token=")[1] if "token=" in link else None
    return answer["table"], token


def open_seat(browser: TestClient, answer: dict[str, Any]) -> Player:
    table, token = seat_of(answer)
    if token is not None:
        return Player(browser, table, 0, token)
    player = Player.__new__(Player)  # by the identity's cookie, as the page opens a seat
    player._context = browser.websocket_connect(f"/ws/{table}")
    player.socket = player._context.__enter__()
    player.seat, player.token, player.messages, player.updates = 0, None, [], []
    player.socket.send_json({"type": "hello", "since": 0, "lang": "en", "seat": 0, "player": True})
    player.state = player.receive()
    assert player.state["type"] == "state", player.state
    from tests.web.conftest import OPEN_PLAYERS

    OPEN_PLAYERS.append(player)
    return player


def play_deal(player: Player, rng: random.Random | None, moves: int | None = None) -> None:
    """Random legal moves for the player until the deal is over (or ``moves`` of them); with
    no ``rng``, the first legal move each time (the tests' own bot)."""
    done = 0
    while moves is None or done < moves:
        view = player.settle({1})["view"]
        if view["is_over"]:
            return
        legal = view["legal"]
        player.act((legal[0] if rng is None else rng.choice(legal))["action"])
        done += 1


def play_day(browser: TestClient, name: str, seed: int | None, day: Day = TODAY) -> list[str]:
    """The whole day played at random (``seed`` None: by the tests' bot, the first legal
    move each time); its tables, in order."""
    rng = None if seed is None else random.Random(seed)
    tables = []
    answer = start(browser, day, name=name).json()
    while not answer["finished"]:
        tables.append(answer["table"])
        player = open_seat(browser, answer)
        play_deal(player, rng)
        player.close()
        answer = browser.post("/api/daily/continue", json={"table": answer["table"]}).json()
    return tables


def sha_seed(match_seed: int, move: int) -> int:
    digest = hashlib.sha256(f"{match_seed}:{move}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def margin_of(game: str, seed: int, actions: list[str]) -> float:
    """A deal's margin recomputed from its log: the match replayed, seat 0's points on the
    board less seat 1's."""
    described = pegboard.games.get(game)
    options = described.check_options({described.players_option: 2})
    match = described.new_match(options, seed)
    for text in actions:
        described.play(match, match.current_player, text)
    points = (described.points or described.scores)(match)
    return float(points[0] - points[1])


def independent_par(game: str, seed: int) -> float:
    """The par without ``pegboard.daily``: the expert at both seats, move k's bot seeded as
    the web's tables seed a move's, until the first hand is over (C6)."""
    described = pegboard.games.get(game)
    options = described.check_options({described.players_option: 2})
    match = described.new_match(options, seed)
    moves = 0
    while match.game.hand_number == 1 and match.game.result is None:
        seat = match.current_player
        bot = make_bot(game, "expert", seed=sha_seed(seed, moves))
        described.play(match, seat, bot.act(match.observation(seat)))
        moves += 1
    points = described.points(match)  # type: ignore[misc]
    return float(points[0] - points[1])


def records_of(browser: TestClient, tables: list[str]) -> list[list[str]]:
    logs = []
    for table in tables:
        answer = browser.get(f"/api/matches/{table}-1/record")
        assert answer.status_code == 200, answer.text
        record = answer.json()
        start_of = pegboard.games.get(GAME).record_start
        assert start_of is not None
        logs.append(list(start_of(record)[2]))
    return logs


def matchpoints_by_hand(mine: float, others: list[float]) -> float:
    """Bridge's matchpoints, counted here: a point for each other who did worse, half for
    each who did as well, over the others, as a percentage."""
    return 100 * (sum(o < mine for o in others) + sum(o == mine for o in others) / 2) / len(others)


def test_three_players_get_the_same_deals_and_results_recomputed_independently(
    daily_client: TestClient,
) -> None:
    ana, bia, cy = daily_client, another_browser(daily_client), another_browser(daily_client)
    first_a, first_b = start(ana, name="Ana").json(), start(bia, name="Bia").json()
    assert first_a["table"] != first_b["table"] and first_a["deals"] == 6
    seen_a, seen_b = open_seat(ana, first_a), open_seat(bia, first_b)
    # The same deal: the same cards in each player's hand, and the same bots' first moves.
    assert seen_a.settle({1})["view"]["hand"] == seen_b.settle({1})["view"]["hand"]
    assert seen_a.state["table"]["hints"] is False and seen_a.state["table"]["deal_limit"] == 1
    seen_a.close(), seen_b.close()
    # Before the day is played out: no results, for either.
    for browser in (ana, bia):
        refused = browser.get(f"/api/daily/{GAME}/{TODAY}/results")
        assert refused.status_code == 403 and "Play the day's deals out first" in refused.text
    tables = {
        "Ana": play_day(ana, "Ana", 1),
        "Bia": play_day(bia, "Bia", 2),
        "Cy": play_day(cy, "Cy", None),  # the tests' bot: the first legal move each time
    }
    assert tables["Ana"][0] == first_a["table"] and tables["Bia"][0] == first_b["table"]
    assert {len(t) for t in tables.values()} == {6}
    seeds = day_seeds(service_of(ana).store.daily_key(), TODAY, GAME).deals
    logs = {name: records_of(ana, t) for name, t in tables.items()}
    margins = {
        name: [margin_of(GAME, s, log) for s, log in zip(seeds, logs[name], strict=True)]
        for name in tables
    }
    pars = [independent_par(GAME, s) for s in seeds]
    expected = {
        name: [
            matchpoints_by_hand(margins[name][d], [margins[o][d] for o in tables if o != name])
            for d in range(6)
        ]
        for name in tables
    }
    results = ana.get(f"/api/daily/{GAME}/{TODAY}/results").json()
    assert results["players"] == 3 and results["ranked"] is True
    for deal, row in enumerate(results["deals"]):
        assert row["margin"] == margins["Ana"][deal]
        assert row["par"] == pars[deal]
        assert row["against_par"] == margins["Ana"][deal] - pars[deal]
        assert row["matchpoints"] == pytest.approx(expected["Ana"][deal])
        # The player's decisions: their move, and the field's moves after the same moves.
        first = row["decisions"][0]
        move = first["move"]
        assert first["yours"] == logs["Ana"][deal][move]
        counted = {c["action"]: c["count"] for c in first["field"]}
        same = [
            log[deal][move]
            for log in logs.values()
            if log[deal][:move] == logs["Ana"][deal][:move] and len(log[deal]) > move
        ]
        assert counted == {a: same.count(a) for a in set(same)}
        # Each move named in words, as the player's view named it there.
        assert first["yours_label"] and first["yours_label"] != first["yours"]
        assert all(c["label"] != c["action"] for c in first["field"])
    assert results["matchpoints"] == pytest.approx(sum(expected["Ana"]) / 6)
    ranking = {row["name"]: row for row in results["ranking"]}
    for name in tables:
        assert ranking[name]["matchpoints"] == pytest.approx(sum(expected[name]) / 6)
        assert ranking[name]["against_par"] == pytest.approx(sum(margins[name]) - sum(pars))
    order = sorted(tables, key=lambda n: (-sum(expected[n]), -sum(margins[n])))
    assert [row["name"] for row in results["ranking"]] == order
    assert [row["rank"] for row in results["ranking"]] == [1, 2, 3]
    assert ranking["Ana"]["you"] and not ranking["Bia"]["you"]


def test_one_attempt_per_identity_resumed_after_a_disconnect_never_begun_again(
    daily_client: TestClient,
) -> None:
    made = start(daily_client, name="Ana")
    assert made.status_code == 201 and "token=" in made.json()["link"]
    player = open_seat(daily_client, made.json())
    play_deal(player, random.Random(3), moves=2)
    seq = player.settle({1})["seq"]  # the bot's answer too
    player.close()  # the connection drops
    again = start(daily_client)
    assert again.status_code == 200
    assert again.json()["table"] == made.json()["table"] and "token=" not in again.json()["link"]
    back = open_seat(daily_client, again.json())  # by the identity, as the page does
    assert back.state["seq"] == seq and back.state["you"] == 0
    back.close()
    tables = play_day(daily_client, "Ana", 4)
    assert tables[0] == made.json()["table"]
    done = start(daily_client).json()
    assert done["finished"] is True and "table" not in done
    # Another identity: an attempt of its own, from the first deal.
    other = start(another_browser(daily_client), name="Bia")
    assert other.status_code == 201 and other.json()["deal"] == 0
    # A table of another's daily deals is not the player's to continue from.
    refused = another_browser(daily_client).post("/api/daily/continue", json={"table": tables[0]})
    assert refused.status_code == 404


def test_no_day_after_today_and_bad_requests_are_refused_in_words(
    daily_client: TestClient,
) -> None:
    tomorrow = TODAY.after()
    for answer in (
        start(daily_client, tomorrow),
        daily_client.get(f"/api/daily/{GAME}/{tomorrow}"),
    ):
        assert answer.status_code == 409 and "not out yet" in answer.json()["error"]
    assert start(daily_client, game="chess").status_code == 404
    bad = daily_client.post(f"/api/daily/{GAME}/2026-02-30", json={"lang": "pt_BR"})
    assert bad.status_code == 422
    words = translator("pt_BR")("A day is written YYYY-MM-DD, not {text!r}.")
    assert words != "A day is written YYYY-MM-DD, not {text!r}."  # translated
    assert bad.json()["error"] == words.format(text="2026-02-30")
    # Nothing was made: no attempt, no table.
    index = daily_client.get("/api/daily").json()
    assert {entry["state"] for entry in index["games"]} == {"new"}


def test_a_past_day_is_played_unranked_and_the_replays_of_today_stay_hidden(
    daily_client: TestClient,
) -> None:
    past = TODAY.after(-3)
    made = start(daily_client, past, name="Ana").json()
    assert made["ranked"] is False
    tables = play_day(daily_client, "Ana", 5, past)
    results = daily_client.get(f"/api/daily/{GAME}/{past}/results").json()
    assert results["ranked"] is False and results["players"] == 0 and results["ranking"] == []
    # Past days' replays are anyone's.
    stranger = another_browser(daily_client)
    assert stranger.get(f"/api/matches/{tables[0]}-1/record").status_code == 200
    # Today's: hidden from those who have not played today's deals out, the player too.
    today = play_day_partly(daily_client)
    for browser in (stranger, daily_client):
        hidden = browser.get(f"/api/matches/{today}-1/record")
        assert hidden.status_code == 409 and "today's daily deals" in hidden.json()["error"]
        assert browser.get(f"/api/matches/{today}-1/positions/0/hint?seat=0").status_code == 409
    # Once the player has played today's deals out, they see them; the stranger, tomorrow.
    play_day(daily_client, "Ana", 9)
    assert daily_client.get(f"/api/matches/{today}-1/record").status_code == 200
    assert stranger.get(f"/api/matches/{today}-1/record").status_code == 409
    daily_client.app.state.daily_today = lambda: TODAY.after()  # type: ignore[attr-defined]
    assert stranger.get(f"/api/matches/{today}-1/record").status_code == 200


def play_day_partly(browser: TestClient) -> str:
    """Today's first deal played out, and the second begun: the first deal's table."""
    answer = start(browser).json()
    player = open_seat(browser, answer)
    play_deal(player, random.Random(6))
    player.close()
    browser.post("/api/daily/continue", json={"table": answer["table"]})
    table: str = answer["table"]
    return table


def test_a_daily_table_has_no_hints_no_second_match_and_no_move_past_its_deal(
    daily_client: TestClient,
) -> None:
    answer = start(daily_client, name="Ana").json()
    player = open_seat(daily_client, answer)
    player.settle({1})
    refused = player.answer({"type": "hint"})
    assert refused["type"] == "error" and refused["code"] == "no_hints"
    play_deal(player, random.Random(7))
    view = player.state["view"]
    assert view["is_over"] and view["legal"] == [] and view["current"] is None
    assert player.state["table"]["status"] == "over"
    again = player.answer({"type": "again"})
    assert again["type"] == "error" and again["code"] == "not_again"
    late = player.answer({"type": "act", "action": "go", "seq": player.state["seq"]})
    assert late["type"] == "error"
    player.close()


def test_the_index_shows_each_games_state_and_the_streak(daily_client: TestClient) -> None:
    index = daily_client.get("/api/daily").json()
    assert index["today"] == str(TODAY) and index["streak"] == 0
    assert [entry["game"] for entry in index["games"]] == [
        "draw",
        "cribbage",
        "all-fives",
        "fives-and-threes",
    ]
    play_day(daily_client, "Ana", 8)
    index = daily_client.get("/api/daily").json()
    states = {entry["game"]: entry["state"] for entry in index["games"]}
    assert states == {
        "draw": "new",
        "cribbage": "finished",
        "all-fives": "new",
        "fives-and-threes": "new",
    }
    assert index["streak"] == 1
    assert index["month"]["days"] == 1 and index["month"]["matchpoints"] is None  # under 5 days


def test_the_attempts_are_kept_on_sqlite_and_postgresql(
    client_on: Callable[..., TestClient], db_url: str
) -> None:
    client = client_on(db_url)
    client.app.state.daily_today = lambda: TODAY  # type: ignore[attr-defined]
    made = start(client, name="Ana")
    assert made.status_code == 201
    # Asked again at once (a second tab): the same attempt and table, nothing new made.
    assert start(client).json()["table"] == made.json()["table"]
    player = open_seat(client, made.json())
    play_deal(player, random.Random(10))
    player.close()
    second = client.post("/api/daily/continue", json={"table": made.json()["table"]}).json()
    assert second["deal"] == 1 and second["table"] != made.json()["table"]
    index = client.get("/api/daily").json()
    entry = next(e for e in index["games"] if e["game"] == GAME)
    assert entry["state"] == "playing" and entry["played"] == 1


def test_two_server_processes_on_one_database_deal_the_same_deals(
    client_on: Callable[..., TestClient], sqlite_url: str
) -> None:
    one, two = client_on(sqlite_url), client_on(sqlite_url)
    for server in (one, two):
        server.app.state.daily_today = lambda: TODAY  # type: ignore[attr-defined]
    # The secret is the database's: made by the first to ask, read by the other.
    assert service_of(one).store.daily_key() == service_of(two).store.daily_key()
    made = start(one, name="Ana").json()
    seen_one = open_seat(one, made)
    other = start(another_browser(two), name="Bia").json()
    seen_two = open_seat(another_browser(two), other)
    assert seen_one.settle({1})["view"]["hand"] == seen_two.settle({1})["view"]["hand"]
    seen_one.close(), seen_two.close()


def test_the_months_standing_ranks_the_players_of_enough_days_by_their_mean_matchpoints(
    daily_client: TestClient,
) -> None:
    """Attempts written straight to the database (six days, three players): the standing
    is recomputed here from their margins."""
    store = service_of(daily_client).store
    players = daily_client.app.state.players  # type: ignore[attr-defined]
    ids = {name: players.create(name)[0].id for name in ("Ana", "Bia", "Cy")}
    rng = random.Random(13)
    # Cy's four days are under the minimum of five; Ana's sixth is November's.
    played = {"Ana": 6, "Bia": 5, "Cy": 4}
    margins: dict[tuple[str, int], dict[str, list[float]]] = {}
    for back in range(6):
        day = str(TODAY.after(-back))
        for name, days in played.items():
            if back >= days:
                continue
            attempt = daily_store.start_attempt(store, GAME, day, ids[name], ranked=True)
            deals = [float(rng.randint(-3, 3)) for _ in range(6)]
            margins.setdefault((day, back), {})[name] = deals
            for deal, margin in enumerate(deals):
                daily_store.begin_deal(store, attempt.id, deal, f"t{back}{deal}{name}")
                daily_store.end_deal(store, attempt.id, deal, [], margin, last=deal == 5)
    expected: dict[str, list[float]] = {name: [] for name in played}
    for (day, _back), board in margins.items():
        if day < "2026-12-01":
            continue  # November's: not this month's standing (Ana's sixth day)
        for name, deals in board.items():
            others = [o for o in board if o != name]
            if not others:
                expected[name].append(50.0)
                continue
            per_deal = [
                matchpoints_by_hand(deals[d], [board[o][d] for o in others]) for d in range(6)
            ]
            expected[name].append(sum(per_deal) / 6)
    standing = daily_client.get("/api/daily").json()["month"]["standing"]
    means = {name: sum(v) / len(v) for name, v in expected.items() if len(v) >= 5}
    assert [row["name"] for row in standing] == sorted(means, key=lambda n: -means[n])
    for row in standing:
        assert row["matchpoints"] == pytest.approx(means[row["name"]])
        assert row["days"] == min(played[row["name"]], 5)
    assert [row["rank"] for row in standing] == [1, 2]
    page = daily_client.get("/daily").text
    # Cy played too few days to stand (a player id may hold the letters "Cy": the name is
    # looked for as a link's text).
    assert 'id="daily-month-standing"' in page and ">Cy</a>" not in page and ">Ana</a>" in page


def test_the_results_grade_the_decisions_of_an_analysed_deal(sqlite_url: str) -> None:
    app = create_app(sqlite_url, bot_delay=0, bot_workers=0, analysis_budget=20, limits=PLAY_LIMITS)
    with TestClient(app) as client:
        app.state.daily_today = lambda: TODAY
        tables = play_day(client, "Ana", 14)
        before = client.get(f"/api/daily/{GAME}/{TODAY}/results").json()
        assert not any(deal["analysed"] for deal in before["deals"])
        assert all(d["grade"] is None for deal in before["deals"] for d in deal["decisions"])
        match = f"{tables[0]}-1"
        assert client.post(f"/api/matches/{match}/analysis", json={}).status_code == 202
        deadline = time.monotonic() + 120
        while client.get(f"/api/matches/{match}/analysis").json()["state"] != "done":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        report = client.get(f"/api/matches/{match}/analysis").json()["report"]
        graded = {d["index"]: d["grade"] for d in report["decisions"]}
        after = client.get(f"/api/daily/{GAME}/{TODAY}/results?lang=pt").json()
        first, rest = after["deals"][0], after["deals"][1:]
        assert first["analysed"] and not any(deal["analysed"] for deal in rest)
        _ = translator("pt_BR")
        for decision in first["decisions"]:
            assert decision["graded"] == (decision["move"] in graded)
            grade = graded.get(decision["move"])
            assert decision["grade"] == (None if grade is None else _(grade))
