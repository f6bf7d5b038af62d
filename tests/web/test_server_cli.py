"""``pegboard serve``: its default database, and clear messages instead of tracebacks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.cli.serve import default_db_url


def test_the_default_database_is_in_the_xdg_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    url = default_db_url()
    assert url == f"sqlite:///{tmp_path / 'data' / 'pegboard' / 'pegboard.db'}"
    assert (tmp_path / "data" / "pegboard").is_dir()  # made as needed


def test_without_the_web_extra_serve_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now fails
    result = CliRunner().invoke(app, ["serve"], env={"LANGUAGE": "en"})
    assert result.exit_code == 1
    assert "pip install 'pegboard[web]'" in result.output
    assert "uvicorn" in result.output
    assert "Traceback" not in result.output


def test_a_database_out_of_reach_is_a_message_not_a_traceback() -> None:
    url = "postgresql+psycopg://nobody:secret@127.0.0.1:1/none"
    result = CliRunner().invoke(app, ["serve", "--db", url], env={"LANGUAGE": "en"})
    assert result.exit_code == 1
    assert "the database cannot be used" in result.output
    assert "secret" not in result.output and "Traceback" not in result.output


def test_an_unknown_database_kind_is_a_bad_parameter() -> None:
    result = CliRunner().invoke(app, ["serve", "--db", "nosuchdb://x"], env={"LANGUAGE": "en"})
    assert result.exit_code == 2
    assert "--db" in result.output


def test_several_workers_on_sqlite_are_refused_saying_why(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'one.db'}"
    result = CliRunner().invoke(
        app, ["serve", "--workers", "2", "--db", url], env={"LANGUAGE": "en"}
    )
    assert result.exit_code == 2
    assert "--workers 2 needs PostgreSQL" in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "one.db").exists()  # refused before anything was made


def test_the_settings_reach_each_worker_whole() -> None:
    """``--workers N`` hands ``create_app``'s settings to each worker as JSON: every one
    survives the trip (a limit lost would silently fall back to its default)."""
    from pegboard.web.app import AppSettings
    from pegboard.web.limits import Limits

    settings = AppSettings(
        db_url="postgresql+psycopg://u@h/db",
        bot_delay=0.25,
        bot_workers=3,
        limits=Limits(
            tables_rate="7/minute", spectators_per_table=9, sockets_per_seat=3, max_json_depth=12
        ),
        docs=True,
        allowed_origins=("https://a.example", "https://b.example"),
    )
    assert AppSettings.from_json(settings.to_json()) == settings
