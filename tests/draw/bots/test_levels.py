"""Draw's levels for people (``draw_levels``): registered in order, legal, seeded, each the
policy it says it is, and blind: a level's choice depends on the seat's observation only.

Their strength (each beating the one below) is measured in the arena
(benchmarks/bench_draw_expert.py ``--ladder``), their decision times there too.
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from pegboard.bots import SeededBot
from pegboard.bots.base import Bot
from pegboard.core import Action, Observation
from pegboard.draw import DRAW, Play, Round, Tile
from pegboard.draw.bots.levels import (
    SLIP,
    BeginnerBot,
    CasualBot,
    ExpertBot,
    StrongBot,
    casual_choice,
)
from pegboard.draw.observation import DrawObservation
from pegboard.games import bot_levels, make_bot
from pegboard.games.levels import PEOPLE_LEVELS
from tests.draw.bots.test_expert import play_round
from tests.draw.helpers import line_of, tiles

BUDGET = 40
"""Iterations for the searching levels here: quick, and enough to search."""


def small(level: str, seed: int) -> SeededBot:
    bot = make_bot("draw", level, seed=seed)
    if hasattr(bot.bot, "budget"):
        bot.bot.budget = BUDGET
    return bot


def test_the_four_levels_are_registered_weakest_first() -> None:
    levels = bot_levels("draw")
    assert PEOPLE_LEVELS == ("beginner", "casual", "strong", "expert")
    assert [lv for lv in levels if lv in PEOPLE_LEVELS] == list(PEOPLE_LEVELS)
    assert {"random", "greedy"} <= set(levels)  # kept for tests and research
    for level in PEOPLE_LEVELS:
        assert make_bot("draw", level, seed=1).name == level
    assert levels.index("expert") > levels.index("pimc")  # the strongest last of the two


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", PEOPLE_LEVELS)
def test_every_level_plays_legal_actions_through_a_round(level: str, players: int) -> None:
    for deal in range(2):
        round_ = Round.deal(players, seed=deal + 30)
        play_round(round_, [small(level, 10 * deal + s) for s in range(players)])


def play(level: str, seed: int) -> list[str]:
    round_ = Round.deal(3, seed=9)
    bots = [small(level, seed + s) for s in range(3)]
    while not round_.is_over:
        seat = round_.current_player
        assert seat is not None
        round_.apply(bots[seat].act(round_.observation(seat)))
    return [str(m) for m in round_.history]


@pytest.mark.parametrize("level", PEOPLE_LEVELS)
def test_the_same_seed_gives_the_same_choices(level: str) -> None:
    assert play(level, 1) == play(level, 1)


@pytest.mark.parametrize("level", ["beginner", "strong", "expert"])
def test_other_seeds_give_other_choices(level: str) -> None:
    assert len({tuple(play(level, seed)) for seed in range(6)}) > 1


# -- blindness ----------------------------------------------------------------------------


def positions(count: int) -> list[Round]:
    """Rounds in play with a real choice for the seat to move, from seeded random play."""
    found = []
    deal = 0
    rng = random.Random(4)
    while len(found) < count:
        round_ = Round.deal(2 + deal % 3, seed=200 + deal)
        deal += 1
        while not round_.is_over:
            if len(round_.legal_actions()) > 1 and rng.random() < 0.25:
                found.append(round_.copy())
            legal = round_.legal_actions()
            round_.apply(legal[rng.randrange(len(legal))])
    return found[:count]


def blind_check(make: Any, count: int = 25) -> int:
    """Per position, the seat's choice with the hidden tiles as dealt and as dealt again
    (``Round.sample_hidden``: other hands and stock the seat cannot tell apart), with the
    same seed. Returns how many positions gave different choices (0 for a blind bot)."""
    differ = 0
    for k, round_ in enumerate(positions(count)):
        seat = round_.current_player
        assert seat is not None
        other = round_.sample_hidden(seat, random.Random(k))
        assert other.observation(seat) == round_.observation(seat)
        assert other.hands != round_.hands or other.stock != round_.stock
        first = make(round_).choose(round_.observation(seat), random.Random(k))
        second = make(other).choose(other.observation(seat), random.Random(k))
        differ += first != second
    return differ


@pytest.mark.parametrize("level", PEOPLE_LEVELS)
def test_a_level_decides_from_the_observation_alone(level: str) -> None:
    def make(round_: Round) -> Bot:
        bot = make_bot("draw", level, seed=0).bot
        if hasattr(bot, "budget"):
            bot.budget = BUDGET
        return bot

    assert blind_check(make) == 0


class Peeker:
    """A bot that cheats: it plays the tile that the next seat could not answer, knowing
    the next hand (what a leak of hidden tiles would let a bot do)."""

    name = "peeker"

    def __init__(self, round_: Round) -> None:
        self.round = round_

    def choose(self, observation: Observation, rng: random.Random) -> Action:
        assert isinstance(observation, DrawObservation)
        nxt = (observation.seat + 1) % observation.num_players
        held = self.round.hands[nxt]
        legal = observation.legal_actions()
        for action in legal:
            if isinstance(action, Play) and action.end is not None:
                left = action.tile.other(action.end.value)
                if not any(t.has(left) for t in held):
                    return action
        return legal[-1]


def test_the_blindness_check_catches_a_bot_that_reads_hidden_tiles() -> None:
    assert blind_check(Peeker) > 0


# -- each level is the policy it says ------------------------------------------------------


def test_d7_beginner_never_draws_while_it_can_play() -> None:
    round_ = Round.from_position(
        [tiles("1-2 6-6 0-0"), tiles("3-4 2-5")],
        tiles("4-4 5-5 3-3 1-1"),
        line=line_of(("1-6", None)),
    )
    observation = round_.observation(0)
    assert DRAW in observation.legal_actions()
    for seed in range(20):
        assert isinstance(BeginnerBot().choose(observation, random.Random(seed)), Play)
        assert isinstance(CasualBot().choose(observation, random.Random(seed)), Play)


def test_d6_strong_never_draws_while_it_can_play_and_still_values_the_draw() -> None:
    """Strong plays when it can (``voluntary_draws`` False): a draw it may make (D6) is not
    its choice, on either set, at 2 to 4 players, in partnerships too; but its ``analyse``
    (a hint at its level) still values the draw, as every legal action. Drawing while it
    could play in about one turn in five, it lost to casual at four on the double-nine
    set (docs/bots.md)."""
    could, values = 0, []
    for players, tile_set, partnerships in ((2, 6, False), (3, 9, False), (4, 9, True)):
        rng = random.Random(players)
        for deal in range(12):
            round_ = Round.deal(players, seed=deal, tile_set=tile_set, partnerships=partnerships)
            while not round_.is_over:
                seat = round_.current_player
                assert seat is not None
                observation = round_.observation(seat)
                legal = observation.legal_actions()
                if DRAW in legal and len(legal) > 1:
                    could += 1
                    chosen = StrongBot(budget=BUDGET).choose(observation, random.Random(could))
                    assert isinstance(chosen, Play), (players, tile_set, deal)
                    if could % 10 == 0:
                        ranked = StrongBot(budget=BUDGET).analyse(observation, rng)
                        values += [e.value for e in ranked if e.action == DRAW]
                round_.apply(legal[rng.randrange(len(legal))])
    assert could > 100 and values and all(math.isfinite(v) for v in values)


def test_d6_d26_the_expert_plays_rather_than_draws_at_three_or_four_on_the_double_nine_set() -> (
    None
):
    """The expert keeps its voluntary draws (D6) between two and on the double-six set, and
    plays whenever it can at three or four on the double-nine set (D26's stock of 34 or 27
    tiles), where drawing so put it below strong (docs/bots.md)."""
    expert = ExpertBot(budget=BUDGET)
    for players, tile_set, partnerships, draws in (
        (2, 6, False, True),
        (4, 6, True, True),
        (2, 9, False, True),
        (3, 9, False, False),
        (4, 9, False, False),
        (4, 9, True, False),
    ):
        round_ = Round.deal(players, seed=1, tile_set=tile_set, partnerships=partnerships)
        assert expert.draws_voluntarily(round_.observation(0)) is draws
    could = 0
    for deal in range(6):
        round_ = Round.deal(3, seed=deal, tile_set=9)
        rng = random.Random(deal)
        while not round_.is_over:
            seat = round_.current_player
            assert seat is not None
            observation = round_.observation(seat)
            legal = observation.legal_actions()
            if DRAW in legal and len(legal) > 1 and rng.random() < 0.3:
                could += 1
                assert isinstance(expert.choose(observation, random.Random(could)), Play)
            round_.apply(legal[rng.randrange(len(legal))])
    assert could > 10


def test_beginner_lays_the_first_tile_that_fits_the_end_it_looks_at() -> None:
    # Ends 1 and 6; hand in order [1|2], [6|6], [0|0]: on the 1 it lays [1|2], on the 6
    # [6|6]; it looks at the first open end (B4 order) two times in three.
    round_ = Round.from_position(
        [tiles("1-2 6-6 0-0"), tiles("3-4 2-5")],
        tiles("4-4 5-5 3-3 1-1"),
        line=line_of(("1-6", None)),
    )
    observation = round_.observation(0)
    first = observation.line.open_values()[0]  # the end it means to look at
    meant = Tile(1, 2) if first == 1 else Tile(6, 6)
    chosen = [BeginnerBot().choose(observation, random.Random(s)) for s in range(300)]
    tiles_laid = {str(c.tile) for c in chosen if isinstance(c, Play)}
    assert tiles_laid == {str(Tile(1, 2)), str(Tile(6, 6))}
    right = sum(1 for c in chosen if isinstance(c, Play) and c.tile == meant)
    assert 150 < right < 250  # about 200: the wrong end a third of the time


def test_casual_plays_its_heaviest_tile_keeping_the_number_it_holds_more_of() -> None:
    # Ends 2 and 5: [2|5] fits both; laid on the 2 it leaves 5 and 5 open, on the 5 it
    # leaves 2 and 2. Casual holds two more fives ([5|5], [0|5]): it keeps the fives.
    round_ = Round.from_position(
        [tiles("2-5 5-5 0-5 0-1"), tiles("3-4 1-6")],
        tiles("4-4 6-6 3-3 1-1"),
        line=line_of(("2-3", None), ("3-5", "2-3H")),
    )
    observation = round_.observation(0)
    assert sorted(observation.line.open_values()) == [2, 5]
    action = casual_choice(observation, observation.legal_actions())
    assert isinstance(action, Play)
    assert action.tile == Tile(5, 5)  # the heaviest, first
    without = Round.from_position(
        [tiles("2-5 0-5 0-1"), tiles("3-4 1-6")],
        tiles("4-4 6-6 3-3 1-1 5-5"),
        line=line_of(("2-3", None), ("3-5", "2-3H")),
    )
    observation = without.observation(0)
    action = casual_choice(observation, observation.legal_actions())
    assert isinstance(action, Play) and action.tile == Tile(2, 5)
    assert action.end is not None and action.end.value == 2  # 5 stays open at both ends


def test_strong_sometimes_plays_the_casual_move_without_searching() -> None:
    """One decision in SLIP (from its random stream) is the casual move, with no search."""
    slipped = 0
    for k, round_ in enumerate(positions(40)):
        seat = round_.current_player
        assert seat is not None
        observation = round_.observation(seat)
        if random.Random(k).random() < SLIP:
            slipped += 1
            legal = observation.legal_actions()
            chosen = StrongBot(budget=BUDGET).choose(observation, random.Random(k))
            assert chosen == casual_choice(observation, legal)
    assert slipped > 0
