"""The modules that moved out of the command line (issue 11) stay importable from their
old places, for code written against them: each old name is the very object of the new
place, so that ``isinstance`` and identity checks agree whichever import was used."""

from __future__ import annotations

import importlib

import pytest

MOVED = {
    "pegboard.cli.i18n": "pegboard.i18n.catalogs",
    "pegboard.cli.errors": "pegboard.i18n.errors",
    "pegboard.cli.draw_text": "pegboard.i18n.draw_text",
    "pegboard.cli.cribbage_text": "pegboard.i18n.cribbage_text",
}


@pytest.mark.parametrize("old", sorted(MOVED))
def test_a_moved_module_is_re_exported_whole(old: str) -> None:
    shim = importlib.import_module(old)
    new = importlib.import_module(MOVED[old])
    public = {
        name
        for name, value in vars(new).items()
        if not name.startswith("_") and getattr(value, "__module__", None) == new.__name__
    }
    assert public <= set(shim.__all__), f"{old} misses {sorted(public - set(shim.__all__))}"
    for name in shim.__all__:
        assert getattr(shim, name) is getattr(new, name)


def test_the_helpers_that_moved_stay_where_they_were() -> None:
    from pegboard.bots import bot_seed
    from pegboard.cli.draw_play import bot_seed as old_bot_seed
    from pegboard.cli.hint import known_words as old_known_words
    from pegboard.cli.terminal import HangupWatcher as OldHangupWatcher
    from pegboard.hangup import HangupWatcher
    from pegboard.i18n import known_words

    assert old_bot_seed is bot_seed
    assert old_known_words is known_words
    assert OldHangupWatcher is HangupWatcher
