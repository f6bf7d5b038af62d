"""The processes a test started, read from ``/proc`` (Linux; elsewhere none are found): a
server's descendants, to check that none outlives it (``test_pool_orphans.py``,
``conftest.Server.kill``)."""

from __future__ import annotations

import contextlib
import os
import signal
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

PROC = Path("/proc")
GONE_WITHIN = 10.0
"""Seconds a dead server's processes have to end (a bound, not a measure: they end in a
fraction of a second)."""


@dataclass(frozen=True)
class Process:
    """A process as ``/proc/PID/stat`` shows it. ``started`` (clock ticks since boot) tells
    a process from a later one that was given its pid."""

    pid: int
    ppid: int
    started: int
    state: str
    command: str


def process(pid: int) -> Process | None:
    """The process ``pid``, or None if there is none."""
    try:
        stat = (PROC / str(pid) / "stat").read_text()
        command = (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    except (FileNotFoundError, ProcessLookupError):
        return None
    # The command's name, in parentheses, may hold spaces and parentheses itself.
    fields = stat[stat.rindex(")") + 2 :].split()
    return Process(pid, int(fields[1]), int(fields[19]), fields[0], command.strip())


def every_process() -> list[Process]:
    if not PROC.is_dir():
        return []
    found = (process(int(entry.name)) for entry in PROC.iterdir() if entry.name.isdecimal())
    return [p for p in found if p is not None]


def descendants(pid: int) -> list[Process]:
    """Every process ``pid`` started and the ones they started, down the tree (now: a
    process whose parent died has another parent, and is no longer found)."""
    children: dict[int, list[Process]] = {}
    for found in every_process():
        children.setdefault(found.ppid, []).append(found)
    result: list[Process] = []
    parents = [pid]
    while parents:
        for child in children.get(parents.pop(), []):
            result.append(child)
            parents.append(child.pid)
    return result


def alive(processes: Sequence[Process]) -> list[Process]:
    """The ones of ``processes`` that still run: the same pid and start, not a zombie (a
    dead process its new parent has not reaped yet)."""
    now = (process(p.pid) for p in processes)
    return [
        p
        for p, n in zip(processes, now, strict=True)
        if n and n.started == p.started and n.state != "Z"
    ]


def wait_gone(processes: list[Process], seconds: float) -> list[Process]:
    """Wait up to ``seconds`` for ``processes`` to end; the ones left."""
    deadline = time.monotonic() + seconds
    while (left := alive(processes)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def kill_all(processes: list[Process]) -> None:
    """SIGKILL the ones of ``processes`` still running (a test that failed cleans up)."""
    for left in alive(processes):
        with contextlib.suppress(ProcessLookupError):
            os.kill(left.pid, signal.SIGKILL)


def pool_workers(pid: int) -> list[Process]:
    """The bot pool's workers that ``pid`` started, still running: the children of its
    fork server (``pegboard.web.bot_pool``)."""
    below = descendants(pid)
    forkservers = {p.pid for p in below if "multiprocessing.forkserver" in p.command}
    return alive([p for p in below if p.ppid in forkservers])
