"""The data files of the games' tables (``WinProbabilities``: ``pegboard.analysis.odds``):
gzip-compressed JSON, written the same byte for byte from the same contents, so that a
generator run again can be compared with the file it wrote."""

from __future__ import annotations

import gzip
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

from pegboard.core import WordedError

FORMAT: Final = 1
"""The data files' format."""


class TablesError(WordedError):
    """A state a game's tables do not hold, or a position they do not read (a Draw round
    alone has no match to win): worded, so that a surface can say it or do without."""


def write_tables(path: Path, data: Mapping[str, Any]) -> None:
    """Write a data file (no time stamp in the gzip header: the same contents, the same bytes)."""
    text = json.dumps(data, separators=(",", ":"), sort_keys=True).encode()
    with path.open("wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as out:
        out.write(text)


def read_tables(path: Path) -> dict[str, Any]:
    """A data file's contents."""
    with gzip.open(path, "rt", encoding="utf-8") as source:
        data: dict[str, Any] = json.load(source)
    return data
