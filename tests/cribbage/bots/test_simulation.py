"""The simulation player of issue 43 (``pegboard.cribbage.bots.simulation``), a research
level to measure the expert against: legal and seeded, blind to what its seat cannot see,
its simulated hand values agreeing with the exact ones, its pegging rules the engine's,
and the plays a simulation cannot miss (a pair royal, a 31, keeping 5-5-5-J)."""

from __future__ import annotations

import random

import pytest

from pegboard.cribbage import DECK, Discard, Game, Play, parse_cards
from pegboard.cribbage.bots.discard import expected_hand
from pegboard.cribbage.bots.pegging_estimate import greedy_playout
from pegboard.cribbage.bots.simulation import (
    DISCARD_SIMULATIONS,
    PEGGING_SIMULATIONS,
    SimulationPlayer,
    discard_evaluations,
)
from pegboard.cribbage.determinize import PEG_REASONS
from pegboard.games import bot_levels, make_bot
from pegboard.games import get as get_game
from pegboard.hints import strongest_analyser

SMALL = {"discard_simulations": 24, "pegging_simulations": 48}
"""Budgets that keep the whole-hand tests quick."""


def _at_discard(mine: str, theirs: str, dealer: int) -> Game:
    """Seat 0 to discard ``mine``: when it deals, the pone (seat 1) has laid away its
    first two cards already (the pone discards first)."""
    game = Game.from_position([mine, theirs], dealer=dealer)
    if dealer == 0:
        game.apply(Discard(*parse_cards(theirs)[:2]), seat=1)
    assert game.current_player == 0
    return game


def _play_hand(seed: int, bot_seed: int) -> list[str]:
    """One hand from 0-0 with the simulation player at both seats; every action checked
    legal. The moves, in order."""
    game = Game.new(seed=seed, dealer=seed % 2)
    bots = [SimulationPlayer(**SMALL) for _ in range(2)]
    rngs = [random.Random(bot_seed + s) for s in range(2)]
    moves = []
    while not game.is_over and game.hand_number == 1:
        seat = game.current_player
        assert seat is not None
        seen = game.observation(seat)
        action = bots[seat].choose(seen, rngs[seat])
        assert action in seen.legal_actions(), (seed, str(action))
        game.apply(action, seat=seat)
        moves.append(str(action))
    return moves


def test_c2_c5_every_action_is_legal_over_many_seeded_hands() -> None:
    for seed in range(30):
        _play_hand(seed, bot_seed=1000 + seed)


def test_the_same_seed_and_observation_give_the_same_choice() -> None:
    assert _play_hand(7, bot_seed=3) == _play_hand(7, bot_seed=3)
    game = Game.from_position(["2H 3D 4C 6S 9H KD", "AS 5C 7D 8H JC QS"], dealer=1)
    seen = game.observation(0)
    bot = SimulationPlayer(discard_simulations=40)
    first = bot.evaluations(seen, random.Random(11))
    again = bot.evaluations(seen, random.Random(11))
    assert [(e.action, e.value) for e in first] == [(e.action, e.value) for e in again]
    assert bot.choose(seen, random.Random(11)) == first[0].action


def test_it_never_reads_the_cards_its_seat_cannot_see() -> None:
    """Two positions seat 0 cannot tell apart (the other hand differs): the same values,
    the same choice, at the discard and in the pegging. Each position is the only one
    alive while the bot thinks, so that a bot that found its way to it would differ."""
    mine = "2H 3D 4C 6S 9H KD"
    discards = []
    for theirs in ("AS 5C 7D 8H JC QS", "5S 5H 10C JD QD KS"):
        game = Game.from_position([mine, theirs], dealer=1, seed=5)
        bot = SimulationPlayer(discard_simulations=60)
        rows = bot.evaluations(game.observation(0), random.Random(2))
        discards.append([(e.action, e.value) for e in rows])
        del game
    assert discards[0] == discards[1]
    # The pegging: seat 1 leads a king in both; seat 0 to play, with different cards hidden.
    pegs = []
    for theirs in ("KS 5C 7D 8H", "KS 9C 10D QH"):
        game = Game.from_position(
            ["2H 3D 4C 6S", theirs], dealer=0, crib="9H KD AS JC", starter="QS", seed=5
        )
        game.apply(Play(parse_cards("KS")[0]), seat=1)
        bot = SimulationPlayer(pegging_simulations=200)
        rows = bot.evaluations(game.observation(0), random.Random(3))
        choice = bot.choose(game.observation(0), random.Random(3))
        pegs.append(([(e.action, e.value) for e in rows], choice))
        del game
    assert pegs[0] == pegs[1]


@pytest.mark.parametrize("dealer", [0, 1])
def test_c6_its_simulated_hands_agree_with_the_exact_mean_over_the_46_starters(
    dealer: int,
) -> None:
    """Each discard's simulated hand (the starter cut from the 46 unseen cards, the other
    seat's six taken out first) against the exact mean over the 46 starters: within four
    standard errors of a hand's spread (about 2.5 points) over 1,500 worlds."""
    six = parse_cards("2H 3D 4C 6S 9H KD")
    game = _at_discard("2H 3D 4C 6S 9H KD", "AS 5C 7D 8H JC QS", dealer)
    seen = game.observation(0)
    worlds = 1500
    rows = discard_evaluations(seen, seen.legal_actions(), random.Random(43), worlds)
    mask = 0
    for card in six:
        mask |= card.bit
    unseen = [c for c in DECK if not mask & c.bit]
    tolerance = 4 * 2.5 / worlds**0.5
    for row in rows:
        assert isinstance(row.action, Discard)
        kept = [c for c in six if c not in row.action.cards]
        assert row.details["hand"] == pytest.approx(expected_hand(kept, unseen), abs=tolerance)
        assert row.details["simulations"] == worlds
        sign = 1 if dealer == 0 else -1
        parts = row.details["hand"] + sign * row.details["crib"] + row.details["pegging"]
        assert row.value == pytest.approx(parts - row.details["their hand"])


@pytest.mark.parametrize("dealer", [0, 1])
def test_c2_it_keeps_five_five_five_jack(dealer: int) -> None:
    """Three fives and a jack: 14 points at least in hand, far more than any other four
    (the ace and the eight add nothing to them); for its own crib or against it, it keeps
    them."""
    game = _at_discard("5H 5D 5C JS AC 8D", "AS 2C 7D 8H 3C QS", dealer)
    choice = SimulationPlayer(discard_simulations=64).choose(game.observation(0), random.Random(1))
    assert choice == Discard(*parse_cards("AC 8D"))


def _pegging_game(mine: str, theirs: str, plays: list[tuple[int, str]]) -> Game:
    """Seat 0 the pone, after ``plays`` (seat, card) from the pegging's start."""
    game = Game.from_position([mine, theirs], dealer=1, crib="9H KD AS JC", starter="QS")
    for seat, card in plays:
        game.apply(Play(parse_cards(card)[0]), seat=seat)
    return game


def test_c4_it_pegs_the_pair_royal() -> None:
    """7 led, 7 paired: the third 7 is a pair royal (6), the king and queen nothing."""
    game = _pegging_game("7H 7D KS QC", "7S 2C 4D 9S", [(0, "7H"), (1, "7S")])
    seen = game.observation(0)
    rows = SimulationPlayer(pegging_simulations=300).evaluations(seen, random.Random(4))
    assert rows[0].action == Play(parse_cards("7D")[0])
    assert rows[0].value > rows[1].value + 4  # the 6 points, less what may follow
    assert SimulationPlayer().choose(seen, random.Random(4)) == rows[0].action


def test_c4_it_pegs_thirty_one() -> None:
    """At 21 the ten makes 31 (2); the ace leaves 22 and nothing."""
    game = _pegging_game("AH 10D 4C 2S", "5S 8S 3D QH", [(0, "4C"), (1, "QH"), (0, "2S")])
    game.apply(Play(parse_cards("5S")[0]), seat=1)  # 4 + 10 + 2 + 5 = 21
    seen = game.observation(0)
    assert seen.count == 21
    rows = SimulationPlayer(pegging_simulations=300).evaluations(seen, random.Random(6))
    assert rows[0].action == Play(parse_cards("10D")[0])
    assert rows[0].value > rows[1].value + 1
    assert SimulationPlayer().choose(seen, random.Random(6)) == rows[0].action


def test_c4_c5_its_playouts_score_the_pegging_as_the_engine_does() -> None:
    """From every pegging position of greedy hands (ties to the lowest rank), the playout
    of both true hands predicts the pegging points the engine then gives each seat."""
    checked = 0
    for seed in range(40):
        game = Game.new(seed=seed, dealer=seed % 2)
        rng = random.Random(seed)
        while game.phase == "discard":
            seat = game.current_player
            assert seat is not None
            legal = game.observation(seat).legal_actions()
            game.apply(legal[rng.randrange(len(legal))], seat=seat)
        predictions = []
        while game.phase == "pegging":
            seat = game.current_player
            assert seat is not None
            seen = game.observation(seat)
            hands = ([c.rank for c in seen.hand], [c.rank for c in game.hands[1 - seat]])
            last = -1 if not seen.pile else (0 if seen.played[-1][0] == seat else 1)
            said = (seen.said_go[seat], seen.said_go[1 - seat])
            pile = [c.rank for c in seen.pile]
            margin = greedy_playout(hands, 0, seen.count, pile, said, last)
            pegged = _pegged(game)
            predictions.append((seat, margin, pegged))
            plays = [a for a in seen.legal_actions() if isinstance(a, Play)]
            if plays:  # the greedy play of the playout: most points now, the lowest rank
                action = max(plays, key=lambda p: (_points_now(pile, seen.count, p), -p.card.rank))
            else:
                action = seen.legal_actions()[0]
            game.apply(action, seat=seat)
        final = _pegged(game)
        for seat, margin, pegged in predictions:
            gained = [final[s] - pegged[s] for s in (0, 1)]
            assert margin == gained[seat] - gained[1 - seat], seed
            checked += 1
    assert checked > 200


def _points_now(pile: list[int], count: int, play: Play) -> int:
    from pegboard.cribbage.scoring import peg_rank_points

    value = min(play.card.rank, 10)
    return peg_rank_points([*pile, play.card.rank], count + value)


def _pegged(game: Game) -> list[int]:
    """Each seat's pegging points in the first hand (the next may be dealt already)."""
    points = [0, 0]
    for event in game.log:
        if event.hand == 1 and event.reason in PEG_REASONS:
            points[event.seat] += event.points
    return points


def test_budgets_and_the_forced_play() -> None:
    bot = SimulationPlayer()
    assert (bot.discard_simulations, bot.pegging_simulations) == (320, 1800)
    assert (DISCARD_SIMULATIONS, PEGGING_SIMULATIONS) == (320, 1800)
    bot.budget = 640  # the arena's simulation@640: the pegging's in proportion
    assert (bot.budget, bot.pegging_simulations) == (640, 3600)
    with pytest.raises(ValueError, match="at least 1"):
        SimulationPlayer(discard_simulations=0)
    with pytest.raises(ValueError, match="seconds"):
        SimulationPlayer(time_limit=0)
    # A go, the one legal action: taken without a random number drawn.
    game = _pegging_game("QH KS QC 10S", "5S 5C 5D 5H", [(0, "QH"), (1, "5S"), (0, "KS")])
    game.apply(Play(parse_cards("5C")[0]), seat=1)  # 30: seat 0 must say go
    seen = game.observation(0)
    assert len(seen.legal_actions()) == 1
    rng = random.Random(9)
    state = rng.getstate()
    assert bot.choose(seen, rng) == seen.legal_actions()[0]
    assert rng.getstate() == state


def test_a_time_limit_still_simulates_once_and_plays_legally() -> None:
    game = Game.from_position(["2H 3D 4C 6S 9H KD", "AS 5C 7D 8H JC QS"], dealer=1)
    seen = game.observation(0)
    bot = SimulationPlayer(time_limit=1e-9)
    rows = bot.evaluations(seen, random.Random(1))
    assert rows[0].details["simulations"] >= 1
    assert bot.choose(seen, random.Random(1)) in seen.legal_actions()


def test_it_is_a_research_level_for_measuring_only() -> None:
    levels = bot_levels("cribbage")
    assert "simulation" in levels and levels.index("simulation") < levels.index("expert")
    assert "simulation" not in get_game("cribbage").people_levels()
    assert strongest_analyser(get_game("cribbage")) == "expert"
    bot = make_bot("cribbage", "simulation", seed=1)
    assert isinstance(bot.bot, SimulationPlayer) and bot.name == "simulation"
