"""The view of a match of the Fives family (docs/web.md, "The Fives family"): its keys, the
seat's view built from its observation alone (another hand and the boneyard never named in
anything sent to it), the points of each play with their arithmetic (F6, F7), the end of a
hand with its rounding (F8), the sides (F1) and their scores pegged on a cribbage board
(F9)."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import pegboard.games
from pegboard.dominoes.tiles import DOUBLE_SIX, Tile
from pegboard.fives import FivesMatch, FivesRules
from pegboard.fives.hand import FivesHand
from pegboard.fives.looks import web as views_fives
from pegboard.web.track import track_svg
from pegboard.web.views import view

SVG = "{http://www.w3.org/2000/svg}"
LANGS = ("en", "pt_BR", "zh_Hans", "hi")
TILE = re.compile(r"\[([0-6])\|([0-6])\]|(?<![\d.])([0-6])-([0-6])(?![\d])")
GAMES = ("all-fives", "fives-and-threes")
TABLES = [  # (players, partnerships)
    (2, None),
    (3, None),
    (4, True),
    (4, False),
]


def rules_of(game: str, players: int, partnerships: bool | None, **options: Any) -> FivesRules:
    return FivesRules(game, players=players, partnerships=partnerships, **options)  # type: ignore[arg-type]


def tiles_in(text: str) -> set[Tile]:
    found = set()
    for m in TILE.finditer(text):
        a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        found.add(Tile(int(a), int(b)))
    return found


def without_svg(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_svg(v) for k, v in value.items() if not k.endswith("_svg")}
    if isinstance(value, list):
        return [without_svg(v) for v in value]
    return value


@functools.lru_cache(maxsize=64)
def svg_tiles(svg: str) -> frozenset[Tile]:
    """The tiles a drawing names: its title, description and every element's title (read
    once for a drawing every perspective is sent alike)."""
    root = ET.fromstring(svg)
    texts = [el.text or "" for el in root.iter() if el.tag in (f"{SVG}title", f"{SVG}desc")]
    return frozenset(tiles_in(" ".join(texts)))


def hidden_from(match: FivesMatch, seat: int | None) -> set[Tile]:
    """What ``seat`` (None: a spectator) may not know of the hand in play: every other
    hand and the boneyard (F2); a spectator knows no hand."""
    hand = match.hand
    if hand.is_over:  # the last hand of a match: its end revealed every hand (F8)
        return set(hand.boneyard)
    secret = set(hand.boneyard)
    for other in range(match.players):
        if other != seat:
            secret |= set(hand.hand(other))
    return secret


def twin_of(match: FivesMatch, seat: int, rng: random.Random) -> FivesMatch:
    """The match with every tile ``seat`` cannot see in the hand in play dealt again."""
    twin = copy.copy(match)
    twin._part = match.hand.sample_hidden(seat, rng)
    return twin


def play_randomly(match: FivesMatch, rng: random.Random) -> None:
    match.apply(rng.choice(match.legal_actions()))


# -- hidden information ----------------------------------------------------------------------


def check_no_leak(match: FivesMatch, game: str, lang: str = "en") -> int:
    """Every perspective's view names no tile it may not know; the number of tiles that
    were hidden from somebody (so that the check had something to catch)."""
    layout = set(match.hand.layout.tiles)
    hidden_count = 0
    for seat in [None, *range(match.players)]:
        v = view(match, game, seat, lang)
        hidden = hidden_from(match, seat)
        hidden_count += len(hidden)
        # Tiles of earlier hands are of other deals: only the hand in play's texts count.
        live = dict(v)
        live.pop("hand_end")
        live.pop("last_hand")
        # (the log's lines of the hand in play are found by its English header)
        live["log"] = current_hand_lines(v["log"]) if lang == "en" else []
        if match.hands and not match.hand.history:
            live.pop("last_play")  # the last play of the hand that just ended
        named = tiles_in(json.dumps(without_svg(live), ensure_ascii=False))
        assert not named & hidden, (seat, sorted(named & hidden))
        drawn = svg_tiles(v["layout_svg"])
        assert drawn <= layout, (seat, drawn - layout)
        assert svg_tiles(v["track_svg"]) == set()
        own = set() if seat is None else set(match.hand.hand(seat))
        assert {Tile.parse(t) for t in v["hand"]} == (own if seat is not None else set())
    return hidden_count


def current_hand_lines(log: list[str]) -> list[str]:
    """The log since the hand in play began (its "Hand N: ... leads." line)."""
    for index in range(len(log) - 1, -1, -1):
        if re.match(r"Hand \d+: .* leads\.$", log[index]):
            return log[index:]
    return log


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(("players", "partnerships"), TABLES)
def test_f2_a_seats_view_never_names_another_hand_nor_the_boneyard(
    game: str, players: int, partnerships: bool | None
) -> None:
    """Over random hands (the first of many seeded matches, and whole matches), at every
    step: another seat's tiles and the boneyard are in no JSON or SVG sent to a seat."""
    hidden = 0
    for seed in range(6):
        rng = random.Random(seed)
        match = FivesMatch(rules_of(game, players, partnerships), seed=seed)
        steps = 0
        while not match.is_over and (seed == 0 or not match.hands) and steps < 250:
            hidden += check_no_leak(match, game, "en" if steps % 5 else "pt")
            play_randomly(match, rng)
            steps += 1
    assert hidden > 1000


def test_the_leak_check_catches_a_hidden_tile() -> None:
    """The check above can fail: a view naming a tile of the other hand is caught."""
    match = FivesMatch(rules_of("all-fives", 2, None), seed=3)
    secret = match.hand.hand(1)[0]
    original = views_fives.boneyard_text

    def leaking(current: views_fives.FivesSeen, _: Any) -> str:
        return f"{original(current, _)} {secret}"

    views_fives.boneyard_text = leaking  # type: ignore[assignment]
    try:
        with pytest.raises(AssertionError):
            check_no_leak(match, "all-fives")
    finally:
        views_fives.boneyard_text = original  # type: ignore[assignment]
    check_no_leak(match, "all-fives")


@pytest.mark.parametrize("game", GAMES)
def test_f2_twins_that_differ_in_hidden_tiles_give_identical_views(game: str) -> None:
    """The view is a function of the observation: a match whose hand in play has every tile
    a seat cannot see dealt again gives that seat, and a spectator, the same view."""
    for players, partnerships in TABLES:
        rng = random.Random(players)
        match = FivesMatch(rules_of(game, players, partnerships), seed=40 + players)
        differed = 0
        step = 0
        while not match.is_over and step < 160:
            step += 1
            if step % 4 == 0:
                public = json.dumps(view(match, game, None, "zh"))
                for seat in range(players):
                    twin = twin_of(match, seat, rng)
                    if twin.hand.hands != match.hand.hands:
                        differed += 1
                    assert json.dumps(view(twin, game, seat, "zh")) == json.dumps(
                        view(match, game, seat, "zh")
                    )
                    assert json.dumps(view(twin, game, None, "zh")) == public
            play_randomly(match, rng)
        assert differed > 10


def test_the_public_view_is_the_same_from_every_seats_observation() -> None:
    rng = random.Random(2)
    match = FivesMatch(rules_of("all-fives", 4, True), seed=2)
    while not match.is_over:
        publics = [views_fives.seen(match.observation(s).hand, None) for s in range(4)]
        assert publics[0] == publics[1] == publics[2] == publics[3]
        assert publics[0].hand == () and publics[0].legal == () and publics[0].seat is None
        play_randomly(match, rng)


# -- the view's content ----------------------------------------------------------------------

KEYS: dict[str, tuple[type, ...]] = {
    "rules": (dict,),
    "hand": (list,),
    "hand_sizes": (list,),
    "boneyard": (int,),
    "drawable": (int,),
    "leader": (int,),
    "layout_svg": (str,),
    "layout_description": (str,),
    "ends_total": (int,),
    "plays": (dict,),
    "can_draw": (bool,),
    "can_pass": (bool,),
    "sides": (list,),
    "side_scores": (list,),
    "winner_side": (int, type(None)),
    "winner_text": (str, type(None)),
    "last_play": (dict, type(None)),
    "hand_end": (dict, type(None)),
    "last_hand": (dict, type(None)),
    "hands_played": (list,),
    "part": (str,),
    "words": (dict,),
}


@pytest.mark.parametrize("game", GAMES)
def test_the_view_has_its_keys_in_every_language_from_start_to_end(game: str) -> None:
    rng = random.Random(9)
    match = FivesMatch(rules_of(game, 3, None), seed=9)
    moments = 0
    while True:
        if moments % 7 == 0 or match.is_over:
            for lang in LANGS:
                for seat in (None, 0, 1, 2):
                    v = view(match, game, seat, lang)
                    for key, types in KEYS.items():
                        assert isinstance(v[key], types), (key, v[key])
                    assert v["game"] == game and v["target"] == match.rules.target
                    assert v["legal"] == [] or v["your_turn"]
                    json.dumps(v)
        if match.is_over:
            break
        play_randomly(match, rng)
        moments += 1
    assert view(match, game, 0, "en")["is_over"]


def test_f4_f5_the_seats_moves_are_its_legal_actions_and_draw_and_pass_only_when_legal() -> None:
    for game in GAMES:
        rng = random.Random(4)
        match = FivesMatch(rules_of(game, 2, None), seed=4)
        seen = {"draw": 0, "pass": 0, "play": 0}
        while not match.is_over:
            seat = match.current_player
            assert seat is not None
            v = view(match, game, seat, "en")
            legal = {str(a) for a in match.legal_actions()}
            assert {item["action"] for item in v["legal"]} == legal
            assert v["can_draw"] == ("draw" in legal)
            assert v["can_pass"] == ("pass" in legal)
            played = {
                f"{tile}@{end}" if end != "open" else tile
                for tile, ends in v["plays"].items()
                for end in ends
            }
            # Every play is legal, and only a lone double's second side is left out: its two
            # ends give the same line, so they are one choice (issue 35, defect 6).
            assert played <= legal
            for action in legal - {"draw", "pass"} - played:
                tile = action.split("@")[0]
                assert v["plays"][tile], action
                board = v["layout_board"]  # the line is its centre alone: a lone double
                assert board and not any(board["arms"].values()), action
                low, high = board["centre"]["tile"].split("-")
                assert low == high, action
            other = view(match, game, 1 - seat, "en")
            assert other["legal"] == [] and other["plays"] == {} and not other["can_draw"]
            for key in seen:
                seen[key] += any(a.startswith(key) or (key == "play" and "-" in a) for a in legal)
            play_randomly(match, rng)
        assert seen["play"] and seen["pass"]
        if game == "all-fives":
            assert seen["draw"]
            assert view(match, game, 0, "en")["words"]["pass"] == "Pass"
        else:
            assert seen["draw"] == 0  # nothing is ever drawn in Fives and Threes (F2, F4)
            assert view(match, game, 0, "en")["words"]["pass"] == "Knock"


def test_f6_f7_the_last_play_says_its_points_with_the_ends_arithmetic() -> None:
    for game in GAMES:
        rng = random.Random(12)
        match = FivesMatch(rules_of(game, 2, None), seed=12)
        scored = 0
        while not match.is_over:
            play_randomly(match, rng)
            if not match.hand.history:
                continue
            move = match.hand.history[-1]
            last = view(match, game, 0, "en")["last_play"]
            assert last["action"] == str(move.action) and last["points"] == move.points
            if move.points and move.total is not None:
                counts = match.hand.layout.end_counts()
                terms = " + ".join(map(str, counts))
                assert f"Ends {terms} = {move.total}" in last["text"]
                assert sum(counts) == move.total
                assert re.search(rf"scores? (\d+ ÷ 5 = )?{move.points}\.", last["text"])
                scored += 1
        assert scored > 5


def test_f8_the_end_of_a_hand_reveals_every_hand_with_the_rounding_shown() -> None:
    rng = random.Random(21)
    match = FivesMatch(rules_of("all-fives", 3, None), seed=21)
    ends = 0
    while not match.is_over:
        before = len(match.hands)
        play_randomly(match, rng)
        if len(match.hands) == before:
            continue
        finished = match.hands[-1]
        result = finished.result
        v = view(match, "all-fives", 1, "en")
        end = v["hand_end"]
        assert end is not None and end == v["last_hand"]
        assert end["hands"] == [[f"{t.low}-{t.high}" for t in hand] for hand in result.hands]
        assert end["pips"] == [sum(t.pips for t in hand) for hand in result.hands]
        assert end["points"] == list(result.points)
        for side in result.winners:
            arithmetic = result.arithmetic(side)
            if arithmetic is not None:
                assert any(arithmetic in line for line in end["arithmetic"])
                assert "→" in arithmetic  # the rounding shown (F8)
        assert v["hands_played"][-1]["scores_after"] == list(finished.scores_after)
        ends += 1
        if not match.is_over:
            play_randomly(match, rng)
            after = view(match, "all-fives", 1, "en")
            assert after["hand_end"] is None and after["last_hand"]["number"] == end["number"]
    assert ends >= 2


def test_f1_partners_are_one_side_with_one_score() -> None:
    rng = random.Random(5)
    match = FivesMatch(rules_of("fives-and-threes", 4, True), seed=5)
    names = ["Ana", "Bo", "Cy", "Di"]
    while not match.is_over:
        play_randomly(match, rng)
    for seat in range(4):
        v = view(match, "fives-and-threes", seat, "en", names)
        sides = v["sides"]
        assert [s["seats"] for s in sides] == [[0, 2], [1, 3]]
        mine = next(s for s in sides if seat in s["seats"])
        partner = names[(seat + 2) % 4]
        assert mine["label"] == f"You and {partner}" and mine["yours"]
        theirs = next(s for s in sides if seat not in s["seats"])
        a, b = theirs["seats"]
        assert theirs["label"] == f"{names[a]} and {names[b]}"
        assert v["scores"][seat] == v["scores"][(seat + 2) % 4] == mine["score"]
        winner = v["winner_side"]
        assert winner is not None and max(v["side_scores"]) == 61 == v["side_scores"][winner]
        assert (v["winner"] == seat) == (seat in sides[winner]["seats"])
        first, second = sides[winner]["seats"]
        score = v["side_scores"][winner]
        if seat in (first, second):  # the side that won is named whole, partners together
            partner = names[second if seat == first else first]
            assert v["winner_text"] == f"You and {partner} win the match with {score} (F9)."
        else:
            assert v["winner_text"] == (
                f"{names[first]} and {names[second]} win the match with {score} (F9)."
            )
    assert view(match, "fives-and-threes", None, "en", names)["sides"][0]["label"] == "Ana and Cy"


def pegs(svg: str) -> dict[tuple[int, str], int]:
    root = ET.fromstring(svg)
    return {
        (int(c.get("data-seat", -1)), c.get("class", "").split()[1]): int(c.get("data-score", -1))
        for c in root.iter(f"{SVG}circle")
        if "peg" in (c.get("class") or "")
    }


@pytest.mark.parametrize(
    ("game", "options", "holes"),
    [
        ("all-fives", {}, 250 // 5),  # a hole for every five points
        ("all-fives", {"by_fives": True}, 61),
        ("fives-and-threes", {}, 61),
    ],
)
def test_f9_the_sides_are_pegged_on_a_cribbage_board_as_the_points_come(
    game: str, options: dict[str, Any], holes: int
) -> None:
    rng = random.Random(8)
    match = FivesMatch(rules_of(game, 2, None, **options), seed=8)
    checked = 0
    while not match.is_over:
        before = list(match.side_scores)
        hands = len(match.hands)
        play_randomly(match, rng)
        v = view(match, game, 0, "en")
        board = pegs(v["track_svg"])
        for side, score in enumerate(v["side_scores"]):
            assert board[(side, "front")] == score
            if score != before[side]:  # pegged at once; the back peg is the score before
                pegged = [before[side]]
                if len(match.hands) > hands:  # the last play's points, then the hand's
                    pegged.append(score - match.hands[-1].result.points[side])
                assert board[(side, "back")] in pegged
                checked += 1
        root = ET.fromstring(v["track_svg"])
        game_hole = max(int(t.text or 0) for t in root.iter(f"{SVG}text"))
        assert game_hole == match.rules.target
        lanes = len(match.rules.sides)
        count = sum(1 for c in root.iter(f"{SVG}circle") if c.get("class") == "hole")
        assert count == lanes * (holes + 2)  # holes 1..target-1, the game hole, two starts
    assert checked > 3


def test_a_hole_worth_five_points_pegs_a_score_at_its_fifth() -> None:
    def board(scores: list[int], unit: int, target: int = 250) -> str:
        return track_svg(
            scores=scores,
            backs=[0, 0],
            target=target,
            names=["a", "b"],
            title="t",
            label="l",
            lang="en",
            unit=unit,
        )

    five = ET.fromstring(board([35, 250], 5))
    one = ET.fromstring(board([7, 50], 1, target=50))  # the same board, a hole a point
    spot = {
        (c.get("data-seat"), c.get("class")): (c.get("cx"), c.get("cy"))
        for c in five.iter(f"{SVG}circle")
        if "peg" in (c.get("class") or "")
    }
    spot_one = {
        (c.get("data-seat"), c.get("class")): (c.get("cx"), c.get("cy"))
        for c in one.iter(f"{SVG}circle")
        if "peg" in (c.get("class") or "")
    }
    assert spot[("0", "peg front")] == spot_one[("0", "peg front")]  # 35 points: hole 7
    assert spot[("1", "peg front")] == spot_one[("1", "peg front")]  # the game hole
    numbers = [t.text for t in five.iter(f"{SVG}text")]
    assert numbers[:3] == ["5", "50", "100"] and numbers[-1] == "250"
    with pytest.raises(ValueError):
        board([0, 0], 0)


def test_both_games_name_this_look_and_its_page() -> None:
    for game in GAMES:
        description = pegboard.games.get(game)
        assert description.looks.web is not None
        assert description.looks.web() is views_fives.fives_view
        assert description.looks.page == "fives"
        assert any((folder / "fives.js").is_file() for folder in description.looks.assets)


def test_a_hand_from_its_position_is_viewed_like_any() -> None:
    """Every tile of the set is somewhere a seat's view accounts for: its hand, the layout,
    the other hands' sizes and the boneyard's count."""
    rng = random.Random(1)
    match = FivesMatch(rules_of("all-fives", 4, False), seed=1)
    for _step in range(12):
        play_randomly(match, rng)
        v = view(match, "all-fives", 2, "en")
        layout = len(match.hand.layout.tiles)
        assert len(v["hand"]) + layout + sum(v["hand_sizes"]) - v["hand_sizes"][2] + v[
            "boneyard"
        ] == len(DOUBLE_SIX)
        assert isinstance(match.hand, FivesHand)


def test_f8_a_finished_hand_is_told_from_its_kept_history_with_no_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The view tells a finished hand from the history the match kept with it
    (``FinishedHand.history``): with the engine's dealing and moves refused, the view of a
    match two hands in is what it was, and its last hand's end starts with the last move
    of that history."""
    rng = random.Random(6)
    match = FivesMatch(rules_of("all-fives", 2, None), seed=6)
    while len(match.hands) < 2:
        play_randomly(match, rng)
    expected = [view(match, "all-fives", seat, "en") for seat in (None, 0, 1)]
    views_fives._finished_story.cache_clear()
    views_fives._finished_lines.cache_clear()

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the view replayed a hand")

    monkeypatch.setattr(FivesHand, "deal", classmethod(refuse))
    monkeypatch.setattr(FivesHand, "from_record", classmethod(refuse))
    monkeypatch.setattr(FivesHand, "apply", refuse)
    told = [view(match, "all-fives", seat, "en") for seat in (None, 0, 1)]
    assert told == expected
    last = match.hands[-1]
    move = last.history[-1]
    assert last.history and told[1]["last_hand"]["number"] == last.number
    summary = told[1]["last_hand"]["summary"][0]
    counts = views_fives._terms(match.rules, last.history)[-1][1]
    assert summary == views_fives.move_text(
        match.rules, move, counts, 0, ["Seat 1", "Seat 2"], _en()
    )


def _en() -> Any:
    from pegboard.i18n.catalogs import translator

    return translator("en")
