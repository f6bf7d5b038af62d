"""A private table shows only to its players (issue 33): its id was linked from its
creator's public player page (the matches' replay links, the rating changes), so a stranger
could watch its later matches as a spectator. A stranger's view of a player's page and of
their ratings' JSON now leaves its matches out (a rating change of one stays, with no id);
the player, and the others who hold a seat at it, still see it whole."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, update

from pegboard.web.db import MatchRow, RatingChangeRow, RatingRow
from tests.web.conftest import another_browser, claim, invite_of, new_table, service_of


def finished_table(client: TestClient, guest: TestClient, *, public: bool) -> str:
    """A table of ``client``'s player and ``guest``'s, its first match over, each with the
    rating change a rated match leaves (written as the store would: the ratings' own rules
    are not what is tested here)."""
    seats = [{"kind": "human"}, {"kind": "human"}]
    made = new_table(client, "draw", seats, players=2, public=public)
    table_id: str = made["table"]
    assert claim(guest, table_id, invite_of(made, 1)).status_code == 200
    store = service_of(client).store
    with store.session() as session, session.begin():
        session.execute(
            update(MatchRow)
            .where(MatchRow.table_id == table_id, MatchRow.number == 1)
            .values(standings=[10.0, 0.0], finished_at=func.now())
        )
        for seat, browser in enumerate((client, guest)):
            player = browser.get("/api/me").json()["id"]
            rating = session.get(RatingRow, (player, "draw"))
            if rating is None:
                session.add(RatingRow(player_id=player, game="draw", mu=27.0, sigma=7.9, matches=1))
            else:
                rating.matches += 1
            session.add(
                RatingChangeRow(
                    player_id=player,
                    game="draw",
                    table_id=table_id,
                    match_number=1,
                    seat=seat,
                    rank=seat + 1,
                    kind="result",
                    mu_before=25.0,
                    sigma_before=8.3,
                    mu_after=27.0 - 4 * seat,
                    sigma_after=7.9,
                )
            )
    return table_id


def views_of(browser: TestClient, player: str) -> dict[str, Any]:
    """Everything ``browser`` is shown of ``player``: the page, its ratings' JSON, and the
    leaderboard's page and JSON."""
    return {
        "page": browser.get(f"/p/{player}").text,
        "ratings": browser.get(f"/api/players/{player}/ratings").json(),
        "leaderboard": browser.get("/leaderboard/draw").text,
        "board": browser.get("/api/leaderboard/draw").json(),
    }


def test_a_private_tables_id_shows_only_to_its_players(client: TestClient) -> None:
    ana = client.put("/api/me", json={"name": "Ana"}).json()["id"]
    bo_browser = another_browser(client)
    bo_browser.put("/api/me", json={"name": "Bo"})
    private = finished_table(client, bo_browser, public=False)
    public = finished_table(client, bo_browser, public=True)
    nobody = another_browser(client)  # no identity
    stranger = another_browser(client)
    stranger.put("/api/me", json={"name": "Cy"})  # an identity of its own
    for browser in (nobody, stranger):
        seen = views_of(browser, ana)
        assert private not in str(seen), "a stranger sees the private table's id"
        assert f"/m/{public}-1" in seen["page"]  # a public table's match is still there
        changes = seen["ratings"]["changes"]
        assert [c["table"] for c in changes] == [public, None]  # newest first
        assert [c["private"] for c in changes] == [False, True]
        assert changes[1]["replay"] is None and changes[1]["after"]["mu"] == 27.0
        assert "A private match" in seen["page"]  # the change is there, with no id
    for browser in (client, bo_browser):  # Ana herself, and Bo, who played at it
        seen = views_of(browser, ana)
        assert f"/m/{private}-1" in seen["page"]
        assert [c["table"] for c in seen["ratings"]["changes"]] == [public, private]


def test_a_player_page_and_its_ratings_vary_with_who_asks_and_say_so(client: TestClient) -> None:
    """What a shared cache must never hand to another browser."""
    ana = client.put("/api/me", json={"name": "Ana"}).json()["id"]
    for path in (f"/p/{ana}", f"/api/players/{ana}/ratings"):
        assert "private" in client.get(path).headers["cache-control"]
