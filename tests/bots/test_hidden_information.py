"""Every registered bot, of every level and game, is handed observations only, returns
only legal actions, and makes the same choices from the same seed.

The bots are found through the registry (after importing the expert modules, when they
exist), so a bot registered later is covered without a change here. What a seat may not
know (ARCHITECTURE, Hidden information): the other hands, the stock or deck, the other
seat's crib cards; an observation must not lead to them, neither by reference nor in its
``to_dict`` or ``repr``.
"""

from __future__ import annotations

import gc
import json
import random
import re
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pegboard.bots.budget import set_budget
from pegboard.cribbage import CribbageMatch, Game
from pegboard.draw import Match, Round
from pegboard.fives import FivesHand, FivesMatch, FivesRules
from pegboard.games import bot_games, bot_levels, make_bot

BUDGET = 8
"""Small, so that searching bots stay quick here."""

OMNISCIENT = (Round, Match, Game, CribbageMatch, FivesHand, FivesMatch, random.Random)
"""Objects that know hidden things: a position, or a random stream that deals the future."""

_SKIP = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.MethodType)

TILE = re.compile(r"\[(\d)\|(\d)\]|Tile\((\d), (\d)\)")
CARD = re.compile(r"(?<![0-9A-Za-z])(10|[A2-9JQK])([SHDC])(?![0-9A-Za-z])")


def _cases() -> list[tuple[str, str, int]]:
    cases = []
    for game in bot_games():
        counts = (2, 3, 4) if game == "draw" or game in FIVES else (2,)
        cases += [(game, level, n) for level in bot_levels(game) for n in counts]
    return cases


def reachable(root: object, limit: int = 200_000) -> Iterator[object]:
    """Every object reachable from ``root`` by reference (classes, modules and functions
    excepted: they lead to everything in the program, not to the position)."""
    seen = {id(root)}
    stack = [root]
    while stack:
        obj = stack.pop()
        yield obj
        for ref in gc.get_referents(obj):
            if id(ref) not in seen and not isinstance(ref, _SKIP):
                seen.add(id(ref))
                stack.append(ref)
                assert len(seen) < limit, "an observation should be small"


def _draw_hidden(round_: Round, seat: int) -> set[str]:
    hidden = {t for s, hand in enumerate(round_.hands) if s != seat for t in hand}
    hidden |= set(round_.stock)
    return {f"{t.low}{t.high}" for t in hidden}


def _fives_hidden(hand: FivesHand, seat: int) -> set[str]:
    """The other hands and the boneyard (F2: set aside unseen in Fives and Threes)."""
    hidden = {t for s, tiles in enumerate(hand.hands) if s != seat for t in tiles}
    hidden |= set(hand.boneyard)
    return {f"{t.low}{t.high}" for t in hidden}


FIVES = ("all-fives", "fives-and-threes")


def _tiles_in(text: str) -> set[str]:
    found = set()
    for m in TILE.finditer(text):
        a, b = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), m.group(4))
        found.add("".join(sorted((a, b))))
    return found


def _cribbage_hidden(game: Game, seat: int) -> set[str]:
    other = 1 - seat
    hidden = set(game.hands[other]) | set(game.stock)
    shown = bool(game.shows) and game.shows[-1].hand == game.hand_number
    if game.crib and not shown:  # the other seat's two crib cards (pone's come first)
        crib = game.crib
        hidden |= set(crib[:2] if other != game.dealer else crib[2:])
    # Cards shown in earlier hands are public, wherever they lie now.
    earlier = {c for e in game.log if e.hand < game.hand_number for c in e.cards}
    earlier |= {e.starter for e in game.log if e.hand < game.hand_number and e.starter}
    return {str(c) for c in hidden - earlier}


def _cards_in(text: str) -> set[str]:
    return {m.group(1) + m.group(2) for m in CARD.finditer(text)}


def _check_observation(position: Any, game: str, seat: int) -> Any:
    observation = position.observation(seat)
    leaks = [type(o).__name__ for o in reachable(observation) if isinstance(o, OMNISCIENT)]
    assert not leaks, f"an observation reaches {leaks}"
    text = json.dumps(observation.to_dict()) + repr(observation)
    if game == "draw":
        hidden, shown = _draw_hidden(position, seat), _tiles_in(text)
    elif game in FIVES:
        hidden, shown = _fives_hidden(position, seat), _tiles_in(text)
    else:
        hidden, shown = _cribbage_hidden(position, seat), _cards_in(text)
    assert hidden, "the test should have something hidden to look for"
    assert not hidden & shown, f"seat {seat} sees {sorted(hidden & shown)}"
    return observation


def _play(game: str, level: str, players: int, deal_seed: int, bot_seed: int) -> list[str]:
    """Play one deal with ``level`` at every seat; check every observation handed out."""
    bots = [make_bot(game, level, seed=bot_seed + s) for s in range(players)]
    for bot in bots:
        set_budget(bot.bot, BUDGET)
    position: Any
    done: Callable[[Any], bool]
    if game == "draw":
        position = Round.deal(players, seed=deal_seed, leader=deal_seed % players)
        done = lambda p: p.is_over  # noqa: E731
    elif game in FIVES:  # one hand; with 4 seats in partnerships (F1)
        position = FivesHand.deal(
            FivesRules(game, players), seed=deal_seed, leader=deal_seed % players
        )
        done = lambda p: p.is_over  # noqa: E731
    else:
        position = Game.new(seed=deal_seed, dealer=deal_seed % 2)
        # A hand and a half: into the second deal, where earlier shows are public.
        done = lambda p: p.is_over or (p.hand_number == 2 and p.phase == "pegging")  # noqa: E731
    chosen = []
    while not done(position):
        seat = position.current_player
        observation = _check_observation(position, game, seat)
        action = bots[seat].act(observation)
        assert action in observation.legal_actions(), f"{level} chose illegal {action}"
        position.apply(action)
        chosen.append(str(action))
    return chosen


@pytest.mark.parametrize(("game", "level", "players"), _cases())
def test_bots_see_observations_only_and_choose_legal_actions(
    game: str, level: str, players: int
) -> None:
    for deal in range(3):
        _play(game, level, players, deal_seed=100 + deal, bot_seed=deal)


@pytest.mark.parametrize(("game", "level", "players"), _cases())
def test_the_same_seed_gives_the_same_choices(game: str, level: str, players: int) -> None:
    first = _play(game, level, players, deal_seed=7, bot_seed=11)
    assert _play(game, level, players, deal_seed=7, bot_seed=11) == first


def test_every_game_with_bots_is_covered() -> None:
    assert {"draw", "cribbage", *FIVES} <= set(bot_games())
    assert {"random", "greedy"} <= set(bot_levels("draw"))


def test_the_walk_finds_a_position_when_there_is_one() -> None:
    # The check itself can fail: an object holding a round is caught.
    round_ = Round.deal(2, seed=1)
    holder = {"round": round_}
    assert any(isinstance(o, Round) for o in reachable(holder))
    assert _draw_hidden(round_, 0) & _tiles_in(repr(round_.hands))
