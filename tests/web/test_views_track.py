"""The score track and the cribbage board as SVG: accessible (role, title, label in the
page's language), deterministic, self-contained, a front and a back peg for each player,
the skunk lines of cribbage (C7) and the target of Draw (D17)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from pegboard.draw import Match
from pegboard.web.track import Line, hole_position, track_svg
from pegboard.web.views import view

SVG = "{http://www.w3.org/2000/svg}"


def _board(scores: list[int], backs: list[int], target: int = 121) -> str:
    names = [f"P{i}" for i in range(len(scores))]
    return track_svg(
        scores=scores,
        backs=backs,
        target=target,
        names=names,
        title="Board",
        label="the label",
        lang="en",
        lines=[Line(61, "double skunk"), Line(91, "skunk")] if target == 121 else [],
    )


def test_the_board_is_an_accessible_self_contained_image() -> None:
    svg = _board([45, 120], [38, 100])
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.get("aria-label") == "the label"
    assert root.find(f"{SVG}title") is not None and root.find(f"{SVG}title").text == "Board"  # type: ignore[union-attr]
    assert "href" not in svg and "url(" not in svg and "<script" not in svg
    assert svg.count("http") == 1  # the namespace only
    assert svg == _board([45, 120], [38, 100])


def test_c7_every_hole_of_the_board_once_per_player() -> None:
    svg = _board([0, 0], [0, 0])
    root = ET.fromstring(svg)
    holes = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "hole"]
    # 120 holes, the game hole (121) and two start holes, in each lane
    assert len(holes) == 2 * (120 + 1 + 2)
    spots = {(c.get("cx"), c.get("cy")) for c in holes}
    assert len(spots) == len(holes)  # no two holes in one place


def test_pegs_stand_in_their_holes() -> None:
    svg = _board([45, 121], [38, 100])
    for seat, score, kind in [
        (0, 45, "front"),
        (0, 38, "back"),
        (1, 121, "front"),
        (1, 100, "back"),
    ]:
        x, y = hole_position(score, seat, 2, 121)
        pattern = rf'class="peg {kind}" data-seat="{seat}" data-score="{score}" cx="{x}" cy="{y}"'
        assert re.search(pattern, svg), (seat, score, kind)


def test_c7_skunk_lines_sit_just_before_holes_61_and_91() -> None:
    svg = _board([0, 0], [0, 0])
    root = ET.fromstring(svg)
    marks = {g.get("data-hole"): g for g in root.iter(f"{SVG}g") if g.get("class") == "line"}
    assert set(marks) == {"61", "91"}
    for hole in (61, 91):
        line = marks[str(hole)].find(f"{SVG}line")
        assert line is not None
        x = int(line.get("x1", "0"))
        assert hole_position(hole - 1, 0, 2, 121)[1] != hole_position(hole, 0, 2, 121)[1] or (
            hole_position(hole - 1, 0, 2, 121)[0] < x < hole_position(hole, 0, 2, 121)[0]
        )
        assert x < hole_position(hole, 0, 2, 121)[0]


@pytest.mark.parametrize(("players", "target"), [(2, 100), (3, 61), (4, 61)])
def test_d17_the_draw_track_runs_to_the_target(players: int, target: int) -> None:
    rng = random.Random(players)
    match = Match(players, seed=players)
    while len(match.rounds) < 2:
        match.apply(rng.choice(match.legal_actions()))
    v = view(match, "draw", 0, "pt")
    svg = v["track_svg"]
    root = ET.fromstring(svg)
    holes = [c for c in root.iter(f"{SVG}circle") if c.get("class") == "hole"]
    assert len(holes) == players * (target - 1 + 1 + 2)
    assert "data-hole" not in svg  # no skunk in Draw
    assert root.get("aria-label", "").startswith(f"Marcador de pontos até {target}: Lugar 1: ")
    for seat in range(players):
        before = [r.scores_after[seat] for r in match.rounds]
        back = 0
        previous = 0
        for score in before:
            if score != previous:
                back = previous
            previous = score
        assert f'data-seat="{seat}" data-score="{back}"' in svg
        assert f'class="peg front" data-seat="{seat}" data-score="{v["scores"][seat]}"' in svg


def test_a_score_past_the_target_is_pegged_in_the_game_hole() -> None:
    assert hole_position(105, 1, 2, 100) == hole_position(100, 1, 2, 100)
    assert hole_position(99, 0, 2, 100) != hole_position(100, 0, 2, 100)
