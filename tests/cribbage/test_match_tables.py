"""A match of cribbage among three (C8) or four in partnerships (C9), and what the registry
makes of it: game points (one a game, C12; one a side among four), who deals first, records
that keep their players, the registry's option, readers and narration."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from pegboard import games
from pegboard.core import Event, RecordError, WordedError
from pegboard.cribbage import CribbageMatch
from pegboard.cribbage import Game as CribbageGame
from pegboard.cribbage.actions import LayAway
from pegboard.cribbage.description import per_seat
from pegboard.games.base import OptionError
from pegboard.i18n.catalogs import translator
from pegboard.i18n.narration import say, seat_words

CRIBBAGE = games.get("cribbage")


def _finished(seed: int, players: int, best_of: int = 3) -> CribbageMatch:
    match = CribbageMatch(best_of=best_of, seed=seed, players=players)
    rng = random.Random(seed)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    return match


@pytest.mark.parametrize("players", [3, 4])
def test_c12_a_game_among_three_or_four_is_one_game_point_to_its_player_or_side(
    players: int,
) -> None:
    for seed in range(6):
        match = _finished(seed, players)
        points = [0] * (2 if players == 4 else 3)
        for game in match.games:
            assert game.result.players == players
            points[game.result.winner] += 1  # never a skunk among three or four (C12)
            assert game.points_after == tuple(points)
        assert match.points == tuple(points)
        assert max(match.points) == match.target == 2
        assert match.winner == match.games[-1].result.winner
        returns = match.returns()
        assert sum(returns) == pytest.approx(0)
        if players == 4:  # partners share the side's return (C9)
            assert returns[0] == returns[2] and returns[1] == returns[3]
            assert returns[match.winner] == 1
        else:
            assert returns[match.winner] == 1
            assert sorted(returns) == [-0.5, -0.5, 1]


@pytest.mark.parametrize("players", [3, 4])
def test_c8_the_first_deal_is_cut_for_and_then_passes_left_game_by_game(players: int) -> None:
    seen = 0
    for seed in range(10):
        match = _finished(seed, players, best_of=5)
        assert match.games[0].dealer is None  # a cut chose it (C8)
        assert len(match.cuts[0].cards) == players
        for before, after in zip(match.games, match.games[1:], strict=False):
            assert after.dealer == after.first_dealer == (before.first_dealer + 1) % players
            seen += 1
    assert seen  # some match had a second game


def test_two_player_matches_keep_their_records_byte_for_byte() -> None:
    """A match of two writes no ``players``: its record is the one main wrote before tables
    of three and four came (the digest of this seed's record taken at commit 6d29451), and
    it reads back unchanged."""
    rng = random.Random(3)
    match = CribbageMatch(best_of=3, seed=3)
    while not match.is_over:
        match.apply(rng.choice(match.legal_actions()))
    text = json.dumps(match.to_record())
    assert "players" not in match.to_record()
    assert hashlib.sha256(text.encode()).hexdigest() == (
        "d7946cb07d1ffb00272f66b0b7bddd7a8f8f1fe36c28b93bba1a89fcba3e1ac8"
    )
    assert json.dumps(CribbageMatch.from_record(json.loads(text)).to_record()) == text


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_match_records_keep_their_players_and_replay_exactly(players: int) -> None:
    for over in (True, False):
        match = CribbageMatch(best_of=3, seed=11, players=players)
        rng = random.Random(11)
        steps = 10_000 if over else 40
        while not match.is_over and steps:
            match.apply(rng.choice(match.legal_actions()))
            steps -= 1
        record = json.loads(json.dumps(match.to_record()))
        assert record["players"] == players
        again = CribbageMatch.from_record(record)
        assert again.to_record() == record and again.num_players == players
        # A record read at another table does not replay (each lays one card, C8, C9).
        with pytest.raises(RecordError):
            CribbageMatch.from_record({**record, "players": 2})
        # The registry reads it move by move, with its players.
        options, seed, actions = CRIBBAGE.record_start(record)  # type: ignore[misc]
        # cards: the option's default, 6, which a table of three or four reads as its five
        assert options == {"players": players, "best_of": 3, "cards": 6} and seed == 11
        replayed = CribbageMatch(best_of=3, seed=seed, players=players)
        for text in actions:
            replayed.apply(replayed.parse_action(text))
        assert replayed.to_record() == record


def test_a_match_at_another_table_is_refused_naming_the_rules() -> None:
    for bad in (1, 5, True, "3"):
        with pytest.raises(WordedError, match=r"three \(C8\) or four in two partnerships \(C9\)"):
            CribbageMatch(seed=1, players=bad)  # type: ignore[arg-type]
    record = _finished(1, 3).to_record()
    for bad in (5, True, "3"):
        with pytest.raises(RecordError, match=r"\(C2\), 3 \(C8\) or 4 \(C9\)"):
            CRIBBAGE.record_start({**record, "players": bad})  # type: ignore[misc]


def test_c2_c8_c9_the_registry_offers_two_to_four_players_and_refuses_others() -> None:
    assert (CRIBBAGE.min_players, CRIBBAGE.max_players) == (2, 4)
    for players in (2, 3, 4):
        options = CRIBBAGE.check_options({"players": players})
        assert CRIBBAGE.players(options) == players
        match = CRIBBAGE.new_match(options, 5)
        assert match.num_players == players
    for bad in (1, 5):
        with pytest.raises(OptionError) as refused:
            CRIBBAGE.check_options({"players": bad})
        assert refused.value.rule == "C2"
        assert "3 (C8)" in str(refused.value) and "(C9)" in str(refused.value)
        for lang in ("pt_BR", "zh_Hans", "hi"):  # the refusal is translated
            _ = translator(lang)
            assert _(refused.value.template) != refused.value.template


def test_c9_the_registry_shows_each_partner_its_sides_score() -> None:
    match = _finished(4, 4)
    assert CRIBBAGE.scores(match) == per_seat(match.points, 4)
    assert CRIBBAGE.scores(match)[0] == CRIBBAGE.scores(match)[2] == match.points[0]
    assert CRIBBAGE.scores(match)[1] == CRIBBAGE.scores(match)[3] == match.points[1]
    assert CRIBBAGE.sides is not None and CRIBBAGE.sides(match) == ((0, 2), (1, 3))
    assert CRIBBAGE.sides(_finished(4, 3)) == ((0,), (1,), (2,))
    assert CRIBBAGE.outcome is not None
    told = CRIBBAGE.outcome(match)
    assert told is not None and set(told.seats.values()) == {match.winner, match.winner + 2}
    assert CRIBBAGE.outcome(_finished(4, 3)) is None  # said from the scores, one seat
    game = match.game
    assert CRIBBAGE.points is not None
    assert CRIBBAGE.points(match) == per_seat(game.scores, 4)


def _narrated(players: int, seed: int, dealers: list[int] | None = None) -> list[Event]:
    """Every event of a match played by the registry, as every seat may know them;
    ``dealers`` gets the dealer of the hand each event was told in."""
    match = CRIBBAGE.new_match(CRIBBAGE.check_options({"players": players}), seed)
    rng = random.Random(seed)
    events: list[Event] = []
    while match.current_player is not None:
        seat, dealer = match.current_player, match.game.dealer
        told = CRIBBAGE.play(match, seat, rng.choice(match.legal_actions())).events
        events.extend(told)
        if dealers is not None:
            dealers.extend([dealer] * len(told))
    return events


def test_c9_narration_among_four_names_sides_scores_and_lays_one_card_unseen() -> None:
    en = translator("en")
    lines = [say(e, en, seat_words(en)) for e in _narrated(4, 7)]
    text = "\n".join(lines)
    # One card laid away, unseen by the others (C9).
    assert "lays a card in" in text
    assert "lays two cards" not in text
    # Each score after a peg is a side's, both partners named (C9).
    pegs = [line for line in lines if " pegs " in line]
    assert pegs and all("Seat 1 and Seat 3: " in line for line in pegs)
    assert all("Seat 2 and Seat 4: " in line for line in pegs)
    # The end names the winning side whole (C12).
    assert any(" win the game, " in line and " and " in line for line in lines)
    assert "win the match" in lines[-1]


def test_c11_narration_among_three_shows_hands_from_the_dealers_left() -> None:
    en = translator("en")
    dealers: list[int] = []
    lines = [say(e, en, seat_words(en)) for e in _narrated(3, 9, dealers)]
    # The first show: the hands from the dealer's left, the dealer's last, then the crib.
    start = next(i for i, line in enumerate(lines) if line.startswith("The show"))
    dealer = dealers[start]
    shown = [line for line in lines[start + 1 :] if " + " in line][:4]
    owners = [int(line.split("Seat ")[1][0]) - 1 for line in shown]
    assert owners == [(dealer + 1) % 3, (dealer + 2) % 3, dealer, dealer]
    assert "(dealer)" in shown[2] and "crib" in shown[3]
    assert any(" wins the game: " in line for line in lines)
    assert all("lays two cards" not in line for line in lines)
    assert any("lays a card in" in line for line in lines)


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_no_event_of_a_lay_away_shows_its_card(players: int) -> None:
    """The events every seat receives (the web sends them to all) never name the card a
    seat laid away, a partner's neither (C9)."""
    match = CRIBBAGE.new_match(CRIBBAGE.check_options({"players": players}), 21)
    rng = random.Random(21)
    while match.current_player is not None and match.game.hand_number < 3:
        seat = match.current_player
        action = rng.choice(match.legal_actions())
        events = CRIBBAGE.play(match, seat, action).events
        if isinstance(action, LayAway):
            said = " ".join(str(e) for e in events)
            assert str(action.card) not in said


def test_c9_a_game_record_of_four_is_read_by_the_registry() -> None:
    game = CribbageGame.new(seed=3, players=4)
    game.apply(game.legal_actions()[0])
    read = CRIBBAGE.read_record(game.to_record())
    assert read.num_players == 4 and read.to_record() == game.to_record()
