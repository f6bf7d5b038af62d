"""``pegboard serve``: its default database, and clear messages instead of tracebacks."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from pegboard.cli.main import app
from pegboard.cli.serve import default_db_url
from pegboard.web.db import make_engine, upgrade
from tests.web.conftest import mounted_tmpfs, remount_read_only


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


def one_line_naming(result: Result, path: str, reason: str | None = None) -> None:
    """``pegboard serve`` exited 1 with one line that names ``path`` (and ``reason``)."""
    assert result.exit_code == 1, result.output
    assert not isinstance(result.exception, OSError)  # no traceback
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, lines
    assert f"pegboard serve: {path} cannot be written (" in lines[0]
    if reason is not None:
        assert f"({reason})" in lines[0]


def test_a_data_dir_that_cannot_be_made_is_named_in_one_line() -> None:
    """/sys takes no new folder, from root either (as chmod would not stop root)."""
    result = CliRunner().invoke(
        app, ["serve"], env={"LANGUAGE": "en", "XDG_DATA_HOME": "/sys/pegboard-test"}
    )
    one_line_naming(result, "/sys/pegboard-test")


def test_a_database_folder_that_cannot_be_written_is_named_in_one_line() -> None:
    result = CliRunner().invoke(
        app, ["serve", "--db", "sqlite:////sys/pegboard.db"], env={"LANGUAGE": "en"}
    )
    one_line_naming(result, "/sys")


def test_a_database_on_a_read_only_file_system_is_named_in_one_line(tmp_path: Path) -> None:
    """A database made, then its file system remounted read-only (a tmpfs: the test needs
    root's right to mount, and is skipped without it)."""
    with mounted_tmpfs(tmp_path / "disk", "4m") as disk:
        url = f"sqlite:///{disk / 'pegboard.db'}"
        engine = make_engine(url)
        upgrade(engine)
        engine.dispose()  # no file left open: the file system can be remounted
        remount_read_only(disk)
        result = CliRunner().invoke(app, ["serve", "--db", url], env={"LANGUAGE": "en"})
        one_line_naming(result, str(disk), "Read-only file system")
        data = CliRunner().invoke(
            app, ["serve"], env={"LANGUAGE": "en", "XDG_DATA_HOME": str(disk)}
        )
        one_line_naming(data, str(disk / "pegboard"), "Read-only file system")


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
        seed=41,
    )
    assert AppSettings.from_json(settings.to_json()) == settings


def test_seed_gives_the_matches_seeds_counting_on_from_it() -> None:
    """``--seed N`` (for the screenshots' fixed deals): the matches are seeded N, N+1, ...;
    without it, each seed is a secret of the app's own."""
    from pegboard.web.app import AppSettings

    source = AppSettings(db_url="sqlite://", seed=41).options()["seed_source"]
    assert [source(), source(), source()] == [41, 42, 43]
    assert AppSettings(db_url="sqlite://").options()["seed_source"] is None
