"""Client addresses are kept as a hash keyed with a secret of the installation (issue 33):
an unsalted SHA-256 of an IPv4 address is undone by trying the 2^32 addresses, from a copy
of the database alone. The secret is in the database (migration 0010), one per database,
the same for every server process on it, made once however many start together."""

from __future__ import annotations

import hashlib
import hmac
import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, select, text

from pegboard.web.db import InstallationRow, TableRow, alembic_config, make_engine, upgrade
from pegboard.web.store import ADDRESS_KEY, Store
from tests.web.conftest import another_browser, new_table, service_of

ROOT = Path(__file__).resolve().parents[2]
BOTS = [{"kind": "human"}, {"kind": "bot", "level": "random"}]


def creators(client: TestClient) -> list[str | None]:
    with service_of(client).store.session() as session:
        return list(session.scalars(select(TableRow.creator).order_by(TableRow.created_at)))


def secret_rows(url: str) -> list[tuple[str, str]]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(text("SELECT name, value FROM installation")).all()
            return [(name, value) for name, value in rows]
    finally:
        engine.dispose()


def test_an_address_is_kept_as_a_hash_keyed_with_the_installation_s_secret(
    client_on: Callable[..., TestClient], fresh_db_url: str
) -> None:
    client = client_on(fresh_db_url)
    new_table(client, "draw", BOTS, players=2)
    [stored] = creators(client)
    address = "testclient"  # the test client's address
    unsalted = hashlib.sha256(f"pegboard-client:{address}".encode()).hexdigest()[:32]
    assert stored != unsalted
    [(name, secret)] = secret_rows(fresh_db_url)
    assert name == ADDRESS_KEY and len(secret) >= 64
    keyed = hmac.new(secret.encode(), f"pegboard-client:{address}".encode(), hashlib.sha256)
    assert stored == keyed.hexdigest()[:32]


def test_two_servers_on_one_database_hash_alike_and_two_databases_do_not(
    client_on: Callable[..., TestClient], fresh_db_url: str, tmp_path: Path
) -> None:
    """The open-tables cap counts by the hash: every process on one database must make the
    same one (several processes on PostgreSQL), and another installation another."""
    first, second = client_on(fresh_db_url), client_on(fresh_db_url)
    elsewhere = client_on(f"sqlite:///{tmp_path / 'elsewhere.db'}")
    for client in (first, second, elsewhere):
        new_table(another_browser(client, client=("203.0.113.7", 5000)), "draw", BOTS, players=2)
    here = creators(first)
    assert len(here) == 2 and here[0] == here[1]
    assert creators(elsewhere) != [here[0]]
    assert service_of(first).store.address_hash("203.0.113.7") == here[0]
    assert service_of(first).store.address_hash("203.0.113.8") != here[0]


def test_0010_keeps_the_rows_made_before_and_makes_one_secret(tmp_path: Path) -> None:
    """From 0009 with data: the tables made before keep their unkeyed hashes (the cap
    counts a day's tables, so it heals within a day); the installation has one secret."""
    url = f"sqlite:///{tmp_path / 'old.db'}"
    engine = make_engine(url)
    try:
        command.upgrade(alembic_config(engine), "0009")
        old = hashlib.sha256(b"pegboard-client:203.0.113.7").hexdigest()[:32]
        with engine.begin() as connection:
            connection.execute(
                text(
                    "INSERT INTO tables (id, game, config, created_at, status, match_number,"
                    " creator, public, hints, rated)"
                    " VALUES ('old', 'draw', '{}', '2026-01-01', 'open', 1, :creator,"
                    " false, false, false)"
                ),
                {"creator": old},
            )
        upgrade(engine)
        upgrade(engine)  # at the head: nothing more, and no second secret
        with engine.connect() as connection:
            assert connection.execute(select(TableRow.creator)).scalar_one() == old
            rows = connection.execute(select(InstallationRow.name)).scalars().all()
        assert rows == [ADDRESS_KEY]
    finally:
        engine.dispose()


HASH_AT_ONCE = (
    "import sys, time\n"
    "from pegboard.web.db import make_engine, upgrade\n"
    "from pegboard.web.store import Store\n"
    "while time.time() < float(sys.argv[2]):\n"
    "    pass\n"  # every process starts at the same moment
    "upgrade(sys.argv[1])\n"
    "print(Store(make_engine(sys.argv[1])).address_hash('198.51.100.1'))\n"
)


def test_processes_started_together_make_one_secret_and_hash_alike(fresh_db_url: str) -> None:
    start = time.time() + 3.0
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", HASH_AT_ONCE, fresh_db_url, str(start)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(4)
    ]
    outputs = [p.communicate(timeout=120) for p in processes]
    assert [p.returncode for p in processes] == [0] * 4, outputs
    assert len({out.strip() for out, _err in outputs}) == 1
    assert len(secret_rows(fresh_db_url)) == 1


def test_a_secret_lost_from_the_database_is_made_again_once(fresh_db_url: str) -> None:
    """A database restored without its installation row: the first use makes a new secret,
    one for every store however many ask at once (the insert does nothing when another
    came first, and each reads the one that stands)."""
    upgrade(fresh_db_url)
    engine = create_engine(fresh_db_url)
    with engine.begin() as connection:
        connection.execute(text("DELETE FROM installation"))
    engine.dispose()
    stores = [Store(make_engine(fresh_db_url)) for _ in range(4)]
    hashes: list[str] = []
    threads = [
        threading.Thread(target=lambda s=store: hashes.append(s.address_hash("192.0.2.1")))
        for store in stores
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for store in stores:
        store.engine.dispose()
    assert len(hashes) == 4 and len(set(hashes)) == 1
    assert len(secret_rows(fresh_db_url)) == 1
