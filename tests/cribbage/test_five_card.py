"""Five-card cribbage between two (C13-C17, ``Game.new(seed, cards=5)``): the deal of five
and two each to the crib, three for last, one play to 31, the show of three cards and the
starter, the game to 61. The worked examples are the books' (docs/rules.md names them)."""

from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations

import pytest

from pegboard.core import IllegalActionError, WordedError
from pegboard.cribbage import DECK, Card, Discard, Game, Go, narration, score_breakdown, score_hand
from pegboard.cribbage.scoring import show_points3
from tests.cribbage.game_support import cards, play


def library_deck(seed: int) -> list[Card]:
    """The deck a game of ``seed`` deals first, shuffled by the standard library itself."""
    deck_seed = random.Random(seed).getrandbits(63)
    deck = list(DECK)
    random.Random(deck_seed).shuffle(deck)
    return deck


def five_card(hands: tuple[str, str], crib: str, starter: str, scores=(0, 0)) -> Game:  # type: ignore[no-untyped-def]
    """A hand of five-card at the pegging, seat 0 dealing: seat 1 leads."""
    return Game.from_position(
        list(hands), dealer=0, crib=crib, starter=starter, scores=scores, cards=5
    )


# -- C13: the deal ------------------------------------------------------------------------


@pytest.mark.parametrize(("seed", "dealer"), [(1, 0), (2, 1), (33, 0)])
def test_c13_five_each_from_the_non_dealer_and_two_each_to_the_crib(seed: int, dealer: int) -> None:
    game = Game.new(seed, dealer=dealer, cards=5)
    deck = library_deck(seed)
    pone = 1 - dealer
    assert list(game.hands[pone]) == deck[0:10:2]  # one at a time, the non-dealer first
    assert list(game.hands[dealer]) == deck[1:10:2]
    assert list(game.stock) == deck[10:]
    assert game.current_player == pone and game.phase == "discard"
    legal = game.legal_actions()
    assert len(legal) == 10 and all(isinstance(a, Discard) for a in legal)  # 5 choose 2
    game.apply(legal[0])
    assert len(game.hands[pone]) == 3 and game.current_player == dealer
    game.apply(game.legal_actions()[-1])
    assert len(game.crib) == 4 and all(len(k) == 3 for k in game.kept)
    assert game.starter == deck[10]  # C3: the stock's top card
    assert game.target == 61 and game.cards == 5


def test_c13_the_option_is_two_players_five_or_six_cards() -> None:
    for players, cards_dealt in ((2, 7), (2, 4), (3, 6), (4, 6), (2, True)):
        with pytest.raises(WordedError, match="C13"):
            Game.new(1, players=players, cards=cards_dealt)  # type: ignore[arg-type]
    # The table's own deal said aloud is the same game, and the same record.
    assert Game.new(5, cards=6).to_record() == Game.new(5).to_record()
    assert Game.new(5, players=3, cards=5).to_record() == Game.new(5, players=3).to_record()


def test_c13_six_card_records_and_views_are_unchanged_five_card_ones_say_so() -> None:
    six = Game.new(11)
    assert (
        "cards" not in json.dumps(six.to_record()) and "target" not in six.observation(0).to_dict()
    )
    five = Game.new(11, cards=5)
    assert five.to_record()["new"] == {"seed": 11, "dealer": None, "cards": 5}
    view = five.observation(0).to_dict()
    assert view["cards"] == 5 and view["target"] == 61
    position = five_card(("KH 5H AC", "QD 9S 8C"), crib="2C 3C 4D 6S", starter="7H")
    assert position.to_record()["position"]["cards"] == 5


def test_c13_errors_name_the_rule() -> None:
    game = Game.new(3, cards=5, dealer=0)
    hand = game.hands[1]
    with pytest.raises(IllegalActionError) as error:
        game.apply(play(str(hand[0])))
    assert error.value.rule == "C2"  # lay two away first, as at six-card
    with pytest.raises(ValueError, match=r"five cards .* or three .*C13"):
        Game.from_position(
            ["AH 2H 3H 4H", "5S 6S 7S 8S"], crib="9H 9S 9D 9C", starter="KH", cards=5
        )


# -- C14: three for last ------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1])
def test_c14_the_first_non_dealer_pegs_three_for_last_once_a_game(dealer: int) -> None:
    game = Game.new(8, dealer=dealer, cards=5)
    first = game.log[0]
    assert (first.seat, first.points, first.reason, first.total) == (
        1 - dealer,
        3,
        "three for last",
        3,
    )
    assert game.scores[1 - dealer] == 3 and game.scores[dealer] == 0
    assert first.say() == "three for last" and first.items == ()
    assert {first.say(lang) for lang in ("pt", "zh", "hi")} == {
        "três de compensação",
        "非庄家先得三",
        "लास्ट के तीन",
    }
    rng = random.Random(8)
    while not game.is_over and game.hand_number < 4:
        game.apply(rng.choice(game.legal_actions()))
    # Once a game: the later non-dealers (the first dealer in hand 2) peg none.
    assert [e.hand for e in game.log if e.reason == "three for last"] == [1]
    assert not any(e.reason == "three for last" for e in Game.new(8, dealer=dealer).log)


# -- C15: one play to 31 ------------------------------------------------------------------


def test_c15_the_play_ends_at_the_first_go_and_the_rest_is_not_played() -> None:
    game = five_card(("QD 9S 8C", "KH 5H AC"), crib="2C 3C 4D 6S", starter="7D")
    for card in ("KH", "QD", "5H"):  # 10, 20, 25
        game.apply(play(card))
    assert game.current_player == 0 and game.legal_actions() == (Go(),)  # 9 and 8 pass 31
    game.apply(Go())
    assert game.current_player == 1  # the non-dealer must play on while a card fits (C5)
    game.apply(play("AC"))  # 26: nobody can play: 1 for the go, and the play is over
    scored = [(e.seat, e.points, e.reason) for e in game.log]
    assert scored[:1] == [(1, 1, "go")]
    # The dealer's 9S and 8C were never played; the show counts them all the same (C16).
    played = {str(m.action) for m in game.history if m.hand == 1}
    assert "play 9S" not in played and "play 8C" not in played
    show = game.shows[0]
    assert show.hands[0] == cards("QD 9S 8C") and show.hands[1] == cards("KH 5H AC")
    assert [e.reason for e in game.log[1:4]] == ["hand", "hand", "crib"]
    assert game.hand_number == 2  # the next hand is dealt
    # At six-card the count would start again and the dealer would play on (C5).
    six = Game.from_position(
        ["QD 9S 8C 7C", "KH 5H AC 3S"], dealer=0, crib="2C 3C 4D 6S", starter="7D"
    )
    for action in (play("KH"), play("QD"), play("5H"), Go(), play("AC"), play("3S")):
        six.apply(action)
    assert six.hand_number == 1 and six.count == 0 and six.current_player == 0


def test_c15_thirty_one_ends_the_play() -> None:
    game = five_card(("QD 6S 8C", "KH 5H 6C"), crib="2C 3C 4D 9S", starter="7D")
    for card in ("KH", "QD", "5H", "6S"):  # 10, 20, 25, 31
        game.apply(play(card))
    assert [(e.seat, e.points, e.reason) for e in game.log[:1]] == [(0, 2, "pegging")]
    assert game.log[1].reason == "hand"  # no go after 31, no further play: the show
    assert game.hand_number == 2


def test_c15_all_six_cards_under_31_the_last_card_scores_one() -> None:
    game = five_card(("2D 4D 6D", "AH 3S 5C"), crib="9C TC JH QS", starter="KD")
    for card in ("AH", "2D", "3S", "4D", "5C", "6D"):
        game.apply(play(card))
    pegs = [(e.seat, e.points, e.reason) for e in game.log if e.reason != "hand"][:5]
    # A-2-3 a run of 3, -4 of 4, -5 of 5 and fifteen, -6 of 6 (21), the last card 1.
    assert pegs == [
        (1, 3, "pegging"),
        (0, 4, "pegging"),
        (1, 7, "pegging"),
        (0, 6, "pegging"),
        (0, 1, "last card"),
    ]


# -- C16: the show ------------------------------------------------------------------------


def test_c16_the_british_encyclopedias_nine_and_two_sixes() -> None:
    """ "If ... you have in your hand a nine and two sixes, that makes six; because there is
    two fifteens, and a pair: and if a six chance to be turned up, then you have twelve in
    your hand, viz. the pair royal, and three fifteens.\""""
    hand = cards("9C 6H 6D")
    shown = score_breakdown(hand, Card.parse("6S"))
    assert shown.total == score_hand(hand, Card.parse("6S")) == 12
    kinds = Counter(item.kind for item in shown.items)
    assert kinds == {"fifteen": 3, "pair": 3}  # three fifteens and a pair royal
    # With a card that adds nothing, the six of the hand alone: two fifteens and a pair.
    assert score_hand(hand, Card.parse("KS")) == 6


def test_c16_four_five_six_with_a_six_turned_two_sequences_and_two_fifteens() -> None:
    """The same book: 4, 5, 6 in hand and a six turned: the sequence in hand 3, the four
    and five with the six turned another 3, and two fifteens (and the pair of sixes)."""
    shown = score_breakdown(cards("4C 5H 6D"), Card.parse("6S"))
    kinds = Counter(item.kind for item in shown.items)
    assert kinds == {"run": 2, "fifteen": 2, "pair": 1}
    assert all(item.points == 3 for item in shown.items if item.kind == "run")
    assert shown.total == 12


def test_c16_cassells_six_seven_eight_with_an_eight_turned_two_sequences() -> None:
    shown = score_breakdown(cards("6C 7H 8D"), Card.parse("8S"))
    runs = [item for item in shown.items if item.kind == "run"]
    assert len(runs) == 2 and all(item.points == 3 for item in runs)  # "three for each"


def test_c16_three_hand_cards_of_a_suit_a_flush_of_three_four_with_the_starter() -> None:
    hand = cards("2H 7H QH")
    assert score_hand(hand, Card.parse("KS")) == 3  # Hoyle: that number, 3
    assert score_hand(hand, Card.parse("KH")) == 4  # "and also one more" with the turn-up
    assert score_breakdown(hand, Card.parse("KH")).say() == "a flush of four is four"
    assert score_breakdown(hand, Card.parse("KS")).say() == "a flush of three is three"
    # The crib's flush only with the starter, as at six-card (C6).
    crib = cards("2C 7C QC 4C")
    assert score_hand(crib, Card.parse("KH"), is_crib=True) == 0
    assert score_hand(crib, Card.parse("KC"), is_crib=True) == 5
    with pytest.raises(ValueError, match="crib is counted with 4 cards, not 3"):
        score_hand(hand, Card.parse("KS"), is_crib=True)


def test_c16_nobs_in_a_hand_of_three() -> None:
    assert score_hand(cards("JD 2C 9S"), Card.parse("KD")) == 1
    assert score_hand(cards("JD 2C 9S"), Card.parse("KS")) == 0


def test_c16_the_fast_count_is_the_itemised_count_and_the_highest_hand_is_20() -> None:
    rng = random.Random(16)
    for _ in range(3000):
        four = rng.sample(DECK, 4)
        a, b, c, starter = four
        assert show_points3(a, b, c, starter) == score_breakdown((a, b, c), starter).total
    best = max(
        show_points3(a, b, c, s)
        for a, b, c in combinations(DECK[::3], 3)
        for s in DECK
        if s not in (a, b, c)
    )
    assert best <= 20
    fives = [card for card in DECK if card.rank == 5]
    assert show_points3(*fives[:3], fives[3]) == 20


def test_c16_the_show_in_a_game_counts_the_non_dealer_the_dealer_then_the_crib() -> None:
    game = five_card(("9C 6H 6D", "4C 5H 6S"), crib="2C 3C 4D 7S", starter="KD")
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    shows = [
        (e.seat, e.reason, e.cards, e.points) for e in game.log if e.reason in ("hand", "crib")
    ]
    assert shows == [
        (1, "hand", cards("4C 5H 6S"), score_hand(cards("4C 5H 6S"), Card.parse("KD"))),
        (0, "hand", cards("9C 6H 6D"), 6),
        (0, "crib", cards("2C 3C 4D 7S"), score_hand(cards("2C 3C 4D 7S"), Card.parse("KD"), True)),
    ]


# -- C17: the game to 61 -------------------------------------------------------------------


def test_c17_the_first_to_61_wins_at_once_in_the_play() -> None:
    game = five_card(("5D 9S 8C", "KH 2H AC"), crib="2C 3C 4D 6S", starter="7D", scores=(59, 40))
    game.apply(play("KH"))
    game.apply(play("5D"))  # fifteen two: 61
    assert game.is_over and game.result is not None
    assert game.result.winner == 0 and game.scores == (61, 40)
    assert game.result.kind == "win" and game.returns() == (1, -1)
    assert game.result.to_dict()["target"] == 61
    with pytest.raises(IllegalActionError) as error:
        game.apply(play("9S"))
    assert error.value.rule == "C17"


def test_c17_a_loser_below_31_is_lurched_two_game_points_no_double() -> None:
    game = five_card(("5D 9S 8C", "KH 2H AC"), crib="2C 3C 4D 6S", starter="7D", scores=(59, 0))
    game.apply(play("KH"))
    game.apply(play("5D"))
    result = game.result
    assert result is not None and result.skunk and not result.double_skunk
    assert result.game_points == 2 and game.returns() == (2, -2)
    game = five_card(("5D 9S 8C", "KH 2H AC"), crib="2C 3C 4D 6S", starter="7D", scores=(59, 31))
    game.apply(play("KH"))
    game.apply(play("5D"))
    assert game.result is not None and not game.result.skunk and game.result.game_points == 1


def test_c17_scores_at_a_given_position_are_under_61() -> None:
    with pytest.raises(ValueError, match="from 0 to 60"):
        five_card(("5D 9S 8C", "KH 2H AC"), crib="2C 3C 4D 6S", starter="7D", scores=(61, 0))


# -- narration ------------------------------------------------------------------------------


def test_c14_c17_the_narration_says_three_for_last_61_and_a_lurch() -> None:
    game = Game.new(8, dealer=0, cards=5)
    assert [str(e) for e in narration.three_for_last(game.log)] == [
        "seat 1 pegs three for last (C14)."
    ]
    assert narration.three_for_last(Game.new(8, dealer=0).log) == ()
    header = narration.hand_started(1, 0, game.scores, target=game.target)
    assert str(header).endswith("(to 61)")
    position = five_card(
        ("5D 9S 8C", "KH 2H AC"), crib="2C 3C 4D 6S", starter="7D", scores=(59, 12)
    )
    position.apply(play("KH"))
    before = narration.Moment.of_game(position)
    position.apply(play("5D"))
    assert position.result is not None
    said = [
        str(e)
        for e in narration.events_of(
            before, narration.Moment.of_game(position), position.log, position.result, ()
        )
    ]
    assert said[-3:] == [
        "61 reached: the game ends at once (C17).",
        "seat 0 wins the game, 61 to 12.",
        "A lurch: seat 1 did not reach 31 (C17); the game is worth 2.",
    ]
