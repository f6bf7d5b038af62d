"""The view of a match (docs/web.md, "The view"): every documented key with its type, for
both games at the start, in the middle, at the end of a round or game and at the end of
the match, in the four languages; and the Draw view's own content (D2-D17, B1-B5).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from pegboard.cribbage.match import CribbageMatch
from pegboard.dominoes.svg import render_svg
from pegboard.draw import PASS, End, Line, Match, Play, Round, Tile
from pegboard.draw.looks.web import draw_log, seats_of, seen
from pegboard.i18n import translator
from pegboard.web.views import LOG_LIMIT, view
from tests.draw.test_seed_descriptions import SEEDS

NoneType = type(None)
LANGS = ("en", "pt_BR", "zh_Hans", "hi")

COMMON: dict[str, tuple[type, ...]] = {
    "game": (str,),
    "lang": (str,),
    "seat": (int, NoneType),
    "players": (int,),
    "names": (list,),
    "current": (int, NoneType),
    "is_over": (bool,),
    "winner": (int, NoneType),
    "your_turn": (bool,),
    "legal": (list,),
    "log": (list,),
    "scores": (list,),
    "target": (int,),
    "track_svg": (str,),
}
DRAW: dict[str, tuple[type, ...]] = {
    "hand": (list,),
    "hand_sizes": (list,),
    "stock": (int,),
    "leader": (int,),
    "line_svg": (str,),
    "line_board": (dict, NoneType),
    "line_description": (str,),
    "line_title": (str,),
    "plays": (dict,),
    "can_draw": (bool,),
    "can_pass": (bool,),
    "round_end": (dict, NoneType),
    "last_round": (dict, NoneType),
    "part": (str,),
    "rounds": (list,),
    "sides": (list,),
    "winner_text": (str, NoneType),
    "words": (dict,),
    "tile_set": (int,),
    "rules_anchors": (dict,),
}
CRIBBAGE: dict[str, tuple[type, ...]] = {
    "phase": (str,),
    "hand_number": (int,),
    "part": (str,),
    "dealer": (int,),
    "hand": (list,),
    "kept": (list,),
    "discards": (list,),
    "crib_size": (int,),
    "starter": (str, NoneType),
    "count": (int,),
    "pile": (list,),
    "played": (list,),
    "hand_sizes": (list,),
    "discard_choices": (bool,),
    "lay_count": (int,),
    "players": (int,),
    "sides": (list,),
    "winner_text": (str, NoneType),
    "playable": (list,),
    "can_go": (bool,),
    "shows": (list,),
    "game_end": (dict, NoneType),
    "games": (list,),
    "points": (list,),
    "best_of": (int,),
    "points_to_win": (int,),
    "cards": (int,),
    "rules_anchors": (dict,),
    "muggins": (bool,),
    "showing": (dict, NoneType),
    "claim": (str, NoneType),
}
ROUND_END = {"number", "kind", "winner", "hands", "pip_counts", "points", "arithmetic"}
ROUND_END |= {"summary", "scores_after", "next_leader"}


def check_schema(v: dict[str, Any], keys: dict[str, tuple[type, ...]]) -> None:
    assert list(v)[: len(COMMON)] == list(COMMON)
    assert set(v) == set(COMMON) | set(keys)
    for key, types in (COMMON | keys).items():
        # type() and not isinstance: a bool is not a count, nor a count a bool
        assert type(v[key]) in types, (key, v[key])
    assert json.loads(json.dumps(v)) == v
    assert all(type(line) is str and line for line in v["log"])
    assert all(set(item) == {"action", "label"} for item in v["legal"])
    assert len(v["names"]) == v["players"] == len(v["scores"])


def draw_points(players: int, seed: int) -> dict[str, Match]:
    """Matches stopped at the start, in the middle of a round, just after a round was
    settled, and at the end of the match (random legal moves)."""
    rng = random.Random(seed)
    points: dict[str, Match] = {"start": Match(players, seed=seed)}
    match = Match(players, seed=seed)
    while not match.is_over:
        rounds = len(match.rounds)
        if rounds == 0 and len(match.round.history) == 5:
            points["middle"] = _replayed(players, seed, match)
        match.apply(rng.choice(match.legal_actions()))
        if len(match.rounds) > rounds and not match.is_over and "round end" not in points:
            points["round end"] = _replayed(players, seed, match)
    points["match end"] = match
    return points


def _replayed(players: int, seed: int, match: Match) -> Match:
    return Match.from_record(match.to_record())


def cribbage_points(seed: int) -> dict[str, CribbageMatch]:
    rng = random.Random(seed)
    points: dict[str, CribbageMatch] = {"start": CribbageMatch(best_of=3, seed=seed)}
    match = CribbageMatch(best_of=3, seed=seed)
    while not match.is_over:
        games = len(match.games)
        hand = match.game.hand_number
        match.apply(rng.choice(match.legal_actions()))
        copy = CribbageMatch.from_record(match.to_record())
        if match.game.phase == "pegging" and "pegging" not in points:
            points["pegging"] = copy
        if match.game.hand_number > hand and "after a show" not in points:
            points["after a show"] = copy
        if len(match.games) > games and not match.is_over and "game end" not in points:
            points["game end"] = copy
    points["match end"] = match
    return points


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_view_has_every_documented_key_at_every_point(players: int) -> None:
    points = draw_points(players, seed=players)
    assert set(points) == {"start", "middle", "round end", "match end"}
    for name, match in points.items():
        for seat in [None, *range(players)]:
            for lang in LANGS:
                v = view(match, "draw", seat, lang)
                check_schema(v, DRAW)
                assert v["game"] == "draw" and v["seat"] == seat and v["lang"] == lang
                assert v["target"] == match.target
                if v["round_end"] is not None:
                    assert set(v["round_end"]) == ROUND_END
        assert (view(match, "draw", 0, "en")["round_end"] is None) == (
            name in ("start", "middle")
        ), name


def test_d12_the_last_round_stays_revealed_after_the_next_round_starts() -> None:
    """Hands are public once a round is settled (D12): ``last_round`` keeps the reveal
    for a page that missed the settlement, while ``round_end`` (the news) is cleared by
    the next round's first move."""
    match = Match(2, seed=11)
    rng = random.Random(11)
    while not match.rounds:
        match.apply(rng.choice(match.legal_actions()))
    settled = view(match, "draw", 1, "en")
    assert settled["round_end"] is not None and settled["last_round"] == settled["round_end"]
    assert [len(hand) for hand in settled["round_end"]["hands"]] == [
        len(hand) for hand in match.rounds[0].result.hands
    ]
    match.apply(rng.choice(match.legal_actions()))  # the next round's first move
    later = view(match, "draw", 1, "en")
    assert later["round_end"] is None
    assert later["last_round"] == settled["round_end"]
    assert (
        view(match, "draw", None, "en")["last_round"] == view(match, "draw", 0, "en")["last_round"]
    )


def test_cribbage_view_has_every_documented_key_at_every_point() -> None:
    points = cribbage_points(seed=3)
    assert set(points) == {"start", "pegging", "after a show", "game end", "match end"}
    for match in points.values():
        for seat in (None, 0, 1):
            for lang in LANGS:
                v = view(match, "cribbage", seat, lang)
                check_schema(v, CRIBBAGE)
                assert v["game"] == "cribbage" and v["target"] == 121
                assert v["best_of"] == 3 and v["points_to_win"] == 2
    assert view(points["match end"], "cribbage", 0, "en")["phase"] == "over"
    assert view(points["pegging"], "cribbage", 0, "en")["phase"] == "pegging"
    assert view(points["start"], "cribbage", 0, "en")["phase"] == "discard"


@pytest.mark.parametrize(("short", "locale"), [("pt", "pt_BR"), ("zh", "zh_Hans"), ("hi", "hi")])
def test_short_language_names_give_the_same_view(short: str, locale: str) -> None:
    match = draw_points(2, seed=9)["round end"]
    assert view(match, "draw", 0, short) == view(match, "draw", 0, locale)
    assert view(match, "draw", 0, locale)["lang"] == locale


def test_an_unknown_language_game_or_seat_is_refused() -> None:
    match = Match(2, seed=1)
    with pytest.raises(ValueError, match="choose one of"):
        view(match, "draw", 0, "fr")
    with pytest.raises(ValueError, match="no view"):
        view(match, "cribbage", 0, "en")
    with pytest.raises(ValueError, match="no seat 2"):
        view(match, "draw", 2, "en")
    with pytest.raises(ValueError, match="no seat"):
        view(match, "draw", True, "en")  # type: ignore[arg-type]


def _texts(v: dict[str, Any]) -> list[str]:
    return [*v["log"], *(item["label"] for item in v["legal"]), v["track_svg"]]


@pytest.mark.parametrize("lang", ["pt_BR", "zh_Hans", "hi"])
def test_every_text_of_the_view_is_translated(lang: str) -> None:
    match = draw_points(3, seed=4)["round end"]
    seat = match.current_player
    assert seat is not None
    english, other = view(match, "draw", seat, "en"), view(match, "draw", seat, lang)
    assert other["legal"] and other["log"]
    for a, b in zip(_texts(english), _texts(other), strict=True):
        assert a != b
    assert english["line_description"] != other["line_description"]
    assert english["round_end"]["summary"] != other["round_end"]["summary"]
    assert english["names"] != other["names"] or lang == "hi"  # "Seat 1" / "सीट 1" differ too
    # the notation of moves is the protocol, never translated
    assert [i["action"] for i in english["legal"]] == [i["action"] for i in other["legal"]]
    crib = cribbage_points(seed=5)["pegging"]
    seat = crib.current_player
    assert seat is not None
    english, other = view(crib, "cribbage", seat, "en"), view(crib, "cribbage", seat, lang)
    for a, b in zip(_texts(english), _texts(other), strict=True):
        assert a != b


def test_names_are_used_in_the_log_and_the_board() -> None:
    match = draw_points(2, seed=11)["round end"]
    v = view(match, "draw", None, "en", names=["Ana", "Bo"])
    assert v["names"] == ["Ana", "Bo"]
    assert any(line.startswith(("Ana ", "Bo ")) for line in v["log"])
    assert "Ana: " in v["track_svg"] and "Seat 1" not in json.dumps(v)
    with pytest.raises(ValueError, match="2 names"):
        view(match, "draw", None, "en", names=["Ana"])


# -- Draw --------------------------------------------------------------------------------


def test_d4_legal_moves_plays_and_flags_follow_the_round() -> None:
    rng = random.Random(2)
    match = Match(3, seed=2)
    for _ in range(60):
        if match.is_over:
            break
        seat = match.current_player
        assert seat is not None
        v = view(match, "draw", seat, "en")
        legal = [str(a) for a in match.legal_actions()]
        assert v["your_turn"] and [item["action"] for item in v["legal"]] == legal
        assert v["can_draw"] == ("draw" in legal) and v["can_pass"] == ("pass" in legal)
        plays = {a for a in legal if a not in ("draw", "pass")}
        listed = {t if e == "open" else f"{t}@{e}" for t, ends in v["plays"].items() for e in ends}
        assert listed == plays
        assert set(v["plays"]) <= set(v["hand"])
        assert v["hand"] == [f"{t.low}-{t.high}" for t in match.round.hand(seat)]
        others = [view(match, "draw", s, "en") for s in range(3) if s != seat]
        assert all(not o["your_turn"] and o["legal"] == [] and o["plays"] == {} for o in others)
        match.apply(rng.choice(match.legal_actions()))


def test_b1_b5_the_line_is_the_seed_diagram_in_every_language() -> None:
    """Seed 000 (Hindi) places [1|4], [1|1] on its low end, [4|4] on its high end and
    [3|4] on side B of [4|4]: the view's title, description and SVG say what the seed says."""
    plays = [("1-4", None), ("1-1", "1-4L"), ("4-4", "1-4H"), ("3-4", "4-4B")]
    line = Line.from_plays([(Tile.parse(t), None if e is None else End.parse(e)) for t, e in plays])
    match = Match(2, seed=1)
    hands = [[Tile(0, 1), Tile(2, 5)], [Tile(0, 2), Tile(5, 6)]]
    stock = [Tile(0, 0), Tile(6, 6)]
    # The position of the seed replaces the dealt round (a test-only shortcut).
    match._round = Round.from_position(hands, stock, current=0, line=line)  # type: ignore[misc]
    v = view(match, "draw", 0, "hi")
    assert v["line_title"] == "रखी गई [3|4]"  # the Hindi rules page's title of this diagram
    assert v["line_description"] == SEEDS["hi"]["3-4"]
    assert v["line_svg"] == render_svg(line, markers=True, lang="hi")
    svg = v["line_svg"]
    assert 'role="img"' in svg and "aria-labelledby=" in svg
    assert f">{v['line_title']}</title>" in svg and f">{v['line_description']}</desc>" in svg
    assert 'data-end="1-1B"' in svg and 'data-end="3-4L"' in svg
    assert v["plays"] == {"0-1": ["1-1B"]}


def _blocked(counts_hands: list[list[Tile]]) -> Match:
    """A match whose round is blocked at once: the line is [6|6], nobody holds a 6 and
    the stock is down to two (D7, D8, D11); every seat passes."""
    match = Match(len(counts_hands), seed=5)
    line = Line.from_plays([(Tile(6, 6), None)])
    stock = [Tile(0, 0), Tile(1, 1)]
    match._round = Round.from_position(counts_hands, stock, current=0, line=line)  # type: ignore[misc]
    for _ in counts_hands:
        match.apply(PASS)
    return match


def test_d14_blocked_round_settlement_as_the_rules_show_it() -> None:
    """Counts 3, 8 and 10 give the 3-player 8 + 10 − 3 = 15 (D14)."""
    hands = [[Tile(0, 3)], [Tile(1, 2), Tile(0, 5)], [Tile(2, 3), Tile(1, 4)]]
    match = _blocked(hands)
    v = view(match, "draw", 1, "en")
    end = v["round_end"]
    assert end["arithmetic"] == "8 + 10 \u2212 3 = 15"
    assert end["pip_counts"] == [3, 8, 10] and end["points"] == [15, 0, 0]
    assert end["hands"] == [["0-3"], ["0-5", "1-2"], ["1-4", "2-3"]]
    assert end["kind"] == "blocked" and end["winner"] == 0
    assert end["next_leader"] == 1  # D16: one seat clockwise from the leader
    assert end["summary"][-1] == "Settlement: 8 + 10 \u2212 3 = 15 \u2192 Seat 1 scores 15."
    assert v["scores"] == [15, 0, 0] and v["rounds"] == [
        {"number": 1, "points": [15, 0, 0], "scores_after": [15, 0, 0]}
    ]
    assert view(match, "draw", 0, "en")["round_end"]["summary"][-1].endswith("you score 15.")


def test_d14_a_shared_lowest_count_scores_nothing() -> None:
    """3, 3 and 10 give nothing (D14)."""
    hands = [[Tile(0, 3)], [Tile(1, 2)], [Tile(2, 3), Tile(1, 4)]]
    match = _blocked(hands)
    end = view(match, "draw", 0, "en")["round_end"]
    assert end["arithmetic"] == "tied lowest count 3: nobody scores"
    assert end["points"] == [0, 0, 0] and end["winner"] is None
    pt = view(match, "draw", 0, "pt")["round_end"]["arithmetic"]
    assert pt == "empate no menor total (3): ninguém pontua"


def test_d13_domino_scores_every_opponents_count() -> None:
    """Opponents with 0 and 8 give the winner 8; [0|0] is not a tie with the empty hand."""
    match = Match(3, seed=5)
    line = Line.from_plays([(Tile(6, 6), None)])
    hands = [[Tile(5, 6)], [Tile(0, 0)], [Tile(3, 5)]]
    stock = [Tile(1, 1), Tile(2, 2)]
    match._round = Round.from_position(hands, stock, current=0, line=line)  # type: ignore[misc]
    match.apply(Play(Tile(5, 6), End(Tile(6, 6), "A")))
    end = view(match, "draw", 2, "en")["round_end"]
    assert end["arithmetic"] == "0 + 8 = 8" and end["points"] == [8, 0, 0]
    assert end["kind"] == "domino" and end["hands"] == [[], ["0-0"], ["3-5"]]
    assert end["summary"][0] == "Seat 1 played the last tile of the hand: domino."


def test_d12_round_end_shows_the_hands_only_until_the_next_rounds_first_move() -> None:
    rng = random.Random(8)
    match = Match(2, seed=8)
    seen_end = 0
    while not match.is_over:
        rounds = len(match.rounds)
        v = view(match, "draw", 0, "en")
        if match.round.history:
            assert v["round_end"] is None
        match.apply(rng.choice(match.legal_actions()))
        if len(match.rounds) > rounds:
            finished = match.rounds[-1]
            for seat in (None, 0, 1):
                end = view(match, "draw", seat, "en")["round_end"]
                assert end is not None and end["number"] == finished.number
                assert end["hands"] == [
                    [f"{t.low}-{t.high}" for t in hand] for hand in finished.result.hands
                ]
            seen_end += 1
    assert seen_end == len(match.rounds) >= 2
    last = view(match, "draw", 1, "en")
    assert last["is_over"] and last["round_end"]["next_leader"] is None
    assert last["current"] is None and not last["your_turn"] and last["legal"] == []


def test_the_log_tells_every_move_and_a_draw_never_names_its_tile() -> None:
    match = draw_points(2, seed=6)["round end"]
    finished = match.rounds[-1]
    names = ["Seat 1", "Seat 2"]
    log = draw_log(match, seen(match.observation(0).round, 0), names, translator("en"))
    first = log.index("Round 1: Seat 1 leads.")
    settled = log.index("Scores: Seat 1: {} · Seat 2: {}".format(*finished.scores_after))
    moves = log[first + 1 : settled - 2]
    assert len(moves) == len(finished.actions)
    for line, action in zip(moves, finished.actions, strict=True):
        if action == "draw":
            assert line in ("You draw a tile.", "Seat 2 draws a tile.")
        elif action == "pass":
            assert line in ("You pass.", "Seat 2 passes.")
        else:
            tile = "[{}|{}]".format(*action.split("@")[0].split("-"))
            assert tile in line
    assert log[settled - 2 : settled] == view(match, "draw", 0, "en")["round_end"]["summary"]
    assert log[-1] == "Round 2: Seat 2 leads."  # D16: the lead passes clockwise
    assert view(match, "draw", 0, "en")["log"] == log


def test_the_log_is_the_whole_match() -> None:
    match = draw_points(2, seed=7)["match end"]
    log = view(match, "draw", 0, "en")["log"]
    assert len(log) > LOG_LIMIT  # more than the 30 events it used to keep
    assert log[0].startswith("Round 1: ")
    assert log[-1].startswith(("You win the match", "Seat 2 wins the match", "The match is drawn"))


def test_views_are_deterministic() -> None:
    make: list[Callable[[], Any]] = [
        lambda: draw_points(4, seed=12)["round end"],
        lambda: cribbage_points(seed=12)["after a show"],
    ]
    for build in make:
        a, b = build(), build()
        game = "draw" if isinstance(a, Match) else "cribbage"
        for seat in (None, 0, 1):
            assert json.dumps(view(a, game, seat, "zh")) == json.dumps(view(b, game, seat, "zh"))


def test_d4_the_seats_of_a_finished_rounds_moves_follow_the_turns() -> None:
    """A finished round keeps only its moves: a draw keeps the turn, a play or a pass
    hands it on clockwise (D4), so the seat of each move follows from the leader."""
    rng = random.Random(13)
    for players in (2, 3, 4):
        match = Match(players, seed=13)
        while not match.rounds:
            history = match.round.history
            texts = [str(m.action) for m in history]
            assert seats_of(match.round.leader, players, texts) == list(history)
            match.apply(rng.choice(match.legal_actions()))


def test_d5_the_opening_move_is_offered_for_every_tile_of_the_hand() -> None:
    match = Match(2, seed=21)
    seat = match.current_player
    assert seat is not None
    v = view(match, "draw", seat, "en")
    assert v["plays"] == {tile: ["open"] for tile in v["hand"]}
    assert v["line_title"] == "" and 'data-end="open"' in v["line_svg"]
    first = v["legal"][0]
    tile = "[{}|{}]".format(*first["action"].split("-"))
    assert first["label"] == f"Open the line with {tile}"


def test_d17_the_line_has_no_markers_once_the_match_is_over() -> None:
    """The newcomer saw the open ends' markers stay after the match was over."""
    line = view(draw_points(2, seed=7)["match end"], "draw", 0, "en")["line_svg"]
    assert "data-tile=" in line  # the last round's line, as it ended
    assert "data-end=" not in line  # no marker, nor the empty line's slot, to play on
