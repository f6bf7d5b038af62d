"""What a variant's table says of itself (issue 40): the heading's words for the double-nine
set (D25) and five-card cribbage (C13), the rules page's sections its "How to play" links to
(the Block game's turn D18-D19, partnerships' round end D22-D24, five-card C13-C17, three
and four players C8-C12), and a double-nine hand shown in reading order."""

from __future__ import annotations

import random

import pytest

import pegboard.games
from pegboard.cribbage.match import CribbageMatch
from pegboard.dominoes.tiles import Tile, reading_order
from pegboard.draw import Match
from pegboard.draw.looks.tui_view import hand_text
from pegboard.web.rules import page_of
from pegboard.web.views import view


def sections(game: str) -> set[str]:
    """The anchors of ``game``'s rules page: every section and subsection."""
    return {section.anchor for section in page_of(pegboard.games.get(game)).all_sections()}


@pytest.mark.parametrize(
    ("options", "anchors"),
    [
        ({}, {}),
        ({"players": 3}, dict.fromkeys(("turn", "round_end", "match_end", "game_end"), "players")),
        ({"players": 4}, dict.fromkeys(("turn", "round_end", "match_end", "game_end"), "players")),
        ({"cards": 5}, dict.fromkeys(("turn", "round_end", "match_end", "game_end"), "five-card")),
    ],
)
def test_c8_c13_a_cribbage_variants_table_links_to_its_own_rules(
    options: dict[str, int], anchors: dict[str, str]
) -> None:
    match = CribbageMatch(best_of=1, seed=5, **options)
    v = view(match, "cribbage", 0, "en")
    assert v["rules_anchors"] == anchors
    assert set(anchors.values()) <= sections("cribbage")  # each a section of the page
    assert v["cards"] == options.get("cards", 6)


@pytest.mark.parametrize("players", [2, 3])
def test_c18_a_muggins_table_links_its_show_to_the_rules_on_muggins(players: int) -> None:
    """A hand's end opens the section on muggins (C18-C20); a turn does too while the show
    is claimed, and the pegging's turn keeps the game's (or the variant's) own section."""
    match = CribbageMatch(best_of=1, seed=5, players=players, muggins=1)
    own = {} if players == 2 else {"turn": "players"}
    assert view(match, "cribbage", 0, "en")["rules_anchors"].get("turn") == own.get("turn")
    assert view(match, "cribbage", 0, "en")["rules_anchors"]["round_end"] == "muggins"
    while match.game.phase != "show":
        seat = match.current_player
        assert seat is not None
        match.apply(match.legal_actions()[0], seat=seat)
    anchors = view(match, "cribbage", 0, "en")["rules_anchors"]
    assert anchors["turn"] == anchors["round_end"] == "muggins"
    assert "muggins" in sections("cribbage")


@pytest.mark.parametrize(
    ("options", "anchors"),
    [
        ({}, {}),
        ({"tile_set": 9}, {}),
        ({"block": True}, {"turn": "block"}),
        (
            {"partnerships": True, "block": True},
            {"turn": "block", "round_end": "partnerships", "match_end": "partnerships"},
        ),
    ],
)
def test_d18_d21_a_draw_variants_table_links_to_its_own_rules(
    options: dict[str, object], anchors: dict[str, str]
) -> None:
    match = Match(players=4, seed=5, **options)  # type: ignore[arg-type]
    v = view(match, "draw", 0, "en")
    assert v["rules_anchors"] == anchors
    assert set(anchors.values()) <= sections("draw")
    assert v["tile_set"] == options.get("tile_set", 6)


def tiles(texts: list[str]) -> list[Tile]:
    return [Tile.parse(text) for text in texts]


def test_d25_a_double_nine_hand_is_shown_by_its_lower_number_then_its_higher() -> None:
    # The engine's order of the big set puts every tile with a 7, 8 or 9 after the
    # double-six ones ([1|4] before [0|7]); a person reads a hand by its numbers.
    assert [
        str(t) for t in reading_order(tiles(["[1|4]", "[3|5]", "[0|7]", "[9|9]", "[2|9]"]))
    ] == [
        "[0|7]",
        "[1|4]",
        "[2|9]",
        "[3|5]",
        "[9|9]",
    ]
    rng = random.Random(7)
    seen_order_change = False
    for seed in range(20):
        match = Match(players=2, seed=seed, tile_set=9)
        for _ in range(rng.randrange(6)):
            if match.is_over:
                break
            match.apply(rng.choice(match.legal_actions()))
        hand = match.observation(0).round.hand
        shown = view(match, "draw", 0, "en")["hand"]
        keys = [(t.low, t.high) for t in map(Tile.parse, shown)]
        assert keys == sorted(keys) and sorted(map(Tile.parse, shown), key=str) == sorted(
            hand, key=str
        )
        assert hand_text(hand).split() == [str(t) for t in map(Tile.parse, shown)]
        seen_order_change = seen_order_change or list(hand) != list(map(Tile.parse, shown))
    assert seen_order_change  # the engine's order did differ: the check had work to do
