"""Seasons (issue 39, "Takebacks and seasons"): a leaderboard per calendar month beside the
all-time one, and the seasons a player played on their page.

A season's ratings start from OpenSkill's defaults each month and move with that month's
rated matches only; the expectations are computed here with ``openskill`` itself, never
with ``pegboard.web.ratings``. The months' names are CLDR's, as Babel gives them."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import select, text, update

from pegboard.web import ratings, seasons
from pegboard.web.db import (
    MatchRow,
    SeasonRatingRow,
    alembic_config,
    make_engine,
    upgrade,
)
from pegboard.web.seasons import Season
from tests.web.conftest import another_browser, service_of
from tests.web.test_ratings import Rated

OPENSKILL = PlackettLuce()
NEW = (OPENSKILL.mu, OPENSKILL.sigma)
NOVEMBER = datetime(2026, 11, 15, 12, tzinfo=UTC)
DECEMBER = datetime(2026, 12, 3, 12, tzinfo=UTC)


def expected(before: list[tuple[float, float]], ranks: list[float]) -> list[tuple[float, float]]:
    teams = [[OPENSKILL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    return [(t[0].mu, t[0].sigma) for t in OPENSKILL.rate(teams, ranks=ranks)]


def end_at(
    client: TestClient, table_id: str, number: int, scores: list[float], when: datetime
) -> None:
    """The match's end as the store commits it, at ``when``, then its rating."""
    store = service_of(client).store
    with store.session() as session, session.begin():
        if session.get(MatchRow, (table_id, number)) is None:
            session.add(MatchRow(table_id=table_id, number=number, seed=number))
            session.flush()
        session.execute(
            update(MatchRow)
            .where(MatchRow.table_id == table_id, MatchRow.number == number)
            .values(standings=scores, finished_at=when)
        )
    assert ratings.rate_match(store, table_id, number) is not None


def season_of(client: TestClient, player: str, game: str, season: str) -> tuple[float, float, int]:
    with service_of(client).store.session() as session:
        row = session.get(SeasonRatingRow, (season, game, player))
        assert row is not None
        return row.mu, row.sigma, row.matches


# -- the season as a value -------------------------------------------------------------------


def test_a_season_is_a_month_written_and_read_back() -> None:
    season = Season.parse("2026-12")
    assert (season.year, season.month) == (2026, 12) and str(season) == "2026-12"
    assert Season.parse(str(Season(2027, 1))) == Season(2027, 1)
    assert Season(2026, 11) < season < Season(2027, 1)
    for wrong in ("2026-13", "2026-00", "2026-1", "26-12", "2026-12-01", "december", "1999-12"):
        with pytest.raises(ValueError):
            Season.parse(wrong)


def test_a_moment_falls_in_its_month_in_utc() -> None:
    # 19:30 on 30 November in New York is already 1 December in UTC.
    new_york = timezone(timedelta(hours=-5))
    assert Season.of(datetime(2026, 11, 30, 19, 30, tzinfo=new_york)) == Season(2026, 12)
    assert Season.of(datetime(2026, 11, 30, 18, 59, tzinfo=new_york)) == Season(2026, 11)


def test_a_season_is_named_as_each_language_names_a_month() -> None:
    # CLDR's "yMMMM" (month and year, standalone): what readers of each language write.
    december = Season(2026, 12)
    assert december.label("en") == "December 2026"
    assert december.label("pt") == "dezembro de 2026"
    assert december.label("zh") == "2026年12月"
    assert december.label("hi") == "दिसंबर 2026"


# -- ratings by season -----------------------------------------------------------------------


def test_each_month_rates_from_the_start_and_all_time_goes_on(db_url: str, client_on: Any) -> None:
    client = client_on(db_url)
    table = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    ana, bo = table.players
    end_at(client, table.id, 1, [5.0, 1.0], NOVEMBER)
    end_at(client, table.id, 2, [1.0, 5.0], NOVEMBER + timedelta(days=2))
    end_at(client, table.id, 3, [5.0, 1.0], DECEMBER)

    first = expected([NEW, NEW], [1.0, 2.0])
    november = expected(first, [2.0, 1.0])
    assert season_of(client, ana, "draw", "2026-11") == (*november[0], 2)
    assert season_of(client, bo, "draw", "2026-11") == (*november[1], 2)
    # December starts again from OpenSkill's defaults: one match, Ana's win.
    december = expected([NEW, NEW], [1.0, 2.0])
    assert season_of(client, ana, "draw", "2026-12") == (*december[0], 1)
    assert season_of(client, bo, "draw", "2026-12") == (*december[1], 1)
    # All time goes on through the three.
    all_time = expected(november, [1.0, 2.0])
    answer = client.get(f"/api/players/{ana}/ratings").json()
    (held,) = answer["ratings"]
    assert (held["mu"], held["sigma"], held["matches"]) == (*all_time[0], 3)
    assert [(s["season"], s["matches"], s["place"]) for s in answer["seasons"]] == [
        ("2026-12", 1, None),  # provisional there
        ("2026-11", 2, None),
    ]
    assert answer["seasons"][0]["mu"] == december[0][0]
    assert answer["seasons"][0]["leaderboard"] == "/leaderboard/draw/2026-12"


def test_a_forfeit_counts_in_the_month_it_was_forfeited(client: TestClient) -> None:
    table = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    changes = ratings.rate_forfeit(service_of(client).store, table.id, 1, 0)
    assert changes is not None
    now = str(Season.now())
    want = expected([NEW, NEW], [2.0, 1.0])
    assert season_of(client, table.players[0], "draw", now) == (*want[0], 1)
    assert season_of(client, table.players[1], "draw", now) == (*want[1], 1)


def test_a_seasons_leaderboard_holds_only_that_months_players(client: TestClient) -> None:
    n = ratings.PROVISIONAL_MATCHES
    pair = Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    for number in range(1, n + 1):
        end_at(client, pair.id, number, [5.0, 1.0], NOVEMBER + timedelta(hours=number))
    other = Rated(another_browser(client), "draw", ["Cy", "Di"], players=2, target=1)
    for number in range(1, n + 1):
        end_at(client, other.id, number, [1.0, 5.0], DECEMBER + timedelta(hours=number))

    november = client.get("/api/leaderboard/draw?season=2026-11").json()
    assert november["season"] == "2026-11"
    assert [p["player"] for p in november["players"]] == pair.players
    december = client.get("/api/leaderboard/draw?season=2026-12").json()
    assert [p["player"] for p in december["players"]] == other.players[::-1]  # Di won each
    assert december["seasons"][:2] == ["2026-12", "2026-11"]
    all_time = client.get("/api/leaderboard/draw").json()
    assert all_time["season"] is None and len(all_time["players"]) == 4

    page = client.get("/leaderboard/draw/2026-11?lang=en")
    assert page.status_code == 200
    assert "Leaderboard: Draw dominoes, season of November 2026" in page.text
    assert ">Ana<" in page.text and ">Bo<" in page.text
    assert ">Cy<" not in page.text and ">Di<" not in page.text
    # The seasons' list links all time and each month played, the shown one current.
    assert 'href="/leaderboard/draw?lang=en">All time</a>' in page.text
    assert 'href="/leaderboard/draw/2026-12?lang=en">December 2026</a>' in page.text
    assert 'href="/leaderboard/draw/2026-11?lang=en" aria-current="page">' in page.text
    # In Portuguese the month is named as a Portuguese reader names it.
    assert "novembro de 2026" in client.get("/leaderboard/draw/2026-11?lang=pt").text

    # Each player's page lists their seasons with their place.
    ana = client.get(f"/p/{pair.players[0]}?lang=en").text
    assert 'class="season"' in ana and "November 2026" in ana
    answer = client.get(f"/api/players/{other.players[1]}/ratings").json()
    assert [(s["season"], s["place"]) for s in answer["seasons"]] == [("2026-12", 1)]
    answer = client.get(f"/api/players/{other.players[0]}/ratings").json()
    assert [(s["season"], s["place"]) for s in answer["seasons"]] == [("2026-12", 2)]


@pytest.mark.parametrize("wrong", ["2026-13", "abc", "2999-01", "1999-12", "2026-12x", "9" * 300])
def test_a_season_that_is_not_is_a_translated_404(client: TestClient, wrong: str) -> None:
    page = client.get(f"/leaderboard/draw/{wrong}?lang=en")
    assert page.status_code == 404 and "No season is called" in page.text
    assert "9" * 20 not in page.text  # said cut short
    api = client.get(f"/api/leaderboard/draw?season={wrong}")
    assert api.status_code == 404 and "No season is called" in api.json()["error"]
    portuguese = client.get(f"/api/leaderboard/draw?season={wrong}&lang=pt").json()["error"]
    assert portuguese != api.json()["error"]


@pytest.mark.parametrize("lang", ["en", "pt", "zh", "hi"])
def test_this_months_season_page_speaks_each_language(client: TestClient, lang: str) -> None:
    now = Season.now()
    page = client.get(f"/leaderboard/cribbage/{now}?lang={lang}")
    assert page.status_code == 200 and now.label(lang) in page.text
    if lang != "en":
        english = client.get(f"/leaderboard/cribbage/{now}?lang=en").text
        assert page.text.split("<main")[1] != english.split("<main")[1]


# -- the history, replayed into its seasons --------------------------------------------------


def test_0014_replays_the_rated_history_into_the_months_the_matches_ended_in(
    tmp_path: Path,
) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'old.db'}")
    try:
        command.upgrade(alembic_config(engine), "0013")
        with engine.begin() as connection:
            for player in ("ana", "bo"):
                connection.execute(
                    text("INSERT INTO players (id, name, created_at) VALUES (:id, :id, :at)"),
                    {"id": player, "at": NOVEMBER},
                )
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, config, created_at, status, match_number,"
                    " public, hints, rated) VALUES ('t', 'draw', '{}', :at, 'open', 3,"
                    " false, false, true)"
                ),
                {"at": NOVEMBER},
            )
            # Two matches ended in November (the second rated only on 2 December, after a
            # restart), one in December.
            ended = [NOVEMBER, NOVEMBER + timedelta(days=1), DECEMBER]
            rated = [NOVEMBER, DECEMBER - timedelta(days=1), DECEMBER]
            ranks = [(1, 2), (2, 1), (1, 2)]
            for number, (end, when, rank) in enumerate(
                zip(ended, rated, ranks, strict=True), start=1
            ):
                connection.execute(
                    text(
                        "INSERT INTO matches (table_id, number, seed, created_at, finished_at)"
                        " VALUES ('t', :n, :n, :end, :end)"
                    ),
                    {"n": number, "end": end},
                )
                for seat, player in enumerate(("ana", "bo")):
                    connection.execute(
                        text(
                            "INSERT INTO rating_changes (player_id, game, table_id, match_number,"
                            " seat, rank, kind, mu_before, sigma_before, mu_after, sigma_after,"
                            " created_at) VALUES (:p, 'draw', 't', :n, :seat, :rank, 'result',"
                            " 0, 0, 0, 0, :when)"
                        ),
                        {"p": player, "n": number, "seat": seat, "rank": rank[seat], "when": when},
                    )
        upgrade(engine)
        with engine.connect() as connection:
            rows = {
                (row.season, row.player_id): (row.mu, row.sigma, row.matches)
                for row in connection.execute(select(SeasonRatingRow.__table__))
            }
        november = expected(expected([NEW, NEW], [1.0, 2.0]), [2.0, 1.0])
        december = expected([NEW, NEW], [1.0, 2.0])
        assert rows == {
            ("2026-11", "ana"): (*november[0], 2),
            ("2026-11", "bo"): (*november[1], 2),
            ("2026-12", "ana"): (*december[0], 1),
            ("2026-12", "bo"): (*december[1], 1),
        }
    finally:
        engine.dispose()


def test_seasons_reads_no_match_in_play(client: TestClient) -> None:
    """A season changes only when a match ends: a table in play adds nobody to it."""
    Rated(client, "draw", ["Ana", "Bo"], players=2, target=1)
    assert seasons.seasons_of(service_of(client).store, "draw") == []
    assert client.get("/api/leaderboard/draw?season=" + str(Season.now())).json()["players"] == []
