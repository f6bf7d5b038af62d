"""The web's view of cribbage among three (C8) and four in partnerships (C9): one card laid
away, the board's streets (three, or one peg a side among four, no skunk lines: C12), the
sides and each partner's score, the winning side, the log's side scores."""

from __future__ import annotations

import random
import re

import pytest

from pegboard.cribbage.match import CribbageMatch
from pegboard.web.views import view


def _played(players: int, seed: int, moves: int) -> CribbageMatch:
    match = CribbageMatch(best_of=1, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.is_over:
            break
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_each_lays_one_card_as_the_page_offers_it(players: int) -> None:
    match = CribbageMatch(best_of=1, seed=4, players=players)
    seat = match.current_player
    assert seat is not None
    v = view(match, "cribbage", seat, "pt")
    assert v["discard_choices"] and v["lay_count"] == 1 and v["players"] == players
    assert len(v["hand"]) == 5  # five cards each (C8, C9)
    assert sorted(item["action"] for item in v["legal"]) == sorted(
        f"discard {card}" for card in v["hand"]
    )
    assert all(item["label"].endswith(item["action"].split()[1]) for item in v["legal"])
    two = view(CribbageMatch(best_of=1, seed=4), "cribbage", 0, "en")
    assert two["lay_count"] == 2  # between two, as before (C2)


def test_c8_the_board_has_a_street_a_player_and_no_skunk_lines() -> None:
    match = _played(3, 2, 80)
    v = view(match, "cribbage", 0, "en")
    svg = v["track_svg"]
    for seat in range(3):
        fronts = re.findall(rf'class="peg front" data-seat="{seat}" data-score="(\d+)"', svg)
        assert fronts == [str(match.game.scores[seat])]
    assert 'data-seat="3"' not in svg
    assert "Skunk line" not in svg  # the skunks are the two-player game's (C7, C12)
    assert v["sides"] == [] and v["scores"] == list(match.game.scores)


def test_c9_partners_share_a_peg_and_the_view_names_the_sides() -> None:
    match = _played(4, 3, 90)
    names = ["Ana", "Bo", "Cy", "Di"]
    v = view(match, "cribbage", 2, "en", names=names)
    sides = match.game.scores
    assert v["scores"] == [sides[0], sides[1], sides[0], sides[1]]  # each partner its side's
    assert v["sides"] == [
        {"seats": [0, 2], "label": "You and Ana", "score": sides[0], "yours": True},
        {"seats": [1, 3], "label": "Bo and Di", "score": sides[1], "yours": False},
    ]
    svg = v["track_svg"]
    for side in (0, 1):
        fronts = re.findall(rf'class="peg front" data-seat="{side}" data-score="(\d+)"', svg)
        assert fronts == [str(sides[side])]
    assert 'data-seat="2"' not in svg  # one peg a side, not one a seat
    assert "You and Ana:" in svg and "Bo and Di:" in svg and "Skunk line" not in svg
    # The log's scores are the sides', both partners named (C9).
    pegged = [line for line in v["log"] if " pegs " in line or " peg " in line]
    assert pegged and all("Ana and you: " in line and "Bo and Di: " in line for line in pegged)


def test_c12_the_side_that_won_is_named_and_the_viewer_on_it_has_won() -> None:
    match = _played(4, 6, 100_000)
    assert match.is_over and match.winner is not None
    names = ["Ana", "Bo", "Cy", "Di"]
    for seat in range(4):
        v = view(match, "cribbage", seat, "en", names=names)
        won = seat % 2 == match.winner
        assert (v["winner"] == seat) == won
        assert v["winner_text"].startswith("You and ") == won
        assert v["points"][seat] == match.points[seat % 2]
