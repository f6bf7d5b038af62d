"""The screens of Draw, cribbage and All Fives are what they were before Draw and cribbage
became specialisations of the generic play screen: every screen of a few seeded matches
(``screen_record``: a round played, a hint, each round's or hand's end, the show, the cut,
the privacy screen, the summary; in English, Portuguese and Chinese), as text, against the
fixtures recorded before the change."""

from __future__ import annotations

import asyncio

import pytest

from tests.tui.screen_record import SCENARIOS, Scenario, as_text, play


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda scenario: scenario.name)
def test_screens_are_as_recorded(scenario: Scenario) -> None:
    recorded = scenario.path.read_text(encoding="utf-8")
    assert as_text(asyncio.run(play(scenario))) == recorded
