"""The cribbage game (C2-C7): the deal, the starter, pegging with go, the show, 121, skunks.

The positions are built by hand with ``Game.from_position`` and every expected score is
worked out from the rules in the comments, not copied from the engine's output.
"""

from __future__ import annotations

import itertools
import random

import pytest

from pegboard.core import IllegalActionError, Observation, Position, RecordError
from pegboard.cribbage import (
    DECK,
    GO,
    CutForDeal,
    Discard,
    Game,
    GameResult,
    Play,
    cut_for_deal,
    score_hand,
)
from tests.cribbage.game_support import card, cards, play, play_randomly, snapshot

# -- C2: the deal ------------------------------------------------------------------------


class _ScriptedCuts(random.Random):
    """A random source whose cuts are given in advance."""

    def __init__(self, cuts: list[str]) -> None:
        super().__init__(0)
        self._cuts = [cards(pair) for pair in cuts]

    def sample(self, population: object, k: int, *, counts: object = None) -> list[object]:  # type: ignore[override]
        assert k == 2
        return list(self._cuts.pop(0))


def test_c2_lower_cut_deals_and_ace_is_low() -> None:
    dealer, cuts = cut_for_deal(_ScriptedCuts(["AS KH"]))
    assert dealer == 0
    assert cuts == (CutForDeal(cards("AS KH")),)  # type: ignore[arg-type]
    dealer, _ = cut_for_deal(_ScriptedCuts(["QD 2C"]))
    assert dealer == 1


def test_c2_equal_ranks_cut_again() -> None:
    # 5H and 5S tie (suits do not rank); so do two kings; then 3C is lower than 9D.
    dealer, cuts = cut_for_deal(_ScriptedCuts(["5H 5S", "KD KC", "9D 3C"]))
    assert dealer == 1
    assert [c.dealer for c in cuts] == [None, None, 1]


def test_c2_game_records_its_cuts_and_ties_cut_again() -> None:
    games = [Game.new(seed=s) for s in range(300)]
    tied = [g for g in games if len(g.cuts) > 1]
    assert tied, "some seed among 300 should give a tied cut (about 6% do)"
    for game in games:
        *ties, decisive = game.cuts
        assert all(c.cards[0].rank == c.cards[1].rank for c in ties)
        low = min(decisive.cards, key=lambda c: c.rank)
        assert decisive.cards[game.first_dealer] is low
        assert decisive.cards[0].rank != decisive.cards[1].rank
        record = game.to_record()
        assert len(record["cuts"]) == len(game.cuts)
        assert record["first_dealer"] == game.first_dealer


def test_c2_six_cards_each_and_the_pone_discards_first() -> None:
    game = Game.new(seed=11, dealer=0)
    assert game.cuts == ()
    assert [len(h) for h in game.hands] == [6, 6]
    assert len(game.stock) == 40
    assert game.current_player == 1  # the non-dealer lays away first
    assert len(game.legal_actions()) == 15  # every pair of six cards
    assert all(isinstance(a, Discard) for a in game.legal_actions())
    hand = game.hands[1]
    game.apply(Discard(hand[0], hand[1]))
    assert game.current_player == 0
    assert set(game.crib) == {hand[0], hand[1]}
    assert game.starter is None  # not cut until both have discarded


def test_c2_deal_alternates_every_hand_and_pone_leads() -> None:
    for seed in range(5):
        game = Game.new(seed=seed)
        play_randomly(game, random.Random(seed))
        dealers = [show.dealer for show in game.shows]
        assert dealers[0] == game.first_dealer
        assert all(a != b for a, b in itertools.pairwise(dealers))
        # The first card played in each hand comes from the non-dealer (C4).
        first_plays: dict[int, int] = {}
        for move in game.history:
            if isinstance(move.action, Play):
                first_plays.setdefault(move.hand, move.seat)
        for show in game.shows:
            assert first_plays[show.hand] == 1 - show.dealer


def test_c2_discard_must_be_two_cards_of_your_hand() -> None:
    game = Game.from_position(["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"], dealer=0)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(Discard(card("AS"), card("2S")))  # seat 1 to act: these are seat 0's
    assert error.value.rule == "C2"
    for text in ("discard 5H", "discard 5H 6H 4H", "discard 5H 5H"):
        with pytest.raises(IllegalActionError) as error:
            game.apply(game.parse_action(text))
        assert error.value.rule == "C2"
    with pytest.raises(IllegalActionError) as error:
        game.apply(play("AH"))  # no pegging before the crib is laid away
    assert error.value.rule == "C2"
    with pytest.raises(IllegalActionError) as error:
        game.apply(Discard(card("AS"), card("2S")), seat=0)  # the dealer, out of turn
    assert error.value.rule == "C2"
    assert snapshot(game) == before
    game.apply(game.parse_action("discard 5H 6H"), seat=1)
    assert game.hands[1] == cards("AH 2H 3H 4H")


# -- C3: the starter and his heels --------------------------------------------------------

_SIX = ["AS 2S 3S 4S 5S 6S", "AH 2H 3H 4H 5H 6H"]


def test_c3_his_heels_scores_2_for_the_dealer_at_once() -> None:
    game = Game.from_position(_SIX, dealer=0, starter="JD", scores=(10, 20))
    game.apply(game.parse_action("discard 5H 6H"))  # the pone
    assert game.scores == (10, 20)
    game.apply(game.parse_action("discard 5S 6S"))  # the dealer; the cut follows
    assert game.starter == card("JD")
    assert game.scores == (12, 20)
    heels = game.log[-1]
    assert (heels.seat, heels.points, heels.reason) == (0, 2, "his heels")
    assert heels.saying == "two for his heels"
    assert game.phase == "pegging" and game.current_player == 1


def test_c3_only_a_jack_starter_is_his_heels_and_only_for_the_dealer() -> None:
    game = Game.from_position(_SIX, dealer=1, starter="QD")
    game.apply(game.parse_action("discard 5S 6S"))
    game.apply(game.parse_action("discard 5H 6H"))
    assert game.scores == (0, 0) and game.log == ()
    game = Game.from_position(_SIX, dealer=1, starter="JC")
    game.apply(game.parse_action("discard 5S 6S"))
    game.apply(game.parse_action("discard 5H 6H"))
    assert game.scores == (0, 2)  # seat 1 deals


def test_c3_c7_game_won_by_his_heels() -> None:
    game = Game.from_position(_SIX, dealer=0, starter="JD", scores=(119, 100))
    game.apply(game.parse_action("discard 5H 6H"))
    game.apply(game.parse_action("discard 5S 6S"))
    assert game.is_over and game.current_player is None and game.phase == "over"
    assert game.result == GameResult(0, (121, 100))
    assert game.legal_actions() == ()
    assert game.played == ()  # no pegging: the game ended at the cut


# -- C4, C5: pegging ----------------------------------------------------------------------

# Seat 0 deals; seat 1 (the pone) leads. The crib and starter play no part in the pegging.
_DEALER_A = "10H KH QH 8C"
_PONE_A = "10S 9D AC 5H"


def _pegging(pone: str, dealer: str, scores: tuple[int, int] = (0, 0)) -> Game:
    return Game.from_position(
        [dealer, pone], dealer=0, crib="2S 3D 4C 6D", starter="7S", scores=scores
    )


def _pegging_log(game: Game) -> list[tuple[int, int, str]]:
    return [
        (e.seat, e.points, e.reason) for e in game.log if e.reason in ("pegging", "go", "last card")
    ]


def test_c4_c5_go_then_the_opponent_plays_on_and_scores_the_last_card() -> None:
    game = _pegging(_PONE_A, _DEALER_A)
    assert game.current_player == 1  # the pone leads
    game.apply(play("10S"))  # 10
    game.apply(play("10H"))  # 20: a pair, 2 to the dealer
    assert game.scores == (2, 0)
    game.apply(play("9D"))  # 29
    # The dealer holds K, Q, 8: each would pass 31, so "go" is all it may say.
    assert game.current_player == 0
    assert game.legal_actions() == (GO,)
    game.apply(GO)
    assert game.observation(1).held_above[0] == 2  # every card it holds is worth more than 2
    # The pone goes on: the ace fits (30), the five would not.
    assert game.current_player == 1
    assert game.legal_actions() == (play("AC"),)
    game.apply(play("AC"))
    # Nobody can play: the ace was the last card of the sequence, 1 to the pone (C5).
    assert game.scores == (2, 1)
    assert game.log[-1].reason == "go" and game.log[-1].saying == "go for one"
    # The count restarts and the player after the one who played the last card leads.
    assert game.count == 0 and game.pile == ()
    assert game.current_player == 0


def test_c4_c5_player_out_of_cards_is_passed_over_and_last_card_scores_1() -> None:
    game = _pegging(_PONE_A, _DEALER_A)
    for text in ("10S", "10H", "9D"):
        game.apply(play(text))
    game.apply(GO)
    game.apply(play("AC"))
    game.apply(play("KH"))  # the dealer leads: 10
    game.apply(play("5H"))  # 15: fifteen two for the pone, who has no cards left
    assert game.scores == (2, 3)
    assert game.current_player == 0  # the pone is out: the dealer plays on
    game.apply(play("QH"))  # 25; the 8 would make 33
    # The dealer cannot go on and the pone has nothing: go, 1 to the dealer.
    assert game.scores == (3, 3)
    assert game.current_player == 0 and game.count == 0  # the pone is out of cards
    game.apply(play("8C"))  # the very last card: 1 for last (C5)
    assert _pegging_log(game) == [
        (0, 2, "pegging"),
        (1, 1, "go"),
        (1, 2, "pegging"),
        (0, 1, "go"),
        (0, 1, "last card"),
    ]
    assert game.log[len(_pegging_log(game)) - 1].saying == "one for last"
    # Then the show followed at once (C6), and the next hand was dealt.
    assert [e.reason for e in game.log[5:8]] == ["hand", "hand", "crib"]
    assert game.hand_number == 2 and game.dealer == 1


def test_c5_thirty_one_scores_2_not_3() -> None:
    game = _pegging("10S 9D 2D 5H", _DEALER_A)
    for text in ("10S", "10H", "9D"):
        game.apply(play(text))
    game.apply(GO)
    game.apply(play("2D"))  # 10 + 10 + 9 + 2 = 31
    assert game.scores == (2, 2)  # 2 for 31, and no go point on top
    event = game.log[-1]
    assert (event.seat, event.points, event.reason) == (1, 2, "pegging")
    assert [i.kind for i in event.items] == ["thirty-one"]
    assert game.count == 0 and game.current_player == 0  # the dealer leads the next count


def test_c5_very_last_card_making_31_scores_only_the_2() -> None:
    # 2 2 3 3 4 4 6 7: every card in one count, the dealer's 7 makes exactly 31.
    game = Game.from_position(
        ["2H 3H 4C 7D", "2S 3S 4D 6C"], dealer=0, crib="KS KD QC JC", starter="9H"
    )
    for text in ("2S", "2H", "3S", "3H", "4D", "4C", "6C", "7D"):
        game.apply(play(text))
    # Pairs of 2s, 3s and 4s to the dealer (2 each), then 2 for 31, and no "last card".
    assert _pegging_log(game) == [
        (0, 2, "pegging"),
        (0, 2, "pegging"),
        (0, 2, "pegging"),
        (0, 2, "pegging"),
    ]
    assert [i.kind for i in game.log[3].items] == ["thirty-one"]


def test_c4_play_must_not_pass_31_nor_be_a_card_you_lack() -> None:
    game = _pegging(_PONE_A, _DEALER_A)
    for text in ("10S", "10H", "9D"):
        game.apply(play(text))
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(play("KH"))  # 29 + 10 = 39
    assert error.value.rule == "C4"
    assert "31" in str(error.value)
    with pytest.raises(IllegalActionError) as error:
        game.apply(play("AC"))  # the pone's card
    assert error.value.rule == "C4"
    with pytest.raises(IllegalActionError) as error:
        game.apply(GO, seat=1)  # out of turn
    assert error.value.rule == "C4"
    with pytest.raises(IllegalActionError) as error:
        game.apply(Discard(card("KH"), card("QH")))
    assert error.value.rule == "C2"
    assert snapshot(game) == before


def test_c5_no_go_while_a_card_can_be_played() -> None:
    game = _pegging(_PONE_A, _DEALER_A)
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(GO)
    assert error.value.rule == "C5"
    assert snapshot(game) == before
    assert GO not in game.legal_actions()


def test_c7_game_won_during_pegging_stops_at_once() -> None:
    game = _pegging(_PONE_A, _DEALER_A, scores=(119, 50))
    game.apply(play("10S"))
    game.apply(play("10H"))  # the pair takes the dealer to 121
    assert game.is_over and game.current_player is None
    assert game.result == GameResult(0, (121, 50))
    assert game.hands == (cards("KH QH 8C"), cards("9D AC 5H"))  # nothing more was played
    assert all(e.reason == "pegging" for e in game.log)  # no show
    assert game.shows == ()
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as error:
        game.apply(play("9D"))
    assert error.value.rule == "C7"
    assert snapshot(game) == before


def test_c5_c7_game_won_by_a_go() -> None:
    game = _pegging(_PONE_A, _DEALER_A, scores=(30, 120))
    for text in ("10S", "10H", "9D"):
        game.apply(play(text))
    game.apply(GO)
    game.apply(play("AC"))  # the last card of the sequence: the go point, 121
    assert game.result == GameResult(1, (32, 121))
    assert game.log[-1].reason == "go"


# -- C6: the show -------------------------------------------------------------------------


def test_c6_non_dealer_counts_first_and_wins_before_the_dealer_counts() -> None:
    # Seat 0 deals. Pegging: 5C 7C 5D 8C 5H (30), the dealer's 7 and 8 cannot follow: go;
    # the pone's jack cannot either: 1 to the pone. The dealer leads 7D, JS, 8D (25):
    # 1 for the last card to the dealer. Nothing else scores (no 15, pair or run).
    game = Game.from_position(
        ["7C 8C 7D 8D", "5C 5D 5H JS"],
        dealer=0,
        crib="KH QH 9C 2D",
        starter="5S",
        scores=(110, 100),
    )
    for text in ("5C", "7C", "5D", "8C", "5H"):
        game.apply(play(text))
    game.apply(GO)
    assert game.scores == (110, 101)
    for text in ("7D", "JS", "8D"):
        game.apply(play(text))
    # The pone's 29 takes it to 130; the dealer's 12 would have made 123, but is never
    # counted: the pone's hand is counted first and the game ends there (C6, C7).
    assert score_hand(cards("7C 8C 7D 8D"), card("5S")) == 12
    assert game.result == GameResult(1, (111, 130))
    shows = [e for e in game.log if e.reason in ("hand", "crib")]
    assert [(e.seat, e.points) for e in shows] == [(1, 29)]
    assert game.shows[0].hands == (None, cards("5C 5D 5H JS"))
    assert game.shows[0].crib is None


def test_c6_show_order_pone_dealer_crib_with_sayings() -> None:
    game = Game.from_position(
        ["7C 8C 7D 8D", "5C 5D 5H JS"], dealer=0, crib="KH QH 9C 2D", starter="5S"
    )
    for text in ("5C", "7C", "5D", "8C", "5H"):
        game.apply(play(text))
    game.apply(GO)
    for text in ("7D", "JS", "8D"):
        game.apply(play(text))
    shows = [e for e in game.log if e.reason in ("hand", "crib")]
    # K5, Q5: two fifteens in the crib (the 9, 2 and 5 make none with the others).
    assert [(e.seat, e.reason, e.points) for e in shows] == [
        (1, "hand", 29),
        (0, "hand", 12),
        (0, "crib", 4),
    ]
    assert shows[2].cards == cards("KH QH 9C 2D") and shows[2].starter == card("5S")
    assert shows[1].saying.startswith("fifteen two, fifteen four")
    assert game.scores == (1 + 12 + 4, 1 + 29)
    show = game.shows[0]
    assert show.hands == (cards("7C 8C 7D 8D"), cards("5C 5D 5H JS"))
    assert show.crib == cards("KH QH 9C 2D")
    assert game.hand_number == 2 and game.dealer == 1 and game.phase == "discard"


# -- C7: skunks ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loser_score", "skunk", "double", "points"),
    [(120, False, False, 1), (91, False, False, 1), (90, True, False, 2), (61, True, False, 2),
     (60, True, True, 3), (0, True, True, 3)],
)  # fmt: skip
def test_c7_skunk_below_91_double_skunk_below_61(
    loser_score: int, skunk: bool, double: bool, points: int
) -> None:
    for winner in (0, 1):
        scores = (121, loser_score) if winner == 0 else (loser_score, 121)
        result = GameResult(winner, scores)
        assert (result.skunk, result.double_skunk, result.game_points) == (skunk, double, points)


def test_c7_skunk_is_the_losers_score_not_the_winners() -> None:
    # A winner at 121 against 95 is no skunk, whatever the winner's margin.
    assert GameResult(1, (95, 140)).kind == "win"
    # The seat below 91 is the loser: the result never names the winner as skunked.
    result = GameResult(0, (121, 70))
    assert result.kind == "skunk" and result.loser == 1


def test_c7_double_skunk_recorded_in_the_game_result() -> None:
    game = Game.from_position(_SIX, dealer=0, starter="JD", scores=(119, 60))
    game.apply(game.parse_action("discard 5H 6H"))
    game.apply(game.parse_action("discard 5S 6S"))
    assert game.result is not None and game.result.kind == "double skunk"
    assert game.returns() == (3, -3)
    record = game.to_record()
    assert record["result"]["kind"] == "double skunk"
    assert record["result"]["game_points"] == 3
    game = Game.from_position(_SIX, dealer=1, starter="JD", scores=(61, 119))
    game.apply(game.parse_action("discard 5S 6S"))
    game.apply(game.parse_action("discard 5H 6H"))
    assert game.result is not None and game.result.kind == "skunk"
    assert game.returns() == (-2, 2)


# -- observations and hidden information ----------------------------------------------------


def test_observation_hides_the_other_discard_until_the_show() -> None:
    game = Game.from_position(_SIX, dealer=0, starter="9C")
    game.apply(game.parse_action("discard 5H 6H"))
    seen_by_dealer = game.observation(0).to_dict()
    assert seen_by_dealer["crib_size"] == 2 and seen_by_dealer["discards"] == []
    text = str(seen_by_dealer)
    for hidden in ("5H", "6H", "AH", "9C"):
        assert f"'{hidden}'" not in text and f" {hidden}" not in text
    assert seen_by_dealer["history"] == [[1, 1, "discard"]]
    seen_by_pone = game.observation(1).to_dict()
    assert seen_by_pone["discards"] == ["5H", "6H"]
    assert seen_by_pone["history"] == [[1, 1, "discard 5H 6H"]]
    assert seen_by_pone["starter"] is None and seen_by_pone["legal_actions"] == []


def test_sample_hidden_keeps_what_the_seat_knows_and_the_go() -> None:
    game = _pegging(_PONE_A, _DEALER_A)
    for text in ("10S", "10H", "9D"):
        game.apply(play(text))
    game.apply(GO)  # the dealer holds nothing worth 2 or less
    rng = random.Random(5)
    seen = game.observation(1).to_dict()
    others: set[tuple[object, ...]] = set()
    for _ in range(200):
        sample = game.sample_hidden(1, rng)
        assert sample.observation(1).to_dict() == seen
        held = sample.hands[0]
        assert len(held) == 3 and all(c.value > 2 for c in held)
        assert sample.hands[1] == game.hands[1]
        assert sample.starter == game.starter
        assert sample.stock != game.stock
        every = [*sample.stock, *sample.crib, *held, *game.kept[1], card("10H"), game.starter]
        assert len(set(every)) == len(every) == 52
        assert set(sample.kept[0]) == {card("10H"), *held}
        others.add(held)
    assert len(others) > 50  # really resampled


def test_c2_a_sampled_game_says_the_other_seats_discard_as_dealt_again() -> None:
    """The other seat's discard is hidden until the show (C2, C6): a game sampled for a seat
    deals it again, and nothing of the sample (its history, the other seat's observation of
    it) still names the cards truly laid away."""
    game = Game.new(seed=11, dealer=0)
    while game.phase == "discard":
        game.apply(game.legal_actions()[0])
    game.observation(0)  # each seat's view made before the samples are
    game.observation(1)
    rng = random.Random(7)
    told_again = set()
    for _ in range(40):
        sample = game.sample_hidden(1, rng)
        (told,) = [
            m.action for m in sample.history if m.seat == 0 and isinstance(m.action, Discard)
        ]
        assert set(told.cards) == set(sample._discards[0])
        (seen,) = [m.text for m in sample.observation(0).history if m.seat == 0]
        assert seen == str(told)
        told_again.add(told)
    assert len(told_again) > 20  # dealt again each time, not the true discard kept


def test_records_replay_exactly() -> None:
    game = Game.new(seed=2024)
    play_randomly(game, random.Random(1))
    again = Game.from_record(game.to_record())
    assert snapshot(again) == snapshot(game)
    position = _pegging(_PONE_A, _DEALER_A)
    play_randomly(position, random.Random(2), steps=5)
    assert snapshot(Game.from_record(position.to_record())) == snapshot(position)


def test_game_tampered_records_raise_record_error() -> None:
    game = Game.new(seed=77)
    play_randomly(game, random.Random(3))
    record = game.to_record()
    cases: list[dict[str, object]] = []
    for key, value in (
        ("scores", [0, 0]),
        ("first_dealer", 1 - record["first_dealer"]),
        ("hands_played", record["hands_played"] + 1),
        ("version", 99),
        ("game", "draw"),
        ("new", {"seed": record["new"]["seed"] + 1, "dealer": None}),
        ("actions", "go"),
    ):
        cases.append({**record, key: value})
    result = dict(record["result"])
    result["winner"] = 1 - result["winner"]
    cases.append({**record, "result": result})
    cases.append({**record, "actions": [*record["actions"], "go"]})  # after the end
    cases.append({**record, "actions": ["play 5H", *record["actions"][1:]]})
    cases.append({**record, "actions": record["actions"][:-1]})
    for tampered in cases:
        with pytest.raises(RecordError):
            Game.from_record(tampered)  # type: ignore[arg-type]


def test_action_notation_reads_back() -> None:
    game = Game.new(seed=8)
    rng = random.Random(8)
    while not game.is_over:
        for action in game.legal_actions():
            assert game.parse_action(str(action)) is action
        game.apply(rng.choice(game.legal_actions()))
    assert game.parse_action("5h") is play("5H")
    assert game.parse_action("JS 5H") is Discard(card("5H"), card("JS"))
    assert game.parse_action("  GO ") is GO
    for text in ("", "play", "play 11H", "fold", "go 5H"):
        with pytest.raises(ValueError):
            game.parse_action(text)


def test_game_implements_the_core_protocol() -> None:
    game = Game.new(seed=1)
    assert isinstance(game, Position)
    view = game.observation(0)
    assert isinstance(view, Observation)
    assert view.seat == 0
    assert game.num_players == 2


def test_from_position_refuses_impossible_positions() -> None:
    with pytest.raises(ValueError, match="twice"):
        Game.from_position(["AS 2S 3S 4S 5S 6S", "AS 2H 3H 4H 5H 6H"])
    with pytest.raises(ValueError):
        Game.from_position(["AS 2S 3S 4S 5S", "AH 2H 3H 4H 5H 6H"])
    with pytest.raises(ValueError, match="crib"):
        Game.from_position(["AS 2S 3S 4S", "AH 2H 3H 4H"], starter="9C")
    with pytest.raises(ValueError):
        Game.from_position(_SIX, scores=(121, 0))
    with pytest.raises(ValueError):
        Game.from_position(_SIX, dealer=2)
    with pytest.raises(ValueError, match="stock"):
        Game.from_position(_SIX, stock="9C")  # the other 39 cards are missing
    game = Game.from_position(
        _SIX,
        stock=[c for c in DECK[::-1] if c.suit in "DC"]
        + list(cards("7S 8S 9S 10S JS QS KS 7H 8H 9H 10H JH QH KH")),
    )
    assert game.stock[0] == card("KC")
