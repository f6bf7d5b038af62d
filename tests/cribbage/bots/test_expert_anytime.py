"""The expert's anytime pegging search (issue 43): it stops once its choice is made and
searches a close one on; on positions of the expert's own play it keeps every clear choice
of a large search and is never worse than the fixed budget's search."""

from __future__ import annotations

import random

import pytest
from benchmarks.bench_cribbage_opponent import self_play_positions

from pegboard.cribbage import Play
from pegboard.cribbage.bots import expert as expert_module
from pegboard.cribbage.bots.expert import (
    ANYTIME_FIRST,
    ANYTIME_STRETCH,
    DEFAULT_DETERMINIZATIONS,
    CribbageExpert,
    _settled,
)
from pegboard.cribbage.observation import CribbageObservation


def test_settled_when_one_card_leads_clearly_or_the_cards_are_even() -> None:
    leads = [{3: 2.0 + (k % 3) * 0.1, 9: 0.0 + (k % 2) * 0.1} for k in range(8)]
    assert _settled(leads)
    even = [{3: 1.0 + (k % 2), 9: 1.0 + (k % 2)} for k in range(8)]
    assert _settled(even)  # the same in every deal: either will do
    close = [{3: (k % 2) * 4.0 - 1.0, 9: ((k + 1) % 2) * 4.0 - 1.0} for k in range(8)]
    assert not _settled(close)  # 3 better in half the deals, 9 in the others
    assert _settled([{5: 0.0}] * 8)  # one rank to play


def _positions(hands: int, seed: int) -> list[CribbageObservation]:
    """The pegging decisions with a choice of rank (the other seat holding a card), in hands
    of the expert of the fixed budget against itself."""
    played = self_play_positions(hands, seed, CribbageExpert(anytime=False))
    return [
        p.view
        for p in played
        if len({a.card.rank for a in p.view.legal if isinstance(a, Play)}) > 1
    ]


def test_the_anytime_search_stops_early_and_stretches_within_its_bound(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    searched: list[int] = []
    real = expert_module.PeggingSearch

    def counting(*args: object, **kwargs: object) -> object:
        searched[-1] += 1
        return real(*args, **kwargs)  # type: ignore[arg-type]

    views = _positions(12, seed=960_000)
    monkeypatch.setattr(expert_module, "PeggingSearch", counting)
    anytime = CribbageExpert()
    for view in views:
        searched.append(0)
        anytime.choose(view, random.Random(1))
    assert min(searched) == ANYTIME_FIRST  # a clear choice after the first look
    assert max(searched) <= ANYTIME_STRETCH * DEFAULT_DETERMINIZATIONS
    assert max(searched) > DEFAULT_DETERMINIZATIONS  # a close one searched on
    assert sorted(searched)[len(searched) // 2] < DEFAULT_DETERMINIZATIONS  # most stop early


def test_the_anytime_search_keeps_clear_choices_and_is_never_worse_than_the_fixed() -> None:
    """On the pegging decisions of 20 hands of the expert against itself: a reference
    search of eight times the budget values every card. Where it finds one card better than
    every other by a point or more, the anytime search plays it whenever the full budget's
    search does (stopping early never loses a clear choice; 17 such positions, the full
    budget right in 16), and over all the positions the anytime search's choices are worth
    no less than the full budget's by the reference (its own noise allowed: 0.02 points a
    decision; measured +0.03)."""
    reference = CribbageExpert(determinizations=8 * DEFAULT_DETERMINIZATIONS, anytime=False)
    anytime = CribbageExpert()
    fixed = CribbageExpert(anytime=False)
    clear = 0
    worth = {"anytime": 0.0, "fixed": 0.0}
    views = _positions(20, seed=970_000)
    for k, view in enumerate(views):
        rows = reference.analyse(view, random.Random(10_000 + k))
        value = {row.action: row.value for row in rows}
        chosen = {
            "anytime": anytime.choose(view, random.Random(k)),
            "fixed": fixed.choose(view, random.Random(k)),
        }
        best = rows[0].action
        if rows[0].value >= max(r.value for r in rows if r.action != best) + 1.0:
            clear += 1
            if chosen["fixed"] == best:
                assert chosen["anytime"] == best
        for name, action in chosen.items():
            worth[name] += value[action]
    assert clear >= 10
    assert worth["anytime"] >= worth["fixed"] - 0.02 * len(views)
