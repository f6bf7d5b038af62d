"""``pegboard corrections list`` and ``close`` on the database the web app wrote to: the
reports a rules page's form sent, then read and closed by the site's maintainers."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the corrections are the web app's")
warnings.filterwarnings("ignore", message=".*httpx2.*")  # as tests/web/conftest.py does

from fastapi.testclient import TestClient  # noqa: E402
from typer.testing import CliRunner, Result  # noqa: E402

from pegboard.cli.main import app  # noqa: E402
from pegboard.web.db import make_engine  # noqa: E402
from pegboard.web.store import Store  # noqa: E402
from tests.web import conftest as web  # noqa: E402

# The web tests' fixtures: an app on a database, and a database of the test's own.
client_on = web.client_on
fresh_db_url = web.fresh_db_url
PLAY_LIMITS = web.PLAY_LIMITS

MANY = dataclasses.replace(PLAY_LIMITS, corrections_rate="1000/minute")


def pegboard(*args: str, lang: str = "en") -> Result:
    return CliRunner().invoke(app, list(args), env={"LANGUAGE": lang, "LC_ALL": "", "LANG": ""})


def send(client: TestClient, game: str, text: str, **fields: str) -> None:
    answer = client.post(f"/rules/{game}/corrections", data={"text": text, **fields})
    assert answer.status_code == 201, answer.text


@pytest.fixture
def written(fresh_db_url: str, client_on: Callable[..., TestClient]) -> str:
    """A database the web app stored three reports in (its URL)."""
    client = client_on(fresh_db_url, limits=MANY)
    send(
        client,
        "draw",
        "O exemplo de 3, 8 e 10\r\nestá errado.",
        contact="ana@example.com",
        lang="pt",
    )
    send(client, "cribbage", "29 的说明有误", lang="zh")
    send(client, "draw", "The lead moves clockwise.", lang="en")
    return fresh_db_url


def test_list_shows_every_open_report_with_its_fields(written: str) -> None:
    result = pegboard("corrections", "list", "--db", written)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    heads = [line for line in lines if line.startswith("Report ")]
    assert [h.split(" · ")[0] for h in heads] == ["Report 1", "Report 2", "Report 3"]
    assert [h.split(" · ")[2:] for h in heads] == [
        ["draw", "pt", "open"],
        ["cribbage", "zh", "open"],
        ["draw", "en", "open"],
    ]
    time = heads[0].split(" · ")[1]
    assert len(time) == len("2026-12-01 19:20 UTC") and time.endswith(" UTC")
    assert "    Reply to: ana@example.com" in lines
    assert lines[lines.index(heads[0]) + 2 :][:2] == [
        "    O exemplo de 3, 8 e 10",
        "    está errado.",
    ]
    assert "    29 的说明有误" in lines
    assert lines.count("    No way to reply was given.") == 2
    assert lines[-1] == "3 open reports."


def test_close_marks_a_report_closed_and_list_leaves_it_out(written: str) -> None:
    result = pegboard("corrections", "close", "2", "--db", written)
    assert (result.exit_code, result.output) == (0, "Report 2 closed.\n")
    listed = pegboard("corrections", "list", "--db", written).output
    assert "cribbage" not in listed and "29 的说明有误" not in listed
    assert listed.splitlines()[-1] == "2 open reports."
    every = pegboard("corrections", "list", "--all", "--db", written).output
    [closed] = [line for line in every.splitlines() if line.startswith("Report 2 ")]
    assert closed.split(" · ")[2:4] == ["cribbage", "zh"]
    assert closed.split(" · ")[4].startswith("closed 20")
    assert every.splitlines()[-1] == "3 reports."
    with Store(make_engine(written)).session() as session:
        from pegboard.web.db import CorrectionRow

        assert session.get(CorrectionRow, 2).status == "closed"  # type: ignore[union-attr]
        assert session.get(CorrectionRow, 1).status == "open"  # type: ignore[union-attr]


def test_closing_a_closed_or_unknown_report_is_a_translated_error(written: str) -> None:
    assert pegboard("corrections", "close", "1", "--db", written).exit_code == 0
    again = pegboard("corrections", "close", "1", "--db", written)
    assert (again.exit_code, again.output) == (1, "Report 1 is closed already.\n")
    none = pegboard("--lang", "pt", "corrections", "close", "9", "--db", written)
    assert (none.exit_code, none.output) == (1, "Não há correção 9.\n")
    closed_hi = pegboard("corrections", "close", "1", "--db", written, lang="hi")
    assert (closed_hi.exit_code, closed_hi.output) == (1, "रिपोर्ट 1 पहले से बंद है।\n")
    zero = pegboard("corrections", "close", "0", "--db", written)
    assert (zero.exit_code, zero.output) == (1, "There is no report 0.\n")
    word = pegboard("corrections", "close", "one", "--db", written)
    assert word.exit_code == 2 and "Traceback" not in word.output


def test_the_list_is_translated(written: str) -> None:
    result = pegboard("--lang", "zh", "corrections", "list", "--db", written)
    assert result.exit_code == 0, result.output
    assert "报告 1 · " in result.output and " · draw · pt · 待处理" in result.output
    assert "回复至：ana@example.com" in result.output
    assert result.output.splitlines()[-1] == "3 份待处理的报告。"
    hindi = pegboard("corrections", "list", "--db", written, lang="hi")
    assert hindi.output.splitlines()[-1] == "3 खुली रिपोर्टें।"


def test_an_empty_list_says_so(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    assert pegboard("corrections", "list", "--db", url).output == "No open reports.\n"
    assert pegboard("corrections", "list", "--all", "--db", url).output == "No reports.\n"
    assert pegboard("--lang", "pt", "corrections", "list", "--db", url).output == (
        "Nenhuma correção aberta.\n"
    )


def test_the_default_database_is_the_servers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without --db: the database ``pegboard serve`` uses by default."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    from pegboard.cli.serve import default_db_url

    store = Store(make_engine(default_db_url()))
    from pegboard.web.db import upgrade

    upgrade(store.engine)
    store.add_correction("draw", "en", "found by default", None)
    store.engine.dispose()
    result = pegboard("corrections", "list")
    assert "found by default" in result.output


def test_a_bad_database_is_a_message_not_a_traceback() -> None:
    out_of_reach = "postgresql+psycopg://nobody:secret@127.0.0.1:1/none"
    result = pegboard("corrections", "list", "--db", out_of_reach)
    assert result.exit_code == 1
    assert "the database cannot be used" in result.output
    assert "secret" not in result.output and "Traceback" not in result.output
    unknown = pegboard("corrections", "close", "1", "--db", "nosuchdb://x")
    assert unknown.exit_code == 2 and "--db" in unknown.output


def test_text_written_by_other_hands_cannot_reach_the_terminal_as_escapes(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'hand.db'}"
    pegboard("corrections", "list", "--db", url)  # makes the schema
    store = Store(make_engine(url))
    store.add_correction("draw", "en", "red \x1b[31mtext\x07", "x\x1b]0;title\x07")
    store.engine.dispose()
    output = pegboard("corrections", "list", "--db", url).output
    assert "\x1b" not in output and "\x07" not in output
    assert "    red \ufffd[31mtext\ufffd" in output.splitlines()


def test_the_real_command_lists_what_the_app_stored(written: str) -> None:
    """``pegboard corrections`` as its own process, on the app's database."""
    command = [sys.executable, "-c", "from pegboard.cli.main import main; main()"]
    environment = {**os.environ, "LANGUAGE": "en"}
    listed = subprocess.run(
        [*command, "corrections", "list", "--db", written],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )
    assert listed.returncode == 0, listed.stderr
    assert "The lead moves clockwise." in listed.stdout
    closed = subprocess.run(
        [*command, "corrections", "close", "3", "--db", written],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
        check=False,
    )
    assert (closed.returncode, closed.stdout) == (0, "Report 3 closed.\n")


def test_serve_takes_the_rate_of_reports_as_an_option() -> None:
    result = pegboard("serve", "--corrections-rate", "often", "--db", "sqlite://")
    assert result.exit_code == 2
    assert "--corrections-rate" in result.output and "'often' is not a rate" in result.output
    helped = pegboard("serve", "--help")
    assert "--corrections-rate" in helped.output  # with its default, 5 per 10 minutes
    from pegboard.web.limits import DEFAULT

    assert DEFAULT.corrections_rate == "5 per 10 minutes"
