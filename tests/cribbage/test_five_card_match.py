"""Five-card cribbage through the registry and in a match (C13-C17): the option ``cards``,
matches of games to 61 whose records say so (six-card ones unchanged), and no chances of
winning offered for it (the tables are six-card's)."""

from __future__ import annotations

import random

import pytest

import pegboard.games
from pegboard.core import RecordError
from pegboard.cribbage import CribbageMatch
from pegboard.cribbage.odds import TABLES
from pegboard.games import OptionError


def _play(match: CribbageMatch, seed: int) -> None:
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))


def test_c13_the_registry_offers_five_or_six_cards_six_by_default() -> None:
    game = pegboard.games.get("cribbage")
    assert game.check_options({})["cards"] == 6
    assert game.check_options({"cards": 5})["cards"] == 5
    for wrong in (4, 7, "5", True):
        with pytest.raises(OptionError) as refused:
            game.check_options({"cards": wrong})
        assert refused.value.rule == "C13" and refused.value.option == "cards"
    match = game.new_match(game.check_options({"cards": 5, "best_of": 1}), seed=3)
    assert isinstance(match, CribbageMatch) and match.cards == 5
    assert match.game.target == 61 and match.game.scores in ((0, 3), (3, 0))  # C14
    six = game.new_match(game.check_options({}), seed=3)
    assert six.cards is None and six.game.target == 121


def test_c17_a_match_of_five_card_games_to_61_replays_from_its_record() -> None:
    match = CribbageMatch(best_of=3, seed=12, cards=5)
    _play(match, 12)
    assert all(g.result.target == 61 for g in match.games)
    assert all(max(g.result.scores) >= 61 for g in match.games)
    record = match.to_record()
    assert record["cards"] == 5
    again = CribbageMatch.from_record(record)
    assert again.to_record() == record and again.cards == 5
    game = pegboard.games.get("cribbage")
    options, seed, actions = game.record_start(record)
    assert options == {"players": 2, "best_of": 3, "cards": 5} and seed == 12 and actions
    # Six-card records are unchanged: no cards, and read back as six.
    six = CribbageMatch(best_of=1, seed=12)
    assert "cards" not in six.to_record()
    assert game.record_start(six.to_record())[0] == {"players": 2, "best_of": 1, "cards": 6}
    with pytest.raises(RecordError, match="C13"):
        game.record_start({**record, "cards": 7})


def test_c13_the_chances_of_winning_are_not_offered_for_five_card() -> None:
    game = pegboard.games.get("cribbage")
    assert TABLES.covers(game.check_options({}))
    assert not TABLES.covers(game.check_options({"cards": 5}))
    assert not TABLES.covers({"players": 3})


def test_c17_the_web_board_of_five_card_is_to_61_with_the_lurch_line() -> None:
    pytest.importorskip("fastapi", reason="the web's views come with the web extra")
    from pegboard.cribbage.looks.web import cribbage_view
    from pegboard.i18n import translator

    match = CribbageMatch(best_of=1, seed=5, cards=5)
    view = cribbage_view(match, 0, translator("en"), ["Ann", "Bob"])
    assert view["target"] == 61
    assert "Cribbage board to 61" in view["track_svg"] and "Lurch line: 31" in view["track_svg"]
    assert "Skunk line" not in view["track_svg"]
    six = cribbage_view(CribbageMatch(best_of=1, seed=5), 0, translator("en"), ["Ann", "Bob"])
    assert six["target"] == 121 and "Skunk line: 91" in six["track_svg"]
    _play(match, 5)
    ended = cribbage_view(match, 0, translator("pt"), ["Ann", "Bob"])
    assert ended["is_over"] and ended["target"] == 61


def test_c13_a_five_card_match_is_analysed_in_points_with_no_chance_of_winning() -> None:
    from pegboard.analysis import analyse
    from pegboard.analysis.odds import known_win_probability

    game = pegboard.games.get("cribbage")
    match = CribbageMatch(best_of=1, seed=3, cards=5)
    _play(match, 1)
    report = analyse(game, match.to_record(), budget=8, seed=1)
    assert report.decisions and {d.unit for d in report.decisions} == {"expected net points"}
    assert known_win_probability(game, CribbageMatch(best_of=1, seed=3, cards=5), 0) is None
    assert known_win_probability(game, CribbageMatch(best_of=1, seed=3), 0, samples=0) is not None
