"""The levels for people among three (C8) and four in partnerships (C9): beginner, casual,
strong, expert (and the match expert, which plays for points there) play whole games
legally and the same for a seed, see only their observation (a partner's hand included),
and keep their character: the beginner sees fifteens and pairs, the casual the best hand
blind to the crib, the strong the expert's lay-away but for its slips, the expert the
crib for its side and the pegging for its side."""

from __future__ import annotations

import random

import pytest

from pegboard.core import WordedError
from pegboard.cribbage import DECK, Game, LayAway
from pegboard.cribbage.bots import table_crib
from pegboard.cribbage.bots.discard import expected_hand
from pegboard.cribbage.bots.expert import CribbageExpert
from pegboard.cribbage.bots.lay_away import crib_value, side_crib
from pegboard.cribbage.bots.levels import (
    LEVELS,
    STRONG_SLIP,
    BeginnerBot,
    CasualBot,
    StrongBot,
    visible_points,
)
from pegboard.cribbage.bots.table_search import TablePeggingSearch, last_player
from pegboard.cribbage.determinize import PEG_REASONS, game_view, table_hidden_deal, table_view
from pegboard.games import make_bot

TABLE_LEVELS = (*LEVELS, "match-expert")


def _play(players: int, level: str, seed: int, whole: bool = True) -> list[str]:
    game = Game.new(seed=seed, players=players)
    bots = [make_bot("cribbage", level, seed=seed * 10 + s) for s in range(players)]
    moves = []
    while not game.is_over and (whole or game.hand_number == 1):
        seat = game.current_player
        assert seat is not None
        seen = game.observation(seat)
        action = bots[seat].act(seen)
        assert action in seen.legal_actions()
        game.apply(action, seat=seat)
        moves.append(f"{seat}:{action}")
    assert not whole or (game.result is not None and max(game.scores) >= 121)
    return moves


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("level", TABLE_LEVELS)
def test_c8_c12_each_level_plays_whole_games_legally_and_the_same_for_a_seed(
    level: str, players: int
) -> None:
    first = _play(players, level, seed=5)
    assert _play(players, level, seed=5) == first
    first_hand = _play(players, level, seed=5, whole=False)
    assert first[: len(first_hand)] == first_hand
    assert _play(players, level, seed=6, whole=False) != first_hand


# --- hidden information -----------------------------------------------------------------


def _swapped_deals(players: int, seed: int, pegging: bool) -> tuple[Game, Game]:
    """Two deals in which seat 0 holds the same cards (and at the pegging has laid the same
    card away, the starter the same) and every other seat (a partner too) other cards:
    seat 0, first to act, cannot tell them apart."""
    rng = random.Random(seed)
    deck = list(DECK)
    rng.shuffle(deck)
    size = 4 if pegging else 5
    mine, rest = deck[:size], deck[size:]
    fixed = [rest.pop(), rest.pop()] if pegging else []  # seat 0's crib card, the starter
    games = []
    for _ in range(2):
        rng.shuffle(rest)
        hands = [mine, *(rest[size * k : size * (k + 1)] for k in range(players - 1))]
        used = size * (players - 1)
        if pegging:
            pack = rest[used : used + (players == 3)]
            others = rest[used + len(pack) : used + len(pack) + players - 1]
            crib = [*pack, fixed[0], *others]
            game = Game.from_position(hands, dealer=players - 1, crib=crib, starter=fixed[1])
        else:
            pack = rest[used : used + (players == 3)]
            game = Game.from_position(hands, dealer=players - 1, crib=pack or None)
        games.append(game)
    return games[0], games[1]


@pytest.mark.parametrize("pegging", [False, True])
@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("level", TABLE_LEVELS)
def test_c9_a_bot_never_sees_the_other_hands_nor_its_partners(
    level: str, players: int, pegging: bool
) -> None:
    """The same observation gives the same choice whatever the others hold, at the lay-away
    and at the pegging's lead."""
    for seed in range(3):
        one, two = _swapped_deals(players, seed, pegging)
        assert one.hands[0] == two.hands[0] and one.hands[1:] != two.hands[1:]
        seen = one.observation(0)
        assert seen.to_dict() == two.observation(0).to_dict()
        bot_one = make_bot("cribbage", level, seed=seed)
        bot_two = make_bot("cribbage", level, seed=seed)
        assert bot_one.act(seen) is bot_two.act(two.observation(0))


@pytest.mark.parametrize("players", [3, 4])
def test_c9_the_hidden_deal_keeps_every_public_fact_and_reads_no_hidden_card(
    players: int,
) -> None:
    for seed in range(30):
        game = Game.new(seed=seed, players=players)
        rng = random.Random(seed)
        while not game.is_over and game.hand_number == 1:
            seat = game.current_player
            assert seat is not None
            view = game.observation(seat)
            if view.phase == "pegging":
                deal = table_hidden_deal(view, random.Random(seed))
                seen = {*view.hand, *view.discards, *(c for _, c in view.played)}
                assert view.starter is not None
                seen.add(view.starter)
                cards = [c for h in deal.hands for c in h] + list(deal.pack) + list(deal.stock)
                cards += [c for d in deal.discards for c in d]
                assert sorted(c.index for c in cards) == sorted(
                    c.index for c in DECK if c not in seen or c in (*view.hand, *view.discards)
                )
                for other in range(players):
                    assert len(deal.hands[other]) == view.hand_sizes[other]
                    assert all(c.value > view.held_above[other] for c in deal.hands[other])
                    assert len(deal.discards[other]) == (1 if view.discarded[other] else 0)
                assert deal.hands[seat] == view.hand
                # Drawn from the observation alone: the same for the same stream.
                assert deal == table_hidden_deal(view, random.Random(seed))
            action = GreedyLike.choose(game, rng)
            game.apply(action)


class GreedyLike:
    """Random legal play, to walk games through many positions."""

    @staticmethod
    def choose(game: Game, rng: random.Random) -> object:
        legal = game.legal_actions()
        return legal[rng.randrange(len(legal))]


# --- the search round a table ------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_c10_the_search_scores_a_forced_line_as_the_engine_does(players: int) -> None:
    """With one card or none in every hand, every line is forced: the search's value is
    the engine's, weighted for the seat's side (the go passing round the table, C10)."""
    checked = 0
    for seed in range(200):
        game = Game.new(seed=seed, players=players)
        rng = random.Random(seed)
        while not game.is_over and game.hand_number == 1:
            seat = game.current_player
            assert seat is not None
            if game.phase == "pegging" and max(len(h) for h in game.hands) <= 1:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if game.is_over or game.hand_number != 1:
            continue
        me = game.current_player
        assert me is not None
        view = game.observation(me)
        hands = [[c.rank for c in h] for h in game.hands]
        search = TablePeggingSearch(hands, me, view.dealer, view.scores, [0] * (players + 1))
        if search.endgame:
            continue
        pile = [c.rank for c in view.pile]
        args = (me, view.count, pile, view.said_go, last_player(view))
        values = search.root(*args)
        value = next(iter(values.values())) if values else search.go_value(*args)
        before = len(game.log)
        while not game.is_over and game.hand_number == 1 and game.phase == "pegging":
            game.apply(game.legal_actions()[0])
            if any(e.reason not in PEG_REASONS for e in game.log[before:]):
                break
        side = me % 2 if players == 4 else me
        margin = 0.0
        for event in game.log[before:]:
            if event.reason in PEG_REASONS:
                theirs = event.seat % 2 if players == 4 else event.seat
                weight = 1.0 if theirs == side else -1.0 / (1 if players == 4 else 2)
                margin += weight * event.points
        assert value == pytest.approx(margin), seed
        checked += 1
    assert checked >= 50


def test_c9_the_search_at_four_counts_the_partners_points_for_the_side() -> None:
    """Seat 0 leads a 4 or a 10 at 4-K-A-Q round the table: after the 4 its partner (seat
    2) makes fifteen with its ace (2 for the side); after the 10 the count reaches 21 and
    seat 3's queen makes 31 (2 for the other side)."""
    hands = [[4, 10], [13], [1], [12]]
    search = TablePeggingSearch(hands, 0, 3, (0, 0), [0, 0, 0, 0, 0])
    values = search.root(0, 0, [], (False,) * 4, 0)
    assert values[4] > values[10]
    assert search.weight == (1.0, -1.0, 1.0, -1.0)
    three = TablePeggingSearch([[4], [5], [6]], 0, 2, (0, 0, 0), [0, 0, 0, 0])
    assert three.weight == (1.0, -0.5, -0.5)


# --- the levels' characters ---------------------------------------------------------------


def _lay_away_position(players: int, seed: int, dealer: int) -> Game:
    """A fresh deal with ``dealer``; the seats before seat 0 have laid away."""
    game = Game.new(seed=seed, players=players, dealer=dealer)
    while game.current_player != 0:
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_beginner_keeps_the_four_that_show_most_fifteens_and_pairs(
    players: int,
) -> None:
    for seed in range(30):
        game = _lay_away_position(players, seed, dealer=players - 1)
        five = game.hands[0]
        choice = BeginnerBot().choose(game.observation(0), random.Random(seed))
        assert isinstance(choice, LayAway)
        best = max(visible_points([c for c in five if c is not card]) for card in five)
        assert visible_points([c for c in five if c is not choice.card]) == best


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_casual_keeps_the_best_hand_over_47_starters_blind_to_the_crib(
    players: int,
) -> None:
    for seed in range(20):
        choices = []
        for dealer in range(players):
            game = Game.new(seed=seed, players=players, dealer=players - 1)
            five = list(game.hands[0])
            others = [list(h) for h in game.hands[1:]]
            table = Game.from_position([five, *others], dealer=dealer, crib=game.crib or None)
            while table.current_player != 0:
                table.apply(table.legal_actions()[0])
            choices.append(CasualBot().choose(table.observation(0), random.Random(seed)))
        assert len(set(choices)) == 1  # the same card, whoever's the crib is
        unseen = [c for c in DECK if c not in five]
        best = max(expected_hand([c for c in five if c is not card], unseen) for card in five)
        card = choices[0].card  # type: ignore[attr-defined]
        assert expected_hand([c for c in five if c is not card], unseen) == pytest.approx(best)


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_strong_lays_away_as_the_expert_but_for_its_slips(players: int) -> None:
    same = 0
    cases = 80
    for seed in range(cases):
        game = _lay_away_position(players, seed, dealer=seed % players)
        seen = game.observation(0)
        strong = StrongBot().choose(seen, random.Random(seed))
        expert = CribbageExpert().choose(seen, random.Random(seed))
        if strong is expert:
            same += 1
        else:  # a slip: the best hand, blind to the crib (the casual's lay-away)
            five = seen.hand
            unseen = [c for c in DECK if c not in five]
            best = max(expected_hand([c for c in five if c is not k], unseen) for k in five)
            kept = [c for c in five if c is not strong.card]  # type: ignore[attr-defined]
            assert expected_hand(kept, unseen) == pytest.approx(best)
    assert cases * (1 - 1.5 / STRONG_SLIP) <= same < cases


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_expert_lays_away_for_its_sides_crib(players: int) -> None:
    """The crib is the dealer's side's: at four a partner's crib is the side's, so the same
    five cards are valued hand + crib when seat 0 or its partner deals (at three: seat 0
    itself), hand - crib when an opponent does; the choices differ on some deals, the card
    laid in the side's crib worth more in a crib than the one laid in another's."""
    own_dealers = (0, 2) if players == 4 else (0,)
    differ = 0
    for seed in range(40):
        deal = Game.new(seed=seed, players=players, dealer=players - 1)
        chosen = {}
        for dealer in range(players):
            game = Game.from_position(deal.hands, dealer=dealer, crib=deal.crib or None)
            while game.current_player != 0:
                game.apply(game.legal_actions()[0])
            rows = CribbageExpert().analyse(game.observation(0), random.Random(seed))
            own = dealer in own_dealers
            assert side_crib(players, 0, dealer) is own
            for row in rows:
                assert isinstance(row.action, LayAway)
                crib = crib_value(players, row.action.card.rank, own)
                assert row.details["crib"] == pytest.approx(crib, abs=1e-6)
                net = row.details["hand"] + (crib if own else -crib)
                assert row.value == pytest.approx(net)
            chosen[own] = rows[0].action
        if chosen[True] is not chosen[False]:
            differ += 1
    assert differ >= 3


# --- the crib tables for three and four ---------------------------------------------------

RANDOM_CRIB = 4.7692 - 2860 / 270725 * (4 + 9 / 48) + 2860 / 270725 * 9 / 48 * 5
"""The mean crib of four random cards and a random starter: the mean hand of five random
cards, 4.7692 (the published average cribbage hand, e.g. cribbagecorner.com's and
Cribbage Pro's 4.77), less the hand's four-card flush (the four of one suit: 4 x C(13,4)
= 2,860 of the C(52,4) = 270,725 fours; 4 points, 5 with one of the 9 starters of 48 of
that suit) and plus the crib's five-card flush (5, C6): 4.7349."""


@pytest.mark.parametrize("players", [3, 4])
def test_c6_the_uniform_crib_is_the_published_mean_of_a_random_crib(players: int) -> None:
    """Every other seat laying away any card alike, the crib is four random cards and a
    random starter whatever the rank laid: the 13 ranks' mean is the published one,
    within four of the stored standard errors."""
    uniform = getattr(table_crib, f"UNIFORM{players}")
    errors = getattr(table_crib, f"UNIFORM{players}_SE")
    error = sum(e * e for e in errors) ** 0.5 / 13
    assert 0.004 < error < 0.01
    assert abs(sum(uniform) / 13 - RANDOM_CRIB) < 4 * error


def test_c8_c9_the_generator_gives_the_stored_crib_tables_back() -> None:
    """``benchmarks/gen_table_crib.py`` recomputes a stored cell exactly (its seeded stream,
    the stored policy), and an uniform cell with its standard error."""
    from benchmarks.gen_table_crib import cell, check_cell

    new, old = check_cell(3, True, 5)
    assert new == old
    mean, error = cell(4, True, 13, None, table_crib.SAMPLES, "uniform")
    assert float(f"{mean:.6f}") == table_crib.UNIFORM4[12]
    assert float(f"{error:.6f}") == table_crib.UNIFORM4_SE[12]


@pytest.mark.parametrize(("players", "own", "rank"), [(4, False, 7), (3, False, 5)])
def test_c8_c9_the_stored_errors_hold_on_fresh_deals(players: int, own: bool, rank: int) -> None:
    """A cell estimated again on other deals (another seed, the stored policy) agrees with
    the stored value within four standard errors of the difference: the stated error is
    the estimate's; and the final tables are the policy's fixed point within 0.2 points
    (the iteration's last change, mostly the noise of its smaller samples)."""
    from benchmarks.gen_table_crib import cell, stored_policy

    name = f"{'OWN' if own else 'OPP'}{players}"
    stored = getattr(table_crib, name)[rank - 1]
    stored_error = getattr(table_crib, f"{name}_SE")[rank - 1]
    mean, error = cell(players, own, rank, stored_policy(), 4000, "fresh")
    assert abs(mean - stored) < 4 * (error**2 + stored_error**2) ** 0.5
    for key in ("OWN3", "OPP3", "OWN4", "OPP4"):
        final, policy = getattr(table_crib, key), getattr(table_crib, f"POLICY_{key}")
        assert max(abs(a - b) for a, b in zip(final, policy, strict=True)) < 0.2


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_the_two_player_searches_refuse_a_table_and_name_the_levels_that_play(
    players: int,
) -> None:
    """The two-player game's sampler and determinization (ISMCTS's, the reports') refuse a
    table of three or four in words that send the player to the levels, which play it."""
    game = Game.new(seed=1, players=players)
    with pytest.raises(WordedError, match=r"\(C8, C9\) choose one of the levels from random"):
        game.sample_hidden(0, random.Random(0))
    with pytest.raises(WordedError, match=r"\(C8, C9\) choose one of the levels from random"):
        game_view(game.observation(0))
    assert table_view(game.observation(0)).num_players == players


def test_c10_a_time_limit_round_a_table_still_searches_one_deal_and_plays_legally() -> None:
    game = Game.new(seed=3, players=4)
    bot = CribbageExpert(time_limit=1e-9)
    rng = random.Random(3)
    while not game.is_over and game.hand_number == 1:
        seat = game.current_player
        assert seat is not None
        seen = game.observation(seat)
        action = bot.choose(seen, rng)
        assert action in seen.legal_actions()
        game.apply(action, seat=seat)
    assert game.hand_number == 2 or game.is_over
