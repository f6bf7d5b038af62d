"""The cribbage view (docs/web.md, "Cribbage"): the discard and the pegging as the page
offers them (C2, C4, C5), every score explained (C3-C6), the shows with their sayings in
the four languages (C6), the end of a game and its skunk (C7), the board.
"""

from __future__ import annotations

import random
import re

from pegboard.cribbage.cards import Card
from pegboard.cribbage.game import Game
from pegboard.cribbage.match import CribbageMatch
from pegboard.web.views import view


def _with_game(game: Game) -> CribbageMatch:
    match = CribbageMatch(best_of=1, seed=1)
    match._game = game  # a test-only shortcut: the match plays this position
    return match


def _play_out_hand(match: CribbageMatch, seed: int = 0) -> None:
    """Random legal moves until the first hand has been shown (C6)."""
    rng = random.Random(seed)
    while match.game.hand_number == 1 and not match.is_over:
        match.apply(rng.choice(match.legal_actions()))


def test_c6_the_29_hand_is_said_in_full_in_every_language() -> None:
    """5-5-5-J with the 5 of the jack's suit as starter: eight fifteens (16), a double
    pair royal (12) and one for his nobs: 29, the highest hand."""
    game = Game.from_position(
        [["2C", "3C", "4D", "9H"], ["5H", "5D", "5C", "JS"]],
        dealer=1,
        crib=["6H", "7H", "8D", "KC"],
        starter="5S",
    )
    match = _with_game(game)
    _play_out_hand(match)
    for lang, ending in [
        ("en", "a double pair royal is twenty-eight, and one for his nobs is twenty-nine"),
        ("pt", "vinte e nove"),
        ("zh", "二十九"),
        ("hi", "उनतीस"),
    ]:
        shows = view(match, "cribbage", 0, lang)["shows"]
        assert [(s["seat"], s["what"]) for s in shows] == [(0, "hand"), (1, "hand"), (1, "crib")]
        best = shows[1]
        assert best["points"] == 29 and best["starter"] == "5S"
        assert sorted(best["cards"]) == sorted(["5H", "5D", "5C", "JS"])
        assert best["saying"].endswith(ending)
        if lang == "en":
            assert best["saying"].startswith("fifteen two, fifteen four, fifteen six")
            assert "fifteen sixteen" in best["saying"]


def test_c6_shows_are_counted_pone_dealer_crib_and_match_the_scores() -> None:
    rng = random.Random(4)
    match = CribbageMatch(best_of=1, seed=4)
    checked = 0
    while not match.is_over and checked < 5:
        hand = match.game.hand_number
        before = match.game.scores
        match.apply(rng.choice(match.legal_actions()))
        if match.game.hand_number > hand and not match.is_over:
            v = view(match, "cribbage", None, "en")
            shows = v["shows"]
            dealer = 1 - v["dealer"]  # the deal has passed since
            assert [(s["seat"], s["what"]) for s in shows] == [
                (1 - dealer, "hand"),
                (dealer, "hand"),
                (dealer, "crib"),
            ]
            assert all(s["hand"] == hand and len(s["cards"]) == 4 for s in shows)
            gained = [v["scores"][s] - before[s] for s in (0, 1)]
            shown = [sum(s["points"] for s in shows if s["seat"] == seat) for seat in (0, 1)]
            assert all(g >= s for g, s in zip(gained, shown, strict=True))
            checked += 1
    assert checked == 5


def test_c2_the_discard_as_the_page_offers_it() -> None:
    match = CribbageMatch(best_of=1, seed=2)
    seat = match.current_player
    assert seat is not None
    v = view(match, "cribbage", seat, "en")
    assert v["discard_choices"] and v["phase"] == "discard" and len(v["hand"]) == 6
    assert len(v["legal"]) == 15  # every pair of six cards
    first = v["legal"][0]
    assert first["action"].startswith("discard ")
    assert first["label"] == "Discard " + first["action"].removeprefix("discard ")
    other = view(match, "cribbage", 1 - seat, "en")
    assert not other["discard_choices"] and other["legal"] == [] and not other["your_turn"]
    match.apply(match.parse_action(first["action"]))
    mine = view(match, "cribbage", seat, "en")
    theirs = view(match, "cribbage", 1 - seat, "en")
    laid = first["action"].split()[1:]
    assert mine["discards"] == laid and len(mine["hand"]) == 4 and mine["kept"] == mine["hand"]
    assert theirs["discards"] == [] and theirs["crib_size"] == mine["crib_size"] == 2
    # The pone discards first, into the dealer's crib: the dealer hears only that it did.
    assert theirs["log"][-1] == f"Seat {seat + 1} lays two cards in your crib."
    assert (
        mine["log"][-1]
        == f"You lay {' '.join(sorted(laid, key=Card.parse))} in Seat {2 - seat}'s crib."
    )
    assert not set(laid) & set(" ".join(theirs["log"]).split())


def test_c4_c5_playable_cards_go_and_the_count() -> None:
    rng = random.Random(6)
    match = CribbageMatch(best_of=1, seed=6)
    saw_go = saw_play = 0
    while not match.is_over:
        seat = match.current_player
        assert seat is not None
        v = view(match, "cribbage", seat, "en")
        legal = [str(a) for a in match.legal_actions()]
        assert [item["action"] for item in v["legal"]] == legal
        assert v["playable"] == [a.removeprefix("play ") for a in legal if a.startswith("play")]
        assert v["can_go"] == (legal == ["go"])
        assert set(v["playable"]) <= set(v["hand"])
        assert v["count"] == sum(Card.parse(c).value for c in v["pile"]) <= 31
        assert all(c["label"] != c["action"] for c in v["legal"])
        if v["can_go"]:
            assert v["legal"] == [{"action": "go", "label": "Go"}]
            saw_go += 1
        if v["playable"]:
            assert all(Card.parse(c).value + v["count"] <= 31 for c in v["playable"])
            saw_play += 1
        match.apply(rng.choice(match.legal_actions()))
    assert saw_go and saw_play


def test_c3_c5_the_log_explains_scores_as_they_happen() -> None:
    rng = random.Random(9)
    match = CribbageMatch(best_of=1, seed=9)
    logs: set[str] = set()
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
        logs.update(view(match, "cribbage", 0, "en")["log"])
    assert any(line.startswith("Cut for the deal:") for line in logs)  # C2
    assert any(re.match(r"The starter is cut: \w+ \(C3\)\.", line) for line in logs)
    assert any(line.startswith(("Go for one:", "One for last:")) for line in logs)  # C5
    assert any(re.search(r"\+ \w+: fifteen two", line) for line in logs)  # C6
    assert any(line.startswith("The show, with the starter") for line in logs)
    assert any(re.search(r"wins the game, \d+ to \d+\.$", line) for line in logs)  # C7


def test_c7_game_end_shows_until_the_next_games_first_move() -> None:
    rng = random.Random(1)
    match = CribbageMatch(best_of=3, seed=1)
    ends = 0
    while not match.is_over:
        games = len(match.games)
        match.apply(rng.choice(match.legal_actions()))
        v = view(match, "cribbage", 1, "pt")
        if len(match.games) > games:
            finished = match.games[-1]
            end = v["game_end"]
            assert end is not None and end["winner"] == finished.result.winner
            loser = end["scores"][1 - end["winner"]]
            kind = "double skunk" if loser < 61 else "skunk" if loser < 91 else "win"
            assert end["kind"] == kind and end["game_points"] == {"win": 1, "skunk": 2}.get(kind, 3)
            assert end["points_after"] == v["points"]
            assert end["summary"][0].startswith(("Você vence o jogo", "Lugar 1 vence o jogo"))
            assert any(line in v["log"] for line in end["summary"])
            ends += 1
        elif match.game.history:
            assert v["game_end"] is None
    assert ends == len(match.games) >= 2
    assert view(match, "cribbage", None, "en")["winner"] == match.winner


def test_c7_the_board_has_two_pegs_each_and_the_skunk_lines() -> None:
    rng = random.Random(2)
    match = CribbageMatch(best_of=1, seed=2)
    for _ in range(60):
        match.apply(rng.choice(match.legal_actions()))
    v = view(match, "cribbage", 0, "zh")
    svg = v["track_svg"]
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" role="img"')
    assert "<title>克里比奇计分板</title>" in svg and 'aria-label="克里比奇计分板，到 121 分' in svg
    assert 'data-hole="61"' in svg and 'data-hole="91"' in svg
    for seat in (0, 1):
        fronts = re.findall(rf'class="peg front" data-seat="{seat}" data-score="(\d+)"', svg)
        backs = re.findall(rf'class="peg back" data-seat="{seat}" data-score="(\d+)"', svg)
        assert fronts == [str(v["scores"][seat])] and len(backs) == 1
        assert int(backs[0]) < v["scores"][seat] or v["scores"][seat] == 0
    game = match.game
    for seat in (0, 1):
        scored = [e for e in game.log if e.seat == seat and e.points]
        back = scored[-1].total - scored[-1].points if scored else 0
        assert f'class="peg back" data-seat="{seat}" data-score="{back}"' in svg


def test_the_log_keeps_the_whole_match_and_only_grows() -> None:
    """The newcomer's log kept the last 30 events and renumbered them: each view's log
    now starts with the cut for the deal and extends the one before it, game after game."""
    rng = random.Random(3)
    match = CribbageMatch(best_of=3, seed=3)
    before: list[str] = []
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
        log = view(match, "cribbage", 0, "en")["log"]
        assert log[: len(before)] == before
        before = log
    assert len(match.games) >= 2 and before[0].startswith("Cut for the deal:")
    assert sum(bool(re.search(r"wins? the game, \d+ to \d+\.$", line)) for line in before) == len(
        match.games
    )
