"""The pages that read the database for anyone (issue 33): ``/m/``, ``/p/``,
``/leaderboard/`` and ``/rules/`` are rated per address (``--pages-rate``: a translated 429
page with Retry-After), and a finished match's replay page is made once and then served
from a bounded cache, in each language apart, never for a match in play."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient

from pegboard.web import replays
from pegboard.web.limits import DEFAULT
from tests.web.conftest import (
    PLAY_LIMITS,
    Player,
    another_browser,
    new_table,
    served_limits,
    token_of,
)

BOTS = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random"}]


def finished_match(client: TestClient) -> str:
    """A finished Draw match's address (``/m/TABLE-1``)."""
    table = new_table(client, "draw", BOTS, players=2, target=1)
    ana = Player(client, table["table"], 0, token_of(table, 0))
    rng = random.Random(5)
    while not ana.settle({1})["view"]["is_over"]:
        ana.act(rng.choice(ana.state["view"]["legal"])["action"])
    ana.close()
    return f"/m/{table['table']}-1"


@pytest.mark.parametrize(
    "page", ["/m/nosuch-1", "/p/nobody", "/leaderboard/draw", "/rules/draw", "/rules"]
)
def test_pages_past_their_rate_are_a_translated_429_page(
    client_on: Callable[..., TestClient], sqlite_url: str, page: str
) -> None:
    client = client_on(sqlite_url, limits=replace(PLAY_LIMITS, pages_rate="3/minute"))
    for _ in range(3):
        assert client.get(page).status_code in (200, 404)
    refused = client.get(page, headers={"accept-language": "pt-BR"})
    assert refused.status_code == 429
    assert refused.headers["content-type"].startswith("text/html")
    assert int(refused.headers["retry-after"]) >= 1
    assert "Pedidos demais" in refused.text and '<html lang="pt-BR"' in refused.text
    assert refused.headers["x-frame-options"] == "DENY"
    # Per address: another one reads on; the other routes are not counted here.
    assert another_browser(client, client=("198.51.100.9", 1)).get(page).status_code != 429
    assert client.get("/api/tables").status_code == 200
    assert client.get("/").status_code == 200


def test_the_replay_page_is_made_once_per_move_and_language(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    address = finished_match(client)
    made: list[tuple[int, str]] = []
    original = replays.render_page

    async def counted(cache: replays.ReplayCache, found: Any, at: int, lang: str) -> str:
        made.append((at, lang))
        return await original(cache, found, at, lang)

    monkeypatch.setattr(replays, "render_page", counted)
    first = client.get(f"{address}?at=2")
    again = client.get(f"{address}?at=2")
    assert first.text == again.text and made == [(2, "en")]
    portuguese = client.get(f"{address}?at=2&lang=pt")
    assert 'lang="pt-BR"' in portuguese.text and "Jogada 2 de" in portuguese.text
    assert made == [(2, "en"), (2, "pt")]  # languages never mixed
    assert client.get(f"{address}?at=2").text == first.text
    client.get(f"{address}?at=3")
    assert made[-1] == (3, "en")


def test_a_match_in_play_is_never_cached(client: TestClient) -> None:
    table = new_table(client, "draw", BOTS, players=2)
    address = f"/m/{table['table']}-1"
    for _ in range(2):
        assert client.get(address).status_code == 409
    cache: replays.ReplayCache = client.app.state.replay_cache  # type: ignore[attr-defined]
    assert len(cache) == 0


def test_the_cache_is_bounded() -> None:
    cache = replays.ReplayCache(pages=3, matches=2)
    for n in range(10):
        cache.keep_page(("T", 1, n, "en"), f"page {n}")
    assert len(cache) == 3
    assert cache.page(("T", 1, 9, "en")) == "page 9"
    assert cache.page(("T", 1, 0, "en")) is None


def test_the_pages_rate_is_a_serve_option(monkeypatch: pytest.MonkeyPatch) -> None:
    assert served_limits(monkeypatch, "--pages-rate", "9/minute").pages_rate == "9/minute"
    assert DEFAULT.pages_rate == "120/minute"
