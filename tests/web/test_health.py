"""``GET /healthz`` checks that the database takes a write (issue 33: it answered 200 with a
full disk, since ``SELECT 1`` needs none): 503 when the database refuses writes, when a
SQLite database's disk is full, and when PostgreSQL cannot extend a file; 200 again once
it can, with nothing left behind.

The full disks are real (a small tmpfs, filled): those tests need root's right to mount,
and, for PostgreSQL, a local server and a superuser (the test database's), else they are
skipped. The refused writes are the database's own (SQLite's ``query_only``, PostgreSQL's
``default_transaction_read_only``) and run everywhere."""

from __future__ import annotations

import errno
import os
import secrets
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event, text
from sqlalchemy.engine import make_url

from pegboard.web.app import create_app
from pegboard.web.db import throwaway_database
from tests.web.conftest import POSTGRES_ENV, database_rows, mounted_tmpfs, service_of


def healthz(client: TestClient) -> int:
    answer = client.get("/healthz")
    assert answer.json() == {
        "status": "ok" if answer.status_code == 200 else "unavailable",
        "database": answer.status_code == 200,
    }
    return answer.status_code


def refuse_writes(connection: Any, _record: Any) -> None:
    """Every new connection of the app's engine refuses to write (the database's own rule)."""
    cursor = connection.cursor()
    if isinstance(connection, psycopg.Connection):
        cursor.execute("SET SESSION default_transaction_read_only = on")
        connection.commit()
    else:
        cursor.execute("PRAGMA query_only = ON")
    cursor.close()


def test_healthz_is_503_while_the_database_refuses_writes(
    client_on: Callable[..., TestClient], fresh_db_url: str
) -> None:
    client = client_on(fresh_db_url)
    engine = service_of(client).store.engine
    before = database_rows(client)
    version = alembic_version(client)
    folder = set(os.listdir(Path(engine.url.database).parent)) if sqlite(client) else set()
    assert healthz(client) == 200
    event.listen(engine, "connect", refuse_writes)
    engine.dispose()  # the pooled connections are made again, refusing writes
    try:
        assert healthz(client) == 503
    finally:
        event.remove(engine, "connect", refuse_writes)
        engine.dispose()
    for _ in range(5):
        assert healthz(client) == 200
    # Nothing left behind: no row, the schema's version as it was, no file beside SQLite's.
    assert database_rows(client) == before
    assert alembic_version(client) == version
    if sqlite(client):
        assert set(os.listdir(Path(engine.url.database).parent)) == folder


def sqlite(client: TestClient) -> bool:
    return service_of(client).store.engine.dialect.name == "sqlite"


def alembic_version(client: TestClient) -> list[str]:
    with service_of(client).store.engine.connect() as connection:
        return list(connection.scalars(text("SELECT version_num FROM alembic_version")))


def fill(disk: Path) -> Path:
    """Write a file on ``disk`` until it takes no more byte; the file."""
    filler = disk / "filler"
    handle = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
    try:
        for size in (1 << 20, 4096, 1):
            with suppress(OSError):
                while os.write(handle, b"\0" * size):
                    pass
        with pytest.raises(OSError) as full:
            os.write(handle, b"\0")
        assert full.value.errno == errno.ENOSPC
    finally:
        os.close(handle)
    return filler


def answered_while_full(client: TestClient, disk: Path) -> None:
    """``/healthz`` is 200, then 503 while ``disk`` is full, then 200 once it has room."""
    assert healthz(client) == 200
    filler = fill(disk)
    try:
        assert healthz(client) == 503
    finally:
        filler.unlink()
    assert healthz(client) == 200


def test_healthz_is_503_while_a_sqlite_databases_disk_is_full(tmp_path: Path) -> None:
    with (
        mounted_tmpfs(tmp_path / "disk", "8m") as disk,
        TestClient(create_app(f"sqlite:///{disk / 'pegboard.db'}", bot_delay=0)) as client,
    ):
        answered_while_full(client, disk)


@contextmanager
def tablespace_on(disk: Path, admin: str) -> Iterator[str]:
    """A PostgreSQL tablespace on ``disk`` (owned by the server's user), dropped after."""
    with psycopg.connect(admin, autocommit=True) as connection:
        superuser = connection.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        if not superuser.fetchone()[0]:  # type: ignore[index]
            pytest.skip("a tablespace needs a PostgreSQL superuser")
        data = connection.execute("SHOW data_directory").fetchone()[0]  # type: ignore[index]
        try:
            owner = os.stat(data)
        except OSError:
            pytest.skip("the PostgreSQL server is not on this machine")
        os.chown(disk, owner.st_uid, owner.st_gid)
        disk.chmod(0o700)
        name = f"pegboard_full_{secrets.token_hex(4)}"
        connection.execute(f"CREATE TABLESPACE {name} LOCATION '{disk}'")
        try:
            yield name
        finally:
            connection.execute(f"DROP TABLESPACE IF EXISTS {name}")


@pytest.fixture
def reachable_dir() -> Iterator[Path]:
    """A new folder that the PostgreSQL server's user can reach (pytest's are root's own)."""
    path = Path(tempfile.mkdtemp(prefix="pegboard-pgdisk-"))
    yield path
    path.rmdir()


def test_healthz_is_503_while_postgresqls_disk_is_full(reachable_dir: Path) -> None:
    """The app's temporary tables go to a tablespace on a small disk (``temp_tablespaces``),
    where the check's table is extended by a block at each check."""
    base = os.environ.get(POSTGRES_ENV)
    if not base:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_ENV}")
    admin = make_url(base).set(drivername="postgresql").render_as_string(hide_password=False)
    with (
        mounted_tmpfs(reachable_dir, "1m") as disk,
        tablespace_on(disk, admin) as tablespace,
        throwaway_database(base, "pegboard_health") as url,
    ):
        on_disk = make_url(url).update_query_dict({"options": f"-ctemp_tablespaces={tablespace}"})
        app = create_app(on_disk.render_as_string(hide_password=False), bot_delay=0)
        with TestClient(app) as client:
            answered_while_full(client, disk)
