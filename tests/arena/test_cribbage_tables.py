"""The arena's cribbage among three (C8) and four in partnerships (C9): ``--players 3|4``,
partners seated opposite (A, B, A, B) in every seating of a duplicate deal, each paid its
side's points."""

from __future__ import annotations

import pytest

from pegboard.arena import ArenaConfig, plan, run_arena
from pegboard.cribbage import Game
from pegboard.games import make_bot


def _played(
    config: ArenaConfig, seed: int, seating: tuple[int, ...], seeds: tuple[int, ...]
) -> Game:
    """A deal played by hand as the arena plays it: one hand from 0-0."""
    players = config.players
    bots = [make_bot("cribbage", config.bots[seating[s]], seed=seeds[s]) for s in range(players)]
    game = Game.new(seed=seed, dealer=seed % players, players=players)
    while not (game.is_over or game.hand_number != 1):
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat)))
    return game


def test_c9_the_arena_seats_partners_opposite_and_pays_each_its_sides_points() -> None:
    bots = ("greedy", "random", "greedy", "random")
    config = ArenaConfig("cribbage", bots, deals=4, duplicate=True, seed=5)
    results = run_arena(config)
    assert len(results) == 4 * config.deals  # every seating of every deal
    for task, result in zip(plan(config), results, strict=True):
        seat_of = {entrant: seat for seat, entrant in enumerate(task.seating)}
        assert (seat_of[0] - seat_of[2]) % 4 == 2 and (seat_of[1] - seat_of[3]) % 4 == 2
        game = _played(config, task.seed, task.seating, task.bot_seeds)
        side = [game.scores[seat % 2] for seat in range(4)]
        assert result.points == tuple(side[seat_of[e]] for e in range(4))
        assert result.points[0] == result.points[2] and result.points[1] == result.points[3]


@pytest.mark.parametrize("players", [3, 4])
def test_c8_c9_duplicate_deals_rotate_every_entrant_through_every_seat(players: int) -> None:
    bots = ("greedy", "random", "random", "greedy")[:players]
    config = ArenaConfig("cribbage", bots, deals=3, duplicate=True, seed=9)
    results = run_arena(config)
    for deal in range(config.deals):
        plays = [r for r in results if r.deal == deal]
        assert len({p.seed for p in plays}) == 1
        assert {p.seating for p in plays} == {
            tuple((seat - rotation) % players for seat in range(players))
            for rotation in range(players)
        }
    for task, result in zip(plan(config), results, strict=True):
        game = _played(config, task.seed, task.seating, task.bot_seeds)
        seat_of = {entrant: seat for seat, entrant in enumerate(task.seating)}
        if players == 3:
            assert result.points == tuple(game.scores[seat_of[e]] for e in range(3))


def _options_played(
    seed: int, bots: tuple[str, str], seeds: tuple[int, ...], **options: int
) -> Game:
    """A deal of two played by hand as the arena plays it, under a table's options."""
    game = Game.new(seed=seed, dealer=seed % 2, **options)
    players = [make_bot("cribbage", bots[s], seed=seeds[s]) for s in range(2)]
    while not (game.is_over or game.hand_number != 1):
        seat = game.current_player
        assert seat is not None
        game.apply(players[seat].act(game.observation(seat)))
    return game


def test_c13_the_arena_deals_five_card_cribbage_when_asked() -> None:
    config = ArenaConfig(
        "cribbage", ("greedy", "random"), deals=6, seed=13, options=(("cards", 5),)
    )
    for task, result in zip(plan(config), run_arena(config), strict=True):
        bots = (config.bots[task.seating[0]], config.bots[task.seating[1]])
        five = _options_played(task.seed, bots, task.bot_seeds, cards=5)
        six = _options_played(task.seed, bots, task.bot_seeds)
        assert len(five.shows[0].hands[0]) == 3  # five dealt, two laid away (C13)
        seat_of = {entrant: seat for seat, entrant in enumerate(task.seating)}
        assert result.points == tuple(five.scores[seat_of[e]] for e in range(2))
        assert five.scores != six.scores or five.shows[0] != six.shows[0]


def test_c18_the_arena_has_the_bots_claim_their_shows_with_muggins() -> None:
    # The beginner forgets his nobs and a flush (bots/claims.py): over some deals a claim
    # misses points and the other bot mugs them, which the engine's own count never does.
    config = ArenaConfig(
        "cribbage", ("beginner", "greedy"), deals=40, seed=18, options=(("muggins", 1),)
    )
    mugged = 0
    for task, result in zip(plan(config), run_arena(config), strict=True):
        bots = (config.bots[task.seating[0]], config.bots[task.seating[1]])
        game = _options_played(task.seed, bots, task.bot_seeds, muggins=1)
        seat_of = {entrant: seat for seat, entrant in enumerate(task.seating)}
        assert result.points == tuple(game.scores[seat_of[e]] for e in range(2))
        mugged += sum(1 for event in game.log if event.reason == "muggins")
    assert mugged > 0
