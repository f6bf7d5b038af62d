"""``scripts/screenshots`` (``make screenshots``): it serves the app, plays to a position in
Debian's Chromium and writes each game's table at 1280 x 900 and 390 x 844. Here for one
game, into a temporary folder, so that the suite stays fast; the pictures of docs/ are the
lead's to take again once the page changes."""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.web.processes import every_process

if os.environ.get("PEGBOARD_SKIP_E2E") == "1":
    pytest.skip("PEGBOARD_SKIP_E2E=1: the browser tests are skipped", allow_module_level=True)

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "screenshots"


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header (the IHDR chunk comes first)."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n" and head[12:16] == b"IHDR", path
    width, height = struct.unpack(">II", head[16:24])
    return width, height


def test_the_script_writes_a_games_table_on_a_desktop_and_a_phone(tmp_path: Path) -> None:
    out = tmp_path / "shots"
    # The temporary files' folder, where the server's database goes: its processes are found
    # by this path below. A short one: Chromium's socket is made there too, and its path
    # has a length limit that tmp_path's may pass.
    temporary = Path(tempfile.mkdtemp(prefix="pb-shots-"))
    try:
        done = subprocess.run(
            [sys.executable, str(SCRIPT), "--game", "draw", "--out", str(out)],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "TMPDIR": str(temporary)},
            cwd=ROOT,
        )
        left = sorted(p.name for p in temporary.iterdir())
    finally:
        shutil.rmtree(temporary)
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["web-draw-desktop.png", "web-draw-phone.png"]
    assert png_size(out / "web-draw-desktop.png") == (1280, 900)
    assert png_size(out / "web-draw-phone.png") == (390, 844)
    # The server it started ended with it, and its temporary database went too.
    assert [p.command for p in every_process() if str(temporary) in p.command] == []
    assert [name for name in left if name.startswith("pegboard-shots-")] == []
