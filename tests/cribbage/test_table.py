"""Cribbage for three (C8) and four in partnerships (C9): one test a rule, each named after
it, with hands worked out by hand from docs/rules.md (C10-C12)."""

from __future__ import annotations

import random

import pytest

from pegboard.core import IllegalActionError, RecordError, WordedError
from pegboard.cribbage import DECK, GO, Card, Discard, Game, LayAway, Play, parse_cards
from pegboard.cribbage.deal import cut_for_deal


def card(text: str) -> Card:
    return Card.parse(text)


def library_deck(seed: int) -> list[Card]:
    """The deck a game of ``seed`` deals first, shuffled by the standard library itself (the
    engine repeats this shuffle without its Python-level calls)."""
    deck_seed = random.Random(seed).getrandbits(63)
    deck = list(DECK)
    random.Random(deck_seed).shuffle(deck)
    return deck


# -- C8: three players, the deal --------------------------------------------------------


@pytest.mark.parametrize(("seed", "dealer"), [(1, 0), (2, 1), (3, 2), (40, 1)])
def test_c8_three_players_five_each_from_the_dealers_left_then_one_from_the_pack(
    seed: int, dealer: int
) -> None:
    game = Game.new(players=3, seed=seed, dealer=dealer)
    deck = library_deck(seed)
    expected: list[list[Card]] = [[], [], []]
    for i in range(15):  # one at a time, the dealer's left first
        expected[(dealer + 1 + i) % 3].append(deck[i])
    assert [list(h) for h in game.hands] == expected
    assert game.crib == (deck[15],)  # the pack's card starts the crib
    assert list(game.stock) == deck[16:]
    assert game.current_player == (dealer + 1) % 3
    assert game.phase == "discard"


def test_c8_each_lays_one_card_away_from_the_dealers_left_the_dealer_last() -> None:
    game = Game.new(players=3, seed=5, dealer=1)
    order = []
    while game.phase == "discard":
        seat = game.current_player
        assert seat is not None
        order.append(seat)
        legal = game.legal_actions()
        assert len(legal) == 5 and all(isinstance(a, LayAway) for a in legal)
        assert {a.card for a in legal if isinstance(a, LayAway)} == set(game.hands[seat])
        game.apply(legal[0])
        assert len(game.hands[seat]) == 4
    assert order == [2, 0, 1]
    assert len(game.crib) == 4
    # C3: the starter is the stock's top card, turned once the crib is laid away.
    assert game.starter is not None and game.starter not in game.crib
    assert game.phase in ("pegging", "over")
    assert game.current_player in (2, None)  # the dealer's left leads (C10)


def test_c8_the_deal_passes_to_the_left_every_hand() -> None:
    game = Game.new(players=3, seed=9, dealer=2)
    rng = random.Random(9)
    dealers = {game.hand_number: game.dealer}
    while not game.is_over and game.hand_number < 6:
        game.apply(rng.choice(game.legal_actions()))
        dealers[game.hand_number] = game.dealer
    assert [dealers[h] for h in sorted(dealers)][:5] == [2, 0, 1, 2, 0]


def test_c8_the_first_dealer_is_cut_lowest_card_deals_a_tie_for_lowest_cuts_again() -> None:
    ties = 0
    for seed in range(400):
        dealer, cuts = cut_for_deal(random.Random(seed), 3)
        for cut in cuts[:-1]:  # every earlier cut tied for the lowest card
            low = min(c.rank for c in cut.cards)
            assert sum(c.rank == low for c in cut.cards) > 1
            ties += 1
        last = cuts[-1].cards
        assert all(last[dealer].rank < c.rank for s, c in enumerate(last) if s != dealer)
        game = Game.new(players=3, seed=seed)
        assert game.first_dealer == game.dealer
        assert len(game.cuts[-1].cards) == 3
    assert ties > 0


def test_c8_errors_name_the_rule() -> None:
    game = Game.new(players=3, seed=5, dealer=0)
    hand = game.hands[1]
    with pytest.raises(IllegalActionError) as out_of_turn:
        game.apply(LayAway(game.hands[2][0]), seat=2)
    assert out_of_turn.value.rule == "C8" and "seat 1" in str(out_of_turn.value)
    with pytest.raises(IllegalActionError) as two:
        game.apply(Discard(hand[0], hand[1]))
    assert two.value.rule == "C8"
    with pytest.raises(IllegalActionError) as read_two:
        game.parse_action(f"discard {hand[0]} {hand[1]}")
    assert read_two.value.rule == "C8"
    stranger = next(c for c in DECK if c not in hand)
    with pytest.raises(IllegalActionError) as not_held:
        game.apply(LayAway(stranger))
    assert not_held.value.rule == "C8"
    with pytest.raises(IllegalActionError) as too_soon:
        game.apply(Play(hand[0]))
    assert too_soon.value.rule == "C8"
    assert game.hands[1] == hand and game.crib == game.crib[:1]  # nothing changed
    assert game.parse_action(f"discard {hand[0]}") is LayAway(hand[0])


def test_c8_a_position_at_the_lay_away_starts_the_crib_with_the_packs_card() -> None:
    hands = ["AH 2H 3H 4H 5H", "AS 2S 3S 4S 5S", "AD 2D 3D 4D 5D"]
    game = Game.from_position(hands, dealer=2, crib="KC", starter="QC")
    assert game.phase == "discard" and game.current_player == 0
    assert game.crib == (card("KC"),)
    for seat in (0, 1, 2):  # from the dealer's left round to the dealer (C8)
        game.apply(LayAway(game.hands[seat][0]), seat=seat)
    assert game.crib == parse_cards("KC AH AS AD")  # the pack's card, then each seat's
    assert game.starter == card("QC") and game.current_player == 0  # C3, C10
    with pytest.raises(ValueError, match="C8"):
        Game.from_position(hands, dealer=2)  # among three the pack's card is given


def test_c8_c9_only_two_three_or_four_players() -> None:
    for players in (1, 5, "3", True):
        with pytest.raises(WordedError, match="two players, three \\(C8\\) or four"):
            Game.new(players=players, seed=1)  # type: ignore[arg-type]


# -- C9: four players in partnerships ---------------------------------------------------


def test_c9_four_players_five_each_one_each_to_the_crib_partners_opposite() -> None:
    game = Game.new(players=4, seed=11, dealer=3)
    deck = library_deck(11)
    assert [list(h) for h in game.hands] == [deck[i:20:4] for i in range(4)]
    assert game.crib == () and len(game.stock) == 32
    assert game.scores == (0, 0)  # one score a side
    assert [game.side(s) for s in range(4)] == [0, 1, 0, 1]
    order = []
    while game.phase == "discard":
        order.append(game.current_player)
        game.apply(game.legal_actions()[0])
    assert order == [0, 1, 2, 3] and len(game.crib) == 4
    fresh = Game.new(players=4, seed=11, dealer=3)
    with pytest.raises(IllegalActionError) as error:
        fresh.apply(GO)
    assert error.value.rule == "C9"
    two = " ".join(str(c) for c in fresh.hands[0][:2])
    with pytest.raises(IllegalActionError) as read_two:
        fresh.parse_action(f"discard {two}")
    assert read_two.value.rule == "C9"


def test_c9_partners_peg_on_one_score() -> None:
    game = Game.from_position(
        ["5S AC 2C 3C", "10C 6C 7C 8C", "10D 4H 9H KS", "AH QS JS 2S"],
        dealer=3,
        crib="3S 4S 5D 6D",
        starter="9D",
    )
    assert game.current_player == 0  # the dealer's left leads (C10)
    game.apply(Play(card("5S")))
    game.apply(Play(card("10C")))  # fifteen two, for seat 1's side
    game.apply(Play(card("10D")))  # a pair, for seat 2's side: seat 0's too
    assert game.scores == (2, 2)
    assert [(e.seat, e.points, e.total) for e in game.log] == [(1, 2, 2), (2, 2, 2)]
    game.apply(Play(card("AH")))  # 26
    game.apply(Play(card("AC")))  # 27: a pair of aces, for side 0
    assert game.scores == (4, 2)


def test_c9_a_partners_hand_is_hidden_from_its_partner() -> None:
    game = Game.new(players=4, seed=21, dealer=0)
    seen = game.observation(1).to_dict()
    partner = game.hands[3]
    assert seen["hand"] == [str(c) for c in game.hands[1]]
    text = str(seen)
    assert not any(f"'{card}'" in text for card in partner)
    assert seen["hand_sizes"] == [5, 5, 5, 5]


# -- C10: the play among three or four -------------------------------------------------

HANDS_A = ["7D AH KH QH", "10S 10H 9S 8S", "KC 3C 2C QD"]
"""Three hands, dealer seat 0: seat 1 leads, then 2, then 0 (C10)."""

PLAY_A = [
    "1:play 10S",  # 10
    "2:play KC",  # 20
    "0:play 7D",  # 27
    "1:go",  # no card of seat 1's fits
    "2:play 2C",  # 29: the turn passes on after a go
    "0:play AH",  # 30: seat 1, gone, is passed over
    "2:go",  # 3C and QD do not fit
    # seat 0 played last and cannot play on: go for one, and seat 1 (its left) leads
    "1:play 10H",  # 10
    "2:play 3C",  # 13
    "0:play KH",  # 23
    "1:play 8S",  # 31 for two: 9S would make 32
    "2:play QD",  # seat 2 leads: the left of seat 1, who played the 31
    "0:play QH",  # 20: a pair
    "1:play 9S",  # 29: the hand's last card, one for last (C5)
]


def _play(game: Game, moves: list[str]) -> None:
    for move in moves:
        seat, text = move.split(":")
        assert game.current_player == int(seat), (move, game)
        action = game.parse_action(text)
        assert action in game.legal_actions(), (move, game.legal_actions())
        game.apply(action, seat=int(seat))


def test_c10_the_go_passes_round_the_table_and_the_last_card_scores() -> None:
    game = Game.from_position(HANDS_A, dealer=0, crib="4D 5D 6D 7C", starter="9H")
    _play(game, PLAY_A[:4])
    assert game.said_go == (False, True, False)
    _play(game, PLAY_A[4:6])
    assert game.current_player == 2 and game.legal_actions() == (GO,)
    _play(game, PLAY_A[6:7])
    # seat 0 played the last card: it is not asked to say go; the sequence is over.
    assert game.log[-1].seat == 0 and game.log[-1].reason == "go"
    assert game.log[-1].points == 1
    assert game.count == 0 and game.current_player == 1
    assert game.said_go == (False, False, False)
    _play(game, PLAY_A[7:10])
    assert game.legal_actions() == (Play(card("8S")),)
    _play(game, PLAY_A[10:])
    pegging = [(e.seat, e.points, e.reason) for e in game.log if e.hand == 1][:5]
    assert pegging == [
        (0, 1, "go"),
        (1, 2, "pegging"),  # 31
        (0, 2, "pegging"),  # the pair of queens
        (1, 1, "last card"),
        (1, 16, "hand"),  # the show begins (C11)
    ]


HANDS_B = ["KH QH JH 10D", "KS QS JS 10C", "5C 3C 2C 4C"]
"""Three hands, dealer seat 2: seat 0 leads."""


def _hand_b() -> Game:
    return Game.from_position(HANDS_B, dealer=2, crib="4D 5D 6D 7H", starter="9H")


def test_c10_the_player_of_the_last_card_plays_on_while_the_others_are_gone() -> None:
    game = _hand_b()
    _play(game, ["0:play KH", "1:play KS", "2:play 5C", "0:go", "1:go"])  # 25
    assert game.current_player == 2  # the last card's player, able to play on
    _play(game, ["2:play 3C", "2:play 2C"])  # 28, 30: alone, while it can
    # It cannot play on (4C would make 34) and is never asked to say go: go for one.
    assert [(e.seat, e.points, e.reason) for e in game.log] == [
        (1, 2, "pegging"),  # the pair of kings
        (2, 1, "go"),
    ]
    assert game.count == 0 and game.current_player == 0  # its left leads


def test_c10_a_player_without_cards_is_passed_over_without_a_word() -> None:
    game = _hand_b()
    _play(game, ["0:play KH", "1:play KS", "2:play 5C", "0:go", "1:go", "2:play 3C"])
    _play(game, ["2:play 2C", "0:play QH", "1:play QS", "2:play 4C", "0:go", "1:go"])
    # Seat 2 played its last card: the others gone, the sequence ends, its go for one.
    assert game.log[-1].seat == 2 and game.log[-1].reason == "go"
    assert game.hands[2] == () and game.current_player == 0
    _play(game, ["0:play JH", "1:play JS"])
    assert game.current_player == 0  # seat 2, without cards, passed over
    _play(game, ["0:play 10D", "1:go"])  # 30: seat 1 holds 10C
    assert game.log[-1].seat == 0 and game.log[-1].reason == "go"
    _play(game, ["1:play 10C"])
    assert [(e.seat, e.points, e.reason) for e in game.log if e.hand == 1][:7] == [
        (1, 2, "pegging"),
        (2, 1, "go"),
        (1, 2, "pegging"),  # queens
        (2, 1, "go"),
        (1, 2, "pegging"),  # jacks
        (0, 1, "go"),
        (1, 1, "last card"),
    ]


def test_c10_errors_name_the_rule() -> None:
    game = Game.from_position(HANDS_A, dealer=0, crib="4D 5D 6D 7C", starter="9H")
    with pytest.raises(IllegalActionError) as out_of_turn:
        game.apply(Play(card("7D")), seat=0)
    assert out_of_turn.value.rule == "C10"
    with pytest.raises(IllegalActionError) as must_play:
        game.apply(GO)
    assert must_play.value.rule == "C10"
    with pytest.raises(IllegalActionError) as not_held:
        game.apply(Play(card("7D")))
    assert not_held.value.rule == "C4"
    _play(game, PLAY_A[:3])
    with pytest.raises(IllegalActionError) as over_31:
        game.apply(Play(card("8S")))
    assert over_31.value.rule == "C4"


# -- C11: the show ------------------------------------------------------------------------


def test_c11_the_show_from_the_dealers_left_the_dealer_then_the_crib() -> None:
    game = Game.from_position(HANDS_A, dealer=0, crib="4D 5D 6D 7C", starter="9H")
    _play(game, PLAY_A)
    show = [(e.seat, e.points, e.reason) for e in game.log if e.reason in ("hand", "crib")]
    # By hand (C6): 10 10 9 8 + 9: pairs 4, four runs of three 12; K 3 2 Q + 9: two
    # fifteens; 7 A K Q + 9: nothing; the crib 4 5 6 7 + 9: two fifteens and a run of four.
    assert show == [(1, 16, "hand"), (2, 4, "hand"), (0, 0, "hand"), (0, 8, "crib")]
    assert game.scores == (1 + 2 + 0 + 8, 2 + 1 + 16, 4)
    assert game.shows[0].hands == (
        parse_cards("7D AH KH QH"),
        parse_cards("10S 10H 9S 8S"),
        parse_cards("KC 3C 2C QD"),
    )
    assert game.hand_number == 2 and game.dealer == 1 and game.phase == "discard"


def test_c11_the_crib_scores_a_flush_only_with_the_starter() -> None:
    flush = Game.from_position(HANDS_A, dealer=0, crib="2H 4H 6H 8H", starter="9C")
    _play(flush, PLAY_A)
    crib = [e for e in flush.log if e.reason == "crib"]
    # 2 + 4 + 9 and 6 + 9: two fifteens, and no flush without the starter (C6).
    assert crib[0].points == 4


def test_c11_c12_a_hand_counted_earlier_wins_before_a_later_one_is_counted() -> None:
    game = Game.from_position(
        HANDS_A, dealer=0, crib="4D 5D 6D 7C", starter="9H", scores=[0, 110, 118]
    )
    _play(game, PLAY_A)
    result = game.result
    assert result is not None and result.winner == 1
    assert game.scores == (3, 129, 118)  # seat 2's 4 would have made 122: never counted
    assert game.shows[-1].hands == (None, parse_cards("10S 10H 9S 8S"), None)
    assert game.shows[-1].crib is None


# -- C12: winning ---------------------------------------------------------------------------


def test_c12_the_first_to_121_wins_at_once_one_game_point_and_no_skunk() -> None:
    game = Game.from_position(
        HANDS_A, dealer=0, crib="4D 5D 6D 7C", starter="9H", scores=[0, 110, 118]
    )
    _play(game, PLAY_A)
    result = game.result
    assert result is not None
    assert result.game_points == 1  # seat 0 at 3, below 61: no skunk among three (C12)
    assert game.returns() == (-0.5, 1.0, -0.5)
    assert game.legal_actions() == () and game.current_player is None
    with pytest.raises(IllegalActionError) as over:
        game.apply(GO)
    assert over.value.rule == "C12"


def test_c12_a_side_wins_both_partners_win() -> None:
    game = Game.from_position(
        ["5S AC 2C 3C", "10C 6C 7C 8C", "10D 4H 9H KS", "AH QS JS 2S"],
        dealer=3,
        crib="3S 4S 5D 6D",
        starter="9D",
        scores=[119, 100],
    )
    _play(game, ["0:play 5S", "1:play 10C", "2:play 10D"])  # seat 2's pair: 121 for side 0
    result = game.result
    assert result is not None and result.winner == 0 and result.winners == (0, 2)
    assert game.returns() == (1.0, -1.0, 1.0, -1.0)
    assert result.to_dict()["scores"] == [121, 102]


# -- records ---------------------------------------------------------------------------------


def test_c8_c9_records_replay_and_a_changed_record_is_refused() -> None:
    for players in (3, 4):
        game = Game.new(players=players, seed=77)
        rng = random.Random(77)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        record = game.to_record()
        assert Game.from_record(record).to_record() == record
        changed = dict(record, scores=[0] * len(record["scores"]))
        with pytest.raises(RecordError):
            Game.from_record(changed)
    position = Game.from_position(HANDS_A, dealer=0, crib="4D 5D 6D 7C", starter="9H")
    _play(position, PLAY_A)
    assert Game.from_record(position.to_record()).scores == position.scores


def test_c8_c9_the_surfaces_read_records_of_every_table() -> None:
    """The registry's reader, which the site, ``replay`` and the terminal read records
    with, reads a game of three or four (C8, C9) as the library does, and a two-player
    game's record as before."""
    from pegboard import games

    reader = games.get("cribbage")
    for players in (2, 3, 4):
        game = Game.new(players=players, seed=5)
        game.apply(game.legal_actions()[0])
        record = game.to_record()
        read = reader.read_record(record)
        assert read.num_players == players
        assert read.to_record() == record


def test_c8_c9_a_copy_plays_on_alone_and_deals_the_same_future() -> None:
    for players in (3, 4):
        game = Game.new(players=players, seed=31)
        rng = random.Random(31)
        for _ in range(30):
            game.apply(rng.choice(game.legal_actions()))
        before = game.to_record()
        other = game.copy()
        moves = random.Random(5)
        while not other.is_over:
            other.apply(moves.choice(other.legal_actions()))
        assert game.to_record() == before  # the original did not move
        again = game.copy()
        moves = random.Random(5)
        while not again.is_over:
            again.apply(moves.choice(again.legal_actions()))
        assert again.to_record() == other.to_record()  # the same shuffles to come
        with pytest.raises(ValueError, match="seat is from 0"):
            game.observation(players)
