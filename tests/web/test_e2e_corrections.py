"""End to end, a report of a correction in Debian's Chromium (issue 12): sent with the form
at the end of a rules page, without any script of ours, stored and listed by ``pegboard
corrections list``; too long or too many are answered with a translated error, the form
given back, and nothing stored. axe-core finds no violation on the answer pages.

The app is served by uvicorn on a loopback port of 18280-18299, a temporary database.
"""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

if os.environ.get("PEGBOARD_SKIP_E2E") == "1":
    pytest.skip("PEGBOARD_SKIP_E2E=1: the browser tests are skipped", allow_module_level=True)

import uvicorn
from playwright.sync_api import Browser, Page
from sqlalchemy import func, select
from typer.testing import CliRunner

from pegboard.cli.main import app as cli
from pegboard.web.app import create_app
from pegboard.web.db import CorrectionRow, make_engine
from pegboard.web.limits import DEFAULT
from tests.web.conftest import port_in
from tests.web.page_checks import axe_violations
from tests.web.test_e2e import WAIT_MS, e2e_browser, shot

__all__ = ["e2e_browser"]  # a fixture this module uses

PORTS = range(18280, 18300)
RATE = "3/minute"
"""Reports one address may send here: the third report is the last one taken."""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, str]]:
    """The app on a new database: its address and the database's URL."""
    url = f"sqlite:///{tmp_path / 'pegboard.db'}"
    limits = dataclasses.replace(DEFAULT, corrections_rate=RATE)
    application = create_app(url, bot_delay=0, bot_workers=0, limits=limits)
    port = port_in(PORTS)
    server = uvicorn.Server(
        uvicorn.Config(application, host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    ready = threading.Event()
    while thread.is_alive() and not server.started:
        ready.wait(0.05)
    if not server.started:
        pytest.fail("the web app did not start (see the log above)", pytrace=False)
    yield f"http://127.0.0.1:{port}", url
    server.should_exit = True
    thread.join()


def stored(url: str) -> int:
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return int(connection.scalar(select(func.count()).select_from(CorrectionRow)) or 0)
    finally:
        engine.dispose()


def send(page: Page, text: str, contact: str = "") -> int:
    """Type a report in the page's form and send it; the answer's status."""
    form = page.locator("form.corrections")
    form.locator("textarea[name=text]").fill(text)
    form.locator("input[name=contact]").fill(contact)
    with page.expect_navigation() as navigation:
        form.locator("button[type=submit]").click()
    response = navigation.value
    assert response is not None
    return response.status


def no_violations(page: Page) -> None:
    assert axe_violations(page) == []


def test_a_correction_is_sent_stored_listed_and_bounded(
    e2e_browser: Browser, served: tuple[str, str]
) -> None:
    base, url = served
    context = e2e_browser.new_context(viewport={"width": 360, "height": 800})
    context.set_default_timeout(WAIT_MS)
    try:
        page = context.new_page()
        page.goto(f"{base}/rules/draw?lang=pt")
        # Sent as the page has it, in Portuguese: thanked, and stored.
        assert send(page, "O exemplo de 3, 8 e 10 está errado.", "ana@example.com") == 201
        assert page.locator("[role=status]").inner_text() == (
            "Obrigado: sua correção foi recebida, e os mantenedores do site vão lê-la."
        )
        assert page.locator("html").get_attribute("lang") == "pt-BR"
        no_violations(page)
        assert stored(url) == 1

        # Too long: the browser keeps to maxlength, so the test takes it away first.
        page.goto(f"{base}/rules/draw?lang=hi")
        page.locator("textarea[name=text]").evaluate("t => t.removeAttribute('maxlength')")
        assert send(page, "क" * 2001) == 422
        assert page.locator("[role=alert]").inner_text() == (
            "रिपोर्ट में अधिक से अधिक 2000 वर्ण हो सकते हैं; इसमें 2001 हैं।"
        )
        assert page.locator("textarea[name=text]").input_value() == "क" * 2001  # given back
        shot(page, "corrections-too-long-hi")
        no_violations(page)
        assert stored(url) == 1

        # The form given back sends again: fixed, it is taken.
        page.locator("textarea[name=text]").fill("क" * 2000)
        with page.expect_navigation() as navigation:
            page.locator("form.corrections button[type=submit]").click()
        assert navigation.value is not None and navigation.value.status == 201
        assert stored(url) == 2

        # Too many: the rate is 3 a minute, the fourth is refused and not stored.
        page.goto(f"{base}/rules/cribbage?lang=zh")
        assert send(page, "第三份") == 201
        page.goto(f"{base}/rules/cribbage?lang=zh")  # the thanks have no form: back to it
        assert send(page, "第四份") == 429
        alert = page.locator("[role=alert]").inner_text()
        assert alert.startswith("来自你的地址的报告太多：请在 ") and alert.endswith(" 秒后再试。")
        no_violations(page)
        assert stored(url) == 3
    finally:
        context.close()

    listed = CliRunner().invoke(cli, ["corrections", "list", "--db", url], env={"LANGUAGE": "en"})
    assert listed.exit_code == 0, listed.output
    assert "Report 1 · " in listed.output and " · draw · pt · open" in listed.output
    assert "    Reply to: ana@example.com" in listed.output
    assert "    O exemplo de 3, 8 e 10 está errado." in listed.output
    assert " · cribbage · zh · open" in listed.output and "第四份" not in listed.output
    assert listed.output.splitlines()[-1] == "3 open reports."
    assert DEFAULT.corrections_rate != RATE  # the server's own rate is not this test's
