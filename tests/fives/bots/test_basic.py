"""The Fives family's bots: levels registered, legal moves only, greedy's immediate score,
the playouts against the engine, and blindness to hidden tiles."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from pegboard.bots.budget import set_budget
from pegboard.dominoes.actions import DRAW, PASS, Action, Play
from pegboard.dominoes.ranks import ORDER, RANK_BIT
from pegboard.dominoes.tiles import Tile
from pegboard.fives.bots.basic import FivesGreedy, play_points
from pegboard.fives.bots.playout import FivesPlayout
from pegboard.fives.hand import FivesHand
from pegboard.fives.observation import FivesObservation
from pegboard.fives.rules import GAMES, FivesRules
from pegboard.games import bot_levels, make_bot

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
def test_f1_levels_are_registered(game: str) -> None:
    assert bot_levels(game) == (
        "random",
        "greedy",
        "beginner",
        "casual",
        "strong",
        "match-expert",
        "expert",
    )


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


def _credited(hand: FivesHand, action: Action) -> int:
    """What the engine credits ``action`` with: the points its move scores (F7-F9)."""
    trial = hand.copy()
    trial.apply(action)
    return trial.history[-1].points


def _bits(tiles: tuple[Tile, ...]) -> int:
    return sum(RANK_BIT[t.index] for t in tiles)


def _follow(hand: FivesHand) -> int:
    """Step the playout's policy and the engine together to the end of the hand, the
    playout's every move applied to ``hand`` as the engine's action; every step the two
    must agree on the move's legality and points, the layout's open ends and total, the
    hands, the scores and the seat to play, and at the end on how and by whom the hand
    ended (F8, F9). Returns the number of moves."""
    playout = _playout(hand)
    whole = playout.copy()
    whole.run()  # the hot loop, for its end to be compared with the steps'
    slots = list(hand.layout.open_ends())  # playout slot i is the engine's end slots[i]
    moves = 0
    while playout.over is None:
        assert not hand.is_over and playout.current == hand.current_player
        legal = hand.legal_actions()
        rank, slot = playout.choice()
        if rank >= 0:
            action: Action = Play(ORDER[rank], None if slot < 0 else slots[slot])
            assert action in legal
            credited = {a: _credited(hand, a) for a in legal}
            assert credited[action] == max(credited.values())  # the best now (F7)
            worth = playout.worth(rank, slot)
        else:
            assert len(legal) == 1 and legal[0] is (DRAW if playout.taken < playout.limit else PASS)
            action = legal[0]
        before = set(hand.layout.open_ends())
        playout.step()
        hand.apply(action)
        moves += 1
        if isinstance(action, Play):
            assert hand.history[-1].points == worth
            after = hand.layout.open_ends()
            if slot < 0:  # the lead: a double's sides A and B, else its high then low end
                if action.tile.is_double:
                    slots = list(after)
                else:
                    slots = sorted(after, key=lambda e: e.value != action.tile.high)
            else:
                new = [e for e in after if e not in before - {slots[slot]}]
                slots[slot] = next(e for e in new if e.tile == action.tile)
                slots += sorted((e for e in new if e.tile != action.tile), key=lambda e: e.side)
            assert sorted(slots) == sorted(after) and len(slots) == len(after)
            assert [e.value for e in slots] == playout.values
            assert playout.total == hand.layout.ends_total()  # F6
        assert playout.hands == [_bits(tiles) for tiles in hand.hands]
        assert playout.scores == list(hand.scores)
    result = hand.result
    assert result is not None and playout.over == result.kind
    assert playout.by == (-1 if result.by is None else result.by)
    assert (whole.over, whole.by, whole.scores) == (playout.over, playout.by, playout.scores)
    assert whole.hands == playout.hands
    return moves


def test_f4_f8_f9_playouts_follow_the_engine_to_the_end() -> None:
    """For many seeded positions of every table and option (the sides' scores often near
    the target), the playout's policy and the engine, given the same moves step by step,
    agree on every move, its points, the layout, the hands and scores, and the end."""
    ends: dict[str, int] = {}
    moves = 0
    for seed in range(400):
        hand = _random_position(seed)
        if hand.is_over:
            continue
        moves += _follow(hand)
        assert hand.result is not None
        ends[hand.result.kind] = ends.get(hand.result.kind, 0) + 1
    assert moves > 3000 and min(ends.get(k, 0) for k in ("domino", "blocked", "target")) > 10, ends


def credited_positions(
    count: int,
) -> Iterator[tuple[int, FivesHand, FivesObservation, dict[Action, int]]]:
    """The seeded positions in play among the first ``count``: each with its seed, the
    seat to play's observation, and every legal action with the points the engine credits."""
    for seed in range(count):
        hand = _random_position(seed)
        if hand.is_over:
            continue
        seat = hand.current_player
        assert seat is not None
        yield (
            seed,
            hand,
            hand.observation(seat),
            {a: _credited(hand, a) for a in hand.legal_actions()},
        )


def test_f7_f9_greedy_takes_the_best_immediate_score_the_engine_credits() -> None:
    """In many seeded positions the greedy bot's play scores, as the engine credits it,
    the most of any legal action (past 61 in Fives and Threes a play scores nothing, F9);
    among equal best plays the seeded stream chooses, the same seed the same play."""
    ties = 0
    for seed, _hand, view, credited in credited_positions(400):
        choice = FivesGreedy().choose(view, random.Random(seed))
        assert choice in credited
        best = max(credited.values())
        assert credited[choice] == best, (seed, choice, credited)
        if isinstance(choice, Play):
            assert play_points(view, choice) == credited[choice]
        tied = [a for a, points in credited.items() if points == best]
        if len(tied) > 1:
            ties += 1
            picks = {FivesGreedy().choose(view, random.Random(k)) for k in range(12)}
            assert picks <= set(tied) and len(picks) > 1
            assert FivesGreedy().choose(view, random.Random(seed)) == choice
    assert ties > 20


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 4])
def test_f4_every_level_plays_only_legal_actions(game: str, players: int) -> None:
    rules = FivesRules(game, players)  # type: ignore[arg-type]
    for seed in range(3):
        hand = FivesHand.deal(rules, seed=seed, leader=seed % players)
        levels = bot_levels(game)
        bots = [
            make_bot(game, levels[(seed * players + s) % len(levels)], seed=seed + s)
            for s in range(players)
        ]
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
