"""The daily deals' pages: today's games and the player's state, a day's page with its
button before the deals are played out and the results after (the same figures as the
JSON), refusals as pages, and every language."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from pegboard.i18n import translator
from tests.web.conftest import another_browser
from tests.web.test_daily import GAME, TODAY, play_day, start

LANGS = ("en", "pt", "zh", "hi")


@pytest.fixture
def daily_client(client: TestClient) -> TestClient:
    client.app.state.daily_today = lambda: TODAY  # type: ignore[attr-defined]
    return client


def cells(html: str, table: str) -> list[list[str]]:
    body = re.search(rf'<table id="{table}">(.*?)</table>', html, re.S)
    assert body is not None, table
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", body[1], re.S)
    return [
        [
            re.sub(r"<[^>]+>", "", cell).strip()
            for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        for row in rows
    ]


@pytest.mark.parametrize("lang", LANGS)
def test_the_days_page_lists_every_game_in_every_language(
    daily_client: TestClient, lang: str
) -> None:
    page = daily_client.get(f"/daily?lang={lang}")
    assert page.status_code == 200 and page.headers["cache-control"] == "private, no-cache"
    _ = translator(lang)
    assert f"<h1>{_('Daily deals')}</h1>" in page.text
    rows = cells(page.text, "daily-games")[1:]
    assert [row[0] for row in rows] == [
        _(name) for name in ("Draw dominoes", "Cribbage", "All Fives", "Fives and Threes")
    ]
    assert {row[2] for row in rows} == {_("Not played yet")}
    assert f'href="/daily/cribbage/{TODAY}?lang={lang}"' in page.text


def test_a_day_shows_its_button_then_the_results_of_the_api(daily_client: TestClient) -> None:
    before = daily_client.get(f"/daily/{GAME}/{TODAY}")
    assert 'id="daily-form"' in before.text and 'id="daily-results"' not in before.text
    assert f'data-game="{GAME}" data-day="{TODAY}"' in before.text
    play_day(daily_client, "Ana", 11)
    play_day(another_browser(daily_client), "Bia", 12)
    after = daily_client.get(f"/daily/{GAME}/{TODAY}").text
    assert 'id="daily-form"' not in after and 'id="daily-results"' in after
    results = daily_client.get(f"/api/daily/{GAME}/{TODAY}/results").json()
    ranking = cells(after, "daily-ranking")[1:]
    assert [row[1] for row in ranking] == [row["name"] for row in results["ranking"]]
    deals = cells(after, "daily-deals")[1:]
    assert len(deals) == len(results["deals"]) == 6
    for row, deal in zip(deals, results["deals"], strict=True):
        shown = [float(text.replace("−", "-").replace("+", "")) for text in row[1:4]]
        assert shown == [deal["margin"], deal["par"], deal["against_par"]]
    # Another player who has not played: the button, never the results.
    other = another_browser(daily_client).get(f"/daily/{GAME}/{TODAY}").text
    assert 'id="daily-results"' not in other and "Bia" not in other
    index = daily_client.get("/daily").text
    assert 'data-game="cribbage" data-state="finished"' in index


def test_refusals_are_pages_in_the_readers_language(daily_client: TestClient) -> None:
    tomorrow = daily_client.get(f"/daily/{GAME}/{TODAY.after()}?lang=pt_BR")
    assert tomorrow.status_code == 409
    words = translator("pt_BR")("The deals of {day} are not out yet: today is {today}.")
    assert words.format(day=TODAY.after(), today=TODAY) in tomorrow.text
    assert daily_client.get(f"/daily/{GAME}/someday").status_code == 422
    assert daily_client.get(f"/daily/chess/{TODAY}").status_code == 404
    assert start(daily_client, TODAY.after()).status_code == 409
