"""Notifications of correspondence tables (issue 39): Web Push ("your turn", "NAME moved")
to the browsers a player subscribed, at most one per table, move and player, none for a
table the player has open; the daily e-mail digest of the tables waiting, to a confirmed
address, once a day however many processes; and the acceptance's run: a correspondence
table played over several days of a fake clock, with a push and a digest sent.

The push service is a local one (``test_push.PushService``: every request recorded, its
body decrypted with the test browser's keys); the mail server is aiosmtpd's
(``test_mail``). The toy game ``tricks`` is played: Ana (seat 0) leads, then Bo."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import pegboard.games
from pegboard.web import digests, notices
from pegboard.web.app import create_app
from pegboard.web.clocks import DAY
from pegboard.web.digests import MailSettings
from pegboard.web.notices import PushSettings
from pegboard.web.push import PushKeys
from tests.web.conftest import (
    OPEN_PLAYERS,
    PLAY_LIMITS,
    FakeTime,
    Player,
    another_browser,
    claim,
    invite_of,
    new_table,
    seeds,
    service_of,
)
from tests.web.test_mail import SENDER, Inbox, LocalController
from tests.web.test_push import Browser, PushService, vapid_claims

CONTACT = "mailto:operator@pegboard.example.org"
SITE = "https://pegboard.example.org"


class Site:
    """A running app with push and mail on, its clock a ``FakeTime``: Ana's browser made a
    correspondence table of two days a move and Bo's claimed the second seat."""

    def __init__(self, client: TestClient, wall: FakeTime, inbox: Inbox) -> None:
        self.client, self.wall, self.inbox = client, wall, inbox
        self.service = service_of(client)

    def table(self, days: int = 2) -> tuple[str, TestClient, str, str]:
        """A new correspondence table: its id, Bo's browser, Ana's and Bo's tokens."""
        made = new_table(
            self.client,
            "tricks",
            [{"kind": "human", "name": "Ana"}, {"kind": "human"}],
            hand=3,
            clock={"days": days},
        )
        bo = another_browser(self.client, client=("192.0.2.7", 4000))
        answer = claim(bo, made["table"], invite_of(made, 1), name="Bo")
        assert answer.status_code == 200, answer.text
        return made["table"], bo, made["seats"][0]["token"], answer.json()["token"]


@pytest.fixture
def push_service() -> Iterator[PushService]:
    """A local push service (the app's own timers may outlive a test a moment, so its
    threads are not counted here as ``test_push``'s fixture counts them)."""
    running = PushService()
    running.start()
    yield running
    running.stop()


@pytest.fixture
def start_site(
    toy_game: Any,
    monkeypatch: pytest.MonkeyPatch,
    sqlite_url: str,
    push_service: PushService,
) -> Iterator[Callable[..., Site]]:
    """``start_site(url=SQLite)``: a server with push and mail on; every server a test
    starts shares the clock, the push service and the mail server."""
    monkeypatch.setenv(pegboard.games.ENVIRONMENT, "tests.games.toy:plug_in")
    inbox = Inbox()
    controller = LocalController(inbox, hostname="127.0.0.1", port=0)
    controller.start()
    wall = FakeTime()
    wall.now = 1_800_003_600.0  # 2027-01-15 09:00 UTC: past the digest hour
    clients: list[TestClient] = []

    def start(url: str = sqlite_url) -> Site:
        app = create_app(
            url,
            bot_delay=0,
            seed_source=seeds(5, 6, 7),
            limits=PLAY_LIMITS,
            bot_workers=0,
            push=PushSettings(CONTACT, (push_service.origin,)),
            mail=MailSettings(f"smtp://127.0.0.1:{controller.port}?from={SENDER}", SITE, 7),
        )
        client = TestClient(app)
        client.__enter__()
        clients.append(client)
        service_of(client).clock = service_of(client).wall = wall
        return Site(client, wall, inbox)

    yield start
    while OPEN_PLAYERS:
        OPEN_PLAYERS[-1].close()
    for client in reversed(clients):
        client.__exit__(None, None, None)
    controller.stop()


@pytest.fixture
def site(start_site: Callable[..., Site]) -> Site:
    return start_site()


def subscribe(
    browser: TestClient, device: Browser, push: PushService, path: str, lang: str
) -> None:
    answer = browser.post(
        "/api/me/push",
        json={"subscription": device.subscription(push.origin + path), "lang": lang},
    )
    assert answer.status_code == 201, answer.text


def pushes_to(push: PushService, path: str, device: Browser) -> list[dict[str, Any]]:
    """The notices the push service took for ``path``, decrypted by its browser."""
    return [json.loads(device.decrypt(r.body)) for r in push.received if r.path == path]


def wait_for_pushes(push: PushService, count: int) -> None:
    deadline = time.monotonic() + 10  # a safety bound only
    while len(push.received) < count and time.monotonic() < deadline:
        time.sleep(0.02)


# -- Web Push ------------------------------------------------------------------------------


def test_the_player_away_is_told_their_turn_and_the_player_here_is_not(
    site: Site, push_service: PushService
) -> None:
    table_id, bo_browser, ana_token, _bo_token = site.table()
    ana_device, bo_device = Browser(), Browser()
    subscribe(site.client, ana_device, push_service, "/push/ana", "en")
    subscribe(bo_browser, bo_device, push_service, "/push/bo", "hi")
    ana = Player(site.client, table_id, 0, ana_token)  # Ana has the table open; Bo has not
    ana.act(ana.state["view"]["legal"][0]["action"])
    wait_for_pushes(push_service, 1)
    (told,) = pushes_to(push_service, "/push/bo", bo_device)
    # In Bo's language, naming the table, never a move or a card.
    assert (told["title"], told["url"], told["tag"]) == ("आपकी बारी", f"/t/{table_id}", table_id)
    assert told["body"].endswith(f"मेज़ {table_id}") and set(told) == {"title", "body", "url", "tag"}
    assert pushes_to(push_service, "/push/ana", ana_device) == []  # Ana is here
    request = next(r for r in push_service.received if r.path == "/push/bo")
    assert request.headers["content-encoding"] == "aes128gcm"
    assert request.headers["topic"] == table_id  # a newer notice replaces it
    keys = PushKeys.from_pem(site.client.portal.call(_pem, site.service.notices).encode())
    claims = vapid_claims(request.headers["authorization"], keys.private_key.public_key())
    assert claims["sub"] == CONTACT and claims["k"] == keys.application_server_key
    assert site.client.get("/api/push/key").json()["key"] == keys.application_server_key


def test_a_player_with_the_table_open_is_not_pushed(site: Site, push_service: PushService) -> None:
    table_id, bo_browser, ana_token, bo_token = site.table()
    bo_device = Browser()
    subscribe(bo_browser, bo_device, push_service, "/push/bo", "en")
    bo = Player(bo_browser, table_id, 1, bo_token)  # Bo has the table open in a tab
    ana = Player(site.client, table_id, 0, ana_token)
    ana.act(ana.state["view"]["legal"][0]["action"])
    bo.sync()
    live = site.service._tables[table_id]
    assert notices.notices_of(live) == []  # nobody to tell: Bo is here, Ana moved
    bo.close()  # Bo closes the tab: now he would be told
    assert [n.seat for n in notices.notices_of(live)] == [1]
    time.sleep(0.3)  # nothing is awaited: give a wrong send the time to come
    assert push_service.received == []


async def _pem(notices_part: Any) -> str:
    return str(notices_part.keys().to_pem().decode())


def test_each_move_is_told_once_however_many_processes_hear_it(
    site: Site, push_service: PushService
) -> None:
    """The notice's row is the claim: a second process that looks at the same move (here,
    the same service asked again) finds it and sends nothing."""
    table_id, bo_browser, ana_token, _bo_token = site.table()
    bo_device = Browser()
    subscribe(bo_browser, bo_device, push_service, "/push/bo", "en")
    ana = Player(site.client, table_id, 0, ana_token)
    ana.act(ana.state["view"]["legal"][0]["action"])
    wait_for_pushes(push_service, 1)
    live = site.service._tables[table_id]
    live.noticed = None  # as another process's copy, which has not looked at it yet
    site.client.portal.call(_changed, site.service, live)
    time.sleep(0.3)  # nothing is awaited: give a wrong second send the time to come
    assert len(pushes_to(push_service, "/push/bo", bo_device)) == 1
    assert not notices.claim(site.service.store, table_id, 1, 1, live.record.seats[1].player_id)


async def _changed(service: Any, table: Any) -> None:
    service.notices.changed(table)


def test_two_processes_on_postgresql_tell_a_move_once(
    start_site: Callable[..., Site],
    postgres_url: str,
    push_service: PushService,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two servers on one database hold the table and both hear Ana's move (one made it,
    the other caught up from the database's notification): both decide to tell Bo, and
    the notice's row lets exactly one of them send."""
    decided: list[str] = []
    claim = notices.claim

    def counted(store: Any, table_id: str, number: int, seq: int, player_id: str) -> bool:
        decided.append(player_id)
        return claim(store, table_id, number, seq, player_id)

    monkeypatch.setattr(notices, "claim", counted)
    one, two = start_site(postgres_url), start_site(postgres_url)
    table_id, bo_browser, ana_token, _ = one.table()
    bo_device = Browser()
    subscribe(bo_browser, bo_device, push_service, "/push/bo", "en")
    watcher = Player(two.client, table_id, None, None)  # the table lives in both
    ana = Player(one.client, table_id, 0, ana_token)
    ana.act(ana.state["view"]["legal"][0]["action"])
    while watcher.state["seq"] < 1:  # the second server heard the move
        watcher.receive()
    bo = _player(bo_browser)
    deadline = time.monotonic() + 10  # a safety bound only
    while decided.count(bo) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    # Both servers decided to tell Bo of Ana's move (Ana herself was told of the match's
    # start, when she had no page open: one decision, before any move).
    assert decided.count(bo) == 2
    wait_for_pushes(push_service, 1)
    time.sleep(0.3)  # give a wrong second send the time to come
    assert [p["title"] for p in pushes_to(push_service, "/push/bo", bo_device)] == ["Your turn"]


def test_a_browser_that_unsubscribed_is_forgotten_and_bad_subscriptions_are_refused(
    site: Site, push_service: PushService
) -> None:
    table_id, bo_browser, ana_token, _ = site.table()
    subscribe(bo_browser, Browser(), push_service, "/push/gone", "en")
    push_service.status = 410  # the browser unsubscribed at its push service
    ana = Player(site.client, table_id, 0, ana_token)
    ana.act(ana.state["view"]["legal"][0]["action"])
    wait_for_pushes(push_service, 1)
    deadline = time.monotonic() + 10
    while notices.subscriptions_of(site.service.store, _player(bo_browser)) and (
        time.monotonic() < deadline
    ):
        time.sleep(0.02)
    assert notices.subscriptions_of(site.service.store, _player(bo_browser)) == []
    for subscription, words in [
        ({"endpoint": "https://evil.example/x", "keys": {"p256dh": "a", "auth": "b"}}, "push"),
        ({"endpoint": 3}, "push"),
    ]:
        answer = bo_browser.post("/api/me/push", json={"subscription": subscription, "lang": "pt"})
        assert answer.status_code == 422, answer.text
        assert "push" in answer.json()["error"].lower() or words
    nobody = another_browser(site.client, client=("192.0.2.99", 1))
    refused = nobody.post(
        "/api/me/push",
        json={"subscription": Browser().subscription(push_service.origin + "/p")},
    )
    assert refused.status_code == 403
    assert (
        bo_browser.request("DELETE", "/api/me/push", json={"endpoint": "https://x/y"}).status_code
        == 404
    )


def _player(browser: TestClient) -> str:
    found: str = browser.get("/api/me").json()["id"]
    return found


def test_push_is_off_without_a_contact(client: TestClient) -> None:
    answer = client.get("/api/push/key?lang=pt")
    assert answer.status_code == 404 and answer.json()["error"] != (
        "This site sends no push notifications."
    )
    assert client.get("/api/me/email").json()["mail"] is False


# -- e-mail --------------------------------------------------------------------------------


def test_an_address_is_confirmed_before_any_digest_and_one_digest_comes_a_day(
    site: Site,
) -> None:
    table_id, _bo_browser, _ana_token, _ = site.table(days=1)
    asked = site.client.put("/api/me/email", json={"email": "ana@example.org", "lang": "pt"})
    assert asked.status_code == 200, asked.text
    assert asked.json() == {
        "mail": True,
        "email": "ana@example.org",
        "confirmed": False,
        "mailed": True,
    }
    (mailed,) = site.inbox.messages()
    assert mailed["To"] == "ana@example.org" and mailed["From"] == SENDER
    link = next(w for w in mailed.get_content().split() if w.startswith(f"{SITE}/email/confirm/"))
    # Unconfirmed: the day's digest is not sent.
    assert site.client.portal.call(site.service.digests.send_due) == 0
    again = site.client.put("/api/me/email", json={"email": "ana@example.org"})
    assert again.status_code == 429  # one confirmation per ten minutes
    page = site.client.get(link.removeprefix(SITE))
    assert page.status_code == 200 and "ana@example.org" in page.text
    assert site.client.get("/api/me/email").json()["confirmed"] is True
    site.wall.advance(DAY)  # the next day: Ana's move waits
    assert site.client.portal.call(site.service.digests.send_due) == 1
    digest = site.inbox.messages()[-1]
    text = digest.get_content()
    assert table_id in text and f"{SITE}/t/{table_id}" in text  # in Portuguese
    assert "correspondência" in digest["Subject"]
    stop_link = digest["List-Unsubscribe"].strip("<>")
    assert stop_link in text
    assert site.client.portal.call(site.service.digests.send_due) == 0  # once a day
    assert site.client.get(stop_link.removeprefix(SITE)).status_code == 200
    assert site.client.get("/api/me/email").json()["email"] is None
    assert site.client.get(stop_link.removeprefix(SITE)).status_code == 404


def test_a_bad_address_is_refused_in_words(site: Site) -> None:
    new_table(site.client, "tricks", [{"kind": "human"}, {"kind": "human"}])
    for bad in ("ana", "ana@example", "a@b.c\nBcc: x@y.z", "a,b@c.d", "x" * 250 + "@e.org"):
        answer = site.client.put("/api/me/email", json={"email": bad})
        assert answer.status_code == 422, bad
        assert answer.json()["error"]
    assert site.inbox.messages() == []


def test_a_day_without_a_waiting_table_mails_nothing(site: Site) -> None:
    site.table()  # Ana's move: she has it open below
    with site.service.store.session() as session, session.begin():
        from pegboard.web.db import PlayerRow

        row = session.get(PlayerRow, _player(site.client))
        assert row is not None
        row.email, row.email_confirmed, row.email_key = "ana@example.org", True, "k" * 20
    site.service.digests.settings = MailSettings(
        site.service.digests.settings.smtp, SITE, 23
    )  # before the digest hour: nothing yet
    assert site.client.portal.call(site.service.digests.send_due) == 0
    site.service.digests.settings = MailSettings(site.service.digests.settings.smtp, SITE, 0)
    assert digests.due(site.service.store, "2027-01-15") == [_player(site.client)]


# -- the acceptance ------------------------------------------------------------------------


def test_a_correspondence_table_over_several_days_with_a_push_and_a_digest(
    site: Site, push_service: PushService
) -> None:
    """Issue 39's acceptance: Ana and Bo play a correspondence table of two days a move
    over five days of the fake clock, each opening the table only to move; each is pushed
    their turn while away, and Bo, who lets a day pass, gets the morning's digest."""
    table_id, bo_browser, ana_token, bo_token = site.table()
    ana_device, bo_device = Browser(), Browser()
    subscribe(site.client, ana_device, push_service, "/push/ana", "zh")
    subscribe(bo_browser, bo_device, push_service, "/push/bo", "en")
    assert bo_browser.put("/api/me/email", json={"email": "bo@example.org"}).status_code == 200
    (confirmation,) = site.inbox.messages()
    link = next(w for w in confirmation.get_content().split() if "/email/confirm/" in w)
    assert bo_browser.get(link.removeprefix(SITE)).status_code == 200

    def move(token: str, browser: TestClient, seat: int) -> None:
        player = Player(browser, table_id, seat, token)
        player.act(player.state["view"]["legal"][0]["action"])
        player.close()

    move(ana_token, site.client, 0)  # day 1, 09:00: Ana leads and leaves
    wait_for_pushes(push_service, 1)
    assert [p["title"] for p in pushes_to(push_service, "/push/bo", bo_device)] == ["Your turn"]
    site.wall.advance(DAY)  # day 2: Bo has not moved; the morning's digest says so
    assert site.client.portal.call(site.service.digests.send_due) == 1
    digest = site.inbox.messages()[-1]
    assert digest["To"] == "bo@example.org" and table_id in digest.get_content()
    assert "1 day" in digest.get_content()  # of his two days, one is left
    site.wall.advance(DAY / 2)
    move(bo_token, bo_browser, 1)  # Bo answers with half a day to spare
    wait_for_pushes(push_service, 2)
    (ana_told,) = pushes_to(push_service, "/push/ana", ana_device)
    assert ana_told["title"] in ("轮到你了", "Bo 已行动")  # her turn, or Bo moved (a trick won)
    live = site.service._tables[table_id]
    assert live.record.forfeit is None and live.record.clock is not None
    assert live.record.clock.left[1] == 2 * DAY  # Bo's days whole again
    due = live.current
    assert due is not None
    site.wall.advance(2 * DAY + 1)  # then nobody moves: the mover's days run out
    assert site.client.portal.call(site.service.clocks.flag_due, live)
    assert live.record.seats[due].stand_in is not None  # a casual table: a bot plays on


def test_two_processes_on_postgresql_mail_one_digest_a_day(
    start_site: Callable[..., Site], postgres_url: str
) -> None:
    one, two = start_site(postgres_url), start_site(postgres_url)
    table_id, _bo_browser, _ana_token, _ = one.table(days=1)
    assert one.client.put("/api/me/email", json={"email": "ana@example.org"}).status_code == 200
    (confirmation,) = one.inbox.messages()
    link = next(w for w in confirmation.get_content().split() if "/email/confirm/" in w)
    assert two.client.get(link.removeprefix(SITE)).status_code == 200  # any process
    one.wall.advance(DAY)
    mailed = [
        one.client.portal.call(one.service.digests.send_due),
        two.client.portal.call(two.service.digests.send_due),
    ]
    assert sorted(mailed) == [0, 1]
    digests_sent = [m for m in one.inbox.messages() if table_id in m.get_content()]
    assert len(digests_sent) == 1
