"""Ratings (issue 13, "Ratings"): a rated table's finished matches update its players'
OpenSkill ratings (Plackett-Luce, ranked by the final standings, ties as ties), exactly
once, with their history; the refusals of a rated table that cannot be; the leaderboard
leaves provisional players out; nothing of a match in play shows.

The expected ratings are computed here with ``openskill`` itself (its published model,
``PlackettLuce()``), never with ``pegboard.web.ratings``."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError

from pegboard.web import ratings
from pegboard.web.db import MatchRow, RatingChangeRow, RatingRow
from pegboard.web.rating_scale import shown
from tests.web.conftest import (
    Player,
    another_browser,
    claim,
    invite_of,
    leaks,
    new_table,
    play_out,
    service_of,
    truth_of,
)

OPENSKILL = PlackettLuce()


def expected(before: list[tuple[float, float]], ranks: list[float]) -> list[tuple[float, float]]:
    teams = [[OPENSKILL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(t[0].mu, t[0].sigma) for t in OPENSKILL.rate(teams, ranks=ranks)]


NEW = (OPENSKILL.mu, OPENSKILL.sigma)


# -- a rated table and its players ---------------------------------------------------------


class Rated:
    """A rated table of people: each seat's own browser (a client with its own player
    cookie and its own address: players who share one are not rated against each other),
    player id and token."""

    def __init__(self, client: TestClient, game: str, names: list[str], **options: Any) -> None:
        seats = [{"kind": "human", "name": names[0]}] + [{"kind": "human"} for _ in names[1:]]
        self.made = new_table(client, game, seats, rated=True, **options)
        self.id: str = self.made["table"]
        self.browsers = [client]
        self.tokens = [self.made["seats"][0]["token"]]
        for seat, name in enumerate(names[1:], start=1):
            browser = another_browser(client, client=(f"192.0.2.{seat}", 50000))
            answer = claim(browser, self.id, invite_of(self.made, seat), name=name)
            assert answer.status_code == 200, answer.text
            self.browsers.append(browser)
            self.tokens.append(answer.json()["token"])
        self.players = [b.get("/api/me").json()["id"] for b in self.browsers]
        assert None not in self.players and len(set(self.players)) == len(names)

    def sit(self, langs: tuple[str, ...] = ()) -> list[Player]:
        return [
            Player(b, self.id, n, t, lang=langs[n] if n < len(langs) else "en")
            for n, (b, t) in enumerate(zip(self.browsers, self.tokens, strict=True))
        ]


def standings(client: TestClient, table_id: str, number: int = 1) -> list[float]:
    with service_of(client).store.session() as session:
        match = session.get(MatchRow, (table_id, number))
        assert match is not None and match.standings is not None
        return list(match.standings)


def rating_of(client: TestClient, player: str, game: str) -> tuple[float, float, int]:
    answer = client.get(f"/api/players/{player}/ratings").json()
    (found,) = [r for r in answer["ratings"] if r["game"] == game]
    return found["mu"], found["sigma"], found["matches"]


def finish_with(client: TestClient, table_id: str, scores: list[float], number: int = 1) -> None:
    """The match's end as the store commits it (its standings), without playing it."""
    with service_of(client).store.session() as session, session.begin():
        session.execute(
            update(MatchRow)
            .where(MatchRow.table_id == table_id, MatchRow.number == number)
            .values(standings=scores, finished_at=func.now())
        )


# -- the model -----------------------------------------------------------------------------


def test_r1_two_players_win_and_loss_are_openskills_and_go_the_right_way() -> None:
    after = ratings.rate([NEW, NEW], [1, 2])
    assert after == expected([NEW, NEW], [1, 2])
    (winner_mu, winner_sigma), (loser_mu, loser_sigma) = after
    assert winner_mu > NEW[0] > loser_mu
    assert winner_mu - NEW[0] == pytest.approx(NEW[0] - loser_mu)  # equal and opposite
    assert winner_sigma == loser_sigma < NEW[1]  # a match teaches: both less uncertain


def test_r1_a_draw_is_symmetric() -> None:
    # Equal players who draw keep their means; swapping the seats of a draw swaps the result.
    (a, b) = ratings.rate([NEW, NEW], [1, 1])
    assert a == b and a[0] == NEW[0]
    strong, weak = (30.0, 5.0), (22.0, 7.0)
    assert ratings.rate([strong, weak], [1, 1]) == ratings.rate([weak, strong], [1, 1])[::-1]
    assert ratings.rate([strong, weak], [1, 1]) == expected([strong, weak], [1, 1])


def test_r1_ranks_by_standings_put_ties_together() -> None:
    assert ratings.ranks_of([61, 30, 61, 12]) == [1, 3, 1, 4]
    assert ratings.ranks_of([0.0, 0.0]) == [1, 1]
    assert ratings.ranks_of([1.0, 0.0]) == [1, 2]
    before = [NEW, (27.0, 6.0), (20.0, 8.0), (25.0, 3.0)]
    scores = [61.0, 30.0, 61.0, 12.0]
    got = ratings.rate(before, ratings.ranks_of(scores))
    assert got == expected(before, [1, 3, 1, 4])
    # openskill's own reading of the scores agrees (higher is better).
    teams = [[OPENSKILL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    assert got == [(t[0].mu, t[0].sigma) for t in OPENSKILL.rate(teams, scores=scores)]


def test_r1_a_forfeit_ranks_the_leaver_last_and_the_others_tied_first() -> None:
    assert ratings.forfeit_ranks(3, 1) == [1, 2, 1]
    with pytest.raises(ValueError):
        ratings.forfeit_ranks(2, 2)


# -- rated matches played ------------------------------------------------------------------


def test_r2_a_rated_draw_match_of_two_updates_both_ratings_as_openskill_does(
    client: TestClient,
) -> None:
    table = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    assert client.get(f"/api/tables/{table.id}").json()["rated"] is True
    seats = table.sit()
    play_out(seats, random.Random(3))
    scores = standings(client, table.id)
    ranks = [1 if s == max(scores) else 2 for s in scores]
    want = expected([NEW, NEW], [float(r) for r in ranks])
    for player, (mu, sigma) in zip(table.players, want, strict=True):
        assert rating_of(client, player, "draw") == (mu, sigma, 1)
    if ranks == [1, 2] or ranks == [2, 1]:
        winner = table.players[ranks.index(1)]
        assert rating_of(client, winner, "draw")[0] > NEW[0]
    for seat in seats:
        seat.close()


@pytest.mark.parametrize("people", [3, 4])
def test_r2_three_and_four_players_of_draw_are_ranked_by_their_scores(
    client: TestClient, people: int
) -> None:
    names = ["Ana", "Bo", "Cy", "Di"][:people]
    first = Rated(client, "draw", names, players=people, target=1)
    seats = first.sit()
    play_out(seats, random.Random(people))
    scores = standings(client, first.id)
    want = expected([NEW] * people, [float(r) for r in ratings.ranks_of(scores)])
    for player, (mu, sigma) in zip(first.players, want, strict=True):
        assert rating_of(client, player, "draw") == (mu, sigma, 1)
    for seat in seats:
        seat.close()
    # Distinct scores with a tie among them: the creator's browser is Ana again (her rating
    # goes on from the first match), the others new players.
    second = Rated(client, "draw", names, players=people, target=1)
    assert second.players[0] == first.players[0]
    scores = [30.0, 61.0, 30.0, 5.0][:people]
    finish_with(client, second.id, scores)
    changes = ratings.rate_match(service_of(client).store, second.id, 1)
    assert changes is not None
    before = [want[0]] + [NEW] * (people - 1)
    assert [c.before for c in changes] == before
    want = expected(before, [float(r) for r in ratings.ranks_of(scores)])
    assert [c.after for c in changes] == want
    assert [c.rank for c in changes] == [2, 1, 2, 4][:people]


def test_r2_a_cribbage_match_rates_its_winner_up_and_a_skunk_like_any_win(
    client: TestClient,
) -> None:
    table = Rated(client, "cribbage", ["Ana", "Bo"], best_of=1)
    seats = table.sit()
    play_out(seats, random.Random(5))
    scores = standings(client, table.id)
    assert sorted(scores) == [0.0, 1.0]  # the standings say who won, not by how much
    want = expected([NEW, NEW], [float(r) for r in ratings.ranks_of(scores)])
    for player, (mu, sigma) in zip(table.players, want, strict=True):
        assert rating_of(client, player, "cribbage") == (mu, sigma, 1)
    for seat in seats:
        seat.close()


def test_r3_a_match_is_rated_exactly_once(db_url: str, client_on: Any) -> None:
    client = client_on(db_url)
    store = service_of(client).store
    table = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    finish_with(client, table.id, [3.0, 0.0])
    first = ratings.rate_match(store, table.id, 1)
    assert first is not None and len(first) == 2
    once = [rating_of(client, p, "draw") for p in table.players]
    # Told again (a retried commit), or forfeited after its end: nothing changes.
    assert ratings.rate_match(store, table.id, 1) is None
    assert ratings.rate_forfeit(store, table.id, 1, 0) is None
    assert ratings.rate_pending(store) == 0
    assert [rating_of(client, p, "draw") for p in table.players] == once
    with store.session() as session:
        # This table's: the database is shared by the run's tests (db_url).
        mine = RatingChangeRow.table_id == table.id
        assert session.scalar(select(func.count()).where(mine)) == 2
    # The unique key itself refuses a second change of one player in one match.
    with pytest.raises(IntegrityError), store.session() as session, session.begin():
        row = session.scalars(select(RatingChangeRow).where(mine)).first()
        assert row is not None
        session.add(
            RatingChangeRow(
                **{
                    c.key: getattr(row, c.key)
                    for c in RatingChangeRow.__table__.columns
                    if c.key != "id"
                }
            )
        )


def test_r3_two_writers_telling_one_end_at_once_rate_it_once(db_url: str, client_on: Any) -> None:
    client = client_on(db_url)
    store = service_of(client).store
    table = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    finish_with(client, table.id, [0.0, 2.0])
    results: list[Any] = []
    start = threading.Barrier(2)

    def tell() -> None:
        start.wait()
        results.append(ratings.rate_match(store, table.id, 1))

    threads = [threading.Thread(target=tell) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(r is None for r in results) == [False, True]
    want = expected([NEW, NEW], [2.0, 1.0])
    for player, (mu, sigma) in zip(table.players, want, strict=True):
        assert rating_of(client, player, "draw") == (mu, sigma, 1)


def test_r3_an_end_whose_rating_was_lost_is_rated_at_the_next_start(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*_args: Any) -> None:
        raise RuntimeError("the database went away")

    monkeypatch.setattr(ratings, "rate_match", broken)
    table = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    seats = table.sit()
    play_out(seats, random.Random(3))  # the move that ends it is taken all the same
    assert seats[0].state["view"]["is_over"]
    assert client.get(f"/api/players/{table.players[0]}/ratings").json()["ratings"] == []
    monkeypatch.undo()
    assert ratings.rate_pending(service_of(client).store) == 1
    assert rating_of(client, table.players[0], "draw")[2] == 1
    assert ratings.rate_pending(service_of(client).store) == 0
    for seat in seats:
        seat.close()


def test_r4_a_forfeit_rates_the_leaver_last_once(client: TestClient) -> None:
    store = service_of(client).store
    table = Rated(client, "draw", ["Ana", "Bo", "Cy"], players=3)
    changes = ratings.rate_forfeit(store, table.id, 1, 1)
    assert changes is not None and [c.kind for c in changes] == ["forfeit"] * 3
    assert [c.after for c in changes] == expected([NEW] * 3, [1.0, 2.0, 1.0])
    finish_with(client, table.id, [10.0, 50.0, 0.0])  # the match ends later: no second rating
    assert ratings.rate_match(store, table.id, 1) is None
    assert rating_of(client, table.players[1], "draw")[2] == 1


# -- refusals ------------------------------------------------------------------------------


TWO = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bo"}]


def test_r5_a_rated_table_with_a_bot_is_refused_in_words(client: TestClient) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    answer = client.post(
        "/api/tables", json={"game": "cribbage", "seats": seats, "rated": True, "lang": "pt"}
    )
    assert answer.status_code == 422
    english = client.post("/api/tables", json={"game": "cribbage", "seats": seats, "rated": True})
    assert "seat 2 is a bot" in english.json()["error"]
    assert answer.json()["error"] != english.json()["error"]  # translated


def test_r5_a_rated_table_with_hints_is_refused_saying_why(client: TestClient) -> None:
    answer = client.post(
        "/api/tables", json={"game": "cribbage", "seats": TWO, "rated": True, "hints": True}
    )
    assert answer.status_code == 422
    assert "no hints (fair play)" in answer.json()["error"]
    # In words a person reads, not the request's field names (issue 35, 3).
    assert "allowed hints" in answer.json()["error"] and '"hints"' not in answer.json()["error"]


def test_r5_rated_is_true_or_false(client: TestClient) -> None:
    for value in ("yes", 1, None, [True]):
        answer = client.post("/api/tables", json={"game": "cribbage", "seats": TWO, "rated": value})
        assert answer.status_code == 422, (value, answer.text)
        assert '"rated"' in answer.json()["error"]


def test_r5_hints_are_refused_at_a_rated_table_saying_why(client: TestClient) -> None:
    table = Rated(client, "cribbage", ["Ana", "Bo"])
    summary = client.get(f"/api/tables/{table.id}").json()
    assert summary["rated"] is True and summary["hints"] is False
    ana, bo = table.sit(("en", "pt"))
    ana.sync()  # who is here: Bo came
    english = ana.answer({"type": "hint"})
    assert english["code"] == "no_hints" and "it is rated" in english["message"]
    translated = bo.answer({"type": "hint"})
    assert translated["code"] == "no_hints" and translated["message"] != english["message"]
    ana.close()
    bo.close()


def test_r5_at_a_rated_table_one_player_holds_one_seat(client: TestClient) -> None:
    made = new_table(client, "draw", [*TWO, {"kind": "human"}], players=3, rated=True)
    # The creator's own browser claims another seat's invitation: refused.
    answer = claim(client, made["table"], invite_of(made, 1))
    assert answer.status_code == 409 and "you hold seat 1" in answer.json()["error"]
    # Someone else may.
    assert claim(another_browser(client), made["table"], invite_of(made, 1)).status_code == 200


def test_r5_an_unrated_table_is_not_rated(client: TestClient) -> None:
    made = new_table(client, "draw", TWO, players=2, target=1)
    assert client.get(f"/api/tables/{made['table']}").json()["rated"] is False
    finish_with(client, made["table"], [1.0, 0.0])
    assert ratings.rate_match(service_of(client).store, made["table"], 1) is None


# -- the leaderboard -----------------------------------------------------------------------


def test_r6_the_leaderboard_leaves_provisional_players_out_best_first(client: TestClient) -> None:
    store = service_of(client).store
    n = ratings.PROVISIONAL_MATCHES
    # Ana beats Bo n times at one table; Cy plays Di n - 1 times (both provisional).
    pair = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    for number in range(1, n + 1):
        if number > 1:
            with store.session() as session, session.begin():
                session.add(MatchRow(table_id=pair.id, number=number, seed=number))
        finish_with(client, pair.id, [5.0, 1.0], number)
        assert ratings.rate_match(store, pair.id, number) is not None
    other = Rated(another_browser(client), "draw", ["Cy", "Di"], players=2, target=1)
    for number in range(1, n):
        if number > 1:
            with store.session() as session, session.begin():
                session.add(MatchRow(table_id=other.id, number=number, seed=number))
        finish_with(client, other.id, [5.0, 1.0], number)
        assert ratings.rate_match(store, other.id, number) is not None

    board = client.get("/api/leaderboard/draw").json()
    assert board["rating"] == "mu - 3 * sigma" and board["provisional_until"] == n
    listed = [entry["player"] for entry in board["players"]]
    assert listed == pair.players  # Ana (who won each) first; Cy and Di are provisional
    top, second = board["players"]
    assert top["rating"] == top["mu"] - 3 * top["sigma"] > second["rating"]
    with store.session() as session:
        ana = session.get(RatingRow, (pair.players[0], "draw"))
        assert ana is not None and (top["mu"], top["sigma"], top["matches"]) == (
            ana.mu,
            ana.sigma,
            n,
        )
    page = client.get("/leaderboard/draw?lang=en")
    assert page.status_code == 200 and "Draw dominoes" in page.text
    assert "Ana" in page.text and "Bo" in page.text
    # The names as the page writes a cell's text (a random id such as "xCy3..." in a link
    # must not pass for one: it made this check fail now and then).
    assert ">Cy<" not in page.text and ">Di<" not in page.text
    assert ">Ana<" in page.text
    # The page shows the ratings as people read them (issue 35, defect 11), which the
    # JSON gives beside mu and sigma; never the raw conservative rating.
    people = shown(top["mu"], top["sigma"])
    assert (top["displayed"], top["plus_minus"], top["displayed_cautious"]) == (
        people.rating,
        people.band,
        people.cautious,
    )
    assert f"{people.rating}&nbsp;±&nbsp;{people.band}" in page.text
    assert f"<td>{people.cautious}</td>" in page.text
    assert f"{top['rating']:.1f}" not in page.text
    # The player page shows the provisional mark and every rated match's change.
    cy = client.get(f"/p/{other.players[0]}").text
    assert "Provisional" in cy and cy.count('class="rating-change"') == n - 1
    ana_page = client.get(f"/p/{pair.players[0]}").text
    assert "Provisional" not in ana_page and ana_page.count('class="rating-change"') == n


def test_r6_an_unknown_games_leaderboard_is_a_translated_404(client: TestClient) -> None:
    for path in ("/leaderboard/chess", "/api/leaderboard/chess", "/leaderboard/" + "x" * 300):
        english = client.get(path)
        assert english.status_code == 404, path
        assert "No game is called chess" in english.text or "No game is called x" in english.text
    translated = client.get("/api/leaderboard/chess?lang=pt")
    assert translated.status_code == 404
    assert translated.json()["error"] != client.get("/api/leaderboard/chess").json()["error"]
    assert client.get("/api/players/nobody/ratings").status_code == 404


@pytest.mark.parametrize("lang", ["en", "pt", "zh", "hi"])
def test_r6_the_leaderboard_page_speaks_each_language(client: TestClient, lang: str) -> None:
    page = client.get(f"/leaderboard/cribbage?lang={lang}")
    assert page.status_code == 200
    assert f'data-lang="{lang}"' in page.text
    if lang != "en":
        english = client.get("/leaderboard/cribbage?lang=en").text
        assert page.text.split("<main")[1] != english.split("<main")[1]


# -- hidden information --------------------------------------------------------------------


def test_r7_mid_match_the_leaderboard_and_player_pages_reveal_nothing(client: TestClient) -> None:
    table = Rated(client, "draw", ["Ana", "Bo"], players=2)
    seats = table.sit()
    play_out(seats, random.Random(8), moves=6)
    seq = seats[0].state["seq"]
    truth = truth_of(client, table.id)
    hidden = truth.hidden(seq, None) | truth.hidden(seq, 0) | truth.hidden(seq, 1)
    hidden_from_all = truth.hidden(seq, None)
    assert hidden_from_all  # the stock and both hands are secret mid-round
    pages = [
        client.get("/leaderboard/draw").text,
        client.get("/api/leaderboard/draw").text,
        *(client.get(f"/p/{p}").text for p in table.players),
        *(client.get(f"/api/players/{p}/ratings").text for p in table.players),
    ]
    for text in pages:
        assert leaks({"page": text}, hidden) == []
    # Nothing is rated before the end.
    assert client.get(f"/api/players/{table.players[0]}/ratings").json()["ratings"] == []
    for seat in seats:
        seat.close()
