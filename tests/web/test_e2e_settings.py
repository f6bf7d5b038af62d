"""End to end, the player's own settings (issue 39): on their page a player takes a
vacation from the correspondence tables and gives the address of the daily digest (a
local SMTP server takes the confirmation); the page says each in the four languages, fits
a phone, and axe finds nothing. Debian's Chromium, as in ``test_e2e``."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Page

from pegboard.web.app import create_app
from pegboard.web.digests import MailSettings
from pegboard.web.notices import PushSettings
from tests.web.conftest import PLAY_LIMITS
from tests.web.page_checks import axe_violations
from tests.web.test_e2e import (  # the browser tests' own set-up
    _free_port,
    e2e_browser,
    e2e_open,
    e2e_seeds,
    overflow,
    served_in_thread,
    shot,
    wait_for,
)
from tests.web.test_mail import SENDER, Inbox, LocalController

__all__ = ["e2e_browser", "e2e_open", "e2e_seeds"]  # fixtures used here


@pytest.fixture(scope="module")
def inbox() -> Iterator[tuple[LocalController, Inbox]]:
    box = Inbox()
    controller = LocalController(box, hostname="127.0.0.1", port=0)
    controller.start()
    yield controller, box
    controller.stop()


@pytest.fixture(scope="module")
def e2e_base_url(
    tmp_path_factory: pytest.TempPathFactory,
    e2e_seeds: Callable[[], int],
    inbox: tuple[LocalController, Inbox],
) -> Iterator[str]:
    """The app with push and mail on (the mail to the local server)."""
    controller, _box = inbox
    database = tmp_path_factory.mktemp("e2e-settings") / "pegboard.db"
    app = create_app(
        f"sqlite:///{database}",
        bot_delay=0,
        seed_source=e2e_seeds,
        limits=PLAY_LIMITS,
        push=PushSettings("mailto:operator@example.org"),
        mail=MailSettings(f"smtp://127.0.0.1:{controller.port}?from={SENDER}"),
    )
    yield from served_in_thread(app, _free_port())


WORDS = {
    "en": ("Vacation", "Notify this device", "E-mail for a daily digest"),
    "pt": ("Férias", "Notificar este aparelho", "E-mail para um resumo diário"),
    "zh": ("休假", "通知此设备", "接收每日摘要的邮箱"),
    "hi": ("छुट्टी", "इस डिवाइस को सूचित करें", "दैनिक सारांश के लिए ईमेल"),
}


def test_a_player_takes_a_vacation_and_gives_the_digest_s_address_on_their_page(
    e2e_open: Callable[..., Page], inbox: tuple[LocalController, Inbox]
) -> None:
    page = e2e_open("/", width=390, height=844)
    base = "/".join(page.url.split("/")[:3])  # the page's cookies go with its requests
    made = page.request.post(
        f"{base}/api/tables",
        data={"game": "draw", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    )
    assert made.status == 201
    me = page.request.get(f"{base}/api/me").json()
    for lang, (vacation, push, email) in WORDS.items():
        page.goto(f"{base}/p/{me['id']}?lang={lang}")
        assert page.inner_text("label[for=vacation-days]") == vacation
        assert page.inner_text("#push-button") == push
        assert page.inner_text("label[for=email-address]") == email
        assert overflow(page) == 0
        shot(page, f"settings-phone-{lang}")
    assert axe_violations(page) == []
    page.goto(f"{base}/p/{me['id']}?lang=pt")
    page.select_option("#vacation-days", "3")
    page.click("#vacation-button")
    page.wait_for_selector("#vacation-status")
    assert "De férias até" in page.inner_text("#vacation-status")
    page.fill("#email-address", "ana@example.org")
    page.click("#email-button")
    page.wait_for_selector("#email-status")
    assert "ana@example.org" in page.inner_text("#email-status")
    _controller, box = inbox
    wait_for(page, "true")
    assert [m["To"] for m in box.messages()] == ["ana@example.org"]
    assert axe_violations(page) == []
    shot(page, "settings-phone-pt-after")
    page.set_viewport_size({"width": 1100, "height": 900})
    shot(page, "settings-desktop-pt")
