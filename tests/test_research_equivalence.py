"""Draw and cribbage through PettingZoo and OpenSpiel do today what they did before the
research adapters became one generation (issue 34): the traces of seeded episodes
(``tests/research_trace.py``) equal the fixtures recorded on the code before the change.

A difference is reported at its first step: the episode, the step and the item."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("pyspiel")

from tests import research_trace


def first_difference(expected: Any, found: Any, where: str = "") -> str | None:
    if isinstance(expected, dict) and isinstance(found, dict):
        for key in sorted(set(expected) | set(found)):
            if key not in found or key not in expected:
                return f"{where}.{key}: only in {'the fixture' if key in expected else 'today'}"
            difference = first_difference(expected[key], found[key], f"{where}.{key}")
            if difference is not None:
                return difference
        return None
    if isinstance(expected, list) and isinstance(found, list):
        for i, (old, new) in enumerate(zip(expected, found, strict=False)):
            difference = first_difference(old, new, f"{where}[{i}]")
            if difference is not None:
                return difference
        if len(expected) != len(found):
            return f"{where}: {len(expected)} items recorded, {len(found)} today"
        return None
    return None if expected == found else f"{where}: recorded {expected!r}, today {found!r}"


@pytest.mark.parametrize("case", sorted(research_trace.ENV_CASES))
def test_pettingzoo_episodes_are_as_recorded(case: str) -> None:
    module, kwargs, seeds = research_trace.ENV_CASES[case]
    recorded = research_trace.read("envs")
    for seed in seeds:
        today = research_trace.normal(research_trace.env_trace(module, kwargs, seed))
        assert first_difference(recorded[f"{case}_{seed}"], today, f"{case}_{seed}") is None


@pytest.mark.parametrize("case", sorted(research_trace.SPIEL_CASES))
def test_openspiel_games_are_as_recorded(case: str) -> None:
    short, params, seeds, every_kind = research_trace.SPIEL_CASES[case]
    recorded = research_trace.read("openspiel")
    for seed in seeds:
        trace = research_trace.spiel_trace(short, params, seed, every_kind)
        today = research_trace.normal(trace)
        assert first_difference(recorded[f"{case}_{seed}"], today, f"{case}_{seed}") is None


@pytest.mark.parametrize(("game", "seed"), [("draw", 5), ("cribbage", 6)])
def test_ismcts_chooses_as_recorded(game: str, seed: int) -> None:
    recorded = research_trace.read("openspiel")[f"ismcts_{game}"]
    assert research_trace.ismcts_trace(game, seed, 40) == recorded
