"""The layout of the Fives family: F5 (the spinner), F6 (the ends total), F7 and F8's
arithmetic, each checked against the worked examples of docs/rules.md."""

from __future__ import annotations

import pytest

from pegboard.core import IllegalActionError
from pegboard.dominoes import LANGUAGES, Line
from pegboard.fives import (
    End,
    Layout,
    Tile,
    all_fives_points,
    fives_and_threes_points,
    round_to_five,
)

T = Tile
SPINNER = T(5, 5)


def spinner_with_both_sides() -> Layout:
    """[2|5] [5|5] [5|3]: the worked example of F6."""
    layout = Layout(spinner=True)
    layout.play(SPINNER)
    layout.play(T(2, 5), End(SPINNER, "A"))
    layout.play(T(3, 5), End(SPINNER, "B"))
    return layout


def test_f6_a_lone_lead_counts_both_halves() -> None:
    for spinner in (False, True):
        lead = Layout(spinner)
        lead.play(T(4, 1))
        assert lead.ends_total() == 5
        double = Layout(spinner)
        double.play(SPINNER)
        assert double.ends_total() == 10


def test_f6_the_spinner_counts_whole_while_one_side_is_free() -> None:
    layout = Layout(spinner=True)
    layout.play(SPINNER)
    layout.play(T(2, 5), End(SPINNER, "A"))
    assert layout.ends_total() == 12


def test_f6_the_spinner_counts_nothing_once_both_sides_hold_a_tile() -> None:
    layout = spinner_with_both_sides()
    assert layout.ends_total() == 5
    layout.play(T(4, 5), End(SPINNER, "C"))
    assert layout.ends_total() == 9


def test_f6_a_double_at_an_arms_end_counts_both_halves() -> None:
    layout = Layout(spinner=False)
    layout.play(T(3, 4))
    layout.play(T(4, 4), End(T(3, 4), "high"))
    assert layout.ends_total() == 3 + 8


def test_f5_the_spinners_ends_wait_for_both_sides() -> None:
    layout = Layout(spinner=True)
    layout.play(SPINNER)
    layout.play(T(2, 5), End(SPINNER, "A"))
    before = layout.describe()
    assert End(SPINNER, "C") not in layout.open_ends()
    with pytest.raises(IllegalActionError) as refused:
        layout.play(T(4, 5), End(SPINNER, "C"))
    assert refused.value.rule == "F5"
    assert layout.describe() == before and len(layout) == 2
    layout.play(T(3, 5), End(SPINNER, "B"))
    assert {e.side for e in layout.open_ends() if e.tile is SPINNER} == {"C", "D"}
    assert len(layout.open_ends()) == 4


def test_f5_a_spinner_played_later_opens_its_ends_after_its_free_side() -> None:
    layout = Layout(spinner=True)
    layout.play(T(3, 5))
    layout.play(SPINNER, End(T(3, 5), "high"))
    assert layout.spinner is SPINNER
    assert layout.ends_total() == 3 + 10
    layout.play(T(1, 5), End(SPINNER, "B"))
    assert len(layout.open_ends()) == 4
    assert layout.ends_total() == 3 + 1


def test_f5_only_the_first_double_is_the_spinner() -> None:
    layout = spinner_with_both_sides()
    layout.play(T(3, 3), End(T(3, 5), "low"))
    assert layout.spinner is SPINNER
    with pytest.raises(IllegalActionError) as refused:
        layout.play(T(1, 3), End(T(3, 3), "C"))
    assert refused.value.rule == "F5"


def test_f5_fives_and_threes_has_no_spinner() -> None:
    layout = Layout(spinner=False)
    layout.play(SPINNER)
    layout.play(T(2, 5), End(SPINNER, "A"))
    layout.play(T(3, 5), End(SPINNER, "B"))
    assert layout.spinner is None
    assert len(layout.open_ends()) == 2
    assert layout.ends_total() == 5


def test_f5_refusals_change_nothing_and_name_their_rule() -> None:
    layout = spinner_with_both_sides()
    copy = layout.copy()
    cases = [
        (T(1, 2), End(T(3, 5), "low")),  # does not match (D5)
        (T(2, 5), End(T(3, 5), "low")),  # already placed (D1)
        (T(1, 1), None),  # the lead is placed (D5)
        (T(0, 2), End(T(0, 2), "low")),  # not in the layout (F5)
    ]
    for tile, end in cases:
        with pytest.raises(IllegalActionError) as refused:
            layout.play(tile, end)
        assert refused.value.rule in ("D1", "D5", "F5")
        assert layout == copy and layout.open_ends() == copy.open_ends()


def test_f7_points_of_a_total() -> None:
    fives_threes = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4, 4: 0, 7: 0, 0: 0}
    for total, points in fives_threes.items():
        assert fives_and_threes_points(total) == points, total
    assert [all_fives_points(t) for t in (5, 10, 12, 15, 20, 0, 3)] == [5, 10, 0, 15, 20, 0, 0]


def test_f7_a_lead_of_five_five() -> None:
    layout = Layout(spinner=True)
    layout.play(SPINNER)
    assert all_fives_points(layout.ends_total()) == 10
    assert fives_and_threes_points(Layout.from_plays([(SPINNER, None)]).ends_total()) == 2


def test_f8_rounding_to_five() -> None:
    assert [round_to_five(p) for p in (7, 8, 2, 0, 3, 12, 13, 25)] == [5, 10, 0, 0, 5, 10, 15, 25]


def test_b5_the_spinners_arms_are_described_in_every_language() -> None:
    layout = spinner_with_both_sides()
    layout.play(T(4, 5), End(SPINNER, "C"))
    english = layout.describe("en")
    assert "[5|5] (spinner arm C) \u2013 [4|5] (high end)" in english
    assert "[5|5] (spinner arm D, 5)" in english
    descriptions = {layout.describe(lang) for lang in LANGUAGES}
    assert len(descriptions) == len(LANGUAGES)
    assert all("arm" not in d for d in descriptions - {english})


def test_b5_a_layout_without_a_spinner_reads_as_drawss_line() -> None:
    plays = [(T(3, 4), None), (T(4, 4), End(T(3, 4), "high")), (T(1, 3), End(T(3, 4), "low"))]
    for lang in LANGUAGES:
        assert Layout.from_plays(plays).describe(lang) == Line.from_plays(plays).describe(lang)
