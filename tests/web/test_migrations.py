"""Migrations under a lock (issue 16): any number of processes started at once on one
empty database all come up, and the schema is migrated once, to the head."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, text

from pegboard.web.db import alembic_config, make_engine

ROOT = Path(__file__).resolve().parents[2]
PROCESSES = 4
UPGRADE = (
    "import sys, time\n"
    "from pegboard.web.db import upgrade\n"
    "while time.time() < float(sys.argv[2]):\n"
    "    pass\n"  # every process starts its migrations at the same moment
    "upgrade(sys.argv[1])\n"
)


def test_processes_started_together_on_an_empty_database_all_migrate_it(
    fresh_db_url: str,
) -> None:
    import time

    start = time.time() + 3.0
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", UPGRADE, fresh_db_url, str(start)],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    outputs = [p.communicate(timeout=120)[0] for p in processes]
    assert [p.returncode for p in processes] == [0] * PROCESSES, "\n".join(outputs)
    head = ScriptDirectory.from_config(alembic_config(make_engine(fresh_db_url))).get_current_head()
    engine = create_engine(fresh_db_url)
    with engine.connect() as connection:
        versions = connection.execute(text("SELECT version_num FROM alembic_version")).all()
    engine.dispose()
    assert versions == [(head,)]
